//! Remedy: the project's rulings, exact odds against brute force, and a seeded simulation.

mod common;

use dicetray_rules::rng::seeded;
use dicetray_rules::systems::remedy::outcome::contest;
use dicetray_rules::systems::remedy::{Check, CheckDice, Keep, Natural, Outcome, Reactive, Remedy, RemedyRequest};
use dicetray_rules::systems::RuleSystem;
use std::collections::BTreeMap;

// ---------------------------------------------------------------- brute force, written from the rules text

/// One d20 by its marks: (natural, value) -> probability, explosions followed to `depth` added throws,
/// and the mass of longer chains.
fn brute_die(reroll: u32, explode: bool, depth: u32) -> (BTreeMap<(i64, i64), f64>, f64) {
    // Face after ♻: every first face, rerolled once if it is 1..reroll.
    let mut after = BTreeMap::new();
    for first in 1..=20i64 {
        if first <= reroll as i64 {
            for second in 1..=20i64 {
                *after.entry(second).or_insert(0.0) += 1.0 / 400.0;
            }
        } else {
            *after.entry(first).or_insert(0.0) += 1.0 / 20.0;
        }
    }
    // Explosion: a 20 adds another d20, and a 20 on that one another...
    fn chain(left: u32, p: f64, sum: i64, natural: i64, out: &mut BTreeMap<(i64, i64), f64>, lost: &mut f64) {
        for f in 1..=20i64 {
            let q = p / 20.0;
            if f == 20 {
                if left == 0 {
                    *lost += q;
                } else {
                    chain(left - 1, q, sum + 20, natural, out, lost);
                }
            } else {
                *out.entry((natural, sum + f)).or_insert(0.0) += q;
            }
        }
    }
    let mut out = BTreeMap::new();
    let mut lost = 0.0;
    for (face, p) in after {
        if explode && face == 20 {
            chain(depth, p, 20, 20, &mut out, &mut lost);
        } else {
            *out.entry((face, face)).or_insert(0.0) += p;
        }
    }
    (out, lost)
}

/// ((natural, value), probability) of the kept die, and the bound on the mass not enumerated.
type Kept = (Vec<((i64, i64), f64)>, f64);
/// ((natural's class, total), probability).
type ClassTotal = ((Class, i64), f64);

/// The kept die's (natural, value) by going through every tuple of dice.
fn brute_kept(dice: &CheckDice, depth: u32) -> Kept {
    let (die, lost) = brute_die(dice.reroll_up_to, dice.explode, depth);
    let die: Vec<_> = die.into_iter().collect();
    let mut kept: BTreeMap<(i64, i64), f64> = BTreeMap::new();
    let n = dice.count as usize;
    let mut idx = vec![0usize; n];
    loop {
        let mut p = 1.0;
        let mut best: Option<(i64, i64)> = None;
        for &i in &idx {
            let ((nat, val), pi) = die[i];
            p *= pi;
            let better = match best {
                None => true,
                Some((_, bv)) => match dice.keep {
                    Keep::Highest => val > bv,
                    Keep::Lowest => val < bv,
                    Keep::Single => false,
                },
            };
            if better {
                best = Some((nat, val));
            }
        }
        *kept.entry(best.unwrap()).or_insert(0.0) += p;
        // next tuple
        let mut k = 0;
        loop {
            if k == n {
                return (kept.into_iter().collect(), lost * n as f64);
            }
            idx[k] += 1;
            if idx[k] < die.len() {
                break;
            }
            idx[k] = 0;
            k += 1;
        }
    }
}

/// [`brute_kept`], remembered per dice string (the grids reuse each one many times).
fn cached_kept(dice: &str, depth: u32) -> Kept {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    type Cache = Mutex<HashMap<(String, u32), Kept>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(hit) = cache.lock().unwrap().get(&(dice.to_string(), depth)) {
        return hit.clone();
    }
    let parsed: CheckDice = dice.parse().unwrap();
    let computed = brute_kept(&parsed, depth);
    cache.lock().unwrap().insert((dice.to_string(), depth), computed.clone());
    computed
}

/// Every sum of `n` d6s with its probability, by going through all faces.
fn brute_d6(n: u32) -> BTreeMap<i64, f64> {
    let mut m = BTreeMap::new();
    let total = 6u64.pow(n);
    for code in 0..total {
        let (mut c, mut s) = (code, 0i64);
        for _ in 0..n {
            s += (c % 6) as i64 + 1;
            c /= 6;
        }
        *m.entry(s).or_insert(0.0) += 1.0 / total as f64;
    }
    m
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Class {
    T,
    D,
    N,
}

/// One side: (class, total) -> probability, and the bound on mass not enumerated.
fn brute_side(c: &Check, depth: u32) -> (Vec<ClassTotal>, f64) {
    let (kept, lost) = cached_kept(&c.dice, depth);
    let net = c.dominance - c.threat;
    let d6 = brute_d6(net.unsigned_abs());
    let tf = c.triumph_from.unwrap_or(20) as i64;
    let dt = c.disaster_to.unwrap_or(1) as i64;
    let mut out: BTreeMap<(i64, i64), f64> = BTreeMap::new();
    for ((nat, val), p) in &kept {
        let class = if *nat >= tf {
            0
        } else if *nat <= dt {
            1
        } else {
            2
        };
        for (s, q) in &d6 {
            let total = val + c.ability as i64 + c.bonus as i64 + if net < 0 { -s } else { *s };
            *out.entry((class, total)).or_insert(0.0) += p * q;
        }
    }
    let classes = [Class::T, Class::D, Class::N];
    (out.into_iter().map(|((c, t), p)| ((classes[c as usize], t), p)).collect(), lost)
}

fn brute_odds(r: &RemedyRequest, depth: u32) -> ([f64; 4], f64) {
    // [triumph, success, failure, disaster]
    let mut out = [0.0; 4];
    let (mine, lost) = brute_side(&r.own(), depth);
    match (&r.dc, &r.opponent) {
        (Some(dc), None) => {
            for ((class, total), p) in mine {
                let i = match class {
                    Class::T => 0,
                    Class::D => 3,
                    Class::N if total > *dc as i64 => 1,
                    Class::N => 2,
                };
                out[i] += p;
            }
            (out, lost)
        }
        (None, Some(o)) => {
            let (theirs, lost_o) = brute_side(o, depth);
            let reactive_self = r.reactive == Some(Reactive::Myself);
            for ((a, ta), pa) in &mine {
                for ((b, tb), pb) in &theirs {
                    let cancel = a == b && *a != Class::N;
                    let (a, b) = if cancel { (Class::N, Class::N) } else { (*a, *b) };
                    let i = match (a, b) {
                        (Class::T, _) => 0,
                        (Class::D, _) => 3,
                        (Class::N, Class::T) => 2,
                        (Class::N, Class::D) => 1,
                        _ if ta > tb => 1,
                        _ if ta < tb => 2,
                        _ if reactive_self => 1,
                        _ => 2,
                    };
                    out[i] += pa * pb;
                }
            }
            (out, lost + lost_o)
        }
        _ => unreachable!(),
    }
}

fn assert_odds_match(r: &RemedyRequest, depth: u32) {
    let odds = Remedy::odds(r).unwrap();
    let (brute, bound) = brute_odds(r, depth);
    assert!(odds.truncated_mass < 1e-12, "{r:?}: truncated {}", odds.truncated_mass);
    for (name, p) in ["triumph", "success", "failure", "disaster"].iter().zip(brute) {
        let got = odds.get(name);
        assert!((got - p).abs() <= bound + 1e-12, "{r:?} {name}: odds {got} brute {p} (bound {bound})");
    }
    let sum: f64 = odds.outcomes.iter().map(|c| c.p).sum();
    assert!((sum + odds.truncated_mass - 1.0).abs() < 1e-9, "{r:?}: sum {sum}");
}

fn check(dice: &str, ability: i32, dominance: i32, threat: i32, bonus: i32) -> Check {
    Check { dominance, threat, bonus, ..Check::new(dice, ability) }
}

fn dc_request(c: &Check, dc: i32) -> RemedyRequest {
    RemedyRequest {
        dominance: c.dominance,
        threat: c.threat,
        bonus: c.bonus,
        triumph_from: c.triumph_from,
        disaster_to: c.disaster_to,
        ..RemedyRequest::against_dc(&c.dice, c.ability, dc)
    }
}

#[test]
fn odds_match_brute_force_against_dcs() {
    let dice = [
        "1d20",
        "2d20^",
        "2d20v",
        "3d20▲",
        "3d20▼",
        "1d20~",
        "1d20♻♻♻",
        "2d20▲♻",
        "1d20!",
        "2d20^!",
        "2d20v!",
        "1d20!~~",
        "3d20v~!",
    ];
    let mods = [(0, 0), (2, 0), (0, 1), (2, 3), (1, 3)];
    let ranges = [(None, None), (Some(18), Some(3))];
    for d in dice {
        let depth = if d.starts_with('3') { 4 } else { 8 };
        for (dom, thr) in mods {
            for (tf, dt) in ranges {
                let mut c = check(d, 3, dom, thr, -2);
                c.triumph_from = tf;
                c.disaster_to = dt;
                for dc in [-10, 5, 12, 20, 25, 40] {
                    assert_odds_match(&dc_request(&c, dc), depth);
                }
            }
        }
    }
}

#[test]
fn odds_match_brute_force_in_contests() {
    let sides = [
        check("1d20", 2, 0, 0, 0),
        check("2d20^", 0, 1, 0, 3),
        check("2d20v!", 4, 0, 2, 0),
        Check { triumph_from: Some(17), disaster_to: Some(4), ..check("1d20~", 1, 0, 0, -1) },
    ];
    for own in &sides {
        for opp in &sides {
            for reactive in [Reactive::Myself, Reactive::Opponent] {
                let r = RemedyRequest {
                    dominance: own.dominance,
                    threat: own.threat,
                    bonus: own.bonus,
                    triumph_from: own.triumph_from,
                    disaster_to: own.disaster_to,
                    ..RemedyRequest::contest(&own.dice, own.ability, opp.clone(), reactive)
                };
                assert_odds_match(&r, 3);
            }
        }
    }
}

#[test]
fn largest_requests_truncate_below_1e_12() {
    let big = check("10d20^!~~~~~", 30, 10, 0, 50);
    let r = RemedyRequest::contest("10d20v!", -10, big, Reactive::Myself);
    let o = Remedy::odds(&r).unwrap();
    assert!(o.truncated_mass < 1e-12, "{}", o.truncated_mass);
    let sum: f64 = o.outcomes.iter().map(|c| c.p).sum();
    assert!((sum + o.truncated_mass - 1.0).abs() < 1e-9, "{sum}");
}

// ---------------------------------------------------------------- seeded simulation

#[test]
fn simulation_fits_exact_odds_chi_square_alpha_1e_6() {
    let cases = [
        dc_request(&check("1d20", 3, 0, 0, 0), 12),
        dc_request(&check("2d20^!", 1, 2, 0, 0), 18),
        dc_request(&check("3d20v~", 5, 0, 3, 2), 8),
        RemedyRequest::contest("2d20v", 2, check("1d20!", 0, 1, 0, 0), Reactive::Myself),
        RemedyRequest {
            attack: true,
            triumph_from: Some(16),
            ..RemedyRequest::contest("1d20~", 0, check("1d20", 0, 0, 0, 0), Reactive::Opponent)
        },
    ];
    for (i, r) in cases.iter().enumerate() {
        let odds = Remedy::odds(r).unwrap();
        let mut rng = seeded(77 + i as u64);
        let mut counts = [0u64; 4];
        let mut crit = 0u64;
        for _ in 0..20_000 {
            let roll = Remedy::roll(r, &mut rng).unwrap();
            counts[roll.outcome.index()] += 1;
            crit += u64::from(roll.critical_hit);
        }
        let probs: Vec<f64> = odds.outcomes.iter().map(|c| c.p).collect();
        common::assert_fits(&format!("{r:?}"), &counts, &probs);
        let pc = odds.get("critical_hit");
        common::assert_fits("critical_hit", &[crit, 20_000 - crit], &[pc, 1.0 - pc]);
    }
}

#[test]
fn simulated_naturals_fit_keep_highest_with_reroll() {
    // Kept natural of 2d20▲♻: exact by brute force, observed by rolling.
    let dice: CheckDice = "2d20^~".parse().unwrap();
    let (kept, _) = brute_kept(&dice, 0);
    let mut probs = [0.0; 20];
    for ((nat, _), p) in kept {
        probs[nat as usize - 1] += p;
    }
    let r = dc_request(&check("2d20^~", 0, 0, 0, 0), 10);
    let mut rng = seeded(2024);
    let mut counts = [0u64; 20];
    for _ in 0..20_000 {
        let roll = Remedy::roll(&r, &mut rng).unwrap();
        counts[roll.check.natural as usize - 1] += 1;
    }
    common::assert_fits("natural of 2d20▲♻", &counts, &probs);
}

// ---------------------------------------------------------------- rulings

#[test]
fn ruling_modifier_order_reroll_then_explode_then_keep() {
    let r = dc_request(&check("3d20^!~~", 0, 0, 0, 0), 10);
    let mut rng = seeded(31);
    let mut saw_reroll_then_explode = false;
    for _ in 0..3000 {
        let roll = Remedy::roll(&r, &mut rng).unwrap();
        // Chains: a die not from an explosion starts a chain.
        let mut chains: Vec<Vec<_>> = Vec::new();
        for d in roll.dice.iter().filter(|d| d.role.as_deref() == Some("d20")) {
            if d.from_explosion {
                chains.last_mut().unwrap().push(d.clone());
            } else {
                // ♻ first: only a first face of 1..2 is rerolled, and only once.
                assert!(d.rerolled.len() <= 1 && d.rerolled.iter().all(|&f| f <= 2));
                if d.rerolled.is_empty() {
                    assert!(d.face > 2);
                }
                chains.push(vec![d.clone()]);
            }
        }
        assert_eq!(chains.len(), 3);
        let values: Vec<i64> = chains.iter().map(|c| c.iter().map(|d| d.face).sum()).collect();
        for c in &chains {
            // ! after ♻: a (re)rolled 20 explodes; explosion throws are never rerolled.
            for (i, d) in c.iter().enumerate() {
                assert_eq!(d.exploded, d.face == 20);
                if i > 0 {
                    assert!(d.rerolled.is_empty());
                }
            }
            saw_reroll_then_explode |= !c[0].rerolled.is_empty() && c[0].exploded;
        }
        // ▲ last: the kept chain has the highest exploded sum.
        let kept = chains.iter().position(|c| c[0].kept).unwrap();
        assert_eq!(values[kept], *values.iter().max().unwrap());
        assert_eq!(roll.check.kept, values[kept]);
        assert!(chains.iter().enumerate().all(|(i, c)| c.iter().all(|d| d.kept == (i == kept))));
    }
    assert!(saw_reroll_then_explode, "a rerolled 20 should explode at some point");
}

#[test]
fn ruling_reroll_once_and_the_new_face_stands() {
    let o = Remedy::odds(&dc_request(&check("1d20♻♻♻", 0, 0, 0, 0), 0)).unwrap();
    // Natural 1: first face 1..3 (3/20), rerolled to a 1 (1/20).
    assert!((o.get("disaster") - 3.0 / 400.0).abs() < 1e-15);
    assert!((o.get("triumph") - (1.0 / 20.0 + 3.0 / 400.0)).abs() < 1e-15);
}

#[test]
fn ruling_explode_adds_rolls_while_maximum() {
    let r = dc_request(&check("1d20!", 0, 0, 0, 0), 10);
    let mut rng = seeded(8);
    let mut saw_double = false;
    for _ in 0..20_000 {
        let roll = Remedy::roll(&r, &mut rng).unwrap();
        let faces: Vec<i64> = roll.dice.iter().map(|d| d.face).collect();
        assert_eq!(roll.check.kept, faces.iter().sum::<i64>());
        for w in faces.windows(2) {
            assert_eq!(w[0], 20, "only a 20 adds a throw");
        }
        saw_double |= faces.len() >= 3;
    }
    assert!(saw_double);
}

#[test]
fn ruling_check_keeps_one_d20() {
    for bad in ["3d20", "2d20▲▲", "2d20^^", "1d20^", "2d20▲▼"] {
        let e = bad.parse::<CheckDice>().unwrap_err();
        assert_eq!(e.field, "dice");
        assert!(e.to_string().contains("exactly one ▲ (^) or ▼ (v)"), "{e}");
    }
    let ok: CheckDice = "2d20 ▼".parse().unwrap();
    assert_eq!(ok.keep, Keep::Lowest);
}

#[test]
fn ruling_total_adds_ability_net_d6_and_bonus() {
    for (dom, thr) in [(3, 0), (0, 2), (4, 1)] {
        let r = dc_request(&check("2d20^", 4, dom, thr, -3), 10);
        for seed in 0..50 {
            let roll = Remedy::roll_seeded(&r, seed).unwrap();
            let d6: i64 = roll.dice.iter().filter(|d| d.kind.max_face() == 6).map(|d| d.value).sum();
            assert_eq!(roll.check.d6, d6);
            assert_eq!(roll.total, roll.check.kept + 4 + d6 - 3);
        }
    }
}

#[test]
fn ruling_dominance_and_threat_cancel_one_for_one() {
    let roll = Remedy::roll_seeded(&dc_request(&check("1d20", 0, 3, 2, 0), 10), 5).unwrap();
    let d6: Vec<_> = roll.dice.iter().filter(|d| d.kind.max_face() == 6).collect();
    assert_eq!(d6.len(), 1);
    assert_eq!(d6[0].role.as_deref(), Some("dominance"));
    let roll = Remedy::roll_seeded(&dc_request(&check("1d20", 0, 1, 3, 0), 10), 5).unwrap();
    let d6: Vec<_> = roll.dice.iter().filter(|d| d.kind.max_face() == 6).collect();
    assert_eq!(d6.len(), 2);
    assert!(d6.iter().all(|d| d.role.as_deref() == Some("threat") && d.value == -d.face));
    // Odds: 3 dominance + 3 threat is exactly a plain check.
    let a = Remedy::odds(&dc_request(&check("1d20", 0, 3, 3, 0), 10)).unwrap();
    let b = Remedy::odds(&dc_request(&check("1d20", 0, 0, 0, 0), 10)).unwrap();
    assert_eq!(a, b);
}

#[test]
fn ruling_natural_is_kept_face_after_reroll_before_adding() {
    let r = dc_request(&check("2d20v~!", 7, 2, 0, 5), 10);
    for seed in 0..300 {
        let roll = Remedy::roll_seeded(&r, seed).unwrap();
        let first_kept = roll.dice.iter().find(|d| d.kept && d.kind.max_face() == 20).unwrap();
        assert_eq!(roll.check.natural, first_kept.face);
    }
}

#[test]
fn ruling_triumph_and_disaster_ranges_widen() {
    let mut c = check("1d20", 0, 0, 0, 0);
    c.triumph_from = Some(18);
    c.disaster_to = Some(3);
    let o = Remedy::odds(&dc_request(&c, 10)).unwrap();
    assert!((o.get("triumph") - 0.15).abs() < 1e-15);
    assert!((o.get("disaster") - 0.15).abs() < 1e-15);
    let req: RemedyRequest =
        serde_json::from_str(r#"{"dice":"1d20","dc":10,"triumph_from":18,"disaster_to":3}"#).unwrap();
    assert_eq!(Remedy::odds(&req).unwrap(), o);
}

#[test]
fn ruling_ties_go_to_the_dc() {
    // 1d20 + 0 against DC 10: success needs 11..19 (20 is triumph): 9/20.
    let o = Remedy::odds(&dc_request(&check("1d20", 0, 0, 0, 0), 10)).unwrap();
    assert!((o.get("success") - 9.0 / 20.0).abs() < 1e-15);
    assert!((o.get("failure") - 9.0 / 20.0).abs() < 1e-15); // 2..10
    for seed in 0..200 {
        let roll = Remedy::roll_seeded(&dc_request(&check("1d20", 0, 0, 0, 0), 10), seed).unwrap();
        if roll.total == 10 {
            assert_eq!(roll.outcome, Outcome::Failure);
        }
    }
}

#[test]
fn ruling_contest_higher_total_wins() {
    assert_eq!(contest((Natural::Plain, 12), (Natural::Plain, 11), Reactive::Opponent).0, Outcome::Success);
    assert_eq!(contest((Natural::Plain, 11), (Natural::Plain, 12), Reactive::Myself).0, Outcome::Failure);
}

#[test]
fn ruling_contest_tie_goes_to_the_reactive_side() {
    assert_eq!(contest((Natural::Plain, 12), (Natural::Plain, 12), Reactive::Myself).0, Outcome::Success);
    assert_eq!(contest((Natural::Plain, 12), (Natural::Plain, 12), Reactive::Opponent).0, Outcome::Failure);
    // Odds: identical sides, no triumph/disaster difference: ties decide the difference between the two.
    let me = RemedyRequest::contest("1d20", 0, Check::new("1d20", 0), Reactive::Myself);
    let them = RemedyRequest { reactive: Some(Reactive::Opponent), ..me.clone() };
    let (a, b) = (Remedy::odds(&me).unwrap(), Remedy::odds(&them).unwrap());
    // Ties decided by totals: equal plain faces 2..19 (18/400), plus both 20s or both 1s, which cancel
    // and then tie on totals (2/400).
    assert!((a.get("success") - b.get("success") - 20.0 / 400.0).abs() < 1e-15);
}

#[test]
fn ruling_triumph_succeeds_whatever_the_total() {
    let o = Remedy::odds(&dc_request(&check("1d20", -10, 0, 0, 0), 100)).unwrap();
    assert!((o.get("triumph") - 0.05).abs() < 1e-15);
    assert_eq!(o.get("success"), 0.0);
}

#[test]
fn ruling_triumph_on_an_attack_is_a_critical_hit() {
    let r = RemedyRequest { attack: true, ..dc_request(&check("1d20", 0, 0, 0, 0), 10) };
    let o = Remedy::odds(&r).unwrap();
    assert!((o.get("critical_hit") - 0.05).abs() < 1e-15);
    let not_attack = Remedy::odds(&dc_request(&check("1d20", 0, 0, 0, 0), 10)).unwrap();
    assert_eq!(not_attack.get("critical_hit"), 0.0);
    for seed in 0..400 {
        let roll = Remedy::roll_seeded(&r, seed).unwrap();
        assert_eq!(roll.critical_hit, roll.outcome == Outcome::Triumph);
        assert_eq!(roll.critical_hit, roll.events.iter().any(|e| e == "critical_hit"));
    }
}

#[test]
fn ruling_disaster_fails_whatever_the_total() {
    let o = Remedy::odds(&dc_request(&check("1d20", 30, 10, 0, 50), -10)).unwrap();
    assert!((o.get("disaster") - 0.05).abs() < 1e-15);
    assert_eq!(o.get("failure"), 0.0);
}

#[test]
fn ruling_contest_triumph_on_both_sides_cancel() {
    let (o, cancelled) = contest((Natural::Triumph, 5), (Natural::Triumph, 30), Reactive::Myself);
    assert_eq!((o, cancelled), (Outcome::Failure, true));
    let (o, _) = contest((Natural::Triumph, 30), (Natural::Triumph, 5), Reactive::Opponent);
    assert_eq!(o, Outcome::Success);
    // Odds: both sides triumph on 2..20, never disaster-free ties aside; cancelled = P(both triumph).
    let wide = Check { triumph_from: Some(2), ..Check::new("1d20", 0) };
    let r = RemedyRequest { triumph_from: Some(2), ..RemedyRequest::contest("1d20", 0, wide, Reactive::Opponent) };
    let odds = Remedy::odds(&r).unwrap();
    let p_both = (19.0f64 / 20.0).powi(2) + (1.0f64 / 20.0).powi(2);
    assert!((odds.get("cancelled") - p_both).abs() < 1e-15);
}

#[test]
fn ruling_contest_disaster_on_both_sides_cancel() {
    let (o, cancelled) = contest((Natural::Disaster, 9), (Natural::Disaster, 3), Reactive::Opponent);
    assert_eq!((o, cancelled), (Outcome::Success, true));
}

#[test]
fn ruling_triumph_vs_disaster_both_apply() {
    assert_eq!(contest((Natural::Triumph, 1), (Natural::Disaster, 40), Reactive::Opponent).0, Outcome::Triumph);
    assert_eq!(contest((Natural::Disaster, 40), (Natural::Triumph, 1), Reactive::Myself).0, Outcome::Disaster);
    // Only one side's natural: the opponent's triumph makes us fail, its disaster makes us win.
    assert_eq!(contest((Natural::Plain, 40), (Natural::Triumph, 1), Reactive::Myself).0, Outcome::Failure);
    assert_eq!(contest((Natural::Plain, 1), (Natural::Disaster, 40), Reactive::Opponent).0, Outcome::Success);
}

// ---------------------------------------------------------------- notation, validation, shape

#[test]
fn check_dice_parse_and_display() {
    let cases = [
        ("1d20", "1d20", "1d20"),
        ("d20", "1d20", "1d20"),
        ("2d20▲", "2d20▲", "2d20^"),
        ("3d20 v v", "", ""),
        ("1d20♻", "1d20♻", "1d20~"),
        ("2d20^!", "2d20!▲", "2d20!^"),
        ("2D20 ^ ~ ~ !", "2d20♻♻!▲", "2d20~~!^"),
        ("10d20V", "10d20▼", "10d20v"),
    ];
    for (text, shown, ascii) in cases {
        let parsed = text.parse::<CheckDice>();
        if shown.is_empty() {
            assert!(parsed.is_err(), "{text}");
            continue;
        }
        let d = parsed.unwrap();
        assert_eq!(d.to_string(), shown);
        assert_eq!(d.to_ascii(), ascii);
        assert_eq!(shown.parse::<CheckDice>().unwrap(), d);
    }
    let d: CheckDice = "2d20^~!".parse().unwrap();
    assert_eq!(d, CheckDice { count: 2, reroll_up_to: 1, explode: true, keep: Keep::Highest });
    for bad in ["0d20", "11d20^", "2d12^", "2d20^x", "1d20!!", "twenty", ""] {
        assert_eq!(bad.parse::<CheckDice>().unwrap_err().field, "dice", "{bad}");
    }
}

#[test]
fn invalid_requests_name_the_field_and_allowed_values() {
    let base = dc_request(&check("1d20", 0, 0, 0, 0), 10);
    let cases: Vec<(RemedyRequest, &str, &str)> = vec![
        (RemedyRequest { dice: "3d20".into(), ..base.clone() }, "dice", "exactly one ▲ (^) or ▼ (v) when N > 1"),
        (RemedyRequest { dice: "2d20▲▼".into(), ..base.clone() }, "dice", "exactly one ▲ (^) or ▼ (v)"),
        (RemedyRequest { bonus: 51, ..base.clone() }, "bonus", "-50 to 50"),
        (RemedyRequest { ability: 31, ..base.clone() }, "ability", "-10 to 30"),
        (RemedyRequest { dominance: 11, ..base.clone() }, "dominance", "0 to 10"),
        (RemedyRequest { threat: -1, ..base.clone() }, "threat", "0 to 10"),
        (RemedyRequest { dc: Some(101), ..base.clone() }, "dc", "-10 to 100"),
        (RemedyRequest { triumph_from: Some(1), ..base.clone() }, "triumph_from", "2 to 20"),
        (RemedyRequest { disaster_to: Some(20), ..base.clone() }, "disaster_to", "1 to 19"),
        (RemedyRequest { triumph_from: Some(10), disaster_to: Some(12), ..base.clone() }, "disaster_to", "1 to 9"),
        (RemedyRequest { dc: None, ..base.clone() }, "dc", "or an `opponent`"),
        (RemedyRequest { opponent: Some(Check::new("1d20", 0)), ..base.clone() }, "dc", "not both"),
        (
            RemedyRequest::contest("1d20", 0, Check::new("2d20", 0), Reactive::Myself),
            "opponent.dice",
            "exactly one ▲ (^) or ▼ (v)",
        ),
        (
            RemedyRequest::contest("1d20", 0, check("1d20", 0, 0, 0, -51), Reactive::Myself),
            "opponent.bonus",
            "-50 to 50",
        ),
    ];
    for (r, field, allowed) in cases {
        let e = Remedy::validate(&r).unwrap_err();
        assert_eq!(e.field, field, "{r:?}");
        assert!(e.to_string().contains(allowed), "{e}");
        assert!(e.to_string().contains(&format!("`{field}`")), "{e}");
        assert!(Remedy::roll(&r, &mut seeded(1)).is_err());
        assert!(Remedy::odds(&r).is_err());
    }
}

#[test]
fn request_json_from_the_issue_parses() {
    let r: RemedyRequest = serde_json::from_str(
        r#"{"system":"remedy","dice":"1d20","ability":2,"opponent":{"dice":"1d20","ability":2,"dominance":0,"threat":0,"bonus":0},"reactive":"self"}"#,
    )
    .unwrap();
    assert_eq!(r, RemedyRequest::contest("1d20", 2, Check::new("1d20", 2), Reactive::Myself));
    let back: RemedyRequest = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
    assert_eq!(back, r);
}

#[test]
fn roll_serializes_common_fields_and_round_trips() {
    let r = RemedyRequest::contest("2d20^!", 2, check("1d20", 1, 0, 2, 0), Reactive::Opponent);
    let roll = Remedy::roll_seeded(&r, 99).unwrap();
    let v = serde_json::to_value(&roll).unwrap();
    for k in ["outcome", "events", "total", "dice", "seed"] {
        assert!(v.get(k).is_some(), "missing {k}: {v}");
    }
    assert_eq!(v["seed"], 99);
    assert!(Remedy::OUTCOMES.contains(&v["outcome"].as_str().unwrap()));
    let back: dicetray_rules::systems::remedy::RemedyRoll = serde_json::from_value(v).unwrap();
    assert_eq!(back, roll);
    assert_eq!(Remedy::roll_seeded(&r, 99).unwrap(), roll);
    let s = Remedy::summary(&roll);
    assert_eq!(s.system, "remedy");
    assert_eq!(s.dice.len(), roll.dice.len() + roll.opponent.as_ref().unwrap().dice.len());
    let o = Remedy::odds(&r).unwrap();
    let names: Vec<_> = o.outcomes.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, Remedy::OUTCOMES);
}

#[test]
fn ruling_tray_and_check_read_reroll_then_explode_alike_explosion_throws_never_rerolled() {
    // `1d20~!`, worked by hand: the first throw stands at 20 with 1/20, or shows a 1 (1/20) rerolled to a 20
    // (1/20): 21/400. The explosion throw then shows a 1 with 1/20 and is not rerolled: P(21) = 21/8000.
    let want = 21.0 / 8000.0;
    let tray = dicetray_rules::dice::parse("1d20~!").unwrap().odds().unwrap();
    assert!((tray.p(21) - want).abs() < 1e-15, "tray: {}", tray.p(21));
    let dice: CheckDice = "1d20~!".parse().unwrap();
    let (check, _) = dicetray_rules::systems::remedy::d20::value_probs(&dice, 1e-15);
    assert!((check[20] - want).abs() < 1e-15, "check: {}", check[20]);
    // Rolling: the same seed gives the same throws both ways, and an explosion throw showing 1 stands.
    let mut saw_one_after_explosion = false;
    for seed in 0..20_000 {
        let tray = dicetray_rules::dice::parse("1d20~!").unwrap().roll(seed).unwrap();
        let check = dicetray_rules::systems::remedy::d20::throw(&dice, "d20", &mut seeded(seed));
        let faces =
            |d: &[dicetray_rules::die::DieRoll]| d.iter().map(|d| (d.face, d.rerolled.clone())).collect::<Vec<_>>();
        assert_eq!(faces(&tray.dice()), faces(&check.throws), "seed {seed}");
        for d in check.throws.iter().filter(|d| d.from_explosion) {
            assert!(d.rerolled.is_empty(), "seed {seed}: an explosion throw was rerolled");
            saw_one_after_explosion |= d.face == 1;
        }
    }
    assert!(saw_one_after_explosion);
}

#[test]
fn ruling_d10_faces_are_1_to_10_and_d100_is_percentile() {
    // A d10 shows 1..10 (no 0); d% and d100 are one die of 100 faces, 1..100, each 1/100.
    for (expr, faces) in [("1d10", 10), ("1d%", 100), ("1d100", 100)] {
        let odds = dicetray_rules::dice::parse(expr).unwrap().odds().unwrap();
        assert_eq!((odds.min(), odds.max()), (Some(1.into()), Some(faces.into())), "{expr}");
        assert!((1..=faces).all(|v| (odds.p(v) - 1.0 / faces as f64).abs() < 1e-15), "{expr}");
        assert_eq!(odds.p(0), 0.0, "{expr}: a 0 reads 10 (or 100)");
    }
    for seed in 0..500 {
        let roll = dicetray_rules::dice::parse("1d10").unwrap().roll(seed).unwrap();
        assert!((1..=10).contains(roll.total.numer()) && roll.total.is_integer());
    }
}

#[test]
fn ruling_the_tray_has_no_dc_so_reroll_always_rerolls() {
    // `1d20~` in the tray: a 1 is always rerolled, so a final 1 needs two 1s (1/400), and a 2 is 1/20 + 1/400.
    let odds = dicetray_rules::dice::parse("1d20~").unwrap().odds().unwrap();
    assert!((odds.p(1) - 1.0 / 400.0).abs() < 1e-15);
    assert!((odds.p(2) - (1.0 / 20.0 + 1.0 / 400.0)).abs() < 1e-15);
    for seed in 0..2000 {
        let roll = dicetray_rules::dice::parse("1d20~").unwrap().roll(seed).unwrap();
        let d = &roll.dice()[0];
        if d.rerolled.is_empty() {
            assert_ne!(d.face, 1, "seed {seed}: a first 1 is always rerolled");
        }
    }
}
