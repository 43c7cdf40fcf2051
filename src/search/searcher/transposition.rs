//! Steps 4 and 12 of a node: reading the transposition table (`tt`, `tt_mb`) before the
//! moves, and storing the node's result with its bound after them.

use super::node::Node;
use super::Searcher;
use crate::config::search_config::TtMode;
use crate::search::score::Score;
use crate::search::tt::{Bound, TtEntry};
use cozy_chess::Move;

impl Searcher<'_> {
    /// Stockfish's `ss->ttPv` at this node once its table entry is read (`lmr.tt_pv`): a PV node,
    /// or one the table says was; the child's starts false (`(ss+1)->ttPv = false`).
    #[inline]
    pub(super) fn enter_tt_pv(&mut self, node: &Node, entry: Option<&TtEntry>) {
        if self.stack[node.ply].excluded.is_none() {
            self.stack[node.ply].tt_pv = !node.is_scout() || entry.is_some_and(|e| e.pv);
        }
        self.stack[node.ply + 1].tt_pv = false;
    }

    /// Stockfish's update of `ss->ttPv` once the moves are searched: a node that failed low
    /// joins the PV set when its parent is in it (from depth 4); one that did not leaves it
    /// unless its last child is in it.
    #[inline]
    pub(super) fn leave_tt_pv(&mut self, node: &Node, best: Score) {
        let ply = node.ply;
        if best <= node.window.alpha {
            self.stack[ply].tt_pv |= ply > 0 && self.stack[ply - 1].tt_pv && node.depth > 3;
        } else if node.depth > 3 {
            self.stack[ply].tt_pv &= self.stack[ply + 1].tt_pv;
        }
    }

    /// The table's probe: its move, or `Err(entry)` when its stored bound ends the node (`tt =
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

    /// The table's store: the node's score with its bound against the window it was searched with.
    #[inline]
    pub(super) fn store_table<const SELECTIVE: bool, const SWITCHED: bool>(
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
            // Stockfish's PV flag, kept only while `lmr.tt_pv` reads it.
            let pv = SWITCHED && self.on.tt_pv && self.stack[node.ply].tt_pv;
            let entry = TtEntry {
                mv: best_move,
                score: best,
                depth: node.depth.min(255) as u8,
                bound,
                pv,
            };
            tt.store(key, node.ply, entry);
        }
    }
}
