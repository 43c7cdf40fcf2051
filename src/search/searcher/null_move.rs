//! The null move (`null_move.*`): let the opponent move twice; if a reduced search
//! still fails high, so would a real move. Its guard and its verifications are the field's:
//! the static-evaluation guard of Fruit, Ethereal and Stockfish, Fruit's verification search,
//! Tabibi and Netanyahu's verified null-move pruning, and Stockfish's verification.

use super::node::{Node, NodeFacts, NullMove};
use super::Searcher;
use crate::config::search_config::{NullForm, NullVerify};
use crate::search::score::MATE_BOUND;
use crate::search::tt::Bound;
use crate::search::window::Window;
use cozy_chess::{Board, Piece};

impl Searcher<'_> {
    /// Whether this node may try a null move: deep enough, not right after another, not a
    /// verification, not with a mate bound, and (unless allowed) not with only king and pawns;
    /// with `eval_guard`, only when the static evaluation reaches beta (from
    /// `eval_guard_min_depth` on, as Fruit guards only above its null reduction plus one).
    #[inline(always)]
    pub(super) fn null_move_allowed(
        &mut self,
        board: &Board,
        node: &Node,
        facts: &mut NodeFacts,
    ) -> bool {
        let cfg = self.cfg;
        let null = &cfg.null_move;
        let ply = node.ply;
        let allowed = null.enabled
            && node.depth >= null.min_depth
            // Not inside Stockfish's singular test (`!excludedMove`).
            && self.stack[ply].excluded.is_none()
            && !(ply > 0 && self.stack[ply].null_floor == ply)
            && !self.stack[ply].verifying
            && !(null.verify == NullVerify::Subtree && node.verify && node.depth <= 1)
            // Stockfish's verification: this side may not pass until the ply it set.
            && !(ply < self.null_min_ply && Some(board.side_to_move()) == self.null_side)
            && node.window.beta.abs() < MATE_BOUND
            && (null.in_pawn_endings || pieces_besides_pawns(board) > 0);
        if !allowed {
            return false;
        }
        if null.form == NullForm::Ethereal {
            return self.ethereal_null_allowed(board, node, facts);
        }
        !null.eval_guard
            || node.depth < null.eval_guard_min_depth
            || self.static_eval(board, node, facts) >= node.window.beta
    }

    /// Ethereal's conditions at e755a81 (`search.c` step 8) beside ablate's: the evaluation at
    /// least beta at every depth; this side did not pass two plies up either (a null move at
    /// ply p sets `null_floor` to p + 1 below it); and the table does not hold an upper bound
    /// below beta (`!ttHit || !(ttBound & BOUND_UPPER) || ttValue >= beta`).
    fn ethereal_null_allowed(&mut self, board: &Board, node: &Node, facts: &mut NodeFacts) -> bool {
        let beta = node.window.beta;
        let floor = self.stack[node.ply].null_floor;
        let passed_lately = floor > 0 && floor + 1 >= node.ply;
        let table_says_below = facts
            .table
            .is_some_and(|e| e.bound != Bound::Lower && e.score < beta);
        !passed_lately && !table_says_below && self.static_eval(board, node, facts) >= beta
    }

    /// Null move (`null_move.*`).
    pub(super) fn null_move<const SELECTIVE: bool, const SWITCHED: bool>(
        &mut self,
        board: &Board,
        node: &Node,
        facts: &mut NodeFacts,
    ) -> NullMove {
        let cfg = self.cfg;
        let null = &cfg.null_move;
        let depth = node.depth;
        let reduction = if null.form == NullForm::Ethereal {
            // R = 4 + depth / 6 + min(3, (eval - beta) / 200) in all, the move itself one of them.
            let eval = self.static_eval(board, node, facts);
            let above = ((eval - node.window.beta) / 200).clamp(0, 3) as u32;
            3 + depth / 6 + above
        } else if null.adaptive {
            if depth > 6 {
                3
            } else {
                2
            }
        } else {
            u32::from(null.reduction)
        };
        let Some(child) = board.null_move() else {
            return NullMove::NoCut;
        };
        self.stats.null_tries += 1;
        self.stack[node.ply + 1].null_floor = node.ply + 1;
        if self.on.line {
            self.stack[node.ply].moved = None;
        }
        let beta = node.window.beta;
        let null_window = Window {
            alpha: -beta,
            beta: -beta + 1,
        };
        let depth_left = depth.saturating_sub(reduction + 1);
        let psq = self.pass_psq(node.ply, node.psq);
        let passed = node.child(depth_left, null_window, None, psq);
        let score = -self.negamax::<SELECTIVE, SWITCHED>(&child, passed);
        if self.aborted || score < beta {
            return NullMove::NoCut;
        }
        // A mate found after passing is not a mate the side to move can force. Ethereal's
        // form returns beta whatever the score.
        let cut = if score >= MATE_BOUND || null.form == NullForm::Ethereal {
            beta
        } else {
            score
        };
        let verify_reduction = u32::from(null.verify_reduction);
        let verify = match null.verify {
            NullVerify::Never => false,
            NullVerify::Always => true,
            NullVerify::Endgame => pieces_besides_pawns(board) <= 1,
            NullVerify::Subtree if node.verify => {
                self.stats.null_verifications += 1;
                return NullMove::Verify;
            }
            NullVerify::Subtree => false,
            NullVerify::Stockfish => {
                return self
                    .stockfish_verification::<SELECTIVE, SWITCHED>(board, node, reduction, cut);
            }
        };
        // Fruit verifies only above its verification reduction.
        if verify && (verify_reduction == 0 || depth > verify_reduction) {
            // Fruit's verification: this node again, shallower, with no null move here.
            self.stats.null_verifications += 1;
            self.stack[node.ply].verifying = true;
            let again = Node {
                depth: if verify_reduction == 0 {
                    depth.saturating_sub(reduction).max(1)
                } else {
                    depth - verify_reduction
                },
                window: Window {
                    alpha: beta - 1,
                    beta,
                },
                ..*node
            };
            let checked = self.negamax::<SELECTIVE, SWITCHED>(board, again);
            self.stack[node.ply].verifying = false;
            if self.aborted || checked < beta {
                return NullMove::NoCut;
            }
            self.stats.null_cutoffs += 1;
            return NullMove::Cut(checked);
        }
        self.stats.null_cutoffs += 1;
        NullMove::Cut(cut)
    }

    /// Stockfish's verification (`verify = "stockfish"`): below `verify_depth`, or inside
    /// another verification, the fail-high cuts; deeper, the node is searched at the null
    /// move's depth with no null move for this side for three quarters of that depth, and
    /// cuts only if it fails high too.
    fn stockfish_verification<const SELECTIVE: bool, const SWITCHED: bool>(
        &mut self,
        board: &Board,
        node: &Node,
        reduction: u32,
        cut: crate::search::score::Score,
    ) -> NullMove {
        let depth = node.depth;
        if self.null_min_ply > 0 || depth < self.cfg.null_move.verify_depth {
            self.stats.null_cutoffs += 1;
            return NullMove::Cut(cut);
        }
        self.stats.null_verifications += 1;
        let verified_depth = depth.saturating_sub(reduction).max(1);
        self.null_min_ply = node.ply + (3 * verified_depth as usize) / 4;
        self.null_side = Some(board.side_to_move());
        let beta = node.window.beta;
        let again = Node {
            depth: verified_depth,
            window: Window {
                alpha: beta - 1,
                beta,
            },
            // Stockfish passes `cutNode = false` to its verification search.
            cut: false,
            ..*node
        };
        let checked = self.negamax::<SELECTIVE, SWITCHED>(board, again);
        self.null_min_ply = 0;
        self.null_side = None;
        if self.aborted || checked < beta {
            return NullMove::NoCut;
        }
        self.stats.null_cutoffs += 1;
        NullMove::Cut(cut)
    }
}

/// Knights, bishops, rooks and queens of the side to move.
pub(super) fn pieces_besides_pawns(board: &Board) -> u32 {
    let us = board.colors(board.side_to_move());
    (us & !(board.pieces(Piece::Pawn) | board.pieces(Piece::King))).len()
}
