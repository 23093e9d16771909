//! The app's layers point down, and no files import each other in a circle (ARCHITECTURE.md, "Layers").
//!
//! Reads the app's `src/` (and the saved-data crate's) as text: every `use` item and every `crate::`/`super::`
//! path is an import of the file that defines what it names (followed through `pub use` re-exports). A failure
//! names the file and line of each import that breaks a rule.

mod components;
mod erased;
mod graph;
mod scan;
mod systems;

use graph::{circles, upward, Crate};
use std::collections::BTreeMap;
use std::path::Path;

/// The app's top-level modules, from the top layer down. A module may import its own files and the modules of
/// lower layers, never a module of its own layer or of a higher one.
const LAYERS: &[(&str, &[&str])] = &[
    ("the entry point", &["lib"]),
    ("the app frame", &["app"]),
    ("screens", &["screens"]),
    ("screen parts", &["characters", "history", "tray", "help", "table"]),
    ("panels, editors, storage", &["systems", "storage"]),
    ("shared parts", &["widgets", "route", "pwa", "startup"]),
    ("state", &["state"]),
];

/// Every `.rs` file under `root/src`, by path relative to `root`.
fn read_crate(root: &Path) -> BTreeMap<String, String> {
    fn walk(dir: &Path, root: &Path, out: &mut BTreeMap<String, String>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir).expect("a source folder").flatten().collect();
        entries.sort_by_key(|e| e.path());
        for e in entries {
            let path = e.path();
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|x| x == "rs") {
                let name = path.strip_prefix(root).expect("inside the crate").to_string_lossy().replace('\\', "/");
                out.insert(name, std::fs::read_to_string(&path).expect("a readable source file"));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(&root.join("src"), root, &mut out);
    out
}

fn problems(files: &BTreeMap<String, String>, layers: Option<&[(&str, &[&str])]>) -> Vec<String> {
    let krate = Crate::new(files);
    let imports = krate.imports();
    let mut out = layers.map(|l| upward(&imports, l)).unwrap_or_default();
    out.extend(circles(&imports));
    out
}

fn files(list: &[(&str, &str)]) -> BTreeMap<String, String> {
    list.iter().map(|(p, t)| (p.to_string(), t.to_string())).collect()
}

#[test]
fn the_apps_imports_point_down_the_layers_with_no_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = read_crate(root);
    assert!(files.len() > 50 && files.contains_key("src/app.rs"), "read the app's src/: {} files", files.len());
    let found = problems(&files, Some(LAYERS));
    assert!(found.is_empty(), "{} layering problems in src/:\n{}", found.len(), found.join("\n"));
}

/// The crates whose files import each other in no circle (the app's own `src/` is checked with its layers above).
/// Not yet among them: the table crate, whose files take the `tagged_enum!` macro by its path at the crate's root
/// (`crate::tagged_enum`, which this check reads as an import of `lib.rs`, the file that re-exports them); and the
/// rules crate, whose `systems/mod.rs` re-exports `choice.rs` and `contest.rs`, which read the `Odds` and `Request`
/// it declares (its notation engine and Remedy's files no longer form circles).
const CRATES_WITHOUT_CIRCLES: &[&str] = &["crates/saved", "crates/cli", "crates/tablenet"];

#[test]
fn the_crates_have_no_circle() {
    for krate in CRATES_WITHOUT_CIRCLES {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(krate);
        let files = read_crate(&root);
        let entry = ["src/lib.rs", "src/main.rs"].into_iter().find(|f| files.contains_key(*f));
        assert!(entry.is_some(), "read {krate}/src: {:?}", files.keys().collect::<Vec<_>>());
        let found = problems(&files, None);
        assert!(found.is_empty(), "{} problems in {krate}/src:\n{}", found.len(), found.join("\n"));
    }
}

#[test]
fn each_system_is_listed_once_and_every_other_list_is_made_from_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let list = std::fs::read_to_string(root.join("crates/rules/src/systems/mod.rs")).expect("the rules' systems");
    let systems = systems::listed(&list);
    assert_eq!(systems.len(), dicetray_rules::systems::SYSTEM_IDS.len(), "read the list: {systems:?}");
    let mut files = BTreeMap::new();
    for krate in [".", "crates/rules", "crates/saved", "crates/cli", "crates/table", "crates/tablenet"] {
        for (path, text) in read_crate(&root.join(krate)) {
            if !(krate == "crates/rules" && path == "src/systems/mod.rs") {
                files.insert(format!("{krate}/{path}"), text);
            }
        }
    }
    let found = systems::second_lists(&files, &systems);
    assert!(found.is_empty(), "{} files list the systems a second time:\n{}", found.len(), found.join("\n"));
}

#[test]
fn no_component_is_longer_than_a_screen_or_two() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = read_crate(root);
    let all = components::components(&files);
    assert!(all.len() > 60, "read the app's components: {}", all.len());
    let found = components::too_long(&files);
    assert!(found.is_empty(), "{} components are too long:\n{}", found.len(), found.join("\n"));
}

#[test]
fn derived_signals_and_effects_are_made_through_state_erased() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = read_crate(root);
    assert!(files.contains_key("src/state/erased.rs"), "read the app's src/: {} files", files.len());
    let found = erased::direct_calls(&files);
    assert!(found.is_empty(), "{} direct calls:\n{}", found.len(), found.join("\n"));
}

#[test]
fn a_direct_call_is_named_with_its_file_and_line_and_comments_are_not_calls() {
    let tree = files(&[
        ("src/state/erased.rs", "Effect::new(f)\nSignal::derive(f)\n"),
        ("src/a.rs", "// Signal::derive(f) in a comment\nlet s = Signal::derive(move || 1); // Effect::new(\n"),
        ("src/b.rs", "let s = erased::derive(f);\nlet m = Memo::new(f);\nEffect::new(move |_| ());\n"),
    ]);
    assert_eq!(
        erased::direct_calls(&tree),
        ["src/a.rs:2: Signal::derive( (use state::erased)", "src/b.rs:3: Effect::new( (use state::erased)"]
    );
}

#[test]
fn a_components_length_runs_from_its_attribute_to_its_closing_brace() {
    let body = |n: usize| (0..n).map(|i| format!("    let x{i} = {i};\n")).collect::<String>();
    let text = format!(
        "#[component]\npub fn Short() -> impl IntoView {{\n{}}}\n\nfn helper() {{}}\n\n#[component]\nfn Long(\n    a: u8,\n) -> impl IntoView {{\n{}    view! {{ <p>\"x\"</p> }}\n}}\n",
        body(3),
        body(150)
    );
    let tree = files(&[("src/a.rs", &text)]);
    let all = components::components(&tree);
    assert_eq!(
        all,
        [("src/a.rs".to_string(), "Short".to_string(), 6), ("src/a.rs".to_string(), "Long".to_string(), 156)]
    );
    assert_eq!(components::too_long(&tree), ["src/a.rs: Long is 156 lines (at most 150)"]);
}

#[test]
fn a_file_naming_three_systems_is_a_second_list() {
    let list = "macro_rules! for_each_system {\n    ($then:ident) => {\n        $then! {\n            Remedy(remedy) \"remedy\",\n            TotalEffect(total_effect) \"total-effect\",\n            HackAndSlash(hack_and_slash) \"hack-and-slash\",\n        }\n    };\n}";
    let systems = systems::listed(list);
    let ids: Vec<_> = systems.iter().map(|(id, ty)| format!("{id} {ty}")).collect();
    assert_eq!(ids, ["remedy Remedy", "total-effect TotalEffect", "hack-and-slash HackAndSlash"]);
    let tree = files(&[
        ("src/a.rs", "match id { \"remedy\" => 1, \"total-effect\" => 2, \"hack-and-slash\" => 3 }"),
        ("src/b.rs", "let r = Roll::Remedy(x);\nlet t: TotalEffectRoll = y;\nlet h = \"hack-and-slash-x\";"),
        ("src/c.rs", "Roll::Remedy(x) | Roll::TotalEffect(y) | Roll::HackAndSlash(z)"),
        ("src/d.rs", "// \"remedy\" \"total-effect\" \"hack-and-slash\"\nfn f() {}\n#[cfg(test)]\nmod tests { const A: [&str; 3] = [\"remedy\", \"total-effect\", \"hack-and-slash\"]; }"),
        ("src/e.rs", "Sheet::Remedy(x) => 1, Sheet::TotalEffect(y) => 2"),
    ]);
    let found = systems::second_lists(&tree, &systems);
    assert_eq!(
        found,
        ["src/a.rs names remedy, total-effect, hack-and-slash", "src/c.rs names remedy, total-effect, hack-and-slash"]
    );
}

#[test]
fn an_import_up_the_layers_is_named_with_its_file_and_line() {
    let tree = files(&[
        ("src/lib.rs", "mod screens;\nmod systems;\nmod state;\n"),
        ("src/screens/mod.rs", "pub mod roll;\n"),
        ("src/screens/roll.rs", "use crate::systems::panel::Panel;\npub fn kit() {}\n"),
        ("src/systems/mod.rs", "pub mod panel;\n"),
        ("src/systems/panel.rs", "use leptos::prelude::*;\n\nuse crate::screens::roll::kit;\npub struct Panel;\n"),
        ("src/state/mod.rs", "// crate::screens::roll::kit in a comment\nfn f() { let s = \"crate::screens\"; }\n"),
    ]);
    let layers: &[(&str, &[&str])] =
        &[("top", &["lib"]), ("screens", &["screens"]), ("systems", &["systems"]), ("state", &["state"])];
    let found = problems(&tree, Some(layers));
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(
        found[0].starts_with(
            "src/systems/panel.rs:3: `crate::screens::roll::kit` imports src/screens/roll.rs (layer 2, screens)"
        ),
        "{}",
        found[0]
    );
    assert!(found[1].starts_with("a circle of 2 files (src/screens/roll.rs, src/systems/panel.rs)"), "{}", found[1]);
    assert!(found[1].contains("src/screens/roll.rs:1: `crate::systems::panel::Panel` -> src/systems/panel.rs"));
}

#[test]
fn modules_of_one_layer_do_not_import_each_other_and_every_module_has_a_layer() {
    let tree = files(&[
        ("src/lib.rs", ""),
        ("src/tray/mod.rs", "fn f() { crate::help::words(); }\n"),
        ("src/help/mod.rs", "pub fn words() {}\n"),
        ("src/extra.rs", "use crate::help::words;\n"),
    ]);
    let layers: &[(&str, &[&str])] = &[("parts", &["tray", "help"])];
    let found = problems(&tree, Some(layers));
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(
        found.iter().any(|p| p.starts_with("src/tray/mod.rs:1: `crate::help::words` imports src/help/mod.rs")
            && p.contains("modules of one layer do not import each other")),
        "{found:#?}"
    );
    assert!(found.iter().any(|p| p.contains("the module `extra` is in no layer")), "{found:#?}");
}

#[test]
fn re_exports_inline_modules_and_literals_are_read_as_the_compiler_reads_them() {
    let tree = files(&[
        ("src/lib.rs", "pub mod sys;\n"),
        ("src/sys/mod.rs", "mod panel;\nmod sheet;\npub use panel::*;\npub use sheet::*;\npub use other_crate::Outside;\n"),
        // `super::TRACKS` is sheet.rs's (handed on by mod.rs), not mod.rs's: no circle with mod.rs.
        (
            "src/sys/panel.rs",
            "use super::{TRACKS, Outside};\npub fn label() {}\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use super::super::sheet::Sheet;\n}\n",
        ),
        ("src/sys/sheet.rs", "pub struct Sheet;\npub const TRACKS: [u8; 1] = [0];\nfn f() { let r = r#\"super::panel::label\"#; let c = '\"'; }\n"),
    ]);
    let krate = Crate::new(&tree);
    let mut imports: Vec<(String, String, usize)> =
        krate.imports().into_iter().map(|i| (i.from, i.to, i.line)).collect();
    imports.sort();
    let expected = [
        ("src/sys/mod.rs", "src/sys/panel.rs", 3),
        ("src/sys/mod.rs", "src/sys/sheet.rs", 4),
        ("src/sys/panel.rs", "src/sys/sheet.rs", 1),
        ("src/sys/panel.rs", "src/sys/sheet.rs", 6),
    ];
    let expected: Vec<(String, String, usize)> =
        expected.iter().map(|(a, b, l)| (a.to_string(), b.to_string(), *l)).collect();
    assert_eq!(imports, expected);
    assert!(circles(&krate.imports()).is_empty());
}
