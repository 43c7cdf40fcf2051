//! What the search learns about move order as it goes: killer moves, the history table and
//! Fruit's success counts. One bundle, so an ordering heuristic that learns (a counter-move
//! table, say) adds its table, what it learns and what it proposes here, and nowhere else in
//! the searcher.

pub mod capture_history;
pub mod continuation;
pub mod countermove;
pub mod history;
pub mod killers;
pub mod success;

use crate::chess::is_tactical;
use crate::config::search_config::HistoryScope;
use crate::config::SearchConfig;
use crate::search::counters::SearchStats;
use capture_history::CaptureHistory;
use continuation::{ContinuationHistory, Histories, Line};
use countermove::CountermoveTable;
use cozy_chess::{Board, Move, Piece};
use history::HistoryTable;
use killers::KillerTable;
use success::SuccessTable;

/// Where a move was found: what the tables index by.
#[derive(Debug, Clone, Copy)]
pub struct Place {
    /// Remaining depth.
    pub depth: u32,
    /// Distance from the root.
    pub ply: usize,
    /// The opponent's move that led here (None at the root and after a null move).
    pub previous: Option<Move>,
}

/// The quiet moves the tables propose at a node, tried before the other quiet moves.
#[derive(Debug, Clone, Copy, Default)]
pub struct Refutations {
    /// Killer moves of this ply, most recent first.
    pub killers: [Option<Move>; 4],
    /// The reply that last refuted the previous move (`ordering.countermove`).
    pub countermove: Option<Move>,
}

/// Every table the move order learns into during one search.
pub struct OrderingTables {
    /// Killer moves per ply.
    pub killers: KillerTable,
    /// History scores.
    pub history: HistoryTable,
    /// Fruit's history success counts (`lmr.history_threshold`).
    pub success: SuccessTable,
    /// Replies by the previous move, while `ordering.countermove` is on.
    pub countermoves: Option<CountermoveTable>,
    /// Ethereal's histories, while `continuation.enabled` is on.
    pub continuation: Option<ContinuationHistory>,
    /// Stockfish's capture history, while `ordering.capture_history` is on.
    pub captures: Option<CaptureHistory>,
}

impl OrderingTables {
    /// Empty tables for a fresh search.
    pub fn new(cfg: &SearchConfig) -> Self {
        let ordering = &cfg.ordering;
        OrderingTables {
            killers: KillerTable::new(ordering.killers),
            history: HistoryTable::new(ordering.history_table, ordering.history_bonus),
            success: SuccessTable::new(),
            countermoves: ordering.countermove.then(CountermoveTable::new),
            continuation: cfg.continuation.enabled.then(ContinuationHistory::new),
            captures: ordering.capture_history.then(CaptureHistory::default),
        }
    }

    /// A quiet move's three histories along `line` (zero without `continuation.enabled`).
    #[inline]
    pub fn histories(&self, board: &Board, mv: Move, line: Line) -> Histories {
        self.continuation
            .as_ref()
            .map_or_else(Histories::default, |t| t.of(board, mv, line))
    }

    /// A quiet move failed high at remaining `depth` after `quiets` (the cut move last): the
    /// continuation tables learn (`continuation.enabled`).
    #[inline]
    pub fn learn_line(&mut self, board: &Board, quiets: &[Move], line: Line, depth: u32) {
        if let Some(table) = &mut self.continuation {
            table.update(board, quiets, line, depth);
        }
    }

    /// What the next search of a sequence starts from (`keep_tables`): the history, decayed by
    /// `ordering.history_decay`, and the countermoves; killers and success counts belong to
    /// one tree and start afresh.
    pub fn carry_over(self, cfg: &SearchConfig) -> Self {
        let mut history = self.history;
        history.decay(cfg.ordering.history_decay);
        // Built here rather than from `new`, which would zero tables only to drop them.
        OrderingTables {
            killers: KillerTable::new(cfg.ordering.killers),
            history,
            success: SuccessTable::new(),
            countermoves: self.countermoves,
            continuation: self.continuation,
            captures: self.captures,
        }
    }

    /// Between iterations of one search (`ordering.history_decay`).
    pub fn next_iteration(&mut self, cfg: &SearchConfig) {
        self.history.decay(cfg.ordering.history_decay);
    }

    /// What the tables propose at `place`.
    #[inline]
    pub fn refutations(&self, board: &Board, place: Place) -> Refutations {
        Refutations {
            killers: self.killers.at(place.ply),
            countermove: (self.countermoves.as_ref()).and_then(|t| t.reply(board, place.previous)),
        }
    }

    /// A good move teaches killers and countermoves (quiet moves only) and history (within its
    /// scope), with `factor` times the history bonus.
    pub fn learn(
        &mut self,
        cfg: &SearchConfig,
        board: &Board,
        mv: Move,
        place: Place,
        factor: u32,
    ) {
        let tactical = is_tactical(board, mv);
        if !tactical {
            self.killers.record(place.ply, mv);
            if let Some(table) = &mut self.countermoves {
                table.record(board, place.previous, mv);
            }
        }
        let ordering = &cfg.ordering;
        if ordering.history && (!tactical || ordering.history_scope == HistoryScope::AllRemaining) {
            self.history.reward(board, mv, place.depth, factor);
        }
    }

    /// Whether a table learns from the captures and promotions searched (the move loop keeps
    /// them only then).
    #[inline]
    pub fn learns_tactical(&self) -> bool {
        self.captures.is_some()
    }

    /// A cutoff by `cut` at remaining `depth`, after the captures and promotions `tactical`
    /// (the cut move not among them): what the tables learn from them.
    #[inline]
    pub fn learn_tactical(
        &mut self,
        board: &Board,
        cut: Move,
        tactical: &[Move],
        depth: u32,
        stats: &mut SearchStats,
    ) {
        if let Some(table) = &mut self.captures {
            table.learn(board, cut, tactical, depth, stats);
        }
    }

    /// Capture `mv` by `attacker`, given `score` by the capture order: the score the tables
    /// order it by (`score` itself while no table scores captures).
    #[inline]
    pub fn capture_order(&self, board: &Board, mv: Move, attacker: Piece, score: i32) -> i32 {
        self.captures
            .as_ref()
            .map_or(score, |t| t.order(board, mv, attacker))
    }

    /// Centipawns the tables add to a capture's futility margin (0 while none does).
    #[inline]
    pub fn capture_margin(&self, board: &Board, mv: Move) -> i32 {
        self.captures.as_ref().map_or(0, |t| t.margin(board, mv))
    }

    /// A cutoff's lesson for the success counts: every quiet move tried here, and the one that
    /// cut (only while `lmr.history_threshold` reads them).
    pub fn count_success(&mut self, cfg: &SearchConfig, board: &Board, cut: Move, quiets: &[Move]) {
        if cfg.lmr.enabled && cfg.lmr.history_threshold > 0 {
            self.success.record(board, cut, quiets);
        }
    }
}
