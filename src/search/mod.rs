//! The one search's public face: what to search, what comes back, and the score scale.
//! The searcher itself (`searcher.rs`) is fail-soft negamax alpha-beta whose every step is set
//! by a `SearchConfig` knob.

pub mod captures;
pub mod history;
pub mod killers;
pub mod minimal;
pub mod movegen;
pub mod ordering;
pub mod picker;
pub mod pv;
mod searcher;
pub mod see;
pub mod stats;
pub mod tt;
pub mod window;

use crate::config::search_config::TtMode;
use crate::config::SearchConfig;
use cozy_chess::Move;
use serde::Serialize;
pub use stats::SearchStats;
use std::sync::atomic::AtomicBool;
use tt::TranspositionTable;
pub use window::Window;

/// A score in centipawns from the side to move's point of view.
pub type Score = i32;
/// Larger than any score.
pub const INF: Score = 32_000;
/// Being mated at ply p scores −(MATE − p).
pub const MATE: Score = 30_000;
/// Scores beyond this are mate scores.
pub const MATE_BOUND: Score = MATE - MAX_PLY as Score;
/// The deepest ply the search and quiescence may reach.
pub const MAX_PLY: usize = 128;
/// A draw: repetition or stalemate.
pub const DRAW: Score = 0;

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

/// Searches `board` to `depth` (1 to `config::MAX_DEPTH`, see `config::check_depth`) with fresh
/// tables; one report per completed iteration.
pub fn search(
    board: &cozy_chess::Board,
    depth: u32,
    config: &SearchConfig,
    stop: Option<&AtomicBool>,
) -> Result<Vec<IterationReport>, Aborted> {
    let mut table = (config.tt != TtMode::Off).then(|| TranspositionTable::new(config.tt_mb));
    search_with_table(board, depth, config, stop, table.as_mut())
}

/// Like `search`, reusing a table's memory; the table is emptied first, so results are identical.
pub fn search_with_table(
    board: &cozy_chess::Board,
    depth: u32,
    config: &SearchConfig,
    stop: Option<&AtomicBool>,
    table: Option<&mut TranspositionTable>,
) -> Result<Vec<IterationReport>, Aborted> {
    assert!(
        crate::config::check_depth(depth.into()).is_ok(),
        "depth {depth}: callers check it with config::check_depth"
    );
    let table = if config.tt == TtMode::Off {
        None
    } else {
        table
    };
    if let Some(t) = &table {
        assert_eq!(
            t.megabytes(),
            TranspositionTable::new_size_mb(config.tt_mb),
            "a table of the configured size"
        );
    }
    searcher::Searcher::new(config, stop, table).run(board, depth)
}

/// Reports at exactly `depths` (ascending): one iterative-deepening search to the deepest, or,
/// without iterative deepening, a fresh search per depth, each reusing `table`'s memory
/// (a table of its own when `None`).
pub fn search_depths(
    board: &cozy_chess::Board,
    depths: &[u32],
    config: &SearchConfig,
    stop: Option<&AtomicBool>,
    table: Option<&mut TranspositionTable>,
) -> Result<Vec<IterationReport>, Aborted> {
    let Some(&deepest) = depths.last() else {
        return Ok(Vec::new());
    };
    let mut own = None;
    let mut table = match table {
        None if config.tt != TtMode::Off => Some(own.insert(TranspositionTable::new(config.tt_mb))),
        given => given,
    };
    if config.iterative_deepening {
        let all = search_with_table(board, deepest, config, stop, table)?;
        return Ok(all
            .into_iter()
            .filter(|r| depths.contains(&r.depth))
            .collect());
    }
    let mut reports = Vec::with_capacity(depths.len());
    for &depth in depths {
        reports.extend(search_with_table(
            board,
            depth,
            config,
            stop,
            table.as_deref_mut(),
        )?);
    }
    Ok(reports)
}

/// What one search hands to the next when a suite keeps its tables (`keep_tables`): the
/// history, decayed by `ordering.history_decay` before every search but the first, and the
/// transposition table, not emptied. Killers are not kept: they belong to plies of one tree.
pub struct KeptTables {
    history: Option<history::HistoryTable>,
    table: Option<TranspositionTable>,
}

impl KeptTables {
    /// Empty tables for the first search of a sequence.
    pub fn new(config: &SearchConfig) -> Self {
        KeptTables {
            history: None,
            table: (config.tt != TtMode::Off).then(|| TranspositionTable::new(config.tt_mb)),
        }
    }
}

/// `search_depths` with the tables the previous search of a sequence left in `kept`.
pub fn search_depths_kept(
    board: &cozy_chess::Board,
    depths: &[u32],
    config: &SearchConfig,
    stop: Option<&AtomicBool>,
    kept: &mut KeptTables,
) -> Result<Vec<IterationReport>, Aborted> {
    let searches: Vec<u32> = if config.iterative_deepening {
        depths.last().copied().into_iter().collect()
    } else {
        depths.to_vec()
    };
    let mut reports = Vec::with_capacity(depths.len());
    for depth in searches {
        assert!(
            crate::config::check_depth(depth.into()).is_ok(),
            "depth {depth}: callers check it with config::check_depth"
        );
        let mut searcher = searcher::Searcher::new(config, stop, None);
        if let Some(mut history) = kept.history.take() {
            history.decay(config.ordering.history_decay);
            searcher.adopt_history(history);
        }
        if let Some(table) = kept.table.as_mut() {
            searcher.keep_table(table);
        }
        let result = searcher.run_reporting(board, depth, &mut |_| true);
        kept.history = Some(searcher.into_history());
        let (found, aborted) = result;
        if aborted {
            return Err(Aborted);
        }
        reports.extend(found.into_iter().filter(|r| depths.contains(&r.depth)));
    }
    Ok(reports)
}

/// Searches a game's position: `game` holds the repetition keys (`chess::repetition_key`) of
/// the positions before it, oldest first, which count for repetition; the search stops at
/// `limits.depth`, after about `limits.nodes` nodes (checked every 4096), on `stop`, or when `on_iteration`
/// returns false. `table` is emptied and used when it has the configured size (a game reuses
/// one); otherwise a table is allocated. Returns the completed iterations, each also handed to
/// `on_iteration`.
pub fn search_game(
    board: &cozy_chess::Board,
    limits: GameLimits,
    config: &SearchConfig,
    game: &[u64],
    stop: Option<&AtomicBool>,
    table: Option<&mut TranspositionTable>,
    on_iteration: &mut dyn FnMut(&IterationReport) -> bool,
) -> Vec<IterationReport> {
    let mut own = None;
    let table = match table {
        _ if config.tt == TtMode::Off => None,
        Some(t) if t.megabytes() == TranspositionTable::new_size_mb(config.tt_mb) => Some(t),
        _ => Some(own.insert(TranspositionTable::new(config.tt_mb))),
    };
    let mut searcher = searcher::Searcher::for_game(config, stop, game, limits.nodes);
    if let Some(t) = table {
        searcher.set_table(t);
    }
    searcher.run_reporting(board, limits.depth, on_iteration).0
}

/// How far a game's search may go: a nominal depth, and about a number of nodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameLimits {
    /// The deepest iteration.
    pub depth: u32,
    /// Stop after about this many nodes (checked every 4096).
    pub nodes: Option<u64>,
}

/// Mate distance in moves for a mate score (positive: the side to move mates).
pub fn mate_in(score: Score) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-((MATE + score) / 2))
    } else {
        None
    }
}
