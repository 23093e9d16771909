//! Which file imports which, in one crate's `src/`, and what breaks the layering: an import up the layers, or
//! files that import each other in a circle.

use crate::scan::{scan, Named, Scanned};
use std::collections::{BTreeMap, BTreeSet};

/// One import of a file by another: where it is written and what it names.
#[derive(Clone, Debug)]
pub struct Import {
    pub from: String,
    pub to: String,
    pub line: usize,
    pub path: String,
}

/// A crate's source files by path relative to the crate (`src/app.rs`), read.
pub struct Crate {
    files: BTreeMap<String, Scanned>,
    /// Module path (`["systems", "remedy"]`) to file.
    modules: BTreeMap<Vec<String>, String>,
}

impl Crate {
    /// `files`: path (`src/...`) to text. The crate root is `src/lib.rs`; `src/main.rs` is a crate of its own.
    pub fn new(files: &BTreeMap<String, String>) -> Crate {
        let mut modules = BTreeMap::new();
        for path in files.keys() {
            if let Some(m) = module_of(path) {
                modules.insert(m, path.clone());
            }
        }
        let files = files.iter().map(|(p, t)| (p.clone(), scan(t))).collect();
        Crate { files, modules }
    }

    /// Every import between two different files of the crate.
    pub fn imports(&self) -> Vec<Import> {
        let mut out = Vec::new();
        for (path, scanned) in &self.files {
            let Some(module) = module_of(path) else { continue };
            for named in &scanned.named {
                let Some(absolute) = self.absolute(&module, scanned, named) else { continue };
                let to = if named.glob { self.modules.get(&absolute).cloned() } else { self.resolve(&absolute) };
                if let Some(to) = to.filter(|to| to != path) {
                    out.push(Import { from: path.clone(), to, line: named.line, path: named.segments.join("::") });
                }
            }
        }
        out
    }

    /// The path `named` names, from the crate root; None for another crate's (`leptos::...`, `std::...`).
    fn absolute(&self, module: &[String], scanned: &Scanned, named: &Named) -> Option<Vec<String>> {
        let mut here: Vec<String> = module.iter().chain(&named.inline).cloned().collect();
        let mut segs = named.segments.iter().peekable();
        match segs.peek().map(|s| s.as_str()) {
            Some("crate") => {
                segs.next();
                here.clear();
            }
            Some("super") | Some("self") => {}
            // A child module of this file (`use panel::label;` in a mod.rs), seen from the file's top level.
            Some(first) if named.inline.is_empty() && scanned.children.iter().any(|c| c == first) => {}
            _ => return None,
        }
        while let Some(s) = segs.peek() {
            match s.as_str() {
                "super" => {
                    here.pop();
                }
                "self" => {}
                _ => break,
            }
            segs.next();
        }
        here.extend(segs.filter(|s| *s != "self").cloned());
        Some(here)
    }

    /// The file that defines what `path` names: the longest module prefix that is a file, followed through the
    /// re-exports (`pub use sheet::*;`) of that file to the file that defines the item; None for another crate's.
    fn resolve(&self, path: &[String]) -> Option<String> {
        let k = (0..=path.len()).rev().find(|k| self.modules.contains_key(&path[..*k]))?;
        match self.found(path, &mut BTreeSet::new()) {
            Found::File(f) => Some(f),
            Found::Elsewhere => None,
            // Not seen defined anywhere (made by a macro, say): the file named.
            Found::Nowhere => Some(self.modules[&path[..k]].clone()),
        }
    }

    fn found(&self, path: &[String], seen: &mut BTreeSet<(String, String)>) -> Found {
        let Some(k) = (0..=path.len()).rev().find(|k| self.modules.contains_key(&path[..*k])) else {
            return Found::Nowhere;
        };
        let file = &self.modules[&path[..k]];
        match path.get(k) {
            None => Found::File(file.clone()),
            Some(item) => self.find(file, item, &path[k + 1..], seen),
        }
    }

    /// Where `item` of `file` comes from: defined there, or handed on by one of its `use` items.
    fn find(&self, file: &str, item: &str, rest: &[String], seen: &mut BTreeSet<(String, String)>) -> Found {
        let scanned = &self.files[file];
        if scanned.defines.iter().any(|d| d == item) {
            return Found::File(file.to_string());
        }
        if !seen.insert((file.to_string(), item.to_string())) {
            return Found::Nowhere;
        }
        let Some(module) = module_of(file) else { return Found::Nowhere };
        for named in scanned.named.iter().filter(|n| n.is_use && n.inline.is_empty()) {
            let target = self.absolute(&module, scanned, named);
            let name = named.alias.as_ref().or(named.segments.last());
            match target {
                None if !named.glob && name.map(String::as_str) == Some(item) => return Found::Elsewhere,
                None => {}
                Some(target) if named.glob => {
                    if let Some(inner) = self.modules.get(&target) {
                        if let Found::File(f) = self.find(inner, item, rest, seen) {
                            return Found::File(f);
                        }
                    }
                }
                Some(mut target) if name.map(String::as_str) == Some(item) => {
                    target.extend(rest.iter().cloned());
                    return self.found(&target, seen);
                }
                Some(_) => {}
            }
        }
        Found::Nowhere
    }
}

enum Found {
    File(String),
    /// Another crate's item, handed on.
    Elsewhere,
    Nowhere,
}

/// The module path of a file (`src/systems/remedy/panel.rs` -> `["systems", "remedy", "panel"]`); `src/lib.rs` is
/// the root; None for `src/main.rs` (a crate of its own) and anything outside `src/`.
pub fn module_of(path: &str) -> Option<Vec<String>> {
    let rest = path.strip_prefix("src/")?.strip_suffix(".rs")?;
    if rest == "main" {
        return None;
    }
    if rest == "lib" {
        return Some(Vec::new());
    }
    let mut segs: Vec<String> = rest.split('/').map(str::to_string).collect();
    if segs.last().map(String::as_str) == Some("mod") {
        segs.pop();
    }
    Some(segs)
}

/// The layer a file belongs to: its top-level module (`systems` for `src/systems/remedy/panel.rs`, `app` for
/// `src/app.rs`, `lib` for `src/lib.rs`).
pub fn unit_of(path: &str) -> String {
    match module_of(path) {
        Some(m) if !m.is_empty() => m[0].clone(),
        Some(_) => "lib".into(),
        None => "main".into(),
    }
}

/// Imports that run up the layers: `layers` lists the top-level modules from the top layer down; a file may import
/// its own top-level module and any module of a lower layer, nothing else (a module not listed is a problem too).
pub fn upward(imports: &[Import], layers: &[(&str, &[&str])]) -> Vec<String> {
    let layer = |unit: &str| layers.iter().position(|(_, units)| units.contains(&unit));
    let mut out = Vec::new();
    let mut unlisted = BTreeSet::new();
    for i in imports {
        let (from, to) = (unit_of(&i.from), unit_of(&i.to));
        if from == to {
            continue;
        }
        match (layer(&from), layer(&to)) {
            (Some(a), Some(b)) if b > a => {}
            (Some(a), Some(b)) => out.push(format!(
                "{}:{}: `{}` imports {} (layer {}, {}) from layer {} ({}): {}",
                i.from,
                i.line,
                i.path,
                i.to,
                b + 1,
                layers[b].0,
                a + 1,
                layers[a].0,
                if a == b { "modules of one layer do not import each other" } else { "imports point down, never up" }
            )),
            (a, b) => {
                for (unit, found) in [(&from, a), (&to, b)] {
                    if found.is_none() && unlisted.insert(unit.clone()) {
                        out.push(format!(
                            "{}:{}: `{}`: the module `{unit}` is in no layer; add it to LAYERS (tests/layers/main.rs)",
                            i.from, i.line, i.path
                        ));
                    }
                }
            }
        }
    }
    out
}

/// Files that import each other in a circle: each circle with the imports that close it.
pub fn circles(imports: &[Import]) -> Vec<String> {
    let mut edges: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for i in imports {
        edges.entry(&i.from).or_default().insert(&i.to);
        edges.entry(&i.to).or_default();
    }
    let mut out = Vec::new();
    for component in strongly_connected(&edges) {
        if component.len() < 2 {
            continue;
        }
        // One line per import item: its file, line and every name it takes.
        let mut lines: BTreeMap<(&str, usize, &str), Vec<&str>> = BTreeMap::new();
        for i in imports.iter().filter(|i| component.contains(i.from.as_str()) && component.contains(i.to.as_str())) {
            lines.entry((&i.from, i.line, &i.to)).or_default().push(&i.path);
        }
        let inside: Vec<String> = lines
            .iter()
            .map(|((from, line, to), paths)| format!("  {from}:{line}: `{}` -> {to}", paths.join("`, `")))
            .collect();
        let names: Vec<&str> = component.iter().copied().collect();
        out.push(format!(
            "a circle of {} files ({}); its imports:\n{}",
            names.len(),
            names.join(", "),
            inside.join("\n")
        ));
    }
    out
}

/// Tarjan's strongly connected components.
fn strongly_connected<'a>(edges: &BTreeMap<&'a str, BTreeSet<&'a str>>) -> Vec<BTreeSet<&'a str>> {
    struct Walk<'a, 'e> {
        edges: &'e BTreeMap<&'a str, BTreeSet<&'a str>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: Vec<BTreeSet<&'a str>>,
    }
    impl<'a> Walk<'a, '_> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for &w in &self.edges[v] {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = BTreeSet::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    component.insert(w);
                    if w == v {
                        break;
                    }
                }
                self.out.push(component);
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for &v in edges.keys() {
        if !walk.index.contains_key(v) {
            walk.visit(v);
        }
    }
    walk.out
}
