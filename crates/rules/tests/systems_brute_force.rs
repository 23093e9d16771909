//! The systems' exact odds against brute force written independently here: every face combination is listed
//! and read with the rules as the README states them, over a grid of inputs. Agreement to 1e-12.

use dicetray_rules::systems::hack_and_slash::{HackAndSlash, HackAndSlashRequest};
use dicetray_rules::systems::total_effect::{EscalationMode, TotalEffect, TotalEffectRequest};
use dicetray_rules::systems::twenty_four::{
    self, CalledShot, DcIncrease, Limb, PushDeclaration, Track, TwentyFour, TwentyFourRequest,
};
use dicetray_rules::systems::{Odds, RuleSystem};
use std::collections::HashMap;

const EPS: f64 = 1e-12;

/// Call `visit` with every combination of faces for dice with the given sides; returns how many there were.
fn each_combination(sides: &[i64], mut visit: impl FnMut(&[i64])) -> usize {
    let mut faces = vec![1; sides.len()];
    let mut count = 0;
    loop {
        visit(&faces);
        count += 1;
        let Some(i) = (0..sides.len()).find(|&i| faces[i] < sides[i]) else { return count };
        faces[i] += 1;
        faces[..i].iter_mut().for_each(|f| *f = 1);
    }
}

fn assert_close(odds: &Odds, expected: &HashMap<String, f64>, context: &str) {
    for (name, p) in expected {
        let got = odds.get(name);
        assert!((got - p).abs() < EPS, "{context}: {name} = {got}, brute force {p}");
    }
    let names = odds.outcomes.iter().chain(&odds.events).count();
    assert_eq!(names, expected.len(), "{context}: same outcomes and events");
}

// ----- 24-System -----

fn rank_table(rank: i64) -> (Vec<i64>, i64) {
    let table = [(12, 12, 0), (10, 12, 2), (10, 10, 4), (8, 10, 6), (8, 8, 8), (6, 8, 10), (6, 6, 12)];
    let (a, b, flat) = table[rank as usize];
    (vec![a, b], flat)
}

fn brute_24(req: &TwentyFourRequest) -> (HashMap<String, f64>, HashMap<&'static str, f64>) {
    let (mut sides, flat) = rank_table(req.rank);
    if req.leverage > 0 {
        sides.push([4, 6, 8, 10, 12][req.leverage as usize - 1]);
    }
    // Every Pressure entry adds; of the statuses only the highest does.
    let pressure: i64 = req.pressure.iter().map(|p| p.amount()).sum();
    let status = req.status.iter().map(|p| p.amount()).fold(0, std::cmp::max);
    let effective = req.dc + pressure + status + req.crushing.unwrap_or(0);
    let target = if req.pushed { std::cmp::max(effective - 2, std::cmp::min(effective, 6)) } else { effective };
    let w = 1.0 / sides.iter().product::<i64>() as f64;
    let mut m: HashMap<String, f64> =
        ["legendary", "success", "miss", "partial_critical"].iter().map(|n| (n.to_string(), 0.0)).collect();
    let mut loc: HashMap<&'static str, f64> = HashMap::new();
    each_combination(&sides, |faces| {
        let mut sorted = faces.to_vec();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        let result = sorted[0] + sorted[1] + flat;
        let second = sorted[1];
        let maxed: Vec<bool> = faces.iter().zip(&sides).map(|(f, s)| f == s).collect();
        // Kept only: a maxed die is kept when its face reaches the second-highest face (ties favour the maxed die).
        let pc = if req.partial_critical_kept_only {
            faces.iter().zip(&maxed).any(|(&f, &mx)| mx && f >= second)
        } else {
            maxed.iter().any(|&b| b)
        };
        let outcome = if result >= 24 {
            "legendary"
        } else if result >= target {
            "success"
        } else {
            "miss"
        };
        *m.get_mut(outcome).unwrap() += w;
        if pc {
            *m.get_mut("partial_critical").unwrap() += w;
        }
        if outcome != "miss" {
            let place = match (req.called_shot, outcome, pc, req.limb_choice) {
                (Some(CalledShot::Head), ..) => "head",
                (Some(CalledShot::Core), ..) => "core",
                (Some(CalledShot::LeftArm), ..) => "left_arm",
                (Some(CalledShot::RightArm), ..) => "right_arm",
                (Some(CalledShot::Legs), ..) => "legs",
                (None, "legendary", ..) => "head",
                (None, _, true, None) => "limb",
                (None, _, true, Some(Limb::LeftArm)) => "left_arm",
                (None, _, true, Some(Limb::RightArm)) => "right_arm",
                (None, _, true, Some(Limb::Legs)) => "legs",
                (None, _, false, _) => "core",
            };
            *loc.entry(place).or_insert(0.0) += w;
        }
    });
    (m, loc)
}

#[test]
fn twenty_four_odds_match_brute_force_over_every_rank_and_leverage() {
    let mut checked = 0;
    for rank in 0..=6 {
        for leverage in 0..=5 {
            for dc in [0, 4, 7, 8, 14, 17, 20, 23, 24, 30] {
                for variant in 0..4 {
                    let mut req = TwentyFourRequest::new(rank, dc);
                    req.leverage = leverage;
                    match variant {
                        1 => req.pressure = vec![DcIncrease::Plain(2), DcIncrease::Labelled { label: None, dc: 1 }],
                        2 => {
                            req.leverage = 0;
                            req.crushing = Some(4);
                            req.status = vec![DcIncrease::Plain(1), DcIncrease::Plain(3), DcIncrease::Plain(2)];
                        }
                        3 => {
                            req.partial_critical_kept_only = true;
                            req.pushed = true;
                            req.push = Some(PushDeclaration { track: Track::Strain, fiction: "all in".into() });
                        }
                        _ => {}
                    }
                    let (expected, _) = brute_24(&req);
                    let odds = TwentyFour::odds(&req).unwrap();
                    assert_close(&odds, &expected, &format!("{req:?}"));
                    let sum: f64 = odds.outcomes.iter().map(|c| c.p).sum();
                    assert!((sum - 1.0).abs() < EPS);
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 7 * 6 * 10 * 4);
}

#[test]
fn twenty_four_hit_location_odds_match_brute_force() {
    for rank in [0, 3, 6] {
        for leverage in [0, 1, 5] {
            for (called, limb) in [(None, None), (None, Some(Limb::RightArm)), (Some(CalledShot::Head), None)] {
                let mut req = TwentyFourRequest::new(rank, 16);
                req.leverage = leverage;
                req.attack = true;
                req.called_shot = called;
                req.limb_choice = limb;
                let (_, expected) = brute_24(&req);
                let got = twenty_four::location_odds(&req).unwrap();
                assert_eq!(got.len(), expected.len(), "{req:?}");
                for c in got {
                    assert!((c.p - expected[c.name.as_str()]).abs() < EPS, "{req:?} {}", c.name);
                }
            }
        }
    }
}

// ----- Total//Effect -----

fn band_matches(text: &str, total: i64) -> bool {
    if let Some(x) = text.strip_suffix('+') {
        total >= x.parse::<i64>().unwrap()
    } else if let Some(x) = text.strip_suffix('-') {
        total <= x.parse::<i64>().unwrap()
    } else {
        let (x, y) = text.split_once('-').unwrap();
        x.parse::<i64>().unwrap() <= total && total <= y.parse::<i64>().unwrap()
    }
}

fn brute_total_effect(req: &TotalEffectRequest) -> HashMap<String, f64> {
    let net = (req.advantage - req.disadvantage).clamp(-3, 3);
    let n = 3 + net.unsigned_abs() as usize;
    // How many throws give each Total, then outcomes and bands read off the Totals.
    let mut throws_by_total: HashMap<i64, u64> = HashMap::new();
    let throws = each_combination(&vec![6; n], |faces| {
        let mut buffer = [0i64; 6];
        let sorted = &mut buffer[..n];
        sorted.copy_from_slice(faces);
        sorted.sort_unstable();
        let kept = if net >= 0 { &sorted[n - 3..] } else { &sorted[..3] };
        // Escalation 0 is no Escalation in every mode.
        let total: i64 = match req.escalation_mode {
            _ if req.escalation == 0 => kept.iter().sum::<i64>(),
            EscalationMode::Add => kept.iter().sum::<i64>() + req.escalation,
            EscalationMode::Floor => kept.iter().map(|&d| if d < req.escalation { req.escalation } else { d }).sum(),
            EscalationMode::Ceiling => kept.iter().map(|&d| if d > req.escalation { req.escalation } else { d }).sum(),
        } + req.modifier;
        *throws_by_total.entry(total).or_insert(0) += 1;
    });
    let p = |pred: &dyn Fn(i64) -> bool| {
        throws_by_total.iter().filter(|(&t, _)| pred(t)).map(|(_, &c)| c).sum::<u64>() as f64 / throws as f64
    };
    let mut m = HashMap::new();
    m.insert("hard_choice".to_string(), p(&|t| t <= 8));
    m.insert("success_with_twist".to_string(), p(&|t| (9..=12).contains(&t)));
    m.insert("clean_success".to_string(), p(&|t| t >= 13));
    for b in &req.bands {
        m.insert(b.clone(), p(&|t| band_matches(b, t)));
    }
    m
}

#[test]
fn total_effect_odds_match_brute_force_over_advantage_escalation_and_bands() {
    let bands: Vec<String> = ["9+", "13+", "6-8", "10-", "1-30", "16-16"].iter().map(|s| s.to_string()).collect();
    let mut checked = 0;
    for net in -3i64..=3 {
        for (extra_adv, extra_dis) in [(0, 0), (2, 2), (4, 0)] {
            for mode in [EscalationMode::Add, EscalationMode::Floor, EscalationMode::Ceiling] {
                for escalation in [0, 3, 6] {
                    for modifier in [-2, 0, 3] {
                        let req = TotalEffectRequest {
                            advantage: net.max(0) + extra_adv,
                            disadvantage: (-net).max(0) + extra_dis,
                            escalation,
                            modifier,
                            bands: bands.clone(),
                            escalation_mode: mode,
                        };
                        let odds = TotalEffect::odds(&req).unwrap();
                        assert_close(&odds, &brute_total_effect(&req), &format!("{req:?}"));
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, 7 * 3 * 3 * 3 * 3);
}

// ----- Hack & Slash -----

fn brute_hack_and_slash(req: &HackAndSlashRequest) -> HashMap<String, f64> {
    // Work in tenths to stay independent of the crate's half-step integers.
    let tenths = |x: f64| (x * 10.0).round() as i64;
    let (others, opposed): (Vec<i64>, bool) = match &req.opponents {
        Some(list) => (list.iter().map(|&x| tenths(x)).collect(), true),
        None => (vec![tenths(req.difficulty.unwrap_or(0.0))], false),
    };
    let w = 1.0 / 6f64.powi(1 + others.len() as i32);
    let mut names = vec!["full_success", "half_success", "failure"];
    if opposed {
        names.extend(["interference_full", "interference_partial"]);
    }
    let mut m: HashMap<String, f64> = names.iter().map(|s| (s.to_string(), 0.0)).collect();
    each_combination(&vec![6; 1 + others.len()], |faces| {
        let action = faces[0] * 10 + tenths(req.bonus);
        let rolls: Vec<i64> = faces[1..].iter().zip(&others).map(|(f, b)| f * 10 + b).collect();
        let level = action - rolls.iter().max().unwrap();
        let outcome = if level >= 10 {
            "full_success"
        } else if level >= 0 {
            "half_success"
        } else {
            "failure"
        };
        *m.get_mut(outcome).unwrap() += w;
        if opposed {
            if rolls.iter().any(|r| r - action >= 10) {
                *m.get_mut("interference_full").unwrap() += w;
            }
            if rolls.iter().any(|r| (0..=5).contains(&(r - action))) {
                *m.get_mut("interference_partial").unwrap() += w;
            }
        }
    });
    m
}

#[test]
fn hack_and_slash_odds_match_brute_force_single_and_one_to_four_opponents() {
    let values = [-2.0, -0.5, 0.0, 0.5, 1.5, 3.0, 6.5];
    let mut checked = 0;
    for &bonus in &values {
        for &difficulty in &values {
            let req = HackAndSlashRequest { bonus, difficulty: Some(difficulty), opponents: None };
            assert_close(&HackAndSlash::odds(&req).unwrap(), &brute_hack_and_slash(&req), &format!("{req:?}"));
            checked += 1;
        }
        for opponents in [
            vec![0.0],
            vec![1.5],
            vec![0.5, 2.0],
            vec![-1.0, 0.0, 4.5],
            vec![1.0, 1.0, 2.5, 0.5],
            vec![3.0, 3.0, 3.0, 3.0],
        ] {
            let req = HackAndSlashRequest { bonus, difficulty: None, opponents: Some(opponents) };
            assert_close(&HackAndSlash::odds(&req).unwrap(), &brute_hack_and_slash(&req), &format!("{req:?}"));
            checked += 1;
        }
    }
    assert_eq!(checked, 7 * 7 + 7 * 6);
}
