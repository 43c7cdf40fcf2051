//! Playing a match: games on a worker pool, each row appended as its game ends, resume of
//! what the CSV holds, and the SPRT stop.

use super::elo::{Hypothesis, Pentanomial, Sprt};
use super::games_csv::{read_games, write_games, GameRow};
use super::pairings::{GameJob, PlayedGame, PreparedMatch};
use super::precision::{first_check, stop_round, worst_half_width};
use crate::error::InputError;
use crate::search::tt::TablePool;
use crate::uci::pool::EnginePool;
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};

/// What a match run did.
pub struct MatchOutcome {
    /// The games CSV.
    pub csv: PathBuf,
    /// Games played now.
    pub played: usize,
    /// Games found finished and kept.
    pub resumed: usize,
    /// True when a signal stopped it.
    pub interrupted: bool,
    /// Games the CSV holds at the end.
    pub kept: usize,
}

/// In the default folder, a games CSV of another match is moved aside to `<name>.<hash>.csv`
/// with its manifest and its PGN, as experiments' runs are; returns where it went.
pub fn move_aside_other_match(csv: &Path, hash: &str) -> std::io::Result<Option<PathBuf>> {
    let Some(old) = read_games(csv).ok().and_then(|r| r.into_iter().next()) else {
        return Ok(None);
    };
    if old.match_hash == hash {
        return Ok(None);
    }
    // The PGN holds the same games: it goes with them, or the next match would overwrite it.
    crate::storage::aside::move_aside(csv, &old.match_hash, &["pgn"]).map(Some)
}

/// Refuses a games CSV that holds another match's games (unless `force`): called before the
/// match writes anything beside it, so that the other match's manifest survives the refusal.
pub fn refuse_other_match(csv: &Path, hash: &str, force: bool) -> anyhow::Result<()> {
    if force || !csv.exists() {
        return Ok(());
    }
    let old = read_games(csv)?;
    match old.first() {
        Some(r) if r.match_hash != hash => Err(InputError::in_file(
            csv.display().to_string(),
            format!("holds games of match {}, but this match is {hash}; use --force to replace it or --out to write elsewhere", r.match_hash),
        )
        .into()),
        _ => Ok(()),
    }
}

/// What `run_match` tells its caller as it goes.
pub enum MatchEvent<'a> {
    /// Once, before any game starts: the games of this match the CSV already held.
    Resumed(&'a [GameRow]),
    /// A game has finished and is in the CSV.
    Played(&'a PlayedGame),
    /// A precision check on whole rounds: the worst half-width so far, and the target.
    Precision { worst: f64, target: f64 },
}

/// Which rounds (one pair of every pairing) are complete, as games come in any order.
struct Rounds {
    /// Games finished per pair index.
    games: Vec<usize>,
    /// Games in a whole round.
    per_round: usize,
    /// Rounds 0..complete are whole.
    complete: usize,
}

impl Rounds {
    fn new(pairings: usize, done: &[GameRow]) -> Rounds {
        let mut rounds = Rounds {
            games: Vec::new(),
            per_round: 2 * pairings,
            complete: 0,
        };
        done.iter().for_each(|r| rounds.add(r.pair));
        rounds
    }

    fn add(&mut self, pair: usize) {
        if self.games.len() <= pair {
            self.games.resize(pair + 1, 0);
        }
        self.games[pair] += 1;
        while self.games.get(self.complete) == Some(&self.per_round) {
            self.complete += 1;
        }
    }
}

/// Plays the match into `csv` (resuming what it holds of the same match), `threads` at a time.
pub fn run_match(
    prepared: &PreparedMatch,
    csv: &Path,
    threads: usize,
    force: bool,
    stop: &AtomicBool,
    mut on_event: impl FnMut(MatchEvent),
) -> anyhow::Result<MatchOutcome> {
    if let Some(parent) = csv.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    let mut done: Vec<GameRow> = Vec::new();
    refuse_other_match(csv, &prepared.hash, force)?;
    if csv.exists() {
        let old = read_games(csv)?;
        if old.first().is_some_and(|r| r.match_hash == prepared.hash) {
            done = old;
        }
    }
    let pairing_names: Vec<(String, String)> = prepared
        .pairings
        .iter()
        .map(|p| {
            (
                prepared.variants[p.variant].name.clone(),
                prepared.variants[p.opponent].name.clone(),
            )
        })
        .collect();
    let design = prepared.experiment.design.as_ref();
    let precision = prepared.options.precision;
    let mut rounds = Rounds::new(pairing_names.len(), &done);
    // A run resumed past the point where its target was met plays nothing more.
    let met_at = precision
        .and_then(|target| stop_round(design, &pairing_names, &done, rounds.complete, target));
    let pair_limit = AtomicUsize::new(met_at.unwrap_or(usize::MAX));
    // A file that already holds this match is left as it is until a game changes it.
    let holds_this_match = csv.exists() && !done.is_empty();
    if !holds_this_match {
        write_games(csv, &done, false)?;
    }
    let finished: HashSet<(String, String, usize, usize)> = done
        .iter()
        .map(|r| (r.variant.clone(), r.opponent.clone(), r.pair, r.game))
        .collect();
    // Games are taken one at a time by index, so memory does not grow with --games.
    let is_pending = |j: &GameJob| {
        let p = prepared.pairings[j.pairing];
        !finished.contains(&(
            prepared.variants[p.variant].name.clone(),
            prepared.variants[p.opponent].name.clone(),
            j.pair,
            usize::from(j.swapped),
        ))
    };
    let resumed = done.len();
    on_event(MatchEvent::Resumed(&done));
    if let (Some(target), Some(r)) = (precision, met_at) {
        let worst = worst_half_width(design, &pairing_names, &done, r).unwrap_or(f64::NAN);
        on_event(MatchEvent::Precision { worst, target });
    }
    // Each pairing's SPRT, decided on its first pairs in order; later pairs are not started.
    let decided: Vec<AtomicBool> = prepared
        .pairings
        .iter()
        .map(|_| AtomicBool::new(false))
        .collect();
    let all_rows = Mutex::new(done);
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<Result<PlayedGame, String>>();
    // Each worker reuses its engines from game to game; the pool ends (and stops them) with
    // the match.
    let engines = EnginePool::default();
    let tables = TablePool::default();
    let mut played = 0;
    let mut result: anyhow::Result<()> = Ok(());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()?;
    std::thread::scope(|scope| {
        let (next, is_pending, decided, engines, tables, pair_limit) =
            (&next, &is_pending, &decided, &engines, &tables, &pair_limit);
        let workers = sender.clone();
        // The pool's workers take games in canonical order from one counter, so that each
        // pairing's early pairs finish first (SPRT reads them in order).
        scope.spawn(move || {
            pool.scope(|pool_scope| {
                for _ in 0..threads.max(1) {
                    let sender = workers.clone();
                    pool_scope.spawn(move |_| loop {
                        if stop.load(Ordering::Relaxed) {
                            return;
                        }
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(job) = prepared.job(i) else { return };
                        if job.pair >= pair_limit.load(Ordering::Relaxed) {
                            return;
                        }
                        if !is_pending(&job) || decided[job.pairing].load(Ordering::Relaxed) {
                            continue;
                        }
                        let played = prepared.play(&job, engines, tables, stop).transpose();
                        if let Some(played) = played {
                            let failed = played.is_err();
                            if sender.send(played).is_err() || failed {
                                return;
                            }
                        }
                    });
                }
            });
            drop(workers);
        });
        drop(sender);
        for game in receiver {
            if result.is_err() {
                continue;
            }
            let game = match game {
                Ok(game) => game,
                Err(message) => {
                    // An engine that cannot be restarted ends the match; finished games stay.
                    result = Err(anyhow::anyhow!(message));
                    stop.store(true, Ordering::Relaxed);
                    continue;
                }
            };
            result = write_games(csv, std::slice::from_ref(&game.row), true);
            played += 1;
            on_event(MatchEvent::Played(&game));
            let row = game.row;
            let mut rows = all_rows.lock().unwrap_or_else(|e| e.into_inner());
            rows.push(row);
            if let Some(sprt) = prepared.options.sprt {
                for (i, _) in prepared.pairings.iter().enumerate() {
                    if sprt_decision(prepared, &rows, i, &sprt).is_some() {
                        decided[i].store(true, Ordering::Relaxed);
                    }
                }
            }
            let before = rounds.complete;
            rounds.add(rows.last().map_or(0, |r| r.pair));
            let limit = pair_limit.load(Ordering::Relaxed);
            if let (Some(target), true) = (precision, limit == usize::MAX) {
                let first = first_check(pairing_names.len());
                for r in (before + 1)..=rounds.complete {
                    if r < first {
                        continue;
                    }
                    let worst = worst_half_width(design, &pairing_names, &rows, r);
                    let worst = worst.unwrap_or(f64::INFINITY);
                    on_event(MatchEvent::Precision { worst, target });
                    if worst <= target {
                        pair_limit.store(r, Ordering::Relaxed);
                        break;
                    }
                }
            }
            if result.is_err() {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    result?;
    let mut rows = all_rows.into_inner().unwrap_or_else(|e| e.into_inner());
    // Only a signal (or a failed write) sets `stop`; an SPRT decision skips games without it.
    let interrupted = stop.load(Ordering::Relaxed);
    let limit = pair_limit.load(Ordering::Relaxed);
    if limit != usize::MAX {
        // The first rounds that met the target; games of later pairs already in play are
        // dropped, so that the file is the same for any --jobs.
        rows.retain(|r| r.pair < limit);
    }
    let unchanged = played == 0 && rows.len() == resumed;
    if !interrupted && !unchanged {
        // Canonical order; with SPRT, only the pairs up to each decision, so that the file is
        // the same for any --jobs.
        if let Some(sprt) = prepared.options.sprt {
            let cut: Vec<Option<usize>> = (0..prepared.pairings.len())
                .map(|i| sprt_decision(prepared, &rows, i, &sprt).map(|(pairs, _, _)| pairs))
                .collect();
            rows.retain(|r| {
                let (pair, pairing, _) = prepared.order_key(r);
                cut.get(pairing).copied().flatten().is_none_or(|n| pair < n)
            });
        }
        rows.sort_by_key(|r| prepared.order_key(r));
        let tmp = csv.with_extension("csv.tmp");
        write_games(&tmp, &rows, false)?;
        std::fs::rename(&tmp, csv)?;
    }
    Ok(MatchOutcome {
        csv: csv.to_path_buf(),
        played,
        resumed,
        interrupted,
        kept: rows.len(),
    })
}

/// The first prefix of complete pairs (in pair order) at which pairing `i`'s SPRT decides:
/// (pairs, LLR, hypothesis).
pub fn sprt_decision(
    prepared: &PreparedMatch,
    rows: &[GameRow],
    i: usize,
    sprt: &Sprt,
) -> Option<(usize, f64, Hypothesis)> {
    let p = prepared.pairings[i];
    let (v, o) = (
        &prepared.variants[p.variant].name,
        &prepared.variants[p.opponent].name,
    );
    let mut by_pair: BTreeMap<usize, Vec<f64>> = BTreeMap::new();
    for r in rows.iter().filter(|r| &r.variant == v && &r.opponent == o) {
        by_pair.entry(r.pair).or_default().push(r.variant_points());
    }
    let mut ptnml = Pentanomial::default();
    for (expected, (pair, points)) in by_pair.iter().enumerate() {
        if *pair != expected || points.len() < 2 {
            return None;
        }
        ptnml.0[(points.iter().sum::<f64>() * 2.0).round() as usize] += 1;
        let llr = sprt.llr(&ptnml);
        if let Some(h) = sprt.decide(llr) {
            return Some((expected + 1, llr, h));
        }
    }
    None
}
