//! One module per subcommand; each reads its options and drives the library.

pub mod bench;
pub mod check;
pub mod explain;
pub mod merge;
pub mod perft;
pub mod report;
pub mod run;
pub mod search;

use crate::cli::{Cli, Command};

/// Dispatches the parsed command line.
pub fn dispatch(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Some(Command::Perft(args)) => perft::run(&args),
        Some(Command::Search(args)) => search::run(&args),
        Some(Command::Config(args)) => explain::run(&args),
        Some(Command::Merge(args)) => merge::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Check(args)) => check::run(&args),
        Some(Command::Report(args)) => report::run(&args),
        None => run::run(&cli.run),
    }
}
