//! The one search's public face: what to search, what comes back, and the score scale.
//! The searcher itself (`searcher/`) is fail-soft negamax alpha-beta whose every step is set
//! by a `SearchConfig` knob.

pub(crate) mod clock;
mod counters;
pub(crate) mod game_tables;
mod iteration;
mod learning;
mod main_captures;
pub mod minimal;
mod movegen;
mod ordering;
mod picker;
mod picker_stages;
mod pv;
mod quiescence_captures;
mod quiescence_picker;
mod score;
mod searcher;
mod see;
pub(crate) mod tt;
mod window;

use crate::config::search_config::TtMode;
use crate::config::SearchConfig;
pub use counters::SearchStats;
pub use iteration::{Aborted, GameLimits, IterationReport};
use learning::OrderingTables;
pub use score::{mate_in, Score, DRAW, INF, MATE, MATE_BOUND, MAX_PLY};
use std::sync::atomic::AtomicBool;
use tt::TranspositionTable;
pub use window::Window;

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

/// The static evaluation `config`'s search reads at `board`, from its side to move, in
/// centipawns: the evaluation alone, no search and no rule of the game.
pub fn static_evaluation(board: &cozy_chess::Board, config: &SearchConfig) -> Score {
    searcher::Searcher::new(config, None, None).evaluate_root(board)
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
/// ordering tables (`OrderingTables::carry_over` says what of them) and the transposition
/// table, not emptied.
pub struct KeptTables {
    ordering: Option<OrderingTables>,
    table: Option<TranspositionTable>,
}

impl KeptTables {
    /// Empty tables for the first search of a sequence.
    pub fn new(config: &SearchConfig) -> Self {
        KeptTables {
            ordering: None,
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
        let mut searcher = match kept.ordering.take() {
            Some(tables) => searcher::Searcher::continuing(config, stop, tables.carry_over(config)),
            None => searcher::Searcher::new(config, stop, None),
        };
        if let Some(table) = kept.table.as_mut() {
            searcher.keep_table(table);
        }
        let result = searcher.run_reporting(board, depth, &mut |_| true);
        kept.ordering = Some(searcher.into_tables());
        let (found, aborted) = result;
        if aborted {
            return Err(Aborted);
        }
        reports.extend(found.into_iter().filter(|r| depths.contains(&r.depth)));
    }
    Ok(reports)
}
