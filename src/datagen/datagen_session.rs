//! One sitting of a datagen run: the games still to play on a worker pool, each game's lines
//! appended as it ends, the manifest marked unfinished until the end, and the games put in
//! canonical order once the run is complete. A signal stops it with every finished game kept.

use super::data_index::{read_index, write_in_order, DataWriter, GameEntry};
use super::datagen_manifest::DatagenManifest;
use super::datagen_plan::DatagenPlan;
use super::kept_positions::kept_positions;
use crate::error::InputError;
use crate::matches::game::play_game;
use crate::matches::side::Player;
use crate::output::progress_bar::MatchProgress;
use crate::search::clock::Limit;
use crate::search::tt::TablePool;
use crate::signals::StopSignals;
use crate::storage::manifest::{manifest_path, ManifestFile};
use crate::storage::provenance::Provenance;
use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Instant, SystemTime};

/// Where and how a sitting plays.
pub struct DatagenOptions {
    /// The data file (its index and manifest go beside it).
    pub data: PathBuf,
    /// Worker threads.
    pub threads: usize,
    /// No progress line.
    pub quiet: bool,
    /// Replace the files of another run instead of refusing.
    pub force: bool,
}

/// What a sitting did.
pub struct DatagenOutcome {
    /// The manifest written at its end.
    pub manifest: DatagenManifest,
}

/// Plays (or resumes) `plan` as `options` say.
pub fn generate(plan: &DatagenPlan, options: &DatagenOptions) -> anyhow::Result<DatagenOutcome> {
    let (started, clock) = (SystemTime::now(), Instant::now());
    let (mut entries, index_bytes) = read_index(&options.data)?;
    let earlier = DatagenManifest::beside(&options.data);
    let other = entries
        .iter()
        .find(|e| e.hash != plan.hash)
        .map(|e| e.hash.clone());
    let other_shard = earlier
        .as_ref()
        .filter(|m| m.datagen_hash == plan.hash)
        .is_some_and(|m| m.shard != plan.settings.shard.map(|s| s.to_string()));
    if (other.is_some() || other_shard) && !options.force {
        let what = match other {
            Some(hash) => format!(
                "holds games of datagen run {hash}, but this run is {}",
                plan.hash
            ),
            None => "holds another shard of this run".to_string(),
        };
        let message = format!("{what}; use --force to replace it or --out to write elsewhere");
        return Err(InputError::in_file(options.data.display().to_string(), message).into());
    }
    let mut index_bytes = index_bytes;
    if other.is_some() || other_shard {
        entries.clear();
        index_bytes = 0;
    }
    let mut writer = DataWriter::open(&options.data, &entries, index_bytes)?;
    let wall_before = earlier
        .as_ref()
        .filter(|m| m.datagen_hash == plan.hash && !entries.is_empty())
        .map_or(0.0, |m| m.provenance.wall_seconds);
    let provenance = |threads: usize| {
        let openings = plan.openings_path().display().to_string();
        let mut now =
            Provenance::until_now(&openings, &plan.openings_sha256, threads, started, clock);
        now.wall_seconds += wall_before;
        now
    };
    let json = manifest_path(&options.data);
    let mut manifest = DatagenManifest::of(plan, &entries, provenance(options.threads));
    manifest.write(&json)?;

    let finished: HashSet<usize> = entries.iter().map(|e| e.game).collect();
    let pending: Vec<usize> = plan
        .games()
        .into_iter()
        .filter(|g| !finished.contains(g))
        .collect();
    let resumed = entries.len();
    let signals = StopSignals::install();
    let mut progress = MatchProgress::new(plan.games().len());
    progress.resume(resumed);
    let mut positions_now = 0usize;
    let sitting = Instant::now();
    let played = play_pending(
        plan,
        &pending,
        options.threads,
        &signals.stop,
        |entry, lines| {
            writer.append(&entry, &lines)?;
            positions_now += entry.positions;
            entries.push(entry);
            if !options.quiet {
                let rate = positions_now as f64 / sitting.elapsed().as_secs_f64().max(1e-3);
                let total: usize = entries.iter().map(|e| e.positions).sum();
                progress.game(entries.len(), || {
                    format!("{total} positions, {rate:.0} positions/s")
                });
            }
            Ok(())
        },
    )?;
    drop(writer);
    if !options.quiet {
        progress.finish();
    }
    let interrupted = signals.stop.load(Ordering::Relaxed);
    let complete = !interrupted && entries.len() == plan.games().len();
    if complete && entries.windows(2).any(|w| w[0].game > w[1].game) {
        write_in_order(&options.data, &[(options.data.clone(), entries.clone())])?;
        entries.sort_by_key(|e| e.game);
    }
    manifest = DatagenManifest::of(plan, &entries, provenance(options.threads));
    manifest.games_played = played;
    manifest.games_resumed = resumed;
    manifest.interrupted = !complete;
    manifest.write(&json)?;
    if interrupted {
        let total = played + resumed;
        return Err(signals.stopped(total, "games", &options.data).into());
    }
    Ok(DatagenOutcome { manifest })
}

/// Plays `pending` (game numbers, in order) on `threads` workers, handing each finished game's
/// index row and lines to `on_game` as it ends; returns how many were played. `stop` abandons
/// the games running.
fn play_pending(
    plan: &DatagenPlan,
    pending: &[usize],
    threads: usize,
    stop: &AtomicBool,
    mut on_game: impl FnMut(GameEntry, String) -> anyhow::Result<()>,
) -> anyhow::Result<usize> {
    let next = AtomicUsize::new(0);
    let tables = TablePool::default();
    let (sender, receiver) = mpsc::channel::<(GameEntry, String)>();
    let mut played = 0;
    let mut result = Ok(());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            let sender = sender.clone();
            let (next, tables) = (&next, &tables);
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let Some(&game) = pending.get(next.fetch_add(1, Ordering::Relaxed)) else {
                    return;
                };
                let Some(finished) = play_one(plan, game, tables, stop) else {
                    return;
                };
                if sender.send(finished).is_err() {
                    return;
                }
            });
        }
        drop(sender);
        for (entry, lines) in receiver {
            if result.is_ok() {
                played += 1;
                result = on_game(entry, lines);
                if result.is_err() {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    result.map(|()| played)
}

/// Game `game` played by the variant against itself; `None` when stopped.
fn play_one(
    plan: &DatagenPlan,
    game: usize,
    tables: &TablePool,
    stop: &AtomicBool,
) -> Option<(GameEntry, String)> {
    let start = plan.start(game);
    let variant = &plan.variant;
    let mut white = Player::ablate(&variant.name, &variant.config, tables);
    let mut black = Player::ablate(&variant.name, &variant.config, tables);
    let limit = Limit::Nodes(plan.settings.nodes);
    let record = play_game(
        [&mut white, &mut black],
        &start.board,
        [limit; 2],
        &plan.adjudication,
        0,
        stop,
    );
    white.release(&Default::default(), tables);
    black.release(&Default::default(), tables);
    let record = record?;
    let kept = kept_positions(&start.board, &record);
    let entry = GameEntry {
        game,
        opening: start.opening,
        random_plies: start.random_plies,
        plies: record.moves.len(),
        result: record.result.pgn().to_string(),
        termination: record.termination.name().to_string(),
        positions: kept.kept,
        dropped_check: kept.dropped.in_check,
        dropped_tactical: kept.dropped.tactical,
        dropped_mate: kept.dropped.mate,
        nodes: record.nodes[0] + record.nodes[1],
        bytes: kept.lines.len() as u64,
        hash: plan.hash.clone(),
    };
    Some((entry, kept.lines))
}
