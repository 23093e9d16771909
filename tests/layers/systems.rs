//! Each system is listed once (ARCHITECTURE.md, "Adding a system"): the rules crate's `for_each_system!` is the one
//! place that names every system; every other list and dispatch is made from it. So no other file's code names
//! three or more systems, by id (`"remedy"`) or by type (`Remedy`): a file that does is a second list. (A file may
//! name one or two: a system's own feature, such as the 24-System's Push or Ruina Imperii's Fortune.)

use std::collections::BTreeMap;

/// (id, type name) of every system, read from the one list.
pub fn listed(list_file: &str) -> Vec<(String, String)> {
    let start = list_file.find("macro_rules! for_each_system").expect("the list of systems");
    let body = &list_file[start..];
    let body = &body[..body.find("};").expect("the end of the list")];
    body.lines()
        .filter_map(|line| {
            let line = line.trim();
            let (ty, rest) = line.split_once('(')?;
            let id = rest.split('"').nth(1)?;
            (!ty.is_empty() && ty.chars().all(char::is_alphanumeric)).then(|| (id.to_string(), ty.to_string()))
        })
        .collect()
}

/// The code of a source file: without comments and without its test module (from `#[cfg(test)]` at the start of
/// a line to the end of the file, where this project keeps it).
fn code(text: &str) -> String {
    let end = text.find("\n#[cfg(test)]").unwrap_or(text.len());
    text[..end].lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

fn names_word(code: &str, word: &str) -> bool {
    code.match_indices(word).any(|(i, _)| {
        let before = code[..i].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_');
        let after = code[i + word.len()..].chars().next().is_some_and(|c| c.is_alphanumeric() || c == '_');
        !before && !after
    })
}

/// Every file (path -> text) whose code names three or more systems, with the systems it names.
pub fn second_lists(files: &BTreeMap<String, String>, systems: &[(String, String)]) -> Vec<String> {
    files
        .iter()
        .filter_map(|(path, text)| {
            let code = code(text);
            let named: Vec<&str> = systems
                .iter()
                .filter(|(id, ty)| code.contains(&format!("\"{id}\"")) || names_word(&code, ty))
                .map(|(id, _)| id.as_str())
                .collect();
            (named.len() > 2).then(|| format!("{path} names {}", named.join(", ")))
        })
        .collect()
}
