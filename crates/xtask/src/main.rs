//! The site's build after cargo, in one program: Trunk builds the app (cargo, then wasm-bindgen) and runs
//! `dicetray-xtask post-build` as its post_build hook (Trunk.toml), which
//!   1. splits cargo's wasm into the main module and lazily loaded chunks (split.rs),
//!   2. runs wasm-bindgen on the main module (tools.rs), trims its output (bindings.rs: short import names, classes
//!      nobody uses) and, in release builds, runs wasm-opt on it and every chunk that changed since the last build
//!      (wasm_opt.rs),
//!   3. gives the chunks and their loader content-hashed names and points the loader and the app's JS at them,
//!      minifying the app's JS in release builds (js.rs); release builds ship a loader of their own that fetches the
//!      table of chunk files when something lazy first loads (loader.rs),
//!   4. puts the results in Trunk's staging folder under Trunk's names for the app's JS and wasm,
//!   5. writes how index.html starts the app (start.rs: loader, integrity, fetch after the first paint),
//!   6. copies the lazily loaded screens' stylesheets under content-hashed names (sheets.rs),
//!   7. writes the Content-Security-Policy over index.html's final inline code (csp.rs),
//!   8. fills in the service worker's build id and precache list over the final files (precache.rs).
//!
//! See ARCHITECTURE.md, "The build".

mod bindings;
mod csp;
mod css;
mod digest;
mod html;
mod js;
mod loader;
mod precache;
mod sheets;
mod split;
mod start;
mod tools;
mod wasm_opt;

use eyre::{bail, eyre, Result, WrapErr};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// The app's binary, whose name Trunk gives its files (`dicetray-app-<hash>.js`, `dicetray-app-<hash>_bg.wasm`).
const APP: &str = "dicetray-app";

const USAGE: &str = "usage: dicetray-xtask post-build   Trunk's post_build hook (Trunk.toml)
       dicetray-xtask split <cargo's .wasm> <out dir> <stem>   the code splitting alone (bench/size-breakdown)
       dicetray-xtask trim <wasm-bindgen's out dir> <stem>   the trim of wasm-bindgen's output alone (the same)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let done = match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["post-build"] => post_build(&Hook::from_env()),
        ["split", input, out_dir, stem] => split::split(Path::new(input), Path::new(out_dir), stem).map(drop),
        ["trim", dir, stem] => bindings::trim(Path::new(dir), stem).map(drop),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// What Trunk tells its hooks.
struct Hook {
    /// The folder Trunk moves to dist/ once the hooks are done.
    staging: Option<PathBuf>,
    release: bool,
    /// Trunk's `public_url`, the prefix of every URL in index.html (`./`).
    base: String,
    /// The folder of index.html and Trunk.toml.
    source: PathBuf,
}

impl Hook {
    fn from_env() -> Self {
        let var = |name| std::env::var(name).ok();
        Hook {
            staging: var("TRUNK_STAGING_DIR").map(PathBuf::from),
            release: var("TRUNK_PROFILE").as_deref() == Some("release"),
            base: var("TRUNK_PUBLIC_URL").unwrap_or_else(|| "./".into()),
            source: var("TRUNK_SOURCE_DIR").map_or_else(|| PathBuf::from("."), PathBuf::from),
        }
    }
}

fn post_build(hook: &Hook) -> Result<()> {
    let Some(staging) = &hook.staging else {
        bail!("run this as Trunk's post_build hook (TRUNK_STAGING_DIR is unset)");
    };
    let mut clock = Clock::default();
    let (js_name, wasm_name) = trunk_output(staging)?;
    let stem = js_name.strip_suffix(".js").expect("a .js name");
    let profile = if hook.release { "release" } else { "debug" };
    let target = target_dir()?;
    let input = target.join("wasm32-unknown-unknown").join(profile).join(format!("{APP}.wasm"));
    let work = target.join("dicetray-xtask").join(profile);
    if work.exists() {
        std::fs::remove_dir_all(&work).wrap_err_with(|| format!("empty {}", work.display()))?;
    }
    let (split_dir, bindgen_dir) = (work.join("split"), work.join("bindgen"));

    let split = split::split(&input, &split_dir, stem)?;
    clock.lap("split");
    tools::wasm_bindgen(&split.main, &bindgen_dir, stem)?;
    let trimmed = bindings::trim(&bindgen_dir, stem)?;
    clock.lap("wasm-bindgen");
    println!(
        "xtask: wasm-bindgen's output trimmed: {} imports renamed, {} exports dropped",
        trimmed.renamed_imports, trimmed.dropped_exports
    );
    let main_wasm = bindgen_dir.join(format!("{stem}_bg.wasm"));
    if hook.release {
        let files = [std::slice::from_ref(&main_wasm), &split.chunks].concat();
        let report = wasm_opt::optimize(&files, &target.join("dicetray-xtask").join("wasm-opt-cache"))?;
        clock.lap("wasm-opt");
        println!(
            "xtask: wasm-opt -Oz on {} file(s), {} unchanged since the last build",
            report.optimized, report.from_cache
        );
    }

    let mut renames = Vec::new();
    for chunk in &split.chunks {
        let name = file_name(chunk)?;
        let bytes = read(chunk)?;
        let named = digest::content_name(name, &bytes);
        write(&staging.join(&named), &bytes)?;
        renames.push((format!("./{name}"), format!("./{named}")));
    }
    let generated =
        std::fs::read_to_string(&split.loader).wrap_err_with(|| format!("read {}", split.loader.display()))?;
    let loader = if hook.release {
        // Part of the first load (the main module imports its loaders): ours leaves the table of files to a
        // manifest fetched when something lazy first loads (loader.rs).
        let manifest = loader::manifest(&split.files, &renames)?;
        let manifest_name = digest::content_name(loader::MANIFEST, manifest.as_bytes());
        write(&staging.join(&manifest_name), manifest.as_bytes())?;
        let ours = loader::loader(&format!("./{js_name}"), &manifest_name, split.files.keys());
        loader::same_exports(&generated, &ours)?;
        js::minify_module(&ours, "the chunk loader")?
    } else {
        js::rename_string_literals(&generated, &renames, "wasm-split's loader")?
    };
    let loader_name = digest::content_name(split::LOADER, loader.as_bytes());
    write(&work.join(CHUNK_MAP), chunk_map(&split.files, &renames)?.as_bytes())?;
    write(&staging.join(&loader_name), loader.as_bytes())?;

    let app_js_path = bindgen_dir.join(&js_name);
    let app_js = std::fs::read_to_string(&app_js_path).wrap_err_with(|| format!("read {}", app_js_path.display()))?;
    let mut app_js = js::repoint_imports(
        &app_js,
        &format!("./{}", split::LOADER),
        &format!("./{loader_name}"),
        "wasm-bindgen's JS",
    )?;
    if hook.release {
        app_js = js::minify_module(&app_js, "wasm-bindgen's JS")?;
    }
    write(&staging.join(&js_name), app_js.as_bytes())?;
    let main_bytes = read(&main_wasm)?;
    write(&staging.join(&wasm_name), &main_bytes)?;
    clock.lap("names and JS");
    println!(
        "xtask: {} chunk(s) + {loader_name}; main {wasm_name} {} B, {js_name} {} B",
        split.chunks.len(),
        main_bytes.len(),
        app_js.len()
    );

    if hook.release {
        // The start-up feedback, part of the first load (public/boot.js).
        let boot_path = staging.join("boot.js");
        let boot = std::fs::read_to_string(&boot_path).wrap_err_with(|| format!("read {}", boot_path.display()))?;
        write(&boot_path, js::minify_script(&boot, "public/boot.js")?.as_bytes())?;
    }

    let page_path = staging.join("index.html");
    let page = std::fs::read_to_string(&page_path).wrap_err_with(|| format!("read {}", page_path.display()))?;
    let app = start::App { base: &hook.base, js_name: &js_name, js: app_js.as_bytes(), wasm_name: &wasm_name };
    let page = start::inject(&page, &app)?;
    let page = if hook.release {
        html::rewrite_styles(&page, |text| css::minify(text, "index.html's inline CSS"))?
    } else {
        page
    };
    let (page, sheets) = sheets::stage(&page, &hook.source, &hook.base, hook.release)?;
    for sheet in &sheets {
        write(&staging.join(&sheet.file), &sheet.bytes)?;
    }
    println!(
        "xtask: {} screen stylesheet(s): {}",
        sheets.len(),
        sheets.iter().map(|s| format!("{} {} B", s.file, s.bytes.len())).collect::<Vec<_>>().join(", ")
    );
    let serve = csp::ServeAddress::from_trunk_toml(&hook.source.join("Trunk.toml"))?;
    let (page, policy) = csp::add_policy(&page, &serve)?;
    write(&page_path, page.as_bytes())?;
    println!("xtask: index.html: the app starts after the first paint; {policy}");
    println!("xtask: {}", precache::write(staging)?);
    clock.lap("index.html and sw.js");
    println!("xtask: post-build done in {}", clock);
    Ok(())
}

/// The time each step took, for the build's log (bench/README.md quotes it).
struct Clock {
    started: Instant,
    lap: Instant,
    laps: Vec<(&'static str, f64)>,
}

impl Default for Clock {
    fn default() -> Self {
        Clock { started: Instant::now(), lap: Instant::now(), laps: Vec::new() }
    }
}

impl Clock {
    fn lap(&mut self, step: &'static str) {
        self.laps.push((step, self.lap.elapsed().as_secs_f64()));
        self.lap = Instant::now();
    }
}

impl std::fmt::Display for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{:.1} s (", self.started.elapsed().as_secs_f64())?;
        let laps: Vec<String> = self.laps.iter().map(|(step, s)| format!("{step} {s:.1} s")).collect();
        write!(f, "{})", laps.join(", "))
    }
}

/// The app's JS and wasm file names Trunk staged (`dicetray-app-<hash>.js`, `dicetray-app-<hash>_bg.wasm`).
fn trunk_output(staging: &Path) -> Result<(String, String)> {
    let mut js = Vec::new();
    let mut wasm = Vec::new();
    for entry in std::fs::read_dir(staging).wrap_err_with(|| format!("list {}", staging.display()))? {
        let name = entry?.file_name().to_string_lossy().into_owned();
        if let Some(rest) = name.strip_prefix(&format!("{APP}-")) {
            if rest.ends_with("_bg.wasm") {
                wasm.push(name);
            } else if rest.ends_with(".js") {
                js.push(name);
            }
        }
    }
    match (js.as_slice(), wasm.as_slice()) {
        ([js], [wasm]) => Ok((js.clone(), wasm.clone())),
        _ => bail!(
            "expected one {APP}-*.js and one {APP}-*_bg.wasm from Trunk in {}, found {js:?} and {wasm:?}",
            staging.display()
        ),
    }
}

/// Cargo's target folder, wherever CARGO_TARGET_DIR or cargo's configuration put it.
/// What each lazy screen fetches, for `bench/budget` (the minified loader no longer says): `<screen> <file>` lines,
/// under the files' content-hashed names, in the xtask's work folder beside the build (never shipped).
const CHUNK_MAP: &str = "chunks.txt";

/// [`CHUNK_MAP`]'s text: each screen's files (`Split::files`, by stem) under their new names (`renames`,
/// `./chunk_3.wasm` -> `./chunk_3-<hash>.wasm`).
fn chunk_map(files: &std::collections::BTreeMap<String, Vec<String>>, renames: &[(String, String)]) -> Result<String> {
    let mut out = String::new();
    for (screen, stems) in files {
        for stem in stems {
            let from = format!("./{stem}.wasm");
            let Some((_, to)) = renames.iter().find(|(f, _)| *f == from) else {
                bail!("wasm-split lists {from} for {screen}, but wrote no such file");
            };
            out.push_str(&format!("{screen} {}\n", to.trim_start_matches("./")));
        }
    }
    Ok(out)
}

fn target_dir() -> Result<PathBuf> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = std::process::Command::new(&cargo)
        .args(["metadata", "--format-version=1", "--no-deps", "--offline"])
        .output()
        .wrap_err_with(|| format!("run {cargo} metadata"))?;
    if !output.status.success() {
        bail!("cargo metadata failed: {}", String::from_utf8_lossy(&output.stderr).trim());
    }
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).wrap_err("cargo metadata's JSON")?;
    metadata["target_directory"]
        .as_str()
        .map(PathBuf::from)
        .ok_or_else(|| eyre!("cargo metadata names no target_directory"))
}

fn file_name(path: &Path) -> Result<&str> {
    path.file_name().and_then(|n| n.to_str()).ok_or_else(|| eyre!("{} has no UTF-8 file name", path.display()))
}

fn read(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).wrap_err_with(|| format!("read {}", path.display()))
}

fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    std::fs::write(path, bytes).wrap_err_with(|| format!("write {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trunks_app_files_are_found_by_name_and_must_be_one_each() {
        let dir = std::env::temp_dir().join(format!("dicetray-xtask-stage-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for name in ["dicetray-app-1a.js", "dicetray-app-2b_bg.wasm", "boot.js", "sw.js", "chunk_0-3c.wasm"] {
            std::fs::write(dir.join(name), "").unwrap();
        }
        assert_eq!(trunk_output(&dir).unwrap(), ("dicetray-app-1a.js".into(), "dicetray-app-2b_bg.wasm".into()));
        std::fs::write(dir.join("dicetray-app-9z.js"), "").unwrap();
        let error = trunk_output(&dir).unwrap_err().to_string();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(error.contains("expected one dicetray-app-*.js") && error.contains("dicetray-app-9z.js"), "{error}");
    }

    #[test]
    fn the_hook_refuses_to_run_outside_trunk() {
        let hook = Hook { staging: None, release: false, base: "./".into(), source: ".".into() };
        let error = post_build(&hook).unwrap_err().to_string();
        assert!(error.contains("TRUNK_STAGING_DIR is unset"), "{error}");
    }

    #[test]
    fn the_chunk_map_names_each_screens_files_as_shipped() {
        let files = std::collections::BTreeMap::from([
            ("table".to_string(), vec!["chunk_3".to_string(), "split_table".to_string()]),
            ("tray".to_string(), vec!["chunk_3".to_string()]),
        ]);
        let renames: Vec<(String, String)> =
            [("./chunk_3.wasm", "./chunk_3-ab.wasm"), ("./split_table.wasm", "./split_table-cd.wasm")]
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect();
        let map = chunk_map(&files, &renames).unwrap();
        assert_eq!(map, "table chunk_3-ab.wasm\ntable split_table-cd.wasm\ntray chunk_3-ab.wasm\n");
        let error = chunk_map(&files, &renames[..1]).unwrap_err().to_string();
        assert!(error.contains("./split_table.wasm for table"), "{error}");
    }
}
