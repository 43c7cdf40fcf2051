//! One main-search node as Steps 1..30, numbered in the order they run (Stockfish's `search()`
//! is the model): Steps 1-13 and 25-30 here, the move loop's Steps 14-24 in `move_loop.rs`.
//! Each step is a call into its module; the steps of pruning knobs that are off are compiled
//! out (`SELECTIVE = false`, `SWITCHED = false`) or test their knob. A new step takes the number of
//! its place, and the steps after it move up one.

use super::move_loop::MoveLoop;
use super::node::{Node, NodeFacts, NullMove};
use super::Searcher;
use crate::chess::repetition_key;
use crate::config::search_config::HistoryGood;
use crate::search::score::{Score, DRAW, MATE, MAX_PLY};
use cozy_chess::Board;

impl Searcher<'_> {
    /// One main-search node. `SELECTIVE`: some pruning, reduction or extension knob is on;
    /// `SWITCHED`: some switched step is (`Switches`; see `negamax_root`).
    pub(super) fn negamax<const SELECTIVE: bool, const SWITCHED: bool>(
        &mut self,
        board: &Board,
        mut node: Node,
    ) -> Score {
        // Step 1. Count the node; honour a stop request.
        #[cfg(test)]
        self.check_accumulators(board, node.ply);
        self.stats.nodes += 1;
        self.poll_stop();
        if self.aborted {
            return DRAW;
        }
        self.pv.clear(node.ply);
        self.stats.seldepth = self.stats.seldepth.max(node.ply as u64);
        if SWITCHED && self.on.move_count {
            // Stockfish's `ss->moveCount = 0` at its step 1: a null move's or ProbCut's child
            // reads 0 for its parent, not the count a sibling's subtree left at this ply.
            self.stack[node.ply].move_count = 0;
        }
        if SELECTIVE && node.ply >= MAX_PLY {
            // Only extensions reach this deep; the static evaluation is all there is room for.
            return self.evaluate(board, node.ply, node.psq);
        }
        let minimax = !self.cfg.alphabeta;
        self.stack[node.ply].key = repetition_key(board);

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

        // What the node knows before its moves (Steps 4-7); the table's bound may end it.
        let mut facts = match self.node_facts::<SELECTIVE, SWITCHED>(board, &node, repeated) {
            Ok(facts) => facts,
            Err(score) => return score,
        };

        // The pruning steps before the moves (Steps 8-13).
        if let Some(score) = self.before_moves::<SELECTIVE, SWITCHED>(board, &mut node, &mut facts)
        {
            return score;
        }

        // The moves (Steps 14-24, `move_loop.rs`).
        let Some(moves) = self.search_moves::<SELECTIVE, SWITCHED>(board, &node, &mut facts) else {
            return DRAW;
        };
        if let Some(score) = moves.cut {
            return score;
        }
        self.after_moves::<SELECTIVE, SWITCHED>(board, &mut node, &mut facts, moves)
    }

    /// Steps 4-7: the table's entry and move, the oracle's move, and what the pruning steps
    /// read. `Err`: the table's bound ends the node with this score.
    #[inline(always)]
    fn node_facts<const SELECTIVE: bool, const SWITCHED: bool>(
        &mut self,
        board: &Board,
        node: &Node,
        repeated: bool,
    ) -> Result<NodeFacts, Score> {
        // Step 4. Transposition table (`tt`, `tt_mb`): the hash move orders; with "full", a
        // stored bound deep enough ends the node, and may teach the move order
        // (`history_updates.tt_bonus`, `tt_penalty`, `prior_penalty`).
        // Inside Stockfish's singular test, nothing is read or stored: Stockfish probes a key
        // of its own there (`pos.key() ^ make_key(excludedMove)`) that nothing is stored under.
        let key = board.hash();
        let excluding = SWITCHED && self.stack[node.ply].excluded.is_some();
        let table = match self.probe_table(key, node) {
            _ if excluding => None,
            Ok(entry) => entry,
            Err(cut) => {
                if SWITCHED && self.on.table_cut_learning {
                    self.learn_from_table_cut(board, node, cut);
                }
                return Err(cut.score);
            }
        };
        // Step 5. Stockfish's `ttPv` flag (`lmr.tt_pv`).
        if SWITCHED && self.on.tt_pv {
            self.enter_tt_pv(node, table.as_ref());
        }
        // Step 6. The oracle, when one is given, orders its move first (the minimal tree).
        let mut hash_move = table.and_then(|e| e.mv);
        if SELECTIVE {
            if let Some(mv) = self
                .oracle
                .as_deref()
                .and_then(|o| o.move_at(key, node.depth))
            {
                hash_move = Some(mv);
            }
        }
        // Step 7. In check, the node's evaluation (the table's score with `tt_value_as_eval`),
        // `improving` and the evaluation's change since the last move
        // (`history_updates.eval_difference`). The pruning steps act only at non-PV nodes (a
        // null window) not in check.
        let in_check = SELECTIVE && !board.checkers().is_empty();
        let mut facts = NodeFacts {
            key,
            repeated,
            excluding,
            zugzwang_watch: false,
            in_check,
            prunable: SELECTIVE && self.cfg.alphabeta && !in_check && node.is_scout(),
            hash_move,
            table,
            improving: false,
            evaluated: None,
            pruning_eval: None,
        };
        if SWITCHED && self.on.improving {
            facts.improving = self.improving(board, node, &mut facts);
        }
        if SWITCHED && self.on.eval_difference {
            self.stack[node.ply].in_check = in_check;
            if !in_check {
                self.learn_eval_difference(board, node, &mut facts);
            }
        }
        Ok(facts)
    }

    /// Steps 8-13: `Some(score)` ends the node. A null move's verification searches the node
    /// one ply shallower from here on (`node` is changed).
    #[inline(always)]
    fn before_moves<const SELECTIVE: bool, const SWITCHED: bool>(
        &mut self,
        board: &Board,
        node: &mut Node,
        facts: &mut NodeFacts,
    ) -> Option<Score> {
        if SELECTIVE && facts.prunable {
            // Step 8. Razoring (`razoring.*`).
            if let Some(score) = self.razoring::<SELECTIVE>(board, node, facts) {
                return Some(score);
            }
            // Step 9. Reverse futility pruning (`reverse_futility.*`).
            if let Some(score) = self.reverse_futility(board, node, facts) {
                return Some(score);
            }
            // Step 10. Null move (`null_move.*`).
            if self.null_move_allowed(board, node, facts) {
                match self.null_move::<SELECTIVE, SWITCHED>(board, node, facts) {
                    NullMove::Cut(score) => return Some(score),
                    NullMove::Verify => {
                        // Tabibi and Netanyahu: one ply shallower, plain null moves below.
                        node.depth -= 1;
                        node.verify = false;
                        facts.zugzwang_watch = true;
                    }
                    NullMove::NoCut => {}
                }
                if self.aborted {
                    return Some(DRAW);
                }
            }
        }
        // Step 11. ProbCut (`probcut.*`, Ethereal's step 9): at any non-PV node, in check too,
        // as in Ethereal.
        if SWITCHED && self.on.probcut && node.is_scout() {
            if let Some(score) = self.probcut::<SELECTIVE, SWITCHED>(board, node, facts) {
                return Some(score);
            }
            if self.aborted {
                return Some(DRAW);
            }
        }
        // Step 12. Internal iterative reduction (`iir.*`, Stockfish's step 10).
        if SWITCHED && self.on.iir && !facts.in_check {
            node.depth = self.internal_iterative_reduction(node, facts);
        }
        // Step 13. Stockfish's small ProbCut in check (`probcut.in_check`).
        if SWITCHED && facts.in_check && self.on.probcut_in_check && node.is_scout() {
            if let Some(score) = self.probcut_in_check(board, node, facts) {
                return Some(score);
            }
        }
        None
    }

    /// Steps 25-30: after the moves, the node's score, learned from and stored.
    #[inline(always)]
    fn after_moves<const SELECTIVE: bool, const SWITCHED: bool>(
        &mut self,
        board: &Board,
        node: &mut Node,
        facts: &mut NodeFacts,
        mut moves: MoveLoop,
    ) -> Score {
        // Step 25. Zugzwang (`null_move.verify = "subtree"`): passing failed high but no move
        // does, so passing was better than moving; search again at full depth, verifying.
        if SELECTIVE && facts.zugzwang_watch && moves.best < node.window.beta {
            node.depth += 1;
            node.verify = true;
            let Some(again) = self.search_moves::<SELECTIVE, SWITCHED>(board, node, facts) else {
                return DRAW;
            };
            moves = again;
        }
        // Step 26. No legal move: mate, or stalemate (a draw). (Pruning never skips the first
        // move, so a node with moves searched one.)
        if moves.searched == 0 {
            // Stockfish's singular test with no move but the one left out: a fail-low.
            if facts.excluding {
                return node.window.alpha;
            }
            let score = if board.checkers().is_empty() {
                DRAW
            } else {
                -(MATE - node.ply as Score)
            };
            return if facts.repeated { DRAW } else { score };
        }
        // Step 27. The best move of a node that ended inside the window also teaches
        // (`ordering.history_good = "cutoff_and_pv"`, `ordering.history_pv_bonus`).
        let inside = moves.best > node.window.alpha && moves.best < node.window.beta;
        if inside && self.cfg.ordering.history_good == HistoryGood::CutoffAndPv {
            if let Some(mv) = moves.best_move {
                let factor = u32::from(self.cfg.ordering.history_pv_bonus);
                self.tables.learn(self.cfg, board, mv, node.place(), factor);
            }
        }
        // Step 28. Stockfish's `ttPv` flag, from the children's (`lmr.tt_pv`).
        if SWITCHED && self.on.tt_pv {
            self.leave_tt_pv(node, moves.best);
        }
        if facts.excluding {
            return moves.best;
        }
        // Step 29. The oracle records the best move (the minimal tree).
        if SELECTIVE {
            if let (Some(oracle), Some(mv)) = (self.oracle.as_deref_mut(), moves.best_move) {
                oracle.record(facts.key, node.depth, mv);
            }
        }
        // Step 30. Store the result with its bound (`tt`).
        self.store_table::<SELECTIVE, SWITCHED>(facts.key, node, moves.best, moves.best_move);
        if facts.repeated {
            DRAW
        } else {
            moves.best
        }
    }
}
