//! The `ablate` binary: parse the command line, run, map errors to exit codes.

use clap::Parser;

fn main() {
    // Like other Unix tools, end quietly when the reader goes away (`ablate report x.csv | head`),
    // instead of panicking on a failed print.
    #[cfg(unix)]
    // SAFETY: restoring the default SIGPIPE action before any thread starts has no preconditions.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
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
