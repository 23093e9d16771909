//! Where bytes go: localStorage in the browser (through gloo-storage's handle), a map in unit tests.

/// Why a read or write failed.
#[derive(Clone, Debug, PartialEq)]
pub enum StoreError {
    /// The browser's storage quota is used up (nothing was written).
    Quota,
    /// Anything else the storage threw.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))] // only the browser's storage throws these
    Other(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Quota => f.write_str("storage is full"),
            StoreError::Other(e) => f.write_str(e),
        }
    }
}

/// A string key-value store.
pub trait Backend {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError>;
    fn set(&self, key: &str, value: &str) -> Result<(), StoreError>;
    fn keys(&self) -> Vec<String>;
}

/// An in-memory store with an optional size limit (in characters, like browsers count).
#[cfg(any(test, not(target_arch = "wasm32")))]
#[derive(Default)]
pub struct MemoryBackend {
    pub map: std::cell::RefCell<std::collections::BTreeMap<String, String>>,
    pub limit: Option<usize>,
}

#[cfg(any(test, not(target_arch = "wasm32")))]
impl Backend for MemoryBackend {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self.map.borrow().get(key).cloned())
    }
    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        if let Some(limit) = self.limit {
            let used: usize = self.map.borrow().iter().filter(|(k, _)| *k != key).map(|(k, v)| k.len() + v.len()).sum();
            if used + key.len() + value.len() > limit {
                return Err(StoreError::Quota);
            }
        }
        self.map.borrow_mut().insert(key.to_string(), value.to_string());
        Ok(())
    }
    fn keys(&self) -> Vec<String> {
        self.map.borrow().keys().cloned().collect()
    }
}

/// localStorage.
#[cfg(target_arch = "wasm32")]
pub struct WebBackend(web_sys::Storage);

#[cfg(target_arch = "wasm32")]
impl WebBackend {
    /// localStorage, or why it cannot be used (disabled, blocked by privacy settings, throwing).
    pub fn open() -> Result<WebBackend, String> {
        let window = web_sys::window().ok_or("no window")?;
        match window.local_storage() {
            // Reading the property first: `LocalStorage::raw` would panic where it throws.
            Ok(Some(_)) => Ok(WebBackend(<gloo_storage::LocalStorage as gloo_storage::Storage>::raw())),
            Ok(None) => Err("this browser has no localStorage".into()),
            Err(e) => Err(js_error_text(&e)),
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn js_error_text(e: &wasm_bindgen::JsValue) -> String {
    use wasm_bindgen::JsCast;
    if let Some(d) = e.dyn_ref::<web_sys::DomException>() {
        return format!("{}: {}", d.name(), d.message());
    }
    e.as_string().unwrap_or_else(|| format!("{e:?}"))
}

#[cfg(target_arch = "wasm32")]
fn is_quota(e: &wasm_bindgen::JsValue) -> bool {
    use wasm_bindgen::JsCast;
    e.dyn_ref::<web_sys::DomException>()
        .is_some_and(|d| d.name() == "QuotaExceededError" || d.name() == "NS_ERROR_DOM_QUOTA_REACHED" || d.code() == 22)
}

#[cfg(target_arch = "wasm32")]
impl Backend for WebBackend {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.0.get_item(key).map_err(|e| StoreError::Other(js_error_text(&e)))
    }
    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        self.0.set_item(key, value).map_err(|e| {
            if is_quota(&e) {
                StoreError::Quota
            } else {
                StoreError::Other(js_error_text(&e))
            }
        })
    }
    fn keys(&self) -> Vec<String> {
        let n = self.0.length().unwrap_or(0);
        (0..n).filter_map(|i| self.0.key(i).ok().flatten()).collect()
    }
}
