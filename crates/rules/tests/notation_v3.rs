//! Notation version 3: rpg-dice-roller's modifier order. Exact odds against brute force (every sequence of
//! throws, the group's modifiers applied by a plain transcription of rpg-dice-roller's steps), rolls in that
//! order, and saved version-2 rolls replaying exactly as before.

use dicetray_rules::dice::*;
use dicetray_rules::die::DieKind;
use std::collections::BTreeMap;

/// A version-3 group's value, rpg-dice-roller's way, from the throws in `draws` (None: more throws needed).
fn run(g: &DiceGroup, draws: &[i64]) -> Option<i64> {
    let mut next = draws.iter().copied();
    let mut draw = || next.next();
    // (value, from an explosion) of each die in order
    let mut rolls: Vec<i64> = Vec::new();
    for _ in 0..g.count {
        rolls.push(draw()?);
    }
    // min, then max
    for r in &mut rolls {
        *r = g.clamp(*r);
    }
    if let Some(e) = g.explode {
        let mut out = Vec::new();
        for &r in &rolls {
            let mut sub = vec![r];
            let mut cmp = r;
            while e.on.matches(cmp) {
                let f = draw()?;
                cmp = f;
                sub.push(if e.kind == ExplodeKind::Penetrate { f - 1 } else { f });
            }
            if e.kind == ExplodeKind::Compound {
                out.push(sub.iter().sum());
            } else {
                out.extend(sub);
            }
        }
        rolls = out;
    }
    if let Some(r) = g.reroll {
        for v in &mut rolls {
            while r.on.matches(*v) {
                *v = draw()?;
                if r.once {
                    break;
                }
            }
        }
    }
    if let Some(u) = g.unique {
        for i in 1..rolls.len() {
            while u.on.is_none_or(|c| c.matches(rolls[i])) && rolls[..i].contains(&rolls[i]) {
                rolls[i] = draw()?;
                if u.once {
                    break;
                }
            }
        }
    }
    let m = rolls.len() as u32;
    let (lo, hi) = g.kept_span(m);
    let mut sorted = rolls.clone();
    sorted.sort_unstable();
    let kept = &sorted[lo as usize..hi as usize];
    Some(match g.success {
        Some(s) => kept.iter().map(|&v| s.score(v)).sum(),
        None => kept.iter().sum(),
    })
}

/// Every sequence of throws of up to `depth` throws: the distribution of the group's value, and the mass of
/// the longer sequences left out.
fn brute(src: &str, depth: usize) -> (BTreeMap<i64, f64>, f64) {
    let e = parse(src).unwrap();
    let Node::Dice(g) = &e.root else { panic!("{src}: one dice group") };
    assert_eq!(g.order, ModifierOrder::RpgDiceRoller);
    let faces: Vec<(i64, f64)> = g.faces().map(|f| (f, g.die.weight(f))).collect();
    let mut out = BTreeMap::new();
    let mut cut = 0.0;
    let mut stack = vec![(Vec::new(), 1.0)];
    while let Some((draws, p)) = stack.pop() {
        match run(g, &draws) {
            Some(v) => *out.entry(v).or_insert(0.0) += p,
            None if draws.len() >= depth => cut += p,
            None => {
                for &(f, w) in &faces {
                    let mut d = draws.clone();
                    d.push(f);
                    stack.push((d, p * w));
                }
            }
        }
    }
    (out, cut)
}

fn check(src: &str, depth: usize) {
    let (want, cut) = brute(src, depth);
    let got = parse(src).unwrap().odds().unwrap_or_else(|e| panic!("{src}: {e}"));
    let tol = cut + 1e-12;
    let mut values: Vec<Value> = got.iter().map(|(v, _)| v).collect();
    values.extend(want.keys().map(|&v| Value::from_integer(v)));
    for v in values {
        let w = if v.is_integer() { want.get(v.numer()).copied().unwrap_or(0.0) } else { 0.0 };
        let g = got.p(v);
        assert!((g - w).abs() <= tol, "{src}: P({v}) = {g}, brute force {w} (cut {cut:.1e})");
    }
    let mass = got.total_mass() + got.truncated_mass();
    assert!((mass - 1.0).abs() < 1e-12, "{src}: mass {mass}");
}

#[test]
fn odds_match_brute_force_over_throws() {
    for (src, depth) in [
        // the three places version 3 differs from version 2
        ("1d6!r=6", 14),
        ("1d6min3r=3", 14),
        ("2d6!kh1", 13),
        // keep and drop over separate explosion throws, from either end
        ("3d4!kl1", 13),
        ("3d4!kh2", 13),
        ("3d4!d1", 13),
        ("3d4!dh1", 13),
        ("2d4!pkh1", 13),
        ("2d4!>=3kh1", 14),
        ("3d4!kh2dl1", 13),
        ("2d4!kl1dh1", 13),
        // successes over throws, with and without keep
        ("3d4!>=3", 13),
        ("3d4!>=4>=3f1", 13),
        ("3d4!kh2>=3", 13),
        // compounding: one die; reroll of its sum
        ("2d4!!kh1", 13),
        ("2d4!!r<3", 13),
        // reroll after the explosion, `ro` on every throw
        ("2d4!ro=1", 13),
        ("2d4!r<=2kl1", 13),
        ("1d4min2!r=2", 14),
        ("2d4max3!<=1", 13),
        // middle runs on a fixed number of dice
        ("4d4kh3dh1", 8),
        ("4d4dh1dl1", 8),
        ("5d3dl1dh2", 8),
        ("5d3kl4dl1>=2", 8),
        ("4d4kl3dl1", 8),
        // unique over throws
        ("2d4!u", 12),
        ("2d4u!", 12),
        ("3d6!uo", 9),
        ("2d4!pu", 12),
        ("3d4u>=3", 10),
        ("3d4min2u", 10),
    ] {
        check(src, depth);
    }
}

#[test]
fn order_differences_from_version_two() {
    // `1d6!r=6`: the 6 explodes first, then every 6 is rerolled: 7 or more is possible (version 2: 1 to 5).
    let v3 = parse("1d6!r=6").unwrap().odds().unwrap();
    let v2 = parse_versioned("1d6!r=6", 2).unwrap().odds().unwrap();
    assert!(v3.p(7) > 0.0 && v3.p(21) > 0.0);
    assert!((v3.p(2) - (1.0 / 6.0 + 1.0 / 180.0)).abs() < 1e-15, "a 2, or a 6 exploding into a 1 rerolled to 1");
    assert_eq!(v2.max(), Some(5.into()));
    // `1d6min3r=3`: min before the reroll: a 3 never shows, a 1 or 2 can (a rerolled face is not clamped).
    let v3 = parse("1d6min3r=3").unwrap().odds().unwrap();
    assert_eq!(v3.p(3), 0.0);
    assert!((v3.p(1) - 0.1).abs() < 1e-15, "half of the mass rerolled, a fifth of it each");
    assert!((v3.p(4) - (1.0 / 6.0 + 0.1)).abs() < 1e-15);
    let v2 = parse_versioned("1d6min3r=3", 2).unwrap().odds().unwrap();
    assert!(v2.p(3) > 0.39);
    // `2d6!kh1` keeps the highest throw: never above 6.
    let v3 = parse("2d6!kh1").unwrap().odds().unwrap();
    assert_eq!(v3.max(), Some(6.into()));
    assert!(parse_versioned("2d6!kh1", 2).unwrap().odds().unwrap().p(7) > 0.0);
}

#[test]
fn rolls_follow_the_order_and_list_each_throw() {
    let mut saw = [false; 4];
    for seed in 0..3000 {
        let r = parse("2d6!kh1").unwrap().roll(seed).unwrap();
        let g = &r.groups[0];
        assert!(g.throws_apart);
        assert!(r.total <= 6.into() && r.total >= 1.into(), "{}", r.text);
        assert_eq!(g.dice.iter().filter(|d| d.kept).count(), 1, "{}", r.text);
        let best = g.dice.iter().map(|d| d.value).max().unwrap();
        assert_eq!(r.total, best.into(), "{}", r.text);
        if g.dice.len() > 2 {
            saw[0] = true;
            // each throw is its own die in the breakdown: no `+` joins them
            assert!(!r.text.contains('+'), "{}", r.text);
        }
        let r = parse("1d6!r=6").unwrap().roll(seed).unwrap();
        assert!(r.groups[0].dice.iter().all(|d| d.value != 6), "{}", r.text);
        saw[1] |= r.total > 6.into();
        let r = parse("1d6min3r=3").unwrap().roll(seed).unwrap();
        assert_ne!(r.total, 3.into(), "{}", r.text);
        saw[2] |= r.total < 3.into();
        let r = parse("4d6kh3dh1").unwrap().roll(seed).unwrap();
        let mut v: Vec<i64> = r.groups[0].dice.iter().map(|d| d.value).collect();
        v.sort_unstable();
        assert_eq!(r.total, (v[1] + v[2]).into(), "{}", r.text);
        let r = parse("4d6!u").unwrap().roll(seed).unwrap();
        let vals: Vec<i64> = r.groups[0].dice.iter().map(|d| d.value).collect();
        if vals.len() <= 6 {
            let mut u = vals.clone();
            u.sort_unstable();
            u.dedup();
            assert_eq!(u.len(), vals.len(), "{}", r.text);
        }
        saw[3] |= vals.len() > 4;
    }
    assert!(saw.iter().all(|&s| s), "{saw:?}");
    let r = parse("3d6!>=5>=5").unwrap().roll(7).unwrap();
    let count = r.groups[0].dice.iter().filter(|d| d.value >= 5).count() as i64;
    assert_eq!(r.total, count.into(), "{}", r.text);
}

#[test]
fn rolled_totals_lie_in_the_odds() {
    for src in ["2d6!kh1", "4d6!d1", "3d6!pkh2", "2d6!!r<4kh1", "4d6!u", "5d6kl4dl1", "3d6!>=5>=5", "4d6>3.5"] {
        let e = parse(src).unwrap();
        let odds = e.odds().unwrap();
        for seed in 0..300 {
            let r = e.roll(seed).unwrap();
            assert!(odds.p(r.total) > 0.0, "{src}: {} outside the odds", r.text);
            assert_eq!(r, e.roll(seed).unwrap());
        }
    }
}

#[test]
fn remedy_marks_keep_their_order_and_print_as_marks() {
    // ♻ then !, as a Remedy check reads it; printed with a mark so the canonical form keeps that order.
    for (src, printed) in [
        ("1d20~!", "1d20~!"),
        ("3d20▲▲!♻", "3d20~!^^"),
        ("2d20^!", "2d20!^"),
        ("2d6vv", "2d6vv"),
        ("4d6~~~kh3", "4d6~~~^^^"),
    ] {
        let e = parse(src).unwrap();
        let Node::Dice(g) = &e.root else { panic!() };
        assert_eq!(g.order, ModifierOrder::RemedyMarks, "{src}");
        assert_eq!(e.to_string(), printed, "{src}");
        assert_eq!(parse(printed).unwrap(), e, "{src}");
    }
    // without marks, the same modifiers read in rpg-dice-roller's order
    let Node::Dice(g) = parse("1d20ro<=1!").unwrap().root else { panic!() };
    assert_eq!(g.order, ModifierOrder::RpgDiceRoller);
    assert_eq!(g.to_string(), "1d20!ro<=1");
    // version 2 reads every group in the legacy order and prints as before
    let e = parse_versioned("3d20▲▲!♻", 2).unwrap();
    assert_eq!(e.to_string(), "3d20ro<=1!kh2");
}

#[test]
fn newly_accepted_notation() {
    let canon = |s: &str| parse(s).unwrap().to_string();
    assert_eq!(canon("(1+2)d6"), "3d6");
    assert_eq!(canon("(2*2)d6kh3"), "4d6kh3");
    assert_eq!(canon("4d6>3.5"), "4d6>=4");
    assert_eq!(canon("4d6<=2.5"), "4d6<=2");
    assert_eq!(canon("4dF>-0.5"), "4dF>=0");
    assert_eq!(canon("4d6!>5.5"), "4d6!>=6");
    assert_eq!(canon("4d6kh3dh1"), "4d6kh3dh1");
    assert_eq!(canon("4d6!u"), "4d6!u");
    assert_eq!(canon("1d6r=6!"), "1d6!r=6");
    assert_eq!(canon("1d6r6!"), "1d6!r=6");
    let err = |s: &str| parse(s).unwrap_err().to_string();
    assert_eq!(
        err("(5/2)d6"),
        "column 1: a dice count must be a whole number, and this one is 2.5 (allowed: a count of 1 to 1000 written out (3d6) or computed from numbers ((1+2)d6))"
    );
    assert!(err("(1-1)d6").starts_with("column 1: 0 dice in one group"), "{}", err("(1-1)d6"));
    assert!(err("(1d2)d6").contains("numbers only"), "{}", err("(1d2)d6"));
    assert!(err("4d6min1.5").contains("must be a whole number"));
    assert!(err("4d6=3.5").contains("never matches a die"));
    // version 2 kept its refusals: nothing saved then used them
    assert!(parse_versioned("4d6kh3dh1", 2).is_err());
    assert!(parse_versioned("4d6!u", 2).is_err());
}

#[test]
fn keep_and_drop_together_over_throws_say_why_there_are_no_odds() {
    let e = parse("4d6!kh3dh1").unwrap();
    assert!(e.roll(1).is_ok());
    let err = e.odds().unwrap_err().to_string();
    assert_eq!(
        err,
        "column 1: no exact odds for a keep and a drop together over an explosion's separate throws (allowed: one keep or one drop with `!` or `!p` (kh, kl, dh, dl), or `!!` (it can still be rolled))"
    );
}

/// Hashes of the JSON of 300 seeded rolls of each expression read as notation version 2, made by the code
/// before version 3 (main at 854b745): version 2 replays exactly as it was rolled.
const V2_ROLLS: &[(&str, u64)] = &[
    ("1d6!r=6", 0xb0e56f7d6a47b24c),
    ("1d6min3r=3", 0x331aae43bc423133),
    ("2d6!kh1", 0xbe6ab619366dae3e),
    ("4d6r<3!kh3", 0x17d5dea3dc115ba9),
    ("3d20~!^", 0x4b485b4ff7bd57b3),
    ("4d6!d1>=4", 0xbec4b962d3e69cd8),
    ("3d6!pro=1", 0xe27229d670c8084a),
    ("2d6!!r<4kh1", 0x702a65868f61cfb6),
    ("5d6min2max5!cs=5sd", 0x90f2a3ac7add3ff4),
    ("4d6u", 0x30f40f8b624d6496),
    ("1d20~~!", 0xa05a052f4dd07445),
    ("{3d6!, 2d8}kh1", 0xa1e0fc0a28029a18),
    ("{4d6!kh3}dl1", 0xc719a820472579f1),
    ("(2d6!+1)/2", 0x2056dd5a9b35eeb5),
];

#[test]
fn version_two_rolls_replay_exactly() {
    assert_eq!(V2_ROLLS.len(), 14);
    for &(src, want) in V2_ROLLS {
        let e = parse_versioned(src, 2).unwrap();
        let mut h: u64 = 0xcbf29ce484222325;
        for seed in 0..300u64 {
            let s = serde_json::to_string(&e.roll(seed).unwrap()).unwrap();
            for b in s.bytes() {
                h ^= b as u64;
                h = h.wrapping_mul(0x100000001b3);
            }
        }
        assert_eq!(h, want, "{src}: version 2 rolls differ from before");
    }
}

#[test]
fn a_plain_group_rolls_the_same_dice_in_both_versions() {
    // Where the order changes nothing, version 3 draws as version 2 did: the same seed, the same dice.
    for src in ["4d6", "4d6kh3", "8d6>=4f1", "4d6r<3", "3d6ro=1kl2", "4d6min2", "4d6u", "2d6!!", "3d6cs=6sd"] {
        for seed in 0..50 {
            let a = parse_versioned(src, 2).unwrap().roll(seed).unwrap();
            let b = parse(src).unwrap().roll(seed).unwrap();
            assert_eq!(a.total, b.total, "{src} seed {seed}");
            assert_eq!(a.dice(), b.dice(), "{src} seed {seed}");
        }
    }
    let _ = DieKind::Standard(6);
}
