//! The Content-Security-Policy (written into index.html by `crates/xtask/src/csp.rs`, whose unit tests check how it is
//! made, Trunk's auto-reload script under `make serve` included) and user text that must stay text. Every browser
//! test also fails on a CSP violation: the harness's probe records them as page errors.

use crate::harness::{BrowserTest, Page};
use serde_json::json;

/// The policy the page runs under.
async fn policy(page: &Page) -> String {
    let policy = page
        .js(
            "const m = document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]');
             return m ? m.content : null;",
            vec![],
        )
        .await;
    policy.as_str().expect("index.html has a Content-Security-Policy meta").to_string()
}

#[test]
fn the_policy_allows_only_this_site_and_hashed_inline_code() {
    BrowserTest::new().run(|page| async move {
        page.open("#/roll").await;
        let policy = policy(&page).await;
        let directives: Vec<&str> = policy.split(';').map(str::trim).collect();
        assert!(directives.contains(&"default-src 'none'"), "{policy}");
        for forbidden in ["'unsafe-inline'", "'unsafe-eval'", "http:", "https:", "*", "data:", "blob:"] {
            assert!(!policy.contains(forbidden), "the policy allows {forbidden}: {policy}");
        }
        let script_src = directives.iter().find(|d| d.starts_with("script-src ")).expect("a script-src");
        assert!(script_src.contains("'wasm-unsafe-eval'") && script_src.contains("'sha256-"), "{script_src}");
        // The app runs under it: it rendered, and nothing was blocked on the way.
        page.wait_for("#roll-button").await;
        assert!(page.js_errors().await.is_empty(), "page errors: {:?}", page.js_errors().await);
    });
}

#[test]
fn the_policy_is_enforced_on_injected_inline_code() {
    BrowserTest::new().run(|page| async move {
        page.open("#/roll").await;
        // Markup that would run code if it ever reached the DOM as HTML: an inline handler and an inline script.
        page.js(
            "const box = document.createElement('div');
             box.id = 'probe';
             document.body.append(box);
             box.innerHTML = '<img src=\"x\" onerror=\"window.__ran = (window.__ran || 0) + 1\">';
             const s = document.createElement('script');
             s.textContent = 'window.__ran = (window.__ran || 0) + 1';
             document.body.append(s);",
            vec![],
        )
        .await;
        let violations = page
            .wait_js(
                "const v = window.__e2e.errors.filter(e => e.startsWith('CSP blocked'));
                 return v.length >= 2 ? v : null;",
                "both injections reported as CSP violations",
            )
            .await;
        assert_eq!(
            page.js("return window.__ran ?? null;", vec![]).await,
            json!(null),
            "injected code ran: {violations}"
        );
    });
}

#[test]
fn a_notation_label_and_a_hostile_character_stay_text_everywhere() {
    BrowserTest::new().run(|page| async move {
        let hostile = "<img src=x onerror=alert(1)>";
        let character = json!({
            "id": "hostile", "name": hostile, "notes": "<script>alert(2)</script>",
            "sheet": {"system": "hack-and-slash", "abilities": [{"name": "<b onmouseover=alert(3)>Sword</b>", "halves": 2}]},
            "created": 1.0, "updated": 1.0
        });
        page.open("#/tray").await;
        page.set_local_storage(
            "dicetray.characters",
            &json!({"version": 1, "deleted": {}, "data": [character]}).to_string(),
        )
        .await;
        page.reload().await;

        // A label in the tray.
        page.type_into("#tray-expr", "1d6 [<script>alert(4)</script>]").await;
        page.click(".tray-roll").await;
        page.wait_text(".tray-result", "the label shown as text", |t| t.contains("<script>alert(4)</script>")).await;

        // The character on the Roll screen: the picker, the ability, a roll, then History.
        page.open("#/roll").await;
        page.select("#roll-character", "hostile").await;
        page.wait_for(".roll-panel[data-system=\"hack-and-slash\"]").await;
        page.click_roll().await;
        page.open("#/history").await;
        page.wait_text(".history-entry", "the roll under the hostile name", |t| t.contains(hostile)).await;
        page.open("#/characters/hostile").await;
        page.wait_text(".editor-name", "the hostile name as text", |t| t == hostile).await;

        let injected = page
            .js(
                "return [...document.querySelectorAll('#main img, #main b, #main script, [onerror], [onmouseover]')]
                   .map(e => e.outerHTML);",
                vec![],
            )
            .await;
        assert_eq!(injected, json!([]), "elements built from user text");
        assert!(page.dialogs().await.is_empty(), "dialogs opened: {:?}", page.dialogs().await);
        assert!(page.js_errors().await.is_empty(), "page errors: {:?}", page.js_errors().await);
    });
}

/// The shipped wasm names no folder of the machine that built it: panic locations carry source paths, and without
/// remapping (`scripts/build-release.sh`: rustc's `--remap-path-prefix`) they were absolute, the builder's home folder, cargo
/// registry and checkout included. That told every visitor where the site was built and made each machine's build
/// differ.
#[test]
fn the_shipped_wasm_names_no_folder_of_the_build_machine() {
    let checkout = env!("CARGO_MANIFEST_DIR");
    let home = std::env::var("HOME").unwrap_or_else(|_| "/root".into());
    let mut forbidden =
        vec![format!("{checkout}/"), format!("{home}/"), "/.cargo/registry/".into(), "/.rustup/".into()];
    // `.ci/run` builds with a CARGO_HOME of its own (scripts/empty-cargo-cache.sh), outside the home folder.
    if let Ok(cargo_home) = std::env::var("CARGO_HOME") {
        forbidden.push(format!("{}/", cargo_home.trim_end_matches('/')));
    }
    for (path, bytes) in shipped_wasm() {
        for needle in &forbidden {
            let found = bytes.windows(needle.len()).any(|w| w == needle.as_bytes());
            assert!(!found, "{} contains the build machine's path {needle:?}", path.display());
        }
    }
}

/// Every wasm file in dist/ (the main module and its chunks) with its bytes.
fn shipped_wasm() -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    for file in std::fs::read_dir(crate::harness::dist_dir()).expect("dist/ (run scripts/build-release.sh)") {
        let path = file.expect("a dist/ entry").path();
        if path.extension().is_some_and(|e| e == "wasm") {
            let bytes = std::fs::read(&path).expect("read a wasm file");
            files.push((path, bytes));
        }
    }
    assert!(files.len() >= 2, "expected the main module and its chunks in dist/, found {} wasm files", files.len());
    files
}
