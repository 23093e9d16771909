//! Rolling: breakdowns, determinism, text rendering, roll-time errors.

use dicetray_rules::dice::value::int;
use dicetray_rules::dice::*;

fn roll(src: &str, seed: u64) -> ExprRoll {
    parse(src).unwrap().roll(seed).unwrap()
}

#[test]
fn same_seed_same_roll_and_json_round_trip() {
    for src in ["4d6kh3", "10d10!>=8", "8d6>=4f1", "3d6r<=2!!", "2d20▲▲♻ # adv", "(2d6+3) [fire] * 2"] {
        let a = roll(src, 7);
        assert_eq!(a, roll(src, 7), "{src}");
        let json = serde_json::to_string(&a).unwrap();
        let back: ExprRoll = serde_json::from_str(&json).unwrap();
        assert_eq!(back, a);
    }
}

#[test]
fn keep_highest_marks_dropped() {
    for seed in 0..50 {
        let r = roll("4d6kh3", seed);
        let dice = r.dice();
        assert_eq!(dice.len(), 4);
        assert_eq!(dice.iter().filter(|d| d.kept).count(), 3);
        let min_kept = dice.iter().filter(|d| d.kept).map(|d| d.value).min().unwrap();
        let dropped = dice.iter().find(|d| !d.kept).unwrap().value;
        assert!(dropped <= min_kept);
        assert_eq!(r.total, dice.iter().filter(|d| d.kept).map(|d| d.value).sum::<i64>().into());
        assert!(r.text.contains(" dropped]") || r.text.contains(" dropped,"), "{}", r.text);
        assert!(r.text.starts_with("4d6kh3 [") && r.text.ends_with(&format!("] = {}", r.total)), "{}", r.text);
    }
}

#[test]
fn explosions_rerolls_and_successes_show() {
    let mut saw = (false, false, false);
    for seed in 0..200 {
        let r = roll("3d6r1!", seed);
        for d in r.dice() {
            assert_ne!(d.face, 1);
            saw.0 |= d.exploded;
            saw.1 |= !d.rerolled.is_empty();
            if d.exploded {
                assert_eq!(d.face, 6);
            }
        }
        if r.dice().iter().any(|d| d.exploded) {
            // version 3: each throw a die of its own (`6!, 3`); version 2 joined a die's throws (`6!+3`)
            assert!(r.text.contains("6!, ") || r.text.contains("6!]"), "{}", r.text);
            let old = parse_versioned("3d6r1!", 2).unwrap().roll(seed).unwrap();
            assert!(old.text.contains("6!+"), "{}", old.text);
        }
        let s = roll("8d6>=4f1", seed);
        let count: i64 = s.dice().iter().map(|d| d.count as i64).sum();
        assert_eq!(s.total, int(count));
        saw.2 |= s.text.contains('✓');
    }
    assert!(saw.0 && saw.1 && saw.2);
    let c = roll("20d6!!", 3);
    assert_eq!(c.dice().len(), 20);
    for d in c.dice() {
        assert_eq!(d.value, d.face + d.compounded.iter().sum::<i64>());
    }
    let p = roll("50d6!p", 5);
    assert!(p.dice().iter().any(|d| d.penetrated && d.value == d.face - 1));
}

#[test]
fn remedy_reroll_once_stands() {
    for seed in 0..100 {
        let r = roll("4d6~~", seed);
        for d in r.dice() {
            assert!(d.rerolled.len() <= 1);
            if let Some(&old) = d.rerolled.first() {
                assert!(old <= 2);
            }
        }
    }
}

#[test]
fn labels_comments_and_text() {
    let r = roll("2d6+3 [fire] # sword", 1);
    assert_eq!(r.comment.as_deref(), Some("sword"));
    assert_eq!(r.labels, vec![LabelRoll { label: "fire".into(), value: int(3) }]);
    assert!(r.text.contains("+ 3 \"fire\" = ") && r.text.ends_with("# sword"), "{}", r.text);
    let f = roll("4dF", 2);
    assert!(f.text.starts_with("4dF ["), "{}", f.text);
}

#[test]
fn division_is_exact_and_zero_is_an_error() {
    assert_eq!(roll("7/2", 0).total, Value::new(7, 2));
    assert_eq!(roll("-7/2", 0).total, Value::new(-7, 2));
    assert_eq!(roll("7/2", 0).text, "7 / 2 = 3.5");
    // notation version 1 (saved rolls from before exact division) truncated toward zero
    assert_eq!(parse_versioned("7/2", 1).unwrap().roll(0).unwrap().total, int(3));
    assert_eq!(parse_versioned("-7/2", 1).unwrap().roll(0).unwrap().total, int(-3));
    let e = parse("10 / (1d2-1)").unwrap();
    let mut saw = false;
    for seed in 0..40 {
        if let Err(err) = e.roll(seed) {
            assert_eq!(err.column, 4);
            assert!(err.message.contains("division by zero"), "{err}");
            saw = true;
        }
    }
    assert!(saw);
    let e = parse("9223372036854775807 + 1").unwrap().roll(0).unwrap_err();
    assert_eq!(e.column, 21);
    assert!(e.message.contains("64-bit"));
}

#[test]
fn explosion_limit_stops_and_says_so() {
    // d2!>=2 explodes half the time: 100 explosions in a row is practically impossible, so use a group that
    // always explodes but one face: d10000!>=2 explodes with p = 0.9999.
    let r = roll("1d10000!>=2", 9);
    assert_eq!(r.dice().len(), 101);
    assert!(r.groups[0].explosion_capped);
    assert!(r.text.contains("limit of 100 explosions"));
}

#[test]
fn ties_keep_the_die_rolled_first() {
    let r = roll("3d1kh1", 0);
    let kept: Vec<bool> = r.dice().iter().map(|d| d.kept).collect();
    assert_eq!(kept, vec![true, false, false]);
    let r = roll("3d1dh1", 0);
    let kept: Vec<bool> = r.dice().iter().map(|d| d.kept).collect();
    assert_eq!(kept, vec![true, true, false]);
}

/// A lone group's text is written by the renderer's quick paths (faces only; one throw a die; Fudge faces from a
/// table; ` dropped` cut in without a branch), and `group_text` writes it the long way, reading every die: both
/// give the same text, for groups that take each path, over many seeds.
#[test]
fn quick_group_text_matches_the_long_way() {
    for src in [
        "3d6",
        "4dF",
        "4dF.1",
        "20d20kh3",
        "4d6kh3",
        "4d6dl1",
        "100d6",
        "10d100u",
        "10d10kl4",
        "3d100",
        "8d6>=4",
        "8d6>=4f1",
        "10d10kh6>=8f<=2",
        "6d20cs=20cf=1",
    ] {
        for seed in 0..300 {
            let r = roll(src, seed);
            let expect = format!("{} = {}", group_text(&r.groups[0]), r.total);
            assert_eq!(r.text, expect, "{src}, seed {seed}");
        }
    }
}

/// Each die's marks in the text match the die: ` ✓` a success, ` ✗` a failure, ` dropped` a die not kept (the
/// renderer writes them without branching on the die, so a wrong cut would show here).
#[test]
fn success_marks_match_the_dice() {
    for src in ["8d6>=4f1", "10d10kh6>=8f<=2", "6d20>=15f<=5cs=20cf=1"] {
        for seed in 0..300 {
            let r = roll(src, seed);
            let dice = &r.groups[0].dice;
            let marks = r.text.split(" [").nth(1).unwrap().split(']').next().unwrap();
            let items: Vec<&str> = marks.split(", ").collect();
            assert_eq!(items.len(), dice.len(), "{}", r.text);
            for (item, d) in items.iter().zip(dice) {
                assert_eq!(item.contains(" ✓"), d.count == 1, "{src}, seed {seed}: {}", r.text);
                assert_eq!(item.contains(" ✗"), d.count == -1, "{src}, seed {seed}: {}", r.text);
                assert_eq!(item.contains(" dropped"), !d.kept, "{src}, seed {seed}: {}", r.text);
                assert_eq!(item.contains(" critical"), d.critical == 1, "{src}, seed {seed}: {}", r.text);
                assert_eq!(item.contains(" fumble"), d.critical == -1, "{src}, seed {seed}: {}", r.text);
                assert_eq!(item.trim_start().split(' ').next().unwrap(), d.face.to_string(), "{}", r.text);
            }
        }
    }
}
