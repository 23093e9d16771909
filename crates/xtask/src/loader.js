// The chunk loader of the release build (crates/xtask/src/loader.rs writes it; the main module imports it as
// `__wasm_split.js`). The first load carries only this: which file each lazy screen needs is in the manifest
// (`chunks-<hash>.json`), fetched the first time something lazy loads.
import { initSync } from "__MAIN_JS__";

// What every chunk imports as `__wasm_split`: the main module's exports (its memory, its function table, the
// shared globals). The main module is instantiated before anything lazy can load, so this only returns it.
let shared;
const imports = () => (shared ??= { __wasm_split: initSync(undefined, undefined) });

// A promise that settles once; a rejected one is forgotten, so the next call tries again (one network failure
// must not break a screen for the rest of the session).
function once(start) {
  let pending;
  return () => {
    if (pending === undefined) {
      const started = start();
      started.catch(() => {
        if (pending === started) pending = undefined;
      });
      pending = started;
    }
    return pending;
  };
}

const url = (file) => new URL(`./${file}`, import.meta.url);

const manifest = once(async () => {
  const response = await fetch(url("__MANIFEST__"));
  if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
  return response.json();
});

// Shared chunks: instantiated once each, whichever screen needs them first.
const chunks = new Map();
function chunk(file) {
  if (!chunks.has(file)) chunks.set(file, once(() => WebAssembly.instantiateStreaming(fetch(url(file)), imports())));
  return chunks.get(file)();
}

// A lazy screen's loader, as wasm_split_helpers calls it: load the screen's shared chunks and its own module (fetched
// and compiled meanwhile, instantiated after them), then call back into the main module with whether it worked.
function split(name) {
  const load = once(async () => {
    const { chunks, own } = (await manifest())[name];
    const module = own === null ? undefined : WebAssembly.compileStreaming(fetch(url(own)));
    module?.catch(() => {});
    await Promise.all(chunks.map(chunk));
    if (module !== undefined) await WebAssembly.instantiate(await module, imports());
  });
  return async (callbackIndex, callbackData) => {
    let success;
    try {
      await load();
      success = true;
    } catch (e) {
      console.error(e);
      success = false;
    } finally {
      imports().__wasm_split.__indirect_function_table.get(callbackIndex)(callbackData, success);
    }
  };
}

__EXPORTS__
