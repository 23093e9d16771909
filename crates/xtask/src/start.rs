//! How the page starts the app: the markup that takes the place of index.html's `<link data-trunk rel="rust">`
//! (Trunk.toml sets `inject_scripts = false`, so Trunk leaves that element for us and injects no loader of its own).
//!
//! - `<script type="module">` (start/loader.js): imports the app's JS, waits for `window.dicetrayPainted`, then
//!   fetches and starts the wasm.
//! - `<link rel="modulepreload">` for the app's JS, with the Subresource Integrity of the JS as shipped.
//! - `<script>` (start/after_paint.js): the wasm is fetched once the start-up frame (index.html's #boot) has
//!   painted, not while the page is still being parsed. Fetched earlier, on a fast connection the app started before
//!   the frame was ever shown, and the page's largest paint became the Roll screen's, which waits for the whole wasm
//!   (Lighthouse's simulated slow 4G counts every request that started before the largest paint as blocking it).
//!   Started just after the first paint, the download costs the player nothing they would see. It waits for the
//!   first contentful paint (a `paint` PerformanceObserver; at once in a hidden tab, which does not paint; after 1 s
//!   at the latest), then preloads the wasm and resolves `window.dicetrayPainted`. The preload carries no
//!   `integrity`: Chromium ignores it for `as="fetch"` and warns in the console.

use crate::digest::integrity;
use crate::html;
use eyre::Result;

const LOADER: &str = include_str!("start/loader.js");
const AFTER_PAINT: &str = include_str!("start/after_paint.js");

/// The app's two files as staged, and the URL prefix of the site (Trunk's `public_url`, `./`).
pub struct App<'a> {
    pub base: &'a str,
    pub js_name: &'a str,
    pub js: &'a [u8],
    pub wasm_name: &'a str,
}

/// The markup that starts the app.
pub fn markup(app: &App) -> String {
    let js_url = format!("{}{}", app.base, app.js_name);
    let wasm_url = format!("{}{}", app.base, app.wasm_name);
    let fill = |template: &str| {
        template.replace("\"__JS_URL__\"", &json_string(&js_url)).replace("\"__WASM_URL__\"", &json_string(&wasm_url))
    };
    format!(
        "<script type=\"module\">\n{loader}</script>\n    \
         <link rel=\"modulepreload\" href=\"{js_url}\" crossorigin=\"anonymous\" integrity=\"{integrity}\">\n    \
         <script>\n{after_paint}</script>",
        loader = fill(LOADER),
        integrity = integrity(app.js),
        after_paint = fill(AFTER_PAINT),
    )
}

/// `page` with the Rust app's `<link data-trunk rel="rust">` replaced by [`markup`].
pub fn inject(page: &str, app: &App) -> Result<String> {
    html::replace_one(
        page,
        r#"link[data-trunk][rel="rust"]"#,
        &markup(app),
        "<link data-trunk rel=\"rust\"> left by Trunk",
    )
}

fn json_string(text: &str) -> String {
    serde_json::to_string(text).expect("a string always serialises")
}

#[cfg(test)]
mod tests {
    use super::*;

    const APP: App = App { base: "./", js_name: "app-1.js", js: b"export default 1;", wasm_name: "app-2_bg.wasm" };

    #[test]
    fn the_templates_have_each_placeholder_once() {
        assert_eq!(LOADER.matches("\"__JS_URL__\"").count(), 1);
        assert_eq!(LOADER.matches("\"__WASM_URL__\"").count(), 1);
        assert_eq!(AFTER_PAINT.matches("\"__WASM_URL__\"").count(), 1);
        let markup = markup(&APP);
        assert!(!markup.contains("__"), "a placeholder left: {markup}");
    }

    #[test]
    fn the_loader_imports_the_js_waits_for_the_paint_then_starts_the_wasm() {
        let code = html::inline_code(&markup(&APP)).unwrap();
        let loader = &code.scripts[0];
        let import = loader.find("import init from \"./app-1.js\";").expect(loader);
        let wait = loader.find("await window.dicetrayPainted;").expect(loader);
        let start = loader.find("await init({ module_or_path: \"./app-2_bg.wasm\" });").expect(loader);
        assert!(import < wait && wait < start, "{loader}");
    }

    #[test]
    fn the_js_is_preloaded_with_its_integrity_and_the_wasm_only_after_the_paint() {
        let markup = markup(&APP);
        let preload = format!(
            "<link rel=\"modulepreload\" href=\"./app-1.js\" crossorigin=\"anonymous\" integrity=\"{}\">",
            integrity(APP.js)
        );
        assert!(markup.contains(&preload), "{markup}");
        let code = html::inline_code(&markup).unwrap();
        assert_eq!(code.scripts.len(), 2);
        let after_paint = &code.scripts[1];
        assert!(after_paint.contains("link.href = \"./app-2_bg.wasm\";"), "{after_paint}");
        assert!(after_paint.contains("\"first-contentful-paint\"") && after_paint.contains("setTimeout(start, 1000)"));
        assert!(!markup.contains("rel=\"preload\""), "no wasm preload before the paint: {markup}");
    }

    #[test]
    fn the_markup_takes_the_place_of_the_rust_link() {
        let page =
            "<head>\n    <link data-trunk rel=\"rust\" data-bin=\"dicetray-app\" data-trunk-id=\"9\"/>\n  </head>";
        let out = inject(page, &APP).unwrap();
        assert_eq!(out, format!("<head>\n    {}\n  </head>", markup(&APP)));
        let error = inject("<head></head>", &APP).unwrap_err().to_string();
        assert!(error.contains("<link data-trunk rel=\"rust\">") && error.contains("found 0"), "{error}");
    }
}
