//! Exact division, functions, `%`, `**`, roll groups: exact odds against brute-force enumeration written here,
//! rolls against the odds' support, and saved version-1 rolls replaying with whole-number division.

use dicetray_rules::dice::value::{int, Value};
use dicetray_rules::dice::*;
use std::collections::BTreeMap;

fn odds(src: &str) -> Odds {
    parse(src).unwrap().odds().unwrap_or_else(|e| panic!("{src}: {e}"))
}

fn r(n: i64, d: i64) -> Value {
    Value::new(n, d)
}

/// Every outcome of dice with the given sides, each with its probability.
fn outcomes(sides: &[i64]) -> Vec<(Vec<i64>, f64)> {
    let total: i64 = sides.iter().product();
    (0..total)
        .map(|mut i| {
            let faces = sides
                .iter()
                .map(|&s| {
                    let f = i % s + 1;
                    i /= s;
                    f
                })
                .collect();
            (faces, 1.0 / total as f64)
        })
        .collect()
}

fn brute(sides: &[i64], f: impl Fn(&[i64]) -> Value) -> BTreeMap<Value, f64> {
    let mut m = BTreeMap::new();
    for (faces, p) in outcomes(sides) {
        *m.entry(f(&faces)).or_insert(0.0) += p;
    }
    m
}

fn assert_same(src: &str, want: &BTreeMap<Value, f64>) {
    let got = odds(src);
    assert_eq!(got.len(), want.len(), "{src}: {:?}", got.iter().collect::<Vec<_>>());
    for (&v, &p) in want {
        assert!((got.p(v) - p).abs() < 1e-14, "{src}: P({v}) = {} not {p}", got.p(v));
    }
}

#[test]
fn division_functions_and_operators_match_brute_force() {
    assert_same("1d6/2", &brute(&[6], |f| r(f[0], 2)));
    assert_same("1d6/1d4", &brute(&[6, 4], |f| r(f[0], f[1])));
    assert_same("ceil(1d10/3)", &brute(&[10], |f| r(f[0], 3).ceil()));
    assert_same("floor(3d6/2)", &brute(&[6, 6, 6], |f| r(f[0] + f[1] + f[2], 2).floor()));
    assert_same("round(1d6/4)", &brute(&[6], |f| r(f[0], 4).round()));
    assert_same("abs(1d6 - 1d6)", &brute(&[6, 6], |f| int((f[0] - f[1]).abs())));
    assert_same("sign(1d4 - 1d4)", &brute(&[4, 4], |f| int((f[0] - f[1]).signum())));
    assert_same("max(1d6, 1d8, 1d4)", &brute(&[6, 8, 4], |f| int(*f.iter().max().unwrap())));
    assert_same("min(1d6, 1d8)", &brute(&[6, 8], |f| int(f[0].min(f[1]))));
    assert_same("1d10 % 3", &brute(&[10], |f| int(f[0] % 3)));
    assert_same("(1d6 - 4) % 3", &brute(&[6], |f| int((f[0] - 4).rem_euclid(3))));
    assert_same("2 ** 1d4", &brute(&[4], |f| int(1 << f[0])));
    assert_same("pow(1d3, 1d3 - 2)", &brute(&[3, 3], |f| r(f[0], 1).pow((f[1] - 2) as i32)));
    assert_same("-2 ** 2 + 1d2", &brute(&[2], |f| int(f[0] - 4)));
    assert_same("1.5 * 1d4", &brute(&[4], |f| r(3 * f[0], 2)));
}

#[test]
fn roll_groups_match_brute_force() {
    let total = |f: &[i64]| f.iter().sum::<i64>();
    // several sub-expressions: keep/drop over their totals, successes over kept totals
    assert_same("{2d6, 1d8}kh1", &brute(&[6, 6, 8], |f| int((f[0] + f[1]).max(f[2]))));
    assert_same(
        "{1d6, 1d8, 1d10}kl2",
        &brute(&[6, 8, 10], |f| {
            let mut v = f.to_vec();
            v.sort_unstable();
            int(v[0] + v[1])
        }),
    );
    assert_same("{1d6, 1d8, 1d4}dl1", &brute(&[6, 8, 4], |f| int(total(f) - f.iter().min().unwrap())));
    assert_same(
        "{2d4, 1d8}>=5f<3",
        &brute(&[4, 4, 8], |f| {
            let score = |v: i64| {
                if v >= 5 {
                    1
                } else if v < 3 {
                    -1
                } else {
                    0
                }
            };
            int(score(f[0] + f[1]) + score(f[2]))
        }),
    );
    assert_same("{2d4, 1d8}kh1>=5", &brute(&[4, 4, 8], |f| int(i64::from((f[0] + f[1]).max(f[2]) >= 5))));
    assert_same("{1d6/2, 1d4}kh1", &brute(&[6, 4], |f| r(f[0], 2).max(int(f[1]))));
    // one sub-expression: keep/drop over the dice inside, a compare point on its total
    assert_same("{3d6}kh1", &brute(&[6, 6, 6], |f| int(*f.iter().max().unwrap())));
    assert_same(
        "{2d6 + 2d8}kh2 + 1",
        &brute(&[6, 6, 8, 8], |f| {
            let mut v = f.to_vec();
            v.sort_unstable();
            int(v[2] + v[3] + 1)
        }),
    );
    assert_same("{2d6 + 1d4 + 3}dl1", &brute(&[6, 6, 4], |f| int(total(f) - f.iter().min().unwrap() + 3)));
    assert_same("{3d4}>=8", &brute(&[4, 4, 4], |f| int(i64::from(total(f) >= 8))));
    assert_same("{1d6, 1d6}", &brute(&[6, 6], |f| int(total(f))));
}

#[test]
fn rolls_fall_in_the_odds_and_replay() {
    for src in
        ["{4d6+2d8, 3d20}kh1", "{3d6+2d8}kh2", "{2d6, 3d4}>=7f<4", "ceil(1d10/3)", "{1d6/2, 1d4}kl1", "2**1d6 % 7"]
    {
        let e = parse(src).unwrap();
        let d = e.odds().unwrap();
        for seed in 0..200 {
            let roll = e.roll(seed).unwrap();
            assert!(d.p(roll.total) > 0.0, "{src} rolled {} outside its odds", roll.total);
            assert_eq!(roll, e.roll(seed).unwrap());
            // the canonical form reads back to the same expression and the same roll
            let again = parse(&e.to_string()).unwrap();
            assert_eq!(again, e, "{src} printed as {e}");
            assert_eq!(again.roll(seed).unwrap().total, roll.total);
        }
    }
}

#[test]
fn group_breakdowns_say_what_was_kept() {
    let roll = parse("{4d6+2d8, 3d20}kh1").unwrap().roll(5).unwrap();
    assert_eq!(roll.subrolls.len(), 2);
    assert_eq!(roll.subrolls.iter().filter(|s| s.kept).count(), 1);
    let kept = roll.subrolls.iter().find(|s| s.kept).unwrap();
    assert!(roll.subrolls.iter().all(|s| s.value <= kept.value));
    assert_eq!(roll.total, kept.value);
    assert!(roll.text.contains(", dropped)"), "{}", roll.text);
    let dice = parse("{3d6+2d8}kh2").unwrap().roll(5).unwrap();
    assert_eq!(dice.dice().iter().filter(|d| d.kept).count(), 2);
    let kept: i64 = dice.dice().iter().filter(|d| d.kept).map(|d| d.value).sum();
    assert_eq!(dice.total, int(kept));
}

#[test]
fn saved_version_one_rolls_replay_with_whole_number_division() {
    // A roll saved before exact division: `(2d6+1)/2` read then as whole-number division.
    let old = parse_versioned("(2d6+1)/2", 1).unwrap();
    let new = parse("(2d6+1)/2").unwrap();
    assert_eq!(old.version, 1);
    assert_eq!(new.version, NOTATION_VERSION);
    let mut differed = false;
    for seed in 0..50 {
        let (a, b) = (old.roll(seed).unwrap(), new.roll(seed).unwrap());
        assert_eq!(a.dice(), b.dice(), "the same dice");
        let sum: i64 = a.dice().iter().map(|d| d.value).sum();
        assert_eq!(a.total, int((sum + 1) / 2), "version 1 truncates");
        assert_eq!(b.total, r(sum + 1, 2), "version 2 is exact");
        differed |= a.total != b.total;
    }
    assert!(differed);
    // The version travels with a saved expression (serde), and an expression saved without one is version 1.
    let json = serde_json::to_value(&new).unwrap();
    assert_eq!(json["version"], 3);
    let mut legacy = json.clone();
    legacy.as_object_mut().unwrap().remove("version");
    let back: Expr = serde_json::from_value(legacy).unwrap();
    assert_eq!(back.version, 1);
    assert_eq!(
        parse_versioned("7/2", 4).unwrap_err().to_string(),
        "column 1: notation version 4 is unknown (allowed: 1 to 3)"
    );
}

#[test]
fn errors_name_what_and_where() {
    let err = |src: &str| parse(src).unwrap_err().to_string();
    assert!(err("sqrt(4)").contains("`sqrt` is not supported"), "{}", err("sqrt(4)"));
    assert!(err("pow(2)").contains("`pow` takes 2 arguments, not 1"), "{}", err("pow(2)"));
    assert!(err("{2d6}!").starts_with("column 6: `!` does not apply to a `{...}` group"));
    assert!(err("{2d6, {1d4}}").starts_with("column 7: a `{...}` group inside another group"));
    assert!(err("{2d6, 1d4}kh3").contains("this keeps 3 but there are 2 sub-rolls"), "{}", err("{2d6, 1d4}kh3"));
    assert!(err("{2d6, 1d4").contains("never closed"));
    assert!(err("{2d6}>=4.5").contains("a `{...}` group's compare point must be a whole number"));
    assert!(err("2d6=4.5").contains("this compare point never matches a die"), "{}", err("2d6=4.5"));
    let odds_err = |src: &str| parse(src).unwrap().odds().unwrap_err().to_string();
    assert!(odds_err("pow(2, 1d6/2)").contains("can be 0.5"), "{}", odds_err("pow(2, 1d6/2)"));
    assert!(odds_err("1/(1d2-1)").contains("division by zero"));
    assert!(odds_err("{3d6 * 2}kh1").contains("no exact odds for this group"));
    let roll_err = parse("2 ** (1d2/2)").unwrap();
    let e = (0..20).find_map(|s| roll_err.roll(s).err()).unwrap();
    assert!(e.to_string().contains("a power's exponent must be a whole number"), "{e}");
}
