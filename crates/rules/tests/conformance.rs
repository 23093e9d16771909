//! Conformance with rpg-dice-roller 5.5.1 itself (npm `@dice-roller/rpg-dice-roller`, installed at the pinned
//! version into `.tools/npm` by `scripts/tools.sh`, or by this test when it is missing; needs node and npm).
//!
//! - [`SAME`]: expressions from rpg-dice-roller's documentation that both accept. For each, dicetray's exact
//!   distribution is compared with 20,000 rolls of rpg-dice-roller (its Mersenne Twister seeded with 20261123)
//!   by a chi-square test at α = 1e-6 per expression (bins pooled until each expects 5 rolls): with 104
//!   expressions the suite raises a false alarm with probability about 1.0e-4 (104 × 1e-6; set
//!   CONFORMANCE_VERBOSE=1 and pass --nocapture to print each chi-square). rpg-dice-roller rounds totals
//!   to 2 decimals; each of its totals must be one of ours so rounded (a total we give probability 0 fails).
//! - [`BOTH_REFUSE`]: notation both refuse. [`WE_REFUSE`]: notation rpg-dice-roller accepts and dicetray refuses
//!   on purpose (each with the reason, also in docs/notation.md).

use dicetray_rules::dice::value::Value;
use dicetray_rules::dice::*;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const RPG_VERSION: &str = "5.5.1";
const ROLLS: u64 = 20_000;
const SEED: u64 = 20_261_123;

/// Both accept, with the same meaning: the distributions must agree.
const SAME: &[&str] = &[
    // dice
    "4d6",
    "2d10+3",
    "d%",
    "2d%",
    "4dF",
    "4dF.1",
    "3d6*2",
    "1d6+1d8-1d4",
    // arithmetic: exact division, functions, % and powers
    "1d6/2",
    "ceil(1d10/3)",
    "floor(3d6/2)",
    "round(1d6/4)",
    "abs(1d6-1d6)",
    "sign(1d6-1d6)",
    "max(1d6,1d8)",
    "min(2d6,1d12)",
    "pow(1d4,2)",
    "1d6**2",
    "2^1d4",
    "1d10%3",
    "(1d6-4)%3",
    "1.5*1d6",
    "1d20+1d6/2",
    "(2d6+1)/2",
    // explode (totals)
    "3d6!",
    "2d6!!",
    "2d6!p",
    "2d10!>=9",
    "1d6!<=2",
    "3d4!!<3",
    // reroll
    "4d6r",
    "4d6r<3",
    "4d6ro<3",
    // keep and drop
    "4d6kh3",
    "4d6dl1",
    "4d6d1",
    "2d20kl1",
    "5d10dh2",
    "4d6kh3dl1",
    // successes and failures
    "8d6>=4",
    "10d10>7",
    "4d6<3",
    "5d6<>3",
    "6d10>=8f=1",
    // unique
    "4d6u",
    "3d6uo",
    "4d6u>3",
    "3d6uo=6",
    // min, max, critical markers, sorting
    "4d6min2",
    "4d6max4",
    "2d10min3",
    "4d6cs>4cf<2",
    "3d6sa",
    "1d20cs>=19",
    // roll groups
    "{4d6+2d8, 3d20}kh1",
    "{3d6}",
    "{3d6}kh1",
    "{2d6, 3d4}>=7",
    "{2d6,3d4}>=7f<4",
    "{3d6+2d8}kh2",
    "{2d6,1d8,1d10}kl2",
    "{3d4}>=8",
    "{2d6*2, 3d4}dl1",
    "{1d6/2, 1d4}kh1",
    "{2d6,3}kh1",
    // combinations
    "4d6r<2kh3",
    "4d6ukh3",
    "4d6min2kh3",
    "4d6max5dl1",
    "4d6kh3>=4",
    "5d6dl2>=4f=1",
    "4d6ro<3kh3",
    "4d6r<3u",
    "3d6ro=1uo",
    "4d6min2!",
    "3d6max4!<=2",
    "5d10kh4dl1",
    "4d6kh3cs=6sd",
    // notation version 3: rpg-dice-roller's modifier order (min, max, explode, reroll, unique, keep, drop,
    // count), each throw of `!` and `!p` a die of its own
    "1d6!r=6",
    "1d6min3r=3",
    "2d6!kh1",
    "3d6!kl1",
    "4d6!d1",
    "3d6!>=5",
    "3d6!>=5>=5",
    "2d6!!kh1",
    "2d6!pkh1",
    "3d6!pdh1",
    "2d10!>=9kh2",
    "4d6min2!r=2",
    "2d6!!r<4",
    "3d6!ro=1kl2",
    "4d6kh3dh1",
    "5d6kl4dl1",
    "5d6dh1dl1",
    "4d6dl1dh1",
    "4d6!u",
    "2d6u!",
    "3d6!uo",
    "4d6>3.5",
    "4d6>=4.5",
    "3d6!<2.5",
    "(1+2)d6",
    "(2*2)d6kh3",
];

/// Both refuse.
const BOTH_REFUSE: &[&str] = &[
    "0d6",
    "4d0",
    "1d1!",
    "1d1r",
    "d",
    "2d",
    "4d6kx",
    "{2d6, {3d6}}",
    "{2d6}!",
    "{2d6}min2",
    "1d6+",
    "(1d6",
    "2d6**",
    "{2d6",
    "abc",
    "pow(2)",
    "4d6>",
    "{2d6}r",
    "{2d6}u",
];

/// rpg-dice-roller accepts these; dicetray refuses them on purpose.
const WE_REFUSE: &[(&str, &str)] = &[
    ("sqrt(4)", "irrational functions have no exact odds"),
    ("4d6min1.5", "min and max are whole numbers (dice show whole numbers)"),
    ("4d6max3.5", "min and max are whole numbers (dice show whole numbers)"),
    ("1/0", "division by zero (rpg-dice-roller's total is Infinity)"),
    ("4d6kh5", "keeping more dice than rolled (rpg-dice-roller then drops all but one)"),
    ("1d6//2", "`//` starts a comment in rpg-dice-roller; dicetray has `#` comments only"),
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The pinned rpg-dice-roller under `.tools/npm`, installed when missing or at another version (once per run:
/// the tests run in parallel and two npm installs into one prefix leave it half installed).
fn rpg_modules() -> PathBuf {
    static MODULES: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    MODULES.get_or_init(install_rpg).clone()
}

fn install_rpg() -> PathBuf {
    let prefix = root().join(".tools/npm");
    let modules = prefix.join("node_modules");
    let pkg = modules.join("@dice-roller/rpg-dice-roller/package.json");
    let installed = std::fs::read_to_string(&pkg).ok().and_then(|s| {
        serde_json::from_str::<serde_json::Value>(&s).ok().and_then(|v| v["version"].as_str().map(String::from))
    });
    if installed.as_deref() != Some(RPG_VERSION) {
        std::fs::create_dir_all(&prefix).unwrap();
        let status = Command::new("npm")
            .args(["install", "--silent", "--no-audit", "--no-fund", "--prefix"])
            .arg(&prefix)
            .arg(format!("@dice-roller/rpg-dice-roller@{RPG_VERSION}"))
            .status()
            .expect("npm is needed for the conformance suite (apt-get install nodejs npm)");
        assert!(status.success(), "npm could not install @dice-roller/rpg-dice-roller@{RPG_VERSION}");
    }
    modules
}

/// rpg-dice-roller's answer for each expression: Err(message) or the counts of each total (as it prints them).
fn sample(exprs: &[&str], rolls: u64) -> BTreeMap<String, Result<BTreeMap<String, u64>, String>> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance/sample.mjs");
    let mut child = Command::new("node")
        .arg(script)
        .arg(rpg_modules())
        .arg(rolls.to_string())
        .arg(SEED.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node is needed for the conformance suite");
    child.stdin.take().unwrap().write_all(exprs.join("\n").as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "the sampler failed");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let expr = v["expr"].as_str().unwrap().to_string();
            let answer = match v.get("error") {
                Some(e) => Err(e.as_str().unwrap_or("").to_string()),
                None => {
                    Ok(v["counts"].as_object().unwrap().iter().map(|(k, n)| (k.clone(), n.as_u64().unwrap())).collect())
                }
            };
            (expr, answer)
        })
        .collect()
}

/// A total as rpg-dice-roller prints it: rounded to 2 decimals (halves away from zero), as a JS number.
fn js_total(v: Value) -> String {
    let hundredths = (v * Value::from_integer(100)).round();
    let n = *hundredths.numer();
    let (sign, n) = (if n < 0 { "-" } else { "" }, n.unsigned_abs());
    let (whole, frac) = (n / 100, n % 100);
    match frac {
        0 => format!("{sign}{whole}"),
        f if f % 10 == 0 => format!("{sign}{whole}.{}", f / 10),
        f => format!("{sign}{whole}.{f:02}"),
    }
}

/// Upper α quantile of chi-square with `df` degrees of freedom (Wilson–Hilferty; z = 4.7534 for α = 1e-6).
fn chi2_critical(df: f64) -> f64 {
    let z = 4.7534;
    let a = 2.0 / (9.0 * df);
    df * (1.0 - a + z * a.sqrt()).powi(3)
}

#[test]
fn distributions_agree_with_rpg_dice_roller() {
    assert!(SAME.len() >= 60, "at least 60 expressions");
    let samples = sample(SAME, ROLLS);
    let mut failures = Vec::new();
    for &src in SAME {
        let odds = parse(src).unwrap_or_else(|e| panic!("{src}: dicetray refuses it: {e}")).odds().unwrap();
        let counts = match &samples[src] {
            Ok(c) => c,
            Err(e) => panic!("{src}: rpg-dice-roller refuses it: {e}"),
        };
        // our distribution over rpg-dice-roller's printed totals, ascending by value
        let mut ours: BTreeMap<Value, (String, f64)> = BTreeMap::new();
        let mut by_text: BTreeMap<String, Value> = BTreeMap::new();
        for (v, p) in odds.iter() {
            let t = js_total(v);
            let key = *by_text.entry(t.clone()).or_insert(v);
            ours.entry(key).or_insert((t, 0.0)).1 += p;
        }
        for (t, n) in counts {
            if !by_text.contains_key(t) {
                failures.push(format!("{src}: rpg-dice-roller rolled {t} ({n} times), which dicetray's odds rule out"));
            }
        }
        let (mut chi2, mut bins, mut exp_acc, mut obs_acc) = (0.0, 0usize, 0.0, 0.0);
        for (text, p) in ours.values() {
            exp_acc += p * ROLLS as f64;
            obs_acc += counts.get(text).copied().unwrap_or(0) as f64;
            if exp_acc >= 5.0 {
                chi2 += (obs_acc - exp_acc).powi(2) / exp_acc;
                bins += 1;
                (exp_acc, obs_acc) = (0.0, 0.0);
            }
        }
        if exp_acc > 0.0 || obs_acc > 0.0 {
            chi2 += (obs_acc - exp_acc).powi(2) / exp_acc.max(5.0);
            bins += 1;
        }
        if bins > 1 {
            let df = (bins - 1) as f64;
            if std::env::var_os("CONFORMANCE_VERBOSE").is_some() {
                eprintln!("{src}: chi2 = {chi2:.1}, {df} df, critical {:.1}", chi2_critical(df));
            }
            if chi2 >= chi2_critical(df) {
                failures.push(format!("{src}: chi2 = {chi2:.1} with {df} df (critical {:.1})", chi2_critical(df)));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn refusals_agree_with_rpg_dice_roller() {
    let exprs: Vec<&str> = BOTH_REFUSE.iter().copied().chain(WE_REFUSE.iter().map(|w| w.0)).collect();
    let samples = sample(&exprs, 20);
    for &src in BOTH_REFUSE {
        assert!(samples[src].is_err(), "{src}: rpg-dice-roller now accepts it");
        assert!(parse(src).is_err(), "{src}: dicetray accepts it");
    }
    for &(src, why) in WE_REFUSE {
        assert!(samples[src].is_ok(), "{src}: rpg-dice-roller now refuses it too");
        let ours = parse(src).and_then(|e| e.odds().map(|_| ()).and_then(|_| e.roll(1).map(|_| ())));
        assert!(ours.is_err(), "{src}: dicetray accepts it ({why})");
    }
}

#[test]
fn totals_print_as_rpg_dice_roller_prints_them() {
    assert_eq!(js_total(Value::new(4, 3)), "1.33");
    assert_eq!(js_total(Value::new(-1, 2)), "-0.5");
    assert_eq!(js_total(Value::new(1, 8)), "0.13");
    assert_eq!(js_total(Value::new(7, 1)), "7");
    assert_eq!(js_total(Value::new(-1, 1000)), "0");
}
