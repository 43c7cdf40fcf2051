//! Searching a game's moves: what one move's search hands the next (`game.keep_table`,
//! `game.keep_history`), as engines keep their tables through a game, and the search itself.

use super::iteration::{GameLimits, IterationReport};
use super::learning::OrderingTables;
use super::searcher::Searcher;
use super::tt::TranspositionTable;
use crate::chess::eval_cache::EvalCaches;
use crate::config::search_config::TtMode;
use crate::config::SearchConfig;
use std::sync::atomic::AtomicBool;

/// The tables of one side of one game: the transposition table, and what the move order
/// learned. A new game (`new_game`, UCI's `ucinewgame`) empties them.
pub struct GameTables {
    table: Option<TranspositionTable>,
    ordering: Option<OrderingTables>,
    /// The evaluation's caches (exact: kept whatever the configuration keeps).
    eval_caches: EvalCaches,
    /// No search of this game has run yet: the first one starts from empty tables.
    fresh: bool,
}

impl GameTables {
    /// Tables for a new game, with `table`'s memory (a new table when `None`).
    pub fn new(table: Option<TranspositionTable>) -> Self {
        GameTables {
            table,
            ordering: None,
            eval_caches: EvalCaches::default(),
            fresh: true,
        }
    }

    /// The next search starts a new game: nothing of the last one is kept.
    pub fn new_game(&mut self) {
        self.ordering = None;
        self.fresh = true;
    }

    /// The transposition table's memory, for a pool.
    pub fn into_table(self) -> Option<TranspositionTable> {
        self.table
    }
}

/// Searches a game's position: `game` holds the repetition keys (`chess::repetition_key`) of
/// the positions before it, oldest first, which count for repetition; the search stops at
/// `limits.depth`, after about `limits.nodes` nodes (checked every 4096, or 256 under 4096), on `stop`, or when
/// `on_iteration` returns false. It starts from `tables` as the game's last search left them
/// when the configuration keeps them (`game.keep_table`, `game.keep_history`), from empty ones
/// otherwise, and leaves its own there. Returns the completed iterations, each also handed to
/// `on_iteration`.
pub fn search_game(
    board: &cozy_chess::Board,
    limits: GameLimits,
    config: &SearchConfig,
    game: &[u64],
    stop: Option<&AtomicBool>,
    tables: &mut GameTables,
    on_iteration: &mut dyn FnMut(&IterationReport) -> bool,
) -> Vec<IterationReport> {
    let size = TranspositionTable::new_size_mb(config.tt_mb);
    if config.tt != TtMode::Off && tables.table.as_ref().is_none_or(|t| t.megabytes() != size) {
        tables.table = Some(TranspositionTable::new(config.tt_mb));
        tables.fresh = true;
    }
    let keep = !tables.fresh;
    let caches = std::mem::take(&mut tables.eval_caches);
    let ordering = (tables.ordering.take().filter(|_| keep)).map(|o| o.carry_over(config));
    let mut searcher = Searcher::for_game(config, stop, game, limits.nodes, caches, ordering);
    if let Some(t) = tables.table.as_mut().filter(|_| config.tt != TtMode::Off) {
        if keep && config.game.keep_table {
            searcher.keep_table(t);
        } else {
            searcher.set_table(t);
        }
    }
    let reports = searcher.run_reporting(board, limits.depth, on_iteration).0;
    tables.eval_caches = searcher.take_eval_caches();
    if config.game.keep_history {
        tables.ordering = Some(searcher.into_tables());
    }
    tables.fresh = false;
    reports
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nodes the last completed iteration had searched under a node limit of `nodes`.
    fn searched_under(nodes: u64) -> u64 {
        let config = SearchConfig::default();
        let mut tables = GameTables::new(None);
        let limits = GameLimits {
            depth: 64,
            nodes: Some(nodes),
        };
        let board = cozy_chess::Board::default();
        let reports = search_game(&board, limits, &config, &[], None, &mut tables, &mut |_| {
            true
        });
        reports.last().expect("an iteration completes").nodes_cum
    }

    #[test]
    fn a_small_node_limit_is_looked_at_often_and_a_large_one_every_4096() {
        // Under 4,096 the limit is looked at every 256 nodes: no completed iteration of a
        // 300-node search goes past the look at 512.
        let small = searched_under(300);
        assert!(small <= 512, "{small}");
        // At 4,096 the search runs to its first look, at 4,096, and completes deeper.
        let large = searched_under(4096);
        assert!(large > 512 && large <= 4096, "{large}");
    }
}
