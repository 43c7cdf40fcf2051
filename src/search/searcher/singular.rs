//! The singular test (`singular.*`), in either of two forms.
//!
//! **Ethereal's** (`moveIsSingular` in `src/search.c` at e755a81, its step 14, "~60 elo" with
//! the check extension): the hash move, held by the table as a lower bound from at most
//! `table_depth_margin` plies shallower, is singular when every other move, searched at half
//! the depth on a null window at the table's score minus the depth (rBeta), fails low; it is
//! then searched a ply deeper. When another move fails high there and rBeta is still at or
//! above beta, several moves beat beta: the node ends with rBeta (multi-cut). As at e755a81:
//! the other moves in the picker's order without the hash move, from any node but the root;
//! after `quiet_limit` quiet moves the quiet ones are passed over, and after `tactical_limit`
//! captures and promotions more the test stops (the moves not tried count as failing low).
//!
//! **Stockfish's** (`src/search.cpp` at 88f17a814, step 14, "Singular extension search (~58
//! Elo)"): from `min_depth` (Stockfish: 6; two plies more at PV nodes), the table's entry a
//! lower bound from `table_depth_margin` plies shallower or deeper (Stockfish: 3), the node itself is searched again without the hash move (`excludedMove`) at
//! (depth − 1) / 2 on a null window at singularBeta = the table's score − 3·depth. Below it:
//! one ply more, two at a non-PV node when it is 75 below and fewer than 7 two-ply extensions
//! lie on the line (3·depth and 75 in Stockfish's units, a pawn being 208 there: about 1.4 cp a
//! ply and 36 cp here); else multi-cut when singularBeta ≥ beta; else, when the table's score is at
//! or above beta, the hash move is searched two plies shallower. Where the test ran, no check
//! extension (Stockfish's `else if`). One difference: ablate's table keeps no PV flag, so
//! Stockfish's `PvNode && tte->is_pv()` reads as "a PV node" (its entry is a PV entry whenever
//! the node was on the PV when stored, as a PV node at the next iteration mostly was).
//!
//! In both, no test when the table's score is a mate score (Stockfish's `abs(ttValue) <
//! VALUE_KNOWN_WIN`; for Ethereal's form a difference, for soundness), so that multi-cut never
//! returns a mate it has not proved.

use super::node::{Node, Singular};
use super::Searcher;
use crate::config::search_config::SingularForm;
use crate::search::picker::MovePicker;
use crate::search::score::{from_stockfish, Score, MATE, MATE_BOUND};
use crate::search::tt::{Bound, TtEntry};
use crate::search::window::Window;
use cozy_chess::{Board, Move};

/// Stockfish's `value < singularBeta - 75`, in centipawns.
const DOUBLE_MARGIN: Score = from_stockfish(75);

impl Searcher<'_> {
    /// Whether the hash move is tested at this node: not the root, not inside another test,
    /// deep enough, and the table's entry a lower bound (or exact) from nearly this depth and
    /// not a mate score. Ethereal's test is the last term of its step 14's `inCheck || history
    /// extension || moveIsSingular(...)`: C's `||` never runs it at a node in check
    /// (`in_check`) or for a move the history extension extends (`history_extends`).
    #[inline]
    pub(super) fn singular_candidate(
        &self,
        node: &Node,
        entry: Option<&TtEntry>,
        in_check: bool,
        history_extends: bool,
    ) -> bool {
        let singular = &self.cfg.singular;
        let Some(entry) = entry else {
            return false;
        };
        if singular.form == SingularForm::Ethereal && (in_check || history_extends) {
            return false;
        }
        // Stockfish tests PV nodes two plies deeper (`depth >= 6 + 2 * (PvNode && ...)`).
        let pv_plies = match singular.form {
            SingularForm::Ethereal => 0,
            SingularForm::Stockfish => 2 * u32::from(!node.is_scout()),
        };
        let (min_depth, margin) = (singular.min_depth + pv_plies, singular.table_depth_margin);
        node.ply > 0
            && self.stack[node.ply].excluded.is_none()
            && node.depth >= min_depth
            && u32::from(entry.depth) + margin >= node.depth
            && matches!(entry.bound, Bound::Lower | Bound::Exact)
            && entry.score.abs() < MATE_BOUND
    }

    /// The test of `tt_move`, whose table entry is `entry`, in the configured form.
    #[inline(never)]
    pub(super) fn singular<const SELECTIVE: bool, const SWITCHED: bool>(
        &mut self,
        board: &Board,
        node: &Node,
        tt_move: Move,
        entry: TtEntry,
    ) -> Singular {
        self.stats.singular_tests += 1;
        match self.cfg.singular.form {
            SingularForm::Ethereal => {
                self.ethereal_singular::<SELECTIVE, SWITCHED>(board, node, tt_move, entry.score)
            }
            SingularForm::Stockfish => {
                self.stockfish_singular::<SELECTIVE, SWITCHED>(board, node, tt_move, entry.score)
            }
        }
    }

    /// Stockfish's test (see the module's text).
    fn stockfish_singular<const SELECTIVE: bool, const SWITCHED: bool>(
        &mut self,
        board: &Board,
        node: &Node,
        tt_move: Move,
        table_score: Score,
    ) -> Singular {
        let depth = node.depth as Score;
        let singular_beta = table_score - from_stockfish(3 * depth);
        let test = Node {
            depth: (node.depth - 1) / 2,
            window: Window {
                alpha: singular_beta - 1,
                beta: singular_beta,
            },
            ..*node
        };
        self.stack[node.ply].excluded = Some(tt_move);
        let value = self.negamax::<SELECTIVE, SWITCHED>(board, test);
        self.stack[node.ply].excluded = None;
        if self.aborted {
            return Singular::No;
        }
        if value < singular_beta {
            self.stats.singular_extensions += 1;
            let pv = !node.is_scout();
            let doubles = self.stack[node.ply].double_extensions;
            if !pv && value < singular_beta - DOUBLE_MARGIN && doubles <= 6 {
                self.stats.double_extensions += 1;
                return Singular::Extend(2);
            }
            Singular::Extend(1)
        } else if singular_beta >= node.window.beta {
            self.stats.multi_cuts += 1;
            Singular::Cut(singular_beta)
        } else if table_score >= node.window.beta {
            self.stats.negative_extensions += 1;
            Singular::Extend(-2)
        } else {
            Singular::Extend(0)
        }
    }

    /// Ethereal's test (see the module's text).
    fn ethereal_singular<const SELECTIVE: bool, const SWITCHED: bool>(
        &mut self,
        board: &Board,
        node: &Node,
        tt_move: Move,
        table_score: Score,
    ) -> Singular {
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
            let child_psq = self.child_psq(board, picked.mv, picked.piece, node.psq, node.ply);
            let mut child = board.clone();
            child.play_unchecked(picked.mv);
            self.descend::<true>(board, node.ply, picked.mv, picked.piece);
            let child_node = node.child(depth, window, Some(picked.mv), child_psq);
            value = -self.negamax::<SELECTIVE, SWITCHED>(&child, child_node);
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
            Singular::Extend(1)
        } else {
            Singular::No
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::SearchConfig;

    fn candidate(form: SingularForm, in_check: bool, history_extends: bool) -> bool {
        let mut cfg = SearchConfig::default();
        cfg.singular.enabled = true;
        cfg.singular.form = form;
        let searcher = Searcher::new(&cfg, None, None);
        let mut node = Node::root(10, Window::FULL, 0);
        node.ply = 3;
        let entry = TtEntry {
            mv: None,
            depth: 10,
            bound: Bound::Lower,
            score: 50,
            pv: false,
        };
        searcher.singular_candidate(&node, Some(&entry), in_check, history_extends)
    }

    #[test]
    fn ethereal_never_tests_in_check_nor_a_move_the_history_extension_extends() {
        assert!(candidate(SingularForm::Ethereal, false, false));
        assert!(!candidate(SingularForm::Ethereal, true, false));
        assert!(!candidate(SingularForm::Ethereal, false, true));
        // Stockfish's test has no such terms.
        assert!(candidate(SingularForm::Stockfish, true, true));
    }
}
