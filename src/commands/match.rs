//! `ablate match`: plays the experiment's variants against each other and prints Elo, SPRT and
//! nodes per move beside each other.

use crate::cli::engine_args::engines_experiment;
use crate::cli::MatchArgs;
use crate::config::experiment::Experiment;
use crate::matches::limit_notes::{fixed_depth_warning, limit_line};
use crate::matches::pairings::prepare_match;
use crate::matches::session::{play_session, SessionOptions};
use crate::matches::summary::render_summary;
use crate::runner::{worker_threads, RUNS_DIR};
use crate::stats::pairing_summary::summarize;
use std::path::{Path, PathBuf};

/// The experiment that plays: the config file's, or the one the command line's engines make
/// (`--engine`, `cli::engine_args`).
fn experiment(args: &MatchArgs) -> anyhow::Result<Experiment> {
    Ok(match &args.config {
        Some(config) => Experiment::load(config)?,
        None => engines_experiment(&args.engines.0, &args.each)?,
    })
}

/// Runs `ablate match`: the match the command line describes, or the runs its config declares.
/// The experiment is read once and handed to each match it plays.
pub fn run(args: &MatchArgs) -> anyhow::Result<()> {
    let experiment = experiment(args)?;
    let plays = super::declared::plan(args, &experiment)?;
    for play in &plays {
        super::declared::announce(play, plays.len(), args);
        play_one(play, experiment.clone())?;
    }
    Ok(())
}

/// Plays one match of `experiment`, its settings complete (`declared::plan` has laid the
/// command line over the run and split a ladder into its budgets).
fn play_one(args: &MatchArgs, experiment: Experiment) -> anyhow::Result<()> {
    let settings = &args.settings;
    let mut prepared = prepare_match(experiment, settings.clone())?;
    let threads = worker_threads(settings.jobs, args.quiet)?;
    let name = &prepared.experiment.name;
    let csv: PathBuf = match (&settings.out, settings.shard) {
        (Some(out), _) => out.clone(),
        (None, Some(s)) => {
            Path::new(RUNS_DIR).join(format!("{name}.games.shard-{}-of-{}.csv", s.k, s.n))
        }
        (None, None) => Path::new(RUNS_DIR).join(format!("{name}.games.csv")),
    };
    if let Some(warning) = fixed_depth_warning(&prepared) {
        eprintln!("{warning}");
    }
    if args.print_outputs {
        println!("{}", csv.display());
        return Ok(());
    }
    // Every match says what it plays at, --quiet or not: a default depth must never be silent.
    eprintln!("{}", limit_line(&prepared));
    let session = play_session(
        &mut prepared,
        &SessionOptions {
            csv: csv.clone(),
            pgn: args.pgn.clone(),
            threads,
            force: args.force,
            move_aside: settings.out.is_none(),
            quiet: args.quiet,
        },
    )?;
    let rows = &session.rows;
    let summaries = summarize(rows, prepared.options.sprt().as_ref());
    if args.json {
        println!("{}", serde_json::to_string_pretty(&summaries)?);
        return Ok(());
    }
    print!("{}", render_summary(&summaries));
    let (csv, pgn) = (csv.display(), session.pgn.display());
    let (played, resumed, warnings) = (session.played, session.resumed, session.warnings);
    println!("wrote {csv} and {pgn} ({played} games played, {resumed} resumed)");
    if warnings > 0 {
        let s = if warnings == 1 { "" } else { "s" };
        println!("{warnings} warning{s} about engines during this run: see stderr above");
    }
    Ok(())
}
