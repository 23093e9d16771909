// Trunk post_build hook step (scripts/post-build.sh, after the code splitting, before the CSP): the app's wasm is
// fetched once the start-up frame (index.html's #boot) has painted, not while the page is still being parsed.
//
// Why: Trunk preloads the wasm from <head>, so its download starts before the first paint. On a fast connection
// the app then starts before the start-up frame was ever shown, and the page's largest paint becomes the Roll
// screen's, which waits for the whole wasm (Lighthouse's simulated slow 4G counts every request that started
// before the largest paint as blocking it). Started just after the first paint, the download costs the player
// nothing they would see: the frame is on screen at once, and the download begins a frame later than before.
//
// What it does to index.html:
//   - replaces Trunk's `<link rel="preload" href="…_bg.wasm" …>` with a small inline script that waits for the
//     first contentful paint (a `paint` PerformanceObserver; at once in a hidden tab, which does not paint; after
//     1 s at the latest), then adds the same preload, and exposes that moment as `window.dicetrayPainted`;
//   - makes Trunk's module loader `await window.dicetrayPainted` before it fetches and starts the wasm.
// The preload carries no `integrity`: Chromium ignores it for `as="fetch"` and warns in the console.
//
// Usage: node scripts/start-after-paint.mjs [index.html]   (default: $TRUNK_STAGING_DIR/index.html)
import fs from "node:fs";
import path from "node:path";

const file = process.argv[2] || path.join(process.env.TRUNK_STAGING_DIR || "", "index.html");
const die = (why) => {
  console.error(`start-after-paint: ${file}: ${why}`);
  process.exit(1);
};
if (!fs.existsSync(file)) die("not found (run as a Trunk post_build hook, or pass the index.html path)");
let html = fs.readFileSync(file, "utf8");

const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+_bg\.wasm)"[^>]*>/g)];
if (preloads.length !== 1) die(`expected one wasm preload <link> from Trunk, found ${preloads.length}`);
const [preload, wasm] = preloads[0];
const start = "const wasm = await init(";
if (html.split(start).length !== 2) die(`expected Trunk's module loader to contain "${start}" once`);

const waiter = `<script>
window.dicetrayPainted = new Promise(function (started) {
  var done = false;
  function start() {
    if (done) return;
    done = true;
    var link = document.createElement("link");
    link.rel = "preload";
    link.as = "fetch";
    link.type = "application/wasm";
    link.crossOrigin = "anonymous";
    link.href = ${JSON.stringify(wasm)};
    document.head.appendChild(link);
    started();
  }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (document.visibilityState === "hidden" || types.indexOf("paint") < 0) return start();
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); start(); }
  }).observe({ type: "paint", buffered: true });
  setTimeout(start, 1000);
});
</script>`;

html = html.replace(preload, waiter).replace(start, `await window.dicetrayPainted;\n${start}`);
fs.writeFileSync(file, html);
