//! Parser tests: every piece of syntax, the canonical form, and every error (message and column).

use dicetray_rules::dice::*;
use dicetray_rules::die::DieKind;

fn canon(src: &str) -> String {
    let e = parse(src).unwrap_or_else(|e| panic!("{src}: {e}"));
    let printed = e.to_string();
    assert_eq!(parse(&printed).unwrap(), e, "{src} -> {printed} re-parses differently");
    printed
}

fn err(src: &str) -> NotationError {
    match parse(src) {
        Ok(e) => panic!("{src} parsed as {e}"),
        Err(e) => e,
    }
}

fn err_at(src: &str, col: usize, needle: &str) {
    let e = err(src);
    assert_eq!(e.column, col, "{src}: {e}");
    assert!(e.to_string().contains(needle), "{src}: `{e}` lacks `{needle}`");
}

/// An error of notation version 2 (which version 3 accepts).
fn err_v2_at(src: &str, col: usize, needle: &str) {
    let e = match parse_versioned(src, 2) {
        Ok(e) => panic!("{src} parsed as {e}"),
        Err(e) => e,
    };
    assert_eq!(e.column, col, "{src}: {e}");
    assert!(e.to_string().contains(needle), "{src}: `{e}` lacks `{needle}`");
    assert!(parse(src).is_ok(), "{src}: version 3 refuses it");
}

#[test]
fn dice_and_arithmetic() {
    assert_eq!(canon("d6"), "1d6");
    assert_eq!(canon("3D6 + 2"), "3d6 + 2");
    assert_eq!(canon("d%"), "1d100");
    assert_eq!(canon("4dF"), "4dF");
    assert_eq!(canon("4df-1"), "4dF - 1");
    assert_eq!(canon("2*(3+4)"), "2 * (3 + 4)");
    assert_eq!(canon("(2*3)+4"), "2 * 3 + 4");
    assert_eq!(canon("1-(2-3)"), "1 - (2 - 3)");
    assert_eq!(canon("(1-2)-3"), "1 - 2 - 3");
    assert_eq!(canon("-(1d4+1)"), "-(1d4 + 1)");
    assert_eq!(canon("--3"), "--3");
    assert_eq!(canon("2 - -3"), "2 - -3");
    assert_eq!(canon("1d6+1d8+1d10/2"), "1d6 + 1d8 + 1d10 / 2");
    assert_eq!(canon(" 1 0 d 6 "), "10d6");
}

#[test]
fn modifiers() {
    assert_eq!(canon("4d6kh3"), "4d6kh3");
    assert_eq!(canon("4d6k3"), "4d6kh3");
    assert_eq!(canon("2d20k"), "2d20kh1");
    assert_eq!(canon("2d20kl"), "2d20kl1");
    assert_eq!(canon("4d6dl1"), "4d6dl1");
    assert_eq!(canon("4d6dh"), "4d6dh1");
    assert_eq!(canon("3d6!"), "3d6!");
    assert_eq!(canon("3d6!>=5"), "3d6!>=5");
    assert_eq!(canon("3d6!>5"), "3d6!>5");
    assert_eq!(canon("3d6!<=2"), "3d6!<=2");
    assert_eq!(canon("3d6!=6"), "3d6!");
    assert_eq!(canon("3d6!!"), "3d6!!");
    assert_eq!(canon("3d6!p"), "3d6!p");
    assert_eq!(canon("3d6r1"), "3d6r=1");
    assert_eq!(canon("3d6r<=2"), "3d6r<=2");
    assert_eq!(canon("3d6r<3"), "3d6r<3");
    assert_eq!(canon("3d6ro1"), "3d6ro=1");
    assert_eq!(canon("8d6>=4"), "8d6>=4");
    assert_eq!(canon("10d10>7"), "10d10>7");
    assert_eq!(canon("10d10>7f<=1"), "10d10>7f<=1");
    assert_eq!(canon("10d10>7f1"), "10d10>7f=1");
    assert_eq!(canon("4dF=-1"), "4dF=-1");
    assert_eq!(canon("6d10!>=8"), "6d10!>=8");
    assert_eq!(canon("6d10!=10>=8"), "6d10!=10>=8");
    assert_eq!(canon("4d6kh3!"), "4d6!kh3");
    assert_eq!(canon("4d6kh3r1>=4"), "4d6r=1kh3>=4");
    let g = parse_group("4d6r<=2!!kh3").unwrap();
    assert_eq!(g.count, 4);
    assert_eq!(g.die, DieKind::Standard(6));
    assert_eq!(g.reroll, Some(Reroll { on: Compare::Le(2), once: false }));
    assert_eq!(g.explode, Some(Explode { kind: ExplodeKind::Compound, on: Compare::Eq(6) }));
    assert_eq!(g.keep, Some(Keep::Highest(3)));
}

#[test]
fn remedy_marks_any_order() {
    let a = parse_group("3d20▲▲!♻").unwrap();
    let b = parse_group("3d20~^!^").unwrap();
    assert_eq!(a, b);
    assert_eq!(a.keep, Some(Keep::Highest(2)));
    assert_eq!(a.reroll, Some(Reroll { on: Compare::Le(1), once: true }));
    assert_eq!(a.explode, Some(Explode { kind: ExplodeKind::Standard, on: Compare::Eq(20) }));
    // printed with marks so the group keeps their order (♻ then !) when re-read
    assert_eq!(a.to_string(), "3d20~!^^");
    assert_eq!(parse_versioned("3d20▲▲!♻", 2).unwrap().to_string(), "3d20ro<=1!kh2");
    assert_eq!(parse_group("2d6▼").unwrap().keep, Some(Keep::Lowest(1)));
    assert_eq!(parse_group("2d6VV").unwrap().keep, Some(Keep::Lowest(2)));
    assert_eq!(parse_group("4d6~~~").unwrap().reroll, Some(Reroll { on: Compare::Le(3), once: true }));
}

#[test]
fn rpg_dice_roller_modifiers() {
    assert_eq!(canon("4d6d2"), "4d6dl2");
    assert_eq!(canon("4d6r"), "4d6r=1");
    assert_eq!(canon("4dFr"), "4dFr=-1");
    assert_eq!(canon("4d6kh3dl1"), "4d6kh3dl1");
    assert_eq!(canon("4d6dl1kh3"), "4d6kh3dl1");
    assert_eq!(canon("4d6u"), "4d6u");
    assert_eq!(canon("4d6uo>3"), "4d6uo>3");
    assert_eq!(canon("4d6sa"), "4d6sa");
    assert_eq!(canon("4d6s"), "4d6sa");
    assert_eq!(canon("4d6sd"), "4d6sd");
    assert_eq!(canon("4d6max4min2"), "4d6min2max4");
    assert_eq!(canon("1d20cs>=19cf"), "1d20cs>=19cf=1");
    assert_eq!(canon("4d6>=4cs"), "4d6>=4cs=6");
    assert_eq!(canon("4d6cs<>3"), "4d6cs<>3");
    assert_eq!(canon("4d6!<>3"), "4d6!<>3");
    assert_eq!(canon("4d6<>3"), "4d6<>3");
    assert_eq!(canon("4dF.1"), "4dF.1");
    assert_eq!(canon("4dF.2"), "4dF");
    assert_eq!(canon("2d%"), "2d100");
    assert_eq!(canon("4d6r1!kh3dl1>=3f1cssa"), "4d6!r=1kh3dl1>=3f=1cs=6sa");
}

#[test]
fn labels_and_comments() {
    let e = parse("2d6+3 [fire] # sword").unwrap();
    assert_eq!(e.comment.as_deref(), Some("sword"));
    assert_eq!(e.to_string(), "2d6 + 3 [fire] # sword");
    assert_eq!(canon("(2d6+3) [fire bolt]"), "(2d6 + 3) [fire bolt]");
    assert_eq!(canon("-2d6 [cold]"), "-1d6 [cold]".replace("1d6", "2d6"));
    assert_eq!(canon("(-3) [x]"), "(-3) [x]");
    assert_eq!(canon("1d20 [atk] [again]"), "1d20 [atk] [again]");
    assert_eq!(canon("1d20 #"), "1d20 # ");
}

#[test]
fn unicode_lookalikes() {
    assert_eq!(canon("１ｄ２０ − ２ × ３ ÷ １"), "1d20 - 2 * 3 / 1");
    err_at("1d6 – 2", 5, "U+2013");
    err_at("1d6 ≥ 2", 5, "`>=`");
    err_at("1d6 + é", 7, "`é`");
}

#[test]
fn errors_name_what_and_where() {
    err_at("", 1, "empty");
    err_at("# only a comment", 1, "empty");
    err_at("2d6+", 5, "ends too early");
    err_at("2d6 (3)", 5, "unexpected `(`");
    assert_eq!(parse("2d6 3").unwrap().to_string(), "2d63"); // whitespace is ignored everywhere
    err_at("(2d6", 1, "never closed");
    err_at("(1d2)d6", 1, "a dice count in `(...)` must be made of numbers only");
    err_at("4d6min1.5", 7, "`min`'s number must be a whole number");
    err_at("4d6max3.5", 7, "`max`'s number must be a whole number");
    err_at("4d6=3.5", 5, "this compare point never matches a die");
    err_at("4d6<>3.5", 6, "this compare point matches every die");
    err_at("{4d6}>3.5", 7, "a `{...}` group's compare point must be a whole number");
    err_v2_at("4d6kh3dh1", 9, "keeps and drops at the same end");
    err_v2_at("4d6!u", 4, "together with an explosion");
    err_at("2d6)", 4, "without a `(`");
    err_at("10d6kh20", 7, "keeps 20 dice but the group rolls 10");
    err_at("10d6dl11", 7, "drops 11");
    err_at("1d1!", 4, "could never stop");
    err_at("1d6!>=1", 4, "explodes on every face a d6");
    err_v2_at("1d2r1!", 6, "explodes on every face a d2 can show after `r=1`");
    err_v2_at("1d6!>=2r<2", 4, "could never stop");
    err_at("1d6r<=6", 4, "rerolls every face of a d6");
    err_at("1dFr<2", 4, "rerolls every face of a dF");
    err_at("99999999999999999999d6", 1, "99999999999999999999 dice in one group");
    err_at("1+99999999999999999999", 3, "the number 99999999999999999999 is too large");
    err_at("1001d6", 1, "1 to 1000 dice per group");
    err_at("0d6", 1, "1 to 1000");
    err_at("1d0", 3, "1 to 10000 faces");
    err_at("1d10001", 3, "1 to 10000 faces");
    err_at("1dx", 3, "expected the number of faces");
    err_at("4d6dx", 4, "`dh`, `dl` or `d` and a number");
    err_at("4d6kh1kl1", 7, "second keep");
    err_v2_at("4d6u!", 5, "`u` (unique dice) together with an explosion");
    err_at("4d6mix3", 4, "expected `min` or `max`");
    err_at("4d6min", 7, "`min` needs a number");
    err_at("4dF.3", 5, "`dF`, `dF.1` or `dF.2`");
    err_at("4d6>=4>=5", 7, "second success");
    err_at("4d6^kh1", 4, "second keep/drop");
    err_at("4d6^v", 4, "▲ (^) and ▼ (v)");
    err_at("4d6r1~", 6, "second reroll");
    err_at("4d6!!!", 6, "second explode");
    err_at("4d6f1", 4, "needs a success compare point");
    err_at("8d6>=4kh2", 7, "before the success compare point");
    err_at("2d6 [fire", 5, "no closing");
    err_at("[x] 2d6", 1, "[label]");
    err_at("2d6 ]", 5, "`]`");
    err_at(&"1".repeat(1001), 1001, "at most 1000 characters");
    err_at(&format!("{}1{}", "(".repeat(33), ")".repeat(33)), 33, "at most 32 levels");
    err_at(&"-".repeat(40), 33, "nested too deeply");
    let many = ["1000d6"; 11].join("+");
    err_at(&many, 71, "at most 10000 dice");
    let e = err("4d6kx");
    assert_eq!(e.caret_display("4d6kx"), "4d6kx\n    ^");
}
