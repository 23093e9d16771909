//! "More" (src/systems/more.rs): each panel's rarely used inputs fold away on a phone, say when they are in use, and
//! come back open when a remembered situation uses them.

use crate::harness::{BrowserTest, Page};
use crate::roll::{assert_no_errors, click_centered, open_system, roll};

/// Open every "More" of the panel (a click on an open one would close it).
pub(crate) async fn open_more(page: &Page) {
    page.js("document.querySelectorAll('details.more-inputs').forEach((d) => { d.open = true; });", vec![]).await;
}

async fn more_open(page: &Page) -> bool {
    page.js("return document.querySelector('details.more-inputs').open;", vec![]).await == true
}

/// What the summary says after "More": " · in use" while a folded input is set (style/roll.css), else nothing.
async fn in_use(page: &Page) -> bool {
    let after = page
        .js("return getComputedStyle(document.querySelector('.more-inputs > summary'), '::after').content;", vec![])
        .await;
    match after.as_str() {
        Some("\" · in use\"") => true,
        Some("none") | Some("normal") => false,
        other => panic!("the summary's ::after is {other:?}"),
    }
}

async fn visible(page: &Page, css: &str) -> bool {
    page.js("return document.querySelector(arguments[0]).checkVisibility();", vec![css.into()]).await == true
}

#[test]
fn rare_inputs_fold_behind_more_say_when_in_use_and_reopen_after_a_reload() {
    BrowserTest::new().viewport(360, 740).run(|page| async move {
        for (system, rare) in
            [("24-system", "#tf-crushing"), ("total-effect", "#te-esc-mode"), ("ruina-imperii", "#ri-explode")]
        {
            open_system(&page, system).await;
            assert!(!more_open(&page).await, "{system}: More starts folded");
            assert!(!visible(&page, rare).await, "{system}: {rare} is folded away");
            assert!(!in_use(&page).await, "{system}: nothing in use");
        }
        open_system(&page, "24-system").await;
        assert!(!visible(&page, "#tf-pressure-list .preset").await, "the Guide's Pressure examples are folded too");
        // On a phone the roll bar is sticky at the bottom of the screen: bring each control to the middle first.
        click_centered(&page, "details.more-inputs > summary").await;
        click_centered(&page, "#tf-crushing").await;
        assert!(in_use(&page).await, "a ticked Crushing Pressure is in use");
        click_centered(&page, "#tf-kept-only").await;
        // The Roll button and the odds line stay where they were: the fold is not in their way.
        roll(&page).await;
        page.reload().await;
        page.wait_for(".roll-panel[data-system=\"24-system\"] #roll-button").await;
        assert!(more_open(&page).await, "a remembered Crushing Pressure opens More");
        assert!(in_use(&page).await);
        click_centered(&page, "#tf-crushing").await;
        assert!(in_use(&page).await, "the table option is still in use");
        click_centered(&page, "#tf-kept-only").await;
        assert!(!in_use(&page).await, "nothing in use any more");
        page.reload().await;
        page.wait_for(".roll-panel[data-system=\"24-system\"] #roll-button").await;
        assert!(!more_open(&page).await, "nothing in use: More starts folded again");
        assert_no_errors(&page).await;
    });
}
