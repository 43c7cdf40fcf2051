//! The main job, `ablate --config FILE`: run the experiment, then print its summary.

use crate::cli::RunArgs;
use crate::error::{InputError, Interrupted};
use crate::records::read_rows;
use crate::runner::{execute, prepare, score_checks, RunOptions};
use crate::summary::Summary;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Runs the main job from the command line.
pub fn run(args: &RunArgs) -> anyhow::Result<()> {
    let config = args.config.as_ref().ok_or_else(|| {
        InputError::in_file(
            "ablate",
            "nothing to do; expected --config FILE or a subcommand (see ablate --help)",
        )
    })?;
    let options = args.options();
    let prepared = prepare(config, &options)?;
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = Arc::clone(&stop);
        // Only one handler per process; a second run in the same process keeps the first.
        let _ = ctrlc::set_handler(move || stop.store(true, Ordering::SeqCst));
    }
    let outcome = execute(&prepared, &options, &stop)?;
    if outcome.interrupted {
        return Err(Interrupted(format!(
            "interrupted: {} jobs finished and kept in {}; run the same command again to resume",
            outcome.jobs_run + outcome.jobs_resumed,
            outcome.csv.display()
        ))
        .into());
    }
    if !args.quiet {
        let rows = read_rows(&outcome.csv)?;
        let names: Vec<String> = prepared.variants.iter().map(|v| v.name.clone()).collect();
        let checked = score_checks(&prepared.variants);
        print!(
            "{}",
            Summary::compute(&rows, &names, &checked).render_terminal()
        );
        println!(
            "wrote {} ({} jobs run, {} resumed)",
            outcome.csv.display(),
            outcome.jobs_run,
            outcome.jobs_resumed
        );
    }
    Ok(())
}

impl RunArgs {
    /// The run options of the command line (everything but the config file).
    pub fn options(&self) -> RunOptions {
        RunOptions {
            jobs: self.jobs,
            out: self.out.clone(),
            depths: self.depths.clone(),
            suite: self.suite.clone(),
            limit: self.limit,
            sets: self.sets.clone(),
            variants: self.variants.clone(),
            quiet: self.quiet,
            force: self.force,
            shard: self.shard.clone(),
            minimal: self.minimal,
        }
    }
}
