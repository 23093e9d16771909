//! A roll's luck (issue #33): every system's distribution of its total against brute force written here from the
//! rules as `shared/rules/README.md` states them (every face combination listed, or explosion chains followed
//! until less than 1e-15 is left), the luck of seeded rolls against the mid-rank computed from that brute force,
//! and the variance formula against the variance computed directly. Seeded simulations of the real roll code
//! check the distributions brute force cannot list (at α = 1e-6 each).

mod common;

use dicetray_rules::dice::parse;
use dicetray_rules::dist::Dist;
use dicetray_rules::luck::{luck, luck_variance, mid_rank, variance_of, LuckReport, TotalDist};
use dicetray_rules::systems::remedy::reroll::{best_rerolls, Aim};
use dicetray_rules::systems::remedy::RemedyRequest;
use dicetray_rules::systems::Request;
use proptest::prelude::*;
use std::collections::BTreeMap;

/// Brute force's distribution: total (in the roll's own numbers, times 2 so Hack & Slash's halves are whole) ->
/// probability.
type Brute = BTreeMap<i64, f64>;

/// Call `visit` with every combination of faces for dice with the given sides.
fn each_combination(sides: &[i64], mut visit: impl FnMut(&[i64])) {
    let mut faces = vec![1; sides.len()];
    loop {
        visit(&faces);
        let Some(i) = (0..sides.len()).find(|&i| faces[i] < sides[i]) else { return };
        faces[i] += 1;
        faces[..i].iter_mut().for_each(|f| *f = 1);
    }
}

/// Every combination of `sides`, each weighing 1 / (product of sides), totalled by `total` (already doubled).
fn enumerate(sides: &[i64], mut total: impl FnMut(&[i64]) -> i64) -> Brute {
    let w = 1.0 / sides.iter().product::<i64>() as f64;
    let mut m = Brute::new();
    each_combination(sides, |f| *m.entry(total(f)).or_insert(0.0) += w);
    m
}

fn request(json: &str) -> Request {
    Request::from_json(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

/// The request's distribution equals brute force's to `eps` (value by value, both ways); its mean luck is 1/2
/// and its luck variance the directly computed one; seeded rolls' lucks are brute force's mid-ranks.
fn check(json: &str, brute: &Brute, eps: f64) {
    let r = request(json);
    let got = r.total_dist().unwrap_or_else(|e| panic!("{json}: {e}"));
    assert!(got.truncated_mass <= 1e-12, "{json}: truncated {}", got.truncated_mass);
    let got_map: BTreeMap<i64, f64> = got.values.iter().map(|&(v, p)| ((v * 2.0) as i64, p)).collect();
    for (v, p) in brute.iter().filter(|(_, &p)| p > 1e-15) {
        let g = got_map.get(v).copied().unwrap_or(0.0);
        assert!((g - p).abs() < eps, "{json}: P(total = {}) = {g}, brute force {p}", *v as f64 / 2.0);
    }
    for (v, p) in &got_map {
        let b = brute.get(v).copied().unwrap_or(0.0);
        assert!((b - p).abs() < eps, "{json}: P(total = {}) = {p}, brute force {b}", *v as f64 / 2.0);
    }
    // Mean luck over the exact distribution is 1/2; the variance formula is E[(L - 1/2)²].
    let mean = got.values.iter().map(|&(v, p)| p * mid_rank(got.values.iter().copied(), v)).sum::<f64>();
    assert!((mean - 0.5).abs() < 1e-9, "{json}: mean luck {mean}");
    let direct: f64 = brute
        .iter()
        .map(|(&v, &p)| {
            let l = brute.range(..v).map(|(_, q)| q).sum::<f64>() + p / 2.0;
            p * (l - 0.5).powi(2)
        })
        .sum();
    assert!((got.variance() - direct).abs() < 1e-9, "{json}: variance {} vs direct {direct}", got.variance());
    for seed in 0..40 {
        let total = r.roll(seed).unwrap().summary().total;
        let x = (total * 2.0) as i64;
        let expected = brute.range(..x).map(|(_, p)| p).sum::<f64>() + brute.get(&x).copied().unwrap_or(0.0) / 2.0;
        let got = r.luck(total).unwrap_or_else(|e| panic!("{json} seed {seed}: {e}"));
        assert!((got.luck - expected).abs() < eps.max(1e-12), "{json} seed {seed}: luck {} vs {expected}", got.luck);
        assert!((0.0..=1.0).contains(&got.luck));
    }
}

/// Draw `n` seeded rolls of `json` and fit their totals to the request's distribution (α = 1e-6).
fn simulate(json: &str, n: u64) {
    let r = request(json);
    let dist = r.total_dist().unwrap();
    let index: BTreeMap<i64, usize> =
        dist.values.iter().enumerate().map(|(i, &(v, _))| ((v * 2.0) as i64, i)).collect();
    let mut counts = vec![0u64; dist.values.len() + 1];
    for seed in 0..n {
        let total = r.roll(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)).unwrap().summary().total;
        counts[index.get(&((total * 2.0) as i64)).copied().unwrap_or(dist.values.len())] += 1;
    }
    let mut probs: Vec<f64> = dist.values.iter().map(|&(_, p)| p).collect();
    probs.push(dist.truncated_mass);
    common::assert_fits(json, &counts, &probs);
}

// ----- 24-System: two highest of the pool + the rank's flat bonus -----

fn brute_24(rank: usize, leverage: usize) -> Brute {
    let table = [(12, 12, 0), (10, 12, 2), (10, 10, 4), (8, 10, 6), (8, 8, 8), (6, 8, 10), (6, 6, 12)];
    let (a, b, flat) = table[rank];
    let mut sides = vec![a, b];
    if leverage > 0 {
        sides.push([4, 6, 8, 10, 12][leverage - 1]);
    }
    enumerate(&sides, |f| {
        let mut s = f.to_vec();
        s.sort_unstable_by(|x, y| y.cmp(x));
        2 * (s[0] + s[1] + flat)
    })
}

#[test]
fn twenty_four_totals_match_brute_force_for_every_rank_and_leverage() {
    for rank in 0..=6 {
        for leverage in 0..=5 {
            check(
                &format!(r#"{{"system":"24-system","rank":{rank},"leverage":{leverage},"dc":15}}"#),
                &brute_24(rank, leverage),
                1e-12,
            );
        }
    }
    // The DC, Pressure, statuses, a push and kept-only Partial Critical change what the result is read against,
    // never the result.
    check(
        r#"{"system":"24-system","rank":2,"leverage":1,"dc":60,"pressure":[10,3],"status":[4],"pushed":true,
            "push":{"track":"strain","fiction":"again"},"partial_critical_kept_only":true,"attack":true}"#,
        &brute_24(2, 1),
        1e-12,
    );
    check(r#"{"system":"24-system","rank":0,"dc":0,"crushing":30}"#, &brute_24(0, 0), 1e-12);
}

// ----- Total//Effect: three kept d6 (+ Escalation in `add` mode, or each die floored/ceilinged) + modifier -----

fn brute_total_effect(net: i64, escalation: i64, mode: &str, modifier: i64) -> Brute {
    let n = 3 + net.unsigned_abs() as usize;
    enumerate(&vec![6; n], |f| {
        let mut s = f.to_vec();
        s.sort_unstable();
        let kept = if net >= 0 { &s[n - 3..] } else { &s[..3] };
        let total: i64 = match (mode, escalation) {
            (_, 0) | ("add", _) => kept.iter().sum::<i64>() + escalation,
            ("floor", e) => kept.iter().map(|&d| d.max(e)).sum(),
            (_, e) => kept.iter().map(|&d| d.min(e)).sum(),
        };
        2 * (total + modifier)
    })
}

#[test]
fn total_effect_totals_match_brute_force_over_advantage_and_escalation() {
    for net in -3..=3i64 {
        let (adv, dis) = if net >= 0 { (net, 0) } else { (0, -net) };
        for (escalation, mode, modifier) in
            [(0, "add", 0), (2, "add", -1), (3, "floor", 0), (4, "ceiling", 2), (0, "ceiling", 0)]
        {
            let json = format!(
                r#"{{"system":"total-effect","advantage":{adv},"disadvantage":{dis},"escalation":{escalation},
                    "escalation_mode":"{mode}","modifier":{modifier}}}"#
            );
            check(&json, &brute_total_effect(net, escalation, mode, modifier), 1e-12);
        }
    }
    // Advantage past 3 is capped at 3 dice more; tiers add one Advantage.
    check(r#"{"system":"total-effect","advantage":10,"disadvantage":2}"#, &brute_total_effect(3, 0, "add", 0), 1e-12);
    check(r#"{"system":"total-effect","tier":1,"task_tier":3}"#, &brute_total_effect(-1, 0, "add", 0), 1e-12);
}

// ----- Hack & Slash: success level = (d6 + bonus) - highest of (d6 + difficulty) or of each opposer -----

fn brute_hack_and_slash(bonus: f64, against: &[f64]) -> Brute {
    let halves = |x: f64| (x * 2.0) as i64;
    let mut sides = vec![6];
    sides.extend(std::iter::repeat_n(6, against.len()));
    enumerate(&sides, |f| {
        let action = 2 * f[0] + halves(bonus);
        let highest = f[1..].iter().zip(against).map(|(&d, &b)| 2 * d + halves(b)).max().unwrap();
        action - highest
    })
}

#[test]
fn hack_and_slash_levels_match_brute_force_single_and_opposed() {
    for (bonus, difficulty) in [(0.0, 0.0), (1.5, 2.0), (-10.0, 20.0), (20.0, -10.0), (0.5, -0.5)] {
        let json = format!(r#"{{"system":"hack-and-slash","bonus":{bonus},"difficulty":{difficulty}}}"#);
        check(&json, &brute_hack_and_slash(bonus, &[difficulty]), 1e-12);
    }
    check(r#"{"system":"hack-and-slash"}"#, &brute_hack_and_slash(0.0, &[0.0]), 1e-12);
    for (bonus, opponents) in
        [(0.0, vec![0.0]), (1.0, vec![0.5, 2.0]), (-1.5, vec![1.0, 1.0, 1.0]), (2.5, vec![-2.0, 0.0, 3.5, 1.0])]
    {
        let list = opponents.iter().map(|b| b.to_string()).collect::<Vec<_>>().join(",");
        let json = format!(r#"{{"system":"hack-and-slash","bonus":{bonus},"opponents":[{list}]}}"#);
        check(&json, &brute_hack_and_slash(bonus, &opponents), 1e-12);
    }
}

#[test]
fn hack_and_slash_with_many_opposers_fits_seeded_rolls() {
    simulate(r#"{"system":"hack-and-slash","bonus":1,"opponents":[0,0.5,1,1,1,2,-1,0,3,0.5,0,0]}"#, 20_000);
}

// ----- Ruina Imperii: hits (4+) of the own pool, each die adding one more when it shows N or more -----

/// One die's hits, its chain followed throw by throw until less than 1e-16 of the mass is left.
fn ruina_die(explode: Option<i64>) -> Brute {
    let mut m = Brute::new();
    // (hits so far, probability of reaching this throw)
    let (mut hits, mut reach) = (0i64, 1.0f64);
    while reach > 1e-16 {
        let mut go_on = 0.0;
        for face in 1..=6 {
            let hit = i64::from(face >= 4);
            if explode.is_some_and(|n| face >= n) {
                go_on += reach / 6.0;
            } else {
                *m.entry(hits + hit).or_insert(0.0) += reach / 6.0;
            }
        }
        // Every exploding face is a hit (N >= 4).
        hits += 1;
        reach = go_on;
    }
    m
}

/// The pool of `skill` + `risk` dice (zero of both: one die with Risk 1), every combination of the dice's hit
/// counts listed.
fn brute_ruina(skill: usize, risk: usize, explode: Option<i64>) -> Brute {
    let (dice, risk) = if skill + risk == 0 { (1, 1) } else { (skill + risk, risk) };
    let explode = match (risk, explode) {
        (0, e) => e,
        (_, None) => Some(6),
        (_, Some(6)) => Some(5),
        (_, e) => e,
    };
    let die: Vec<(i64, f64)> = ruina_die(explode).into_iter().collect();
    let mut m = Brute::new();
    each_combination(&vec![die.len() as i64; dice], |idx| {
        let (hits, p) = idx.iter().fold((0, 1.0), |(h, p), &i| (h + die[i as usize - 1].0, p * die[i as usize - 1].1));
        *m.entry(2 * hits).or_insert(0.0) += p;
    });
    m
}

#[test]
fn ruina_imperii_hits_match_brute_force_with_and_without_explosions() {
    for (skill, risk, explode) in [
        (1, 0, None),
        (4, 0, None),
        (6, 0, None),
        (0, 0, None),
        (2, 1, None),
        (0, 2, None),
        (1, 1, Some(6)),
        (2, 0, Some(5)),
        (1, 0, Some(4)),
        (1, 2, Some(4)),
    ] {
        let e = explode.map_or(String::new(), |n| format!(r#","explode":{n}"#));
        let json = format!(r#"{{"system":"ruina-imperii","skill":{skill},"risk":{risk}{e},"difficulty":1}}"#);
        check(&json, &brute_ruina(skill, risk, explode), 1e-12);
    }
    // Opposed: only the own pool's hits are the total (the opponent's set the difficulty).
    check(
        r#"{"system":"ruina-imperii","skill":2,"risk":1,"opponent":{"skill":5,"risk":2}}"#,
        &brute_ruina(2, 1, None),
        1e-12,
    );
}

#[test]
fn a_large_exploding_ruina_imperii_pool_fits_seeded_rolls() {
    simulate(r#"{"system":"ruina-imperii","skill":10,"risk":3,"explode":4,"difficulty":3}"#, 20_000);
}

// ----- Remedy: kept d20 (♻ then ! then ▲/▼) + ability + net dominance d6s - net threat d6s + bonus -----

/// A fresh d20's values (no ♻): its face, and with `!` a 20 adds another throw, followed until less than 1e-16
/// of the mass is left.
fn d20_chain(explode: bool) -> Vec<(i64, f64)> {
    if !explode {
        return (1..=20).map(|g| (g, 1.0 / 20.0)).collect();
    }
    let mut out = Vec::new();
    let (mut base, mut reach) = (0, 1.0f64);
    while reach > 1e-16 {
        out.extend((1..=19).map(|g| (base + g, reach / 20.0)));
        base += 20;
        reach /= 20.0;
    }
    out
}

/// A d20 of a check before any ♻: (first value, probability, first face in the ♻ range 1..=k). A face in range
/// shows as itself (it is below 20, so it does not explode); the others are their chain's value.
fn remedy_die(k: i64, explode: bool) -> Vec<(i64, f64, bool)> {
    let mut out: Vec<(i64, f64, bool)> = (1..=k).map(|f| (f, 1.0 / 20.0, true)).collect();
    out.extend(d20_chain(explode).into_iter().filter(|&(v, _)| v > k).map(|(v, p)| (v, p, false)));
    out
}

/// Which d20s in the ♻ range are rerolled, given each d20's first value and whether it is in range.
type Choose<'a> = &'a dyn Fn(&[(i64, bool)]) -> Vec<usize>;

/// The request's total by brute force: every d20's first face (and reroll, each walked from `fresh`) and every
/// d6 listed; `choose` picks the rerolls.
#[allow(clippy::too_many_arguments)]
fn brute_remedy(
    count: usize,
    keep: char,
    reroll_up_to: i64,
    explode: bool,
    ability: i64,
    net_d6: i64,
    bonus: i64,
    choose: Choose,
) -> Brute {
    let first = remedy_die(reroll_up_to, explode);
    let fresh = d20_chain(explode);
    let mut kept = Brute::new();
    each_combination(&vec![first.len() as i64; count], |idx| {
        let dice: Vec<&(i64, f64, bool)> = idx.iter().map(|&i| &first[i as usize - 1]).collect();
        let p_first: f64 = dice.iter().map(|d| d.1).product();
        let view: Vec<(i64, bool)> = dice.iter().map(|d| (d.0, d.2)).collect();
        let chosen = choose(&view);
        // Every combination of the chosen dice's rerolls.
        each_combination(&vec![fresh.len() as i64; chosen.len()], |ridx| {
            let mut values: Vec<i64> = dice.iter().map(|d| d.0).collect();
            let mut p = p_first;
            for (&c, &r) in chosen.iter().zip(ridx) {
                values[c] = fresh[r as usize - 1].0;
                p *= fresh[r as usize - 1].1;
            }
            let v = match keep {
                '▼' => *values.iter().min().unwrap(),
                _ => *values.iter().max().unwrap(),
            };
            *kept.entry(v).or_insert(0.0) += p;
        });
    });
    let mut m = Brute::new();
    each_combination(&vec![6; net_d6.unsigned_abs() as usize], |d6| {
        let w = 1.0 / 6f64.powi(net_d6.unsigned_abs() as i32);
        let d6_sum: i64 = if net_d6 == 0 { 0 } else { d6.iter().sum::<i64>() * net_d6.signum() };
        for (&v, &p) in &kept {
            *m.entry(2 * (v + ability + d6_sum + bonus)).or_insert(0.0) += p * w;
        }
    });
    m
}

fn in_range(view: &[(i64, bool)]) -> Vec<usize> {
    (0..view.len()).filter(|&i| view[i].1).collect()
}

#[test]
fn remedy_totals_match_brute_force_over_marks_dice_and_policies() {
    let never = |_: &[(i64, bool)]| Vec::new();
    for (dice, count, keep, k, explode) in [
        ("1d20", 1, ' ', 0, false),
        ("2d20▲", 2, '▲', 0, false),
        ("3d20▼", 3, '▼', 0, false),
        ("1d20♻♻", 1, ' ', 2, false),
        ("2d20▼♻", 2, '▼', 1, false),
        ("1d20!", 1, ' ', 0, true),
        ("2d20▲!♻", 2, '▲', 1, true),
    ] {
        for (ability, dom, threat, bonus) in [(0, 0, 0, 0), (3, 2, 0, -1), (-2, 1, 3, 5)] {
            let net = dom - threat;
            let base = format!(
                r#""system":"remedy","dice":"{dice}","ability":{ability},"dominance":{dom},"threat":{threat},"bonus":{bonus}"#
            );
            let always = format!(r#"{{{base},"dc":12,"reroll":"always"}}"#);
            check(&always, &brute_remedy(count, keep, k, explode, ability, net, bonus, &in_range), 1e-12);
            let none = format!(r#"{{{base},"dc":12,"reroll":"never"}}"#);
            check(&none, &brute_remedy(count, keep, k, explode, ability, net, bonus, &never), 1e-12);
        }
    }
    // A contest: the acting side's total alone (a request without `reroll` reads as `always`).
    check(
        r#"{"system":"remedy","dice":"2d20▲♻","ability":2,"opponent":{"dice":"1d20!","ability":4}}"#,
        &brute_remedy(2, '▲', 1, false, 2, 0, 0, &in_range),
        1e-12,
    );
}

#[test]
fn remedy_best_rerolls_match_the_rolls_own_choice_face_by_face() {
    // `best` decides from the faces: brute force lists every first face and asks the roll's own decision
    // (`best_rerolls`), so this checks the odds' walk over decisions against the decision the roll makes.
    for (json, count, keep, k) in [
        (r#"{"system":"remedy","dice":"2d20▲♻♻♻","ability":1,"dc":14,"reroll":"best"}"#, 2, '▲', 3),
        (r#"{"system":"remedy","dice":"2d20▼♻♻","dc":8,"reroll":"best"}"#, 2, '▼', 2),
        (r#"{"system":"remedy","dice":"1d20♻♻♻♻","dominance":1,"dc":11,"reroll":"best"}"#, 1, ' ', 4),
        (r#"{"system":"remedy","dice":"3d20▼♻","dc":5,"reroll":"best"}"#, 3, '▼', 1),
    ] {
        let r: RemedyRequest = serde_json::from_str(json).unwrap();
        let (own, against) = r.resolve().unwrap();
        let budget = 1e-12 / count as f64;
        let aim = Aim::new(&own, &against, budget);
        let choose = |view: &[(i64, bool)]| best_rerolls(&aim, &own.dice, budget, view);
        check(json, &brute_remedy(count, keep, k, false, r.ability as i64, own.net_d6, r.bonus as i64, &choose), 1e-12);
    }
}

#[test]
fn a_remedy_roll_with_the_players_own_reroll_pick_has_no_luck_and_says_why() {
    let r = request(r#"{"system":"remedy","dice":"2d20▲♻","dc":12,"reroll":"never","rerolled":[0]}"#);
    let why = r.luck(10.0).unwrap_err();
    assert!(why.contains("picked which d20s to reroll after seeing them"), "{why}");
}

// ----- The notation: the total's exact distribution -----

#[test]
fn notation_totals_match_brute_force() {
    // (expression, dice sides, total of one combination, doubled)
    type Total = fn(&[i64]) -> i64;
    let cases: [(&str, Vec<i64>, Total); 5] = [
        ("3d6", vec![6, 6, 6], |f| 2 * f.iter().sum::<i64>()),
        ("4d6kh3", vec![6; 4], |f| 2 * (f.iter().sum::<i64>() - f.iter().min().unwrap())),
        ("2d20kl1+3", vec![20, 20], |f| 2 * (f.iter().min().unwrap() + 3)),
        ("1d8-1d4", vec![8, 4], |f| 2 * (f[0] - f[1])),
        // Exact division (version 2): halves.
        ("1d5/2", vec![5], |f| f[0]),
    ];
    for (expr, sides, total) in cases {
        let e = parse(expr).unwrap();
        let got = e.odds().unwrap().total_dist();
        let brute = enumerate(&sides, total);
        assert_eq!(got.values.len(), brute.len(), "{expr}");
        for ((v, p), (bv, bp)) in got.values.iter().zip(&brute) {
            assert_eq!((v * 2.0) as i64, *bv, "{expr}");
            assert!((p - bp).abs() < 1e-12, "{expr}: P({v}) = {p}, brute force {bp}");
        }
        for seed in 0..40 {
            let t = dicetray_rules::dice::value::to_f64(e.roll(seed).unwrap().total);
            let x = (t * 2.0) as i64;
            let expected = brute.range(..x).map(|(_, p)| p).sum::<f64>() + brute[&x] / 2.0;
            assert!((got.luck(t).unwrap().luck - expected).abs() < 1e-12, "{expr} seed {seed}");
        }
    }
}

#[test]
fn every_system_fits_seeded_rolls_of_an_edge_request() {
    for json in [
        r#"{"system":"24-system","rank":0,"leverage":5,"dc":30}"#,
        r#"{"system":"remedy","dice":"10d20▼♻♻!","ability":-10,"threat":10,"dc":0,"reroll":"always"}"#,
        r#"{"system":"total-effect","disadvantage":3,"escalation":6,"escalation_mode":"floor"}"#,
        r#"{"system":"ruina-imperii","skill":0,"risk":0,"difficulty":0}"#,
        r#"{"system":"hack-and-slash","bonus":-10,"difficulty":20}"#,
    ] {
        simulate(json, 20_000);
    }
}

// ----- The formulas -----

#[test]
fn the_variance_formula_is_the_variance_of_the_luck() {
    for d in [Dist::uniform(1, 6), Dist::uniform(1, 20).repeat_sum(3), Dist::from_pairs([(0, 0.9), (1, 0.1)])] {
        let direct: f64 = d.iter().map(|(v, p)| p * (luck(&d, v) - 0.5).powi(2)).sum();
        assert!((luck_variance(&d) - direct).abs() < 1e-15, "{d:?}");
    }
}

#[test]
fn a_report_over_seeded_fair_rolls_is_unremarkable_and_over_maximal_rolls_is_not() {
    // 400 fair 2d6 rolls: |z| > 4.89 has probability 1e-6 under fair dice (the false-alarm rate).
    let r = request(r#"{"system":"hack-and-slash","bonus":0,"difficulty":0}"#);
    let lucks: Vec<(String, _)> =
        (0..400).map(|s| (s.to_string(), r.luck(r.roll(s).unwrap().summary().total))).collect();
    let report = LuckReport::of(lucks.iter().map(|(id, l)| (id.as_str(), l)));
    assert_eq!(report.rolls, 400);
    assert!(report.z.unwrap().abs() < 4.89, "{report:?}");
    // Ten rolls at the maximum level (5): each has luck 1 - 1/72, so the mean is far above 1/2.
    let top: Vec<(String, _)> = (0..10).map(|s| (s.to_string(), r.luck(5.0))).collect();
    let report = LuckReport::of(top.iter().map(|(id, l)| (id.as_str(), l)));
    assert!((report.mean.unwrap() - 71.0 / 72.0).abs() < 1e-12);
    assert!(report.p_value.unwrap() < 1e-6, "{report:?}");
}

proptest! {
    /// Over any distribution: every luck is in [0, 1], and the mean luck over the distribution is exactly 1/2.
    #[test]
    fn luck_is_a_percentile_with_mean_one_half(
        weights in prop::collection::vec(0u32..1000, 1..40),
        min in -50i64..50,
    ) {
        let total: u32 = weights.iter().sum();
        prop_assume!(total > 0);
        let d = Dist::from_dense(min, weights.iter().map(|&w| w as f64 / total as f64).collect(), 0.0);
        let td = TotalDist::from_dist(&d, 1.0);
        let mut mean = 0.0;
        for (v, p) in d.iter() {
            let l = luck(&d, v);
            prop_assert!((0.0..=1.0).contains(&l));
            prop_assert_eq!(td.luck(v as f64).unwrap().luck, l);
            mean += p * l;
        }
        prop_assert!((mean - 0.5).abs() < 1e-12, "mean {}", mean);
        prop_assert!((variance_of(d.iter().map(|(_, p)| p)) - luck_variance(&d)).abs() == 0.0);
    }
}
