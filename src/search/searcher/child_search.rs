//! How a child is searched once the move loop has chosen its depth: the full window, a null
//! window first (`pvs`), or a reduced null window first (`lmr.*`); and which children are
//! expected cut nodes (Stockfish's `cutNode`).

use super::node::Node;
use super::Searcher;
use crate::search::score::Score;
use crate::search::window::Window;
use cozy_chess::Board;

impl Searcher<'_> {
    /// One child searched the usual way: the full window, or (`pvs`, `late`) a null window
    /// first and the full window only when the move beats alpha; minimax: the full window.
    /// `child` carries the parent's window; the result is from the parent's side.
    #[inline(always)]
    pub(super) fn search_move<const SELECTIVE: bool, const SWITCHED: bool>(
        &mut self,
        board: &Board,
        child: Node,
        late: bool,
    ) -> Score {
        let window = child.window;
        if !self.cfg.alphabeta {
            return -self.negamax::<SELECTIVE, SWITCHED>(
                board,
                Node {
                    window: Window::FULL,
                    ..child
                },
            );
        }
        // A full window makes a PV child; at a null-window parent it is the child's scout.
        let full = Node {
            window: window.negated(),
            cut: SELECTIVE && child.cut && window.beta - window.alpha == 1,
            ..child
        };
        if !late || !self.cfg.pvs {
            return -self.negamax::<SELECTIVE, SWITCHED>(board, full);
        }
        let scout = Node {
            window: window.null_child(),
            ..child
        };
        let probe = -self.negamax::<SELECTIVE, SWITCHED>(board, scout);
        if window.contains(probe) && !self.aborted {
            -self.negamax::<SELECTIVE, SWITCHED>(board, full)
        } else {
            probe
        }
    }

    /// Late-move reduction's search: `reduction` plies shallower with a null window, then at full depth
    /// (as `search_move` would) when the move beats alpha. Returns the score and the reduced
    /// search's.
    #[inline]
    pub(super) fn reduced_search<const SELECTIVE: bool, const SWITCHED: bool>(
        &mut self,
        board: &Board,
        child: Node,
        reduction: u32,
    ) -> (Score, Score) {
        self.stats.lmr_reductions += 1;
        let reduced_node = Node {
            depth: child.depth - reduction,
            window: child.window.null_child(),
            cut: true,
            ..child
        };
        let reduced = -self.negamax::<SELECTIVE, SWITCHED>(board, reduced_node);
        if reduced > child.window.alpha && !self.aborted {
            self.stats.lmr_researches += 1;
            (
                self.search_move::<SELECTIVE, SWITCHED>(board, child, true),
                reduced,
            )
        } else {
            (reduced, reduced)
        }
    }
}
