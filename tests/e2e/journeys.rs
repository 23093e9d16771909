//! A player's whole journey, once per system: a character saved in the browser, the Roll screen rolling for that
//! character, the live odds equal to the engine's exact odds for the request the panel built, a roll with its
//! outcome and dice, then a reload and the same roll found in History under the character's name.

use crate::harness::{BrowserTest, Page};
use dicetray_rules::systems::Request;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// One system's journey: the character's sheet, an input to change on the panel, and what the request the panel
/// builds must carry from the sheet.
pub(crate) struct Journey {
    pub(crate) system: &'static str,
    sheet: Value,
    /// (input id, value typed or selected)
    change: (&'static str, &'static str),
    /// A request field that must come from the character's sheet, and its value.
    from_sheet: (&'static str, Value),
}

pub(crate) fn journeys() -> Vec<Journey> {
    vec![
        Journey {
            system: "24-system",
            sheet: json!({"system": "24-system", "skills": [{"name": "Climb", "rank": 4}], "complications": []}),
            change: ("tf-dc", "17"),
            from_sheet: ("rank", json!(4)),
        },
        Journey {
            system: "remedy",
            sheet: json!({"system": "remedy",
                "abilities": [{"name": "Strength", "score": 0}, {"name": "Dexterity", "score": 3},
                              {"name": "Constitution", "score": 0}, {"name": "Intelligence", "score": 0},
                              {"name": "Wisdom", "score": 0}, {"name": "Charisma", "score": 0}],
                "skills": [{"name": "Stealth", "ability": 1, "dice": "2d20^"}]}),
            change: ("rm-dc", "12"),
            from_sheet: ("ability", json!(3)),
        },
        Journey {
            system: "total-effect",
            sheet: json!({"system": "total-effect", "level": 5,
                "tier_names": {"preset": "valiant_horizon", "names": ["", "Fledgling", "Famous", "Renowned", "Heroic"]},
                "abilities": [{"name": "Sneak", "bands": [{"band": "9+", "effect": "quiet"}, {"band": "13+", "effect": "unseen"}]}]}),
            change: ("te-escalation", "2"),
            from_sheet: ("bands", json!(["9+", "13+"])),
        },
        Journey {
            system: "ruina-imperii",
            sheet: json!({"system": "ruina-imperii", "skills": [{"name": "Fight", "dice": 4}], "risk_limit": 2, "fortune": 3}),
            change: ("ri-difficulty", "2"),
            from_sheet: ("skill", json!(4)),
        },
        Journey {
            system: "hack-and-slash",
            sheet: json!({"system": "hack-and-slash", "abilities": [{"name": "Sword", "halves": 3}]}),
            // Half a step that moves the margin from x½ to a whole number (or back) leaves the odds alone: a margin
            // of 0 and of ½ are both a half success. Bonus 1½ against difficulty 0 -> -½ does change them.
            change: ("hs-difficulty", "down"),
            from_sheet: ("bonus", json!(1.5)),
        },
    ]
}

/// The (name, p) pairs in the live odds chart.
async fn shown_odds(page: &Page) -> Vec<(String, f64)> {
    let rows = page
        .js(
            "return [...document.querySelectorAll('#panel-odds .odds-row')].filter(r => !r.closest('.hidden'))\
               .map(r => [r.dataset.outcome, r.dataset.p]);",
            vec![],
        )
        .await;
    rows.as_array()
        .unwrap()
        .iter()
        .map(|r| (r[0].as_str().unwrap().to_string(), r[1].as_str().unwrap().parse().unwrap()))
        .collect()
}

/// The chart once it has stopped changing (the panel recomputes on every input change).
async fn settled_odds(page: &Page) -> Vec<(String, f64)> {
    let mut last = shown_odds(page).await;
    let started = Instant::now();
    loop {
        tokio::time::sleep(Duration::from_millis(150)).await;
        let now = shown_odds(page).await;
        if now == last && !now.is_empty() {
            return now;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "the odds chart never settled: {now:?}");
        last = now;
    }
}

/// The newest stored history entry (the storage layer saves shortly after a roll).
async fn newest_stored_entry(page: &Page, count_before: usize) -> Value {
    let started = Instant::now();
    loop {
        if let Some(raw) = page.local_storage("dicetray.history").await {
            let blob: Value = serde_json::from_str(&raw).expect("history is JSON");
            let data = blob["data"].as_array().cloned().unwrap_or_default();
            if data.len() > count_before {
                return data.last().unwrap().clone();
            }
        }
        assert!(started.elapsed() < Duration::from_secs(10), "the roll was never saved to localStorage");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

pub(crate) async fn run_journey(page: &Page, j: &Journey) {
    let id = format!("journey-{}", j.system);
    let name = format!("Tester of {}", j.system);
    let character = json!({"id": id, "name": name, "notes": "", "sheet": j.sheet, "created": 1.0, "updated": 1.0});
    page.open("#/roll").await;
    page.set_local_storage(
        "dicetray.characters",
        &json!({"version": 1, "deleted": {}, "data": [character]}).to_string(),
    )
    .await;
    page.reload().await;
    page.select("#roll-character", &id).await;
    page.wait_for(&format!(".roll-panel[data-system=\"{}\"]", j.system)).await;
    let before = settled_odds(page).await;

    let (input, value) = j.change;
    if input.starts_with("hs-") {
        page.click(&format!("#{input} [data-step=\"{value}\"]")).await;
    } else if page.js("return document.getElementById(arguments[0]).tagName;", vec![json!(input)]).await == "SELECT" {
        page.select(&format!("#{input}"), value).await;
    } else {
        page.type_into(&format!("#{input}"), value).await;
    }
    let started = Instant::now();
    let shown = loop {
        let now = settled_odds(page).await;
        if now != before {
            break now;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "{}: changing #{input} did not change the odds", j.system);
    };

    let stored_before = match page.local_storage("dicetray.history").await {
        Some(raw) => serde_json::from_str::<Value>(&raw).unwrap()["data"].as_array().map_or(0, Vec::len),
        None => 0,
    };
    page.click_roll().await;
    let outcome = page.attr(".roll-result .outcome", "data-outcome").await.unwrap();
    assert!(page.count(".roll-result .die").await > 0, "{}: the roll shows no dice", j.system);

    // The request the panel rolled, as saved: it carries the sheet's values, and the odds shown for it were the
    // engine's exact odds.
    let entry = newest_stored_entry(page, stored_before).await;
    assert_eq!(entry["character"]["name"], json!(name), "{}: the roll is recorded for the character", j.system);
    assert_eq!(entry["outcome"], json!(outcome));
    let request_json = entry.get("r").or(entry.get("source").and_then(|s| s.get("request"))).expect("a request");
    let (field, want) = &j.from_sheet;
    assert_eq!(&request_json[*field], want, "{}: `{field}` should come from the sheet: {request_json}", j.system);
    let request = Request::from_json(&request_json.to_string()).expect("the stored request parses");
    let odds = request.odds().expect("the stored request is valid");
    let expected: Vec<(String, f64)> =
        odds.outcomes.iter().chain(&odds.events).map(|c| (c.name.clone(), c.p)).collect();
    assert_eq!(shown.len(), expected.len(), "{}: shown {shown:?}\nengine {expected:?}", j.system);
    for ((name_shown, p), (name_engine, q)) in shown.iter().zip(&expected) {
        assert_eq!(name_shown, name_engine);
        assert!((p - q).abs() < 1e-9, "{}: {name_shown} shown {p}, engine {q}", j.system);
    }

    // After a reload the roll is in History under the character, with the same outcome and seed.
    let entry_id = entry["id"].as_str().unwrap().to_string();
    page.reload().await;
    page.open("#/history").await;
    let selector = format!(".history-entry[data-id=\"{entry_id}\"]");
    page.wait_for(&selector).await;
    assert_eq!(page.text(&format!("{selector} .entry-character")).await, name);
    assert_eq!(page.attr(&selector, "data-outcome").await.as_deref(), Some(outcome.as_str()));
    assert_eq!(page.attr(&selector, "data-seed").await, entry["seed"].as_u64().map(|s| s.to_string()));
    assert_eq!(page.attr(&selector, "data-system").await.as_deref(), Some(j.system));
}

#[test]
fn each_system_from_character_to_odds_to_roll_to_history() {
    BrowserTest::new().run(|page| async move {
        for j in journeys() {
            run_journey(&page, &j).await;
        }
        assert!(page.js_errors().await.is_empty(), "page errors: {:?}", page.js_errors().await);
    });
}
