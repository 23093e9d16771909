//! Answering one or many expressions: each answer is printed; a failing one prints its error (with a caret
//! under the column) and the others continue. Returns false if any failed.

use crate::out::say;
use dicetray_rules::dice::NotationError;

/// What answering one expression produced: text for stdout, or an error.
pub type Answer = Result<String, NotationError>;

pub fn run(exprs: &[String], json: bool, mut answer: impl FnMut(&str) -> Answer) -> bool {
    let mut ok = true;
    for (i, e) in exprs.iter().enumerate() {
        match answer(e) {
            Ok(text) => say!("{text}"),
            Err(err) => {
                ok = false;
                if json {
                    let v = serde_json::json!({ "expr": e, "error": err.to_string(), "column": err.column });
                    say!("{v}");
                }
                let line = if exprs.len() > 1 { format!("line {}: ", i + 1) } else { String::new() };
                eprintln!("error: {line}{err}");
                for l in err.caret_display(e).lines() {
                    eprintln!("  {l}");
                }
            }
        }
    }
    ok
}
