//! The lazily loaded screens (src/screens/split.rs, scripts/wasm-split.sh): the Roll screen needs no chunk, each
//! other screen fetches its own when it first opens, and a chunk that cannot be fetched shows an alert with
//! Try again while the rest of the app keeps working.

use crate::harness::{BrowserTest, DistCopy, StaticServer};

/// The names of the wasm files the page has fetched, but the main module.
const FETCHED_CHUNKS: &str = "return performance.getEntriesByType('resource')
    .map((e) => e.name.split('/').pop())
    .filter((n) => n.endsWith('.wasm') && !n.startsWith('dicetray-app-'));";

async fn fetched_chunks(page: &crate::harness::Page) -> Vec<String> {
    serde_json::from_value(page.js(FETCHED_CHUNKS, vec![]).await).unwrap()
}

#[test]
fn roll_needs_no_chunk_and_each_screen_fetches_its_own() {
    BrowserTest::new().run(|page| async move {
        page.open("#/roll").await;
        page.wait_for("#roll-button").await;
        assert_eq!(fetched_chunks(&page).await, Vec::<String>::new(), "chunks fetched for the Roll screen");
        for (screen, title) in
            [("tray", "Tray"), ("characters", "Characters"), ("history", "History"), ("help", "Help")]
        {
            page.click(&format!("[data-screen={screen}]")).await;
            page.wait_text("#screen-title", title, |t| t == title).await;
            let fetched = fetched_chunks(&page).await;
            assert!(
                fetched.iter().any(|n| n.starts_with(&format!("split_{screen}-"))),
                "opening {title} did not fetch its chunk: {fetched:?}"
            );
        }
        assert!(page.js_errors().await.is_empty(), "page errors: {:?}", page.js_errors().await);
    });
}

#[test]
fn a_screen_whose_chunk_cannot_be_fetched_says_so_and_recovers() {
    BrowserTest::new().run(|page| async move {
        let copy = DistCopy::new("lazy-missing-chunk");
        let chunk = copy.file_starting_with("split_history-");
        let aside = copy.path().join("history-chunk-aside");
        // Missing from the start, so the service worker's precache fails too and cannot serve it.
        std::fs::rename(copy.path().join(&chunk), &aside).unwrap();
        let server = StaticServer::start(copy.path(), "/");
        page.goto(&format!("{}#/history", server.base_url())).await;
        page.wait_text(".screen-error[role=alert]", "the load error", |t| {
            t.contains("The History screen could not be loaded")
        })
        .await;
        // The rest of the app still works.
        page.click("[data-screen=roll]").await;
        page.wait_text("#screen-title", "Roll", |t| t == "Roll").await;
        page.js("document.querySelector('#roll-button').scrollIntoView({block: 'center'});", vec![]).await;
        page.click("#roll-button").await;
        page.wait_for(".roll-result .outcome").await;
        // Back online: Try again loads the screen.
        page.click("[data-screen=history]").await;
        page.wait_for(".screen-error .screen-retry").await;
        std::fs::rename(&aside, copy.path().join(&chunk)).unwrap();
        page.click(".screen-retry").await;
        page.wait_text("#screen-title", "History after Try again", |t| t == "History").await;
        page.wait_for(".history-entry").await;
        assert!(page.js_errors().await.is_empty(), "page errors: {:?}", page.js_errors().await);
        drop(server);
    });
}
