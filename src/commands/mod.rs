//! One module per subcommand; each reads its options and drives the library.

pub mod perft;
pub mod search;

use crate::cli::{Cli, Command};
use crate::error::InputError;

/// Dispatches the parsed command line.
pub fn dispatch(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Some(Command::Perft(args)) => perft::run(&args),
        Some(Command::Search(args)) => search::run(&args),
        Some(_) => Err(InputError::in_file("ablate", "this subcommand is not built yet").into()),
        None => match cli.run.config {
            Some(_) => Err(InputError::in_file("--config", "running experiments is not built yet (see the runner issue)").into()),
            None => Err(InputError::in_file("ablate", "nothing to do; expected --config FILE or a subcommand (see ablate --help)").into()),
        },
    }
}
