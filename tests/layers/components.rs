//! Components of a readable size (ARCHITECTURE.md, "Layers"): no Leptos `#[component]` function in `src/` is longer
//! than [`MAX_LINES`] lines, counted from `#[component]` to the function's closing brace. A longer one wants its
//! inputs, result or follow-ups split into components of their own.

use std::collections::BTreeMap;

/// The most lines a component may take.
pub const MAX_LINES: usize = 150;

/// Every component in `files` (path -> text) as (path, name, lines), in file order.
pub fn components(files: &BTreeMap<String, String>) -> Vec<(String, String, usize)> {
    let mut out = Vec::new();
    for (path, text) in files {
        let lines: Vec<&str> = text.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            if lines[i].trim() != "#[component]" {
                i += 1;
                continue;
            }
            let start = i;
            // The signature: the first line after the attribute that has `fn <Name>`.
            let Some(sig) = (i + 1..lines.len()).find(|&j| lines[j].contains("fn ")) else { break };
            let line = lines[sig];
            let indent = line.len() - line.trim_start().len();
            let name: String = line[line.find("fn ").unwrap_or(0) + 3..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let close = format!("{}}}", " ".repeat(indent));
            let end = (sig..lines.len()).find(|&j| lines[j] == close).unwrap_or(lines.len() - 1);
            out.push((path.clone(), name, end - start + 1));
            i = end + 1;
        }
    }
    out
}

/// Each component over [`MAX_LINES`], as `path: Name is N lines`.
pub fn too_long(files: &BTreeMap<String, String>) -> Vec<String> {
    components(files)
        .into_iter()
        .filter(|(_, _, n)| *n > MAX_LINES)
        .map(|(path, name, n)| format!("{path}: {name} is {n} lines (at most {MAX_LINES})"))
        .collect()
}
