//! Ruina Imperii: the project's rulings, exact odds against brute force, and a seeded simulation.

mod common;

use dicetray_rules::dist::Dist;
use dicetray_rules::rng::seeded;
use dicetray_rules::systems::ruina_imperii::odds::hits_dist;
use dicetray_rules::systems::ruina_imperii::outcome::judge;
use dicetray_rules::systems::ruina_imperii::{Fortune, Opponent, Outcome, Pool, RuinaImperii, RuinaImperiiRequest};
use dicetray_rules::systems::RuleSystem;

fn req(skill: i32, risk: i32, explode: Option<i32>, difficulty: i32) -> RuinaImperiiRequest {
    RuinaImperiiRequest { explode, ..RuinaImperiiRequest::against(skill, risk, difficulty) }
}

fn opp(skill: i32, risk: i32, explode: Option<i32>) -> Opponent {
    Opponent { skill, risk, explode }
}

// ---------------------------------------------------------------- brute force, written from the rules text

/// One die's hit distribution by going through its six faces, explosions followed to `depth` added dice
/// (each level reuses the distribution of the level below). Returns (probabilities by hits, mass of chains
/// deeper than `depth`).
fn brute_die(explode: Option<u32>, depth: u32) -> (Vec<f64>, f64) {
    let mut out = Vec::new();
    let mut lost = 0.0;
    let below = if depth > 0 { Some(brute_die(explode, depth - 1)) } else { None };
    for face in 1..=6u32 {
        let h = usize::from(face >= 4);
        if explode.is_some_and(|n| face >= n) {
            match &below {
                None => lost += 1.0 / 6.0,
                Some((d, l)) => {
                    lost += l / 6.0;
                    for (k, p) in d.iter().enumerate() {
                        if out.len() <= k + h {
                            out.resize(k + h + 1, 0.0);
                        }
                        out[k + h] += p / 6.0;
                    }
                }
            }
        } else {
            if out.len() <= h {
                out.resize(h + 1, 0.0);
            }
            out[h] += 1.0 / 6.0;
        }
    }
    (out, lost)
}

fn convolve(a: &[f64], b: &[f64]) -> Vec<f64> {
    let mut c = vec![0.0; a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate() {
        for (j, y) in b.iter().enumerate() {
            c[i + j] += x * y;
        }
    }
    c
}

/// The pool a request throws, derived again from the rules text: (dice, Risk, Explode).
fn brute_pool(skill: i32, risk: i32, explode: Option<i32>) -> (u32, u32, Option<u32>) {
    let (dice, risk) = if skill + risk == 0 { (1, 1) } else { ((skill + risk) as u32, risk as u32) };
    let explode = explode.map(|e| e as u32);
    let explode = if risk == 0 {
        explode
    } else if explode.is_none() || explode == Some(6) {
        Some(if explode == Some(6) { 5 } else { 6 })
    } else {
        explode
    };
    (dice, risk, explode)
}

/// A pool's hits by brute force: (probabilities by hits, bound on the mass not enumerated).
fn brute_hits(skill: i32, risk: i32, explode: Option<i32>) -> (Vec<f64>, f64, u32) {
    let (dice, risk, explode) = brute_pool(skill, risk, explode);
    let (die, lost) = brute_die(explode, 60);
    let mut pool = vec![1.0];
    for _ in 0..dice {
        pool = convolve(&pool, &die);
    }
    (pool, lost * dice as f64, risk)
}

fn brute_outcome(hits: usize, d: usize, risk: u32, fortune: bool) -> &'static str {
    if hits > 2 * d {
        "critical_success"
    } else if hits > d {
        "success"
    } else if (hits as u32) < risk && !fortune {
        "harsh_failure"
    } else {
        "failure"
    }
}

fn brute_odds(r: &RuinaImperiiRequest) -> (Vec<(&'static str, f64)>, f64) {
    let (own, lost_own, risk) = brute_hits(r.skill, r.risk, r.explode);
    let (d, lost_d) = match &r.opponent {
        Some(o) => {
            let (h, l, _) = brute_hits(o.skill, o.risk, o.explode);
            (h, l)
        }
        None => {
            let d = r.difficulty.unwrap() as usize;
            let mut v = vec![0.0; d + 1];
            v[d] = 1.0;
            (v, 0.0)
        }
    };
    let names = ["critical_success", "success", "failure", "harsh_failure"];
    let mut p = [0.0; 4];
    for (dv, pd) in d.iter().enumerate() {
        for (h, ph) in own.iter().enumerate() {
            let o = brute_outcome(h, dv, risk, r.fortune != Fortune::None);
            p[names.iter().position(|n| *n == o).unwrap()] += pd * ph;
        }
    }
    (names.iter().copied().zip(p).collect(), lost_own + lost_d)
}

fn assert_odds_match(r: &RuinaImperiiRequest) {
    let odds = RuinaImperii::odds(r).unwrap();
    let (brute, bound) = brute_odds(r);
    assert!(odds.truncated_mass < 1e-12, "{r:?}: truncated {}", odds.truncated_mass);
    for (name, p) in brute {
        let got = odds.get(name);
        assert!((got - p).abs() <= bound + 1e-11, "{r:?} {name}: odds {got} brute {p} (bound {bound})");
    }
    let sum: f64 = odds.outcomes.iter().map(|c| c.p).sum();
    assert!((sum + odds.truncated_mass - 1.0).abs() < 1e-9, "{r:?}: sum {sum}");
}

#[test]
fn odds_match_brute_force_over_static_grid() {
    for skill in 0..=5 {
        for risk in 0..=3 {
            for explode in [None, Some(4), Some(5), Some(6)] {
                for difficulty in 0..=3 {
                    for fortune in [Fortune::None, Fortune::Roll] {
                        let mut r = req(skill, risk, explode, difficulty);
                        r.fortune = fortune;
                        assert_odds_match(&r);
                    }
                }
            }
        }
    }
}

#[test]
fn odds_match_brute_force_opposed_small_pools() {
    for skill in 0..=3 {
        for risk in 0..=2 {
            for explode in [None, Some(5)] {
                for os in 0..=3 {
                    for or in 0..=1 {
                        for oe in [None, Some(4), Some(6)] {
                            let r = RuinaImperiiRequest {
                                explode,
                                ..RuinaImperiiRequest::opposed(skill, risk, opp(os, or, oe))
                            };
                            assert_odds_match(&r);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn hits_dist_equals_convolution_of_one_die() {
    for explode in [None, Some(4), Some(5), Some(6)] {
        for n in [1u32, 2, 7, 40] {
            let pool = Pool { skill_dice: n, risk: 0, explode, zero_dice: false };
            let (die, lost) = brute_die(explode, 60);
            assert!(lost < 1e-15);
            let one = Dist::from_dense(0, die, 0.0);
            let by_convolution = one.repeat_sum(n);
            let fast = hits_dist(pool, 1e-13);
            for h in 0..=(by_convolution.max().unwrap()) {
                assert!(
                    (by_convolution.p(h) - fast.p(h)).abs() < 1e-12,
                    "explode {explode:?} n {n} hits {h}: {} vs {}",
                    by_convolution.p(h),
                    fast.p(h)
                );
            }
        }
    }
}

#[test]
fn largest_pool_truncates_below_1e_12() {
    let r = RuinaImperiiRequest { explode: Some(4), ..RuinaImperiiRequest::opposed(30, 10, opp(30, 10, Some(4))) };
    let o = RuinaImperii::odds(&r).unwrap();
    assert!(o.truncated_mass > 0.0 && o.truncated_mass < 1e-12, "{}", o.truncated_mass);
    let sum: f64 = o.outcomes.iter().map(|c| c.p).sum();
    assert!((sum - 1.0).abs() < 1e-9);
}

// ---------------------------------------------------------------- seeded simulation

fn simulate(r: &RuinaImperiiRequest, n: usize, seed: u64) -> ([u64; 4], Vec<u64>, u64) {
    let mut rng = seeded(seed);
    let mut outcomes = [0u64; 4];
    let mut hits = vec![0u64; 200];
    let mut exploded = 0;
    for _ in 0..n {
        let roll = RuinaImperii::roll(r, &mut rng).unwrap();
        outcomes[roll.outcome.index()] += 1;
        hits[roll.total as usize] += 1;
        exploded += u64::from(roll.events.iter().any(|e| e == "exploded"));
    }
    (outcomes, hits, exploded)
}

#[test]
fn simulation_fits_exact_odds_chi_square_alpha_1e_6() {
    let cases = [
        req(3, 1, None, 1),
        req(0, 0, None, 0),
        req(2, 3, Some(6), 2),
        req(5, 2, Some(4), 3),
        RuinaImperiiRequest::opposed(4, 1, opp(3, 2, Some(5))),
    ];
    for (i, r) in cases.iter().enumerate() {
        let odds = RuinaImperii::odds(r).unwrap();
        let (outcomes, hits, exploded) = simulate(r, 20_000, 1000 + i as u64);
        let probs: Vec<f64> = odds.outcomes.iter().map(|c| c.p).collect();
        common::assert_fits(&format!("{r:?} outcomes"), &outcomes, &probs);
        let pool = Pool::new(r.skill, r.risk, r.explode);
        let hd = hits_dist(pool, 1e-13);
        let hp: Vec<f64> = (0..200).map(|h| hd.p(h)).collect();
        common::assert_fits(&format!("{r:?} hits"), &hits, &hp);
        let pe = odds.get("exploded");
        common::assert_fits(&format!("{r:?} exploded"), &[exploded, 20_000 - exploded], &[pe, 1.0 - pe]);
    }
}

// ---------------------------------------------------------------- rulings

#[test]
fn ruling_hits_on_four_five_six() {
    let mut rng = seeded(7);
    for _ in 0..200 {
        let roll = RuinaImperii::roll(&req(6, 0, None, 2), &mut rng).unwrap();
        for d in &roll.dice {
            assert_eq!(d.count == 1, d.face >= 4, "{d:?}");
        }
        assert_eq!(roll.total, roll.dice.iter().filter(|d| d.face >= 4).count() as i64);
    }
}

#[test]
fn ruling_success_needs_more_hits_than_difficulty() {
    assert_eq!(judge(2, 2, 0, false).0, Outcome::Failure);
    assert_eq!(judge(3, 2, 0, false).0, Outcome::Success);
}

#[test]
fn ruling_critical_success_needs_more_than_twice_difficulty() {
    assert_eq!(judge(4, 2, 0, false).0, Outcome::Success);
    assert_eq!(judge(5, 2, 0, false).0, Outcome::CriticalSuccess);
}

#[test]
fn ruling_critical_success_at_difficulty_zero_is_one_hit() {
    assert_eq!(judge(1, 0, 0, false).0, Outcome::CriticalSuccess);
    assert_eq!(judge(0, 0, 0, false).0, Outcome::Failure);
    let o = RuinaImperii::odds(&req(1, 0, None, 0)).unwrap();
    assert!((o.get("critical_success") - 0.5).abs() < 1e-15);
    assert_eq!(o.get("success"), 0.0);
}

#[test]
fn ruling_opposed_difficulty_is_opponent_hits() {
    let r = RuinaImperiiRequest::opposed(3, 0, opp(2, 1, None));
    let mut rng = seeded(11);
    for _ in 0..300 {
        let roll = RuinaImperii::roll(&r, &mut rng).unwrap();
        let o = roll.opponent.as_ref().unwrap();
        assert_eq!(roll.difficulty, o.hits);
        assert_eq!(o.hits as usize, o.dice.iter().filter(|d| d.face >= 4).count());
        assert_eq!(roll.outcome, judge(roll.total as u64, o.hits as u64, 0, false).0);
    }
}

#[test]
fn ruling_opponent_follows_same_dice_rules() {
    // Opponent with zero dice rolls one die with Risk 1 (Explode 6); with Risk, gains Explode.
    let r = RuinaImperiiRequest::opposed(1, 0, opp(0, 0, None));
    let roll = RuinaImperii::roll_seeded(&r, 3).unwrap();
    let o = roll.opponent.unwrap();
    assert!(o.pool.zero_dice);
    assert_eq!((o.pool.risk, o.pool.explode), (1, Some(6)));
}

#[test]
fn ruling_explode_adds_dice_recursively_and_added_dice_hit() {
    let r = req(4, 0, Some(4), 1);
    let mut rng = seeded(5);
    let mut saw_chain = false;
    for _ in 0..500 {
        let roll = RuinaImperii::roll(&r, &mut rng).unwrap();
        let starting = roll.dice.iter().filter(|d| !d.from_explosion).count();
        assert_eq!(starting, 4);
        for (i, d) in roll.dice.iter().enumerate() {
            assert_eq!(d.exploded, d.face >= 4);
            if d.exploded {
                assert!(roll.dice[i + 1].from_explosion, "explosion must add a die");
                saw_chain |= roll.dice[i + 1].exploded;
            }
        }
        assert_eq!(roll.total, roll.dice.iter().filter(|d| d.face >= 4).count() as i64);
    }
    assert!(saw_chain, "an added die should explode again at some point");
}

#[test]
fn ruling_risk_adds_dice() {
    let p = Pool::new(3, 2, None);
    assert_eq!((p.skill_dice, p.risk, p.size()), (3, 2, 5));
    let roll = RuinaImperii::roll_seeded(&req(3, 2, None, 1), 9).unwrap();
    let start: Vec<_> = roll.dice.iter().filter(|d| !d.from_explosion).collect();
    assert_eq!(start.len(), 5);
    assert_eq!(start.iter().filter(|d| d.role.as_deref() == Some("risk")).count(), 2);
}

#[test]
fn ruling_risk_gains_explode_6() {
    assert_eq!(Pool::new(3, 1, None).explode, Some(6));
    assert_eq!(Pool::new(3, 0, None).explode, None);
}

#[test]
fn ruling_risk_upgrades_explode_6_to_5() {
    assert_eq!(Pool::new(3, 1, Some(6)).explode, Some(5));
    assert_eq!(Pool::new(3, 0, Some(6)).explode, Some(6));
}

#[test]
fn ruling_risk_keeps_explode_5_and_4_from_elsewhere() {
    assert_eq!(Pool::new(3, 2, Some(5)).explode, Some(5));
    assert_eq!(Pool::new(3, 2, Some(4)).explode, Some(4));
}

#[test]
fn ruling_harsh_failure_when_not_success_and_fewer_hits_than_risk() {
    assert_eq!(judge(1, 2, 2, false).0, Outcome::HarshFailure);
    assert_eq!(judge(2, 2, 2, false).0, Outcome::Failure); // hits == Risk: plain failure
    assert_eq!(judge(2, 1, 3, false).0, Outcome::Success); // a Success is never harsh
}

#[test]
fn ruling_fortune_covers_harsh_failure_for_roll_or_scene() {
    for fortune in [Fortune::Roll, Fortune::Scene] {
        let mut r = req(0, 3, None, 5);
        r.fortune = fortune;
        let o = RuinaImperii::odds(&r).unwrap();
        assert_eq!(o.get("harsh_failure"), 0.0);
        assert!(o.get("fortune_covered") > 0.0);
    }
    let o = RuinaImperii::odds(&req(0, 3, None, 5)).unwrap();
    assert!(o.get("harsh_failure") > 0.0);
    assert_eq!(o.get("fortune_covered"), 0.0);
    assert_eq!(judge(0, 1, 1, true), (Outcome::Failure, true));
}

#[test]
fn ruling_fortune_accepts_false_true_roll_scene() {
    for (json, want) in
        [("false", Fortune::None), ("true", Fortune::Roll), ("\"roll\"", Fortune::Roll), ("\"scene\"", Fortune::Scene)]
    {
        let s = format!(r#"{{"skill":2,"risk":1,"difficulty":1,"fortune":{json}}}"#);
        let r: RuinaImperiiRequest = serde_json::from_str(&s).unwrap();
        assert_eq!(r.fortune, want);
    }
    assert!(serde_json::from_str::<RuinaImperiiRequest>(r#"{"skill":1,"difficulty":1,"fortune":"maybe"}"#).is_err());
}

#[test]
fn ruling_zero_dice_roll_one_with_risk_one() {
    let p = Pool::new(0, 0, None);
    assert!(p.zero_dice);
    assert_eq!((p.size(), p.risk, p.explode), (1, 1, Some(6)));
    // With Explode 6 from elsewhere, the imposed Risk 1 upgrades it to 5.
    assert_eq!(Pool::new(0, 0, Some(6)).explode, Some(5));
    // It can Harsh-Fail: 0 hits (chance 1/2) against D = 0 is a Harsh Failure.
    let o = RuinaImperii::odds(&req(0, 0, None, 0)).unwrap();
    assert!((o.get("harsh_failure") - 0.5).abs() < 1e-15);
    assert!((o.get("critical_success") + o.truncated_mass - 0.5).abs() < 1e-15);
    // The imposed Risk 1 is allowed even with a Risk Limit of 0.
    let mut r = req(0, 0, None, 0);
    r.risk_limit = Some(0);
    assert!(RuinaImperii::validate(&r).is_ok());
}

#[test]
fn ruling_skill_zero_with_risk_is_an_ordinary_roll() {
    let p = Pool::new(0, 2, None);
    assert!(!p.zero_dice);
    assert_eq!((p.size(), p.risk, p.explode), (2, 2, Some(6)));
}

#[test]
fn ruling_risk_limit_bounds_risk() {
    let mut r = req(3, 3, None, 1);
    r.risk_limit = Some(2);
    let e = RuinaImperii::validate(&r).unwrap_err();
    assert_eq!(e.field, "risk");
    assert!(e.to_string().contains("0 to 2"), "{e}");
    r.risk_limit = Some(3);
    assert!(RuinaImperii::validate(&r).is_ok());
}

// ---------------------------------------------------------------- validation and shape

#[test]
fn invalid_requests_name_the_field_and_allowed_values() {
    let cases: Vec<(RuinaImperiiRequest, &str, &str)> = vec![
        (req(31, 0, None, 1), "skill", "0 to 30"),
        (req(-1, 0, None, 1), "skill", "0 to 30"),
        (req(3, 11, None, 1), "risk", "0 to 10"),
        (req(3, 0, Some(3), 1), "explode", "4, 5 or 6"),
        (req(3, 0, None, 31), "difficulty", "0 to 30"),
        (RuinaImperiiRequest::opposed(3, 0, opp(31, 0, None)), "opponent.skill", "0 to 30"),
        (RuinaImperiiRequest::opposed(3, 0, opp(2, 0, Some(7))), "opponent.explode", "4, 5 or 6"),
        (RuinaImperiiRequest { difficulty: None, ..req(3, 0, None, 1) }, "difficulty", "or an `opponent`"),
        (
            RuinaImperiiRequest { difficulty: Some(1), ..RuinaImperiiRequest::opposed(3, 0, opp(2, 0, None)) },
            "difficulty",
            "not both",
        ),
    ];
    for (r, field, allowed) in cases {
        let e = RuinaImperii::validate(&r).unwrap_err();
        assert_eq!(e.field, field, "{r:?}");
        assert!(e.to_string().contains(allowed), "{e}");
        assert!(e.to_string().contains(&format!("`{field}`")), "{e}");
        assert!(RuinaImperii::roll(&r, &mut seeded(1)).is_err());
        assert!(RuinaImperii::odds(&r).is_err());
    }
}

#[test]
fn request_json_from_the_issue_parses() {
    let a: RuinaImperiiRequest = serde_json::from_str(
        r#"{"system":"ruina-imperii","skill":3,"risk":1,"explode":null,"difficulty":1,"fortune":false}"#,
    )
    .unwrap();
    assert_eq!(a, req(3, 1, None, 1));
    let b: RuinaImperiiRequest = serde_json::from_str(
        r#"{"system":"ruina-imperii","skill":3,"risk":1,"explode":null,"opponent":{"skill":2,"risk":0,"explode":null},"fortune":false}"#,
    )
    .unwrap();
    assert_eq!(b, RuinaImperiiRequest::opposed(3, 1, opp(2, 0, None)));
}

#[test]
fn roll_serializes_common_fields_and_round_trips() {
    let roll = RuinaImperii::roll_seeded(&RuinaImperiiRequest::opposed(3, 1, opp(2, 0, None)), 424242).unwrap();
    let v = serde_json::to_value(&roll).unwrap();
    for k in ["outcome", "events", "total", "dice", "seed"] {
        assert!(v.get(k).is_some(), "missing {k}: {v}");
    }
    assert_eq!(v["seed"], 424242);
    assert!(RuinaImperii::OUTCOMES.contains(&v["outcome"].as_str().unwrap()));
    let back: dicetray_rules::systems::ruina_imperii::RuinaImperiiRoll = serde_json::from_value(v).unwrap();
    assert_eq!(back, roll);
    let again = RuinaImperii::roll_seeded(&RuinaImperiiRequest::opposed(3, 1, opp(2, 0, None)), 424242).unwrap();
    assert_eq!(again, roll, "same seed, same roll");
    let s = RuinaImperii::summary(&roll);
    assert_eq!(s.system, "ruina-imperii");
    assert_eq!(s.dice.len(), roll.dice.len() + roll.opponent.unwrap().dice.len());
}

#[test]
fn odds_list_outcomes_in_order_and_events() {
    let o = RuinaImperii::odds(&req(3, 1, None, 1)).unwrap();
    let names: Vec<_> = o.outcomes.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, RuinaImperii::OUTCOMES);
    let ev: Vec<_> = o.events.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(ev, ["exploded", "fortune_covered"]);
    // Risk 1 -> Explode 6 on 4 dice.
    assert!((o.get("exploded") - (1.0 - (5.0f64 / 6.0).powi(4))).abs() < 1e-15);
}

// ---------------------------------------------------------------- Fortune spent after the roll

#[test]
fn fortune_spent_after_a_harsh_failure_keeps_the_dice_and_makes_it_a_failure() {
    use dicetray_rules::systems::ruina_imperii::with_fortune;
    // Risk 4 on 1 skill die against 3: Harsh Failures are common; look through seeds for them.
    let request = req(1, 4, None, 3);
    let mut harsh = 0;
    for seed in 0..400u64 {
        let roll = RuinaImperii::roll_seeded(&request, seed).unwrap();
        let spent = with_fortune(&request, &roll, Fortune::Roll);
        if roll.outcome != Outcome::HarshFailure {
            let error = spent.unwrap_err();
            assert_eq!(error.field, "fortune", "seed {seed}");
            continue;
        }
        harsh += 1;
        for fortune in [Fortune::Roll, Fortune::Scene] {
            let (replay, again) = with_fortune(&request, &roll, fortune).unwrap();
            assert_eq!(replay.fortune, fortune);
            assert_eq!(again.dice, roll.dice, "seed {seed}: Fortune draws no dice");
            assert_eq!((again.total, again.seed), (roll.total, seed));
            assert_eq!(again.outcome, Outcome::Failure, "seed {seed}");
            assert!(again.events.iter().any(|e| e == "fortune_covered"), "seed {seed}: {:?}", again.events);
            // The replay request alone gives the same result (what History's replay link does).
            assert_eq!(RuinaImperii::roll_seeded(&replay, seed).unwrap(), again);
            // Spending again on the covered roll is refused.
            assert_eq!(with_fortune(&replay, &again, Fortune::Roll).unwrap_err().field, "fortune");
        }
        assert_eq!(with_fortune(&request, &roll, Fortune::None).unwrap_err().field, "fortune");
    }
    assert!(harsh > 50, "only {harsh} Harsh Failures in 400 seeds: the test would prove little");
}
