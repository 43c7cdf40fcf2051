//! The main job, `ablate --config FILE`: run the experiment, then print its summary.

use crate::cli::RunArgs;
use crate::error::InputError;
use crate::reports::before_after::Summary;
use crate::reports::depth_table::write_summary;
use crate::runner::{execute, output_csv, prepare, score_checks, RunOptions};
use crate::search_record::read_rows;
use crate::signals::StopSignals;

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
    if args.print_outputs {
        println!("{}", output_csv(&prepared, &options)?.display());
        return Ok(());
    }
    let signals = StopSignals::install();
    let outcome = execute(&prepared, &options, &signals.stop)?;
    if outcome.interrupted {
        let kept = outcome.jobs_run + outcome.jobs_resumed;
        return Err(signals.stopped(kept, "jobs", &outcome.csv).into());
    }
    let rows = read_rows(&outcome.csv)?;
    let names: Vec<String> = prepared.variants.iter().map(|v| v.name.clone()).collect();
    let checked = score_checks(&prepared.variants);
    let summary = Summary::compute(&rows, &names, &checked);
    // The summary as data beside the rows, for a spreadsheet or a script.
    let tables = write_summary(&summary, &outcome.csv)?;
    if !args.quiet {
        print!("{}", summary.render_terminal());
        if outcome.jobs_run == 0 && outcome.jobs_resumed > 0 {
            println!(
                "{} holds this run already ({} jobs): nothing searched, nothing written (--force runs it again)",
                outcome.csv.display(),
                outcome.jobs_resumed
            );
        } else {
            // A job is what one worker does at a time: a reader counting rows (variants ×
            // positions × depths) would not find the number without being told.
            println!(
                "wrote {}: {} jobs run, {} resumed (a job is one variant on one position, searched at every depth)",
                outcome.csv.display(),
                outcome.jobs_run,
                outcome.jobs_resumed
            );
        }
        let tables: Vec<String> = tables.iter().map(|p| p.display().to_string()).collect();
        println!("summary as data: {}", tables.join(", "));
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
