//! Stockfish's transposition table in quiescence at 88f17a814 (`qsearch` in `src/search.cpp`),
//! with `quiescence.tt`: every quiescence node reads the table; at a null-window node a stored
//! bound that points past the window ends it (`tte->depth() >= ttDepth`: any entry, as
//! quiescence's depth is below every stored one); and the node's result is stored at depth 0, a
//! lower bound when it reached beta, an upper bound otherwise (Stockfish stores no exact score
//! there either). With `quiescence.tt_value_as_eval`, the table's score replaces the stand-pat
//! evaluation where its bound says it is the better guess ("ttValue can be used as a better
//! position evaluation (~7 Elo)").
//!
//! The store follows `TTEntry::save` (`tt.cpp`): an entry of the same position keeps its move,
//! and is overwritten only when it is less than 4 plies deeper than the store's depth, 6 with
//! the PV flag (`d - DEPTH_OFFSET + 2 * pv > depth8 - 4`); another position's entry is replaced.
//! So quiescence never wipes the main search's hash move, nor an entry searched 4 plies deeper
//! (`save_keeps`).
//!
//! Differences: quiescence stores no move of its own (ablate's quiescence orders captures by
//! its own rule, not by a table move; Stockfish stores its best capture, when it has one, and
//! that replaces the entry's move even where the rest is kept); every quiescence node stores at
//! depth 0 (Stockfish: 0 at its first ply and in check, −1 below); and a mate score never
//! stands in for the evaluation, as in the main search (`tt_value_as_eval`).

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
                let stand = known.unwrap_or_else(|| self.evaluate(board, ply, psq));
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
                // Stockfish's `pvHit`: the entry's PV flag as probed, stored again.
                let pv = entry.is_some_and(|e| e.pv);
                // Stockfish saves into the slot as it is now, after the captures' searches.
                let now = tt.probe(key, ply);
                if !save_keeps(now.as_ref(), pv) {
                    let stored = TtEntry {
                        mv: now.and_then(|e| e.mv),
                        score,
                        depth: 0,
                        bound,
                        pv,
                    };
                    tt.store(key, ply, stored);
                }
            }
        }
        score
    }
}

/// Whether Stockfish's `TTEntry::save` keeps the entry `existing` of the same position when
/// quiescence stores a bound (never exact) at depth 0: `d - DEPTH_OFFSET + 2 * pv > depth8 - 4`
/// fails, so the entry is 4 plies deeper or more (6 with the PV flag).
fn save_keeps(existing: Option<&TtEntry>, pv: bool) -> bool {
    existing.is_some_and(|e| e.depth as i64 >= 4 + 2 * i64::from(pv))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(depth: u8) -> TtEntry {
        TtEntry {
            mv: None,
            score: 0,
            depth,
            bound: Bound::Lower,
            pv: false,
        }
    }

    #[test]
    fn quiescence_keeps_entries_four_plies_deeper_as_stockfish_saves() {
        assert!(
            !save_keeps(None, false),
            "another position's entry is replaced"
        );
        assert!(!save_keeps(Some(&entry(3)), false));
        assert!(save_keeps(Some(&entry(4)), false));
        assert!(
            !save_keeps(Some(&entry(5)), true),
            "with the PV flag, 6 plies"
        );
        assert!(save_keeps(Some(&entry(6)), true));
    }
}
