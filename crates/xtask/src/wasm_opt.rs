//! `wasm-opt -Oz` on the main module and every chunk (release builds), with binaryen's npm build (the `wasm-opt`
//! scripts/tools.sh installs into `.tools/`, pinned in Trunk.toml `[tools]`).
//!
//! One Node process does all files (`wasm_opt.mjs`: binaryen loaded once per worker thread, as many workers as
//! cores, largest files first), instead of one `wasm-opt` process per file, each of which spent about 0.7 s starting
//! binaryen. Its output is byte for byte `wasm-opt -Oz --strip-target-features --strip-producers`'s (the test below
//! compares them): browsers read neither section.
//!
//! Each result is kept in a cache keyed by the SHA-256 of its input, the script and binaryen's version, so a rebuild
//! optimizes only the files that changed. The cache keeps the files of the last build only.

use crate::digest::sha256_hex;
use eyre::{bail, eyre, Result, WrapErr};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The Node script that runs binaryen (written next to the cache before each run).
const SCRIPT: &str = include_str!("wasm_opt.mjs");

/// What `optimize` did.
#[derive(Debug, PartialEq, Eq)]
pub struct Report {
    pub optimized: usize,
    pub from_cache: usize,
}

/// Optimizes `files` in place, reusing results from `cache` (a folder of its own, created when missing).
pub fn optimize(files: &[PathBuf], cache: &Path) -> Result<Report> {
    let binaryen = binaryen_index()?;
    let version = binaryen_version(&binaryen)?;
    std::fs::create_dir_all(cache).wrap_err_with(|| format!("create {}", cache.display()))?;
    let mut cached = Vec::new();
    let mut jobs = Vec::new();
    for file in files {
        let bytes = std::fs::read(file).wrap_err_with(|| format!("read {}", file.display()))?;
        let key = sha256_hex(&[SCRIPT.as_bytes(), version.as_bytes(), &bytes].concat());
        let entry = cache.join(format!("{key}.wasm"));
        // Two files with the same bytes share one entry: optimized once (a second job would rename its output away).
        if !entry.exists() && !jobs.iter().any(|(_, queued)| *queued == entry) {
            jobs.push((file.clone(), entry.clone()));
        }
        cached.push(entry);
    }
    if !jobs.is_empty() {
        run_script(&binaryen, cache, &jobs)?;
    }
    for (file, entry) in files.iter().zip(&cached) {
        std::fs::copy(entry, file).wrap_err_with(|| format!("copy {} to {}", entry.display(), file.display()))?;
    }
    let keys = cached.iter().filter_map(|entry| entry.file_name()).map(|name| name.to_string_lossy().into_owned());
    prune(cache, &keys.collect())?;
    Ok(Report { optimized: jobs.len(), from_cache: files.len() - jobs.len() })
}

/// Runs wasm_opt.mjs on `jobs` (input, output), as many workers as cores.
fn run_script(binaryen: &Path, cache: &Path, jobs: &[(PathBuf, PathBuf)]) -> Result<()> {
    let script = cache.join("wasm_opt.mjs");
    std::fs::write(&script, SCRIPT).wrap_err_with(|| format!("write {}", script.display()))?;
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    // Outputs are written under a temporary name first, so an interrupted run leaves no half-written cache entry.
    let partial = |output: &Path| output.with_extension("partial");
    let mut command = Command::new("node");
    command.arg(&script).arg(binaryen).arg(workers.to_string());
    for (input, output) in jobs {
        command.arg(input).arg(partial(output));
    }
    let status =
        command.status().map_err(|e| eyre!("could not run node ({e}): install Node.js (scripts/tools.sh says how)"))?;
    if !status.success() {
        for (_, output) in jobs {
            let _ = std::fs::remove_file(partial(output));
        }
        bail!("wasm-opt (binaryen {}) failed ({status}); its messages are above", binaryen.display());
    }
    for (_, output) in jobs {
        std::fs::rename(partial(output), output).wrap_err_with(|| format!("write {}", output.display()))?;
    }
    Ok(())
}

/// Removes every cached file that is not one of `keep`.
fn prune(cache: &Path, keep: &BTreeSet<String>) -> Result<()> {
    for entry in std::fs::read_dir(cache).wrap_err_with(|| format!("list {}", cache.display()))? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".wasm") && !keep.contains(&name) || name.ends_with(".partial") {
            std::fs::remove_file(entry.path()).wrap_err_with(|| format!("remove {}", entry.path().display()))?;
        }
    }
    Ok(())
}

/// binaryen's `index.js`: the one beside the `wasm-opt` on PATH (`<binaryen>/bin/wasm-opt`, linked from
/// `.tools/node_modules/.bin/`, which scripts/env.sh puts on PATH), else the checkout's `.tools/` (where
/// scripts/tools.sh installs it), so `cargo test` finds it without scripts/env.sh.
fn binaryen_index() -> Result<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let on_path = std::env::split_paths(&path).map(|dir| dir.join("wasm-opt")).find(|candidate| candidate.is_file());
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../.tools/node_modules/binaryen/bin/wasm-opt");
    // `<binaryen>/bin/wasm-opt` -> `<binaryen>/index.js`; another wasm-opt (Debian's, a native build) has none.
    let index_of = |wasm_opt: &Path| {
        let real = std::fs::canonicalize(wasm_opt).ok()?;
        Some(real.parent()?.parent()?.join("index.js")).filter(|index| index.is_file())
    };
    let found = on_path.iter().chain([&checkout]).find_map(|wasm_opt| index_of(wasm_opt));
    found.ok_or_else(|| {
        eyre!(
            "binaryen's npm build is not installed ({} is not it, and .tools/ has none): scripts/tools.sh installs it",
            on_path.as_deref().map_or("no wasm-opt on PATH".into(), |p| p.display().to_string())
        )
    })
}

/// The version in the package.json beside binaryen's `index.js`.
fn binaryen_version(index: &Path) -> Result<String> {
    let package = index.with_file_name("package.json");
    let text = std::fs::read_to_string(&package).wrap_err_with(|| format!("read {}", package.display()))?;
    let json: serde_json::Value =
        serde_json::from_str(&text).wrap_err_with(|| format!("parse {}", package.display()))?;
    json["version"].as_str().map(str::to_owned).ok_or_else(|| eyre!("{} names no version", package.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small module with work for -Oz: an exported function computing (2 + 3) * 4, which -Oz folds to 20.
    const SMALL_MODULE: &[u8] = &[
        0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version
        0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7f, // type: () -> i32
        0x03, 0x02, 0x01, 0x00, // one function of type 0
        0x07, 0x05, 0x01, 0x01, 0x66, 0x00, 0x00, // export "f" = func 0
        0x0a, 0x0c, 0x01, 0x0a, 0x00, 0x41, 0x02, 0x41, 0x03, 0x6a, 0x41, 0x04, 0x6c, 0x0b, // (2 + 3) * 4
    ];

    /// The same bytes as `wasm-opt -Oz --strip-target-features --strip-producers`, and a second run takes everything
    /// from the cache.
    #[test]
    fn the_output_is_wasm_opt_oz_and_a_rebuild_reuses_it() {
        let Ok(binaryen) = binaryen_index() else {
            panic!(
                "wasm-opt (npm binaryen) must be on PATH for this test: run scripts/tools.sh, then . scripts/env.sh"
            );
        };
        let dir = std::env::temp_dir().join(format!("dicetray-wasm-opt-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let (ours, theirs, cache) = (dir.join("ours.wasm"), dir.join("theirs.wasm"), dir.join("cache"));
        std::fs::write(&ours, SMALL_MODULE).unwrap();
        std::fs::write(&theirs, SMALL_MODULE).unwrap();
        let command = binaryen.parent().unwrap().join("bin/wasm-opt");
        let status = Command::new(&command)
            .args(["-Oz", "--strip-target-features", "--strip-producers"])
            .arg(&theirs)
            .arg("-o")
            .arg(&theirs)
            .status()
            .unwrap();
        assert!(status.success(), "{} ran", binaryen.display());

        assert_eq!(optimize(std::slice::from_ref(&ours), &cache).unwrap(), Report { optimized: 1, from_cache: 0 });
        let optimized = std::fs::read(&ours).unwrap();
        assert_eq!(optimized, std::fs::read(&theirs).unwrap(), "byte for byte what wasm-opt writes");
        assert!(optimized.len() < SMALL_MODULE.len(), "-Oz folded (2 + 3) * 4");

        std::fs::write(&ours, SMALL_MODULE).unwrap();
        assert_eq!(optimize(std::slice::from_ref(&ours), &cache).unwrap(), Report { optimized: 0, from_cache: 1 });
        assert_eq!(std::fs::read(&ours).unwrap(), optimized);
        let cached: Vec<_> = std::fs::read_dir(&cache).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(cached.iter().filter(|n| n.to_string_lossy().ends_with(".wasm")).count(), 1, "{cached:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_broken_module_fails_and_leaves_nothing_in_the_cache() {
        if binaryen_index().is_err() {
            panic!(
                "wasm-opt (npm binaryen) must be on PATH for this test: run scripts/tools.sh, then . scripts/env.sh"
            );
        }
        let dir = std::env::temp_dir().join(format!("dicetray-wasm-opt-broken-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let broken = dir.join("broken.wasm");
        std::fs::write(&broken, b"\0asm\x01\0\0\0\x0a\xff").unwrap();
        let error = optimize(std::slice::from_ref(&broken), &dir.join("cache")).unwrap_err().to_string();
        assert!(error.contains("wasm-opt") && error.contains("failed"), "{error}");
        assert!(std::fs::read_dir(dir.join("cache")).unwrap().all(|e| {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            !name.ends_with(".wasm") && !name.ends_with(".partial")
        }));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
