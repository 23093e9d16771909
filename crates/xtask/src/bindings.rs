//! wasm-bindgen's output for the main module, trimmed before wasm-opt, in release and debug builds alike:
//!   - **short import names.** Each function the wasm imports from the JS is named `__wbg_<what>_<16 hex digits>`
//!     under the module `./<stem>_bg.js`, once in the wasm's import section and once as a key of the JS's imports
//!     object. The hashes cannot be compressed: 237 names cost 4.0 KB gzip of the wasm and 3.1 KB of the JS. They
//!     become `a`, `b`, ... `ba`, ... under the module `w`, in both files.
//!   - **classes nobody constructs.** Leptos always builds server_fn with its `browser` feature, which brings
//!     wasm-streams, whose three `#[wasm_bindgen]` classes wasm-bindgen exports from the JS and the wasm. dicetray
//!     streams nothing: the classes, the wasm exports behind them and what only those reach (which wasm-opt then
//!     removes) go. [`UNUSED_CLASSES`] names them; a build whose JS no longer has one of them fails, so the list is
//!     kept true.

use crate::js;
use eyre::{bail, Result, WrapErr};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use wasm_encoder::reencode::{Reencode, RoundtripReencoder};

/// The module name the wasm imports the JS under, after the trim.
pub const IMPORT_MODULE: &str = "w";

/// wasm-streams' classes (see the module's comment).
pub const UNUSED_CLASSES: [&str; 3] = ["IntoUnderlyingByteSource", "IntoUnderlyingSink", "IntoUnderlyingSource"];

/// What [`trim`] changed, for the build's log.
pub struct Trimmed {
    pub renamed_imports: usize,
    pub dropped_exports: usize,
}

/// Trims `<dir>/<stem>_bg.wasm` and `<dir>/<stem>.js` in place.
pub fn trim(dir: &Path, stem: &str) -> Result<Trimmed> {
    let (wasm_path, js_path) = (dir.join(format!("{stem}_bg.wasm")), dir.join(format!("{stem}.js")));
    let wasm = std::fs::read(&wasm_path).wrap_err_with(|| format!("read {}", wasm_path.display()))?;
    let source = std::fs::read_to_string(&js_path).wrap_err_with(|| format!("read {}", js_path.display()))?;
    let module = format!("./{stem}_bg.js");
    let TrimmedWasm { wasm, names, dropped } = trim_wasm(&wasm, &module, &UNUSED_CLASSES)?;
    let what = format!("wasm-bindgen's JS ({})", js_path.display());
    let mut keys: Vec<(String, String)> = names.into_iter().collect();
    keys.push((module, IMPORT_MODULE.to_string()));
    let source = js::rename_property_keys(&source, &keys, &what)?;
    let source = js::drop_classes(&source, &UNUSED_CLASSES, &dropped, &what)?;
    std::fs::write(&wasm_path, wasm).wrap_err_with(|| format!("write {}", wasm_path.display()))?;
    std::fs::write(&js_path, source).wrap_err_with(|| format!("write {}", js_path.display()))?;
    Ok(Trimmed { renamed_imports: keys.len() - 1, dropped_exports: dropped.len() })
}

/// The `n`th short name: `a` to `z`, `A` to `Z`, then two characters and more (never a JavaScript keyword).
fn short_name(mut n: usize) -> String {
    const FIRST: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const REST: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut name = vec![FIRST[n % FIRST.len()]];
    n /= FIRST.len();
    while n > 0 {
        n -= 1;
        name.push(REST[n % REST.len()]);
        n /= REST.len();
    }
    String::from_utf8(name).expect("ASCII")
}

/// The names of `n` imports, skipping the keywords a name of up to three characters could spell.
fn short_names(n: usize) -> Vec<String> {
    const KEYWORDS: [&str; 8] = ["do", "if", "in", "for", "let", "new", "try", "var"];
    (0..).map(short_name).filter(|s| !KEYWORDS.contains(&s.as_str())).take(n).collect()
}

/// wasm-bindgen's names of a class's wasm exports: `__wbg_<class>_free` and `<class>_<method>`, lower case.
fn is_export_of(export: &str, class: &str) -> bool {
    let lower = class.to_lowercase();
    export == format!("__wbg_{lower}_free") || export.strip_prefix(&lower).is_some_and(|rest| rest.starts_with('_'))
}

/// What [`trim_wasm`] made.
struct TrimmedWasm {
    wasm: Vec<u8>,
    /// Each import's old name, with its new one.
    names: BTreeMap<String, String>,
    /// The exports it dropped.
    dropped: BTreeSet<String>,
}

/// `wasm` with the functions it imports from `module` renamed (module [`IMPORT_MODULE`], short names) and the exports
/// of `classes` dropped; every other byte as it was.
fn trim_wasm(wasm: &[u8], module: &str, classes: &[&str]) -> Result<TrimmedWasm> {
    let mut out = wasm_encoder::Module::new();
    let mut names = BTreeMap::new();
    let mut dropped = BTreeSet::new();
    let mut reencoder = RoundtripReencoder;
    for payload in wasmparser::Parser::new(0).parse_all(wasm) {
        let payload = payload.wrap_err("wasm-bindgen's wasm does not parse")?;
        match &payload {
            wasmparser::Payload::ImportSection(reader) => {
                let imports: Vec<wasmparser::Import> =
                    reader.clone().into_imports().collect::<Result<_, _>>().wrap_err("its import section")?;
                let ours = imports.iter().filter(|i| i.module == module).count();
                let mut short = short_names(ours).into_iter();
                let mut section = wasm_encoder::ImportSection::new();
                for import in imports {
                    let ty = reencoder.entity_type(import.ty).wrap_err("an import's type")?;
                    if import.module == module {
                        let name = short.next().expect("one short name per import");
                        section.import(IMPORT_MODULE, &name, ty);
                        names.insert(import.name.to_string(), name);
                    } else {
                        section.import(import.module, import.name, ty);
                    }
                }
                if names.is_empty() {
                    bail!("the wasm imports nothing from {module:?}: has wasm-bindgen's naming changed?");
                }
                out.section(&section);
            }
            wasmparser::Payload::ExportSection(reader) => {
                let mut section = wasm_encoder::ExportSection::new();
                for export in reader.clone() {
                    let export = export.wrap_err("its export section")?;
                    if classes.iter().any(|class| is_export_of(export.name, class)) {
                        dropped.insert(export.name.to_string());
                    } else {
                        section.export(export.name, reencoder.export_kind(export.kind)?, export.index);
                    }
                }
                out.section(&section);
            }
            _ => {
                if let Some((id, range)) = payload.as_section() {
                    let data = &wasm[range.start as usize..range.end as usize];
                    out.section(&wasm_encoder::RawSection { id, data });
                }
            }
        }
    }
    Ok(TrimmedWasm { wasm: out.finish(), names, dropped })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module as wasm-bindgen writes one: imports from the JS and from the loader, a class's exports, `main`.
    fn module() -> Vec<u8> {
        let mut m = wasm_encoder::Module::new();
        let mut types = wasm_encoder::TypeSection::new();
        types.ty().function([], []);
        m.section(&types);
        let mut imports = wasm_encoder::ImportSection::new();
        imports.import("./app_bg.js", "__wbg_new_bb74001155cb8ca8", wasm_encoder::EntityType::Function(0));
        imports.import("./__wasm_split.js", "__wasm_split_00tray00_import", wasm_encoder::EntityType::Function(0));
        imports.import("./app_bg.js", "__wbg_remove_8228e91d7ddbc755", wasm_encoder::EntityType::Function(0));
        m.section(&imports);
        let mut functions = wasm_encoder::FunctionSection::new();
        functions.function(0);
        m.section(&functions);
        let mut exports = wasm_encoder::ExportSection::new();
        for name in ["main", "__wbg_intounderlyingsink_free", "intounderlyingsink_write", "intounderlying"] {
            exports.export(name, wasm_encoder::ExportKind::Func, 3);
        }
        m.section(&exports);
        let mut code = wasm_encoder::CodeSection::new();
        let mut body = wasm_encoder::Function::new([]);
        body.instructions().call(0).end();
        code.function(&body);
        m.section(&code);
        m.finish()
    }

    #[test]
    fn imports_from_the_js_get_short_names_and_a_classs_exports_go() {
        let TrimmedWasm { wasm, names, dropped } =
            trim_wasm(&module(), "./app_bg.js", &["IntoUnderlyingSink"]).unwrap();
        wasmparser::Validator::new().validate_all(&wasm).expect("still a valid module");
        let expected: BTreeMap<String, String> =
            [("__wbg_new_bb74001155cb8ca8", "a"), ("__wbg_remove_8228e91d7ddbc755", "b")]
                .into_iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect();
        assert_eq!(names, expected);
        assert_eq!(dropped, ["__wbg_intounderlyingsink_free", "intounderlyingsink_write"].map(String::from).into());
        let mut imports = Vec::new();
        let mut exports = Vec::new();
        for payload in wasmparser::Parser::new(0).parse_all(&wasm) {
            match payload.unwrap() {
                wasmparser::Payload::ImportSection(r) => {
                    imports = r.into_imports().map(|i| i.map(|i| format!("{} {}", i.module, i.name)).unwrap()).collect()
                }
                wasmparser::Payload::ExportSection(r) => {
                    exports = r.into_iter().map(|e| e.unwrap().name.to_string()).collect()
                }
                _ => {}
            }
        }
        // The loader's import keeps its place (function indices are unchanged) and its name.
        assert_eq!(imports, ["w a", "./__wasm_split.js __wasm_split_00tray00_import", "w b"]);
        // `intounderlying` alone is no method of the class.
        assert_eq!(exports, ["main", "intounderlying"]);
    }

    #[test]
    fn a_module_that_imports_nothing_from_the_js_is_an_error() {
        let error = trim_wasm(&module(), "./other_bg.js", &[]).err().expect("an error").to_string();
        assert!(error.contains("imports nothing from \"./other_bg.js\""), "{error}");
    }

    #[test]
    fn short_names_are_distinct_identifiers_and_no_keyword() {
        let names = short_names(5000);
        assert_eq!(&names[..3], ["a", "b", "c"]);
        assert_eq!(names[52], "aa");
        assert_eq!(names.iter().collect::<BTreeSet<_>>().len(), 5000);
        assert!(names.iter().all(|n| n.len() <= 3 && n.chars().next().unwrap().is_ascii_alphabetic()));
        assert!(!names.iter().any(|n| ["do", "if", "in", "for", "new"].contains(&n.as_str())));
    }
}
