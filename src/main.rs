//! The `ablate` binary: parse the command line, run, map errors to exit codes.

use clap::Parser;

fn main() {
    // Like other Unix tools, end quietly when the reader goes away (`ablate report x.csv | head`),
    // instead of panicking on a failed print. Writes to an engine's pipe hold the signal back in
    // their own thread (`signals::without_sigpipe`), so a dead engine is an error, not our end.
    #[cfg(unix)]
    // SAFETY: restoring the default SIGPIPE action before any thread starts has no preconditions.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    // Transposition tables come and go by the dozen in a run. glibc would start serving them from
    // its heap after the first is freed and keep the freed memory resident; a fixed threshold keeps
    // every table its own mapping, returned on drop, so peak RSS is the tables alive at once.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only tunes the allocator and is called before any allocation matters.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
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
