//! What a search hands back: one report per completed iteration, and how far a game's search
//! may go.

use super::counters::SearchStats;
use super::score::Score;
use cozy_chess::Move;
use serde::Serialize;

/// What one completed iteration (or the single fixed-depth search) found and cost.
#[derive(Debug, Clone, Serialize)]
pub struct IterationReport {
    /// Nominal depth of this iteration.
    pub depth: u32,
    /// Root score, mate scores raw (±(30000 − ply)).
    pub score_cp: Score,
    /// Signed moves to mate, when the score is a mate score.
    pub mate: Option<i32>,
    /// The best move (the PV's first move).
    #[serde(skip)]
    pub best_move: Option<Move>,
    /// The best move in UCI, empty when the root has no legal move.
    pub best_move_uci: String,
    /// The principal variation in UCI, from the PV table.
    pub pv: String,
    /// Counters of this iteration alone.
    pub stats: SearchStats,
    /// nodes + qnodes from the start of the search through this iteration.
    pub nodes_cum: u64,
    /// Main-search nodes of the iteration two plies shallower, when this search went through
    /// it: the effective branching factor's denominator, even when that depth was not asked for.
    pub nodes_two_plies_back: Option<u64>,
    /// Wall time of this iteration, milliseconds.
    pub time_ms: f64,
    /// Wall time from the start of the search through this iteration, milliseconds.
    pub time_ms_cum: f64,
}

impl IterationReport {
    /// (nodes + qnodes) per second in this iteration; 0 when too fast to time.
    pub fn nps(&self) -> u64 {
        let work = (self.stats.nodes + self.stats.qnodes) as f64;
        if self.time_ms > 0.0 {
            (work / (self.time_ms / 1e3)) as u64
        } else {
            0
        }
    }
}

/// The search was stopped from outside before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Aborted;

/// How far a game's search may go: a nominal depth, and about a number of nodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameLimits {
    /// The deepest iteration.
    pub depth: u32,
    /// Stop after about this many nodes (checked every 4096; every 256 under 4096).
    pub nodes: Option<u64>,
}
