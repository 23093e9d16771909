//! A temporary copy of `dist/` that a test may change (a "new deploy", a missing file), removed when dropped.

use super::dist_dir;
use std::path::{Path, PathBuf};

pub struct DistCopy(PathBuf);

impl DistCopy {
    pub fn new(name: &str) -> DistCopy {
        let dir = std::env::temp_dir().join(format!("dicetray-e2e-dist-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        copy_dir(&dist_dir(), &dir);
        DistCopy(dir)
    }

    pub fn path(&self) -> PathBuf {
        self.0.clone()
    }

    /// Rewrite one file of the copy.
    pub fn edit(&self, file: &str, change: impl FnOnce(String) -> String) {
        let path = self.0.join(file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
        std::fs::write(&path, change(text)).unwrap();
    }

    /// The name of the one top-level file whose name starts with `prefix` (a content-hashed file such as
    /// `split_history-<hash>.wasm`).
    pub fn file_starting_with(&self, prefix: &str) -> String {
        let names: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(prefix))
            .collect();
        assert_eq!(names.len(), 1, "files starting with {prefix}: {names:?}");
        names.into_iter().next().unwrap()
    }
}

impl Drop for DistCopy {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}
