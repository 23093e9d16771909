// Timings and Lighthouse scores for bench/budget. Serves dist/ under /dicetray/ (gzip-compressed, as GitHub Pages
// does) on a free loopback port, then:
//   - loads the app RUNS times in fresh browser contexts (cold: empty HTTP cache, no service worker installed yet) in headless
//     Chromium with 4x CPU throttling and reports the medians of: first contentful paint, the app shell rendered
//     (`.app-header`), the first interactive roll button (ROLL_BUTTON: exists and is enabled);
//   - a returning visit in each of those contexts: one roll saved, the service worker installed (its precache
//     done), then a reload; the median time to the first interactive roll button (the saved roll is read by the
//     `saved_data` chunk, from the service worker's cache, before the app mounts);
//   - the odds update latency of the 24-System panel: time from an input change (ODDS_INPUT) to the next change of
//     its odds (ODDS_OUTPUT), median of RUNS changes;
//   - the same for the panel's "Odds of every choice" (CHOICE_OUTPUT), unfolded on its longest choice (every Base
//     DC, 25 values: 25 exact odds per change);
//   - the same for a heavy Remedy contest (HEAVY_DICE on both sides, dominance 6: about 20 ms of exact odds natively),
//     from a change of the acting side's ability to the frame after its odds changed;
//   - tap -> result painted: from a click on Roll to the frame after the roll bar shows the new roll (its number
//     changed), for each system's panel and the Tray's Roll, median of RUNS taps each (4x CPU); and the first of
//     each on its own: the 24-System's is the page's first roll, which also waits for V8 to compile the roll's code
//     (a wasm function is compiled the first time it is called) and lays a result out for the first time;
//   - runs Lighthouse (mobile preset, its default simulated throttling) LIGHTHOUSE_RUNS times (3 unless told; one
//     run's score moves by up to 10 points on this machine) and prints the four category scores of the run with the
//     median performance score, and every run's performance and Total Blocking Time.
// Usage: node bench/budget.d/measure.mjs DIST_DIR [RUNS] [--no-lighthouse] [--lighthouse-runs N]; prints `key value`
// lines and a JSON line.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import os from "node:os";
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(path.resolve(process.cwd(), ".tools/package.json"));
const { chromium } = require("playwright-core");

// The Roll screen opens on the 24-System panel (ad hoc); the rank select changes its odds chart.
const ROLL_BUTTON = "#roll-button";
const ODDS_PANEL = '.roll-panel[data-system="24-system"]';
const ODDS_INPUT = `${ODDS_PANEL} #tf-rank`;
const ODDS_OUTPUT = "#panel-odds";
// The odds in one line beside the Roll button.
const ODDS_LINE = ".odds-line";
// The odds of every choice, on the 24-System's Base DC (6 to 30).
const CHOICE_OUTPUT = ".choice-table tbody";
// A Remedy contest whose exact odds are costly: six d20s keeping the highest, two ♻, exploding, on both sides.
const HEAVY_DICE = "6d20^~~!";
const HEAVY_INPUT = '.roll-panel[data-system="remedy"] #rm-ability';
const CHROMIUM = process.env.CHROME_PATH || "/usr/bin/chromium";
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

const args = process.argv.slice(2);
const dist = path.resolve(args[0] || "dist");
const lighthouseRunsAt = args.indexOf("--lighthouse-runs");
const lighthouseRuns = lighthouseRunsAt >= 0 ? Number(args[lighthouseRunsAt + 1]) : 3;
if (!(Number.isInteger(lighthouseRuns) && lighthouseRuns >= 1)) {
  console.error(`measure.mjs: --lighthouse-runs wants a whole number of runs, 1 or more (got ${args[lighthouseRunsAt + 1]})`);
  process.exit(2);
}
const runs = Number(args.find((a, i) => /^\d+$/.test(a) && i !== lighthouseRunsAt + 1) || 5);
const lighthouse = !args.includes("--no-lighthouse");

const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".wasm": "application/wasm",
  ".css": "text/css", ".svg": "image/svg+xml", ".png": "image/png", ".webmanifest": "application/manifest+json",
  ".txt": "text/plain" };
const gzipped = new Map();
const server = http.createServer((req, res) => {
  const url = new URL(req.url, "http://x");
  if (url.pathname === "/robots.txt") url.pathname = "/dicetray/robots.txt"; // a host root's robots.txt
  if (!url.pathname.startsWith("/dicetray/")) { res.writeHead(404).end(); return; }
  let rel = decodeURIComponent(url.pathname.slice("/dicetray/".length)) || "index.html";
  const file = path.join(dist, rel);
  if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) { res.writeHead(404).end(); return; }
  if (!gzipped.has(file)) gzipped.set(file, zlib.gzipSync(fs.readFileSync(file), { level: 9 }));
  const gz = /gzip/.test(req.headers["accept-encoding"] || "");
  res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] || "application/octet-stream",
    "Cache-Control": "max-age=600", ...(gz ? { "Content-Encoding": "gzip" } : {}) });
  res.end(gz ? gzipped.get(file) : fs.readFileSync(file));
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${server.address().port}/dicetray/`;

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const ms = (x) => (x == null ? "pending" : `${Math.round(x)} ms`);

// Records, inside the page, when the shell and the roll button first exist (the button also enabled).
const probe = `(() => {
  window.__budget = {};
  const check = () => {
    const b = window.__budget;
    if (b.shell == null && document.querySelector('.app-header')) b.shell = performance.now();
    const button = document.querySelector(${JSON.stringify(ROLL_BUTTON)});
    if (b.roll == null && button && !button.disabled) b.roll = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();`;

// Time from a click on `button` to the frame after `output`'s `attr` (or text) changed; null if it never did.
const tapOnce = (page, button, output, attr) => page.evaluate(([button, output, attr]) => new Promise((resolve) => {
  const read = () => { const o = document.querySelector(output); return o ? (attr ? o.getAttribute(attr) : o.textContent) : null; };
  const before = read();
  const start = performance.now();
  const observer = new MutationObserver(() => {
    if (read() !== before) {
      observer.disconnect();
      // The frame that shows it: the next animation frame, then the task after its paint.
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  document.querySelector(button).click();
  setTimeout(() => { observer.disconnect(); resolve(null); }, 5000);
}), [button, output, attr]);

// Tap -> result painted for each system's panel (ad hoc, default inputs) and the Tray: median ms of RUNS taps each;
// and the first tap of each (`first`). All in one page (a `goto` that only changes the hash does not reload it): the
// 24-System's first tap is the page's first roll of all, the Tray's its first roll of dice notation.
const SYSTEMS = ["24-system", "remedy", "total-effect", "ruina-imperii", "hack-and-slash"];
async function tapLatencies(page) {
  const out = {};
  const first = {};
  for (const system of SYSTEMS) {
    await page.goto(url + "#/roll", { waitUntil: "load" });
    await page.selectOption("#roll-system", system);
    await page.waitForSelector(`.roll-panel[data-system="${system}"] ${ROLL_BUTTON}:not([disabled])`, { timeout: 15000 });
    const times = [];
    for (let j = 0; j < runs; j++) {
      // The 24-System refuses the same roll again after a Miss: each tap is at another DC (outside the timing).
      if (system === "24-system") {
        await page.fill("#tf-dc", String(10 + j));
        await page.waitForSelector(`${ROLL_BUTTON}:not([disabled])`);
      }
      times.push(await tapOnce(page, ROLL_BUTTON, ".latest-roll", "data-n"));
    }
    out[system] = times.every((t) => t != null) ? median(times) : null;
    first[system] = times[0];
  }
  await page.goto(url + "#/tray", { waitUntil: "load" });
  await page.fill("#tray-expr", "4d6kh3");
  await page.waitForSelector(".tray-roll:not([disabled])");
  const times = [];
  for (let j = 0; j < runs; j++) times.push(await tapOnce(page, ".tray-roll", ".tray-roll-n", null));
  out.tray = times.every((t) => t != null) ? median(times) : null;
  first.tray = times[0];
  return { median: out, first };
}

// Time from a change of `input` (ODDS_INPUT unless told) to the frame after `output` changed, median of RUNS changes.
async function oddsLatency(page, output, input = ODDS_INPUT) {
  const odds = [];
  if (await page.$(input)) {
    for (let j = 0; j < runs; j++) {
      odds.push(await page.evaluate(([input, output, j]) => new Promise((resolve) => {
        const field = document.querySelector(input);
        const out = document.querySelector(output);
        const before = out.textContent;
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (out.textContent !== before) { observer.disconnect(); requestAnimationFrame(() => resolve(performance.now() - start)); }
        });
        observer.observe(out, { childList: true, subtree: true, characterData: true });
        const values = field.tagName === "SELECT" ? [...field.options].map((o) => o.value) : ["1", "2", "3", "4", "5", "6"];
        field.value = values[(values.indexOf(field.value) + 1 + j) % values.length];
        field.dispatchEvent(new Event("input", { bubbles: true }));
        field.dispatchEvent(new Event("change", { bubbles: true }));
        setTimeout(() => { observer.disconnect(); resolve(null); }, 5000);
      }), [input, output, j]));
    }
  }
  return odds.length && odds.every((x) => x != null) ? median(odds) : null;
}

// The odds of every choice unfolded on every Base DC; then its latency as oddsLatency's (null if there is no fold).
async function choiceLatency(page) {
  const fold = `${ODDS_PANEL} .every-choice summary`;
  if (!(await page.$(fold))) return null;
  await page.click(fold);
  await page.waitForSelector("#choice-field option[value=dc]", { state: "attached", timeout: 15000 });
  await page.selectOption("#choice-field", "dc");
  await page.waitForFunction(() => document.querySelectorAll(".choice-table tbody tr").length === 25, null, { timeout: 15000 });
  return oddsLatency(page, CHOICE_OUTPUT);
}

// The Remedy panel set to a contest of HEAVY_DICE a side; then its latency as oddsLatency's, on the ability; then
// the panel set back to one d20 against a DC (the panel remembers its inputs, and the returning visit opens on it).
async function heavyContestLatency(page) {
  await page.evaluate(() => { location.hash = "#/roll"; });
  await page.waitForSelector("#roll-system", { timeout: 15000 });
  await page.selectOption("#roll-system", "remedy");
  await page.waitForSelector(HEAVY_INPUT, { timeout: 15000 });
  await page.fill("#rm-dice", HEAVY_DICE);
  await page.selectOption("select:has(option[value=contest])", "contest");
  await page.waitForSelector("#rm-opp-dice", { timeout: 15000 });
  await page.fill("#rm-opp-dice", HEAVY_DICE);
  await page.fill("#rm-dominance", "6");
  await page.waitForFunction(() => document.querySelector(".contest-who") != null, null, { timeout: 30000 });
  const latency = await oddsLatency(page, ODDS_OUTPUT, HEAVY_INPUT);
  await page.selectOption("select:has(option[value=contest])", "dc");
  await page.fill("#rm-dice", "1d20");
  await page.fill("#rm-dominance", "0");
  return latency;
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
const loads = [];
for (let i = 0; i < runs; i++) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(probe);
  await page.goto(url + "#/roll", { waitUntil: "load" });
  await page.waitForFunction(() => window.__budget.shell != null, null, { timeout: 30000 });
  // Give the roll button a moment past the shell; if it never comes, the Roll screen has none yet.
  await page.waitForFunction(() => window.__budget.roll != null, null, { timeout: 3000 }).catch(() => {});
  const fcp = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime);
  const b = await page.evaluate(() => window.__budget);
  loads.push({ fcp, shell: b.shell, roll: b.roll ?? null });

  if (i === 0) {
    loads.oddsLatency = await oddsLatency(page, ODDS_OUTPUT);
    loads.oddsLineLatency = await oddsLatency(page, ODDS_LINE);
    loads.choiceLatency = await choiceLatency(page).catch((e) => { console.log(`odds of every choice not measured: ${e.message}`); return null; });
    loads.taps = await tapLatencies(page).catch((e) => { console.log(`tap latency not measured: ${e.message}`); return null; });
    loads.heavyLatency = await heavyContestLatency(page).catch((e) => { console.log(`heavy contest odds not measured: ${e.message}`); return null; });
  }
  // A returning visit: something saved, the service worker installed with its precache; then a reload.
  const returning = await (async () => {
    // (the first context measured taps on other screens: back to the Roll screen, reloaded)
    if (i === 0) await page.goto(url + "#/roll", { waitUntil: "load" }).then(() => page.reload({ waitUntil: "load" }));
    await page.waitForSelector(`${ROLL_BUTTON}:not([disabled])`, { timeout: 15000 }).catch(() => {});
    if (!(await page.$(ROLL_BUTTON))) return null;
    await page.click(ROLL_BUTTON);
    await page.waitForFunction(() => localStorage.getItem("dicetray.history") != null, null, { timeout: 10000 });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload({ waitUntil: "load" });
    await page.waitForFunction(() => window.__budget.roll != null, null, { timeout: 30000 });
    return page.evaluate(() => window.__budget.roll);
  })().catch(() => null);
  loads[i].returning = returning;
  await context.close();
}
await browser.close();

const result = {
  runs,
  cpuThrottling: 4,
  fcpMs: median(loads.map((l) => l.fcp)),
  shellMs: median(loads.map((l) => l.shell)),
  rollButtonMs: loads.every((l) => l.roll != null) ? median(loads.map((l) => l.roll)) : null,
  oddsLatencyMs: loads.oddsLatency,
  oddsLineLatencyMs: loads.oddsLineLatency ?? null,
  choiceLatencyMs: loads.choiceLatency ?? null,
  heavyContestLatencyMs: loads.heavyLatency ?? null,
  returningRollButtonMs: loads.every((l) => l.returning != null) ? median(loads.map((l) => l.returning)) : null,
  tapToResultMs: loads.taps?.median ?? null,
  firstTapToResultMs: loads.taps?.first ?? null,
  lighthouse: null,
};
console.log(`first contentful paint (median of ${runs}, 4x CPU) ${ms(result.fcpMs)}   [${loads.map((l) => Math.round(l.fcp)).join(", ")}]`);
console.log(`app shell rendered     (median of ${runs}, 4x CPU) ${ms(result.shellMs)}   [${loads.map((l) => Math.round(l.shell)).join(", ")}]`);
console.log(`first roll button ${ROLL_BUTTON} (median, 4x CPU) ${ms(result.rollButtonMs)}${result.rollButtonMs == null ? " (no enabled roll button on #/roll in this build)" : ""}`);
console.log(`returning visit, first roll button (median, 4x CPU) ${ms(result.returningRollButtonMs)}   [${loads.map((l) => (l.returning == null ? "-" : Math.round(l.returning))).join(", ")}]`);
console.log(`odds update latency ${ODDS_INPUT} -> ${ODDS_OUTPUT} ${ms(result.oddsLatencyMs)}${result.oddsLatencyMs == null ? " (no 24-System odds panel in this build)" : ""}`);
console.log(`odds line update latency ${ODDS_INPUT} -> ${ODDS_LINE} ${ms(result.oddsLineLatencyMs)}`);
console.log(`odds update latency, a Remedy contest of ${HEAVY_DICE} a side ${HEAVY_INPUT} -> ${ODDS_OUTPUT} ${ms(result.heavyContestLatencyMs)}`);
console.log(`odds of every choice update latency (every Base DC, 25 values) ${ODDS_INPUT} -> ${CHOICE_OUTPUT} ${ms(result.choiceLatencyMs)}`);
if (result.tapToResultMs) {
  const t = result.tapToResultMs;
  console.log(`tap -> result painted (median of ${runs}, 4x CPU): ${Object.entries(t).map(([k, v]) => `${k} ${ms(v)}`).join(", ")}`);
  const f = result.firstTapToResultMs;
  console.log(`first tap -> result painted (4x CPU; the 24-System's is the page's first roll): ${Object.entries(f).map(([k, v]) => `${k} ${ms(v)}`).join(", ")}`);
}

// One Lighthouse run: its scores and metrics, or null (and why, printed) when it failed.
async function lighthouseOnce() {
  const out = path.join(os.tmpdir(), `dicetray-lighthouse-${process.pid}.json`);
  const bin = path.resolve(".tools/node_modules/.bin/lighthouse");
  // Asynchronously: this process's event loop serves the pages Lighthouse loads.
  const lh = await new Promise((resolve) => {
    const child = spawn(bin, [url, "--quiet", "--output=json", `--output-path=${out}`,
      "--only-categories=performance,accessibility,best-practices,seo", `--chrome-flags=${FLAGS.join(" ")}`],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ["ignore", "inherit", "inherit"] });
    const timer = setTimeout(() => child.kill(), 300000);
    child.on("exit", (status, signal) => { clearTimeout(timer); resolve({ status, signal }); });
    child.on("error", (error) => { clearTimeout(timer); resolve({ status: null, signal: null, error }); });
  });
  if (lh.status !== 0 || !fs.existsSync(out)) {
    console.log(`lighthouse failed (exit ${lh.status}, signal ${lh.signal}, ${lh.error ?? ""})`);
    return null;
  }
  const report = JSON.parse(fs.readFileSync(out, "utf8"));
  fs.rmSync(out, { force: true });
  const score = (id) => Math.round(report.categories[id].score * 100);
  const failing = [];
  for (const [id, cat] of Object.entries(report.categories)) {
    for (const ref of cat.auditRefs) {
      const a = report.audits[ref.id];
      if (ref.weight > 0 && a.score != null && a.score < 1 && id !== "performance") failing.push(`${id}: ${a.id} (${a.title})`);
    }
  }
  return { version: report.lighthouseVersion, formFactor: report.configSettings.formFactor,
    performance: score("performance"), accessibility: score("accessibility"),
    bestPractices: score("best-practices"), seo: score("seo"),
    fcpMs: report.audits["first-contentful-paint"].numericValue, lcpMs: report.audits["largest-contentful-paint"].numericValue,
    tbtMs: report.audits["total-blocking-time"].numericValue, cls: report.audits["cumulative-layout-shift"].numericValue,
    failing };
}

if (lighthouse) {
  const all = [];
  for (let i = 0; i < lighthouseRuns; i++) {
    const one = await lighthouseOnce();
    if (one) all.push(one);
  }
  if (all.length) {
    // The run with the median performance score (the lower middle one of an even count) stands for them all.
    const sorted = [...all].sort((a, b) => a.performance - b.performance || a.tbtMs - b.tbtMs);
    const l = sorted[(sorted.length - 1) >> 1];
    result.lighthouse = { ...l, runs: all.map((r) => ({ performance: r.performance, tbtMs: r.tbtMs })) };
    console.log(`lighthouse ${l.version} (${l.formFactor}), median of ${all.length} runs: performance ${l.performance}, accessibility ${l.accessibility}, best practices ${l.bestPractices}, SEO ${l.seo}`);
    console.log(`lighthouse metrics of that run (simulated slow 4G, 4x CPU): FCP ${ms(l.fcpMs)}, LCP ${ms(l.lcpMs)}, TBT ${ms(l.tbtMs)}, CLS ${l.cls.toFixed(3)}`);
    console.log(`lighthouse every run: ${all.map((r) => `performance ${r.performance} (TBT ${ms(r.tbtMs)})`).join(", ")}`);
    for (const f of l.failing) console.log(`lighthouse flags ${f}`);
  }
}
server.close();
console.log("json " + JSON.stringify(result));
