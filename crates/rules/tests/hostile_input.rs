//! Hostile input: one test per row of the table in `docs/limits.md`. Each asserts the exact text a user sees
//! (`NotationError`'s and `RequestError`'s `Display`), so a changed message means a changed table. Nothing here
//! may panic, hang or overflow the stack; the timing of the largest inputs is printed by
//! `cargo run -p dicetray-rules --example hostile_timing --release`.

use dicetray_rules::dice::parse;
use dicetray_rules::systems::Request;

/// What the notation engine says about `src`: the parse error, else the odds error.
fn notation_error(src: &str) -> String {
    match parse(src) {
        Err(e) => e.to_string(),
        Ok(expr) => expr.odds().map(|_| ()).expect_err(&format!("{src:?} has odds")).to_string(),
    }
}

/// What a system request gets: the decode error, else the validation error.
fn request_error(json: &str) -> String {
    match Request::from_json(json) {
        Err(e) => e.to_string(),
        Ok(r) => {
            let e = r.validate().expect_err(&format!("{json} is valid"));
            assert_eq!(r.odds().unwrap_err(), e, "odds must refuse with the validation error");
            assert_eq!(r.roll(1).unwrap_err(), e, "roll must refuse with the validation error");
            e.to_string()
        }
    }
}

/// `n` Hack & Slash opposing bonuses, the last one `last`.
fn opponents(n: usize, last: &str) -> String {
    let mut v = vec!["1"; n];
    *v.last_mut().unwrap() = last;
    format!(r#"{{"system":"hack-and-slash","bonus":1,"opponents":[{}]}}"#, v.join(","))
}

macro_rules! notation {
    ($name:ident, $src:expr, $expected:expr) => {
        #[test]
        fn $name() {
            assert_eq!(notation_error(&$src), $expected);
        }
    };
}

macro_rules! request {
    ($name:ident, $json:expr, $expected:expr) => {
        #[test]
        fn $name() {
            assert_eq!(request_error(&$json), $expected);
        }
    };
}

const FACES: &str = "(allowed: 1 to 10000 faces)";
const GROUP: &str = "(allowed: 1 to 1000 dice per group)";

// --- notation: counts and faces --------------------------------------------------------------------------------
notation!(a_million_dice, "1000000d6", format!("column 1: 1000000 dice in one group {GROUP}"));
notation!(one_die_over_the_group_limit, "1001d6", format!("column 1: 1001 dice in one group {GROUP}"));
notation!(
    twenty_digit_dice_count,
    "99999999999999999999d6",
    format!("column 1: 99999999999999999999 dice in one group {GROUP}")
);
notation!(
    hundred_digit_dice_count,
    "9".repeat(100) + "d6",
    format!("column 1: 999999999999… (100 digits) dice in one group {GROUP}")
);
notation!(
    over_the_expression_dice_limit,
    "1000d6+".repeat(10) + "1d6",
    "column 71: this group brings the expression to 10001 dice (allowed: at most 10000 dice in one expression)"
);
notation!(zero_faces, "d0", format!("column 2: a die with 0 faces {FACES}"));
notation!(too_many_faces, "d10001", format!("column 2: a die with 10001 faces {FACES}"));
notation!(
    twenty_digit_faces,
    "d99999999999999999999",
    format!("column 2: a die with 99999999999999999999 faces {FACES}")
);
notation!(
    negative_faces,
    "d-5",
    "column 2: a die cannot have a negative number of faces (allowed: 1 to 10000 faces, `%` or `F`)"
);
notation!(
    number_past_i64,
    "1+9223372036854775808",
    "column 3: the number 9223372036854775808 is too large (allowed: 0 to 9223372036854775807)"
);

// --- notation: rules that could never stop, keep counts ----------------------------------------------------------
notation!(
    explode_a_one_sided_die,
    "1d1!",
    "column 4: this explodes on every face a d1 can show, so the roll could never stop \
     (allowed: a compare point that leaves at least one face, e.g. ! or !>=5)"
);
notation!(
    reroll_every_face,
    "1d6r<=6",
    "column 4: this rerolls every face of a d6, so the roll could never stop \
     (allowed: a compare point that leaves at least one face, or `ro` to reroll once)"
);
notation!(keep_more_than_rolled, "10d6kh20", "column 7: this keeps 20 dice but the group rolls 10 (allowed: 0 to 10)");
notation!(keep_count_past_u32, "10d6kh99999999999", "column 7: this keep/drop count is too large (allowed: 0 to 1000)");

// --- notation: size and nesting -------------------------------------------------------------------------------
notation!(
    ten_thousand_nested_parentheses,
    "(".repeat(10_000) + "1" + &")".repeat(10_000),
    "column 1001: the expression is 20001 characters long (allowed: at most 1000 characters)"
);
notation!(
    nesting_within_the_length_limit,
    "(".repeat(499) + "1" + &")".repeat(499),
    "column 33: parentheses, functions, groups and minus signs are nested too deeply (allowed: at most 32 levels)"
);
notation!(
    minus_signs_nested,
    "-".repeat(999) + "1",
    "column 33: parentheses, functions, groups and minus signs are nested too deeply (allowed: at most 32 levels)"
);
notation!(
    a_megabyte_expression,
    "1+".repeat(500_000) + "1",
    "column 1001: the expression is 1000001 characters long (allowed: at most 1000 characters)"
);

// --- notation: Unicode look-alikes ----------------------------------------------------------------------------
const ALLOWED_CHARS: &str =
    "(allowed: digits, ., d, %, F, k h l d r o u s c m ! p f < > = + - * / ** ^ ( ) { } , [label] # comment, function names, ▲ ^ ▼ v ♻ ~)";
notation!(
    arabic_indic_digit,
    "٤d6",
    format!("column 1: unexpected character `٤` (U+0664) (the digit 4 of another script: type `4`) {ALLOWED_CHARS}")
);
notation!(
    devanagari_digit,
    "1d६",
    format!("column 3: unexpected character `६` (U+096C) (the digit 6 of another script: type `6`) {ALLOWED_CHARS}")
);
notation!(
    en_dash,
    "1d6 – 2",
    format!("column 5: unexpected character `–` (U+2013) (a dash: type `-`) {ALLOWED_CHARS}")
);
notation!(
    greater_or_equal_sign,
    "8d6≥4",
    format!("column 4: unexpected character `≥` (U+2265) (type `>=`) {ALLOWED_CHARS}")
);

/// Full-width digits and operators, `−` (U+2212) and `×` are read as their ASCII forms (same roll, same odds).
#[test]
fn look_alikes_that_are_accepted() {
    for (fancy, plain) in [("４d6", "4d6"), ("1d6＋2", "1d6+2"), ("1d6−2", "1d6-2"), ("2×3", "2*3"), ("６÷２", "6/2")]
    {
        let (a, b) = (parse(fancy).unwrap(), parse(plain).unwrap());
        assert_eq!(a.to_string(), b.to_string(), "{fancy}");
        assert_eq!(a.roll(7).unwrap().total, b.roll(7).unwrap().total, "{fancy}");
        assert_eq!(a.odds().unwrap(), b.odds().unwrap(), "{fancy}");
    }
}

// --- notation: odds limits and division ------------------------------------------------------------------------
notation!(
    odds_support_limit,
    "1000d10000",
    "column 1: the exact odds here would range over 9999001 possible totals (allowed: at most 100000 possible totals, the exact-odds size limit)"
);
notation!(
    odds_work_limit,
    "1000d100kh500",
    "column 1: exact odds here would take about 1.24e12 steps (allowed: at most 2e8 steps, the exact-odds work limit)"
);
notation!(
    power_past_64_bits,
    "1d6 ** 64",
    "column 5: a possible result does not fit in a 64-bit integer (allowed: -9223372036854775808 to 9223372036854775807)"
);
notation!(
    fractional_exponent,
    "pow(2, 1d6/2)",
    "column 1: `1d6 / 2` can be 0.5 (probability 1.667e-1): a power's exponent must be a whole number (allowed: a whole-number exponent (floor(), ceil() or round() make one))"
);
notation!(
    fraction_support_limit,
    "1d1000/1d1000",
    "column 7: the exact odds here would have more than 100000 possible totals (allowed: at most 100000 possible totals, the exact-odds size limit)"
);
notation!(
    group_keep_work_limit,
    "{1000d6}kh500",
    "column 1: exact odds here would take about 5.77e11 steps (allowed: at most 2e8 steps, the exact-odds work limit)"
);
notation!(
    unique_work_limit,
    "20d20uo",
    "column 1: exact odds here would take about 1.60e11 steps (allowed: at most 2e8 steps, the exact-odds work limit)"
);
notation!(
    unique_value_limit,
    "2d100uo",
    "column 1: exact odds here would follow every set of the 100 values a die can show (allowed: at most 2e8 steps, the exact-odds work limit (plain `u` on a fair die has no such bound))"
);
notation!(
    unique_over_explosion_throws_work_limit,
    "1000d6!u",
    "column 1: exact odds here would take about 1.94e12 steps (allowed: at most 2e8 steps, the exact-odds work limit)"
);
notation!(
    keep_over_explosion_throws_work_limit,
    "1000d6!kh500",
    "column 1: exact odds here would take about 4.71e19 steps (allowed: at most 2e8 steps, the exact-odds work limit)"
);
notation!(
    drop_over_explosion_throws_work_limit,
    "1000d6!d1",
    "column 1: exact odds here would take about 3.07e12 steps (allowed: at most 2e8 steps, the exact-odds work limit)"
);
notation!(
    keep_and_drop_over_explosion_throws,
    "4d6!kh3dh1",
    "column 1: no exact odds for a keep and a drop together over an explosion's separate throws (allowed: one keep or one drop with `!` or `!p` (kh, kl, dh, dl), or `!!` (it can still be rolled))"
);
notation!(
    group_in_a_group,
    "{2d6, {1d4}}",
    "column 7: a `{...}` group inside another group (allowed: numbers, dice, operators and functions inside a group)"
);
notation!(
    functions_nested_too_deeply,
    &format!("{}1{}", "floor(".repeat(40), ")".repeat(40)),
    "column 199: parentheses, functions, groups and minus signs are nested too deeply (allowed: at most 32 levels)"
);
notation!(
    decimal_with_too_many_digits,
    "1.2345678901234567890",
    "column 1: the number 1.2345678901234567890 has too many digits to hold exactly (allowed: at most 18 digits in all)"
);
notation!(
    division_by_zero,
    "1d6/(1d2-1)",
    "column 4: division by zero: `1d2 - 1` can be 0 (probability 5.000e-1) (allowed: a divisor that can never be 0)"
);

/// Capped explosions are not an error: the roll stops and says so.
#[test]
fn explosion_cap_is_reported_not_an_error() {
    let roll = parse("1d2!").unwrap();
    let capped = (0..2000).map(|seed| roll.roll(seed).unwrap()).find(|r| r.groups[0].explosion_capped);
    assert!(capped.is_none(), "a d2 exploding 100 times in a row (p = 2^-100) is not expected in 2000 seeds");
    let r = parse("1d6!").unwrap().roll(1).unwrap();
    assert!(!r.groups[0].explosion_capped && r.groups[0].dice.len() <= 101);
}

// --- system requests: numbers that are not numbers -------------------------------------------------------------
const HALF_STEPS: &str = "(allowed: a multiple of 0.5 from -10 to 20 (e.g. 0, 0.5, 1, 1.5, -2))";
request!(
    bonus_nan_string,
    r#"{"system":"hack-and-slash","bonus":"NaN"}"#,
    r#"`bonus`: invalid type: string "NaN" (allowed: a number)"#
);
request!(
    bonus_nan_bare,
    r#"{"system":"hack-and-slash","bonus":NaN}"#,
    "not valid JSON: expected value at line 1 column 36 (allowed: a JSON object with a `system` field)"
);
request!(
    bonus_1e309,
    r#"{"system":"hack-and-slash","bonus":1e309}"#,
    "a number too large to read (number out of range at line 1 column 40) \
     (allowed: numbers within each field's range (see the request format))"
);
request!(
    bonus_1e300,
    r#"{"system":"hack-and-slash","bonus":1e300}"#,
    format!("`bonus`: 1e300 is out of range {HALF_STEPS}")
);
request!(
    bonus_quarter_step,
    r#"{"system":"hack-and-slash","bonus":0.25}"#,
    format!("`bonus`: 0.25 is not a whole number of half steps {HALF_STEPS}")
);
request!(
    bonus_number_in_a_string,
    r#"{"system":"hack-and-slash","bonus":"2"}"#,
    r#"`bonus`: invalid type: string "2" (allowed: a number)"#
);
request!(
    remedy_bonus_nan,
    r#"{"system":"remedy","dice":"1d20","bonus":"NaN","dc":10}"#,
    r#"`bonus`: invalid type: string "NaN" (allowed: a whole number)"#
);
request!(
    remedy_bonus_past_i32,
    r#"{"system":"remedy","dice":"1d20","bonus":99999999999,"dc":10}"#,
    "`bonus`: 99999999999 is out of range (allowed: a whole number from -2147483648 to 2147483647)"
);
request!(
    remedy_bonus_minus_zero,
    r#"{"system":"remedy","dice":"1d20","bonus":-0,"dc":10}"#,
    "`bonus`: invalid type: floating point `-0.0` (allowed: a whole number)"
);
request!(
    remedy_bonus_out_of_range,
    r#"{"system":"remedy","dice":"1d20","bonus":51,"dc":10}"#,
    "`bonus`: 51 is out of range (allowed: -50 to 50)"
);
request!(
    modifier_past_i64,
    r#"{"system":"total-effect","modifier":9223372036854775808}"#,
    "`modifier`: 9223372036854775808 is out of range \
     (allowed: a whole number from -9223372036854775808 to 9223372036854775807)"
);

/// `-0` where half steps are read is 0: the same roll and odds as `0`.
#[test]
fn hack_and_slash_minus_zero_is_zero() {
    let a = Request::from_json(r#"{"system":"hack-and-slash","bonus":-0,"difficulty":-0.0}"#).unwrap();
    let b = Request::from_json(r#"{"system":"hack-and-slash","bonus":0,"difficulty":0}"#).unwrap();
    assert_eq!(a.roll(5).unwrap().summary(), b.roll(5).unwrap().summary());
    assert_eq!(a.odds().unwrap(), b.odds().unwrap());
}

// --- system requests: ranges and list sizes --------------------------------------------------------------------
request!(
    twenty_four_rank_7,
    r#"{"system":"24-system","rank":7,"dc":15}"#,
    "`rank`: 7 is out of range (allowed: 0 to 6)"
);
request!(
    twenty_four_21_pressure_entries,
    format!(r#"{{"system":"24-system","rank":3,"dc":15,"pressure":[{}]}}"#, vec!["1"; 21].join(",")),
    "`pressure`: 21 entries is too many (allowed: at most 20 entries)"
);
request!(
    ruina_skill_31,
    r#"{"system":"ruina-imperii","skill":31,"difficulty":1}"#,
    "`skill`: 31 is out of range (allowed: 0 to 30)"
);
request!(
    remedy_eleven_d20,
    r#"{"system":"remedy","dice":"11d20^","dc":10}"#,
    "`dice`: `11d20^`: 11 d20s is out of range (allowed: `Nd20` with N 1 to 10, then marks: exactly one ▲ (^) or ▼ (v) \
     when N > 1 and none when N = 1 (a check keeps one d20); optionally ♻ (~) 1 to 19 times and one !)"
);
request!(
    remedy_megabyte_dice,
    format!(r#"{{"system":"remedy","dice":"{}","dc":10}}"#, "▲".repeat(350_000)),
    format!(
        "`dice`: `{}… (350000 characters)` is 350000 characters long (allowed: at most 64 characters: `Nd20` with N 1 \
         to 10, then marks: exactly one ▲ (^) or ▼ (v) when N > 1 and none when N = 1 (a check keeps one d20); \
         optionally ♻ (~) 1 to 19 times and one !)",
        "▲".repeat(40)
    )
);
request!(
    total_effect_megabyte_band,
    format!(r#"{{"system":"total-effect","bands":["{}"]}}"#, "9".repeat(1 << 20)),
    format!(
        "`bands[0]`: `{}… (1048576 characters)` is not a band (allowed: `X+`, `X-` or `X-Y` with whole numbers \
         0..=999 and X <= Y, e.g. `9+`, `8-`, `9-12`)",
        "9".repeat(40)
    )
);

// --- opponents --------------------------------------------------------------------------------------------------
/// 10,000 opponents is the Hack & Slash limit: valid, with exact odds.
#[test]
fn hack_and_slash_ten_thousand_opponents_are_accepted() {
    let r = Request::from_json(&opponents(10_000, "1")).unwrap();
    let odds = r.odds().unwrap();
    let sum: f64 = odds.outcomes.iter().map(|c| c.p).sum();
    assert!((sum - 1.0).abs() < 1e-9, "{sum}");
}
request!(
    hack_and_slash_10001_opponents,
    opponents(10_001, "1"),
    "`opponents`: 10001 opponents is too many (allowed: 1 to 10000 opposing bonuses)"
);
request!(
    hack_and_slash_ten_thousand_opponents_last_one_bad,
    opponents(10_000, r#""x""#),
    r#"`opponents[9999]`: invalid type: string "x" (allowed: a number)"#
);
request!(
    hack_and_slash_no_opponents,
    r#"{"system":"hack-and-slash","bonus":1,"opponents":[]}"#,
    "`opponents`: no opponents (allowed: 1 to 10000 opposing bonuses)"
);
request!(
    remedy_ten_thousand_opponents,
    format!(r#"{{"system":"remedy","dice":"1d20","opponent":[{}]}}"#, vec![r#"{"dice":"1d20"}"#; 10_000].join(",")),
    "`opponent`: a list of 10000 entries where one object is expected (allowed: one JSON object (see the request format))"
);
request!(
    ruina_ten_thousand_opponents,
    format!(r#"{{"system":"ruina-imperii","skill":3,"opponent":[{}]}}"#, vec![r#"{"skill":1}"#; 10_000].join(",")),
    "`opponent`: a list of 10000 entries where one object is expected (allowed: one JSON object (see the request format))"
);
request!(
    thousands_of_unknown_keys,
    format!(
        r#"{{"system":"hack-and-slash",{}"bonus":"x"}}"#,
        (0..5000).map(|i| format!(r#""k{i}":0,"#)).collect::<String>()
    ),
    r#"invalid type: string "x" (allowed: a number)"#
);

// --- found by fuzzing (fuzz/fuzz_targets/requests.rs) --------------------------------------------------------------

// A bonus of 128 digits: serde_json without its `float_roundtrip` feature read it and its shortest rewrite
// `-2.888888e127` 1 ULP apart, so the request did not survive a write and read through JSON (the fuzz target's
// round-trip check; the workspace now enables `float_roundtrip`). It is refused, naming the field, with the
// number shown short; `a_decoded_request_reads_back_equal` checks the round trip.
request!(
    fuzz_huge_bonus_with_128_digits,
    // the crash input (libFuzzer artifact crash-7f6c44856135f81441db9c1d0c49efe6012fe721), verbatim
    r#"{"system":"hack-and-slash","bonus":-28888880000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010248191152060862007,"opponents":[0,5.1,0,20]}"#,
    format!("`bonus`: -2.888888e127 is out of range {HALF_STEPS}")
);

/// The fuzz finding above: a request, valid or not, reads back equal after a write (serde_json's
/// `float_roundtrip`), whatever its floats.
#[test]
fn a_decoded_request_reads_back_equal() {
    let crash = r#"{"system":"hack-and-slash","bonus":-28888880000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010248191152060862007,"opponents":[0,5.1,0,20]}"#;
    for json in [crash, r#"{"system":"hack-and-slash","bonus":9.007199254740993e15,"opponents":[1e-300,-1.5e308]}"#] {
        let request = Request::from_json(json).unwrap();
        let back = Request::from_json(&serde_json::to_string(&request).unwrap()).unwrap();
        assert_eq!(back, request, "{json}");
    }
}

/// What the same finding means for valid requests: every number a Hack & Slash request may hold (multiples of
/// 0.5 from -10 to 20) is exact in binary, so a valid request always reads back equal, and replays the same roll.
#[test]
fn every_valid_half_step_survives_json() {
    for halves in -20..=40 {
        let x = halves as f64 / 2.0;
        let json = format!(r#"{{"system":"hack-and-slash","bonus":{x},"opponents":[{x},{x}]}}"#);
        let request = Request::from_json(&json).unwrap();
        request.validate().unwrap();
        let back = Request::from_json(&serde_json::to_string(&request).unwrap()).unwrap();
        assert_eq!(back, request, "{json}");
        assert_eq!(back.roll(halves as u64).unwrap(), request.roll(halves as u64).unwrap());
    }
}
