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
    if !args.from_games.is_empty() {
        return from_games(args);
    }
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

/// `ablate datagen --from-games`: the lines of games already played.
fn from_games(args: &DatagenArgs) -> anyhow::Result<()> {
    let out = args
        .out
        .as_ref()
        .expect("clap requires --out with --from-games");
    if out.exists() && !args.force {
        let message = "exists; give --force to replace it, or another --out";
        return Err(crate::error::InputError::in_file(out.display().to_string(), message).into());
    }
    // The evaluation the data's searches must share: the variant's, as a manifest writes it.
    let experiment = crate::config::experiment::Experiment::load(&args.config)?;
    let (_, config, _) = super::variant_of(Some(&experiment), Some(&args.variant), &args.sets)?;
    let reference = serde_json::to_value(&config)?["eval"].clone();
    let m = crate::datagen::from_games::data_from_games(&args.from_games, &reference, out)?;
    let sum = |f: fn(&crate::datagen::from_games::FileTotals) -> usize| -> usize {
        m.files.iter().map(f).sum()
    };
    println!(
        "wrote {} ({} games of {} files; {} positions; dropped {} in check, {} with a capture or promotion best, {} mate scores, {} duplicates; {} with an engine or another evaluation to move, {} games without notes)",
        out.display(),
        m.games,
        m.files.len(),
        m.positions,
        sum(|f| f.dropped.in_check),
        sum(|f| f.dropped.tactical),
        sum(|f| f.dropped.mate),
        sum(|f| f.duplicates),
        sum(|f| f.others_to_move),
        sum(|f| f.games_without_notes),
    );
    Ok(())
}
