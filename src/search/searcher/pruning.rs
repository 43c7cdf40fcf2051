//! The steps that prune, reduce or extend: razoring, reverse futility, futility and late-move
//! pruning, SEE pruning, the check extension, late-move reductions and internal iterative
//! reduction (their numbers are `negamax.rs`'s and `move_loop.rs`'s); the null move has
//! `null_move.rs`, ProbCut `probcut.rs`. Each acts only while its knob is on.

use super::node::{Node, NodeFacts};
use super::Searcher;
use crate::chess::piece_value;
use crate::config::search_config::{CheckForm, LmpForm, LmrReduction};
use crate::search::picker::Picked;
use crate::search::score::{Score, MATE_BOUND};
use crate::search::see::loses_more_than;
use cozy_chess::{Board, Move, Piece};

/// Which rule of futility or late-move pruning skipped a quiet move.
#[derive(Debug, Clone, Copy)]
pub(super) enum SkipRule {
    /// Futility pruning (`futility.*`).
    Futility,
    /// Late-move pruning (`late_move_pruning.*`).
    LateMove,
}

/// A quiet move skipped by futility or late-move pruning: the rule, and the bound the node's best takes.
pub(super) struct Skip {
    /// The node's best is at least this.
    pub bound: Score,
    /// The rule that skipped it.
    pub rule: SkipRule,
}

impl Searcher<'_> {
    /// Razoring (`razoring.*`): near the horizon and far below alpha, quiescence
    /// decides; a score still at or below alpha ends the node.
    #[inline(always)]
    pub(super) fn razoring<const SELECTIVE: bool>(
        &mut self,
        board: &Board,
        node: &Node,
        facts: &mut NodeFacts,
    ) -> Option<Score> {
        let razor = &self.cfg.razoring;
        if !razor.enabled || node.depth > 2 {
            return None;
        }
        // The evaluation function's: Stockfish's better guess (`tt_value_as_eval`) reaches only
        // reverse futility and null move.
        let static_eval = self.evaluated(board, node, facts);
        if static_eval + razor.margin > node.window.alpha {
            return None;
        }
        let score = self.horizon::<SELECTIVE>(board, node.ply, node.window, node.psq);
        if score <= node.window.alpha {
            self.stats.razor_cutoffs += 1;
            return Some(score);
        }
        None
    }

    /// Reverse futility pruning (`reverse_futility.*`): far enough above beta that no
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
        let static_eval = self.static_eval(board, node, facts);
        if static_eval - rfp.margin * node.depth as Score >= node.window.beta {
            self.stats.rfp_cutoffs += 1;
            return Some(static_eval);
        }
        None
    }

    /// Internal iterative reduction (`iir.*`), Stockfish's step 10 at 88f17a814: a
    /// PV node (a full window) not in check whose table holds no move, from `min_depth` on, is
    /// searched `reduction` plies shallower: without a move to try first its search is
    /// expensive, and the next iteration will find the move. With `iir.cut_nodes`, Stockfish's
    /// second rule too: an expected cut node from depth 9, one ply. Returns the node's depth.
    #[inline]
    pub(super) fn internal_iterative_reduction(&mut self, node: &Node, facts: &NodeFacts) -> u32 {
        let iir = &self.cfg.iir;
        // Stockfish's root always has a table move (the first root move), so its IIR never
        // acts there; ablate's root entry can lack one (a fail-low, an overwrite).
        if facts.hash_move.is_some() || node.ply == 0 {
            return node.depth;
        }
        if !node.is_scout() && node.depth >= iir.min_depth {
            self.stats.iir_reductions += 1;
            return node.depth - iir.reduction.min(node.depth - 1);
        }
        // `iir.cut_nodes`: `if (cutNode && depth >= 9 && !ttMove) depth--;`
        if iir.cut_nodes && node.cut && node.depth >= CUT_NODE_IIR_DEPTH {
            self.stats.iir_reductions += 1;
            return node.depth - 1;
        }
        node.depth
    }

    /// Futility and late-move pruning (`futility.*`, `late_move_pruning.*`) of a late
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
        let futility = &self.cfg.futility;
        if futility.enabled && node.depth <= 3 {
            let margin = futility.margins[node.depth as usize - 1];
            // The evaluation function's, as Stockfish's futility reads `ss->staticEval`.
            let hopeless = self.evaluated(board, node, facts) + margin;
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
        let kept = match lmp.form {
            LmpForm::Counts if node.depth <= 3 => {
                Some(lmp.counts[node.depth as usize - 1] as usize)
            }
            LmpForm::Ethereal if node.depth <= lmp.max_depth => {
                Some(ethereal_lmp_count(node.depth))
            }
            LmpForm::EtherealTable if node.depth <= lmp.max_depth.min(8) => {
                Some(ETHEREAL_LMP_TABLE[usize::from(facts.improving)][node.depth as usize])
            }
            _ => None,
        };
        if lmp.enabled && kept.is_some_and(|kept| quiets_tried >= kept) && best > -MATE_BOUND {
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

    /// SEE pruning (`see_pruning.*`, Ethereal's step 12): a move whose static exchange
    /// loses more than `quiet_margin` per ply (a quiet move) or `noisy_margin` per ply squared
    /// (a capture) is skipped, once some move has scored above a mated score, anywhere but at
    /// the root. Inlined down to the tests that keep the step off, which every move passes.
    #[inline(always)]
    pub(super) fn see_prunes(
        &mut self,
        board: &Board,
        node: &Node,
        picked: &Picked,
        quiet: bool,
        best: Score,
    ) -> bool {
        let sp = &self.cfg.see_pruning;
        if !sp.enabled || node.ply == 0 || node.depth > sp.max_depth || best <= -MATE_BOUND {
            return false;
        }
        self.see_prunes_move(board, node.depth, picked, quiet)
    }

    /// SEE pruning's exchange, at a node where the step applies.
    #[inline(never)]
    fn see_prunes_move(&mut self, board: &Board, depth: u32, picked: &Picked, quiet: bool) -> bool {
        let sp = &self.cfg.see_pruning;
        let depth = depth as Score;
        let margin = if quiet {
            sp.quiet_margin * depth
        } else {
            sp.noisy_margin * depth * depth
        };
        if loses_more_than(board, picked.mv, picked.piece, margin) {
            self.stats.see_prunes += 1;
            return true;
        }
        false
    }

    /// Counts `moves` quiet moves skipped by `rule`.
    #[inline]
    pub(super) fn count_skipped(&mut self, rule: SkipRule, moves: u64) {
        match rule {
            SkipRule::Futility => self.stats.futility_prunes += moves,
            SkipRule::LateMove => self.stats.lmp_prunes += moves,
        }
    }

    /// Check extension (`extensions.check`): one ply for a move that gives check
    /// (`check_form = "gives_check"`), or for every move at a node in check but the root
    /// (`"in_check"`, Ethereal's), while the ply stays below twice the iteration's depth.
    #[inline]
    pub(super) fn check_extension(
        &mut self,
        node: &Node,
        gives_check: bool,
        in_check: bool,
    ) -> u32 {
        if !self.cfg.extensions.check {
            return 0;
        }
        let extends = match self.cfg.extensions.check_form {
            CheckForm::GivesCheck => gives_check,
            CheckForm::InCheck => in_check && node.ply > 0,
        };
        if extends && node.ply < 2 * self.iteration_depth as usize {
            self.stats.extensions += 1;
            1
        } else {
            0
        }
    }

    /// Late-move reduction: plies a late move is reduced by (`lmr.*`; 0: searched at full depth); `None`:
    /// the move is not one LMR reduces.
    #[inline]
    pub(super) fn lmr_reduction(
        &self,
        board: &Board,
        mv: Move,
        depth: u32,
        searched: usize,
    ) -> Option<u32> {
        let lmr = &self.cfg.lmr;
        if !lmr.enabled || depth < lmr.min_depth || searched < lmr.full_moves as usize {
            return None;
        }
        if lmr.history_threshold > 0
            && self
                .tables
                .success
                .at_least(board, mv, lmr.history_threshold)
        {
            return None;
        }
        // A reduced move is still searched at depth 1 or more.
        Some(
            self.formula_reduction(depth, searched)
                .min(depth.saturating_sub(2)),
        )
    }

    /// `lmr.reduction`'s plies for the move after `searched` others at `depth`, whether or not
    /// the move is one LMR reduces.
    #[inline]
    pub(super) fn formula_reduction(&self, depth: u32, searched: usize) -> u32 {
        let lmr = &self.cfg.lmr;
        match lmr.reduction {
            LmrReduction::One => 1,
            LmrReduction::Log => {
                (lmr.base + ln(depth as usize) * ln(searched + 1) / lmr.divisor).round() as u32
            }
        }
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

/// Stockfish 88f17a814 step 10, its second rule: `cutNode && depth >= 9 && !ttMove`.
const CUT_NODE_IIR_DEPTH: u32 = 9;

/// Ethereal's `LateMovePruningCounts[improving][depth]` at e755a81 (`src/search.h`): quiet
/// moves seen before the rest are skipped (Ethereal sets `skipQuiets` on the count-th and still
/// searches it, so as many are kept).
const ETHEREAL_LMP_TABLE: [[usize; 9]; 2] = [
    [0, 3, 4, 6, 10, 14, 19, 25, 31],
    [0, 5, 7, 11, 17, 26, 36, 48, 63],
];

/// Ethereal's late-move pruning count at `depth`, 3.8733 + 0.7124 depth², looked up (the
/// same values: the table is filled by the same expression, once per process).
#[inline]
fn ethereal_lmp_count(depth: u32) -> usize {
    let count = |d: u32| (3.8733 + 0.7124 * f64::from(d) * f64::from(d)) as usize;
    static TABLE: std::sync::OnceLock<[usize; 65]> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| std::array::from_fn(|d| count(d as u32)));
    table
        .get(depth as usize)
        .copied()
        .unwrap_or_else(|| count(depth))
}

/// Material of both sides' pieces, pawns and kings aside, in centipawns.
pub(super) fn piece_material(board: &Board) -> i32 {
    [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
        .iter()
        .map(|&p| board.pieces(p).len() as i32 * piece_value(p))
        .sum()
}
