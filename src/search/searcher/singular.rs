//! Step 8c's singular test (`singular.*`), in Ethereal's form (`moveIsSingular` in
//! `src/search.c` at e755a81, its step 14, "~60 elo" with the check extension): the hash move,
//! held by the table as a lower bound from at most `table_depth_margin` plies shallower, is
//! singular when every other move, searched at half the depth on a null window at the table's
//! score minus the depth (rBeta), fails low; it is then searched a ply deeper. When another
//! move fails high there and rBeta is still at or above beta, several moves beat beta: the
//! node ends with rBeta (multi-cut).
//!
//! As at e755a81: the other moves in the picker's order without the hash move, from any node
//! but the root; after `quiet_limit` quiet moves the quiet ones are passed over, and after
//! `tactical_limit` captures and promotions more the test stops (the moves not tried count as
//! failing low). One difference, for soundness: no test when the table's score is a mate
//! score, so that multi-cut never returns a mate it has not proved (Stockfish's
//! `abs(ttValue) < VALUE_KNOWN_WIN`).

use super::node::{Node, Singular};
use super::Searcher;
use crate::search::picker::MovePicker;
use crate::search::score::{Score, MATE, MATE_BOUND};
use crate::search::tt::{Bound, TtEntry};
use crate::search::window::Window;
use cozy_chess::{Board, Move};

impl Searcher<'_> {
    /// Whether the hash move `mv` is tested at this node: not the root, deep enough, and the
    /// table's entry a lower bound (or exact) from nearly this depth and not a mate score.
    #[inline]
    pub(super) fn singular_candidate(&self, node: &Node, entry: Option<&TtEntry>) -> bool {
        let singular = &self.cfg.singular;
        let Some(entry) = entry else {
            return false;
        };
        node.ply > 0
            && node.depth >= singular.min_depth
            && u32::from(entry.depth) + singular.table_depth_margin >= node.depth
            && matches!(entry.bound, Bound::Lower | Bound::Exact)
            && entry.score.abs() < MATE_BOUND
    }

    /// The singular test of `tt_move` (see the module's text). Kept out of line: when it is
    /// off, the node's code stays as it was.
    #[inline(never)]
    pub(super) fn singular<const SELECTIVE: bool>(
        &mut self,
        board: &Board,
        node: &Node,
        tt_move: Move,
        table_score: Score,
    ) -> Singular {
        self.stats.singular_tests += 1;
        let (quiet_limit, tactical_limit) = (
            self.cfg.singular.quiet_limit,
            self.cfg.singular.tactical_limit,
        );
        let raised = (table_score - node.depth as Score).max(-MATE);
        let depth = node.depth / 2 - 1;
        let window = Window {
            alpha: -raised - 1,
            beta: -raised,
        };
        let refutations = self.tables.refutations(board, node.place());
        let mut picker = MovePicker::new(self.plan, None, refutations, node.previous);
        let (mut quiets, mut tacticals) = (0, 0);
        let mut value = -MATE;
        let line = self.line(node.ply);
        while let Some(picked) = picker.next(board, &self.tables, line) {
            let skip_quiets = quiets >= quiet_limit;
            if picked.mv == tt_move || (skip_quiets && !picked.tactical) {
                continue;
            }
            let child_psq = self.child_psq(board, picked.mv, node.psq);
            let mut child = board.clone();
            child.play_unchecked(picked.mv);
            self.descend(board, node.ply, picked.mv);
            let child_node = node.child(depth, window, Some(picked.mv), child_psq);
            value = -self.negamax::<SELECTIVE>(&child, child_node);
            if self.aborted {
                return Singular::No;
            }
            if value > raised {
                break;
            }
            if picked.tactical {
                tacticals += 1;
            } else {
                quiets += 1;
            }
            if quiets >= quiet_limit && tacticals >= tactical_limit {
                break;
            }
        }
        if value >= raised && raised >= node.window.beta {
            self.stats.multi_cuts += 1;
            Singular::Cut(raised)
        } else if value <= raised {
            self.stats.singular_extensions += 1;
            Singular::Extend
        } else {
            Singular::No
        }
    }
}
