//! The searcher: fail-soft negamax alpha-beta, written as labelled steps. Each step names the
//! knobs it obeys; with every knob at its value the step is the textbook one.

use super::captures::Capture;
use super::history::HistoryTable;
use super::killers::KillerTable;
use super::movegen::{generate, Gen, MoveList};
use super::picker::{CapturePicker, MovePicker, PickerPlan};
use super::pv::PvTable;
use super::tt::{Bound, TranspositionTable};
use super::{mate_in, Aborted, IterationReport, Score, SearchStats, Window};
use super::{DRAW, INF, MATE, MATE_BOUND, MAX_PLY};
use crate::chess::eval::{
    evaluate, evaluate_incremental, psq_delta, psq_delta_capture, psq_without_kings, EvalKind,
};
use crate::chess::notation::{uci, uci_line};
use crate::chess::{is_tactical, piece_value, repetition_key};
use crate::config::search_config::{
    AspirationResearch, HistoryGood, HistoryScope, LmrReduction, NullVerify, TtMode,
};
use crate::config::SearchConfig;
use arrayvec::ArrayVec;
use cozy_chess::{Board, Move, Piece, Square};
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
    /// The earliest ply a repetition may reach back to: the ply after the last null move.
    null_floor: [usize; MAX_PLY + 2],
    /// The node at this ply is a null-move verification: it may not try a null move itself.
    verifying: [bool; MAX_PLY + 1],
    /// Fruit's history success counts for `lmr.history_threshold`: (cutoffs, tries) per piece and square.
    success: Box<[[(u32, u32); 64]; 12]>,
    /// Some pruning, reduction or extension knob is on: the search runs as `negamax::<true>`.
    extras: bool,
    /// The knobs that act on single moves (pruning, reductions, extensions) are on.
    move_rules: bool,
    /// Razoring, reverse futility or futility is on: nodes need their static evaluation.
    uses_static_eval: bool,
    /// Nominal depth of the running iteration (the check extension's cap).
    iteration_depth: u32,
    /// Ply at which the running quiescence search began (for `quiescence.checks`).
    horizon_ply: usize,
    /// Plaat et al.'s oracle: best and refuting moves of a first search, to order a second.
    oracle: Option<&'a mut Oracle>,
    /// Repetition keys of the game's positions before the root, oldest first (an engine's game).
    game: &'a [u64],
    /// Stop once this many nodes (main and quiescence) are searched.
    node_limit: Option<u64>,
    stop: Option<&'a AtomicBool>,
    aborted: bool,
}

/// Best and refuting moves by (position, remaining depth), first found kept: the record pass
/// fills it, the replay pass tries its move first at every node.
#[derive(Debug, Default)]
pub struct Oracle {
    moves: std::collections::HashMap<(u64, u32), Move>,
    /// False while recording, true while replaying.
    pub replay: bool,
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
            null_floor: [0; MAX_PLY + 2],
            verifying: [false; MAX_PLY + 1],
            success: Box::new([[(1, 1); 64]; 12]),
            extras: cfg.futility.enabled
                || cfg.late_move_pruning.enabled
                || cfg.lmr.enabled
                || cfg.extensions.check
                || cfg.null_move.enabled
                || cfg.razoring.enabled
                || cfg.reverse_futility.enabled
                || cfg.quiescence.delta
                || cfg.quiescence.checks > 0,
            move_rules: cfg.futility.enabled
                || cfg.late_move_pruning.enabled
                || cfg.lmr.enabled
                || cfg.extensions.check,
            uses_static_eval: cfg.razoring.enabled
                || cfg.reverse_futility.enabled
                || cfg.futility.enabled,
            iteration_depth: 0,
            horizon_ply: 0,
            oracle: None,
            game: &[],
            node_limit: None,
            stop,
            aborted: false,
        }
    }

    /// A searcher that records into, or replays, `oracle` (it runs as `negamax::<true>`).
    pub(super) fn with_oracle(cfg: &'a SearchConfig, oracle: &'a mut Oracle) -> Self {
        let mut searcher = Self::new(cfg, None, None);
        searcher.oracle = Some(oracle);
        searcher.extras = true;
        searcher
    }

    /// The value the search gives a horizon node: quiescence with a full window (its exact
    /// value), or the static evaluation.
    pub(super) fn leaf_value(&mut self, board: &Board, ply: usize) -> Score {
        let psq = psq_without_kings(board);
        // Quiet checks and delta pruning live in the X search; the leaf must see them too.
        if self.extras {
            self.horizon::<true>(board, ply, Window::FULL, psq)
        } else {
            self.horizon::<false>(board, ply, Window::FULL, psq)
        }
    }

    /// Searches with `table` (emptied first).
    pub(super) fn set_table(&mut self, table: &'a mut TranspositionTable) {
        table.new_search();
        self.tt = Some(table);
    }

    /// Searches with `table` as the last search left it (`keep_tables`).
    pub(super) fn keep_table(&mut self, table: &'a mut TranspositionTable) {
        self.tt = Some(table);
    }

    /// Starts from `history` instead of an empty table (`keep_tables`).
    pub(super) fn adopt_history(&mut self, history: HistoryTable) {
        self.history = history;
    }

    /// The history table as the search left it.
    pub(super) fn into_history(self) -> HistoryTable {
        self.history
    }

    /// A searcher for a game: earlier positions count for repetition, and a node limit stops it.
    pub(super) fn for_game(
        cfg: &'a SearchConfig,
        stop: Option<&'a AtomicBool>,
        game: &'a [u64],
        node_limit: Option<u64>,
    ) -> Self {
        let mut searcher = Self::new(cfg, stop, None);
        searcher.game = game;
        searcher.node_limit = node_limit;
        // The game's positions are looked up in the repetition step of the X search.
        searcher.extras |= !game.is_empty();
        searcher
    }

    /// Iterative deepening (`iterative_deepening`, `ordering.history_decay`): one report per
    /// iteration, or one search at `depth` alone.
    pub(super) fn run(
        &mut self,
        root: &Board,
        depth: u32,
    ) -> Result<Vec<IterationReport>, Aborted> {
        let (reports, aborted) = self.run_reporting(root, depth, &mut |_| true);
        if aborted {
            Err(Aborted)
        } else {
            Ok(reports)
        }
    }

    /// `run`, handing each completed iteration to `on_iteration` (false: go no deeper); returns
    /// the completed iterations and whether a stop cut the last one short.
    pub(super) fn run_reporting(
        &mut self,
        root: &Board,
        depth: u32,
        on_iteration: &mut dyn FnMut(&IterationReport) -> bool,
    ) -> (Vec<IterationReport>, bool) {
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
                return (reports, true);
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
            if !on_iteration(reports.last().expect("just pushed")) {
                break;
            }
        }
        (reports, false)
    }

    /// The root in an aspiration window (`aspiration.enabled`, `aspiration.window`,
    /// `aspiration.research`), re-searched until the score falls inside.
    fn root_search(&mut self, root: &Board, depth: u32, guess: Score) -> Score {
        self.iteration_depth = depth;
        let asp = &self.cfg.aspiration;
        let psq = psq_without_kings(root);
        if !asp.enabled {
            return self.negamax_root(root, depth, Window::FULL, psq);
        }
        let mut delta = asp.window;
        let mut window = Window::around(guess, delta);
        loop {
            let score = self.negamax_root(root, depth, window, psq);
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

    /// The root node, with the search compiled for the knobs in force: with every pruning,
    /// reduction and extension knob off, their steps are not in the code at all (`X = false`),
    /// so switching a knob off costs nothing.
    fn negamax_root(&mut self, root: &Board, depth: u32, window: Window, psq: Score) -> Score {
        if self.extras {
            self.negamax::<true>(root, depth, 0, window, None, psq)
        } else {
            self.negamax::<false>(root, depth, 0, window, None, psq)
        }
    }

    /// One main-search node. `psq` is the incrementally kept non-king PST score (White's view).
    /// `X`: some pruning, reduction or extension knob is on (see `negamax_root`).
    fn negamax<const X: bool>(
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
        if X && ply >= MAX_PLY {
            // Only extensions reach this deep; the static evaluation is all there is room for.
            return self.evaluate(board, psq);
        }
        let minimax = !self.cfg.alphabeta;
        let key = board.hash();
        self.path[ply] = repetition_key(board);

        // Step 2. Repetition (a rule, not a knob): a draw. Alpha-beta takes it as a cutoff;
        // minimax (`alphabeta = false`) still expands the node, so its tree stays the perft tree.
        let repeated = ply > 0 && self.repeats(ply, board.halfmove_clock(), X);
        if repeated && !minimax {
            if depth == 0 {
                self.stats.leaves += 1;
            }
            return DRAW;
        }

        // Step 3. Horizon: quiescence (`quiescence.*`) or the static evaluation (`eval`).
        if depth == 0 {
            self.stats.leaves += 1;
            let score = self.horizon::<X>(board, ply, window, psq);
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

        // The oracle, when one is given, orders its move first (the minimal-tree estimate).
        if X {
            if let Some(oracle) = self.oracle.as_deref().filter(|o| o.replay) {
                if let Some(&mv) = oracle.moves.get(&(key, depth)) {
                    hash_move = Some(mv);
                }
            }
        }

        // The pruning steps below act only at non-PV nodes (a null window) not in check.
        let in_check = X && !board.checkers().is_empty();
        let prunable = X && !minimax && !in_check && window.beta - window.alpha == 1;
        let static_eval = if prunable && self.uses_static_eval {
            self.evaluate(board, psq)
        } else {
            0
        };

        // Step 5. Razoring (`razoring.*`): near the horizon and far below alpha, quiescence
        // decides; a score still at or below alpha ends the node.
        let razor = &self.cfg.razoring;
        if prunable && razor.enabled && depth <= 2 && static_eval + razor.margin <= window.alpha {
            let score = self.horizon::<X>(board, ply, window, psq);
            if score <= window.alpha {
                self.stats.razor_cutoffs += 1;
                return score;
            }
        }

        // Step 6. Reverse futility pruning (`reverse_futility.*`): far enough above beta that
        // no move is expected to fall below it.
        let rfp = &self.cfg.reverse_futility;
        if prunable
            && rfp.enabled
            && depth <= rfp.max_depth
            && static_eval - rfp.margin * depth as Score >= window.beta
        {
            self.stats.rfp_cutoffs += 1;
            return static_eval;
        }

        // Step 7. Null move (`null_move.*`): let the opponent move twice; if a reduced search
        // still fails high, so would a real move.
        if prunable && self.null_move_allowed(board, depth, ply, window) {
            if let Some(score) = self.null_move::<X>(board, depth, ply, window, last_to, psq) {
                return score;
            }
            if self.aborted {
                return DRAW;
            }
        }

        // Step 8. The moves, best first by the staged picker (`ordering.*`). The first is
        // searched with the full window; the rest with a null window and re-searched when they
        // beat alpha (`pvs`); minimax (`alphabeta = false`) searches every move fully.
        let original_alpha = window.alpha;
        let killers = self.killers.at(ply);
        let mut picker = MovePicker::new(self.plan, hash_move, killers, last_to);
        let mut best = -INF;
        let mut best_move = None;
        let mut searched = 0;
        let mut quiets: ArrayVec<Move, 256> = ArrayVec::new();
        while let Some(mv) = picker.next(board, &self.history) {
            let child_psq = self.child_psq(board, mv, psq);
            let mut child = board.clone();
            child.play_unchecked(mv);
            let to = Some(mv.to);
            if X && self.cfg.null_move.enabled {
                self.null_floor[ply + 1] = self.null_floor[ply];
            }
            let mut next = depth - 1;
            let mut reduction = 0;
            if X && self.move_rules {
                let quiet = !is_tactical(board, mv);
                let gives_check = !child.checkers().is_empty();
                // Step 8a. Futility and late-move pruning (`futility.*`,
                // `late_move_pruning.*`): quiet moves that do not give check, never the first.
                if prunable && searched > 0 && quiet && !gives_check && depth <= 3 {
                    let futility = &self.cfg.futility;
                    let hopeless = static_eval + futility.margins[depth as usize - 1];
                    if futility.enabled && hopeless <= window.alpha {
                        self.stats.futility_prunes += 1;
                        best = best.max(hopeless);
                        continue;
                    }
                    let lmp = &self.cfg.late_move_pruning;
                    if lmp.enabled && quiets.len() >= lmp.counts[depth as usize - 1] as usize {
                        self.stats.lmp_prunes += 1;
                        continue;
                    }
                }
                // Step 8b. Check extension (`extensions.check`), while the ply stays below
                // twice the iteration's depth.
                if self.cfg.extensions.check
                    && gives_check
                    && ply < 2 * self.iteration_depth as usize
                {
                    self.stats.extensions += 1;
                    next += 1;
                }
                // Step 8c. Late-move reduction (`lmr.*`): late quiet moves, never the hash move,
                // a killer, a check, or any move at a node in check.
                if !minimax
                    && searched > 0
                    && quiet
                    && !gives_check
                    && !in_check
                    && Some(mv) != hash_move
                    && !killers.contains(&Some(mv))
                {
                    reduction = self.lmr_reduction(board, mv, depth, searched);
                }
                if quiet {
                    quiets.push(mv);
                }
            }
            let score = if X && reduction > 0 {
                self.stats.lmr_reductions += 1;
                let reduced = -self.negamax::<X>(
                    &child,
                    next - reduction,
                    ply + 1,
                    window.null_child(),
                    to,
                    child_psq,
                );
                if reduced > window.alpha && !self.aborted {
                    self.stats.lmr_researches += 1;
                    self.search_move::<X>(&child, next, ply, window, to, child_psq, true)
                } else {
                    reduced
                }
            } else {
                self.search_move::<X>(&child, next, ply, window, to, child_psq, searched > 0)
            };
            searched += 1;
            if self.aborted {
                return DRAW;
            }

            // Step 9. A better move raises alpha; one that reaches beta ends the node and
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
                        self.learn(board, mv, depth, ply, 1);
                        if X {
                            self.count_success(board, mv, &quiets);
                        }
                        break;
                    }
                }
            }
        }

        // Step 10. No legal move: mate, or stalemate (a draw). (Pruning never skips the first
        // move, so a node with moves searched one.)
        if searched == 0 {
            let score = if board.checkers().is_empty() {
                DRAW
            } else {
                -(MATE - ply as Score)
            };
            return if repeated { DRAW } else { score };
        }

        // Step 11. The best move of a node that ended inside the window also teaches
        // (`ordering.history_good = "cutoff_and_pv"`).
        if best > original_alpha
            && best < window.beta
            && self.cfg.ordering.history_good == HistoryGood::CutoffAndPv
        {
            if let Some(mv) = best_move {
                // `ordering.history_pv_bonus`: a PV move may earn more than a cutoff move.
                self.learn(
                    board,
                    mv,
                    depth,
                    ply,
                    u32::from(self.cfg.ordering.history_pv_bonus),
                );
            }
        }

        if X {
            if let (Some(oracle), Some(mv)) = (self.oracle.as_deref_mut(), best_move) {
                if !oracle.replay {
                    oracle.moves.entry((key, depth)).or_insert(mv);
                }
            }
        }

        // Step 12. Store the result with its bound (`tt`).
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

    /// One child searched the usual way: the full window, or (`pvs`, `late`) a null window
    /// first and the full window only when the move beats alpha; minimax: the full window.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn search_move<const X: bool>(
        &mut self,
        child: &Board,
        depth: u32,
        ply: usize,
        window: Window,
        to: Option<Square>,
        psq: Score,
        late: bool,
    ) -> Score {
        if !self.cfg.alphabeta {
            return -self.negamax::<X>(child, depth, ply + 1, Window::FULL, to, psq);
        }
        if !late || !self.cfg.pvs {
            return -self.negamax::<X>(child, depth, ply + 1, window.negated(), to, psq);
        }
        let probe = -self.negamax::<X>(child, depth, ply + 1, window.null_child(), to, psq);
        if window.contains(probe) && !self.aborted {
            -self.negamax::<X>(child, depth, ply + 1, window.negated(), to, psq)
        } else {
            probe
        }
    }

    /// The horizon's value: quiescence, or the static evaluation without it.
    #[inline]
    fn horizon<const X: bool>(
        &mut self,
        board: &Board,
        ply: usize,
        window: Window,
        psq: Score,
    ) -> Score {
        if self.cfg.quiescence.enabled {
            if X {
                self.horizon_ply = ply;
            }
            self.quiescence::<X>(board, ply, window, psq)
        } else {
            self.evaluate(board, psq)
        }
    }

    /// Whether this node may try a null move: deep enough, not right after another, not a
    /// verification, not with a mate bound, and (unless allowed) not with only king and pawns.
    fn null_move_allowed(&self, board: &Board, depth: u32, ply: usize, window: Window) -> bool {
        let null = &self.cfg.null_move;
        null.enabled
            && depth >= null.min_depth
            && !(ply > 0 && self.null_floor[ply] == ply)
            && !self.verifying[ply]
            && window.beta.abs() < MATE_BOUND
            && (null.in_pawn_endings || pieces_besides_pawns(board) > 0)
    }

    /// The null-move search; `Some(score)` when it ends the node.
    fn null_move<const X: bool>(
        &mut self,
        board: &Board,
        depth: u32,
        ply: usize,
        window: Window,
        last_to: Option<Square>,
        psq: Score,
    ) -> Option<Score> {
        let null = &self.cfg.null_move;
        let reduction = if null.adaptive {
            if depth > 6 {
                3
            } else {
                2
            }
        } else {
            u32::from(null.reduction)
        };
        let child = board.null_move()?;
        self.stats.null_tries += 1;
        self.null_floor[ply + 1] = ply + 1;
        let beta = window.beta;
        let null_window = Window {
            alpha: -beta,
            beta: -beta + 1,
        };
        let depth_left = depth.saturating_sub(reduction + 1);
        let score = -self.negamax::<X>(&child, depth_left, ply + 1, null_window, None, psq);
        if self.aborted || score < beta {
            return None;
        }
        let verify = match null.verify {
            NullVerify::Never => false,
            NullVerify::Always => true,
            NullVerify::Endgame => pieces_besides_pawns(board) <= 1,
        };
        if verify {
            // Fruit's verification: this node again, shallower, with no null move here.
            self.stats.null_verifications += 1;
            self.verifying[ply] = true;
            let verify_depth = depth.saturating_sub(reduction).max(1);
            let checked = self.negamax::<X>(
                board,
                verify_depth,
                ply,
                Window {
                    alpha: beta - 1,
                    beta,
                },
                last_to,
                psq,
            );
            self.verifying[ply] = false;
            if self.aborted || checked < beta {
                return None;
            }
            self.stats.null_cutoffs += 1;
            return Some(checked);
        }
        self.stats.null_cutoffs += 1;
        // A mate found after passing is not a mate the side to move can force.
        Some(if score >= MATE_BOUND { beta } else { score })
    }

    /// Plies a late move is reduced by (0: searched at full depth).
    fn lmr_reduction(&self, board: &Board, mv: Move, depth: u32, searched: usize) -> u32 {
        let lmr = &self.cfg.lmr;
        if !lmr.enabled || depth < lmr.min_depth || searched < lmr.full_moves as usize {
            return 0;
        }
        if lmr.history_threshold > 0 {
            let (hits, tries) = self.success[piece_index(board, mv)][mv.to as usize];
            if u64::from(hits) * 100 >= u64::from(lmr.history_threshold) * u64::from(tries) {
                return 0;
            }
        }
        let r = match lmr.reduction {
            LmrReduction::One => 1,
            LmrReduction::Log => {
                let moves = (searched + 1) as f64;
                (lmr.base + (depth as f64).ln() * moves.ln() / lmr.divisor).round() as u32
            }
        };
        // A reduced move is still searched at depth 1 or more.
        r.min(depth.saturating_sub(2))
    }

    /// Fruit's history success counts: every quiet move tried here, and the one that cut.
    fn count_success(&mut self, board: &Board, cut: Move, quiets: &[Move]) {
        if !(self.cfg.lmr.enabled && self.cfg.lmr.history_threshold > 0) {
            return;
        }
        for &mv in quiets {
            let entry = &mut self.success[piece_index(board, mv)][mv.to as usize];
            entry.1 += 1;
            if mv == cut {
                entry.0 += 1;
            }
            if entry.1 >= 1 << 16 {
                *entry = (entry.0 / 2 + 1, entry.1 / 2 + 1);
            }
        }
    }

    /// Captures only, beyond the horizon (and quiet checks at its top plies when asked).
    ///
    /// Always alpha-beta, even under `alphabeta = false`: there the horizon node opens it with a
    /// full window, so its value is exact, while a full-width capture tree would grow beyond reach.
    fn quiescence<const X: bool>(
        &mut self,
        board: &Board,
        ply: usize,
        mut window: Window,
        psq: Score,
    ) -> Score {
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
        // `quiescence.prune`), until one reaches beta.
        let mut picker = CapturePicker::new();
        picker.fill(board, q.ordering, q.pruning());
        let delta_base = if X && q.delta {
            self.delta_base(board, stand)
        } else {
            None
        };
        for capture in &mut picker {
            // Step 3. Delta pruning (`quiescence.delta`, `quiescence.delta_margin`).
            if let Some(base) = delta_base {
                let gain = piece_value(capture.victim)
                    + capture
                        .mv
                        .promotion
                        .map_or(0, |p| piece_value(p) - piece_value(Piece::Pawn));
                if base + gain <= window.alpha {
                    self.stats.delta_prunes += 1;
                    continue;
                }
            }
            let child_psq = self.capture_psq(board, &capture, psq);
            if let Some(score) = self.quiescence_child::<X>(
                board,
                capture.mv,
                ply,
                &mut window,
                &mut best,
                child_psq,
            ) {
                return score;
            }
        }

        // Step 4. Quiet moves that give check at the top plies of quiescence
        // (`quiescence.checks`); the checked side still answers with captures or stands pat.
        if X && q.checks > 0 && usize::from(q.checks) > ply - self.horizon_ply {
            if let Some(score) = self.quiet_checks::<X>(board, ply, &mut window, &mut best, psq) {
                return score;
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

    /// Delta pruning's floor, stand-pat + margin, where it applies: not in check, and not with
    /// 1300 cp or less of pieces (pawns and kings aside) on the board, where one capture may
    /// decide the game.
    #[cold]
    fn delta_base(&self, board: &Board, stand: Score) -> Option<Score> {
        (board.checkers().is_empty() && piece_material(board) > 1300)
            .then(|| stand + self.cfg.quiescence.delta_margin)
    }

    /// Quiescence's quiet checking moves; `Some(score)` when one ends the node.
    #[cold]
    #[inline(never)]
    fn quiet_checks<const X: bool>(
        &mut self,
        board: &Board,
        ply: usize,
        window: &mut Window,
        best: &mut Score,
        psq: Score,
    ) -> Option<Score> {
        let mut quiet = MoveList::new();
        generate(board, Gen::Quiet, &mut quiet);
        for m in quiet {
            let mut child = board.clone();
            child.play_unchecked(m.mv);
            if child.checkers().is_empty() {
                continue;
            }
            let child_psq = self.child_psq(board, m.mv, psq);
            if let Some(score) =
                self.quiescence_child::<X>(board, m.mv, ply, window, best, child_psq)
            {
                return Some(score);
            }
        }
        None
    }

    /// One quiescence move; `Some(score)` when the node is done (a beta cutoff, or a stop).
    #[inline(always)]
    fn quiescence_child<const X: bool>(
        &mut self,
        board: &Board,
        mv: Move,
        ply: usize,
        window: &mut Window,
        best: &mut Score,
        child_psq: Score,
    ) -> Option<Score> {
        let mut child = board.clone();
        child.play_unchecked(mv);
        self.stats.qnodes += 1;
        self.poll_stop();
        let score = -self.quiescence::<X>(&child, ply + 1, window.negated(), child_psq);
        if self.aborted {
            return Some(DRAW);
        }
        if score > *best {
            *best = score;
            if score > window.alpha {
                window.alpha = score;
                if score >= window.beta {
                    return Some(score);
                }
            }
        }
        None
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

    /// A good move teaches killers (quiet moves only) and history (within its scope), with
    /// `factor` times the history bonus.
    fn learn(&mut self, board: &Board, mv: Move, depth: u32, ply: usize, factor: u32) {
        let tactical = is_tactical(board, mv);
        if !tactical {
            self.killers.record(ply, mv);
        }
        let ordering = &self.cfg.ordering;
        if ordering.history && (!tactical || ordering.history_scope == HistoryScope::AllRemaining) {
            self.history.reward(board, mv, depth, factor);
        }
    }

    /// Same position earlier on the path, same side to move, no irreversible move (and no null
    /// move) since.
    #[inline]
    fn repeats(&self, ply: usize, halfmove_clock: u8, extras: bool) -> bool {
        let floor = if extras { self.null_floor[ply] } else { 0 };
        if extras && floor == 0 && !self.game.is_empty() {
            // Back past the root into the game, as far as the clock allows.
            let key = self.path[ply];
            let game = self.game;
            return (2..=halfmove_clock as usize).step_by(2).any(|back| {
                if back <= ply {
                    self.path[ply - back] == key
                } else {
                    game.len() >= back - ply && game[game.len() - (back - ply)] == key
                }
            });
        }
        let reach = (ply - floor).min(halfmove_clock as usize);
        (2..=reach)
            .step_by(2)
            .any(|back| self.path[ply - back] == self.path[ply])
    }

    #[inline]
    fn poll_stop(&mut self) {
        let searched = self.stats.nodes + self.stats.qnodes;
        if searched & 4095 == 0 {
            if let Some(stop) = self.stop {
                if stop.load(Ordering::Relaxed) {
                    self.aborted = true;
                }
            }
            if self.node_limit.is_some_and(|limit| searched >= limit) {
                self.aborted = true;
            }
        }
    }
}

/// Knights, bishops, rooks and queens of the side to move.
fn pieces_besides_pawns(board: &Board) -> u32 {
    let us = board.colors(board.side_to_move());
    (us & !(board.pieces(Piece::Pawn) | board.pieces(Piece::King))).len()
}

/// Material of both sides' pieces, pawns and kings aside, in centipawns.
fn piece_material(board: &Board) -> i32 {
    [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
        .iter()
        .map(|&p| board.pieces(p).len() as i32 * piece_value(p))
        .sum()
}

/// The history-success table's row: coloured piece, 0..12.
fn piece_index(board: &Board, mv: Move) -> usize {
    let piece = board.piece_on(mv.from).unwrap_or(Piece::Pawn) as usize;
    piece + 6 * board.side_to_move() as usize
}
