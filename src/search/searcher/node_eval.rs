//! What the pruning steps know of a node's worth before its moves: the static evaluation,
//! evaluated once a node; the table's score in its place where the bound says it is the
//! better guess (`tt_value_as_eval`, Stockfish's step 6); and whether the evaluation improves
//! on the same side's two plies before (`improving`, Ethereal's `improving` at e755a81).

use super::node::{Node, NodeFacts};
use super::Searcher;
use crate::search::score::{Score, MATE_BOUND};
use crate::search::tt::Bound;
use cozy_chess::Board;

impl Searcher<'_> {
    /// The static evaluation reverse futility and null move read, worked out the first time one
    /// asks. With `tt_value_as_eval`, the table's score replaces it when the stored bound points the same
    /// way (a lower bound above it, an upper bound below it, an exact score), as Stockfish's
    /// `tte->bound() & (ttValue > eval ? BOUND_LOWER : BOUND_UPPER)`. A mate score never
    /// stands in: a step that returns the evaluation would then return a mate it has not
    /// proved at this depth. Only those two steps read it, as at Stockfish 88f17a814, where
    /// the adjusted `eval` reaches steps 7 and 8 and every other step reads `ss->staticEval`.
    #[inline]
    pub(super) fn static_eval(
        &mut self,
        board: &Board,
        node: &Node,
        facts: &mut NodeFacts,
    ) -> Score {
        if let Some(eval) = facts.pruning_eval {
            return eval;
        }
        let evaluated = self.evaluated(board, node, facts);
        let mut eval = evaluated;
        if self.cfg.tt_value_as_eval {
            if let Some(entry) = facts.table.filter(|e| e.score.abs() < MATE_BOUND) {
                let better = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => entry.score > evaluated,
                    Bound::Upper => entry.score < evaluated,
                };
                if better && entry.score != evaluated {
                    eval = entry.score;
                    self.stats.tt_value_evals += 1;
                }
            }
        }
        facts.pruning_eval = Some(eval);
        eval
    }

    /// The evaluation function's score of the node, evaluated once.
    #[inline(always)]
    pub(super) fn evaluated(&self, board: &Board, node: &Node, facts: &mut NodeFacts) -> Score {
        if let Some(eval) = facts.evaluated {
            return eval;
        }
        let eval = self.evaluate(board, node.ply, node.psq);
        facts.evaluated = Some(eval);
        eval
    }

    /// Ethereal's `improving = height >= 2 && eval > evalStack[height-2]`: the evaluation is
    /// kept at every node that reaches the pruning steps, in check too, so the node two plies
    /// up (this side's last turn) always holds its own. The evaluation function's score, not
    /// the table's: Stockfish too compares `staticEval`.
    #[inline]
    pub(super) fn improving(&mut self, board: &Board, node: &Node, facts: &mut NodeFacts) -> bool {
        let eval = self.evaluated(board, node, facts);
        self.stack[node.ply].eval = eval;
        let improving = node.ply >= 2 && eval > self.stack[node.ply - 2].eval;
        self.stats.improving_nodes += u64::from(improving);
        improving
    }
}
