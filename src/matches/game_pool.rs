//! The match's second stage, play: the games still to play, on a worker pool, in canonical
//! order, each handed on as it ends. What to skip comes in through `Control` (a signal, a
//! pairing's SPRT decided, the precision target met); this stage does not record or decide.

use super::pairings::{GameJob, PreparedMatch};
use super::played_game::{play_job, PlayedGame};
use crate::search::tt::TablePool;
use crate::uci::pool::EnginePool;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// What the later stages tell the players: stop, the first pair not to start, and the
/// pairings whose later pairs are not started.
pub struct Control<'a> {
    /// Set by a signal or by a stage that failed: stop starting games, abandon running ones.
    pub stop: &'a AtomicBool,
    pair_limit: AtomicUsize,
    decided: Vec<AtomicBool>,
}

impl<'a> Control<'a> {
    /// Nothing decided yet for `pairings` pairings; pairs from `pair_limit` on are not started.
    pub fn new(stop: &'a AtomicBool, pairings: usize, pair_limit: Option<usize>) -> Control<'a> {
        Control {
            stop,
            pair_limit: AtomicUsize::new(pair_limit.unwrap_or(usize::MAX)),
            decided: (0..pairings).map(|_| AtomicBool::new(false)).collect(),
        }
    }

    /// Pairs from `pair` on are not started.
    pub fn limit_pairs(&self, pair: usize) {
        self.pair_limit.store(pair, Ordering::Relaxed);
    }

    /// Pairing `i`'s later pairs are not started.
    pub fn decide(&self, i: usize) {
        self.decided[i].store(true, Ordering::Relaxed);
    }

    /// Whether `job`'s pairing has decided, so that its later pairs are not started.
    fn decided(&self, job: &GameJob) -> bool {
        self.decided[job.pairing].load(Ordering::Relaxed)
    }
}

/// Plays the games `is_pending` keeps, `threads` at a time, and hands each to `on_game` as it
/// ends. An engine that cannot be restarted, or an error from `on_game`, stops the match; the
/// games handed on before stay handed on. Returns the games played.
pub fn play_games(
    prepared: &PreparedMatch,
    threads: usize,
    control: &Control,
    is_pending: impl Fn(&GameJob) -> bool + Sync,
    mut on_game: impl FnMut(PlayedGame) -> anyhow::Result<()>,
) -> anyhow::Result<usize> {
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<Result<PlayedGame, String>>();
    // Each worker reuses its engines from game to game; the pool ends (and stops them) with
    // the match. Two idle engines a worker are kept, enough for the opponent every point of a
    // design plays, and for the next game of a pairing.
    let engines = EnginePool::keeping(2 * threads.max(1));
    let tables = TablePool::default();
    let mut played = 0;
    let mut result: anyhow::Result<()> = Ok(());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()?;
    std::thread::scope(|scope| {
        let (next, is_pending, engines, tables) = (&next, &is_pending, &engines, &tables);
        let workers = sender.clone();
        // The pool's workers take games in canonical order from one counter, so that each
        // pairing's early pairs finish first (SPRT reads them in order).
        scope.spawn(move || {
            pool.scope(|pool_scope| {
                for _ in 0..threads.max(1) {
                    let sender = workers.clone();
                    pool_scope.spawn(move |_| loop {
                        if control.stop.load(Ordering::Relaxed) {
                            return;
                        }
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(job) = prepared.job(i) else { return };
                        if job.pair >= control.pair_limit.load(Ordering::Relaxed) {
                            return;
                        }
                        if !is_pending(&job) || control.decided(&job) {
                            continue;
                        }
                        let game = play_job(prepared, &job, engines, tables, control.stop);
                        if let Some(game) = game.transpose() {
                            let failed = game.is_err();
                            if sender.send(game).is_err() || failed {
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
            result = match game {
                Ok(game) => {
                    played += 1;
                    on_game(game)
                }
                // An engine that cannot be restarted ends the match; finished games stay.
                Err(message) => Err(anyhow::anyhow!(message)),
            };
            if result.is_err() {
                control.stop.store(true, Ordering::Relaxed);
            }
        }
    });
    result.map(|()| played)
}
