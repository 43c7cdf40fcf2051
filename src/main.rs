//! The `ablate` binary: parse the command line, run, map errors to exit codes.

use clap::Parser;

fn main() {
    let cli = ablate::cli::Cli::parse();
    let code = match ablate::commands::dispatch(cli) {
        Ok(()) => ablate::error::EXIT_OK,
        Err(err) => {
            eprintln!("error: {err:#}");
            ablate::error::exit_code_for(&err)
        }
    };
    std::process::exit(code);
}
