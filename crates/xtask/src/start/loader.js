import init from "__JS_URL__";
await window.dicetrayPainted;
await init({ module_or_path: "__WASM_URL__" });
