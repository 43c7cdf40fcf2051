//! `ablate match`: plays the experiment's variants against each other and prints Elo, SPRT and
//! nodes per move beside each other.

use crate::cli::MatchArgs;
use crate::error::InputError;
use crate::jobs::Shard;
use crate::matches::adjudication::Adjudication;
use crate::matches::pairings::{prepare_match, MatchOptions};
use crate::matches::session::{play_session, SessionOptions};
use crate::matches::summary::{render_summary, summarize};
use crate::runner::{worker_threads, RUNS_DIR};
use crate::search::clock::Limit;
use std::path::{Path, PathBuf};

/// Runs `ablate match`: the match the command line describes, or the runs its config declares.
pub fn run(args: &MatchArgs) -> anyhow::Result<()> {
    let plays = super::declared::plan(args)?;
    for play in &plays {
        super::declared::announce(play, plays.len(), args);
        play_one(play)?;
    }
    Ok(())
}

/// Plays one match, its options complete (`declared::plan` has applied the defaults).
fn play_one(args: &MatchArgs) -> anyhow::Result<()> {
    let (limit, limit_text) = Limit::from_options(args.depth, args.nodes, args.tc.as_deref())?;
    let sprt = args
        .sprt
        .as_deref()
        .map(crate::stats::elo::Sprt::parse)
        .transpose()
        .map_err(|m| InputError::in_file("--sprt", m))?;
    let adjudication = Adjudication::parse(&args.adjudicate)
        .map_err(|m| InputError::in_file("--adjudicate", m))?;
    let shard = args.shard.as_deref().map(Shard::parse).transpose()?;
    let openings = args
        .openings
        .clone()
        .unwrap_or_else(|| super::declared::DEFAULT_OPENINGS.into());
    let options = MatchOptions {
        games: args.games.unwrap_or(super::declared::DEFAULT_GAMES),
        limit,
        openings: openings.clone(),
        seed: args.seed,
        sprt,
        round_robin: args.round_robin,
        adjudication,
        shard,
        variants: args.variants.clone(),
        opponents: args.opponents.clone(),
        time_margin_ms: args
            .timemargin
            .unwrap_or(crate::matches::pairings::DEFAULT_TIME_MARGIN_MS),
        precision: args.precision,
    };
    let mut prepared = prepare_match(&args.config, options)?;
    let threads = worker_threads(args.jobs, args.quiet)?;
    let name = &prepared.experiment.name;
    let csv: PathBuf = match (&args.out, shard) {
        (Some(out), _) => out.clone(),
        (None, Some(s)) => {
            Path::new(RUNS_DIR).join(format!("{name}.games.shard-{}-of-{}.csv", s.k, s.n))
        }
        (None, None) => Path::new(RUNS_DIR).join(format!("{name}.games.csv")),
    };
    if args.print_outputs {
        println!("{}", csv.display());
        return Ok(());
    }
    let session = play_session(
        &mut prepared,
        &SessionOptions {
            csv: csv.clone(),
            pgn: args.pgn.clone(),
            threads,
            force: args.force,
            move_aside: args.out.is_none(),
            quiet: args.quiet,
            openings,
            limit_text,
            sprt: args.sprt.clone(),
            adjudicate: args.adjudicate.clone(),
            shard: args.shard.clone(),
        },
    )?;
    let rows = &session.rows;
    let summaries = summarize(rows, prepared.options.sprt.as_ref());
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
