//! Steps 4 and 12 of a node: reading the transposition table (`tt`, `tt_mb`) before the
//! moves, and storing the node's result with its bound after them.

use super::node::Node;
use super::Searcher;
use crate::config::search_config::TtMode;
use crate::search::score::Score;
use crate::search::tt::{Bound, TtEntry};
use cozy_chess::Move;

impl Searcher<'_> {
    /// Step 4: the table's move, or `Err(entry)` when its stored bound ends the node (`tt =
    /// "full"`). Never inside the window: an exact score there would cut the PV short.
    #[inline]
    pub(super) fn probe_table(
        &mut self,
        key: u64,
        node: &Node,
    ) -> Result<Option<TtEntry>, TtEntry> {
        let Some(tt) = &self.tt else {
            return Ok(None);
        };
        self.stats.tt_probes += 1;
        let Some(entry) = tt.probe(key, node.ply) else {
            return Ok(None);
        };
        self.stats.tt_hits += 1;
        if self.cfg.tt == TtMode::Full && node.ply > 0 && entry.depth as u32 >= node.depth {
            let cut = match entry.bound {
                Bound::Exact => !node.window.contains(entry.score),
                Bound::Lower => entry.score >= node.window.beta,
                Bound::Upper => entry.score <= node.window.alpha,
            };
            if cut {
                self.stats.tt_cutoffs += 1;
                return Err(entry);
            }
        }
        Ok(Some(entry))
    }

    /// Step 12: the node's score with its bound against the window it was searched with.
    #[inline]
    pub(super) fn store_table(
        &mut self,
        key: u64,
        node: &Node,
        best: Score,
        best_move: Option<Move>,
    ) {
        if let Some(tt) = &mut self.tt {
            let bound = if best >= node.window.beta {
                Bound::Lower
            } else if best > node.window.alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            tt.store(key, node.ply, best_move, best, node.depth, bound);
        }
    }
}
