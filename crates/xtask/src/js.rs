//! The edits to generated JavaScript, made on its syntax tree (oxc): the chunk loader's wasm URLs, the app JS's
//! import of the loader, and the release build's minification. An edit replaces a whole string literal found by
//! the parser, so a string inside a comment, or the same text as an object key, is never touched.

use eyre::{bail, Result};
use oxc_allocator::Allocator;
use oxc_ast::ast::{
    Class, Declaration, IdentifierReference, ImportDeclaration, ObjectProperty, Program, PropertyKey, Statement,
    StaticMemberExpression, StringLiteral,
};
use oxc_ast_visit::{walk, Visit};
use oxc_codegen::{Codegen, CodegenOptions};
use oxc_minifier::{CompressOptions, MangleOptions, Minifier, MinifierOptions};
use oxc_parser::Parser;
use oxc_span::{GetSpan, SourceType, Span};

/// A replacement of the text at `span` of the source.
struct Edit {
    span: Span,
    text: String,
}

/// `source` parsed as an ES module into `allocator`; `what` names the file in errors.
fn parse<'a>(allocator: &'a Allocator, source: &'a str, what: &str) -> Result<Program<'a>> {
    parse_as(allocator, source, what, SourceType::mjs())
}

/// `source` parsed as `kind` (an ES module or a classic script); `what` names the file in errors.
fn parse_as<'a>(allocator: &'a Allocator, source: &'a str, what: &str, kind: SourceType) -> Result<Program<'a>> {
    let parsed = Parser::new(allocator, source, kind).parse();
    if parsed.panicked || parsed.diagnostics.has_errors() {
        let errors: Vec<String> = parsed.diagnostics.errors().map(|e| e.to_string()).collect();
        let noun = if kind.is_module() { "module" } else { "script" };
        bail!("{what} is not a valid JavaScript {noun}: {}", errors.join("; "));
    }
    Ok(parsed.program)
}

/// Parses `source` as an ES module and hands its syntax tree to `f`; `what` names the file in errors.
fn with_module<T>(source: &str, what: &str, f: impl FnOnce(&Program) -> T) -> Result<T> {
    let allocator = Allocator::default();
    Ok(f(&parse(&allocator, source, what)?))
}

/// `source` with the edits applied (spans never overlap: each is one string literal).
fn apply(source: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|e| e.span.start);
    let mut out = String::with_capacity(source.len());
    let mut at = 0;
    for edit in edits {
        out.push_str(&source[at..edit.span.start as usize]);
        out.push_str(&edit.text);
        at = edit.span.end as usize;
    }
    out.push_str(&source[at..]);
    out
}

fn json_string(text: &str) -> String {
    serde_json::to_string(text).expect("a string always serialises")
}

/// `source` with every string literal whose value is a `from` of `renames` replaced by its `to`. Each `from` must
/// occur: a missing one means the generated file no longer names what the build renames.
pub fn rename_string_literals(source: &str, renames: &[(String, String)], what: &str) -> Result<String> {
    struct Literals<'r> {
        renames: &'r [(String, String)],
        found: Vec<bool>,
        edits: Vec<Edit>,
    }
    impl<'a> Visit<'a> for Literals<'_> {
        fn visit_string_literal(&mut self, it: &StringLiteral<'a>) {
            if let Some(i) = self.renames.iter().position(|(from, _)| from == it.value.as_str()) {
                self.found[i] = true;
                self.edits.push(Edit { span: it.span, text: json_string(&self.renames[i].1) });
            }
        }
    }
    let mut visitor = Literals { renames, found: vec![false; renames.len()], edits: Vec::new() };
    with_module(source, what, |program| visitor.visit_program(program))?;
    renamed(source, renames, &visitor.found, visitor.edits, &format!("{what} has no string"))
}

/// `source` with the `edits`, if every `from` of `renames` was `found`; else an error: `<has_no> [<missing>] to rename`.
fn renamed(
    source: &str,
    renames: &[(String, String)],
    found: &[bool],
    edits: Vec<Edit>,
    has_no: &str,
) -> Result<String> {
    let missing: Vec<&str> =
        renames.iter().zip(found).filter(|(_, found)| !**found).map(|((from, _), _)| from.as_str()).collect();
    if !missing.is_empty() {
        bail!("{has_no} {missing:?} to rename");
    }
    Ok(apply(source, edits))
}

/// `source` with every `import … from "<from>"` pointed at `to` instead; other strings equal to `from` (wasm-bindgen
/// also uses the module's name as a key of the wasm's imports object) stay as they are. At least one import must.
pub fn repoint_imports(source: &str, from: &str, to: &str, what: &str) -> Result<String> {
    struct Imports<'s> {
        from: &'s str,
        to: String,
        edits: Vec<Edit>,
    }
    impl<'a> Visit<'a> for Imports<'_> {
        fn visit_import_declaration(&mut self, it: &ImportDeclaration<'a>) {
            if it.source.value.as_str() == self.from {
                self.edits.push(Edit { span: it.source.span, text: self.to.clone() });
            }
            walk::walk_import_declaration(self, it);
        }
    }
    let mut visitor = Imports { from, to: json_string(to), edits: Vec::new() };
    with_module(source, what, |program| visitor.visit_program(program))?;
    if visitor.edits.is_empty() {
        bail!("{what} does not import {from:?}");
    }
    Ok(apply(source, visitor.edits))
}

/// `source` with every object property key (an identifier or a string) equal to a `from` of `renames` replaced by
/// its `to`, printed as a string when the key was one. Each `from` must occur: a missing one means the generated file
/// no longer names what the build renames.
pub fn rename_property_keys(source: &str, renames: &[(String, String)], what: &str) -> Result<String> {
    struct Keys<'r> {
        index: std::collections::HashMap<&'r str, usize>,
        renames: &'r [(String, String)],
        found: Vec<bool>,
        edits: Vec<Edit>,
    }
    impl<'a> Visit<'a> for Keys<'_> {
        fn visit_object_property(&mut self, it: &ObjectProperty<'a>) {
            let key = match &it.key {
                PropertyKey::StaticIdentifier(id) if !it.computed => Some((id.name.as_str(), id.span, false)),
                PropertyKey::StringLiteral(s) if !it.computed => Some((s.value.as_str(), s.span, true)),
                _ => None,
            };
            if let Some((name, span, quoted)) = key {
                if let Some(&i) = self.index.get(name) {
                    self.found[i] = true;
                    let to = &self.renames[i].1;
                    self.edits.push(Edit { span, text: if quoted { json_string(to) } else { to.clone() } });
                }
            }
            walk::walk_object_property(self, it);
        }
    }
    let index = renames.iter().enumerate().map(|(i, (from, _))| (from.as_str(), i)).collect();
    let mut visitor = Keys { index, renames, found: vec![false; renames.len()], edits: Vec::new() };
    with_module(source, what, |program| visitor.visit_program(program))?;
    renamed(source, renames, &visitor.found, visitor.edits, &format!("{what} has no object key"))
}

/// `source` without the top-level statements of `classes`: each class's declaration (exported or not), and the
/// statements that use a class or read one of `exports` (`wasm.<export>`): wasm-bindgen's `if (Symbol.dispose) …`
/// and `const <Class>Finalization = …` beside each class. Each class must be declared, and nothing else (a function,
/// say) may use them: that is an error, not a removal.
pub fn drop_classes(
    source: &str,
    classes: &[&str],
    exports: &std::collections::BTreeSet<String>,
    what: &str,
) -> Result<String> {
    /// What one top-level statement declares and uses of the classes.
    struct Uses<'c> {
        classes: &'c [&'c str],
        exports: &'c std::collections::BTreeSet<String>,
        declares: Option<String>,
        uses: Option<String>,
    }
    impl<'a> Visit<'a> for Uses<'_> {
        fn visit_class(&mut self, it: &Class<'a>) {
            if let Some(id) = it.id.as_ref().filter(|id| self.classes.contains(&id.name.as_str())) {
                self.declares = Some(id.name.to_string());
            }
            walk::walk_class(self, it);
        }
        fn visit_identifier_reference(&mut self, it: &IdentifierReference<'a>) {
            if self.classes.contains(&it.name.as_str()) {
                self.uses.get_or_insert_with(|| it.name.to_string());
            }
        }
        fn visit_static_member_expression(&mut self, it: &StaticMemberExpression<'a>) {
            if self.exports.contains(it.property.name.as_str()) {
                self.uses.get_or_insert_with(|| it.property.name.to_string());
            }
            walk::walk_static_member_expression(self, it);
        }
    }
    let mut edits = Vec::new();
    let mut declared = Vec::new();
    let mut misused = Vec::new();
    with_module(source, what, |program| {
        for statement in &program.body {
            let mut uses = Uses { classes, exports, declares: None, uses: None };
            uses.visit_statement(statement);
            let declaration = |d: &Declaration| matches!(d, Declaration::ClassDeclaration(_));
            let removable = match statement {
                Statement::ExportDeclaration(e) => declaration(&e.declaration) && uses.declares.is_some(),
                Statement::ClassDeclaration(_) => uses.declares.is_some(),
                Statement::IfStatement(_) => true,
                Statement::VariableDeclaration(v) => v.declarations.iter().all(|d| {
                    d.id.get_identifier_name().is_some_and(|n| classes.iter().any(|c| n.as_str().starts_with(c)))
                }),
                _ => false,
            };
            match (uses.declares, uses.uses) {
                (None, None) => {}
                (declares, _) if removable => {
                    declared.extend(declares);
                    edits.push(Edit { span: statement.span(), text: String::new() });
                }
                (declares, uses) => misused.push(declares.or(uses).expect("one of them")),
            }
        }
    })?;
    if !misused.is_empty() {
        bail!("{what}: {misused:?} used outside the classes it drops ({classes:?}); is a class in use now?");
    }
    let missing: Vec<&&str> = classes.iter().filter(|c| !declared.iter().any(|d| d == **c)).collect();
    if !missing.is_empty() {
        bail!("{what} declares no class {missing:?} to drop: update bindings::UNUSED_CLASSES");
    }
    Ok(apply(source, edits))
}

/// `source`, an ES module, minified: compressed, with the names of its own (module-scoped) bindings shortened,
/// whitespace and comments dropped.
pub fn minify_module(source: &str, what: &str) -> Result<String> {
    minify(source, what, SourceType::mjs())
}

/// `source`, a classic script (`public/boot.js`), minified the same way; its top-level names are the page's globals,
/// so they keep their names (oxc renames top-level names only in modules).
pub fn minify_script(source: &str, what: &str) -> Result<String> {
    minify(source, what, SourceType::script())
}

fn minify(source: &str, what: &str, kind: SourceType) -> Result<String> {
    let allocator = Allocator::default();
    let mut program = parse_as(&allocator, source, what, kind)?;
    let options = MinifierOptions {
        // A module's top-level names are its own (what it exports keeps its name), as with terser's --module:
        // oxc mangles them in a module by default, and a script's not at all.
        mangle: Some(MangleOptions::default()),
        mangle_properties: None,
        compress: Some(CompressOptions::smallest()),
    };
    let minified = Minifier::new(options).minify(&allocator, &mut program);
    let code =
        Codegen::new().with_options(CodegenOptions::minify()).with_scoping(minified.scoping).build(&program).code;
    Ok(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What wasm-split's loader looks like: one fetch per chunk, each file named in a `new URL(...)`.
    const LOADER: &str = r#"import { initSync } from "./app-1.js";
/* characters, history */
const __chunk_0 = makeLoad(() => {
    const src = fetch(new URL("./chunk_0.wasm", import.meta.url));
    return src;
}, []);
// "./chunk_0.wasm" in a comment is no URL
export const __wasm_split_load_tray = makeLoad(() => fetch(new URL('./split_tray.wasm', import.meta.url)), [__chunk_0]);
"#;

    fn renames() -> Vec<(String, String)> {
        vec![
            ("./chunk_0.wasm".into(), "./chunk_0-aaaa.wasm".into()),
            ("./split_tray.wasm".into(), "./split_tray-bbbb.wasm".into()),
        ]
    }

    #[test]
    fn chunk_urls_are_renamed_where_they_are_strings_and_nowhere_else() {
        let out = rename_string_literals(LOADER, &renames(), "the loader").unwrap();
        let expected = LOADER
            .replace(r#"new URL("./chunk_0.wasm""#, r#"new URL("./chunk_0-aaaa.wasm""#)
            .replace(r#"new URL('./split_tray.wasm'"#, r#"new URL("./split_tray-bbbb.wasm""#);
        assert_eq!(out, expected);
        assert!(out.contains(r#"// "./chunk_0.wasm" in a comment"#) && out.contains("/* characters, history */"));
    }

    #[test]
    fn a_chunk_the_loader_does_not_name_is_an_error() {
        let mut renames = renames();
        renames.push(("./chunk_9.wasm".into(), "./chunk_9-cccc.wasm".into()));
        let error = rename_string_literals(LOADER, &renames, "__wasm_split.js").unwrap_err().to_string();
        assert!(error.contains("__wasm_split.js has no string [\"./chunk_9.wasm\"]"), "{error}");
    }

    /// What wasm-bindgen writes for the split main module: the loader imported once per import of the wasm, and
    /// the same name as a key of the imports object.
    const APP_JS: &str = r#"import * as import1 from "./__wasm_split.js"
import * as import2 from "./__wasm_split.js"

function __wbg_get_imports() {
    const imports = {};
    imports["./__wasm_split.js"] = import1;
    return { "./__wasm_split.js": import2, imports };
}
export default __wbg_get_imports;
"#;

    #[test]
    fn imports_of_the_loader_are_repointed_and_the_imports_object_keeps_its_key() {
        let out = repoint_imports(APP_JS, "./__wasm_split.js", "./__wasm_split-1234.js", "app.js").unwrap();
        assert_eq!(out.matches(r#"from "./__wasm_split-1234.js""#).count(), 2, "{out}");
        assert_eq!(out.matches(r#""./__wasm_split.js""#).count(), 2, "{out}");
        assert!(out.contains(r#"imports["./__wasm_split.js"] = import1;"#), "{out}");
    }

    #[test]
    fn js_that_imports_no_loader_or_does_not_parse_is_an_error() {
        let error = repoint_imports("export const a = 1;", "./x.js", "./y.js", "app.js").unwrap_err().to_string();
        assert!(error.contains("app.js does not import \"./x.js\""), "{error}");
        let error = repoint_imports("import from from;", "./x.js", "./y.js", "app.js").unwrap_err().to_string();
        assert!(error.contains("app.js is not a valid JavaScript module"), "{error}");
    }

    #[test]
    fn minified_js_is_smaller_keeps_its_exports_and_imports_and_still_parses() {
        let source = r#"import * as loader from "./__wasm_split-1234.js";
// A comment that goes.
let cachedTextDecoder = new TextDecoder("utf-8", { ignoreBOM: true, fatal: true });
function getStringFromWasm(pointer, length) {
    const decoded = cachedTextDecoder.decode(new Uint8Array(length).subarray(pointer, pointer + length));
    return decoded;
}
export function greet(name) {
    return getStringFromWasm(0, name.length) + loader.suffix;
}
export default greet;
"#;
        let out = minify_module(source, "app.js").unwrap();
        assert!(out.len() < source.len() * 2 / 3, "{} -> {} bytes: {out}", source.len(), out.len());
        assert!(!out.contains("A comment") && !out.contains("cachedTextDecoder"), "{out}");
        assert!(out.contains("\"./__wasm_split-1234.js\""), "{out}");
        assert!(out.contains("greet") && out.contains("suffix") && out.contains("ignoreBOM"), "{out}");
        // Still a module that imports the loader and exports a default.
        let (imports, default_export) = with_module(&out, "minified", |program| {
            let imports = program.body.iter().filter(|s| matches!(s, Statement::ImportDeclaration(_))).count();
            (imports, program.body.iter().any(|s| matches!(s, Statement::ExportDefaultDeclaration(_))))
        })
        .unwrap();
        assert!(imports == 1 && default_export, "{out}");
    }

    #[test]
    fn a_minified_script_keeps_its_globals_and_strict_mode_and_drops_comments() {
        let source = r#"// What the page says while it starts.
var shownOnThePage = 1;
(function () {
  "use strict";
  var reasonItFailed = "offline";
  window.addEventListener("error", function () { shownOnThePage = reasonItFailed; });
})();
"#;
        let out = minify_script(source, "boot.js").unwrap();
        assert!(out.len() < source.len() * 2 / 3, "{} -> {} bytes: {out}", source.len(), out.len());
        assert!(!out.contains("What the page") && !out.contains("reasonItFailed"), "{out}");
        assert!(out.contains("shownOnThePage") && out.contains("use strict"), "{out}");
        let error = minify_script("if (", "boot.js").unwrap_err().to_string();
        assert!(error.contains("boot.js is not a valid JavaScript script"), "{error}");
    }

    /// wasm-bindgen's JS for a module with a class nobody uses, cut down: the class, its `Symbol.dispose` line and
    /// finalization registry, the imports object, and the loader that uses `wasm`.
    const GLUE: &str = r#"export class IntoUnderlyingSink {
    free() { const ptr = this.__destroy_into_raw(); wasm.__wbg_intounderlyingsink_free(ptr, 0); }
    write(chunk) { return wasm.intounderlyingsink_write(this.__wbg_ptr, chunk); }
}
if (Symbol.dispose) IntoUnderlyingSink.prototype[Symbol.dispose] = IntoUnderlyingSink.prototype.free;
function __wbg_get_imports() {
    const import0 = {
        __proto__: null,
        __wbg_new_bb74001155cb8ca8: function() { return new Object(); },
        "__wbg_remove_8228e91d7ddbc755": function(arg0) { arg0.remove(); },
    };
    const other = { __wbg_new_bb74001155cb8ca8: 1 };
    return { __proto__: null, "./app_bg.js": import0 };
}
const IntoUnderlyingSinkFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_intounderlyingsink_free(ptr >>> 0, 1));
let wasm;
export default function init() { wasm = WebAssembly.instantiate(__wbg_get_imports()); return wasm.main(); }
"#;

    fn key_renames() -> Vec<(String, String)> {
        [("__wbg_new_bb74001155cb8ca8", "a"), ("__wbg_remove_8228e91d7ddbc755", "b"), ("./app_bg.js", "w")]
            .into_iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn object_keys_are_renamed_wherever_they_are_keys_and_strings_stay_strings() {
        let out = rename_property_keys(GLUE, &key_renames(), "app.js").unwrap();
        assert!(out.contains("        a: function() {") && out.contains(r#""b": function(arg0)"#), "{out}");
        assert!(out.contains(r#"{ __proto__: null, "w": import0 }"#) && out.contains("{ a: 1 }"), "{out}");
        assert!(!out.contains("__wbg_new_") && !out.contains("__wbg_remove") && !out.contains("app_bg"), "{out}");
        // Not a key: the class and its exports are untouched.
        assert!(out.contains("wasm.intounderlyingsink_write(") && out.contains("__proto__: null"), "{out}");
    }

    #[test]
    fn a_key_the_js_does_not_have_is_an_error() {
        let mut renames = key_renames();
        renames.push(("__wbg_gone_0000000000000000".into(), "c".into()));
        let error = rename_property_keys(GLUE, &renames, "app.js").unwrap_err().to_string();
        assert!(error.contains("app.js has no object key [\"__wbg_gone_0000000000000000\"]"), "{error}");
    }

    fn sink_exports() -> std::collections::BTreeSet<String> {
        ["__wbg_intounderlyingsink_free", "intounderlyingsink_write"].map(String::from).into()
    }

    #[test]
    fn a_dropped_class_takes_its_dispose_line_and_registry_and_nothing_else() {
        let out = drop_classes(GLUE, &["IntoUnderlyingSink"], &sink_exports(), "app.js").unwrap();
        assert!(!out.contains("IntoUnderlying") && !out.contains("intounderlying"), "{out}");
        assert!(
            out.contains("function __wbg_get_imports()") && out.contains("export default function init()"),
            "{out}"
        );
        assert!(out.contains("let wasm;"), "{out}");
        with_module(&out, "trimmed", |_| ()).expect("still a module");
    }

    #[test]
    fn a_class_in_use_or_missing_is_an_error() {
        let used = format!("{GLUE}export function stream() {{ return new IntoUnderlyingSink(); }}\n");
        let error = drop_classes(&used, &["IntoUnderlyingSink"], &sink_exports(), "app.js").unwrap_err().to_string();
        assert!(error.contains("app.js: [\"IntoUnderlyingSink\"] used outside the classes it drops"), "{error}");
        let error =
            drop_classes(GLUE, &["IntoUnderlyingSource"], &Default::default(), "app.js").unwrap_err().to_string();
        assert!(error.contains("app.js declares no class [\"IntoUnderlyingSource\"] to drop"), "{error}");
    }
}
