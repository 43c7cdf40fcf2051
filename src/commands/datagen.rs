//! `ablate datagen`: a variant plays itself at a node budget and its searched positions are
//! written as training data (`datagen`).

use crate::cli::DatagenArgs;
use crate::config::experiment::ResolvedVariant;
use crate::datagen::datagen_plan::{DatagenPlan, DatagenSettings};
use crate::datagen::datagen_session::{generate, DatagenOptions};
use crate::runner::{worker_threads, RUNS_DIR};
use std::path::{Path, PathBuf};

/// Runs `ablate datagen`.
pub fn run(args: &DatagenArgs) -> anyhow::Result<()> {
    let experiment = crate::config::experiment::Experiment::load(&args.config)?;
    if experiment
        .engines
        .iter()
        .any(|(name, _)| *name == args.variant)
    {
        let message = format!(
            "variant \"{}\" is an external engine; expected one of ablate's own search, whose scores datagen writes",
            args.variant
        );
        return Err(crate::error::InputError::in_file(&experiment.file, message).into());
    }
    let (_, config, _) = super::variant_of(Some(&experiment), Some(&args.variant), &args.sets)?;
    let variant = ResolvedVariant {
        name: args.variant.clone(),
        config,
        engine: None,
    };
    let settings = DatagenSettings {
        config_file: args.config.display().to_string(),
        games: args.games,
        nodes: args.nodes,
        seed: args.seed,
        random_plies: args.random_plies,
        openings: args.openings.clone(),
        adjudicate: args.adjudicate.clone(),
        shard: args.shard,
    };
    let plan = DatagenPlan::new(variant, settings)?;
    let data: PathBuf = match (&args.out, args.shard) {
        (Some(out), _) => out.clone(),
        (None, shard) => {
            let stem = format!("datagen-{}-{}", args.variant, args.nodes);
            let name = match shard {
                Some(s) => format!("{stem}.shard-{}-of-{}.txt", s.k, s.n),
                None => format!("{stem}.txt"),
            };
            Path::new(RUNS_DIR).join(name)
        }
    };
    if args.print_outputs {
        println!("{}", data.display());
        return Ok(());
    }
    let threads = worker_threads(args.jobs, args.quiet)?;
    let options = DatagenOptions {
        data: data.clone(),
        threads,
        quiet: args.quiet,
        force: args.force,
    };
    let outcome = generate(&plan, &options)?;
    let m = &outcome.manifest;
    let t = &m.totals;
    let dropped = t.dropped;
    println!(
        "wrote {} ({} games, {} played now; {} positions; dropped {} in check, {} with a capture or promotion best, {} mate scores; {:.0} positions/s)",
        data.display(),
        t.games,
        m.games_played,
        t.positions,
        dropped.in_check,
        dropped.tactical,
        dropped.mate,
        m.positions_per_second
    );
    Ok(())
}
