//! One test per project ruling on Total//Effect (shared/rules/README.md), named after it.

use super::*;
use crate::rng::seeded;
use crate::systems::RuleSystem;

fn request(advantage: i64, disadvantage: i64) -> TotalEffectRequest {
    TotalEffectRequest { advantage, disadvantage, ..Default::default() }
}

fn roll(request: &TotalEffectRequest, seed: u64) -> TotalEffectRoll {
    TotalEffect::roll(request, &mut seeded(seed)).unwrap()
}

#[test]
fn ruling_net_advantage_clamped_to_three_rolls_extra_dice_and_keeps_highest_three() {
    assert_eq!(request(2, 1).net_advantage(), 1);
    assert_eq!(request(7, 0).net_advantage(), 3);
    assert_eq!(request(1, 9).net_advantage(), -3);
    assert_eq!(request(5, 0).dice_count(), 6);
    for seed in 0..100 {
        let r = roll(&request(2, 0), seed);
        assert_eq!(r.dice.len(), 5);
        let mut faces: Vec<i64> = r.dice.iter().map(|d| d.face).collect();
        faces.sort_unstable_by(|a, b| b.cmp(a));
        assert_eq!([r.effect.high, r.effect.mid, r.effect.low], [faces[0], faces[1], faces[2]]);
        assert_eq!(r.dice.iter().filter(|d| d.kept).count(), 3);
        assert!(r.dice.iter().filter(|d| !d.kept).all(|d| d.role.as_deref() == Some("extra")));
    }
}

#[test]
fn ruling_net_disadvantage_keeps_lowest_three() {
    for seed in 0..100 {
        let r = roll(&request(1, 3), seed);
        assert_eq!((r.net_advantage, r.dice.len()), (-2, 5));
        let mut faces: Vec<i64> = r.dice.iter().map(|d| d.face).collect();
        faces.sort_unstable();
        assert_eq!([r.effect.low, r.effect.mid, r.effect.high], [faces[0], faces[1], faces[2]]);
    }
    assert_eq!(kept_indices(&[6, 1, 3, 1, 5], -2), [1, 3, 2]);
}

#[test]
fn ruling_total_is_kept_dice_plus_escalation_plus_modifier_and_escalation_never_changes_effect_dice() {
    let req = TotalEffectRequest { escalation: 4, modifier: -2, ..request(1, 0) };
    for seed in 0..100 {
        let r = roll(&req, seed);
        let kept: Vec<&crate::die::DieRoll> = r.dice.iter().filter(|d| d.kept).collect();
        assert!(kept.iter().all(|d| d.value == d.face), "Effect dice stay as rolled");
        assert_eq!(r.effect.high + r.effect.mid + r.effect.low + 4 - 2, r.total);
    }
}

#[test]
fn ruling_escalation_floor_or_ceiling_table_option_replaces_adding() {
    let floor = TotalEffectRequest { escalation: 4, escalation_mode: EscalationMode::Floor, ..request(0, 0) };
    let ceiling = TotalEffectRequest { escalation_mode: EscalationMode::Ceiling, ..floor.clone() };
    for seed in 0..100 {
        let f = roll(&floor, seed);
        let faces: Vec<i64> = f.dice.iter().map(|d| d.face).collect();
        let mut raised: Vec<i64> = faces.iter().map(|&x| x.max(4)).collect();
        raised.sort_unstable_by(|a, b| b.cmp(a));
        assert_eq!([f.effect.high, f.effect.mid, f.effect.low], [raised[0], raised[1], raised[2]]);
        assert_eq!(f.total, raised.iter().sum::<i64>(), "Escalation is not added as well");
        let c = roll(&ceiling, seed);
        assert_eq!(c.total, faces.iter().map(|&x| x.min(4)).sum::<i64>());
        assert!(c.effect.high <= 4);
    }
}

#[test]
fn ruling_general_resolution_8_or_less_hard_choice_9_to_12_twist_13_plus_clean() {
    assert_eq!(Outcome::of(8), Outcome::HardChoice);
    assert_eq!(Outcome::of(-5), Outcome::HardChoice);
    assert_eq!(Outcome::of(9), Outcome::SuccessWithTwist);
    assert_eq!(Outcome::of(12), Outcome::SuccessWithTwist);
    assert_eq!(Outcome::of(13), Outcome::CleanSuccess);
    assert_eq!(serde_json::to_value(Outcome::SuccessWithTwist).unwrap(), serde_json::json!("success_with_twist"));
}

#[test]
fn ruling_every_matching_band_triggers() {
    assert_eq!(Band::parse("9+"), Some(Band::AtLeast(9)));
    assert_eq!(Band::parse("8-"), Some(Band::AtMost(8)));
    assert_eq!(Band::parse("9-12"), Some(Band::Between(9, 12)));
    for bad in ["9--", "13-9", "abc", "", "+9", "9", "-3-", "9 +", "1-2-3"] {
        assert_eq!(Band::parse(bad), None, "{bad:?}");
    }
    let req =
        TotalEffectRequest { bands: vec!["9+".into(), "13+".into(), "6-8".into(), "14-".into()], ..request(0, 0) };
    for seed in 0..200 {
        let r = roll(&req, seed);
        let t = r.total;
        let expected: Vec<&str> = [("9+", t >= 9), ("13+", t >= 13), ("6-8", (6..=8).contains(&t)), ("14-", t <= 14)]
            .iter()
            .filter(|(_, hit)| *hit)
            .map(|(b, _)| *b)
            .collect();
        assert_eq!(r.events, expected, "total {t}");
    }
}

#[test]
fn ruling_halve_a_die_rounds_down_at_least_one() {
    let halves: Vec<i64> = (1..=6).map(halve).collect();
    assert_eq!(halves, [1, 1, 1, 2, 2, 3]);
}

#[test]
fn ruling_step_up_low_mid_high_then_plus_one_step_down_high_mid_low_then_minus_one_at_least_zero() {
    let e = Effect::from_values([4, 1, 6]);
    assert_eq!((e.high, e.mid, e.low), (6, 4, 1));
    assert_eq!(e.step(EffectDie::Mid, 1), 6);
    assert_eq!(e.step(EffectDie::Mid, 2), 7);
    assert_eq!(e.step(EffectDie::Low, 4), 8);
    assert_eq!(e.step(EffectDie::Mid, -1), 1);
    assert_eq!(e.step(EffectDie::Mid, -2), 0);
    assert_eq!(e.step(EffectDie::High, -5), 0, "never below 0");
    assert_eq!(e.step(EffectDie::High, 0), 6);
    assert_eq!(step_flat(3, 2), 5);
    assert_eq!(step_flat(3, -1), 2);
}

#[test]
fn ruling_tier_below_gives_one_advantage_above_one_disadvantage() {
    assert_eq!(tier_advantage(2, 1), (1, 0));
    assert_eq!(tier_advantage(1, 3), (0, 1), "one Disadvantage however far above");
    assert_eq!(tier_advantage(2, 2), (0, 0));
}

#[test]
fn ruling_level_maps_to_tier_1_3_4_6_7_9_with_optional_0_and_10() {
    let tiers: Vec<Option<u32>> = (0..=11).map(tier_of_level).collect();
    assert_eq!(
        tiers,
        [Some(0), Some(1), Some(1), Some(1), Some(2), Some(2), Some(2), Some(3), Some(3), Some(3), Some(4), None]
    );
}

#[test]
fn validation_names_each_field() {
    let cases: Vec<(TotalEffectRequest, &str)> = vec![
        (request(11, 0), "advantage"),
        (request(0, -1), "disadvantage"),
        (TotalEffectRequest { escalation: 7, ..request(0, 0) }, "escalation"),
        (TotalEffectRequest { modifier: 21, ..request(0, 0) }, "modifier"),
        (TotalEffectRequest { bands: vec!["9+".into(); 21], ..request(0, 0) }, "bands"),
        (TotalEffectRequest { bands: vec!["9+".into(), "13-9".into()], ..request(0, 0) }, "bands[1]"),
        (TotalEffectRequest { bands: vec!["9+".into(), "9+".into()], ..request(0, 0) }, "bands[1]"),
    ];
    for (req, field) in cases {
        assert_eq!(req.validate().unwrap_err().field, field);
    }
}

#[test]
fn total_dist_sums_to_one_and_matches_outcome_odds() {
    let req = TotalEffectRequest { escalation: 2, ..request(0, 2) };
    let d = total_dist(&req);
    assert!((d.total_mass() - 1.0).abs() < 1e-12);
    let odds = TotalEffect::odds(&req).unwrap();
    assert!((odds.get("clean_success") - d.p_at_least(13)).abs() < 1e-12);
}

#[test]
fn ruling_escalation_zero_means_no_escalation_in_every_mode() {
    for mode in [EscalationMode::Add, EscalationMode::Floor, EscalationMode::Ceiling] {
        let req = TotalEffectRequest { escalation: 0, escalation_mode: mode, ..request(0, 0) };
        for seed in 0..50 {
            let r = roll(&req, seed);
            let faces: Vec<i64> = r.dice.iter().map(|d| d.face).collect();
            assert!(r.dice.iter().all(|d| d.value == d.face), "{mode:?}: the Effect dice stay as rolled");
            assert_eq!(r.total, faces.iter().sum::<i64>(), "{mode:?}");
        }
        // Plain 3d6: P(Total >= 13) = 56/216 (counted by hand: 13..18 have 21, 15, 10, 6, 3, 1 throws).
        let odds = TotalEffect::odds(&req).unwrap();
        assert!((odds.get("clean_success") - 56.0 / 216.0).abs() < 1e-12, "{mode:?}");
    }
}

#[test]
fn ruling_advantage_cancels_first_then_caps_at_three() {
    // Cancel first: 5 - 2 = 3. Capping first would give min(5, 3) - 2 = 1.
    assert_eq!(request(5, 2).net_advantage(), 3);
    assert_eq!(request(5, 2).dice_count(), 6);
    // 4 - 1 = 3 either way; 6 - 4 = 2 (capping first would give 3 - 3 = 0); 2 - 7 = -5, capped to -3.
    assert_eq!(request(6, 4).net_advantage(), 2);
    assert_eq!(request(2, 7).net_advantage(), -3);
    assert_eq!(request(10, 10).net_advantage(), 0);
}

#[test]
fn ruling_tier_advantage_joins_other_advantage_before_the_cancel_and_cap() {
    let read = |fields: &str| -> Result<TotalEffectRequest, crate::systems::RequestError> {
        match crate::systems::Request::from_json(&format!(r#"{{"system":"total-effect"{fields}}}"#))? {
            crate::systems::Request::TotalEffect(r) => Ok(r),
            other => panic!("{other:?}"),
        }
    };
    let net = |fields: &str| read(fields).unwrap().net_advantage();
    assert_eq!(net(r#","tier":2,"task_tier":1"#), 1, "acting below your tier: 1 Advantage");
    assert_eq!(net(r#","tier":1,"task_tier":3"#), -1, "acting above it: 1 Disadvantage, however far");
    assert_eq!(net(r#","tier":2,"task_tier":2"#), 0);
    assert_eq!(net(r#","advantage":3,"tier":1,"task_tier":2"#), 2, "the tier's Disadvantage cancels one");
    assert_eq!(net(r#","advantage":3,"tier":2,"task_tier":1"#), 3, "4 Advantage, capped at 3");
    assert_eq!(net(r#","advantage":4,"disadvantage":1,"tier":1,"task_tier":2"#), 2, "4 - 2, not min(4, 3) - 2");
    let request = crate::systems::Request::TotalEffect(read(r#","tier":2,"task_tier":1"#).unwrap());
    let written = serde_json::to_string(&request).unwrap();
    assert_eq!(written, r#"{"system":"total-effect","advantage":1}"#, "written as the counts it adds");
    assert!(read(r#","tier":2"#).unwrap_err().to_string().contains("`tier` and `task_tier` go together"));
    assert!(read(r#","tier":5,"task_tier":1"#).unwrap_err().to_string().contains("`tier` 5 is out of range"));
}

#[test]
fn ruling_steps_on_a_flat_value_add_or_subtract_one_each() {
    assert_eq!(step_flat(4, 1), 5);
    assert_eq!(step_flat(4, 3), 7);
    assert_eq!(step_flat(4, -2), 2);
    assert_eq!(step_flat(1, -3), -2, "no floor is stated for a flat value");
}

#[test]
fn effect_dice_rank_three_values_in_any_order() {
    for v in [[4, 1, 6], [2, 2, 5], [3, 3, 3], [6, 1, 1], [-1, 7, 0]] {
        let mut want = v;
        want.sort();
        for order in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
            let e = Effect::from_values(order.map(|i| v[i]));
            assert_eq!([e.low, e.mid, e.high], want, "{:?}", order.map(|i| v[i]));
        }
    }
}
