//! `dicetray`: the command line over dicetray-rules. It only translates: arguments in, engine calls, text or
//! JSON out.
//!
//! `roll` and `odds` take an optional positional EXPR (`-` reads one expression per line from stdin), so a
//! later `--request 'JSON'` option for the rule systems can sit beside it in [`args::Source`].

mod args;
mod batch;
mod odds;
mod roll;

use args::{Cli, Command};
use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let ok = match cli.command {
        Command::Roll(a) => match a.source.expressions() {
            Ok(exprs) => batch::run(&exprs, a.source.json, |e| roll::answer(e, &a)),
            Err(e) => {
                eprintln!("error: {e}");
                false
            }
        },
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
