//! `ablate match`: plays the experiment's variants against each other and prints Elo, SPRT and
//! nodes per move beside each other.

use crate::cli::MatchArgs;
use crate::error::{InputError, Interrupted};
use crate::jobs::Shard;
use crate::matches::adjudication::Adjudication;
use crate::matches::games_csv::read_games;
use crate::matches::games_pgn::{games_pgn, time_control, PgnLog};
use crate::matches::manifest::MatchManifest;
use crate::matches::pairings::{prepare_match, MatchOptions};
use crate::matches::play::{move_aside_other_match, run_match};
use crate::matches::running_score::RunningScore;
use crate::matches::summary::{render_summary, summarize};
use crate::output::progress_bar::MatchProgress;
use crate::runner::{worker_threads, RUNS_DIR};
use crate::search::clock::Limit;
use crate::signals::StopSignals;
use crate::storage::manifest::manifest_path;
use crate::storage::provenance::Provenance;
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime};

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
        .map(crate::matches::elo::Sprt::parse)
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
        time_margin_ms: args
            .timemargin
            .unwrap_or(crate::matches::pairings::DEFAULT_TIME_MARGIN_MS),
    };
    let prepared = prepare_match(&args.config, options)?;
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
    if args.out.is_none() && !args.force {
        if let Some(aside) = move_aside_other_match(&csv, &prepared.hash)? {
            if !args.quiet {
                eprintln!(
                    "note: {} held games of another match; moved them to {}",
                    csv.display(),
                    aside.display()
                );
            }
        }
    }
    let started = SystemTime::now();
    let clock = Instant::now();
    let openings_sha256 = crate::suite::Suite::load(&openings)
        .map(|s| s.sha256)
        .unwrap_or_default();
    let provenance = || {
        let openings = openings.display().to_string();
        Provenance::until_now(&openings, &openings_sha256, threads, started, clock)
    };
    let mut manifest = MatchManifest::starting(
        &prepared,
        provenance(),
        &limit_text,
        args.sprt.clone(),
        args.adjudicate.clone(),
        args.shard.clone(),
    );
    let json_path = manifest_path(&csv);
    if let Some(parent) = json_path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    let write_manifest = |m: &MatchManifest| -> anyhow::Result<()> {
        let text = serde_json::to_string_pretty(m)? + "\n";
        crate::storage::write_atomically(&json_path, text.as_bytes())?;
        Ok(())
    };
    write_manifest(&manifest)?;
    let signals = StopSignals::install();
    let (mut seen, mut warnings) = (0usize, 0usize);
    let quiet = args.quiet;
    let mut progress = MatchProgress::new(manifest.games_total);
    let mut running = RunningScore::new(prepared.options.sprt);
    let pgn_path = args
        .pgn
        .clone()
        .unwrap_or_else(|| csv.with_extension("pgn"));
    let date = crate::storage::provenance::rfc3339(started)[..10].replace('-', ".");
    let time_control = time_control(Some(&limit_text));
    let mut pgn_log = PgnLog::resume(&pgn_path, &csv, &prepared.hash, &date, &time_control)?;
    let mut pgn_error = None;
    let outcome = run_match(
        &prepared,
        &csv,
        threads,
        args.force,
        &signals.stop,
        |game| {
            if pgn_error.is_none() {
                pgn_error = pgn_log.append(&game.row).err();
            }
            seen += 1;
            // Faults and ignored limits are said even with --quiet: they change what results mean.
            for message in &game.messages {
                warnings += 1;
                progress.note(&format!("warning: {message}"));
            }
            if !quiet {
                running.add(&game.row);
                progress.game(seen, || running.line());
            }
        },
    )?;
    if !quiet {
        progress.finish();
    }
    manifest.provenance = provenance();
    manifest.games_played = outcome.played;
    manifest.games_resumed = outcome.resumed;
    manifest.interrupted = outcome.interrupted;
    write_manifest(&manifest)?;
    if outcome.interrupted {
        let terminated = signals.was_terminated();
        let how = match terminated {
            true => "terminated (SIGTERM)",
            false => "interrupted",
        };
        let kept = outcome.played + outcome.resumed;
        let message = format!(
            "{how}: {kept} games finished and kept in {}; run the same command again to resume",
            csv.display()
        );
        return Err(Interrupted {
            message,
            terminated,
        }
        .into());
    }
    if let Some(e) = pgn_error {
        return Err(e.context(format!("{}", pgn_path.display())));
    }
    // The canonical order, as the CSV now has it.
    let rows = read_games(&csv)?;
    let pgn = games_pgn(&rows, &date, &time_control)
        .map_err(|m| InputError::in_file(csv.display().to_string(), m))?;
    crate::storage::write_atomically(&pgn_path, pgn.as_bytes())?;
    let summaries = summarize(&rows, prepared.options.sprt.as_ref());
    if args.json {
        println!("{}", serde_json::to_string_pretty(&summaries)?);
        return Ok(());
    }
    print!("{}", render_summary(&summaries));
    let (csv, pgn) = (csv.display(), pgn_path.display());
    let (played, resumed) = (outcome.played, outcome.resumed);
    println!("wrote {csv} and {pgn} ({played} games played, {resumed} resumed)");
    if warnings > 0 {
        let s = if warnings == 1 { "" } else { "s" };
        println!("{warnings} warning{s} about engines during this run: see stderr above");
    }
    Ok(())
}
