// `wasm-opt -Oz` on many files in one Node process (crates/xtask/src/tools.rs writes this file and runs it).
//
// binaryen's npm build is binaryen compiled to wasm and run by Node: starting it takes about 0.7 s, so one
// `wasm-opt` process per file spent most of the build's post-step starting up (146 s for 167 files). Here each
// worker thread loads binaryen once and optimizes files from a shared queue, largest first.
//
// The options are those of `wasm-opt -Oz --strip-target-features --strip-producers` (optimize level 2, shrink level 2,
// Stack IR generated and optimized when writing, as the command line does when it optimizes), and the output is
// byte for byte what that command writes (wasm_opt.rs tests this).
//
// Usage: node wasm_opt.mjs [-g] <binaryen's index.js> <workers> <input> <output> [<input> <output> ...]
// -g keeps the function names (`wasm-opt -Oz -g`; bench/size-breakdown measures with them).
// Prints nothing on success; the first failure is printed with its file and the exit status is 1.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

// binaryen warns once per chunk about the name subsection wasm-split writes (id 3); harmless, and not ours to fix.
const KNOWN_WARNING = 'warning: unknown name subsection with id 3 at';

if (isMainThread) {
  const args = process.argv.slice(2);
  const debugInfo = args[0] === '-g';
  if (debugInfo) args.shift();
  const [binaryenPath, workersArg, ...paths] = args;
  if (!binaryenPath || paths.length % 2 !== 0) {
    console.error('usage: node wasm_opt.mjs [-g] <binaryen index.js> <workers> (<input> <output>)...');
    process.exit(2);
  }
  const jobs = [];
  for (let i = 0; i < paths.length; i += 2) {
    jobs.push({ input: paths[i], output: paths[i + 1], size: fs.statSync(paths[i]).size });
  }
  jobs.sort((a, b) => b.size - a.size);
  const workers = Math.max(1, Math.min(Number(workersArg) || 1, jobs.length));
  let next = 0;
  let failed = false;
  for (let w = 0; w < workers; w++) {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { binaryen: binaryenPath, debugInfo },
      stderr: true,
    });
    // binaryen writes its warnings to stderr; pass on anything but the known one.
    let pending = '';
    worker.stderr.on('data', (data) => {
      pending += data;
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) if (line && !line.startsWith(KNOWN_WARNING)) console.error(line);
    });
    const give = () => {
      if (failed || next >= jobs.length) return worker.postMessage(null);
      worker.postMessage(jobs[next++]);
    };
    worker.on('message', (message) => {
      if (message.error) {
        failed = true;
        console.error(`wasm-opt: ${message.input}: ${message.error}`);
        process.exitCode = 1;
      }
      give();
    });
    worker.on('error', (error) => {
      failed = true;
      console.error(`wasm-opt: worker failed: ${error.stack || error}`);
      process.exitCode = 1;
    });
    give();
  }
} else {
  const { default: binaryen } = await import(pathToFileURL(workerData.binaryen).href);
  binaryen.setOptimizeLevel(2);
  binaryen.setShrinkLevel(2);
  binaryen.setGenerateStackIR(true);
  binaryen.setOptimizeStackIR(true);
  binaryen.setDebugInfo(workerData.debugInfo);
  parentPort.on('message', (job) => {
    if (job === null) return parentPort.close();
    let module;
    try {
      module = binaryen.readBinary(fs.readFileSync(job.input));
      module.optimize();
      // Browsers read neither section: 167 files carried about 180 B each.
      module.runPasses(['strip-target-features', 'strip-producers']);
      if (!module.validate()) throw new Error('the optimized module does not validate');
      fs.writeFileSync(job.output, module.emitBinary());
      parentPort.postMessage({ input: job.input });
    } catch (error) {
      parentPort.postMessage({ input: job.input, error: String(error && error.message ? error.message : error) });
    } finally {
      if (module) module.dispose();
    }
  });
}
