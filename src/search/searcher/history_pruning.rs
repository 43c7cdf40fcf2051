//! The steps that read Ethereal's continuation tables (`learning/continuation.rs`) besides the
//! move order, in its form at e755a81 (`src/search.c`): counter-move and follow-up
//! pruning (`continuation.pruning`; steps 11D and 11E, "~8 elo" and "~1.5 elo"), where a quiet
//! move whose counter-move or follow-up history is poor is skipped near the horizon, more
//! readily where the evaluation is not improving; and the history extension
//! (`continuation.extension`, part of step 14's "~60 elo"), with Stockfish's quiet ttMove
//! extension beside it (`extensions.quiet_tt_move`, 88f17a814 step 14, on Ethereal's tables).

use super::node::{Node, NodeFacts};
use super::Searcher;
use crate::search::learning::continuation::Histories;
use crate::search::score::{Score, MATE_BOUND};

/// Ethereal's `CounterMovePruningDepth` and `CounterMoveHistoryLimit`, by `improving`.
const COUNTER_MOVE_DEPTH: [u32; 2] = [3, 2];
const COUNTER_MOVE_LIMIT: [i32; 2] = [0, -1000];
/// Ethereal's history extension: among the first four quiet moves, both histories this high.
const EXTENSION_QUIETS: usize = 4;
const EXTENSION_HISTORY: i32 = 10_000;
/// Stockfish's quiet ttMove extension: `(*contHist[0])[movedPiece][to_sq(move)] >= 10000` of
/// its bound 29,952, as the same share of Ethereal's 16,384.
const QUIET_TT_HISTORY: i32 = 10_000 * 16_384 / 29_952;
/// Ethereal's `FollowUpMovePruningDepth` and `FollowUpMoveHistoryLimit`, by `improving`.
const FOLLOW_UP_DEPTH: [u32; 2] = [3, 2];
const FOLLOW_UP_LIMIT: [i32; 2] = [-2000, -4000];

impl Searcher<'_> {
    /// Whether this quiet move is skipped. As in Ethereal, only once some move has scored above
    /// a mated score, so a node never reports a mate for moves it did not search; as ablate's
    /// other quiet-move pruning, only at non-PV nodes not in check (the caller's `prunable`).
    #[inline]
    pub(super) fn continuation_prunes(
        &mut self,
        node: &Node,
        facts: &NodeFacts,
        best: Score,
        histories: Histories,
    ) -> bool {
        if !self.cfg.continuation.pruning || best <= -MATE_BOUND {
            return false;
        }
        let improving = usize::from(facts.improving);
        let continuation = &self.cfg.continuation;
        if continuation.counter_move_pruning
            && node.depth <= COUNTER_MOVE_DEPTH[improving]
            && histories.counter < COUNTER_MOVE_LIMIT[improving]
        {
            self.stats.counter_move_prunes += 1;
            return true;
        }
        if continuation.follow_up_pruning
            && node.depth <= FOLLOW_UP_DEPTH[improving]
            && histories.follow_up < FOLLOW_UP_LIMIT[improving]
        {
            self.stats.follow_up_prunes += 1;
            return true;
        }
        false
    }

    /// The history extension: one ply for a quiet move among the first four quiet moves
    /// (`quiets_before` were searched before it) whose counter-move and follow-up histories are
    /// both at least 10,000 (Ethereal: `isQuiet && quietsSeen <= 4 && cmhist >= 10000 &&
    /// fmhist >= 10000`; its `quietsSeen` also counts quiet moves pruned before, ablate's count
    /// only those searched). `histories` is zero for a capture.
    #[inline]
    pub(super) fn history_extension(&mut self, quiets_before: usize, histories: Histories) -> u32 {
        let extends = self.history_extends(quiets_before, histories);
        self.stats.history_extensions += u64::from(extends);
        u32::from(extends)
    }

    /// Whether Ethereal's history extension would extend the move, counting nothing.
    #[inline]
    pub(super) fn history_extends(&self, quiets_before: usize, histories: Histories) -> bool {
        self.cfg.continuation.extension
            && quiets_before < EXTENSION_QUIETS
            && histories.counter >= EXTENSION_HISTORY
            && histories.follow_up >= EXTENSION_HISTORY
    }

    /// Stockfish's "quiet ttMove extensions (~0 Elo)" at 88f17a814 (`extensions.quiet_tt_move`):
    /// a ply at a PV node for the hash move when it is quiet and the first killer
    /// (`quiet_tt_killer`) and its counter-move history is high. Where the singular test ran,
    /// Stockfish's `else if` never reaches it; the caller keeps that order.
    #[inline]
    pub(super) fn quiet_tt_extension(
        &mut self,
        node: &Node,
        quiet_tt_killer: bool,
        histories: Histories,
    ) -> u32 {
        let extends = self.cfg.extensions.quiet_tt_move
            && quiet_tt_killer
            && !node.is_scout()
            && histories.counter >= QUIET_TT_HISTORY;
        self.stats.quiet_tt_extensions += u64::from(extends);
        u32::from(extends)
    }
}
