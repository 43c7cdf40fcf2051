//! The adjustments of a late move's reduction: by the move's histories, in Ethereal's form
//! (`continuation.lmr`, `history_adjusted`), and Stockfish's at 88f17a814 (`src/search.cpp`
//! step 16, each with its own knob and its own "~N Elo" comment there):
//!
//! - `lmr.pv_node`: a ply less at a PV node where alpha has been raised at most 3 times
//!   (`PvNode && bestMoveCount <= 3`, ~2 Elo);
//! - `lmr.tt_pv`: two plies less at a node that is or was on the PV (Stockfish's `ttPv`,
//!   kept in the table) unless it is likely to fail low (~3 Elo);
//! - `lmr.opponent_moves`: a ply less when the move that led here was the 14th or later of
//!   its node (`(ss-1)->moveCount > 13`, ~1 Elo);
//! - `lmr.cut_node`: two plies more at an expected cut node for a move that is not the first
//!   killer (`cutNode && move != ss->killers[0]`, ~3 Elo);
//! - `lmr.tt_capture`: a ply more when the table's move is a capture or promotion (~3 Elo);
//! - `lmr.stat_score`: `r -= statScore / 14721`, the move's histories less 4923
//!   (`stat_score`, ~30 Elo);
//! - `lmr.range`: a ply more once more than 2 reduced searches of the node, from depth 8, came
//!   less than 30 below the static evaluation, a one-sided test (`staticEval - value < 30`,
//!   `rangeReduction > 2`, ~3 Elo; 30 of Stockfish's units, where a pawn is 208: 14 cp).
//!
//! Stockfish applies them to its own base reduction; ablate applies them to `lmr.reduction`'s
//! (see docs/test-bed.md's forms table), and a reduced move is still searched at depth 1 or
//! more. Stockfish's move count includes moves its step 13 then prunes; so does ablate's.

use super::node::{Node, NodeFacts};
use super::Searcher;
use crate::chess::is_tactical;
use crate::search::learning::continuation::Histories;
use crate::search::score::{from_stockfish, Score};
use crate::search::tt::{Bound, TtEntry};
use cozy_chess::{Board, Move};

/// Stockfish's `ss->statScore`: its offset, and the divisor of its reduction term.
const STAT_SCORE_OFFSET: i32 = 4923;
const STAT_SCORE_DIVISOR: i32 = 14721;

/// Stockfish's `statScore = mainHistory + contHist[0] + contHist[1] + contHist[3] - 4923`,
/// from Ethereal's tables: the butterfly, counter-move and follow-up histories (ablate keeps
/// no history four plies back, `contHist[3]`).
fn stat_score(histories: Histories) -> i32 {
    histories.sum() - STAT_SCORE_OFFSET
}

/// Stockfish's `(ss-1)->moveCount > 13`.
const OPPONENT_MOVES: u8 = 13;
/// Stockfish's range reduction: `depth > 7`, `ss->staticEval - value < 30`, `rangeReduction > 2`.
const RANGE_DEPTH: u32 = 8;
const RANGE_MARGIN: Score = from_stockfish(30);
const RANGE_COUNT: u32 = 2;

/// What the move loop of one node tells the adjustments.
#[derive(Debug, Default)]
pub(super) struct LmrState {
    /// Times this node raised alpha (Stockfish's `bestMoveCount`, PV nodes only).
    pub raised: u32,
    /// Reduced searches that scored less than 30 (Stockfish's units) below the static evaluation (`rangeReduction`).
    pub ranged: u32,
    /// The table's move is a capture or promotion (`ttCapture`).
    pub tt_capture: bool,
    /// A PV node whose table entry, from this depth or deeper, is an upper bound or exact
    /// (`likelyFailLow`).
    pub likely_fail_low: bool,
}

impl LmrState {
    /// The state at the start of a node's moves, from its table entry.
    pub fn at(board: &Board, node: &Node, entry: Option<&TtEntry>) -> LmrState {
        let tt_move = entry.and_then(|e| e.mv);
        LmrState {
            tt_capture: tt_move.is_some_and(|m| is_tactical(board, m)),
            likely_fail_low: !node.is_scout()
                && entry.is_some_and(|e| {
                    e.mv.is_some()
                        && matches!(e.bound, Bound::Upper | Bound::Exact)
                        && u32::from(e.depth) >= node.depth
                }),
            ..LmrState::default()
        }
    }
}

/// Whether a move is in Stockfish's step 16 block, whose every move is searched with
/// `cutNode = true` whether it is reduced or not: `depth >= 3 && moveCount > 1 + 2 * rootNode
/// && (!ttPv || !captureOrPromotion || (cutNode && (ss-1)->moveCount > 1))`. `searched`: the
/// moves searched before it; `tactical_at_tt_pv`: a capture or promotion at a ttPv node (ablate
/// knows ttPv only while `lmr.tt_pv` keeps it: without, no node is ttPv, and every late move is
/// in the block); `parent_count`: the number of the move that led here (kept with
/// `lmr.opponent_moves`, 0 otherwise).
fn in_stockfish_lmr_block(
    node: &Node,
    searched: usize,
    tactical_at_tt_pv: bool,
    parent_count: u8,
) -> bool {
    let late = searched > if node.ply == 0 { 2 } else { 0 };
    node.depth >= 3 && late && (!tactical_at_tt_pv || (node.cut && parent_count > 1))
}

impl Searcher<'_> {
    /// Late-move reduction by the move's histories, on a move `lmr_reduction` reduces by `r`:
    /// Ethereal's `R -= MAX(-2, MIN(2, (hist + cmhist + fmhist) / 5000))` (`continuation.lmr`)
    /// and Stockfish's `r -= ss->statScore / 14721` (`lmr.stat_score`), C's division, towards
    /// zero; never below no reduction, never below depth 1. Where Stockfish's term takes the
    /// reduction below 0, its `deeper` searches the move deeper than the first; ablate's
    /// reduction stops at 0.
    #[inline]
    pub(super) fn history_adjusted(&mut self, r: u32, depth: u32, histories: Histories) -> u32 {
        let (ethereal, stockfish) = (self.cfg.continuation.lmr, self.cfg.lmr.stat_score);
        if !ethereal && !stockfish {
            return r;
        }
        let mut adjusted = r as i32;
        if stockfish {
            let term = stat_score(histories) / STAT_SCORE_DIVISOR;
            self.stats.stat_score_adjustments += u64::from(term != 0);
            adjusted -= term;
        }
        if ethereal {
            adjusted -= (histories.sum() / 5000).clamp(-2, 2);
        }
        (adjusted.max(0) as u32).min(depth.saturating_sub(2))
    }

    /// `in_stockfish_lmr_block`, for the move loop.
    #[inline]
    pub(super) fn in_stockfish_lmr_block(
        &self,
        node: &Node,
        searched: usize,
        tactical_at_tt_pv: bool,
        parent_count: u8,
    ) -> bool {
        in_stockfish_lmr_block(node, searched, tactical_at_tt_pv, parent_count)
    }
}

impl Searcher<'_> {
    /// The state a node's move loop starts with (empty while no adjustment is on).
    #[inline]
    pub(super) fn lmr_state(
        &self,
        board: &Board,
        node: &Node,
        entry: Option<&TtEntry>,
        adjusts: bool,
    ) -> LmrState {
        if adjusts {
            LmrState::at(board, node, entry)
        } else {
            LmrState::default()
        }
    }

    /// `r`, the reduction `lmr.reduction` gives move `mv`, adjusted; `first_killer`: the
    /// node's first killer move.
    pub(super) fn stockfish_lmr(
        &self,
        r: u32,
        node: &Node,
        state: &LmrState,
        mv: Move,
        first_killer: Option<Move>,
    ) -> u32 {
        let lmr = &self.cfg.lmr;
        let mut r = r as i32;
        if lmr.pv_node && !node.is_scout() && state.raised <= 3 {
            r -= 1;
        }
        if lmr.opponent_moves
            && node.ply > 0
            && self.stack[node.ply - 1].move_count > OPPONENT_MOVES
        {
            r -= 1;
        }
        if lmr.tt_pv && self.stack[node.ply].tt_pv && !state.likely_fail_low {
            r -= 2;
        }
        if lmr.cut_node && node.cut && Some(mv) != first_killer {
            r += 2;
        }
        if lmr.tt_capture && state.tt_capture {
            r += 1;
        }
        if lmr.range && state.ranged > RANGE_COUNT {
            r += 1;
        }
        (r.max(0) as u32).min(node.depth.saturating_sub(2))
    }

    /// After a reduced search of the node scored `reduced` (`lmr.range`).
    pub(super) fn note_range(
        &mut self,
        board: &Board,
        node: &Node,
        facts: &mut NodeFacts,
        state: &mut LmrState,
        reduced: Score,
    ) {
        if self.cfg.lmr.range
            && node.depth >= RANGE_DEPTH
            && self.evaluated(board, node, facts) - reduced < RANGE_MARGIN
        {
            state.ranged += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::window::Window;

    fn node(depth: u32, ply: usize, cut: bool) -> Node {
        let mut n = Node::root(depth, Window::FULL, 0);
        n.ply = ply;
        n.cut = cut;
        n
    }

    #[test]
    fn a_node_starts_with_no_moves_counted_at_its_ply() {
        // Stockfish's `ss->moveCount = 0` at step 1: what a sibling's subtree left at this ply
        // is not this node's count (a null move's child reads it as its parent's).
        let mut cfg = crate::config::SearchConfig::default();
        cfg.lmr.enabled = true;
        cfg.lmr.opponent_moves = true;
        let mut searcher = Searcher::new(&cfg, None, None);
        searcher.stack[3].move_count = 20;
        let board = cozy_chess::Board::default();
        let leaf = node(0, 3, false);
        let _ = searcher.negamax::<true, true>(&board, leaf);
        assert_eq!(searcher.stack[3].move_count, 0);
    }

    #[test]
    fn stat_score_moves_the_reduction_by_the_histories() {
        let mut cfg = crate::config::SearchConfig::default();
        cfg.lmr.enabled = true;
        cfg.continuation.enabled = true;
        cfg.lmr.stat_score = true;
        let mut searcher = Searcher::new(&cfg, None, None);
        let h = |butterfly| Histories {
            butterfly,
            counter: 0,
            follow_up: 0,
        };
        // (30000 - 4923) / 14721 = 1: a ply less; (-20000 - 4923) / 14721 = -1: a ply more.
        assert_eq!(searcher.history_adjusted(2, 10, h(30000)), 1);
        assert_eq!(searcher.history_adjusted(2, 10, h(-20000)), 3);
        // Less than 14,721 from the offset: no change (C's division, towards zero).
        assert_eq!(searcher.history_adjusted(2, 10, h(10000)), 2);
        // Never below no reduction, never below depth 1.
        assert_eq!(searcher.history_adjusted(0, 10, h(49152)), 0);
        assert_eq!(searcher.history_adjusted(3, 4, h(-49152)), 2);
        assert_eq!(searcher.stats.stat_score_adjustments, 4);
        // Off, the reduction is lmr's own.
        cfg.lmr.stat_score = false;
        let mut off = Searcher::new(&cfg, None, None);
        assert_eq!(off.history_adjusted(2, 10, h(30000)), 2);
    }

    #[test]
    fn every_late_move_of_the_block_is_a_cut_node_child_reduced_or_not() {
        // A late move: captures, killers and checks included, as Stockfish's block has them.
        assert!(in_stockfish_lmr_block(&node(3, 2, false), 1, false, 0));
        // Not the first move, not below depth 3, not the root's first three.
        assert!(!in_stockfish_lmr_block(&node(3, 2, false), 0, false, 0));
        assert!(!in_stockfish_lmr_block(&node(2, 2, false), 5, false, 0));
        assert!(!in_stockfish_lmr_block(&node(8, 0, false), 2, false, 0));
        assert!(in_stockfish_lmr_block(&node(8, 0, false), 3, false, 0));
        // A capture at a ttPv node only at a cut node whose parent's move was not its first.
        assert!(!in_stockfish_lmr_block(&node(5, 3, false), 4, true, 5));
        assert!(!in_stockfish_lmr_block(&node(5, 3, true), 4, true, 1));
        assert!(in_stockfish_lmr_block(&node(5, 3, true), 4, true, 2));
    }
}
