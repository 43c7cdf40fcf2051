//! The searcher: fail-soft negamax alpha-beta, written as labelled steps. Each step names the
//! knobs it obeys; with every knob at its value the step is the textbook one.

use super::captures::Capture;
use super::history::HistoryTable;
use super::killers::KillerTable;
use super::picker::{CapturePicker, MovePicker, PickerPlan};
use super::pv::PvTable;
use super::tt::{Bound, TranspositionTable};
use super::{mate_in, Aborted, IterationReport, Score, SearchStats, Window};
use super::{DRAW, INF, MATE, MAX_PLY};
use crate::chess::eval::{
    evaluate, evaluate_incremental, psq_delta, psq_delta_capture, psq_without_kings, EvalKind,
};
use crate::chess::notation::{uci, uci_line};
use crate::chess::{is_tactical, repetition_key};
use crate::config::search_config::{AspirationResearch, HistoryGood, HistoryScope, TtMode};
use crate::config::SearchConfig;
use cozy_chess::{Board, Move, Square};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// One search's state: the configuration, its tables and its counters. Nothing is shared.
pub(super) struct Searcher<'a> {
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
    pub(super) fn new(
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

    /// Iterative deepening (`iterative_deepening`, `ordering.history_decay`): one report per
    /// iteration, or one search at `depth` alone.
    pub(super) fn run(
        &mut self,
        root: &Board,
        depth: u32,
    ) -> Result<Vec<IterationReport>, Aborted> {
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

    /// The root in an aspiration window (`aspiration.enabled`, `aspiration.window`,
    /// `aspiration.research`), re-searched until the score falls inside.
    fn root_search(&mut self, root: &Board, depth: u32, guess: Score) -> Score {
        let asp = &self.cfg.aspiration;
        let psq = psq_without_kings(root);
        if !asp.enabled {
            return self.negamax(root, depth, 0, Window::FULL, None, psq);
        }
        let mut delta = asp.window;
        let mut window = Window::around(guess, delta);
        loop {
            let score = self.negamax(root, depth, 0, window, None, psq);
            if self.aborted {
                return score;
            }
            let failed_low = score <= window.alpha && window.alpha > -INF;
            let failed_high = score >= window.beta && window.beta < INF;
            if !failed_low && !failed_high {
                return score;
            }
            self.stats.asp_researches += 1;
            delta = (delta * 2).max(1);
            let open = asp.research == AspirationResearch::Open;
            if failed_low {
                window.alpha = if open {
                    -INF
                } else {
                    (guess - delta).clamp(-INF, INF)
                };
            } else {
                window.beta = if open {
                    INF
                } else {
                    (guess + delta).clamp(-INF, INF)
                };
            }
        }
    }

    /// One main-search node. `psq` is the incrementally kept non-king PST score (White's view).
    fn negamax(
        &mut self,
        board: &Board,
        depth: u32,
        ply: usize,
        mut window: Window,
        last_to: Option<Square>,
        psq: Score,
    ) -> Score {
        // Step 1. Count the node; honour a stop request.
        self.stats.nodes += 1;
        self.poll_stop();
        if self.aborted {
            return DRAW;
        }
        self.pv.clear(ply);
        self.stats.seldepth = self.stats.seldepth.max(ply as u64);
        let minimax = !self.cfg.alphabeta;
        let key = board.hash();
        self.path[ply] = repetition_key(board);

        // Step 2. Repetition (a rule, not a knob): a draw. Alpha-beta takes it as a cutoff;
        // minimax (`alphabeta = false`) still expands the node, so its tree stays the perft tree.
        let repeated = ply > 0 && self.repeats(ply, board.halfmove_clock());
        if repeated && !minimax {
            if depth == 0 {
                self.stats.leaves += 1;
            }
            return DRAW;
        }

        // Step 3. Horizon: quiescence (`quiescence.*`) or the static evaluation (`eval`).
        if depth == 0 {
            self.stats.leaves += 1;
            let score = if self.cfg.quiescence.enabled {
                self.quiescence(board, ply, window, psq)
            } else {
                self.evaluate(board, psq)
            };
            return if repeated { DRAW } else { score };
        }

        // Step 4. Transposition table (`tt`, `tt_mb`): the hash move orders; with "full", a
        // stored bound deep enough ends the node. Never inside the window: an exact score there
        // would cut the PV short.
        let mut hash_move = None;
        if let Some(tt) = &self.tt {
            self.stats.tt_probes += 1;
            if let Some(entry) = tt.probe(key, ply) {
                self.stats.tt_hits += 1;
                hash_move = entry.mv;
                if self.cfg.tt == TtMode::Full && ply > 0 && entry.depth as u32 >= depth {
                    let cut = match entry.bound {
                        Bound::Exact => !window.contains(entry.score),
                        Bound::Lower => entry.score >= window.beta,
                        Bound::Upper => entry.score <= window.alpha,
                    };
                    if cut {
                        self.stats.tt_cutoffs += 1;
                        return entry.score;
                    }
                }
            }
        }

        // Step 5. The moves, best first by the staged picker (`ordering.*`). The first is
        // searched with the full window; the rest with a null window and re-searched when they
        // beat alpha (`pvs`); minimax (`alphabeta = false`) searches every move fully.
        let original_alpha = window.alpha;
        let mut picker = MovePicker::new(self.plan, hash_move, self.killers.at(ply), last_to);
        let mut best = -INF;
        let mut best_move = None;
        let mut searched = 0;
        while let Some(mv) = picker.next(board, &self.history) {
            let child_psq = self.child_psq(board, mv, psq);
            let mut child = board.clone();
            child.play_unchecked(mv);
            let (next, to) = (depth - 1, Some(mv.to));
            let score = if minimax {
                -self.negamax(&child, next, ply + 1, Window::FULL, to, child_psq)
            } else if searched == 0 || !self.cfg.pvs {
                -self.negamax(&child, next, ply + 1, window.negated(), to, child_psq)
            } else {
                let probe =
                    -self.negamax(&child, next, ply + 1, window.null_child(), to, child_psq);
                if window.contains(probe) {
                    -self.negamax(&child, next, ply + 1, window.negated(), to, child_psq)
                } else {
                    probe
                }
            };
            searched += 1;
            if self.aborted {
                return DRAW;
            }

            // Step 6. A better move raises alpha; one that reaches beta ends the node and
            // teaches killers and history (`ordering.killers`, `ordering.history*`).
            if score > best {
                best = score;
                best_move = Some(mv);
                if minimax {
                    self.pv.update(ply, mv);
                } else if score > window.alpha {
                    window.alpha = score;
                    self.pv.update(ply, mv);
                    if score >= window.beta {
                        self.stats.beta_cutoffs += 1;
                        self.stats.first_move_cutoffs += u64::from(searched == 1);
                        self.learn(board, mv, depth, ply);
                        break;
                    }
                }
            }
        }

        // Step 7. No legal move: mate, or stalemate (a draw).
        if searched == 0 {
            let score = if board.checkers().is_empty() {
                DRAW
            } else {
                -(MATE - ply as Score)
            };
            return if repeated { DRAW } else { score };
        }

        // Step 8. The best move of a node that ended inside the window also teaches
        // (`ordering.history_good = "cutoff_and_pv"`).
        if best > original_alpha
            && best < window.beta
            && self.cfg.ordering.history_good == HistoryGood::CutoffAndPv
        {
            if let Some(mv) = best_move {
                self.learn(board, mv, depth, ply);
            }
        }

        // Step 9. Store the result with its bound (`tt`).
        if let Some(tt) = &mut self.tt {
            let bound = if best >= window.beta {
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

    /// Captures only, beyond the horizon.
    ///
    /// Always alpha-beta, even under `alphabeta = false`: there the horizon node opens it with a
    /// full window, so its value is exact, while a full-width capture tree would grow beyond reach.
    fn quiescence(&mut self, board: &Board, ply: usize, mut window: Window, psq: Score) -> Score {
        self.stats.seldepth = self.stats.seldepth.max(ply as u64);
        let q = &self.cfg.quiescence;

        // Step 1. Stand pat (`quiescence.stand_pat`): the side to move may take the static
        // evaluation instead of capturing.
        let stand = self.evaluate(board, psq);
        let mut best = if q.stand_pat { stand } else { -INF };
        if q.stand_pat {
            if best >= window.beta {
                return best;
            }
            window.alpha = window.alpha.max(best);
        }
        if ply >= MAX_PLY {
            return stand;
        }

        // Step 2. Captures from the quiescence picker (`quiescence.ordering`,
        // `quiescence.prune_losing`), until one reaches beta.
        let mut picker = CapturePicker::new();
        picker.fill(board, q.ordering, q.prune_losing);
        for capture in &mut picker {
            let child_psq = self.capture_psq(board, &capture, psq);
            let mut child = board.clone();
            child.play_unchecked(capture.mv);
            self.stats.qnodes += 1;
            self.poll_stop();
            let score = -self.quiescence(&child, ply + 1, window.negated(), child_psq);
            if self.aborted {
                return DRAW;
            }
            if score > best {
                best = score;
                if score > window.alpha {
                    window.alpha = score;
                    if score >= window.beta {
                        break;
                    }
                }
            }
        }
        if best == -INF {
            stand
        } else {
            best
        }
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

    /// `child_psq` for a capture whose pieces the generator already knows.
    #[inline]
    fn capture_psq(&self, board: &Board, c: &Capture, psq: Score) -> Score {
        match self.cfg.eval {
            EvalKind::Pst => psq + psq_delta_capture(board, c.mv, c.piece, c.victim),
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
    fn repeats(&self, ply: usize, halfmove_clock: u8) -> bool {
        let reach = ply.min(halfmove_clock as usize);
        (2..=reach)
            .step_by(2)
            .any(|back| self.path[ply - back] == self.path[ply])
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
