//! The steps that prune, reduce or extend: razoring (step 5), reverse futility (step 6), the
//! null move (step 7), futility and late-move pruning (step 8a), the check extension (step 8b)
//! and late-move reductions (step 8c). Each acts only while its knob is on.

use super::node::{Node, NodeFacts, NullMove};
use super::Searcher;
use crate::chess::piece_value;
use crate::config::search_config::{LmrReduction, NullVerify};
use crate::search::score::{Score, MATE_BOUND};
use crate::search::window::Window;
use cozy_chess::{Board, Move, Piece};

/// Which rule of step 8a skipped a quiet move.
#[derive(Debug, Clone, Copy)]
pub(super) enum SkipRule {
    /// Futility pruning (`futility.*`).
    Futility,
    /// Late-move pruning (`late_move_pruning.*`).
    LateMove,
}

/// A quiet move skipped by step 8a: the rule, and the bound the node's best takes.
pub(super) struct Skip {
    /// The node's best is at least this.
    pub bound: Score,
    /// The rule that skipped it.
    pub rule: SkipRule,
}

impl Searcher<'_> {
    /// Step 5. Razoring (`razoring.*`): near the horizon and far below alpha, quiescence
    /// decides; a score still at or below alpha ends the node.
    #[inline]
    pub(super) fn razoring<const X: bool>(
        &mut self,
        board: &Board,
        node: &Node,
        facts: &mut NodeFacts,
    ) -> Option<Score> {
        let razor = &self.cfg.razoring;
        if !razor.enabled || node.depth > 2 {
            return None;
        }
        let static_eval = facts.static_eval(|| self.evaluate(board, node.psq));
        if static_eval + razor.margin > node.window.alpha {
            return None;
        }
        let score = self.horizon::<X>(board, node.ply, node.window, node.psq);
        if score <= node.window.alpha {
            self.stats.razor_cutoffs += 1;
            return Some(score);
        }
        None
    }

    /// Step 6. Reverse futility pruning (`reverse_futility.*`): far enough above beta that no
    /// move is expected to fall below it.
    #[inline]
    pub(super) fn reverse_futility(
        &mut self,
        board: &Board,
        node: &Node,
        facts: &mut NodeFacts,
    ) -> Option<Score> {
        let rfp = &self.cfg.reverse_futility;
        if !rfp.enabled || node.depth > rfp.max_depth {
            return None;
        }
        let static_eval = facts.static_eval(|| self.evaluate(board, node.psq));
        if static_eval - rfp.margin * node.depth as Score >= node.window.beta {
            self.stats.rfp_cutoffs += 1;
            return Some(static_eval);
        }
        None
    }

    /// Whether this node may try a null move: deep enough, not right after another, not a
    /// verification, not with a mate bound, and (unless allowed) not with only king and pawns.
    #[inline]
    pub(super) fn null_move_allowed(&self, board: &Board, node: &Node) -> bool {
        let null = &self.cfg.null_move;
        let ply = node.ply;
        null.enabled
            && node.depth >= null.min_depth
            && !(ply > 0 && self.null_floor[ply] == ply)
            && !self.verifying[ply]
            && !(null.verify == NullVerify::Subtree && node.verify && node.depth <= 1)
            && node.window.beta.abs() < MATE_BOUND
            && (null.in_pawn_endings || pieces_besides_pawns(board) > 0)
    }

    /// Step 7. Null move (`null_move.*`): let the opponent move twice; if a reduced search
    /// still fails high, so would a real move.
    pub(super) fn null_move<const X: bool>(&mut self, board: &Board, node: &Node) -> NullMove {
        let null = &self.cfg.null_move;
        let depth = node.depth;
        let reduction = if null.adaptive {
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
        self.null_floor[node.ply + 1] = node.ply + 1;
        let beta = node.window.beta;
        let null_window = Window {
            alpha: -beta,
            beta: -beta + 1,
        };
        let depth_left = depth.saturating_sub(reduction + 1);
        let passed = node.child(depth_left, null_window, None, node.psq);
        let score = -self.negamax::<X>(&child, passed);
        if self.aborted || score < beta {
            return NullMove::NoCut;
        }
        let verify = match null.verify {
            NullVerify::Never => false,
            NullVerify::Always => true,
            NullVerify::Endgame => pieces_besides_pawns(board) <= 1,
            NullVerify::Subtree if node.verify => {
                self.stats.null_verifications += 1;
                return NullMove::Verify;
            }
            NullVerify::Subtree => false,
        };
        if verify {
            // Fruit's verification: this node again, shallower, with no null move here.
            self.stats.null_verifications += 1;
            self.verifying[node.ply] = true;
            let again = Node {
                depth: depth.saturating_sub(reduction).max(1),
                window: Window {
                    alpha: beta - 1,
                    beta,
                },
                ..*node
            };
            let checked = self.negamax::<X>(board, again);
            self.verifying[node.ply] = false;
            if self.aborted || checked < beta {
                return NullMove::NoCut;
            }
            self.stats.null_cutoffs += 1;
            return NullMove::Cut(checked);
        }
        self.stats.null_cutoffs += 1;
        // A mate found after passing is not a mate the side to move can force.
        NullMove::Cut(if score >= MATE_BOUND { beta } else { score })
    }

    /// Step 8a. Futility and late-move pruning (`futility.*`, `late_move_pruning.*`) of a late
    /// quiet move that gives no check, near the horizon; `quiets_tried` quiet moves came before
    /// it, and the best of the moves searched so far scored `best`. `Some(bound)`: skip the
    /// move, and the node's best is at least `bound`. `gives_check` is asked only when a rule
    /// would skip the move: most moves here are skipped, and finding a check costs a lookup.
    ///
    /// A skipped move must not leave a mate score standing that the search has not proved:
    /// futility bounds the node by its estimate, and late-move pruning (which has none) waits,
    /// as Stockfish's does, until some searched move scores above a mated score.
    ///
    /// Once a rule skips a move it skips every later quiet move that gives no check: futility's
    /// test does not depend on the move, and late-move pruning's only grows truer as quiet
    /// moves are searched and the best score rises. So the caller skips the rest in the picker
    /// and counts them with `count_skipped`.
    #[inline]
    pub(super) fn prune_move(
        &mut self,
        board: &Board,
        node: &Node,
        facts: &mut NodeFacts,
        quiets_tried: usize,
        best: Score,
        gives_check: impl FnOnce() -> bool,
    ) -> Option<Skip> {
        if node.depth > 3 {
            return None;
        }
        let at = node.depth as usize - 1;
        let futility = &self.cfg.futility;
        if futility.enabled {
            let hopeless =
                facts.static_eval(|| self.evaluate(board, node.psq)) + futility.margins[at];
            if hopeless <= node.window.alpha {
                if gives_check() {
                    return None;
                }
                self.count_skipped(SkipRule::Futility, 1);
                return Some(Skip {
                    bound: hopeless,
                    rule: SkipRule::Futility,
                });
            }
        }
        let lmp = &self.cfg.late_move_pruning;
        if lmp.enabled && quiets_tried >= lmp.counts[at] as usize && best > -MATE_BOUND {
            if gives_check() {
                return None;
            }
            self.count_skipped(SkipRule::LateMove, 1);
            return Some(Skip {
                bound: best,
                rule: SkipRule::LateMove,
            });
        }
        None
    }

    /// Counts `moves` quiet moves skipped by `rule`.
    #[inline]
    pub(super) fn count_skipped(&mut self, rule: SkipRule, moves: u64) {
        match rule {
            SkipRule::Futility => self.stats.futility_prunes += moves,
            SkipRule::LateMove => self.stats.lmp_prunes += moves,
        }
    }

    /// Step 8b. Check extension (`extensions.check`): one ply for a move that gives check, while
    /// the ply stays below twice the iteration's depth.
    #[inline]
    pub(super) fn check_extension(&mut self, node: &Node, gives_check: bool) -> u32 {
        if self.cfg.extensions.check && gives_check && node.ply < 2 * self.iteration_depth as usize
        {
            self.stats.extensions += 1;
            1
        } else {
            0
        }
    }

    /// Step 8c. Plies a late move is reduced by (`lmr.*`; 0: searched at full depth).
    #[inline]
    pub(super) fn lmr_reduction(
        &self,
        board: &Board,
        mv: Move,
        depth: u32,
        searched: usize,
    ) -> u32 {
        let lmr = &self.cfg.lmr;
        if !lmr.enabled || depth < lmr.min_depth || searched < lmr.full_moves as usize {
            return 0;
        }
        if lmr.history_threshold > 0
            && self
                .tables
                .success
                .at_least(board, mv, lmr.history_threshold)
        {
            return 0;
        }
        let r = match lmr.reduction {
            LmrReduction::One => 1,
            LmrReduction::Log => {
                (lmr.base + ln(depth as usize) * ln(searched + 1) / lmr.divisor).round() as u32
            }
        };
        // A reduced move is still searched at depth 1 or more.
        r.min(depth.saturating_sub(2))
    }
}

/// `(n as f64).ln()`, looked up for the depths and move numbers a node can have (the same
/// values: the table is filled by `f64::ln`, once per process, and never changes).
#[inline]
fn ln(n: usize) -> f64 {
    static TABLE: std::sync::OnceLock<[f64; 257]> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| std::array::from_fn(|i| (i as f64).ln()));
    table.get(n).copied().unwrap_or_else(|| (n as f64).ln())
}

/// Knights, bishops, rooks and queens of the side to move.
fn pieces_besides_pawns(board: &Board) -> u32 {
    let us = board.colors(board.side_to_move());
    (us & !(board.pieces(Piece::Pawn) | board.pieces(Piece::King))).len()
}

/// Material of both sides' pieces, pawns and kings aside, in centipawns.
pub(super) fn piece_material(board: &Board) -> i32 {
    [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
        .iter()
        .map(|&p| board.pieces(p).len() as i32 * piece_value(p))
        .sum()
}
