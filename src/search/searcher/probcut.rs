//! ProbCut (`probcut.*`), in Ethereal's form (`src/search.c` at e755a81, its step 9,
//! "~9 elo"): at a non-PV node whose beta is not a mate score, when the static evaluation plus
//! the most a capture could win reaches beta + margin, each capture or promotion whose static
//! exchange keeps beta + margin - eval is searched `reduction` plies shallower with a null
//! window at beta + margin; the first that holds there ends the node with its score.
//!
//! As at e755a81: no test for check (a capture that does not answer a check is not generated
//! here: cozy-chess's moves are legal), moves in MVV/LVA order, the result not stored in the
//! table. ablate's own scale stands where Ethereal's differs: eval.md's piece values in the
//! best case and in the static exchange (Ethereal's SEE values are 100, 450, 450, 675, 1300).
//!
//! Stockfish's "small Probcut idea, when we are in check" (`probcut.in_check`), lives
//! here too: it reads only the table.

use super::node::{Node, NodeFacts};
use super::Searcher;
use crate::chess::{is_tactical, piece_value};
use crate::search::main_captures::generate_tactical;
use crate::search::movegen::take_best;
use crate::search::movegen::MoveList;
use crate::search::ordering::{attacker_rank, gain_known};
use crate::search::score::{from_stockfish, Score, MATE_BOUND};
use crate::search::see::see;
use crate::search::tt::Bound;
use crate::search::window::Window;
use cozy_chess::{Board, Piece, Rank};

impl Searcher<'_> {
    /// ProbCut: `Some(score)` ends the node. Kept out of line: when it is off, the node's
    /// code stays as it was.
    #[inline(never)]
    pub(super) fn probcut<const SELECTIVE: bool, const SWITCHED: bool>(
        &mut self,
        board: &Board,
        node: &Node,
        facts: &mut NodeFacts,
    ) -> Option<Score> {
        let probcut = &self.cfg.probcut;
        let beta = node.window.beta;
        if node.depth < probcut.min_depth || beta.abs() >= MATE_BOUND {
            return None;
        }
        let (margin, reduction) = (probcut.margin, probcut.reduction);
        // The evaluation function's, as Stockfish's ProbCut threshold reads `ss->staticEval`.
        let eval = self.evaluated(board, node, facts);
        if eval + best_case_gain(board) < beta + margin {
            return None;
        }
        // Ethereal's rBeta: never a mate score.
        let raised = (beta + margin).min(MATE_BOUND - 1);
        let threshold = raised - eval;
        let mut moves = MoveList::new();
        generate_tactical(board, true, &mut moves, |piece, victim, mv| {
            Some(gain_known(victim, mv.promotion) * 16 - attacker_rank(piece))
        });
        let mut next = 0;
        while let Some(picked) = take_best(&mut moves, &mut next, false) {
            let mv = picked.mv;
            // Inside Stockfish's singular test the left-out move is not searched here either.
            if Some(mv) == self.stack[node.ply].excluded || see(board, mv) < threshold {
                continue;
            }
            let child_psq = self.child_psq(board, mv, picked.piece, node.psq, node.ply);
            let mut child = board.clone();
            child.play_unchecked(mv);
            self.descend::<true>(board, node.ply, mv, picked.piece);
            let window = Window {
                alpha: -raised,
                beta: -raised + 1,
            };
            let depth = node.depth.saturating_sub(reduction);
            let reduced = node.child(depth, window, Some(mv), child_psq);
            let score = -self.negamax::<SELECTIVE, SWITCHED>(&child, reduced);
            if self.aborted {
                return None;
            }
            if score >= raised {
                self.stats.probcut_cutoffs += 1;
                return Some(score);
            }
        }
        None
    }
}

impl Searcher<'_> {
    /// Stockfish's small ProbCut in check (`probcut.in_check`; `search.cpp` step 11
    /// at 88f17a814): a non-PV node in check from depth 4 whose table move is a capture or
    /// promotion, held as a lower bound from depth − 3 or deeper at beta + 197 cp or more,
    /// returns beta + 197. Never a mate score: the table's score and beta + 197 stay below.
    pub(super) fn probcut_in_check(
        &mut self,
        board: &Board,
        node: &Node,
        facts: &NodeFacts,
    ) -> Option<Score> {
        let entry = facts.table?;
        let mv = entry.mv?;
        let raised = node.window.beta + IN_CHECK_MARGIN;
        let cuts = node.depth >= IN_CHECK_MIN_DEPTH
            && is_tactical(board, mv)
            && matches!(entry.bound, Bound::Lower | Bound::Exact)
            && u32::from(entry.depth) + 3 >= node.depth
            && entry.score >= raised
            && entry.score.abs() < MATE_BOUND
            && raised.abs() < MATE_BOUND;
        self.stats.check_probcut_cutoffs += u64::from(cuts);
        cuts.then_some(raised)
    }
}

/// Stockfish's `probCutBeta = beta + 409` (its units, 208 a pawn) and `depth >= 4`.
const IN_CHECK_MARGIN: Score = from_stockfish(409);
const IN_CHECK_MIN_DEPTH: u32 = 4;

/// Ethereal's `moveBestCaseValue`: the opponent's most valuable piece (at least a pawn), and
/// a queen's gain over a pawn when the side to move has a pawn on its 7th rank.
fn best_case_gain(board: &Board) -> Score {
    let us = board.side_to_move();
    let theirs = board.colors(!us);
    let best = [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight]
        .into_iter()
        .find(|&p| !(board.pieces(p) & theirs).is_empty())
        .unwrap_or(Piece::Pawn);
    let mut value = piece_value(best);
    let seventh = Rank::Seventh.relative_to(us).bitboard();
    if !(board.colored_pieces(us, Piece::Pawn) & seventh).is_empty() {
        value += piece_value(Piece::Queen) - piece_value(Piece::Pawn);
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_case_is_the_opponents_best_piece_and_a_promotion() {
        let board = |fen: &str| Board::from_fen(fen, false).unwrap();
        assert_eq!(best_case_gain(&Board::default()), 900);
        // Only pawns and a knight left to take.
        assert_eq!(
            best_case_gain(&board("4k3/8/3n4/8/8/8/4P3/4K3 w - - 0 1")),
            320
        );
        // Nothing but pawns to take, and a pawn of ours on the 7th: a pawn, and a queen more.
        assert_eq!(
            best_case_gain(&board("8/1P2k3/8/8/8/6p1/8/4K3 w - - 0 1")),
            100 + 800
        );
        // Black's 7th rank is rank 2.
        assert_eq!(
            best_case_gain(&board("4k3/8/8/8/8/8/1p6/4K2R b - - 0 1")),
            500 + 800
        );
    }
}
