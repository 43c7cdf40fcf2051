//! Stockfish's further lessons for the move order at 88f17a814 (`history_updates.*`), on
//! ablate's tables: what a table cutoff teaches (`src/search.cpp` step 4, "if ttMove is quiet,
//! update move sorting heuristics on TT hit (~1 Elo)") and what the evaluation's change across
//! a move teaches (after step 6, "use static evaluation difference to improve quiet move
//! ordering (~3 Elo)").
//!
//! Stockfish's updates use its own bonus (`stat_bonus`) on its own tables; here the bonus is
//! Ethereal's `min(depth², 400)` on Ethereal's continuation tables (`learning/continuation.rs`)
//! and the classic table's own reward, since ablate keeps one set of history tables. Stockfish
//! cuts on the table at non-PV nodes only, so these updates happen only at null-window nodes.

use super::node::{Node, NodeFacts};
use super::Searcher;
use crate::chess::is_tactical;
use crate::search::score::to_stockfish;
use crate::search::tt::TtEntry;
use cozy_chess::Board;

/// Stockfish's `std::clamp(-16 * int((ss-1)->staticEval + ss->staticEval), -2000, 2000)`, the
/// evaluations in its units (`to_stockfish`).
const EVAL_DIFFERENCE_SCALE: i32 = -16;
const EVAL_DIFFERENCE_BOUND: i32 = 2000;
/// Stockfish's `(ss-1)->moveCount <= 2`.
const EARLY_MOVES: u8 = 2;

impl Searcher<'_> {
    /// The table's `entry` ends this node: its quiet move learns (`tt_bonus`) or loses
    /// (`tt_penalty`), and on a fail-high the early quiet move that led here loses
    /// (`prior_penalty`).
    #[inline(never)]
    pub(super) fn learn_from_table_cut(&mut self, board: &Board, node: &Node, entry: TtEntry) {
        let cfg = self.cfg;
        let updates = &cfg.history_updates;
        let Some(mv) = entry.mv.filter(|_| node.is_scout()) else {
            return;
        };
        let quiet = !is_tactical(board, mv);
        let line = self.line(node.ply);
        if entry.score >= node.window.beta {
            if updates.tt_bonus && quiet {
                self.tables.learn(self.cfg, board, mv, node.place(), 1);
                self.tables.learn_line(board, &[mv], line, node.depth);
            }
            let ply = node.ply;
            if updates.prior_penalty
                && ply > 0
                && self.stack[ply - 1].move_count <= EARLY_MOVES
                && !self.stack[ply - 1].captured
            {
                let before = self.line(ply - 1);
                if let (Some(table), Some(moved)) =
                    (&mut self.tables.continuation, self.stack[ply - 1].moved)
                {
                    table.penalize_previous(moved, before, node.depth + 1);
                }
            }
        } else if updates.tt_penalty && quiet {
            if let Some(table) = &mut self.tables.continuation {
                table.penalize(board, mv, line, node.depth);
            }
        }
    }

    /// `history_updates.eval_difference`, at a node not in check: the quiet move that led
    /// here, from a node not in check, gains by how much it lowered the evaluation's sum.
    #[inline(never)]
    pub(super) fn learn_eval_difference(
        &mut self,
        board: &Board,
        node: &Node,
        facts: &mut NodeFacts,
    ) {
        let (Some(previous), Some(parent)) = (node.previous, node.ply.checked_sub(1)) else {
            return;
        };
        if self.stack[parent].in_check || self.stack[parent].captured {
            return;
        }
        let eval = self.evaluated(board, node, facts);
        let bonus = (EVAL_DIFFERENCE_SCALE * to_stockfish(self.stack[parent].eval + eval))
            .clamp(-EVAL_DIFFERENCE_BOUND, EVAL_DIFFERENCE_BOUND);
        if let Some(table) = &mut self.tables.continuation {
            table.nudge_butterfly(!board.side_to_move(), previous, bonus);
        }
    }
}
