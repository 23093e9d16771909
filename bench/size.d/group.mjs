// Groups `twiggy top -f csv` rows of the named main module (bench/size-breakdown) by where the code comes from.
// Usage: node bench/size.d/group.mjs top.csv [N] [shipped.wasm] [title]
// top.csv may hold the rows of several modules (a lazy screen's files), one header line first.
// Sizes are raw bytes of the optimized module; the gzip share of a group is about its raw share.
import fs from "node:fs";

const [csvPath, topArg = "15", shipped, title = "main wasm module"] = process.argv.slice(2);
const top = Number(topArg);

// twiggy's CSV: Name,ShallowSize,... with names quoted when they hold commas or quotes.
function parseCsv(text) {
  const rows = [];
  for (const line of text.split("\n").slice(1)) {
    if (!line) continue;
    let name, rest;
    if (line.startsWith('"')) {
      let i = 1, s = "";
      for (; i < line.length; i++) {
        if (line[i] === '"' && line[i + 1] === '"') { s += '"'; i++; }
        else if (line[i] === '"') break;
        else s += line[i];
      }
      name = s; rest = line.slice(i + 2);
    } else {
      const k = line.indexOf(",");
      name = line.slice(0, k); rest = line.slice(k + 1);
    }
    // v0-mangled names carry each crate's hash (`core[27cd0353e63fa9bc]::`): drop it.
    rows.push({ name: name.replace(/\[[0-9a-f]{10,16}\]/g, ""), size: Number(rest.split(",")[0]) });
  }
  return rows;
}

// The crate a symbol's code belongs to: the first path segment, looking through `<`, `&`, `mut`, `dyn` and, for
// `<T as path::Trait>`, the trait's crate (T is generic: the code is the trait's).
function crateOf(name) {
  const s = name;
  const asTrait = s.match(/^<(?:[A-Z]\w*|_) as ([a-z_][\w]*)::/);
  if (asTrait) return asTrait[1];
  const m = s.match(/^[<&(\s]*(?:mut |dyn |const )*([a-z_][\w]*)::/);
  return m ? m[1] : null;
}

const groups = [
  ["metadata (names; not shipped)", (n) => /^("?function names|"?local names|"?data names|custom section|"?producers|"?target_features)/.test(n)],
  ["data (string literals, tables)", (n) => n.startsWith("data segment")],
  ["serde, serde_json (incl. impls derived for app/rules types)", (n) => /serde/.test(n)],
  ["Leptos (leptos, tachys, reactive_graph, ...)", (n, c) => /^(leptos\w*|tachys|reactive_graph|any_spawner|or_poisoned|throw_error|either_of|oco_ref|guardian|slotmap|send_wrapper|next_tuple|wasm_split_helpers|async_once_cell|futures\w*|pin_project\w*)$/.test(c)],
  ["dicetray_app (the app's own code)", (n, c) => c === "dicetray_app"],
  ["dicetray_rules (rules, rolls, odds)", (n, c) => c === "dicetray_rules"],
  ["Rust std (core, alloc, std, dlmalloc, hashbrown, closure shims)", (n, c) => /^(core|alloc|std|dlmalloc|hashbrown|compiler_builtins|rustc_demangle|indexmap|itoa|ryu|zmij|memchr)$/.test(c) || /^(<?(str|char|u8|u16|u32|u64|usize|i32|i64|f32|f64|bool)\b)/.test(n)],
  ["wasm-bindgen, js-sys, web-sys", (n, c) => /^(wasm_bindgen\w*|js_sys|web_sys|gloo\w*|getrandom|console_error_panic_hook)$/.test(c) || /^(import |export |elem|table|memory|type\[)/.test(n)],
  ["rand", (n, c) => /^rand\w*$/.test(c)],
  ["dicetray_table, dicetray_tablenet (table mode)", (n, c) => /^dicetray_table(net)?$/.test(c)],
  ["dicetray_saved (saved data, sheets)", (n, c) => c === "dicetray_saved"],
  ["crypto (k256, elliptic-curve, sha2, aes-gcm, ...)", (n, c) => /^(k256|elliptic_curve|crypto_bigint|primeorder|ecdsa|signature|sha2|digest|aes|aes_gcm|ghash|polyval|ctr|cipher|aead|universal_hash|subtle|ff|group|hmac|rfc6979|block_buffer|generic_array|typenum|zeroize|base16ct|sec1|crypto_common|inout|cpufeatures|hex|base64)$/.test(c)],
  ["qrcode", (n, c) => c === "qrcode"],
  ["functions without a name (generated glue)", (n) => /^code\[\d+\]$/.test(n)],
];

const rows = parseCsv(fs.readFileSync(csvPath, "utf8"));
const sums = new Map(groups.map(([g]) => [g, 0]));
const other = new Map();
const appModules = new Map();
const biggest = [];
let shippedBytes = 0;
for (const { name, size } of rows) {
  const c = crateOf(name);
  const hit = groups.find(([, test]) => test(name, c));
  const g = hit ? hit[0] : "other";
  if (!hit) other.set(c || name.slice(0, 30), (other.get(c || name.slice(0, 30)) || 0) + size);
  sums.set(g, (sums.get(g) || 0) + size);
  if (g.startsWith("metadata")) continue;
  shippedBytes += size;
  biggest.push({ name, size });
  if (g.startsWith("dicetray_app")) {
    // The module: `screens::roll` for `dicetray_app::screens::roll::__component_roll_screen::{closure#4}`.
    const m = name.replace(/^</, "").match(/^dicetray_app::([a-z_0-9]+)(?:::([a-z_0-9]+)::)?/);
    const key = !m ? "other" : m[2] && m[2] !== "_" && !m[2].startsWith("__") ? `${m[1]}::${m[2]}` : m[1];
    appModules.set(key, (appModules.get(key) || 0) + size);
  }
}

const kb = (b) => (b / 1024).toFixed(1).padStart(7);
const pct = (b) => ((100 * b) / shippedBytes).toFixed(1).padStart(5);
console.log(`${title}, optimized, names aside: ${kb(shippedBytes)} KB raw`
  + (shipped ? ` (dist/ ships ${kb(fs.statSync(shipped).size)} KB raw: ${shipped})` : ""));
console.log("group                                                           KB raw   share");
for (const [g, b] of [...sums].filter(([g]) => !g.startsWith("metadata")).sort((a, b) => b[1] - a[1])) {
  console.log(`${g.padEnd(62)} ${kb(b)}  ${pct(b)}%`);
}
const otherTop = [...other].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${(v / 1024).toFixed(1)}`);
if (otherTop.length) console.log(`  other, largest: ${otherTop.join(", ")} KB`);
console.log("\ndicetray_app by module                                          KB raw   share");
for (const [m, b] of [...appModules].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`  ${m.padEnd(60)} ${kb(b)}  ${pct(b)}%`);
}
console.log(`\nlargest ${top} items                                             KB raw`);
for (const { name, size } of biggest.sort((a, b) => b.size - a.size).slice(0, top)) {
  console.log(`  ${name.replace(/::h[0-9a-f]{16}$/, "").slice(0, 90).padEnd(92)} ${kb(size)}`);
}
