//! Command-line arguments (clap derive).

use clap::{Args, Parser, Subcommand};
use std::io::BufRead;

/// Roll dice and compute exact odds from dice notation (see docs/notation.md).
#[derive(Parser, Debug)]
#[command(name = "dicetray", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Roll an expression and show every die (or simulate many rolls with --repeat).
    Roll(RollArgs),
    /// Show the exact distribution of an expression's total.
    Odds(OddsArgs),
    /// Check a table log (a transcript exported from table mode) roll by roll, offline.
    Verify(VerifyArgs),
    /// How lucky each roll of an exported History file or a table log was, and each roller's mean luck with how
    /// unusual it is under fair dice.
    Luck(LuckArgs),
}

/// `dicetray luck FILE [--json]`.
#[derive(Args, Debug)]
pub struct LuckArgs {
    /// An exported History file (`{"version": N, "data": [...]}`) or a table log
    /// (`{"format": "dicetray-table-log", ...}`; only its verified rolls count). A roll's luck is the chance of a
    /// lower total plus half the chance of the same total, under its exact odds: 50% is a typical roll.
    #[arg(value_name = "FILE")]
    pub file: std::path::PathBuf,
    /// Print JSON: `{"rolls": [{"id", "roller", "luck", ...}], "rollers": [{"roller", "rolls", "mean", "p_value",
    /// ...}], "skipped": [...]}` (`luck` is null, with a `reason`, for a roll whose luck was not computed).
    #[arg(long)]
    pub json: bool,
}

/// `dicetray verify FILE`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The table log (`{"format": "dicetray-table-log", "version": 1, ...}`).
    #[arg(value_name = "FILE")]
    pub file: std::path::PathBuf,
}

/// What to answer: an expression, `-` for one expression per line on stdin, or a rule system's request.
#[derive(Args, Debug)]
pub struct Source {
    /// Dice notation such as `4d6kh3` or `2d20kh1+5 [attack]`; `-` reads one expression per line from stdin.
    #[arg(value_name = "EXPR", allow_hyphen_values = true)]
    pub expr: Option<String>,
    /// A rule system's request as JSON, e.g. `{"system":"24-system","rank":3,"leverage":2,"dc":15}`
    /// (systems: 24-system, remedy, total-effect, ruina-imperii, hack-and-slash). Remedy: `"reroll"` is
    /// "best" (default here: reroll the dice in the ♻ range that most raise the chance of succeeding),
    /// "always" or "never"; `"rerolled": [i, ...]` with "never" replays the d20s a player chose to reroll.
    /// Total//Effect: `"tier"` and `"task_tier"` (0 to 4) add 1 Advantage (acting below your tier) or
    /// 1 Disadvantage (above it) before Advantage and Disadvantage cancel; `"effect_reads": [{"die": "mid",
    /// "steps": 1}, {"die": "high", "halve": true}, {"flat": 3, "steps": -1}]` reports what abilities read
    /// from the Effect dice (steps first, then halving).
    #[arg(long, value_name = "JSON", conflicts_with = "expr")]
    pub request: Option<String>,
    /// Print JSON (one object per expression).
    #[arg(long)]
    pub json: bool,
}

impl Source {
    /// The expressions to answer, in order.
    pub fn expressions(&self) -> Result<Vec<String>, String> {
        match self.expr.as_deref() {
            None => Err("give an expression, e.g. `dicetray roll 4d6kh3`, or `-` to read them from stdin".into()),
            Some("-") => {
                let mut out = Vec::new();
                for line in std::io::stdin().lock().lines() {
                    let line = line.map_err(|e| format!("reading stdin: {e}"))?;
                    if !line.trim().is_empty() {
                        out.push(line);
                    }
                }
                Ok(out)
            }
            Some(e) => Ok(vec![e.to_string()]),
        }
    }
}

#[derive(Args, Debug)]
pub struct RollArgs {
    #[command(flatten)]
    pub source: Source,
    /// Seed for the roll (drawn from the operating system and printed if not given).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Simulate this many rolls and compare them with the exact odds.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub repeat: Option<u64>,
    /// A declaration on the roll: `critical-failure`, the Guide's call on a failed 24-System push (replay the
    /// pushed roll with its --request and --seed; any other roll is refused).
    #[arg(long, value_enum)]
    pub declare: Option<Declaration>,
}

/// What `--declare` can declare.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Declaration {
    /// The Guide declares a failed push a Critical Failure (24-System).
    CriticalFailure,
}

#[derive(Args, Debug)]
pub struct OddsArgs {
    #[command(flatten)]
    pub source: Source,
    /// With --request: the outcome chances for every value of one request field, FIELD=A..B (inclusive), or
    /// FIELD=A..B/STEP for steps other than 1 (Hack & Slash's half steps: `difficulty=0..4/0.5`); at most 101
    /// values. JSON: `{"system", "field", "rows": [{"value", "outcomes": {name: p}}]}`.
    #[arg(long, value_name = "FIELD=A..B")]
    pub vary: Option<String>,
}
