//! A GM's request each system's sheet completes (`dicetray_saved::ask`): what a row gives, what the GM's values
//! override, and that every system can be answered by hand.

use dicetray_rules::systems::Request;
use dicetray_saved::ask::{fill, find_row, number, AskInput};
use dicetray_saved::sheets::{hack_and_slash, remedy, ruina_imperii, total_effect, twenty_four};
use dicetray_saved::Sheet;
use serde_json::{Map, Value};

fn obj(json: &str) -> Map<String, Value> {
    match serde_json::from_str(json).unwrap() {
        Value::Object(m) => m,
        _ => panic!("not an object"),
    }
}

/// The request `sheet`'s row `name` makes with the player's `player` fields and the GM's `gm`.
fn answer(sheet: &Sheet, name: &str, player: &str, gm: &str) -> Result<Request, String> {
    let rows = sheet.rows();
    let i = find_row(&rows, name).ok_or("no such row")?;
    fill(Sheet::ask_shape(sheet.system_id()).unwrap().base, &rows[i].fields, &obj(player), gm)
}

#[test]
fn a_24_system_skill_gives_its_rank_and_name_and_the_gm_the_dc() {
    let skills = vec![twenty_four::Skill { name: "Stealth".into(), rank: 3 }];
    let sheet = Sheet::TwentyFour(twenty_four::Sheet { skills, complications: vec![] });
    assert_eq!(sheet.rows()[0].said, "rank 3");
    let r = answer(&sheet, " stealth ", r#"{"leverage":2,"dc":5}"#, r#"{"system":"24-system","dc":15}"#).unwrap();
    let want = r#"{"system":"24-system","rank":3,"leverage":2,"dc":15,"skill":"Stealth"}"#;
    assert_eq!(r, Request::from_json(want).unwrap(), "the GM's DC stands over the player's");
    let e = answer(&sheet, "Stealth", r#"{"leverage":9}"#, r#"{"system":"24-system","dc":15}"#).unwrap_err();
    assert!(e.contains("leverage"), "{e}");
}

#[test]
fn a_remedy_skill_gives_its_dice_and_its_abilitys_score_and_an_ability_its_score_on_1d20() {
    let mut s = remedy::Sheet::default();
    s.abilities[1].score = 3;
    s.skills.push(remedy::Skill { name: "Stealth".into(), ability: 1, dice: "2d20▲".into() });
    let sheet = Sheet::Remedy(s);
    let rows = sheet.rows();
    assert_eq!(rows.len(), 7, "the skill, then the six abilities");
    assert_eq!(rows[0].said, "2d20▲, Dexterity +3");
    let gm = r#"{"system":"remedy","dc":14}"#;
    let r = answer(&sheet, "Stealth", "{}", gm).unwrap();
    assert_eq!(
        r,
        Request::from_json(r#"{"system":"remedy","dice":"2d20▲","ability":3,"dc":14,"reroll":"best"}"#).unwrap()
    );
    let r = answer(&sheet, "dexterity", r#"{"bonus":1}"#, gm).unwrap();
    assert_eq!(
        r,
        Request::from_json(r#"{"system":"remedy","dice":"1d20","ability":3,"bonus":1,"dc":14,"reroll":"best"}"#)
            .unwrap()
    );
}

#[test]
fn the_other_sheets_give_bands_a_pool_with_its_risk_limit_and_a_bonus_in_half_steps() {
    let te = total_effect::Sheet {
        abilities: vec![total_effect::Ability {
            name: "Sneak".into(),
            bands: vec![total_effect::BandNote { band: "9+".into(), effect: "unseen".into() }],
        }],
        ..Default::default()
    };
    let r =
        answer(&Sheet::TotalEffect(te), "Sneak", r#"{"modifier":1}"#, r#"{"system":"total-effect","escalation":2}"#);
    let want = r#"{"system":"total-effect","escalation":2,"modifier":1,"bands":["9+"]}"#;
    assert_eq!(r.unwrap(), Request::from_json(want).unwrap());

    let skills = vec![ruina_imperii::Skill { name: "Stealth".into(), dice: 4 }];
    let ri = Sheet::RuinaImperii(ruina_imperii::Sheet { skills, risk_limit: 1, fortune: 3 });
    let gm = r#"{"system":"ruina-imperii","difficulty":2}"#;
    let r = answer(&ri, "Stealth", r#"{"risk":1}"#, gm).unwrap();
    let want = r#"{"system":"ruina-imperii","skill":4,"risk":1,"difficulty":2,"risk_limit":1}"#;
    assert_eq!(r, Request::from_json(want).unwrap());
    let e = answer(&ri, "Stealth", r#"{"risk":2}"#, gm).unwrap_err();
    assert!(e.contains("risk"), "the sheet's Risk Limit holds: {e}");

    let hs = Sheet::HackAndSlash(hack_and_slash::Sheet {
        abilities: vec![hack_and_slash::Ability { name: "Agility".into(), halves: 3 }],
    });
    assert_eq!(hs.rows()[0].said, "1½");
    let r = answer(&hs, "Agility", "{}", r#"{"system":"hack-and-slash","difficulty":1}"#).unwrap();
    assert_eq!(r, Request::from_json(r#"{"system":"hack-and-slash","bonus":1.5,"difficulty":1}"#).unwrap());
}

#[test]
fn every_system_can_be_answered_by_hand_with_its_inputs_starting_values() {
    for id in dicetray_rules::systems::SYSTEM_IDS {
        let shape = Sheet::ask_shape(id).unwrap();
        let start = |inputs: &[AskInput]| -> Map<String, Value> {
            inputs.iter().filter_map(|i| Some((i.field.to_string(), number(i.start?)))).collect()
        };
        let mut gm = start(shape.gm);
        gm.insert("system".into(), Value::from(id));
        let gm = Value::Object(gm).to_string();
        let r = fill(shape.base, &start(shape.by_hand), &start(shape.player), &gm);
        assert_eq!(r.map(|r| r.system_id()), Ok(id));
        for input in shape.gm.iter().chain(shape.player).chain(shape.by_hand) {
            assert!(input.min <= input.max && input.start.is_none_or(|s| (input.min..=input.max).contains(&s)));
        }
    }
}
