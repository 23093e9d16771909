//! Remedy's ♻ as the roller's choice: the `reroll` policy, its exact odds against brute force over every
//! subset of dice, the player's own pick, and old saved requests replaying as before.

use dicetray_rules::rng::{face, seeded};
use dicetray_rules::systems::remedy::{with_chosen_rerolls, Remedy, RemedyRequest, RerollPolicy};
use dicetray_rules::systems::{Request, RuleSystem};

fn request(dice: &str, ability: i32, dominance: i32, dc: i32, policy: Option<RerollPolicy>) -> RemedyRequest {
    RemedyRequest { dominance, reroll: policy, ..RemedyRequest::against_dc(dice, ability, dc) }
}

fn p_succeed(r: &RemedyRequest) -> f64 {
    let o = Remedy::odds(r).unwrap();
    o.get("success") + o.get("triumph")
}

#[test]
fn ruling_reroll_is_the_rollers_choice_never_always_best_by_hand() {
    // 1d20 with 12 ♻ against DC 5: faces 6..19 succeed, 20 is a triumph, 1 a disaster, 2..5 fail.
    // A fresh d20 succeeds with 15/20. never: 15/20. always: faces 13..20 stand (8/20), 1..12 are rerolled:
    // 8/20 + 12/20 * 15/20 = 0.85. best keeps 6..12 (sure) and rerolls 1..5: 15/20 + 5/20 * 15/20 = 0.9375.
    let dice = "1d20~~~~~~~~~~~~";
    let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
    assert!(close(p_succeed(&request(dice, 0, 0, 5, Some(RerollPolicy::Never))), 0.75));
    assert!(close(p_succeed(&request(dice, 0, 0, 5, Some(RerollPolicy::Always))), 0.85));
    assert!(close(p_succeed(&request(dice, 0, 0, 5, Some(RerollPolicy::Best))), 0.9375));
    // Rolling with best: a 6..12 stands, a 1..5 is rerolled, and the breakdown says which.
    let best = request(dice, 0, 0, 5, Some(RerollPolicy::Best));
    for seed in 0..400 {
        let r = Remedy::roll_seeded(&best, seed).unwrap();
        let first = r.dice[0].rerolled.first().copied().unwrap_or(r.dice[0].face);
        assert_eq!(r.check.rerolled == vec![0], first <= 5, "seed {seed}: first face {first}");
        assert_eq!(r.check.rerollable == vec![0], (6..=12).contains(&first), "seed {seed}");
    }
}

/// Every first-face tuple, every subset of dice in range rerolled, every fresh face: the best subset (most
/// chance of success or triumph; ties: fewer dice, then the lowest faces) and the outcome it leads to.
fn brute_best(count: usize, keep: char, k: i64, ability: i64, dominance: u32, dc: i64) -> [f64; 4] {
    let d6: Vec<(i64, f64)> = {
        let mut sums = vec![(0i64, 1.0f64)];
        for _ in 0..dominance {
            sums = sums.iter().flat_map(|&(s, p)| (1..=6).map(move |f| (s + f, p / 6.0))).collect();
        }
        sums
    };
    // [triumph, success, failure, disaster] for a kept face.
    let outcome = |kept: i64| -> [f64; 4] {
        if kept == 20 {
            return [1.0, 0.0, 0.0, 0.0];
        }
        if kept == 1 {
            return [0.0, 0.0, 0.0, 1.0];
        }
        let s: f64 = d6.iter().filter(|&&(x, _)| kept + ability + x > dc).map(|&(_, p)| p).sum();
        [0.0, s, 1.0 - s, 0.0]
    };
    let pick = |v: &[i64]| match keep {
        '^' => *v.iter().max().unwrap(),
        'v' => *v.iter().min().unwrap(),
        _ => v[0],
    };
    let tuples = |n: usize| -> Vec<Vec<i64>> {
        (0..20usize.pow(n as u32))
            .map(|mut i| {
                (0..n)
                    .map(|_| {
                        let f = (i % 20) as i64 + 1;
                        i /= 20;
                        f
                    })
                    .collect()
            })
            .collect()
    };
    let mut total = [0.0; 4];
    for first in tuples(count) {
        let in_range: Vec<usize> = (0..count).filter(|&i| first[i] <= k).collect();
        let mut best: Option<(f64, usize, Vec<i64>, [f64; 4])> = None;
        for mask in 0..(1u32 << in_range.len()) {
            let chosen: Vec<usize> = (0..in_range.len()).filter(|b| mask >> b & 1 == 1).map(|b| in_range[b]).collect();
            let mut dist = [0.0; 4];
            for fresh in tuples(chosen.len()) {
                let mut v = first.clone();
                for (j, &d) in chosen.iter().enumerate() {
                    v[d] = fresh[j];
                }
                let o = outcome(pick(&v));
                let w = 1.0 / 20f64.powi(chosen.len() as i32);
                for x in 0..4 {
                    dist[x] += w * o[x];
                }
            }
            let chance = dist[0] + dist[1];
            let mut faces: Vec<i64> = chosen.iter().map(|&d| first[d]).collect();
            faces.sort_unstable();
            let better = match &best {
                None => true,
                Some((c, n, f, _)) => {
                    chance > c + 1e-12 || ((chance - c).abs() <= 1e-12 && (chosen.len(), &faces) < (*n, f))
                }
            };
            if better {
                best = Some((chance, chosen.len(), faces, dist));
            }
        }
        let dist = best.unwrap().3;
        for x in 0..4 {
            total[x] += dist[x] / 20f64.powi(count as i32);
        }
    }
    total
}

#[test]
fn best_odds_match_brute_force_over_every_subset() {
    for (dice, count, keep, ability, dominance, dc) in [
        ("1d20~~~", 1, '-', 2, 0, 10),
        ("1d20~~~~~~~~", 1, '-', 0, 1, 9),
        ("2d20^~~", 2, '^', 0, 0, 12),
        ("2d20^~~~~~~~~~", 2, '^', 1, 1, 14),
        ("2d20^~~~~~~~~~", 2, '^', 0, 0, 10),
        ("2d20v~~~", 2, 'v', 3, 0, 8),
        ("2d20v~~~~~~~~~~", 2, 'v', 0, 0, 6),
        ("2d20v~~~~~~", 2, 'v', 1, 1, 11),
    ] {
        let k = dice.matches('~').count() as i64;
        let r = request(dice, ability, dominance as i32, dc, Some(RerollPolicy::Best));
        let odds = Remedy::odds(&r).unwrap();
        let want = brute_best(count, keep, k, ability as i64, dominance, dc as i64);
        for (name, w) in ["triumph", "success", "failure", "disaster"].iter().zip(want) {
            assert!((odds.get(name) - w).abs() < 1e-12, "{dice} DC {dc}: {name} {} vs brute force {w}", odds.get(name));
        }
        assert!(p_succeed(&r) + 1e-12 >= p_succeed(&RemedyRequest { reroll: Some(RerollPolicy::Always), ..r.clone() }));
        assert!(p_succeed(&r) + 1e-12 >= p_succeed(&RemedyRequest { reroll: Some(RerollPolicy::Never), ..r.clone() }));
    }
}

#[test]
fn best_with_explosions_is_never_worse_than_always_or_never_and_adds_up() {
    for dice in ["1d20!~~", "2d20^!~~~", "3d20v!~~"] {
        let r = request(dice, 1, 0, 13, Some(RerollPolicy::Best));
        let o = Remedy::odds(&r).unwrap();
        let sum: f64 = o.outcomes.iter().map(|c| c.p).sum();
        assert!((sum + o.truncated_mass - 1.0).abs() < 1e-9, "{dice}: {sum}");
        for other in [RerollPolicy::Always, RerollPolicy::Never] {
            assert!(p_succeed(&r) + 1e-12 >= p_succeed(&RemedyRequest { reroll: Some(other), ..r.clone() }), "{dice}");
        }
    }
}

#[test]
fn a_request_without_reroll_reads_as_always_so_saved_rolls_replay_the_same_dice() {
    // A request saved before the policy existed: no `reroll` field. It reads as `always` and writes back unchanged.
    let saved = r#"{"system":"remedy","dice":"2d20^~~~","dc":10}"#;
    let request = Request::from_json(saved).unwrap();
    assert_eq!(serde_json::to_string(&request).unwrap(), saved);
    let Request::Remedy(remedy) = &request else { panic!() };
    assert_eq!((remedy.reroll, remedy.reroll_policy()), (None, RerollPolicy::Always));
    // The dice, derived straight from the generator as every roll was made before: per d20 a first face, and a
    // second one that stands when the first was 1..4.
    for seed in 0..300 {
        let roll = Remedy::roll_seeded(remedy, seed).unwrap();
        let mut rng = seeded(seed);
        let expected: Vec<(i64, Vec<i64>)> = (0..2)
            .map(|_| {
                let f = face(&mut rng, 20) as i64;
                if f <= 3 {
                    (face(&mut rng, 20) as i64, vec![f])
                } else {
                    (f, vec![])
                }
            })
            .collect();
        let got: Vec<(i64, Vec<i64>)> = roll.dice.iter().map(|d| (d.face, d.rerolled.clone())).collect();
        assert_eq!(got, expected, "seed {seed}");
    }
    // A new policy is written out and reads back.
    let best = r#"{"system":"remedy","dice":"2d20^~~~","dc":10,"reroll":"best"}"#;
    assert_eq!(serde_json::to_string(&Request::from_json(best).unwrap()).unwrap(), best);
}

#[test]
fn the_players_chosen_reroll_replays_from_the_seed() {
    let never = request("3d20v~~~~~", 2, 0, 10, Some(RerollPolicy::Never));
    let always = RemedyRequest { reroll: Some(RerollPolicy::Always), ..never.clone() };
    let mut checked = 0;
    for seed in 0..200 {
        let roll = Remedy::roll_seeded(&never, seed).unwrap();
        assert!(roll.check.rerolled.is_empty());
        let Some(&pick) = roll.check.rerollable.first() else { continue };
        let (replay, after) = with_chosen_rerolls(&never, &roll, &[pick]).unwrap();
        assert_eq!(replay.rerolled, vec![pick]);
        assert_eq!(after.check.rerolled, vec![pick]);
        // The chosen die shows what `always` gives it on the same seed; the others keep their faces.
        let all = Remedy::roll_seeded(&always, seed).unwrap();
        let d20 = |r: &dicetray_rules::systems::remedy::RemedyRoll, i: usize| {
            r.dice.iter().filter(|d| d.role.as_deref() == Some("d20") && !d.from_explosion).nth(i).unwrap().face
        };
        for i in 0..3 {
            let want = if i == pick { d20(&all, i) } else { d20(&roll, i) };
            assert_eq!(d20(&after, i), want, "seed {seed}, d20 {i}");
        }
        // The replay request, written and read back, gives the same roll.
        let json = serde_json::to_string(&Request::Remedy(replay.clone())).unwrap();
        let Request::Remedy(read) = Request::from_json(&json).unwrap() else { panic!() };
        assert_eq!(Remedy::roll_seeded(&read, seed).unwrap(), after);
        // Once is once; and a die out of range cannot be picked.
        assert_eq!(with_chosen_rerolls(&replay, &after, &[pick]).unwrap_err().field, "rerolled");
        if let Some(out) = (0..3).find(|i| !roll.check.rerollable.contains(i)) {
            let e = with_chosen_rerolls(&never, &roll, &[out]).unwrap_err();
            assert!(e.to_string().contains("outside the ♻ range 1-5"), "{e}");
        }
        checked += 1;
    }
    assert!(checked > 50);
    let wrong = RemedyRequest { rerolled: vec![0], ..always.clone() };
    assert_eq!(Remedy::validate(&wrong).unwrap_err().field, "rerolled");
    let too_far = RemedyRequest { rerolled: vec![3], ..never.clone() };
    assert_eq!(Remedy::validate(&too_far).unwrap_err().field, "rerolled[0]");
}

#[test]
fn best_odds_with_keep_lowest_have_a_work_limit() {
    // 10 d20s with 19 ♻ and ▼: every face but 20 is in range, about 20 million sets of faces to walk.
    let huge = request("10d20v~~~~~~~~~~~~~~~~~~~", 0, 0, 5, Some(RerollPolicy::Best));
    let e = Remedy::odds(&huge).unwrap_err();
    assert_eq!(e.field, "reroll");
    assert!(e.to_string().contains("at most 200000"), "{e}");
    // Rolling it is fine, and so are its `always` odds.
    assert!(Remedy::roll_seeded(&huge, 3).is_ok());
    assert!(Remedy::odds(&RemedyRequest { reroll: Some(RerollPolicy::Always), ..huge }).is_ok());
    // Within the limit (about 75,000 sets), the odds add up.
    let large = request("10d20v!~~~~~~~~", 0, 0, 5, Some(RerollPolicy::Best));
    let o = Remedy::odds(&large).unwrap();
    let sum: f64 = o.outcomes.iter().map(|c| c.p).sum();
    assert!((sum + o.truncated_mass - 1.0).abs() < 1e-9, "{sum}");
}

#[test]
fn best_rolls_follow_best_odds_in_a_contest_and_against_a_dc() {
    use dicetray_rules::systems::remedy::{Check, Reactive};
    let contest = RemedyRequest {
        reroll: Some(RerollPolicy::Best),
        ..RemedyRequest::contest("2d20v~~~~", 2, Check::new("1d20~", 3), Reactive::Opponent)
    };
    let dc = request("3d20^!~~~", 1, 1, 15, Some(RerollPolicy::Best));
    for r in [contest, dc] {
        // Best is never worse than always or never.
        for other in [RerollPolicy::Always, RerollPolicy::Never] {
            assert!(p_succeed(&r) + 1e-12 >= p_succeed(&RemedyRequest { reroll: Some(other), ..r.clone() }));
        }
        // 15,000 seeded rolls land within 5 standard errors of the exact odds of every outcome.
        let odds = Remedy::odds(&r).unwrap();
        let n = 15_000;
        let mut counts = [0u64; 4];
        for seed in 0..n {
            counts[Remedy::roll_seeded(&r, seed).unwrap().outcome.index()] += 1;
        }
        for (c, chance) in counts.iter().zip(&odds.outcomes) {
            let p = chance.p;
            let se = (p * (1.0 - p) / n as f64).sqrt().max(1e-9);
            let seen = *c as f64 / n as f64;
            assert!((seen - p).abs() < 5.0 * se + 1e-9, "{}: seen {seen}, exact {p}", chance.name);
        }
    }
}
