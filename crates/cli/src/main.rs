//! `dicetray`: the command line over dicetray-rules. It only translates: arguments in, engine calls, text or
//! JSON out.
//!
//! `roll` and `odds` take a positional EXPR (`-` reads one expression per line from stdin) or, for the five rule
//! systems, `--request 'JSON'` (see [`request`]); `odds --request JSON --vary FIELD=A..B` gives the chances for
//! every value of one field (see [`vary`]). `verify FILE` checks a table log (see [`verify`]); `luck FILE` says how
//! lucky each roll of a History file or table log was, and each roller (see [`luck`]).

mod args;
mod batch;
mod effect_reads;
mod luck;
mod odds;
mod out;
mod request;
mod roll;
mod vary;
mod verify;
mod words;

use args::{Cli, Command};
use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let ok = match cli.command {
        Command::Roll(a) if a.source.request.is_some() => {
            request::roll(a.source.request.as_deref().unwrap_or_default(), a.seed, a.declare, a.source.json)
        }
        Command::Odds(a) if a.source.request.is_some() => match a.vary.as_deref() {
            Some(spec) => vary::run(a.source.request.as_deref().unwrap_or_default(), spec, a.source.json),
            None => request::odds(a.source.request.as_deref().unwrap_or_default(), a.source.json),
        },
        Command::Odds(a) if a.vary.is_some() => {
            eprintln!("error: --vary applies to a system request: give it with --request JSON");
            false
        }
        Command::Roll(a) if a.declare.is_some() => {
            eprintln!("error: --declare applies to a system roll: give the pushed roll's --request and --seed");
            false
        }
        Command::Roll(a) => match a.source.expressions() {
            Ok(exprs) => batch::run(&exprs, a.source.json, |e| roll::answer(e, &a)),
            Err(e) => {
                eprintln!("error: {e}");
                false
            }
        },
        Command::Verify(a) => verify::run(&a.file),
        Command::Luck(a) => luck::run(&a.file, a.json),
        Command::Odds(a) => match a.source.expressions() {
            Ok(exprs) => batch::run(&exprs, a.source.json, |e| odds::answer(e, a.source.json)),
            Err(e) => {
                eprintln!("error: {e}");
                false
            }
        },
    };
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
