// Trunk post_build hook (see Trunk.toml): writes the Content-Security-Policy <meta> into the staged index.html.
//
// The policy allows this site's own files and nothing else: no remote origin, no inline script or style except the
// exact ones in the built index.html (Trunk's module loader, the wasm-after-paint script of
// scripts/start-after-paint.mjs, the inlined stylesheets, and under `trunk serve` Trunk's auto-reload script), each
// allowed by its SHA-256. WebAssembly compilation needs 'wasm-unsafe-eval' (it allows compiling wasm, not
// JavaScript eval). Styles set from the app go through CSSOM (Leptos `style:width=`), which CSP does not restrict;
// style attributes in markup would be blocked, and the app has none.
//
// Usage: node scripts/csp.mjs [index.html]   (default: $TRUNK_STAGING_DIR/index.html)
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const file = process.argv[2] || path.join(process.env.TRUNK_STAGING_DIR || "", "index.html");
if (!fs.existsSync(file)) {
  console.error(`csp: ${file} not found (run as a Trunk post_build hook, or pass the index.html path)`);
  process.exit(1);
}
let html = fs.readFileSync(file, "utf8");
if (html.includes('http-equiv="Content-Security-Policy"')) {
  console.error(`csp: ${file} already has a Content-Security-Policy`);
  process.exit(1);
}

const hash = (text) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;
// Comments are no elements: a comment that mentions a tag must not be taken for one.
const markup = html.replace(/<!--[\s\S]*?-->/g, "");
// Under `trunk serve`, Trunk fills the auto-reload script's placeholders when it serves the page, which changes the
// script's hash: allow it as served too, at Trunk.toml's [serve] address and port unless scripts/serve.sh passes the
// ones given on its command line.
const trunkToml = fs.readFileSync(new URL("../Trunk.toml", import.meta.url), "utf8");
const serveAddress = process.env.DICETRAY_SERVE_ADDRESS || trunkToml.match(/^addresses = \["([^"]+)"/m)?.[1];
const servePort = process.env.DICETRAY_SERVE_PORT || trunkToml.match(/^port = (\d+)/m)?.[1];
const served = (text) => {
  if (!text.includes("{{__TRUNK_ADDRESS__}}")) return [text];
  if (!serveAddress || !servePort) {
    console.error("csp: Trunk.toml's [serve] has no `addresses = [\"...\"]` or `port = N` line to read");
    process.exit(1);
  }
  const filled = text.replaceAll("{{__TRUNK_ADDRESS__}}", `${serveAddress}:${servePort}`)
    .replaceAll("{{__TRUNK_WS_BASE__}}", "/");
  return [text, filled];
};
const inline = (tag) =>
  [...markup.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, "gi"))]
    .filter((m) => !/\ssrc\s*=/.test(m[1] || ""))
    .flatMap((m) => served(m[2]).map(hash));
const scripts = inline("script");
const styles = inline("style");

const policy = [
  "default-src 'none'",
  ["script-src 'self' 'wasm-unsafe-eval'", ...scripts].join(" "),
  ["style-src 'self'", ...styles].join(" "),
  "img-src 'self'",
  "font-src 'self'",
  // 'self' also covers the same host's ws: (Trunk's auto-reload under `trunk serve`).
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join("; ");

const charset = /<meta charset="utf-8"\s*\/?>/i;
if (!charset.test(html)) {
  console.error(`csp: ${file} has no <meta charset="utf-8"> to put the policy after`);
  process.exit(1);
}
// First in <head> after the charset, so it applies to every element that follows.
html = html.replace(charset, (m) => `${m}\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`);
fs.writeFileSync(file, html);
console.log(`csp: ${scripts.length} inline script(s), ${styles.length} inline style(s) allowed by hash`);
