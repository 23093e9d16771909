//! `dicetray verify FILE`: replay a table log through the table's own state machine (dicetray-table) and print,
//! roll by roll, whether it verified. Fails (exit status 1) if any roll failed or the file cannot be read.

use dicetray_table::{replay, Status, TableLog};
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
    }
    let n = done.table.rolls().len();
    let failed = done.table.rolls().iter().filter(|r| matches!(r.status, Status::Failed(_))).count();
    println!("{n} rolls, {failed} failed, {} messages refused", done.rejected.len());
    ok
}
