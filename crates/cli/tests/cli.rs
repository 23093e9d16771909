//! The built `dicetray` binary: outputs and exit codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dicetray"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}
fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn roll_with_seed_is_replayable_and_shows_breakdown() {
    let a = run(&["roll", "4d6kh3", "--seed", "42"], None);
    assert!(a.status.success());
    let text = out(&a);
    assert!(text.starts_with("4d6kh3 [") && text.contains("dropped") && text.contains("seed 42"), "{text}");
    assert_eq!(text, out(&run(&["roll", "4d6kh3", "--seed", "42"], None)));
}

#[test]
fn roll_without_seed_prints_the_drawn_seed() {
    let o = run(&["roll", "1d20", "--json"], None);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    let seed = v["seed"].as_u64().unwrap();
    let again = run(&["roll", "1d20", "--json", "--seed", &seed.to_string()], None);
    let w: serde_json::Value = serde_json::from_str(&out(&again)).unwrap();
    assert_eq!(v["total"], w["total"]);
}

#[test]
fn roll_json_has_the_contract_fields() {
    let o = run(&["roll", "2d6+3 [fire] # sword", "--seed", "5", "--json"], None);
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["expr"], "2d6 + 3 [fire] # sword");
    assert_eq!(v["seed"], 5);
    assert_eq!(v["dice"].as_array().unwrap().len(), 2);
    let sum: i64 = v["dice"].as_array().unwrap().iter().map(|d| d["value"].as_i64().unwrap()).sum();
    assert_eq!(v["total"].as_i64().unwrap(), sum + 3);
    assert!(v["text"].as_str().unwrap().contains("\"fire\""));
}

#[test]
fn odds_json_is_ascending_and_sums_to_one() {
    let o = run(&["odds", "4d6kh3", "--json"], None);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    let total = v["total"].as_array().unwrap();
    assert_eq!(total.first().unwrap()[0], 3);
    assert_eq!(total.last().unwrap()[0], 18);
    let s: f64 = total.iter().map(|p| p[1].as_f64().unwrap()).sum();
    assert!((s - 1.0).abs() < 1e-12);
    assert!((v["mean"].as_f64().unwrap() - 12.244598765432098).abs() < 1e-9);
    assert_eq!(v["truncated_mass"], 0.0);
}

#[test]
fn odds_text_shows_mean_and_table() {
    let o = run(&["odds", "2d6"], None);
    let t = out(&o);
    assert!(t.contains("mean 7.000000") && t.contains("16.66667%"), "{t}");
}

#[test]
fn errors_show_caret_and_fail() {
    let o = run(&["odds", "10d6kh20"], None);
    assert_eq!(o.status.code(), Some(1));
    let e = err(&o);
    assert!(e.contains("column 7") && e.contains("0 to 10") && e.contains("10d6kh20\n        ^"), "{e}");
    let o = run(&["odds", "1d6/(1d2-1)"], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("division by zero"));
}

#[test]
fn batch_continues_after_a_bad_line() {
    let o = run(&["odds", "-", "--json"], Some("2d6\n1d1!\n\n1d4\n"));
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = out(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["expr"], "2d6");
    assert!(lines[1]["error"].as_str().unwrap().contains("never stop"));
    assert_eq!(lines[2]["expr"], "1d4");
    assert!(err(&o).contains("line 2"));
    let ok = run(&["roll", "-", "--seed", "1"], Some("1d6\n2d8\n"));
    assert!(ok.status.success());
    assert_eq!(out(&ok).lines().count(), 4);
}

#[test]
fn repeat_compares_with_exact_odds() {
    let o = run(&["roll", "3d6", "--repeat", "20000", "--seed", "9", "--json"], None);
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["rolls"], 20000);
    assert!((v["mean"].as_f64().unwrap() - 10.5).abs() < 0.1);
    assert!((v["exact"]["mean"].as_f64().unwrap() - 10.5).abs() < 1e-9);
    let t = out(&run(&["roll", "3d6", "--repeat", "1000", "--seed", "9"], None));
    assert!(t.contains("simulated mean") && t.contains("exact     mean 10.5000"), "{t}");
}

#[test]
fn usage_errors() {
    assert_eq!(run(&["roll"], None).status.code(), Some(1));
    assert_eq!(run(&["roll", "1d6", "--seed", "x"], None).status.code(), Some(2));
    assert_eq!(run(&["frobnicate"], None).status.code(), Some(2));
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    // `dicetray odds ... | head -c 10`: the reader goes away before the output is written. The odds of
    // 200d100 print about 20,000 values (586 KB), far more than a pipe holds, so the write meets the closed pipe.
    for args in [&["odds", "200d100", "--json"][..], &["odds", "--request", r#"{"system":"hack-and-slash","bonus":1}"#]]
    {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dicetray"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let o = child.wait_with_output().unwrap();
        let stderr = err(&o);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(stderr.is_empty(), "{args:?}: nothing on stderr, got {stderr}");
        assert_eq!(o.status.code(), Some(0), "{args:?}");
    }
}

#[test]
fn no_probability_is_printed_as_negative_zero() {
    // 1d20! against DC 30: a plain (non-triumph) natural cannot beat 30, so success is exactly 0.
    let request = r#"{"system":"remedy","dice":"1d20!","dc":30}"#;
    let o = run(&["odds", "--request", request, "--json"], None);
    assert!(o.status.success(), "{}", err(&o));
    assert!(!out(&o).contains("-0.0"), "{}", out(&o));
    assert!(out(&o).contains(r#""success":0.0"#), "{}", out(&o));
}

#[test]
fn text_output_says_which_faces_a_compare_point_counts() {
    let o = run(&["roll", "10d10>7", "--seed", "1"], None);
    assert!(out(&o).contains("`10d10>7`: counts 8, 9 and 10"), "{}", out(&o));
    let o = run(&["odds", "3d6!>=5"], None);
    assert!(out(&o).contains("`3d6!>=5`: explodes on 5 and 6"), "{}", out(&o));
    let o = run(&["odds", "2d6"], None);
    assert!(!out(&o).contains("counts"), "{}", out(&o));
}
