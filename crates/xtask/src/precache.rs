//! The service worker's build id and precache list (public/sw.js), written over the final files, chunks included:
//!   BUILD    = the first 16 hex digits of a SHA-256 over every file's path and content, so a deploy that changes any
//!              byte is a new service worker, hence a new cache and the "new version" banner;
//!   PRECACHE = "./" (the app shell, index.html) and every file but sw.js, index.html and robots.txt.

use crate::digest::sha256_hex;
use eyre::{bail, Result, WrapErr};
use std::path::Path;

const BUILD_PLACEHOLDER: &str = "const BUILD = \"dev\";";
const PRECACHE_PLACEHOLDER: &str = "const PRECACHE = [];";

/// Fills in the staged `sw.js` from every file staged beside it.
pub fn write(staging: &Path) -> Result<String> {
    let sw_path = staging.join("sw.js");
    let sw = std::fs::read_to_string(&sw_path)
        .wrap_err_with(|| format!("{} missing (is public/ copied to the dist root?)", sw_path.display()))?;
    let mut files = Vec::new();
    collect(staging, "", &mut files)?;
    files.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    let filled = fill(&sw, &files)?;
    std::fs::write(&sw_path, filled).wrap_err_with(|| format!("write {}", sw_path.display()))?;
    Ok(format!("sw.js build {}, {} files precached", build_id(&files), files.len()))
}

/// Every file under `dir` but those named sw.js, as (path relative to the site root with `/`, content).
fn collect(dir: &Path, prefix: &str, files: &mut Vec<(String, Vec<u8>)>) -> Result<()> {
    let entries = std::fs::read_dir(dir).wrap_err_with(|| format!("list {}", dir.display()))?;
    for entry in entries {
        let entry = entry?;
        let name = entry.file_name().into_string().map_err(|n| eyre::eyre!("a file name that is not UTF-8: {n:?}"))?;
        let path = format!("{prefix}{name}");
        if entry.file_type()?.is_dir() {
            collect(&entry.path(), &format!("{path}/"), files)?;
        } else if name != "sw.js" {
            files.push((path, std::fs::read(entry.path())?));
        }
    }
    Ok(())
}

fn build_id(files: &[(String, Vec<u8>)]) -> String {
    let listing: String = files.iter().map(|(path, bytes)| format!("{}  {path}\n", sha256_hex(bytes))).collect();
    sha256_hex(listing.as_bytes())[..16].to_string()
}

/// `sw` with its two placeholder lines replaced; `files` in byte order of their paths.
pub fn fill(sw: &str, files: &[(String, Vec<u8>)]) -> Result<String> {
    let lines: Vec<&str> = sw.lines().collect();
    for placeholder in [BUILD_PLACEHOLDER, PRECACHE_PLACEHOLDER] {
        let found = lines.iter().filter(|line| **line == placeholder).count();
        if found != 1 {
            bail!("sw.js must have the line `{placeholder}` exactly once (found {found})");
        }
    }
    let mut list = vec![json_string("./")];
    list.extend(
        files
            .iter()
            .map(|(path, _)| path.as_str())
            .filter(|path| !matches!(*path, "index.html" | "robots.txt"))
            .map(json_string),
    );
    let build = format!("const BUILD = \"{}\";", build_id(files));
    let precache = format!("const PRECACHE = [{}];", list.join(", "));
    let mut out = String::with_capacity(sw.len() + precache.len());
    for line in sw.split_inclusive('\n') {
        let (text, end) = line.strip_suffix('\n').map_or((line, ""), |text| (text, "\n"));
        match text {
            BUILD_PLACEHOLDER => out.push_str(&build),
            PRECACHE_PLACEHOLDER => out.push_str(&precache),
            _ => out.push_str(text),
        }
        out.push_str(end);
    }
    Ok(out)
}

fn json_string(text: &str) -> String {
    serde_json::to_string(text).expect("a string always serialises")
}

#[cfg(test)]
mod tests {
    use super::*;

    const SW: &str = "// worker\nconst BUILD = \"dev\";\nconst PRECACHE = [];\nconst CACHE = PREFIX + BUILD;\n";

    fn files() -> Vec<(String, Vec<u8>)> {
        vec![
            ("app-1.js".into(), b"js".to_vec()),
            ("icons/icon.png".into(), b"png".to_vec()),
            ("index.html".into(), b"<html>".to_vec()),
            ("robots.txt".into(), b"User-agent: *".to_vec()),
        ]
    }

    #[test]
    fn the_list_is_the_shell_and_every_file_but_the_page_and_robots_txt() {
        let out = fill(SW, &files()).unwrap();
        assert!(out.contains("\nconst PRECACHE = [\"./\", \"app-1.js\", \"icons/icon.png\"];\n"), "{out}");
        assert!(out.starts_with("// worker\n") && out.ends_with("const CACHE = PREFIX + BUILD;\n"), "{out}");
    }

    #[test]
    fn the_build_id_is_the_hash_of_the_sha256sum_listing() {
        // What `sha256sum` prints for each file, then the hash of those lines: the id the shell hook wrote.
        let listing: String = files().iter().map(|(p, b)| format!("{}  {p}\n", sha256_hex(b))).collect();
        let expected = &sha256_hex(listing.as_bytes())[..16];
        let out = fill(SW, &files()).unwrap();
        assert!(out.contains(&format!("const BUILD = \"{expected}\";")), "{out}");
    }

    #[test]
    fn any_changed_byte_or_name_is_a_new_build() {
        let id = |files: &[(String, Vec<u8>)]| build_id(files);
        let mut changed = files();
        changed[1].1.push(0);
        assert_ne!(id(&files()), id(&changed));
        let mut renamed = files();
        renamed[0].0 = "app-2.js".into();
        assert_ne!(id(&files()), id(&renamed));
    }

    #[test]
    fn a_worker_without_the_placeholders_is_refused() {
        let error = fill("const BUILD = \"abc\";\nconst PRECACHE = [];\n", &files()).unwrap_err();
        assert!(error.to_string().contains("const BUILD = \"dev\";"), "{error}");
        let twice = format!("{SW}{PRECACHE_PLACEHOLDER}\n");
        assert!(fill(&twice, &files()).unwrap_err().to_string().contains("found 2"));
    }

    #[test]
    fn the_staged_folder_is_listed_in_byte_order_without_sw_js() {
        let dir = std::env::temp_dir().join(format!("dicetray-xtask-precache-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("icons")).unwrap();
        for (path, content) in [("sw.js", SW), ("b.js", "b"), ("B.js", "B"), ("icons/a.png", "a"), ("index.html", "")] {
            std::fs::write(dir.join(path), content).unwrap();
        }
        let summary = write(&dir).unwrap();
        let sw = std::fs::read_to_string(dir.join("sw.js")).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(sw.contains("const PRECACHE = [\"./\", \"B.js\", \"b.js\", \"icons/a.png\"];"), "{sw}");
        assert!(summary.ends_with("4 files precached"), "{summary}");
    }
}
