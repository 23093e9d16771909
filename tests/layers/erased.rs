//! The app makes its derived signals and effects through `src/state/erased.rs` (ARCHITECTURE.md, the code map's
//! `src/state/`): Leptos' own constructors compile a copy of themselves for every closure they are given, and each
//! call to them slips a few hundred bytes of wasm back in unnoticed (issue #31).

use std::collections::BTreeMap;

/// The constructors the app calls through `state::erased`, and the file that may call them.
const LEPTOS_CONSTRUCTORS: [&str; 2] = ["Signal::derive(", "Effect::new("];
const ERASED: &str = "src/state/erased.rs";

/// Each call to one of Leptos' constructors outside `erased.rs`, as `path:line: Effect::new(`; comments not counted.
pub fn direct_calls(files: &BTreeMap<String, String>) -> Vec<String> {
    let mut out = Vec::new();
    for (path, text) in files.iter().filter(|(p, _)| p.as_str() != ERASED) {
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for name in LEPTOS_CONSTRUCTORS.iter().filter(|c| code.contains(*c)) {
                out.push(format!("{path}:{}: {name} (use state::erased)", n + 1));
            }
        }
    }
    out
}
