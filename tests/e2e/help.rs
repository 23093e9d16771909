//! The Help screen: every system's section and the notation reference, in-page navigation through
//! `#/help/<section>`, every ruling shown, and a phone layout.

use crate::harness::Page;
use serde_json::json;
use std::time::{Duration, Instant};

/// How long a scroll may take.
const WAIT: Duration = Duration::from_secs(10);

/// (section id, heading) in page order.
const SECTIONS: [(&str, &str); 7] = [
    ("help-24-system", "24-System"),
    ("help-remedy", "Remedy"),
    ("help-total-effect", "Total//Effect"),
    ("help-ruina-imperii", "Ruina Imperii"),
    ("help-hack-and-slash", "Hack & Slash"),
    ("help-notation", "Dice notation"),
    ("help-odds", "About the odds"),
];

/// Per system, distinctive phrases of every ruling in the project's README, as the Help words them.
const RULINGS: [(&str, &[&str]); 5] = [
    (
        "24-system",
        &[
            "exactly as in the table above",
            "adds ONE extra die",
            "the highest status DC increase",
            "Statuses do not stack",
            "Pressure still adds",
            "Crushing Pressure forces Leverage to 0",
            "Legendary Success whatever the DC",
            "kept or dropped",
            "count the two kept dice only",
            "Legendary → Head",
            "A called shot overrides",
            "max(DC − 2, min(DC, 6))",
            "The situation changed",
            "cannot be pushed again",
            "a pushed failure carries a Major complication",
            "Critical Failure",
            "not a free roll",
            "offers Push instead",
            "Position, Resource, Exposure, Strain, Objective",
        ],
    ),
    (
        "remedy",
        &[
            "a 0 counts as 10",
            "percentile, 1–100",
            "♻ reroll (faces 1 to k for k symbols, once; the new value stands) → ! explode",
            "▲/▼ keep (k symbols keep k dice)",
            "net threat d6s (subtracted)",
            "after ♻ and before anything is added",
            "♻ is the roller’s choice",
            "odds assume the best choice",
            "both can be widened",
            "ties go to the DC",
            "a tie goes to the reactive side",
            "disaster fails whatever the total",
            "triumph against disaster: both apply",
        ],
    ),
    (
        "total-effect",
        &[
            "held to −3…3",
            "cancel one for one first",
            "Escalation 0 means no Escalation in every mode",
            "The three kept dice are the Effect dice",
            "Escalation never changes the Effect dice",
            "Escalation as a floor or a ceiling on each die instead",
            "Total 8 or less is a hard choice",
            "every band that matches triggers",
            "round down, at least 1",
            "never below 0",
            "Steps on a flat value add or subtract 1 each",
            "acting below your tier gives 1 advantage",
        ],
    ),
    (
        "ruina-imperii",
        &[
            "a hit is a die showing 4, 5 or 6",
            "more than 2D hits a Critical Success",
            "D is the opponent’s hits",
            "the added dice explode too",
            "an Explode 5 or 4 from elsewhere stays",
            "fewer hits than its Risk is a Harsh Failure",
            "roll 1 die with Risk 1 instead",
            "spend all you have (at least 1)",
        ],
    ),
    (
        "hack-and-slash",
        &[
            "half steps (0, ½, 1, 1½ …)",
            "(d6 + bonuses) − (d6 + difficulty)",
            "0 or ½: half success",
            "Equal: both half succeed",
            "minus the highest opposing roll",
            "interferes partially, with half effect",
        ],
    ),
];

/// The heading's box relative to the viewport and the sticky header: [top, bottom, header bottom, viewport height].
async fn heading_box(page: &Page, css: &str) -> Vec<f64> {
    let v = page
        .js(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect();
             const h = document.querySelector('.app-header').getBoundingClientRect();
             return [r.top, r.bottom, h.bottom, window.innerHeight];",
            vec![json!(css)],
        )
        .await;
    v.as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect()
}

/// Wait until the heading matching `css` is fully visible below the sticky header. (Help is a lazily loaded screen:
/// the heading exists only once its chunk has arrived.)
async fn wait_in_view(page: &Page, css: &str) {
    page.wait_for(css).await;
    let started = Instant::now();
    loop {
        let b = heading_box(page, css).await;
        if b[0] >= b[2] - 1.0 && b[1] <= b[3] {
            return;
        }
        if started.elapsed() > WAIT {
            panic!("`{css}` is not in view (top, bottom, header bottom, viewport height) = {b:?}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[test]
fn help_has_every_system_and_the_notation_reference() {
    crate::harness::BrowserTest::new().run(|page| async move {
        page.open("#/help").await;
        page.wait_text("#screen-title", "Help", |t| t == "Help").await;
        for (id, heading) in SECTIONS {
            assert_eq!(page.text(&format!("#{id} h2")).await, heading, "heading of #{id}");
            assert_eq!(
                page.count(&format!(".help-toc a[href='#/{}']", id.replacen('-', "/", 1))).await,
                1,
                "contents link to {id}"
            );
        }
        assert!(page.text("#help-24-system .help-byline").await.contains("J. Weaver"));
        assert!(page.text("#help-hack-and-slash .help-byline").await.contains("Seth Galbraith and Benjamin Galbraith"));
        // Outcome anchors other screens link to.
        for anchor in [
            "help-24-system-legendary",
            "help-24-system-partial_critical",
            "help-remedy-triumph",
            "help-total-effect-hard_choice",
            "help-ruina-imperii-harsh_failure",
            "help-hack-and-slash-half_success",
        ] {
            assert_eq!(page.count(&format!("#{anchor}")).await, 1, "anchor #{anchor}");
        }
        let notation = page.text("#help-notation").await;
        for syntax in [
            "4d6kh3",
            "dF",
            "d%",
            "!!",
            "!p",
            "8d6>=4",
            "f<=N",
            "2d6+3 [fire]",
            "min/max → explosions → rerolls → unique → keep → drop → success counting → critical markers → sorting",
            "4d6kh3dh1",
            "{4d6+2d8, 3d20}kh1",
            "4d6u",
            "ceil(1d10/3)",
            "4dF.1",
            "4d6min2",
            "1d20cs>=19",
            ">N is strict: faces above N count, N does not",
            "Roll20 reads >N as N or more",
        ] {
            assert!(notation.contains(syntax), "the notation reference lacks {syntax:?}");
        }
        let odds = page.text("#help-odds").await;
        assert!(odds.contains("exact") && odds.contains("one in a trillion"), "odds: {odds}");
        assert!(page.js_errors().await.is_empty(), "page errors: {:?}", page.js_errors().await);
    });
}

#[test]
fn every_ruling_appears_in_its_systems_ruling_list() {
    crate::harness::BrowserTest::new().run(|page| async move {
        page.open("#/help").await;
        for (system, phrases) in RULINGS {
            let css = format!("#help-{system} .rulings");
            let heading = page.text(&format!("{css} h3")).await;
            assert!(heading.ends_with("How dicetray rules on this"), "{system}'s rulings heading: {heading:?}");
            let text = page.text(&css).await;
            for phrase in phrases {
                assert!(text.contains(phrase), "{system}'s rulings lack {phrase:?}:\n{text}");
            }
        }
    });
}

#[test]
fn a_help_address_opens_scrolled_to_its_section() {
    crate::harness::BrowserTest::new().run(|page| async move {
        page.open("#/help/remedy").await;
        page.wait_text("#screen-title", "Help", |t| t == "Help").await;
        assert_eq!(page.attr("[data-screen=help]", "aria-current").await.as_deref(), Some("page"));
        wait_in_view(&page, "#help-remedy h2").await;
        // An outcome anchor, as other screens link to it.
        page.open("#/help/ruina-imperii-harsh_failure").await;
        wait_in_view(&page, "#help-ruina-imperii-harsh_failure").await;
        // The contents scroll in place and record the address; the screen stays Help.
        page.open("#/help").await;
        page.click(".help-toc a[data-section=notation]").await;
        wait_in_view(&page, "#help-notation h2").await;
        let url = page.client().current_url().await.unwrap();
        assert_eq!(url.fragment(), Some("/help/notation"));
        assert_eq!(page.text("#screen-title").await, "Help");
    });
}

#[test]
fn help_reads_on_a_phone_and_a_laptop() {
    crate::harness::BrowserTest::new().viewport(360, 740).run(|page| async move {
        page.open("#/help/remedy").await;
        wait_in_view(&page, "#help-remedy h2").await;
        let overflow = page.js("return document.documentElement.scrollWidth - window.innerWidth;", vec![]).await;
        assert!(overflow.as_i64().unwrap() <= 0, "Help scrolls sideways by {overflow} px at 360 px wide");
        page.js("window.scrollTo(0, 0);", vec![]).await;
        tokio::time::sleep(Duration::from_millis(100)).await;
        page.screenshot("help-360").await;
    });
    crate::harness::BrowserTest::new().viewport(1280, 800).run(|page| async move {
        page.open("#/help/24-system").await;
        wait_in_view(&page, "#help-24-system h2").await;
        let overflow = page.js("return document.documentElement.scrollWidth - window.innerWidth;", vec![]).await;
        assert!(overflow.as_i64().unwrap() <= 0, "Help scrolls sideways by {overflow} px at 1280 px wide");
        page.js("window.scrollTo(0, 0);", vec![]).await;
        tokio::time::sleep(Duration::from_millis(100)).await;
        page.screenshot("help-1280").await;
    });
}
