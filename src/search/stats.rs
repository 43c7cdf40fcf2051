//! The counters every search keeps; see "How nodes are counted" in the README.

use serde::{Deserialize, Serialize};

/// Counters of one search or one iteration.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchStats {
    /// Positions the main search entered: the root, interior and horizon nodes.
    pub nodes: u64,
    /// Positions reached by moves inside quiescence, beyond the horizon node.
    pub qnodes: u64,
    /// Main-search nodes at remaining depth 0.
    pub leaves: u64,
    /// Main-search nodes that failed high (score ≥ beta).
    pub beta_cutoffs: u64,
    /// Beta cutoffs on the first move searched.
    pub first_move_cutoffs: u64,
    /// Transposition table look-ups.
    pub tt_probes: u64,
    /// Look-ups that found the position.
    pub tt_hits: u64,
    /// Hits whose stored bound ended the node.
    pub tt_cutoffs: u64,
    /// Root re-searches after the score fell outside the aspiration window.
    pub asp_researches: u64,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
}

impl SearchStats {
    /// The counts accumulated since `earlier` (seldepth is the later maximum).
    pub fn since(&self, earlier: &SearchStats) -> SearchStats {
        SearchStats {
            nodes: self.nodes - earlier.nodes,
            qnodes: self.qnodes - earlier.qnodes,
            leaves: self.leaves - earlier.leaves,
            beta_cutoffs: self.beta_cutoffs - earlier.beta_cutoffs,
            first_move_cutoffs: self.first_move_cutoffs - earlier.first_move_cutoffs,
            tt_probes: self.tt_probes - earlier.tt_probes,
            tt_hits: self.tt_hits - earlier.tt_hits,
            tt_cutoffs: self.tt_cutoffs - earlier.tt_cutoffs,
            asp_researches: self.asp_researches - earlier.asp_researches,
            seldepth: self.seldepth,
        }
    }
}
