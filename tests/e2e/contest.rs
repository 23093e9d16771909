//! Who is the favourite in a contest (issue #33): under the odds of Remedy's contest and Hack & Slash's and Ruina
//! Imperii's opposed rolls, the favourite and the gap in points, with the chances the rules crate computes for the
//! same request, following every input; nothing of the kind against a DC.

use crate::harness::{BrowserTest, Page};
use crate::roll::open_system;
use dicetray_rules::systems::{Contest, Request};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn engine(request: Value) -> Contest {
    let r = Request::from_json(&request.to_string()).expect("test request parses");
    r.contest().expect("a contest").expect("valid")
}

/// Waits until the panel's favourite shows `want`'s chances (to 1e-9) and returns its sentence.
async fn shows(page: &Page, want: Contest, what: &str) -> String {
    let started = Instant::now();
    loop {
        let got = page
            .js(
                "const f = document.querySelector('.roll-panel .contest-favourite');\
                 return f && [Number(f.dataset.ahead), Number(f.dataset.behind), f.querySelector('.contest-who').textContent];",
                vec![],
            )
            .await;
        if let Some(a) = got.as_array() {
            let (ahead, behind) = (a[0].as_f64().unwrap(), a[1].as_f64().unwrap());
            if (ahead - want.ahead).abs() < 1e-9 && (behind - want.behind).abs() < 1e-9 {
                return a[2].as_str().unwrap().to_string();
            }
        }
        assert!(started.elapsed() < Duration::from_secs(10), "{what}: shown {got}, engine {want:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn points(gap: f64) -> String {
    let s = format!("{:.1}", gap * 100.0);
    s.strip_suffix(".0").unwrap_or(&s).to_string()
}

#[test]
fn a_contest_names_its_favourite_and_by_how_much() {
    BrowserTest::new().run(|page| async move {
        open_system(&page, "remedy").await;
        assert_eq!(page.count(".contest-favourite").await, 0, "no favourite against a DC");
        page.select("#rm-mode", "contest").await;
        page.type_into("#rm-ability", "3").await;
        let want = engine(json!({"system": "remedy", "dice": "1d20", "ability": 3, "opponent": {"dice": "1d20"}}));
        let said = shows(&page, want, "Remedy, ability 3 against 0").await;
        assert!(want.ahead > want.behind);
        assert_eq!(said, format!("You are the favourite, by {} points.", points(want.ahead - want.behind)));
        // The opponent's ability decides it the other way.
        page.type_into("#rm-opp-ability", "6").await;
        let want = engine(
            json!({"system": "remedy", "dice": "1d20", "ability": 3, "opponent": {"dice": "1d20", "ability": 6}}),
        );
        let said = shows(&page, want, "Remedy, ability 3 against 6").await;
        assert_eq!(said, format!("The other side is the favourite, by {} points.", points(want.behind - want.ahead)));
        page.select("#rm-mode", "dc").await;
        page.wait_js("return !document.querySelector('.contest-favourite');", "gone against a DC").await;

        // Hack & Slash: equal sides are even (both half succeed), then the bonus makes a favourite.
        open_system(&page, "hack-and-slash").await;
        page.select("#hs-mode", "opposed").await;
        let want = engine(json!({"system": "hack-and-slash", "opponents": [0]}));
        let said = shows(&page, want, "Hack & Slash, even").await;
        assert_eq!(said, "Neither side is the favourite: an even contest.");
        let chances = page.text(".roll-panel .contest-chances").await;
        assert!(chances.ends_with(&format!("even {}%.", points(want.even))), "{chances}");
        page.click("#hs-bonus [data-step=up]").await;
        let want = engine(json!({"system": "hack-and-slash", "bonus": 0.5, "opponents": [0]}));
        let said = shows(&page, want, "Hack & Slash, bonus ½").await;
        assert!(said.starts_with("You are the favourite"), "{said}");

        // Ruina Imperii: equal pools, and ties go against the acting side.
        open_system(&page, "ruina-imperii").await;
        page.type_into("#ri-skill", "3").await;
        page.select("#ri-mode", "opposed").await;
        page.type_into("#ri-opp-skill", "3").await;
        let want =
            engine(json!({"system": "ruina-imperii", "skill": 3, "risk": 0, "opponent": {"skill": 3, "risk": 0}}));
        let said = shows(&page, want, "Ruina Imperii, 3 dice each").await;
        assert!(said.starts_with("The other side is the favourite"), "{said}");
    });
}
