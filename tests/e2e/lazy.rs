//! The lazily loaded screens and Roll panels (src/screens/split.rs, crates/xtask/src/split.rs): the Roll screen needs
//! no chunk, each other screen and each Roll panel but the 24-System's fetches its own when it first opens, and a
//! chunk that cannot be fetched shows an alert with Try again while the rest of the app keeps working. The same holds
//! for the lazy screens' stylesheets (src/widgets/sheets.rs): none is in the first load, and none changes how
//! another screen looks.

use crate::harness::{BrowserTest, DistCopy, StaticServer};

/// The names of the wasm files the page has fetched, but the main module.
const FETCHED_CHUNKS: &str = "return performance.getEntriesByType('resource')
    .map((e) => e.name.split('/').pop())
    .filter((n) => n.endsWith('.wasm') && !n.startsWith('dicetray-app-'));";

/// A copy of dist/ served without the chunk whose name starts with `prefix`: missing from the start, so the service
/// worker's precache fails too and cannot serve it. `restore` puts it back (the network is back).
struct MissingChunk {
    // Declared first, so the server stops before its folder goes.
    server: StaticServer,
    copy: DistCopy,
    chunk: String,
    aside: std::path::PathBuf,
}

impl MissingChunk {
    fn new(name: &str, prefix: &str) -> Self {
        Self::missing(name, prefix, ".wasm")
    }

    /// The same for the stylesheet whose name starts with `prefix`.
    fn new_sheet(name: &str, prefix: &str) -> Self {
        Self::missing(name, prefix, ".css")
    }

    fn missing(name: &str, prefix: &str, extension: &str) -> Self {
        let copy = DistCopy::new(name);
        let chunk = copy.file_starting_with(prefix);
        assert!(chunk.ends_with(extension), "{chunk} is not a {extension} file");
        let aside = copy.path().join("chunk-aside");
        std::fs::rename(copy.path().join(&chunk), &aside).unwrap();
        let server = StaticServer::start(copy.path(), "/");
        MissingChunk { server, copy, chunk, aside }
    }

    fn url(&self, fragment: &str) -> String {
        format!("{}{fragment}", self.server.base_url())
    }

    fn restore(&self) {
        std::fs::rename(&self.aside, self.copy.path().join(&self.chunk)).unwrap();
    }
}

async fn fetched_chunks(page: &crate::harness::Page) -> Vec<String> {
    serde_json::from_value(page.js(FETCHED_CHUNKS, vec![]).await).unwrap()
}

/// The names of the stylesheets the page has fetched.
const FETCHED_SHEETS: &str = "return performance.getEntriesByType('resource')
    .map((e) => e.name.split('/').pop()).filter((n) => n.endsWith('.css'));";

async fn fetched_sheets(page: &crate::harness::Page) -> Vec<String> {
    serde_json::from_value(page.js(FETCHED_SHEETS, vec![]).await).unwrap()
}

/// How every element of the page looks: its tag and classes, and the computed value of the properties a stray rule
/// would most likely change, one line per element (in document order).
const LOOKS: &str = "const props = ['display', 'position', 'flex-direction', 'gap', 'width', 'height', 'margin-top',
      'margin-bottom', 'padding-top', 'padding-left', 'color', 'background-color', 'border-top-width', 'border-left-color',
      'border-top-style', 'border-radius', 'font-size', 'font-weight', 'font-family', 'list-style-type', 'opacity',
      'text-decoration-line', 'white-space'];
    return [...document.body.querySelectorAll('*')].map((e) => {
      const style = getComputedStyle(e);
      return `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} ${props.map((p) => style.getPropertyValue(p)).join(' | ')}`;
    });";

async fn looks(page: &crate::harness::Page) -> Vec<String> {
    serde_json::from_value(page.js(LOOKS, vec![]).await).unwrap()
}

/// The lines of `after` that differ from `before`, for the assertion's message.
fn differences(before: &[String], after: &[String]) -> Vec<String> {
    let mut lines: Vec<String> =
        before.iter().zip(after).filter(|(b, a)| b != a).map(|(b, a)| format!("was {b}\n    now {a}")).collect();
    if before.len() != after.len() {
        lines.push(format!("{} elements before, {} after", before.len(), after.len()));
    }
    lines.truncate(8);
    lines
}

pub(crate) const LAZY_SCREENS: [(&str, &str); 4] =
    [("tray", "Tray"), ("characters", "Characters"), ("history", "History"), ("help", "Help")];

pub(crate) async fn open_screen(page: &crate::harness::Page, screen: &str, title: &str) {
    page.click(&format!("[data-screen={screen}]")).await;
    page.wait_text("#screen-title", title, |t| t == title).await;
}

#[test]
fn no_screens_stylesheet_changes_how_another_screen_looks() {
    BrowserTest::new().viewport(360, 740).run(|page| async move {
        // Each screen as it looks with only its own sheets, then after every other screen's have loaded too.
        for (screen, title) in [("roll", "Roll")].into_iter().chain(LAZY_SCREENS) {
            page.open(&format!("#/{screen}")).await;
            page.reload().await;
            page.wait_text("#screen-title", title, |t| t == title).await;
            if screen == "roll" {
                page.wait_for("#roll-button").await;
                assert_eq!(fetched_sheets(&page).await, Vec::<String>::new(), "sheets fetched for the Roll screen");
            }
            let alone = looks(&page).await;
            for (other, other_title) in LAZY_SCREENS.into_iter().filter(|(s, _)| *s != screen) {
                open_screen(&page, other, other_title).await;
            }
            open_screen(&page, screen, title).await;
            if screen == "roll" {
                page.wait_for("#roll-button").await;
            }
            assert_eq!(fetched_sheets(&page).await.len(), 4, "every screen's sheet is in by now");
            let with_all = looks(&page).await;
            let changed = differences(&alone, &with_all);
            assert!(
                changed.is_empty(),
                "the {title} screen looks different once the other screens' sheets are in:\n  {}",
                changed.join("\n  ")
            );
        }
        assert!(page.js_errors().await.is_empty(), "page errors: {:?}", page.js_errors().await);
    });
}

#[test]
fn a_screens_stylesheet_is_fetched_once_when_it_first_opens_and_a_failed_one_can_be_tried_again() {
    BrowserTest::new().run(|page| async move {
        let site = MissingChunk::new_sheet("lazy-missing-sheet", "tray-");
        page.goto(&site.url("#/roll")).await;
        page.wait_for("#roll-button").await;
        open_screen(&page, "history", "History").await;
        let fetched = fetched_sheets(&page).await;
        assert!(fetched.len() == 1 && fetched[0].starts_with("history-"), "{fetched:?}");
        // The Tray's sheet is missing: the screen says it could not be loaded rather than showing unstyled.
        page.click("[data-screen=tray]").await;
        page.wait_text(".screen-error[role=alert]", "the load error", |t| {
            t.contains("The Tray screen could not be loaded")
        })
        .await;
        assert_eq!(page.count("link[data-sheet=tray]").await, 0, "a failed sheet leaves the page");
        site.restore();
        page.click(".screen-retry").await;
        page.wait_text("#screen-title", "Tray after Try again", |t| t == "Tray").await;
        let roll_height =
            page.js("return getComputedStyle(document.querySelector('.tray-roll')).minHeight", vec![]).await;
        assert_eq!(roll_height, "48px", "the Tray is styled by its sheet");
        // Opening History again fetches nothing new.
        open_screen(&page, "history", "History").await;
        let again: Vec<String> =
            fetched_sheets(&page).await.into_iter().filter(|n| n.starts_with("history-")).collect();
        assert_eq!(again.len(), 1, "{again:?}");
        assert_eq!(page.count("head link[data-sheet]").await, 2);
    });
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
        let site = MissingChunk::new("lazy-missing-chunk", "split_history-");
        page.goto(&site.url("#/history")).await;
        page.wait_text(".screen-error[role=alert]", "the load error", |t| {
            t.contains("The History screen could not be loaded")
        })
        .await;
        // The rest of the app still works.
        page.click("[data-screen=roll]").await;
        page.wait_text("#screen-title", "Roll", |t| t == "Roll").await;
        page.click_roll().await;
        // Back online: Try again loads the screen.
        page.click("[data-screen=history]").await;
        page.wait_for(".screen-error .screen-retry").await;
        site.restore();
        page.click(".screen-retry").await;
        page.wait_text("#screen-title", "History after Try again", |t| t == "History").await;
        page.wait_for(".history-entry").await;
        assert!(page.js_errors().await.is_empty(), "page errors: {:?}", page.js_errors().await);
    });
}

#[test]
fn the_first_visit_builds_in_the_24_system_panel_and_other_panels_load_when_picked() {
    BrowserTest::new().run(|page| async move {
        page.open("#/roll").await;
        page.wait_for(".roll-panel[data-system=\"24-system\"] #roll-button").await;
        assert_eq!(fetched_chunks(&page).await, Vec::<String>::new(), "chunks fetched for the first visit");
        let mut picked: Vec<&str> = Vec::new();
        for (system, chunk) in [
            ("remedy", "split_panel_remedy-"),
            ("total-effect", "split_panel_total_effect-"),
            ("ruina-imperii", "split_panel_ruina_imperii-"),
            ("hack-and-slash", "split_panel_hack_and_slash-"),
        ] {
            page.select("#roll-system", system).await;
            page.wait_for(&format!(".roll-panel[data-system=\"{system}\"] #roll-button")).await;
            picked.push(chunk);
            let fetched = fetched_chunks(&page).await;
            assert!(
                fetched.iter().any(|n| n.starts_with(chunk)),
                "picking {system} did not fetch {chunk}: {fetched:?}"
            );
            let panels = fetched.iter().filter(|n| n.starts_with("split_panel_"));
            let unpicked: Vec<_> = panels.filter(|n| !picked.iter().any(|p| n.starts_with(p))).collect();
            assert!(unpicked.is_empty(), "panels fetched before they were picked: {unpicked:?}");
        }
        // Back to a panel already loaded: built at once, no loading state.
        page.select("#roll-system", "remedy").await;
        assert_eq!(page.count(".screen-loading").await, 0, "the Remedy panel is loaded already");
        page.wait_for(".roll-panel[data-system=\"remedy\"] #roll-button").await;
        assert!(page.js_errors().await.is_empty(), "page errors: {:?}", page.js_errors().await);
    });
}

#[test]
fn a_panel_whose_chunk_cannot_be_fetched_says_so_and_recovers() {
    BrowserTest::new().run(|page| async move {
        let site = MissingChunk::new("lazy-missing-panel", "split_panel_remedy-");
        page.goto(&site.url("#/roll")).await;
        page.select("#roll-system", "remedy").await;
        page.wait_text(".screen-error[role=alert]", "the load error", |t| {
            t.contains("The Remedy panel could not be loaded")
        })
        .await;
        // The other systems still roll.
        page.select("#roll-system", "24-system").await;
        page.wait_for(".roll-panel[data-system=\"24-system\"] #roll-button").await;
        page.click_roll().await;
        // Back online: Try again loads the panel, and it rolls.
        page.select("#roll-system", "remedy").await;
        page.wait_for(".screen-error .screen-retry").await;
        site.restore();
        page.click(".screen-retry").await;
        page.wait_for(".roll-panel[data-system=\"remedy\"] #roll-button").await;
        page.click_roll().await;
        page.wait_for(".roll-panel[data-system=\"remedy\"] .roll-result .outcome").await;
        assert!(page.js_errors().await.is_empty(), "page errors: {:?}", page.js_errors().await);
    });
}

#[test]
fn saved_data_is_read_by_a_chunk_that_a_first_visit_never_fetches() {
    BrowserTest::new().run(|page| async move {
        page.open("#/roll").await;
        page.wait_for(".roll-panel[data-system=\"24-system\"] #roll-button").await;
        page.click_roll().await;
        let saved = crate::history::wait_saved(&page, "the roll", |ids| ids.len() == 1).await;
        // A Miss offers Push Your Luck, whose form is a chunk of its own (`push`); nothing else is fetched.
        let fetched = fetched_chunks(&page).await;
        let offer =
            "return [...document.querySelectorAll('button')].some(b => b.textContent.includes('Push Your Luck'));";
        let push = page.js(offer, vec![]).await == serde_json::Value::Bool(true);
        let unexpected: Vec<&String> =
            fetched.iter().filter(|n| !(push && (n.starts_with("split_push-") || n.starts_with("chunk_")))).collect();
        assert!(unexpected.is_empty(), "a first visit, with nothing saved, fetched {fetched:?}");
        // The next visit has something saved: the chunk that reads it is fetched, and the roll is there.
        page.reload().await;
        page.wait_for(".roll-panel[data-system=\"24-system\"] #roll-button").await;
        let fetched = fetched_chunks(&page).await;
        assert!(fetched.iter().any(|n| n.starts_with("split_saved_data-")), "{fetched:?}");
        page.click("[data-screen=history]").await;
        crate::history::wait_count(&page, 1).await;
        assert_eq!(page.attr(".history-entry", "data-id").await.as_deref(), Some(saved[0].as_str()));
        assert!(page.js_errors().await.is_empty(), "page errors: {:?}", page.js_errors().await);
    });
}

#[test]
fn when_the_saved_data_chunk_cannot_be_fetched_nothing_saved_is_touched() {
    BrowserTest::new().run(|page| async move {
        let site = MissingChunk::new("lazy-missing-saved-data", "split_saved_data-");
        let saved = crate::fixtures::history_v2(crate::fixtures::six());
        page.goto(&site.url("#/roll")).await;
        page.set_local_storage("dicetray.history", &saved).await;
        page.reload().await;
        let notices = page.wait_text(".notice", "the notice", |t| t.contains("could not be loaded")).await;
        assert!(notices.contains("Nothing saved was changed") && notices.contains("memory only"), "{notices}");
        // The app works, and a roll made now does not write over the history it could not read.
        page.wait_for(".roll-panel[data-system=\"24-system\"] #roll-button").await;
        page.click_roll().await;
        tokio::time::sleep(std::time::Duration::from_millis(600)).await;
        assert_eq!(page.local_storage("dicetray.history").await.as_deref(), Some(saved.as_str()));
        // Back online: a reload reads it all.
        site.restore();
        page.reload().await;
        page.click("[data-screen=history]").await;
        crate::history::wait_count(&page, 6).await;
        assert!(page.js_errors().await.is_empty(), "page errors: {:?}", page.js_errors().await);
    });
}
