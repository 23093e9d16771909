//! The release build's chunk loader (`loader.js`) and its manifest, in place of the loader wasm-split writes.
//!
//! wasm-split's loader names every chunk file and each screen's list of them: about 150 bytes per file, 5.5 KB
//! gzip for 233 files, all of it in the first load (the main module imports the loader), though the page needs
//! none of it until something lazy loads. This loader keeps that table in a manifest (`chunks-<hash>.json`,
//! `{"<screen>": {"chunks": [file, ...], "own": file or null}}`) it fetches the first time a screen loads; what it
//! does with the files is wasm-split's loader's (shared chunks instantiated once each, a screen's own module after
//! them, a failed load forgotten so the next call retries, the main module called back with the outcome).
//!
//! Debug builds keep wasm-split's loader: it also supplies the debug-only canary the split modules import.

use eyre::{bail, Result};
use std::collections::BTreeMap;

const TEMPLATE: &str = include_str!("loader.js");

/// The manifest's name before its content hash: `chunks-<hash>.json`.
pub const MANIFEST: &str = "chunks.json";

/// The manifest (JSON) for `files` (each screen's wasm-split stems, as `split::Split::files`), under the shipped
/// names `renames` gives (`./<stem>.wasm` to `./<shipped>`).
pub fn manifest(files: &BTreeMap<String, Vec<String>>, renames: &[(String, String)]) -> Result<String> {
    let shipped = |stem: &str| -> Result<String> {
        let from = format!("./{stem}.wasm");
        match renames.iter().find(|(f, _)| *f == from) {
            Some((_, to)) => Ok(to.trim_start_matches("./").to_string()),
            None => bail!("wasm-split lists {from}, but wrote no such file"),
        }
    };
    let mut out = serde_json::Map::new();
    for (screen, stems) in files {
        let (own, chunks): (Vec<&String>, Vec<&String>) = stems.iter().partition(|s| s.starts_with("split_"));
        if own.len() > 1 || chunks.iter().any(|c| !c.starts_with("chunk_")) {
            bail!("wasm-split lists {stems:?} for {screen}: expected chunk_<n> files and at most one split_ file");
        }
        let chunks = chunks.into_iter().map(|c| shipped(c)).collect::<Result<Vec<_>>>()?;
        let own = own.first().map(|o| shipped(o)).transpose()?;
        out.insert(screen.clone(), serde_json::json!({ "chunks": chunks, "own": own }));
    }
    Ok(serde_json::Value::Object(out).to_string())
}

/// The loader: it imports `initSync` from `main_js` (`./<stem>.js`), fetches the manifest `manifest_name` (beside
/// it), and exports `__wasm_split_load_<screen>` for each screen of `screens`, as the main module imports them.
pub fn loader<'s>(main_js: &str, manifest_name: &str, screens: impl IntoIterator<Item = &'s String>) -> String {
    let exports: String = screens
        .into_iter()
        .map(|screen| format!("export const __wasm_split_load_{screen} = split({});\n", json(screen)))
        .collect();
    TEMPLATE
        .replace("\"__MAIN_JS__\"", &json(main_js))
        .replace("__MANIFEST__", manifest_name)
        .replace("__EXPORTS__", &exports)
}

/// Fails unless `ours` exports the same `__wasm_split_load_<screen>` loaders as `generated` (wasm-split's loader):
/// the main module imports each one, and one missing would only show when the page starts.
pub fn same_exports(generated: &str, ours: &str) -> Result<()> {
    let exported = |js: &str| -> std::collections::BTreeSet<String> {
        js.match_indices("export const __wasm_split_load_")
            .map(|(at, _)| {
                let name = &js[at + "export const ".len()..];
                name[..name.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(name.len())].to_string()
            })
            .collect()
    };
    let (theirs, ours) = (exported(generated), exported(ours));
    if theirs.is_empty() || theirs != ours {
        bail!("the chunk loader exports {ours:?}, wasm-split's exports {theirs:?}");
    }
    Ok(())
}

fn json(text: &str) -> String {
    serde_json::to_string(text).expect("a string always serialises")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files() -> BTreeMap<String, Vec<String>> {
        BTreeMap::from([
            ("tray".to_string(), vec!["chunk_1".to_string(), "chunk_2".to_string(), "split_tray".to_string()]),
            ("push".to_string(), vec!["chunk_2".to_string()]),
        ])
    }

    fn renames() -> Vec<(String, String)> {
        ["chunk_1", "chunk_2", "split_tray"].map(|s| (format!("./{s}.wasm"), format!("./{s}-0123.wasm"))).to_vec()
    }

    #[test]
    fn the_manifest_names_each_screens_shared_chunks_and_own_module_as_shipped() {
        let m: serde_json::Value = serde_json::from_str(&manifest(&files(), &renames()).unwrap()).unwrap();
        assert_eq!(
            m,
            serde_json::json!({
                "push": {"chunks": ["chunk_2-0123.wasm"], "own": null},
                "tray": {"chunks": ["chunk_1-0123.wasm", "chunk_2-0123.wasm"], "own": "split_tray-0123.wasm"},
            })
        );
    }

    #[test]
    fn a_file_the_split_did_not_write_or_two_own_modules_are_refused() {
        let mut renames = renames();
        renames.pop();
        let e = manifest(&files(), &renames).unwrap_err().to_string();
        assert!(e.contains("./split_tray.wasm"), "{e}");
        let mut two = files();
        two.get_mut("push").unwrap().push("split_a".into());
        two.get_mut("push").unwrap().push("split_b".into());
        assert!(manifest(&two, &self::renames()).unwrap_err().to_string().contains("at most one split_ file"));
    }

    #[test]
    fn the_loader_must_export_what_wasm_splits_did() {
        let ours = loader("./a.js", "chunks-cd.json", files().keys());
        let generated =
            "export const __wasm_split_load_push=n(r(()=>{},[]));export const __wasm_split_load_tray=n(r(()=>{},[a]));";
        same_exports(generated, &ours).unwrap();
        let more = format!("{generated}export const __wasm_split_load_help=n(r(()=>{{}},[]));");
        let e = same_exports(&more, &ours).unwrap_err().to_string();
        assert!(e.contains("__wasm_split_load_help"), "{e}");
        assert!(same_exports("", "").is_err(), "no loader at all is not a match");
    }

    #[test]
    fn the_loader_imports_the_main_js_fetches_the_manifest_and_exports_one_loader_per_screen() {
        let js = loader("./dicetray-app-ab.js", "chunks-cd.json", files().keys());
        assert!(js.contains(r#"import { initSync } from "./dicetray-app-ab.js";"#), "{js}");
        assert!(js.contains("url(\"chunks-cd.json\")"), "{js}");
        assert!(js.contains("export const __wasm_split_load_push = split(\"push\");"), "{js}");
        assert!(js.contains("export const __wasm_split_load_tray = split(\"tray\");"), "{js}");
        assert!(!js.contains("__MAIN_JS__") && !js.contains("__MANIFEST__") && !js.contains("__EXPORTS__"), "{js}");
        // What minifying it needs: a valid module.
        crate::js::minify_module(&js, "the loader").unwrap();
    }
}
