//! Stockfish's "futility pruning for captures (~0 Elo)" at 88f17a814
//! (`src/search.cpp` step 13, `futility.captures`): at a non-PV node not in check, once some
//! move scored above a mated score and while the side to move has a piece besides pawns, a
//! capture that gives no check is skipped when even winning its victim leaves the static
//! evaluation below alpha by a margin that grows with the depth the move would be searched at
//! after its reduction (`lmrDepth`, below 6).
//!
//! Stockfish's margins are in its units (342 and 238, a pawn being 208): 164 and 114 cp here.
//! Differences: its `captureHistory / 8` term is left out (ablate keeps no capture history),
//! and `lmrDepth` is depth − 1 less `lmr.reduction`'s plies for the move, not Stockfish's own
//! reduction.

use super::node::{Node, NodeFacts};
use super::null_move::pieces_besides_pawns;
use super::Searcher;
use crate::chess::{gives_check, piece_value};
use crate::search::score::{from_stockfish, Score, MATE_BOUND};
use cozy_chess::{Board, Move};

/// Stockfish's `342 + 238 * lmrDepth` and `lmrDepth < 6`.
const BASE: Score = from_stockfish(342);
const PER_PLY: Score = from_stockfish(238);
const MAX_LMR_DEPTH: u32 = 6;

impl Searcher<'_> {
    /// Whether capture `mv`, after `searched` moves whose best scored `best`, is skipped.
    pub(super) fn capture_futile(
        &mut self,
        board: &Board,
        node: &Node,
        facts: &mut NodeFacts,
        mv: Move,
        (searched, best): (usize, Score),
    ) -> bool {
        let us = board.side_to_move();
        // `!pos.empty(to_sq(move))`: a capture on its square (not en passant, not a promotion alone).
        if best <= -MATE_BOUND || !board.colors(!us).has(mv.to) || pieces_besides_pawns(board) == 0
        {
            return false;
        }
        let reduction = if self.cfg.lmr.enabled {
            self.formula_reduction(node.depth, searched)
        } else {
            0
        };
        let lmr_depth = (node.depth - 1).saturating_sub(reduction);
        if lmr_depth >= MAX_LMR_DEPTH {
            return false;
        }
        let victim = board.piece_on(mv.to).map_or(0, piece_value);
        let eval = self.evaluated(board, node, facts);
        // `+ captureHistory[...] / 8`, from the tables that score captures (0 while none does).
        let learned = self.tables.capture_margin(board, mv);
        let futile = eval + BASE + PER_PLY * lmr_depth as Score + victim + learned
            < node.window.alpha
            && !gives_check(board, mv);
        self.stats.capture_futility_prunes += u64::from(futile);
        futile
    }
}
