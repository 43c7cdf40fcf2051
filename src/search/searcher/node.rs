//! One main-search node, as labelled steps (Stockfish's `search()` is the model): each step is
//! a call, and the steps of pruning knobs that are off are compiled out (`SELECTIVE = false`).

use super::Searcher;
use crate::chess::repetition_key;
use crate::config::search_config::{HistoryGood, SingularForm};
use crate::search::learning::continuation::Histories;
use crate::search::learning::Place;
use crate::search::picker::MovePicker;
use crate::search::score::{Score, DRAW, INF, MATE, MAX_PLY};
use crate::search::tt::TtEntry;
use crate::search::window::Window;
use arrayvec::ArrayVec;
use cozy_chess::{Board, Move};

/// A node's place in the tree: everything negamax needs beside the board.
#[derive(Debug, Clone, Copy)]
pub(super) struct Node {
    /// Remaining depth.
    pub depth: u32,
    /// Distance from the root.
    pub ply: usize,
    /// The alpha-beta window.
    pub window: Window,
    /// The opponent's move that led here (None at the root and after a null move).
    pub previous: Option<Move>,
    /// The incrementally kept non-king PST score (White's view).
    pub psq: Score,
    /// A null-move fail-high here must be verified (`null_move.verify = "subtree"`): true
    /// from the root down until a verification hands its subtree plain null moves.
    pub verify: bool,
    /// Expected to fail high (Stockfish's `cutNode`): a reduced search's child, and every other
    /// null-window ply below it; PV nodes never. Read by `lmr.cut_node` and `iir.cut_nodes`.
    pub cut: bool,
}

impl Node {
    /// The root at `depth`.
    pub fn root(depth: u32, window: Window, psq: Score) -> Node {
        Node {
            depth,
            ply: 0,
            window,
            previous: None,
            psq,
            verify: true,
            cut: false,
        }
    }

    /// A child one ply down, reached by `previous` (None: a null move).
    #[inline]
    pub fn child(&self, depth: u32, window: Window, previous: Option<Move>, psq: Score) -> Node {
        Node {
            depth,
            ply: self.ply + 1,
            window,
            previous,
            psq,
            verify: self.verify,
            cut: !self.cut,
        }
    }

    /// Where the ordering tables file this node's moves.
    #[inline]
    pub fn place(&self) -> Place {
        Place {
            depth: self.depth,
            ply: self.ply,
            previous: self.previous,
        }
    }

    /// A null window (a scout search): the pruning steps act only there.
    #[inline]
    pub fn is_scout(&self) -> bool {
        self.window.beta - self.window.alpha == 1
    }
}

/// What the steps before the moves know of a node, for the steps after them.
pub(super) struct NodeFacts {
    /// The side to move is in check (only worked out when `SELECTIVE`).
    pub in_check: bool,
    /// Pruning may act here: `SELECTIVE`, alpha-beta, a scout window, not in check.
    pub prunable: bool,
    /// The move tried first: the table's (or the oracle's).
    pub hash_move: Option<Move>,
    /// The table's entry for this node, when it holds one.
    pub table: Option<TtEntry>,
    /// The static evaluation is higher than two plies before (`node_eval.rs`; false unless a
    /// knob reads it).
    pub improving: bool,
    /// The evaluation, worked out the first time a step asks for it (`Searcher::static_eval`):
    /// the evaluation function's, and the one the pruning steps read (`tt_value_as_eval`).
    pub(super) evaluated: Option<Score>,
    pub(super) pruning_eval: Option<Score>,
}

/// What the null-move step concluded.
pub(super) enum NullMove {
    /// The node ends with this score.
    Cut(Score),
    /// A fail-high to verify (`null_move.verify = "subtree"`): search the node one ply
    /// shallower with plain null moves below, and again at full depth if no move fails high.
    Verify,
    /// Passing did not fail high (or its verification failed): search the moves.
    NoCut,
}

/// What the singular test (Step 8c, `singular.rs`) found.
pub(super) enum Singular {
    /// Search the hash move this many plies deeper (Stockfish's form: 2, 1, 0 or −2).
    Extend(i32),
    /// The node ends with this score (multi-cut).
    Cut(Score),
    /// Search the hash move as usual.
    No,
}

/// What the move loop found.
struct MoveLoop {
    best: Score,
    best_move: Option<Move>,
    searched: usize,
    /// The node ends with this score, unstored (multi-cut, `singular.*`).
    cut: Option<Score>,
}

impl Searcher<'_> {
    /// One main-search node. `SELECTIVE`: some pruning, reduction or extension knob is on (see
    /// `negamax_root`).
    pub(super) fn negamax<const SELECTIVE: bool, const TODAY: bool>(
        &mut self,
        board: &Board,
        mut node: Node,
    ) -> Score {
        // Step 1. Count the node; honour a stop request.
        self.stats.nodes += 1;
        self.poll_stop();
        if self.aborted {
            return DRAW;
        }
        self.pv.clear(node.ply);
        self.stats.seldepth = self.stats.seldepth.max(node.ply as u64);
        if TODAY && self.counts_moves {
            // Stockfish's `ss->moveCount = 0` at step 1: a null move's or ProbCut's child
            // reads 0 for its parent, not the count a sibling's subtree left at this ply.
            self.move_numbers[node.ply] = 0;
        }
        if SELECTIVE && node.ply >= MAX_PLY {
            // Only extensions reach this deep; the static evaluation is all there is room for.
            return self.evaluate(board, node.psq);
        }
        let minimax = !self.cfg.alphabeta;
        let key = board.hash();
        self.path[node.ply] = repetition_key(board);

        // Step 2. Repetition (a rule, not a knob): a draw. Alpha-beta takes it as a cutoff;
        // minimax (`alphabeta = false`) still expands the node, so its tree stays the perft tree.
        let repeated = node.ply > 0 && self.repeats(node.ply, board.halfmove_clock(), SELECTIVE);
        if repeated && !minimax {
            if node.depth == 0 {
                self.stats.leaves += 1;
            }
            return DRAW;
        }

        // Step 3. Horizon: quiescence (`quiescence.*`) or the static evaluation (`eval`).
        if node.depth == 0 {
            self.stats.leaves += 1;
            let score = self.horizon::<SELECTIVE>(board, node.ply, node.window, node.psq);
            return if repeated { DRAW } else { score };
        }

        // Step 4. Transposition table (`tt`, `tt_mb`): the hash move orders; with "full", a
        // stored bound deep enough ends the node.
        // Inside Stockfish's singular test, nothing is read or stored: Stockfish probes a key
        // of its own there (`pos.key() ^ make_key(excludedMove)`) that nothing is stored under.
        let excluded = if TODAY { self.excluded[node.ply] } else { None };
        let excluding = excluded.is_some();
        let table = match self.probe_table(key, &node) {
            _ if excluding => None,
            Ok(entry) => entry,
            Err(cut) => {
                if TODAY && self.learns_from_table_cuts {
                    self.learn_from_table_cut(board, &node, cut);
                }
                return cut.score;
            }
        };
        if TODAY && self.tracks_tt_pv {
            self.enter_tt_pv(&node, table.as_ref());
        }
        let mut hash_move = table.and_then(|e| e.mv);
        // The oracle, when one is given, orders its move first (the minimal-tree estimate).
        if SELECTIVE {
            if let Some(mv) = self
                .oracle
                .as_deref()
                .and_then(|o| o.move_at(key, node.depth))
            {
                hash_move = Some(mv);
            }
        }

        // The pruning steps below act only at non-PV nodes (a null window) not in check.
        let mut zugzwang_watch = false;
        let in_check = SELECTIVE && !board.checkers().is_empty();
        let mut facts = NodeFacts {
            in_check,
            prunable: SELECTIVE && !minimax && !in_check && node.is_scout(),
            hash_move,
            table,
            improving: false,
            evaluated: None,
            pruning_eval: None,
        };
        if TODAY && self.tracks_improving {
            facts.improving = self.improving(board, &node, &mut facts);
        }
        if TODAY && self.cfg.history_updates.eval_difference {
            self.in_check[node.ply] = in_check;
            if !in_check {
                self.learn_eval_difference(board, &node, &mut facts);
            }
        }

        if SELECTIVE && facts.prunable {
            // Step 5. Razoring (`razoring.*`).
            if let Some(score) = self.razoring::<SELECTIVE>(board, &node, &mut facts) {
                return score;
            }
            // Step 6. Reverse futility pruning (`reverse_futility.*`).
            if let Some(score) = self.reverse_futility(board, &node, &mut facts) {
                return score;
            }
            // Step 7. Null move (`null_move.*`).
            if self.null_move_allowed(board, &node, &mut facts) {
                match self.null_move::<SELECTIVE, TODAY>(board, &node, &mut facts) {
                    NullMove::Cut(score) => return score,
                    NullMove::Verify => {
                        // Tabibi and Netanyahu: one ply shallower, plain null moves below.
                        node.depth -= 1;
                        node.verify = false;
                        zugzwang_watch = true;
                    }
                    NullMove::NoCut => {}
                }
                if self.aborted {
                    return DRAW;
                }
            }
        }

        // Step 7b. ProbCut (`probcut.*`, Ethereal's step 9): at any non-PV node, in check too,
        // as in Ethereal.
        if TODAY && self.cfg.probcut.enabled && !minimax && node.is_scout() {
            if let Some(score) = self.probcut::<SELECTIVE, TODAY>(board, &node, &mut facts) {
                return score;
            }
            if self.aborted {
                return DRAW;
            }
        }

        // Step 7c. Internal iterative reduction (`iir.*`, Stockfish's step 10).
        if TODAY && self.cfg.iir.enabled && !in_check {
            node.depth = self.internal_iterative_reduction(&node, &facts);
        }

        // Step 7d. Stockfish's small ProbCut in check (`probcut.in_check`).
        if TODAY && in_check && self.cfg.probcut.in_check && node.is_scout() {
            if let Some(score) = self.probcut_in_check(board, &node, &facts) {
                return score;
            }
        }

        // Step 8. The moves, best first (`ordering.*`), each pruned, extended or reduced by
        // steps 8a-8d (`search_moves`).
        let Some(mut moves) = self.search_moves::<SELECTIVE, TODAY>(board, &node, &mut facts)
        else {
            return DRAW;
        };
        if let Some(score) = moves.cut {
            return score;
        }

        // Step 8e. Zugzwang (`null_move.verify = "subtree"`): passing failed high but no move
        // does, so passing was better than moving; search again at full depth, verifying.
        if SELECTIVE && zugzwang_watch && moves.best < node.window.beta {
            node.depth += 1;
            node.verify = true;
            let Some(again) = self.search_moves::<SELECTIVE, TODAY>(board, &node, &mut facts)
            else {
                return DRAW;
            };
            moves = again;
        }

        // Step 10. No legal move: mate, or stalemate (a draw). (Pruning never skips the first
        // move, so a node with moves searched one.)
        if moves.searched == 0 {
            // Stockfish's singular test with no move but the one left out: a fail-low.
            if excluding {
                return node.window.alpha;
            }
            let score = if board.checkers().is_empty() {
                DRAW
            } else {
                -(MATE - node.ply as Score)
            };
            return if repeated { DRAW } else { score };
        }

        // Step 11. The best move of a node that ended inside the window also teaches
        // (`ordering.history_good = "cutoff_and_pv"`, `ordering.history_pv_bonus`).
        let inside = moves.best > node.window.alpha && moves.best < node.window.beta;
        if inside && self.cfg.ordering.history_good == HistoryGood::CutoffAndPv {
            if let Some(mv) = moves.best_move {
                let factor = u32::from(self.cfg.ordering.history_pv_bonus);
                self.tables.learn(self.cfg, board, mv, node.place(), factor);
            }
        }
        if TODAY && self.tracks_tt_pv {
            self.leave_tt_pv(&node, moves.best);
        }
        if excluding {
            return moves.best;
        }
        if SELECTIVE {
            if let (Some(oracle), Some(mv)) = (self.oracle.as_deref_mut(), moves.best_move) {
                oracle.record(key, node.depth, mv);
            }
        }

        // Step 12. Store the result with its bound (`tt`).
        self.store_table::<TODAY>(key, &node, moves.best, moves.best_move);
        if repeated {
            DRAW
        } else {
            moves.best
        }
    }

    /// Step 8: the moves from the staged picker. The first is searched with the full window;
    /// the rest with a null window and re-searched when they beat alpha (`pvs`); minimax
    /// (`alphabeta = false`) searches every move fully. `None`: a stop cut the search short.
    #[inline(always)]
    fn search_moves<const SELECTIVE: bool, const TODAY: bool>(
        &mut self,
        board: &Board,
        node: &Node,
        facts: &mut NodeFacts,
    ) -> Option<MoveLoop> {
        let minimax = !self.cfg.alphabeta;
        let mut window = node.window;
        let refutations = self.tables.refutations(board, node.place());
        // Everything continuation history adds to the loop is behind this one flag.
        let continuation = TODAY && self.tracks_line;
        let line = self.line(node.ply);
        let mut picker = MovePicker::new(self.plan, facts.hash_move, refutations, node.previous);
        let mut found = MoveLoop {
            best: -INF,
            best_move: None,
            searched: 0,
            cut: None,
        };
        let mut quiets: ArrayVec<Move, 256> = ArrayVec::new();
        // Stockfish's LMR adjustments (`lmr_adjust.rs`) and the move count they read.
        let adjusts_lmr = TODAY && self.adjusts_lmr;
        let counts_moves = TODAY && self.counts_moves;
        let mut lmr_state = self.lmr_state(board, node, facts.table.as_ref(), adjusts_lmr);
        let mut move_count: u8 = 0;
        let excluded = if TODAY { self.excluded[node.ply] } else { None };
        // The rule that skipped a quiet move: it skips every later one too (see `prune_move`).
        let mut skipping = None;
        while let Some(picked) = picker.next(board, &self.tables, line) {
            let mv = picked.mv;
            // Stockfish's singular test searches this node without the move it tests.
            if TODAY && Some(mv) == excluded {
                continue;
            }
            if counts_moves {
                move_count = move_count.saturating_add(1);
                self.move_numbers[node.ply] = move_count;
            }
            let mut next = node.depth - 1;
            let mut reduction = 0;
            let quiet = SELECTIVE && !picked.tactical;
            let histories = if continuation && quiet {
                self.tables.histories(board, mv, line)
            } else {
                Histories::default()
            };
            // Step 8a. Futility and late-move pruning: quiet moves that do not give check,
            // never the first. Whether a move gives check is read from the board, so that a
            // skipped move is never played.
            if SELECTIVE && quiet && found.searched > 0 && facts.prunable {
                let before = quiets.len();
                let checks = || crate::chess::gives_check(board, mv);
                if let Some(skip) = self.prune_move(board, node, facts, before, found.best, checks)
                {
                    found.best = found.best.max(skip.bound);
                    skipping = Some(skip.rule);
                    picker.skip_quiets(board);
                    continue;
                }
            }
            // Step 8a'. Counter-move and follow-up pruning (`continuation.pruning`).
            if continuation
                && quiet
                && facts.prunable
                && self.continuation_prunes(node, facts, found.best, histories)
            {
                continue;
            }
            // Step 8a''. Stockfish's futility pruning of captures (`futility.captures`).
            if TODAY
                && picked.tactical
                && facts.prunable
                && self.cfg.futility.captures
                && self.capture_futile(board, node, facts, mv, (found.searched, found.best))
            {
                continue;
            }
            // Step 8b. SEE pruning (`see_pruning.*`).
            if SELECTIVE && !minimax && self.see_prunes(board, node, &picked, quiet, found.best) {
                continue;
            }
            // Step 8c. Singular extension (`singular.*`): the hash move tested against the others.
            let mut singular = None;
            if TODAY
                && self.cfg.singular.enabled
                && !minimax
                && Some(mv) == facts.table.and_then(|e| e.mv)
                && self.singular_candidate(
                    node,
                    facts.table.as_ref(),
                    facts.in_check,
                    continuation && quiet && self.history_extends(quiets.len(), histories),
                )
            {
                let entry = facts.table.expect("a candidate has an entry");
                match self.singular::<SELECTIVE, TODAY>(board, node, mv, entry) {
                    Singular::Extend(plies) => singular = Some(plies),
                    Singular::Cut(score) => {
                        found.cut = Some(score);
                        return Some(found);
                    }
                    Singular::No => {}
                }
                if self.aborted {
                    return None;
                }
            }
            let child_psq = self.child_psq(board, mv, picked.piece, node.psq);
            let mut child = board.clone();
            child.play_unchecked(mv);
            // Only a child with depth left probes the table (a check may extend depth 1).
            let child_probes = node.depth > 1 || (SELECTIVE && !child.checkers().is_empty());
            if let Some(tt) = self.tt.as_ref().filter(|_| child_probes) {
                tt.prefetch(child.hash());
            }
            if SELECTIVE {
                self.descend(board, node.ply, mv, picked.piece);
            }
            if SELECTIVE {
                let gives_check = !child.checkers().is_empty();
                let late_quiet = found.searched > 0 && quiet && !gives_check;
                // Step 8c. Check extension (`extensions.check`); with a singular extension, one
                // ply in all, as Ethereal extends once for either.
                // Ethereal's history extension (`continuation.extension`): one ply too.
                let history = if continuation {
                    let is_tt_move = Some(mv) == facts.table.and_then(|e| e.mv);
                    let quiet_tt = is_tt_move && quiet && refutations.killers[0] == Some(mv);
                    self.history_extension(quiets.len(), histories)
                        .max(self.quiet_tt_extension(node, quiet_tt, histories))
                } else {
                    0
                };
                next = match singular {
                    // Stockfish's test decides alone where it ran (its check extension is an
                    // `else if`), and may take two plies off.
                    Some(plies) if self.cfg.singular.form == SingularForm::Stockfish => {
                        next.saturating_add_signed(plies)
                    }
                    // Ethereal extends once for a singular move or a check.
                    plies => {
                        let usual = self
                            .check_extension(node, gives_check, facts.in_check)
                            .max(history);
                        next + usual.max(plies.unwrap_or(0) as u32)
                    }
                };
                // Step 8d. Late-move reduction (`lmr.*`): late quiet moves, never the hash
                // move, a killer, a check, or any move at a node in check.
                if !minimax
                    && late_quiet
                    && !facts.in_check
                    && Some(mv) != facts.hash_move
                    && !refutations.killers.contains(&Some(mv))
                {
                    if let Some(mut r) = self.lmr_reduction(board, mv, node.depth, found.searched) {
                        if adjusts_lmr {
                            let killer = refutations.killers[0];
                            r = self.stockfish_lmr(r, node, &lmr_state, mv, killer);
                        }
                        reduction = if continuation {
                            self.history_adjusted(r, node.depth, histories)
                        } else {
                            r
                        };
                    }
                }
                if quiet {
                    quiets.push(mv);
                }
            }
            let mut child_node = node.child(next, window, Some(mv), child_psq);
            // Stockfish searches every move of its step 16 block with `cutNode = true`, reduced
            // or not; a reduced search sets it itself (`reduced_search`).
            // Only a step that reads the flag pays for it (`strongest` has none).
            let reads_cut =
                self.cfg.lmr.cut_node || (self.cfg.iir.enabled && self.cfg.iir.cut_nodes);
            if TODAY && reduction == 0 && reads_cut {
                let parent_count = self.move_numbers[node.ply.saturating_sub(1)];
                let tt_pv = self.tracks_tt_pv && self.tt_pv[node.ply];
                child_node.cut |= self.in_stockfish_lmr_block(
                    node,
                    found.searched,
                    picked.tactical && tt_pv,
                    parent_count,
                );
            }
            if TODAY && self.counts_double_extensions {
                let double = u8::from(singular == Some(2));
                self.double_extensions[node.ply + 1] = self.double_extensions[node.ply] + double;
            }
            let score = if SELECTIVE && reduction > 0 {
                let (score, reduced) =
                    self.reduced_search::<SELECTIVE, TODAY>(&child, child_node, reduction);
                if adjusts_lmr {
                    self.note_range(board, node, facts, &mut lmr_state, reduced);
                }
                score
            } else {
                self.search_move::<SELECTIVE, TODAY>(&child, child_node, found.searched > 0)
            };
            found.searched += 1;
            if self.aborted {
                return None;
            }

            // Step 9. A better move raises alpha; one that reaches beta ends the node and
            // teaches the ordering tables (`ordering.killers`, `ordering.history*`).
            if score > found.best {
                found.best = score;
                found.best_move = Some(mv);
                if minimax {
                    self.pv.update(node.ply, mv);
                } else if score > window.alpha {
                    window.alpha = score;
                    self.pv.update(node.ply, mv);
                    if adjusts_lmr {
                        lmr_state.raised += u32::from(score < window.beta);
                    }
                    if score >= window.beta {
                        self.stats.beta_cutoffs += 1;
                        self.stats.first_move_cutoffs += u64::from(found.searched == 1);
                        self.tables.learn(self.cfg, board, mv, node.place(), 1);
                        if SELECTIVE {
                            self.tables.count_success(self.cfg, board, mv, &quiets);
                            if continuation && quiet {
                                self.tables.learn_line(board, &quiets, line, node.depth);
                            }
                        }
                        break;
                    }
                }
            }
        }
        if let Some(rule) = skipping {
            self.count_skipped(rule, picker.skipped());
        }
        Some(found)
    }
}
