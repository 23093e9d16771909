//! `dicetray verify FILE`: replay a table log through the table's own state machine (dicetray-table) and print,
//! roll by roll, whether it verified, what was rolled and what it gave, and the GM request it answered. Fails
//! (exit status 1) if any roll failed or the file cannot be read.

use dicetray_rules::systems::{number_words, words, Roll};
use dicetray_saved::ask_words::words as ask_words;
use dicetray_table::{replay, AskFor, RollRequest, Status, Table, TableLog, TableRoll};
use std::path::Path;

pub fn run(path: &Path) -> bool {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", path.display());
            return false;
        }
    };
    let log = match TableLog::read(&text) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {}: {e}", path.display());
            return false;
        }
    };
    let done = replay(&log);
    for r in &done.rejected {
        println!("refused: {r}");
    }
    let mut ok = true;
    for roll in done.table.rolls() {
        let who = done.table.name_of(&roll.roller);
        let state = match &roll.status {
            Status::Verified => "verified".to_string(),
            Status::Failed(why) => {
                ok = false;
                format!("FAILED: {why}")
            }
            Status::NotRevealed => "not revealed".to_string(),
            Status::Sealed => "sealed, not revealed".to_string(),
            Status::Pending => "pending".to_string(),
        };
        println!("roll `{}` by {who}: {state}", roll.id);
        if let Some(rolled) = rolled_words(roll) {
            println!("  {rolled}");
        }
        if let Some(answers) = answer_words(&done.table, roll) {
            println!("  {answers}");
        }
        if let Some(unused) = unused_words(&done.table, roll) {
            println!("  {unused}");
        }
    }
    let n = done.table.rolls().len();
    let failed = done.table.rolls().iter().filter(|r| matches!(r.status, Status::Failed(_))).count();
    println!("{n} rolls, {failed} failed, {} messages refused", done.rejected.len());
    ok
}

/// What `roll` rolled (once its request is known) and, if it verified, what it gave:
/// `24-System: Stealth, rank 3: d8+d10+6 vs DC 15 -> Success, total 18`.
fn rolled_words(roll: &TableRoll) -> Option<String> {
    let request = roll.request.clone()?;
    let what = ask_words(&AskFor::from(request.clone()));
    let result = roll.result.as_ref().filter(|_| roll.status == Status::Verified);
    let gave = result.and_then(|v| match request {
        RollRequest::System { .. } => serde_json::from_value::<Roll>(v.clone()).ok().map(|r| {
            let s = r.summary();
            format!("{}, total {}", words(&s.system, &s.outcome), number_words(s.total))
        }),
        RollRequest::Notation { .. } => v.get("total").map(|t| format!("total {t}")),
    });
    Some(gave.map_or_else(|| what.clone(), |g| format!("{what} -> {g}")))
}

/// The contributions in the log that the reveal did not use (they reached the roller too late, or not at all): not
/// a failure, but the roll was made without that randomness. `without the randomness of Bea (1a2b3c4d)`.
fn unused_words(table: &Table, roll: &TableRoll) -> Option<String> {
    let unused = roll.unused();
    if unused.is_empty() {
        return None;
    }
    let names: Vec<String> = unused.iter().map(|k| table.name_of(k)).collect();
    Some(format!("without the randomness of {} (it reached the roller after the reveal, or never)", names.join(", ")))
}

/// The GM request `roll` answered, in words: `answers Gale (9f26c65b)'s request q5: Stealth (from the 24-System
/// sheet), DC 15`.
fn answer_words(table: &Table, roll: &TableRoll) -> Option<String> {
    let (gm, id) = roll.answers.as_ref()?;
    let asked = table.gm_request(gm, id).map_or(String::new(), |q| format!(": {}", ask_words(&q.request)));
    Some(format!("answers {}'s request {id}{asked}", table.name_of(gm)))
}
