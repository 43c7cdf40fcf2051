//! Stockfish's transposition table in quiescence at 88f17a814 (`qsearch` in `src/search.cpp`),
//! with `quiescence.tt`: every quiescence node reads the table; at a null-window node a stored
//! bound that points past the window ends it (`tte->depth() >= ttDepth`: any entry, as
//! quiescence's depth is below every stored one); and the node's result is stored at depth 0, a
//! lower bound when it reached beta, an upper bound otherwise (Stockfish stores no exact score
//! there either). With `quiescence.tt_value_as_eval`, the table's score replaces the stand-pat
//! evaluation where its bound says it is the better guess ("ttValue can be used as a better
//! position evaluation (~7 Elo)").
//!
//! Differences: the stored entry carries no move (ablate's quiescence orders captures by its
//! own rule, not by a table move), and a mate score never stands in for the evaluation, as in
//! the main search (`tt_value_as_eval`).

use super::Searcher;
use crate::search::score::{Score, MATE_BOUND};
use crate::search::tt::{Bound, TtEntry};
use crate::search::window::Window;
use cozy_chess::Board;

impl Searcher<'_> {
    /// Quiescence through the table (see the module's text).
    #[inline(never)]
    pub(super) fn quiescence_with_table<const SELECTIVE: bool>(
        &mut self,
        board: &Board,
        ply: usize,
        window: Window,
        (psq, known): (Score, Option<Score>),
    ) -> Score {
        let key = board.hash();
        let entry = self.tt.as_ref().and_then(|tt| tt.probe(key, ply));
        if let Some(e) = entry {
            let cuts = match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.score >= window.beta,
                Bound::Upper => e.score <= window.alpha,
            };
            if cuts && window.beta - window.alpha == 1 {
                self.stats.qsearch_tt_cutoffs += 1;
                return e.score;
            }
        }
        let mut known = known;
        if self.cfg.quiescence.tt_value_as_eval && self.cfg.quiescence.stand_pat {
            if let Some(e) = entry.filter(|e| e.score.abs() < MATE_BOUND) {
                let stand = known.unwrap_or_else(|| self.evaluate(board, psq));
                let better = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score > stand,
                    Bound::Upper => e.score < stand,
                };
                known = Some(if better && e.score != stand {
                    self.stats.qsearch_tt_evals += 1;
                    e.score
                } else {
                    stand
                });
            }
        }
        let score = self.quiescence_moves::<SELECTIVE>(board, ply, window, (psq, known));
        if !self.aborted {
            if let Some(tt) = &mut self.tt {
                let bound = if score >= window.beta {
                    Bound::Lower
                } else {
                    Bound::Upper
                };
                let entry = TtEntry {
                    mv: None,
                    score,
                    depth: 0,
                    bound,
                    pv: false,
                };
                tt.store(key, ply, entry);
            }
        }
        score
    }
}
