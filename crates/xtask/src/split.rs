//! The code splitting (wasm_split_cli_support, the library behind cargo-leptos's and wasm-split-cli's splitting):
//! each `#[wasm_split]` function of src/screens/split.rs, and what only it needs, is cut out of cargo's wasm (linked
//! with `--emit-relocs` by build.rs) into a chunk; code several screens share gets a chunk of its own.

use eyre::{bail, Result, WrapErr};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The module name the main module imports the chunk loader under, and the loader's file name.
pub const LOADER: &str = "__wasm_split.js";

/// What the splitting wrote.
pub struct Split {
    /// The main module, for wasm-bindgen: `<out_dir>/<stem>.wasm`.
    pub main: PathBuf,
    /// One `split_<screen>.wasm` per lazy screen or panel and `chunk_<n>.wasm` per shared part.
    pub chunks: Vec<PathBuf>,
    /// The loader (`__wasm_split.js`), which imports `initSync` from `./<stem>.js` and fetches the chunks.
    pub loader: PathBuf,
    /// Each lazy screen or panel's files, by stem (`split_tray`, `chunk_3`), sorted.
    pub files: BTreeMap<String, Vec<String>>,
}

/// Splits `input` (cargo's wasm) into `out_dir`; `stem` is the name wasm-bindgen's JS will have (`<stem>.js`).
pub fn split(input: &Path, out_dir: &Path, stem: &str) -> Result<Split> {
    let wasm = std::fs::read(input)
        .wrap_err_with(|| format!("{} missing (did Trunk build the dicetray-app binary?)", input.display()))?;
    let main = out_dir.join(format!("{stem}.wasm"));
    let main_module = format!("./{stem}.js");
    let link_name = format!("./{LOADER}");
    let mut options = wasm_split_cli_support::Options::new(&wasm);
    options.output_dir = out_dir;
    options.main_out_path = &main;
    options.main_module = &main_module;
    options.link_name = &link_name;
    let split = wasm_split_cli_support::transform(options).wrap_err("wasm-split")?;
    if split.split_modules.is_empty() {
        bail!("no chunks: are the #[wasm_split] functions of src/screens/split.rs still there?");
    }
    let files = split
        .prefetch_map
        .into_iter()
        .map(|(screen, mut stems)| {
            (screen, {
                stems.sort();
                stems
            })
        })
        .collect();
    Ok(Split { main, chunks: split.split_modules, loader: out_dir.join(LOADER), files })
}
