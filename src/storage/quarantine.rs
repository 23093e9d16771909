//! Keeping unreadable data aside instead of dropping it: `<key>.corrupt.<ms>` for what could not be read,
//! `<key>.future.<ms>` for a blob from a newer dicetray.

use super::backend::{Backend, StoreError};
use dicetray_saved::migrate::BadEntry;
use serde_json::json;

/// Write `content` under a fresh `<key>.<tag>.<ms>` key; returns that key.
pub fn keep_aside(b: &dyn Backend, key: &str, tag: &str, now_ms: f64, content: &str) -> Result<String, StoreError> {
    let keys = b.keys();
    let base = format!("{key}.{tag}.{}", now_ms.max(0.0) as u64);
    let mut aside = base.clone();
    let mut n = 1;
    while keys.contains(&aside) {
        n += 1;
        aside = format!("{base}-{n}");
    }
    b.set(&aside, content)?;
    Ok(aside)
}

/// Like [`keep_aside`] but reuses an existing `<key>.<tag>.*` that already holds exactly `content`
/// (a newer version's blob is seen on every start-up; one copy is enough).
pub fn keep_aside_once(
    b: &dyn Backend,
    key: &str,
    tag: &str,
    now_ms: f64,
    content: &str,
) -> Result<String, StoreError> {
    let prefix = format!("{key}.{tag}.");
    for k in b.keys().into_iter().filter(|k| k.starts_with(&prefix)) {
        if b.get(&k)?.as_deref() == Some(content) {
            return Ok(k);
        }
    }
    keep_aside(b, key, tag, now_ms, content)
}

/// The JSON kept aside for entries that could not be read: `[{"index", "error", "entry"}]`.
pub fn bad_entries_json(bad: &[BadEntry]) -> String {
    let list: Vec<_> = bad.iter().map(|b| json!({"index": b.index, "error": b.error, "entry": b.raw})).collect();
    serde_json::Value::Array(list).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::backend::MemoryBackend;

    #[test]
    fn aside_keys_never_overwrite_each_other() {
        let b = MemoryBackend::default();
        let k1 = keep_aside(&b, "dicetray.history", "corrupt", 5.0, "one").unwrap();
        let k2 = keep_aside(&b, "dicetray.history", "corrupt", 5.0, "two").unwrap();
        assert_eq!(k1, "dicetray.history.corrupt.5");
        assert_eq!(k2, "dicetray.history.corrupt.5-2");
        assert_eq!(b.get(&k1).unwrap().as_deref(), Some("one"));
        let f1 = keep_aside_once(&b, "dicetray.history", "future", 6.0, "v9").unwrap();
        let f2 = keep_aside_once(&b, "dicetray.history", "future", 7.0, "v9").unwrap();
        assert_eq!(f1, f2, "the same future blob is kept once");
    }
}
