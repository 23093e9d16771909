//! One test per project ruling on the 24-System (shared/rules/README.md), named after it.

use super::pool::{pool_sides, read};
use super::*;
use crate::die::DieKind;
use crate::rng::seeded;
use crate::systems::RuleSystem;

fn roll(request: &TwentyFourRequest, seed: u64) -> TwentyFourRoll {
    TwentyFour::roll(request, &mut seeded(seed)).unwrap()
}

/// The first seed whose roll satisfies `want`.
fn find(request: &TwentyFourRequest, want: impl Fn(&TwentyFourRoll) -> bool) -> TwentyFourRoll {
    (0..100_000).map(|s| roll(request, s)).find(|r| want(r)).expect("some seed gives the wanted roll")
}

fn pushed(mut request: TwentyFourRequest, track: Track) -> TwentyFourRequest {
    request.pushed = true;
    request.push = Some(PushDeclaration { track, fiction: "I shoulder through the smoke".into() });
    request
}

#[test]
fn ruling_rank_sets_skill_dice_and_flat_bonus_as_the_table_says() {
    let table = [([12, 12], 0), ([10, 12], 2), ([10, 10], 4), ([8, 10], 6), ([8, 8], 8), ([6, 8], 10), ([6, 6], 12)];
    for (rank, expected) in table.iter().enumerate() {
        assert_eq!(rank_dice(rank as i64), *expected, "rank {rank}");
        let r = roll(&TwentyFourRequest::new(rank as i64, 10), 7);
        let sides: Vec<_> = r.dice.iter().map(|d| d.kind).collect();
        assert_eq!(sides, vec![DieKind::Standard(expected.0[0]), DieKind::Standard(expected.0[1])]);
        assert_eq!(r.flat, expected.1);
        assert!(r.dice.iter().all(|d| d.role.as_deref() == Some("skill") && d.kept));
    }
}

#[test]
fn ruling_leverage_adds_one_die_keep_two_highest() {
    for (leverage, sides) in [(1, 4), (2, 6), (3, 8), (4, 10), (5, 12)] {
        assert_eq!(leverage_die(leverage), Some(sides));
        let mut req = TwentyFourRequest::new(3, 15);
        req.leverage = leverage;
        for seed in 0..50 {
            let r = roll(&req, seed);
            assert_eq!(r.dice.len(), 3, "exactly one extra die");
            assert_eq!(r.dice[2].kind, DieKind::Standard(sides));
            assert_eq!(r.dice[2].role.as_deref(), Some("leverage"));
            assert_eq!(r.dice.iter().filter(|d| d.kept).count(), 2);
            let mut faces: Vec<i64> = r.dice.iter().map(|d| d.face).collect();
            faces.sort_unstable_by(|a, b| b.cmp(a));
            assert_eq!(r.total, faces[0] + faces[1] + 6);
            let kept_sum: i64 = r.dice.iter().filter(|d| d.kept).map(|d| d.face).sum();
            assert_eq!(kept_sum + 6, r.total);
        }
    }
    assert_eq!(leverage_die(0), None);
}

#[test]
fn ruling_statuses_do_not_stack_highest_increase_applies() {
    let mut req = TwentyFourRequest::new(2, 12);
    req.pressure = vec![DcIncrease::Plain(2), DcIncrease::Labelled { label: Some("darkness".into()), dc: 1 }];
    req.status = vec![DcIncrease::Plain(3), DcIncrease::Plain(1)];
    assert_eq!(req.effective_dc(), 12 + (2 + 1) + 3, "every Pressure entry adds, only the highest status");
    let r = roll(&req, 1);
    assert_eq!(r.effective_dc, 18);
    assert_eq!(r.target_dc, 18);
    req.status.clear();
    assert_eq!(req.effective_dc(), 15, "no status: no status increase");
}

#[test]
fn ruling_effective_dc_pressure_and_a_status_both_apply() {
    // rank 6 (2d6 + 12) at DC 20 with statuses +2 and +3: effective DC 23, so a plain Success needs the dice to
    // sum to exactly 11 (12 is 24, Legendary): 2 of the 36 throws.
    let request: crate::systems::Request =
        serde_json::from_str(r#"{"system":"24-system","rank":6,"dc":20,"status":[2,3]}"#).unwrap();
    let odds = request.odds().unwrap();
    let p = |name: &str| odds.outcomes.iter().find(|c| c.name == name).unwrap().p;
    assert!((p("success") - 2.0 / 36.0).abs() < 1e-12, "{}", p("success"));
    assert!((p("legendary") - 1.0 / 36.0).abs() < 1e-12);
    let mut req = TwentyFourRequest::new(6, 20);
    req.pressure = vec![DcIncrease::Plain(1)];
    req.status = vec![DcIncrease::Plain(2)];
    assert_eq!(req.effective_dc(), 23, "a Pressure entry and a status both add");
}

#[test]
fn ruling_crushing_pressure_forces_leverage_zero_and_raises_dc() {
    let mut req = TwentyFourRequest::new(4, 14);
    req.crushing = Some(5);
    req.pressure = vec![DcIncrease::Plain(1)];
    assert_eq!(req.effective_dc(), 20);
    assert!(req.validate().is_ok());
    req.leverage = 2;
    let err = req.validate().unwrap_err();
    assert_eq!(err.field, "leverage");
    assert!(err.to_string().contains("crushing"), "{err}");
}

#[test]
fn ruling_result_24_or_more_is_legendary_whatever_the_dc() {
    assert_eq!(Outcome::of(24, 60), Outcome::Legendary);
    assert_eq!(Outcome::of(24, 10), Outcome::Legendary);
    let mut req = TwentyFourRequest::new(6, 60);
    req.leverage = 0;
    let r = find(&req, |r| r.total == 24);
    assert_eq!(r.outcome, Outcome::Legendary);
}

#[test]
fn ruling_result_meeting_the_effective_dc_is_success_else_miss() {
    assert_eq!(Outcome::of(15, 15), Outcome::Success);
    assert_eq!(Outcome::of(14, 15), Outcome::Miss);
    assert_eq!(Outcome::of(23, 23), Outcome::Success);
    let mut req = TwentyFourRequest::new(3, 14);
    req.pressure = vec![DcIncrease::Plain(2)];
    for seed in 0..200 {
        let r = roll(&req, seed);
        let expected = if r.total >= 24 {
            Outcome::Legendary
        } else if r.total >= 16 {
            Outcome::Success
        } else {
            Outcome::Miss
        };
        assert_eq!(r.outcome, expected);
    }
}

#[test]
fn ruling_partial_critical_any_die_kept_or_dropped_on_hits_and_misses() {
    // d8 + d10 + d4 Leverage: the d4 showing 4 is dropped (7 and 9 are higher) but still a Partial Critical.
    let sides = pool_sides(3, 1);
    let r = read(&sides, &[7, 9, 4], 6, false);
    assert!(r.partial_critical);
    assert_eq!(r.kept, [true, true, false]);
    assert!(!read(&sides, &[7, 9, 3], 6, false).partial_critical);
    let mut req = TwentyFourRequest::new(3, 60);
    req.leverage = 1;
    let miss = find(&req, |r| r.outcome == Outcome::Miss && r.partial_critical());
    assert!(miss.dice.iter().any(|d| d.maxed));
    req.dc = 0;
    let hit = find(&req, |r| r.outcome.is_hit() && r.partial_critical());
    assert_eq!(hit.events, vec![PARTIAL_CRITICAL.to_string()]);
}

#[test]
fn ruling_partial_critical_kept_only_table_option() {
    let sides = pool_sides(3, 1);
    assert!(!read(&sides, &[7, 9, 4], 6, true).partial_critical, "the dropped d4 does not count");
    assert!(read(&sides, &[8, 2, 4], 6, true).partial_critical, "the kept d8 does");
    // A tie between a maxed die and another keeps the maxed one (the roller's best reading).
    let sides = pool_sides(3, 4); // d8, d10, d10 Leverage
    let r = read(&sides, &[8, 8, 10], 6, true);
    assert_eq!(r.kept, [true, false, true]);
    assert!(r.partial_critical);
}

#[test]
fn ruling_attack_hit_location_legendary_head_partial_critical_limb_else_core() {
    assert_eq!(hit_location(Outcome::Legendary, true, None, None), Some(HitLocation::Head));
    assert_eq!(hit_location(Outcome::Success, true, None, None), Some(HitLocation::Limb));
    assert_eq!(hit_location(Outcome::Success, true, None, Some(Limb::Legs)), Some(HitLocation::Legs));
    assert_eq!(hit_location(Outcome::Success, false, None, Some(Limb::Legs)), Some(HitLocation::Core));
    assert_eq!(hit_location(Outcome::Miss, true, None, None), None);
    let mut req = TwentyFourRequest::new(0, 10);
    req.attack = true;
    let r = find(&req, |r| r.outcome == Outcome::Success && !r.partial_critical());
    assert_eq!(r.hit_location, Some(HitLocation::Core));
    let r = find(&req, |r| r.outcome == Outcome::Legendary);
    assert_eq!(r.hit_location, Some(HitLocation::Head));
}

#[test]
fn ruling_called_shot_overrides_hit_location() {
    assert_eq!(hit_location(Outcome::Legendary, true, Some(CalledShot::LeftArm), None), Some(HitLocation::LeftArm));
    assert_eq!(hit_location(Outcome::Success, false, Some(CalledShot::Head), None), Some(HitLocation::Head));
    assert_eq!(hit_location(Outcome::Miss, false, Some(CalledShot::Head), None), None);
}

#[test]
fn ruling_push_only_after_a_miss_and_a_pushed_roll_cannot_be_pushed_again() {
    let req = TwentyFourRequest::new(3, 20);
    let miss = find(&req, |r| r.outcome == Outcome::Miss);
    assert!(can_push(&miss));
    let hit = find(&req, |r| r.outcome.is_hit());
    assert!(!can_push(&hit));
    assert_eq!(
        push_request(&hit, PushDeclaration { track: Track::Strain, fiction: "x".into() }).unwrap_err().field,
        "pushed"
    );
    let push =
        push_request(&miss, PushDeclaration { track: Track::Strain, fiction: "I grit my teeth".into() }).unwrap();
    assert!(push.pushed);
    let pushed_miss = find(&push, |r| r.outcome == Outcome::Miss);
    assert!(!can_push(&pushed_miss));
    assert!(push_request(&pushed_miss, PushDeclaration { track: Track::Strain, fiction: "again".into() }).is_err());
}

#[test]
fn ruling_push_rerolls_whole_pool_against_dc_minus_two_minimum_six() {
    let mut req = TwentyFourRequest::new(3, 16);
    req.leverage = 2;
    req.pressure = vec![DcIncrease::Plain(2)];
    let p = pushed(req.clone(), Track::Position);
    assert_eq!(p.target_dc(), 16);
    let r = roll(&p, 3);
    assert_eq!(r.dice.len(), 3, "the Leverage die is rerolled too");
    assert_eq!((r.effective_dc, r.target_dc), (18, 16));
    req.dc = 7;
    req.pressure.clear();
    assert_eq!(pushed(req, Track::Position).target_dc(), 6, "two lower, floored at 6");
}

#[test]
fn ruling_pushed_dc_is_never_higher_than_the_dc_being_pushed() {
    // max(DC - 2, min(DC, 6)) worked by hand for every DC from 0 to 12.
    let expected = [0, 1, 2, 3, 4, 5, 6, 6, 6, 7, 8, 9, 10];
    for (dc, want) in expected.iter().enumerate() {
        let p = pushed(TwentyFourRequest::new(0, dc as i64), Track::Position);
        assert_eq!(p.target_dc(), *want, "DC {dc}");
        assert!(p.target_dc() <= dc as i64);
    }
}

#[test]
fn ruling_pushed_success_is_a_minor_complication_on_the_track() {
    let p = pushed(TwentyFourRequest::new(3, 14), Track::Resource);
    let r = find(&p, |r| r.outcome == Outcome::Success && r.partial_critical());
    let c = r.complication.clone().unwrap();
    assert_eq!((c.track, c.severity), (Track::Resource, Severity::Minor));
    assert_eq!(c.fiction, "I shoulder through the smoke");
    assert!(r.partial_critical(), "the Partial Critical benefit still comes with the Minor complication");
}

#[test]
fn ruling_pushed_failure_is_a_major_complication_on_the_track() {
    let p = pushed(TwentyFourRequest::new(3, 22), Track::Exposure);
    let r = find(&p, |r| r.outcome == Outcome::Miss);
    let c = r.complication.unwrap();
    assert_eq!((c.track, c.severity), (Track::Exposure, Severity::Major));
}

#[test]
fn ruling_guide_may_declare_a_failed_push_a_critical_failure() {
    let p = pushed(TwentyFourRequest::new(3, 22), Track::Objective);
    let mut failed = find(&p, |r| r.outcome == Outcome::Miss);
    declare_critical_failure(&mut failed).unwrap();
    assert!(failed.critical_failure);
    assert!(serde_json::to_string(&failed).unwrap().contains("\"critical_failure\":true"));
    let mut plain_miss = find(&TwentyFourRequest::new(3, 22), |r| r.outcome == Outcome::Miss);
    assert_eq!(declare_critical_failure(&mut plain_miss).unwrap_err().field, "critical_failure");
    let mut pushed_hit = find(&p, |r| r.outcome.is_hit());
    assert!(declare_critical_failure(&mut pushed_hit).is_err());
}

#[test]
fn ruling_retry_same_skill_same_dc_nothing_changed_is_not_a_free_roll() {
    let mut first = TwentyFourRequest::new(2, 15);
    first.skill = Some("Athletics".into());
    first.pressure = vec![DcIncrease::Plain(1)];
    let again = first.clone();
    assert!(is_forbidden_retry(&first, Outcome::Miss, &again));
    let mut renamed = again.clone();
    renamed.skill = Some(" athletics ".into());
    assert!(is_forbidden_retry(&first, Outcome::Miss, &renamed), "same skill whatever the case");
    assert!(!is_forbidden_retry(&first, Outcome::Success, &again), "only after a Miss");
    let mut new_leverage = again.clone();
    new_leverage.leverage = 1;
    assert!(!is_forbidden_retry(&first, Outcome::Miss, &new_leverage), "new Leverage is a meaningful change");
    let mut other_skill = again.clone();
    other_skill.skill = Some("Stealth".into());
    assert!(!is_forbidden_retry(&first, Outcome::Miss, &other_skill));
    let mut less_pressure = again.clone();
    less_pressure.pressure.clear();
    assert!(!is_forbidden_retry(&first, Outcome::Miss, &less_pressure), "the DC changed");
    let push = pushed(again, Track::Strain);
    assert!(!is_forbidden_retry(&first, Outcome::Miss, &push), "pushing is the allowed retry");
    let miss = find(&first, |r| r.outcome == Outcome::Miss);
    assert!(is_forbidden_retry_of(&miss, &first) && can_push(&miss));
}

#[test]
fn a_skill_name_is_compared_trimmed_with_a_to_z_in_either_case_and_other_letters_as_typed() {
    assert_eq!(skill_key(Some("  Climb ")), skill_key(Some("cLIMB")));
    assert_eq!(skill_key(Some("Climb")).as_deref(), Some("climb"));
    assert_eq!(skill_key(Some("   ")), None, "a blank name is no name");
    assert_eq!(skill_key(None), None);
    assert_eq!(skill_key(Some("Élan")).as_deref(), Some("Élan"), "letters beyond A to Z are kept as typed");
    assert_ne!(skill_key(Some("Élan")), skill_key(Some("élan")));
}

#[test]
fn ruling_complications_use_the_five_tracks() {
    for (name, track) in [
        ("position", Track::Position),
        ("resource", Track::Resource),
        ("exposure", Track::Exposure),
        ("strain", Track::Strain),
        ("objective", Track::Objective),
    ] {
        assert_eq!(serde_json::to_value(track).unwrap(), serde_json::json!(name));
    }
    assert!(serde_json::from_value::<Track>(serde_json::json!("morale")).is_err());
}

#[test]
fn pushed_request_needs_a_declaration_with_fiction() {
    let mut req = TwentyFourRequest::new(3, 15);
    req.pushed = true;
    assert_eq!(req.validate().unwrap_err().field, "push");
    req.push = Some(PushDeclaration { track: Track::Strain, fiction: "  ".into() });
    assert_eq!(req.validate().unwrap_err().field, "push.fiction");
}

#[test]
fn validation_names_each_field() {
    type Change = Box<dyn Fn(&mut TwentyFourRequest)>;
    let cases: Vec<(Change, &str)> = vec![
        (Box::new(|r| r.rank = 9), "rank"),
        (Box::new(|r| r.leverage = 6), "leverage"),
        (Box::new(|r| r.dc = 61), "dc"),
        (Box::new(|r| r.pressure = vec![DcIncrease::Plain(1), DcIncrease::Plain(11)]), "pressure[1]"),
        (Box::new(|r| r.status = vec![DcIncrease::Plain(-1)]), "status[0]"),
        (Box::new(|r| r.pressure = vec![DcIncrease::Plain(1); 21]), "pressure"),
        (Box::new(|r| r.crushing = Some(0)), "crushing"),
    ];
    for (change, field) in cases {
        let mut req = TwentyFourRequest::new(3, 15);
        change(&mut req);
        assert_eq!(req.validate().unwrap_err().field, field);
    }
}

#[test]
fn location_odds_add_up_to_the_chance_of_a_hit() {
    let mut req = TwentyFourRequest::new(1, 16);
    req.attack = true;
    req.leverage = 3;
    let odds = TwentyFour::odds(&req).unwrap();
    let locations = location_odds(&req).unwrap();
    let names: Vec<_> = locations.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["head", "core", "limb"]);
    let sum: f64 = locations.iter().map(|c| c.p).sum();
    assert!((sum - (odds.get("legendary") + odds.get("success"))).abs() < 1e-12);
    req.called_shot = Some(CalledShot::Legs);
    assert_eq!(location_odds(&req).unwrap().len(), 1);
}

#[test]
fn ruling_pushed_24_or_more_is_legendary_and_still_takes_the_minor_complication() {
    // Rank 6 (2d6 + 12) pushed at DC 30: only double six (24) succeeds, and it is Legendary.
    let p = pushed(TwentyFourRequest::new(6, 30), Track::Objective);
    let r = find(&p, |r| r.total >= 24);
    assert_eq!(r.outcome, Outcome::Legendary);
    let c = r.complication.unwrap();
    assert_eq!((c.track, c.severity), (Track::Objective, Severity::Minor));
}

#[test]
fn ruling_push_names_one_of_the_five_tracks_and_states_the_fiction() {
    let mut p = pushed(TwentyFourRequest::new(3, 14), Track::Position);
    assert!(p.validate().is_ok());
    p.push = Some(PushDeclaration { track: Track::Position, fiction: "  ".into() });
    assert_eq!(p.validate().unwrap_err().field, "push.fiction");
    p.push = None;
    assert_eq!(p.validate().unwrap_err().field, "push");
    let bad: Result<PushDeclaration, _> = serde_json::from_str(r#"{"track":"luck","fiction":"x"}"#);
    assert!(bad.is_err(), "only the five tracks");
}
