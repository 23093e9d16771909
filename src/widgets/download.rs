//! Offering text as a file download (a character, the table log).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Offer `text` as a file download through a short-lived Blob URL.
pub fn download(name: &str, text: &str) -> Result<(), wasm_bindgen::JsValue> {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let link: web_sys::HtmlAnchorElement = document().create_element("a")?.unchecked_into();
    link.set_href(&url);
    link.set_download(name);
    link.click();
    set_timeout(move || _ = web_sys::Url::revoke_object_url(&url), std::time::Duration::from_secs(30));
    Ok(())
}
