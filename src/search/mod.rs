//! The one search: fail-soft negamax alpha-beta whose behaviour comes from `SearchConfig`.

pub mod captures;
pub mod history;
pub mod killers;
pub mod movegen;
pub mod ordering;
pub mod picker;
pub mod pv;
pub mod stats;
pub mod tt;

use crate::chess::eval::EvalKind;
use crate::chess::eval::{
    evaluate, evaluate_incremental, psq_delta, psq_delta_capture, psq_without_kings,
};
use crate::chess::is_tactical;
use crate::chess::notation::{uci, uci_line};
use crate::config::search_config::{
    AspirationResearch, HistoryGood, HistoryScope, QuiescenceOrdering, TtMode,
};
use crate::config::SearchConfig;
use captures::{generate_captures, CaptureList};
use cozy_chess::{Board, Move, Square};
use history::HistoryTable;
use killers::KillerTable;
use movegen::{generate, select_best, Gen, MoveList};
use ordering::{is_losing_capture, is_losing_known, mvv_lva_known};
use picker::{MovePicker, PickerPlan};
use pv::PvTable;
use serde::Serialize;
pub use stats::SearchStats;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;
use tt::{Bound, TranspositionTable};

/// A score in centipawns from the side to move's point of view.
pub type Score = i32;
/// Larger than any score.
pub const INF: Score = 32_000;
/// Being mated at ply p scores −(MATE − p).
pub const MATE: Score = 30_000;
/// Scores beyond this are mate scores.
pub const MATE_BOUND: Score = MATE - MAX_PLY as Score;
/// The deepest ply the search and quiescence may reach.
pub const MAX_PLY: usize = 128;
/// The deepest nominal depth a user may ask for.
pub const MAX_DEPTH: u32 = 64;
const DRAW: Score = 0;

/// What one completed iteration (or the single fixed-depth search) found and cost.
#[derive(Debug, Clone, Serialize)]
pub struct IterationReport {
    /// Nominal depth of this iteration.
    pub depth: u32,
    /// Root score, mate scores raw (±(30000 − ply)).
    pub score_cp: Score,
    /// Signed moves to mate, when the score is a mate score.
    pub mate: Option<i32>,
    /// The best move (the PV's first move).
    #[serde(skip)]
    pub best_move: Option<Move>,
    /// The best move in UCI, empty when the root has no legal move.
    pub best_move_uci: String,
    /// The principal variation in UCI, from the PV table.
    pub pv: String,
    /// Counters of this iteration alone.
    pub stats: SearchStats,
    /// nodes + qnodes from the start of the search through this iteration.
    pub nodes_cum: u64,
    /// Wall time of this iteration, milliseconds.
    pub time_ms: f64,
    /// Wall time from the start of the search through this iteration, milliseconds.
    pub time_ms_cum: f64,
}

/// The search was stopped from outside before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Aborted;

/// Searches `board` to `depth` with fresh tables; one report per completed iteration.
pub fn search(
    board: &Board,
    depth: u32,
    config: &SearchConfig,
    stop: Option<&AtomicBool>,
) -> Result<Vec<IterationReport>, Aborted> {
    let mut table = (config.tt != TtMode::Off).then(|| TranspositionTable::new(config.tt_mb));
    search_with_table(board, depth, config, stop, table.as_mut())
}

/// Like `search`, reusing a table's memory; the table is emptied first, so results are identical.
pub fn search_with_table(
    board: &Board,
    depth: u32,
    config: &SearchConfig,
    stop: Option<&AtomicBool>,
    table: Option<&mut TranspositionTable>,
) -> Result<Vec<IterationReport>, Aborted> {
    let table = if config.tt == TtMode::Off {
        None
    } else {
        table
    };
    if let Some(t) = &table {
        assert_eq!(
            t.megabytes(),
            TranspositionTable::new_size_mb(config.tt_mb),
            "a table of the configured size"
        );
    }
    Searcher::new(config, stop, table).run(board, depth)
}

/// Mate distance in moves for a mate score (positive: the side to move mates).
pub fn mate_in(score: Score) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-((MATE + score) / 2))
    } else {
        None
    }
}

struct Searcher<'a> {
    cfg: &'a SearchConfig,
    plan: PickerPlan,
    tt: Option<&'a mut TranspositionTable>,
    killers: KillerTable,
    history: HistoryTable,
    pv: PvTable,
    stats: SearchStats,
    path: [u64; MAX_PLY + 1],
    stop: Option<&'a AtomicBool>,
    aborted: bool,
}

impl<'a> Searcher<'a> {
    fn new(
        cfg: &'a SearchConfig,
        stop: Option<&'a AtomicBool>,
        mut tt: Option<&'a mut TranspositionTable>,
    ) -> Self {
        if let Some(table) = tt.as_mut() {
            table.new_search();
        }
        Searcher {
            cfg,
            plan: PickerPlan::new(&cfg.ordering),
            tt,
            killers: KillerTable::new(cfg.ordering.killers),
            history: HistoryTable::new(cfg.ordering.history_table, cfg.ordering.history_bonus),
            pv: PvTable::new(),
            stats: SearchStats::default(),
            path: [0; MAX_PLY + 1],
            stop,
            aborted: false,
        }
    }

    fn run(&mut self, root: &Board, depth: u32) -> Result<Vec<IterationReport>, Aborted> {
        let depth = depth.clamp(1, MAX_DEPTH);
        let first = if self.cfg.iterative_deepening {
            1
        } else {
            depth
        };
        let mut guess = evaluate(root, self.cfg.eval);
        let mut reports = Vec::with_capacity(depth as usize);
        let mut nodes_cum = 0;
        let started = Instant::now();
        for d in first..=depth {
            if d > first {
                self.history.decay(self.cfg.ordering.history_decay);
            }
            self.stats.seldepth = 0;
            let before = self.stats;
            let iteration_start = Instant::now();
            let score = self.root_search(root, d, guess);
            if self.aborted {
                return Err(Aborted);
            }
            let stats = self.stats.since(&before);
            nodes_cum += stats.nodes + stats.qnodes;
            let line = self.pv.line(0);
            reports.push(IterationReport {
                depth: d,
                score_cp: score,
                mate: mate_in(score),
                best_move: line.first().copied(),
                best_move_uci: line.first().map(|&mv| uci(root, mv)).unwrap_or_default(),
                pv: uci_line(root, line),
                stats,
                nodes_cum,
                time_ms: iteration_start.elapsed().as_secs_f64() * 1e3,
                time_ms_cum: started.elapsed().as_secs_f64() * 1e3,
            });
            guess = score;
        }
        Ok(reports)
    }

    /// The root with an aspiration window; re-searches until the score falls inside.
    fn root_search(&mut self, root: &Board, depth: u32, guess: Score) -> Score {
        let asp = &self.cfg.aspiration;
        if !asp.enabled {
            return self.negamax(root, depth, 0, -INF, INF, None, psq_without_kings(root));
        }
        let mut delta = asp.window;
        let mut alpha = (guess - delta).max(-INF);
        let mut beta = (guess + delta).min(INF);
        loop {
            let score = self.negamax(root, depth, 0, alpha, beta, None, psq_without_kings(root));
            if self.aborted {
                return score;
            }
            let failed_low = score <= alpha && alpha > -INF;
            let failed_high = score >= beta && beta < INF;
            if !failed_low && !failed_high {
                return score;
            }
            self.stats.asp_researches += 1;
            delta = (delta * 2).max(1);
            let widened = |bound: Score| match asp.research {
                AspirationResearch::Open => bound,
                AspirationResearch::Widen => bound.clamp(-INF, INF),
            };
            if failed_low {
                alpha = if asp.research == AspirationResearch::Open {
                    -INF
                } else {
                    widened(guess - delta)
                };
            } else {
                beta = if asp.research == AspirationResearch::Open {
                    INF
                } else {
                    widened(guess + delta)
                };
            }
        }
    }

    /// `psq` is the incrementally kept non-king PST score (White's view); see `child_psq`.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        board: &Board,
        depth: u32,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        last_to: Option<Square>,
        psq: Score,
    ) -> Score {
        self.stats.nodes += 1;
        self.poll_stop();
        if self.aborted {
            return DRAW;
        }
        self.pv.clear(ply);
        self.stats.seldepth = self.stats.seldepth.max(ply as u32);
        let minimax = !self.cfg.alphabeta;
        let key = board.hash();
        self.path[ply] = key;
        // A repetition is a draw; alpha-beta takes it as a cutoff, minimax still expands the node.
        let repeated = ply > 0 && self.repeats(key, ply, board.halfmove_clock());
        if repeated && !minimax {
            if depth == 0 {
                self.stats.leaves += 1;
            }
            return DRAW;
        }
        if depth == 0 {
            self.stats.leaves += 1;
            let score = if self.cfg.quiescence.enabled {
                self.quiescence(board, ply, alpha, beta, psq)
            } else {
                self.evaluate(board, psq)
            };
            return if repeated { DRAW } else { score };
        }

        let mut hash_move = None;
        if let Some(tt) = &self.tt {
            self.stats.tt_probes += 1;
            if let Some(entry) = tt.probe(key, ply) {
                self.stats.tt_hits += 1;
                hash_move = entry.mv;
                // Never inside the window: an exact score there would cut the PV short.
                if self.cfg.tt == TtMode::Full && ply > 0 && entry.depth as u32 >= depth {
                    let cut = match entry.bound {
                        Bound::Exact => entry.score <= alpha || entry.score >= beta,
                        Bound::Lower => entry.score >= beta,
                        Bound::Upper => entry.score <= alpha,
                    };
                    if cut {
                        self.stats.tt_cutoffs += 1;
                        return entry.score;
                    }
                }
            }
        }

        let original_alpha = alpha;
        let mut picker = MovePicker::new(self.plan, hash_move, self.killers.at(ply), last_to);
        let mut best = -INF;
        let mut best_move = None;
        let mut searched = 0;
        while let Some(mv) = picker.next(board, &self.history) {
            let child_psq = self.child_psq(board, mv, psq);
            let mut child = board.clone();
            child.play_unchecked(mv);
            let to = Some(mv.to);
            let score = if minimax {
                -self.negamax(&child, depth - 1, ply + 1, -INF, INF, to, child_psq)
            } else if searched == 0 || !self.cfg.pvs {
                -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, to, child_psq)
            } else {
                let probe = -self.negamax(
                    &child,
                    depth - 1,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    to,
                    child_psq,
                );
                if probe > alpha && probe < beta {
                    -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, to, child_psq)
                } else {
                    probe
                }
            };
            searched += 1;
            if self.aborted {
                return DRAW;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if minimax {
                    self.pv.update(ply, mv);
                } else if score > alpha {
                    alpha = score;
                    self.pv.update(ply, mv);
                    if score >= beta {
                        self.stats.beta_cutoffs += 1;
                        self.stats.first_move_cutoffs += u64::from(searched == 1);
                        self.learn(board, mv, depth, ply);
                        break;
                    }
                }
            }
        }

        if searched == 0 {
            let score = if board.checkers().is_empty() {
                DRAW
            } else {
                -(MATE - ply as Score)
            };
            return if repeated { DRAW } else { score };
        }
        if best > original_alpha
            && best < beta
            && self.cfg.ordering.history_good == HistoryGood::CutoffAndPv
        {
            if let Some(mv) = best_move {
                self.learn(board, mv, depth, ply);
            }
        }
        if let Some(tt) = &mut self.tt {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            tt.store(key, ply, best_move, best, depth, bound);
        }
        if repeated {
            DRAW
        } else {
            best
        }
    }

    /// Captures only, beyond the horizon; the static evaluation is a lower bound when stand-pat is on.
    ///
    /// Always alpha-beta, even under `alphabeta = false`: there the horizon node opens it with a full
    /// window, so its value is exact, while a full-width capture tree would grow beyond reach.
    fn quiescence(
        &mut self,
        board: &Board,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        psq: Score,
    ) -> Score {
        self.stats.seldepth = self.stats.seldepth.max(ply as u32);
        let q = &self.cfg.quiescence;
        let stand = self.evaluate(board, psq);
        let mut best = if q.stand_pat { stand } else { -INF };
        if q.stand_pat {
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        if ply >= MAX_PLY {
            return stand;
        }
        if q.ordering == QuiescenceOrdering::MvvLva {
            // Hot path: victims and attackers are known from generation, so nothing is looked up.
            let prune = q.prune_losing;
            let mut list = CaptureList::new();
            generate_captures(board, &mut list, |attacker, victim, promotion| {
                (!(prune && is_losing_known(attacker, victim, promotion)))
                    .then(|| mvv_lva_known(attacker, victim, promotion))
            });
            for i in 0..list.len() {
                select_best(&mut list, i);
                let c = list[i];
                let child_psq = match self.cfg.eval {
                    EvalKind::Pst => psq + psq_delta_capture(board, c.mv, c.piece, c.victim),
                    EvalKind::Material => psq,
                };
                match self
                    .quiescence_child(board, c.mv, ply, &mut alpha, beta, &mut best, child_psq)
                {
                    ControlFlow::Break(()) => break,
                    ControlFlow::Continue(()) => {}
                }
            }
        } else {
            // Generator order: the plain generator's order is the definition of "none".
            let mut list = MoveList::new();
            generate(board, Gen::Captures, &mut list);
            if q.prune_losing {
                list.retain(|m| !is_losing_capture(board, m.mv));
            }
            for m in list {
                let child_psq = self.child_psq(board, m.mv, psq);
                match self
                    .quiescence_child(board, m.mv, ply, &mut alpha, beta, &mut best, child_psq)
                {
                    ControlFlow::Break(()) => break,
                    ControlFlow::Continue(()) => {}
                }
            }
        }
        if self.aborted {
            return DRAW;
        }
        if best == -INF {
            stand
        } else {
            best
        }
    }

    /// Searches one capture in quiescence; `Break` on a beta cutoff or an abort.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn quiescence_child(
        &mut self,
        board: &Board,
        mv: Move,
        ply: usize,
        alpha: &mut Score,
        beta: Score,
        best: &mut Score,
        child_psq: Score,
    ) -> ControlFlow<()> {
        let mut child = board.clone();
        child.play_unchecked(mv);
        self.stats.qnodes += 1;
        self.poll_stop();
        let score = -self.quiescence(&child, ply + 1, -beta, -*alpha, child_psq);
        if self.aborted {
            return ControlFlow::Break(());
        }
        if score > *best {
            *best = score;
            if score > *alpha {
                *alpha = score;
                if score >= beta {
                    return ControlFlow::Break(());
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Static evaluation; the PST's non-king part arrives incrementally.
    #[inline]
    fn evaluate(&self, board: &Board, psq: Score) -> Score {
        evaluate_incremental(board, self.cfg.eval, psq)
    }

    /// The incremental PST part after `mv`; material evaluation needs none.
    #[inline]
    fn child_psq(&self, board: &Board, mv: Move, psq: Score) -> Score {
        match self.cfg.eval {
            EvalKind::Pst => psq + psq_delta(board, mv),
            EvalKind::Material => psq,
        }
    }

    /// A good move teaches killers (quiet moves only) and history (within its scope).
    fn learn(&mut self, board: &Board, mv: Move, depth: u32, ply: usize) {
        let tactical = is_tactical(board, mv);
        if !tactical {
            self.killers.record(ply, mv);
        }
        let ordering = &self.cfg.ordering;
        if ordering.history && (!tactical || ordering.history_scope == HistoryScope::AllRemaining) {
            self.history.reward(board, mv, depth);
        }
    }

    /// Same position earlier on the path, same side to move, no irreversible move since.
    #[inline]
    fn repeats(&self, key: u64, ply: usize, halfmove_clock: u8) -> bool {
        let reach = ply.min(halfmove_clock as usize);
        (2..=reach)
            .step_by(2)
            .any(|back| self.path[ply - back] == key)
    }

    #[inline]
    fn poll_stop(&mut self) {
        if (self.stats.nodes + self.stats.qnodes) & 4095 == 0 {
            if let Some(stop) = self.stop {
                if stop.load(Ordering::Relaxed) {
                    self.aborted = true;
                }
            }
        }
    }
}
