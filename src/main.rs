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
    // Transposition tables come and go by the dozen in a run. glibc would start serving them from
    // its heap after the first is freed and keep the freed memory resident; a fixed threshold keeps
    // every table its own mapping, returned on drop, so peak RSS is the tables alive at once.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only tunes the allocator and is called before any allocation matters.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
    // With an engine variant running, SIGPIPE is ignored (a dead engine must be an error, not
    // ablate's death), so a closed stdout shows up as a failed print: end as quietly as the
    // signal would have, with its exit status.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let text = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if text.starts_with("failed printing to stdout") && text.contains("Broken pipe") {
            std::process::exit(128 + libc::SIGPIPE);
        }
        default_hook(info)
    }));
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
