//! One test per project ruling on Hack & Slash (shared/rules/README.md), named after it.

use super::*;
use crate::rng::seeded;
use crate::systems::RuleSystem;

fn single(bonus: f64, difficulty: f64) -> HackAndSlashRequest {
    HackAndSlashRequest { bonus, difficulty: Some(difficulty), opponents: None }
}

fn opposed(bonus: f64, opponents: &[f64]) -> HackAndSlashRequest {
    HackAndSlashRequest { bonus, difficulty: None, opponents: Some(opponents.to_vec()) }
}

fn roll(request: &HackAndSlashRequest, seed: u64) -> HackAndSlashRoll {
    HackAndSlash::roll(request, &mut seeded(seed)).unwrap()
}

#[test]
fn ruling_bonuses_and_difficulties_come_in_half_steps() {
    assert_eq!(to_halves("bonus", 1.5).unwrap(), 3);
    assert_eq!(to_halves("bonus", -2.0).unwrap(), -4);
    assert_eq!(to_halves("bonus", 0.5).unwrap(), 1);
    for bad in [0.3, 0.25, f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let err = to_halves("bonus", bad).unwrap_err();
        assert_eq!(err.field, "bonus");
        assert!(err.allowed.contains("0.5"));
    }
    assert!(single(1.5, 2.5).validate().is_ok());
    assert_eq!(single(1.5, 0.7).validate().unwrap_err().field, "difficulty");
}

#[test]
fn ruling_single_action_level_1_full_0_or_half_half_below_0_failure() {
    assert_eq!(Outcome::of(2), Outcome::FullSuccess); // level 1
    assert_eq!(Outcome::of(1), Outcome::HalfSuccess); // level 1/2
    assert_eq!(Outcome::of(0), Outcome::HalfSuccess);
    assert_eq!(Outcome::of(-1), Outcome::Failure); // level -1/2
    for seed in 0..200 {
        let r = roll(&single(1.5, 2.0), seed);
        let level = (r.action.die as f64 + 1.5) - (r.difficulty.unwrap().die as f64 + 2.0);
        assert_eq!(r.success_level, level);
        assert_eq!(r.total, level);
        let expected = if level >= 1.0 {
            Outcome::FullSuccess
        } else if level >= 0.0 {
            Outcome::HalfSuccess
        } else {
            Outcome::Failure
        };
        assert_eq!(r.outcome, expected);
        assert_eq!(r.dice[0].role.as_deref(), Some("success"));
        assert_eq!(r.dice[1].role.as_deref(), Some("failure"));
    }
}

#[test]
fn ruling_opposed_equal_rolls_are_both_half_ahead_by_half_is_half_ahead_by_one_succeeds() {
    for seed in 0..300 {
        let r = roll(&opposed(0.5, &[0.0]), seed);
        let o = r.opponents[0];
        let ahead = o.roll - r.action.roll;
        assert_eq!(o.ahead_by, ahead);
        match ahead {
            a if a >= 1.0 => assert_eq!((r.outcome, o.interference), (Outcome::Failure, Interference::Full)),
            0.0 | 0.5 => {
                assert_eq!(o.interference, Interference::Partial);
                assert_eq!(r.outcome, if ahead == 0.0 { Outcome::HalfSuccess } else { Outcome::Failure });
            }
            -0.5 => assert_eq!((r.outcome, o.interference), (Outcome::HalfSuccess, Interference::None)),
            _ => assert_eq!((r.outcome, o.interference), (Outcome::FullSuccess, Interference::None)),
        }
    }
}

#[test]
fn ruling_several_opposers_level_is_against_the_highest_opposing_roll() {
    for seed in 0..300 {
        let r = roll(&opposed(2.0, &[0.0, 1.5, -1.0]), seed);
        let highest = r.opponents.iter().map(|o| o.roll).fold(f64::MIN, f64::max);
        assert_eq!(r.success_level, r.action.roll - highest);
        assert_eq!(r.dice.len(), 4);
        assert!(r.dice[1..].iter().all(|d| d.role.as_deref() == Some("opponent")));
    }
}

#[test]
fn ruling_each_opposer_ahead_by_one_interferes_fully_by_zero_or_half_partially() {
    assert_eq!(Interference::of(2), Interference::Full);
    assert_eq!(Interference::of(5), Interference::Full);
    assert_eq!(Interference::of(1), Interference::Partial);
    assert_eq!(Interference::of(0), Interference::Partial);
    assert_eq!(Interference::of(-1), Interference::None);
    let req = opposed(1.0, &[0.5, 1.0, 2.0, -3.0]);
    for seed in 0..300 {
        let r = roll(&req, seed);
        for o in &r.opponents {
            let expected = match o.ahead_by {
                a if a >= 1.0 => Interference::Full,
                a if a >= 0.0 => Interference::Partial,
                _ => Interference::None,
            };
            assert_eq!(o.interference, expected);
        }
        let any = |i| r.opponents.iter().any(|o| o.interference == i);
        assert_eq!(r.events.contains(&INTERFERENCE_FULL.to_string()), any(Interference::Full));
        assert_eq!(r.events.contains(&INTERFERENCE_PARTIAL.to_string()), any(Interference::Partial));
    }
}

#[test]
fn difficulty_and_opponents_together_or_none_are_errors() {
    let both = HackAndSlashRequest { bonus: 0.0, difficulty: Some(1.0), opponents: Some(vec![1.0]) };
    assert_eq!(both.validate().unwrap_err().field, "difficulty");
    assert_eq!(opposed(0.0, &[]).validate().unwrap_err().field, "opponents");
    assert_eq!(opposed(0.0, &[1.0, 0.3]).validate().unwrap_err().field, "opponents[1]");
    assert_eq!(single(20.5, 0.0).validate().unwrap_err().field, "bonus");
    let neither = HackAndSlashRequest::default();
    assert!(neither.validate().is_ok(), "no difficulty and no opponents means difficulty 0");
}

#[test]
fn ten_thousand_opponents_odds_sum_to_one() {
    let many: Vec<f64> = (0..OPPONENTS_MAX).map(|i| (i % 7) as f64 * 0.5 - 1.0).collect();
    let odds = HackAndSlash::odds(&opposed(8.0, &many)).unwrap();
    let sum: f64 = odds.outcomes.iter().map(|c| c.p).sum();
    assert!((sum - 1.0).abs() < 1e-12);
    let mut too_many = many;
    too_many.push(0.0);
    let err = opposed(8.0, &too_many).validate().unwrap_err();
    assert_eq!(err.field, "opponents");
    assert!(err.allowed.contains("10000"));
}
