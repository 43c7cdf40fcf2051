//! The searcher: fail-soft negamax alpha-beta, written as labelled steps. Each step names the
//! knobs it obeys; with every knob at its value the step is the textbook one.
//!
//! - `deepening.rs`: iterative deepening and the aspiration window at the root;
//! - `negamax.rs`: one node, as Steps 1..30; `move_loop.rs`: its moves (Steps 15-24);
//!   `node.rs`: what a node is and what its steps tell each other; `stack.rs`: what the
//!   search keeps per ply; `switches.rs`: which per-node steps are on;
//! - `child_search.rs`: how a child is searched: full window, scout, reduced;
//! - `transposition.rs`: the node's reads and writes of the transposition table;
//! - `node_eval.rs`: the evaluation the pruning steps read, and `improving`;
//! - `pruning.rs`: the pruning, reduction and extension steps;
//! - `null_move.rs`, `probcut.rs`, `singular.rs`: the null move, ProbCut and the singular
//!   test, each in the forms it has;
//! - `lmr_adjust.rs`: Stockfish's adjustments of a late move's reduction;
//! - `capture_futility.rs`: Stockfish's futility pruning of captures;
//! - `history_pruning.rs`: counter-move and follow-up pruning (`continuation.pruning`);
//! - `history_updates.rs`: Stockfish's further history updates (`history_updates.*`);
//! - `quiescence.rs`: the horizon; `quiescence_table.rs`: Stockfish's table in quiescence;
//! - `oracle.rs`: Plaat et al.'s oracle, for the minimal-tree estimate.
//!
//! What the move order learns (killers, history...) lives in `search::learning`, the order
//! itself in `search::picker`.

#[cfg(test)]
mod accumulator_check;
mod capture_futility;
mod child_search;
mod deepening;
mod history_pruning;
mod history_updates;
mod lmr_adjust;
mod move_loop;
mod negamax;
mod node;
mod node_eval;
mod null_move;
mod oracle;
mod probcut;
mod pruning;
mod quiescence;
mod quiescence_table;
mod repetition;
mod singular;
mod stack;
mod switches;
mod transposition;

pub use oracle::Oracle;

use crate::chess::eval::{evaluate_incremental, psq_change, psq_delta_capture, EvalKind};
use crate::chess::eval_cache::EvalCaches;
use crate::chess::nnue::Network;
use crate::chess::terms::Terms;
use crate::config::SearchConfig;
use crate::search::counters::SearchStats;
use crate::search::learning::continuation::Line;
use crate::search::learning::OrderingTables;
use crate::search::picker_stages::PickerPlan;
use crate::search::pv::PvTable;
use crate::search::quiescence_captures::Capture;
use crate::search::score::Score;
use crate::search::tt::TranspositionTable;
use cozy_chess::{Board, Move, Piece};
use stack::Stack;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use switches::Switches;

/// Nodes between looks at the stop flag and the node limit: rare enough to cost nothing.
const POLL_EVERY: u64 = 4096;
/// The same under a node limit below `POLL_EVERY`.
const SMALL_POLL_EVERY: u64 = 256;

/// One search's state: the configuration, its tables and its counters. Nothing is shared.
pub struct Searcher<'a> {
    cfg: &'a SearchConfig,
    /// The evaluation (`eval.kind`) and its terms, read once.
    eval: EvalKind,
    terms: Terms,
    /// The tapered evaluation's pawn table and evaluation cache (empty for the others).
    caches: EvalCaches,
    /// The network of `eval.kind = "nnue"` (its accumulators are in `stack`).
    network: Option<Arc<Network>>,
    plan: PickerPlan,
    tt: Option<&'a mut TranspositionTable>,
    tables: OrderingTables,
    pv: PvTable,
    stats: SearchStats,
    /// Everything the search keeps per ply of its line (`stack.rs`).
    stack: Stack,
    /// Which per-node steps are on (`switches.rs`).
    on: Switches,
    /// Stockfish's verification: `null_side` may not pass before this ply (0: no verification).
    null_min_ply: usize,
    null_side: Option<cozy_chess::Color>,
    /// The search runs with the pruning steps compiled in (`negamax::<true, _>`): some
    /// pruning, reduction or extension knob is on (`SearchConfig::selective`), or a game or
    /// an oracle needs the steps only that build has. The switched steps follow `on`.
    selective: bool,
    /// Nominal depth of the running iteration (the check extension's cap).
    iteration_depth: u32,
    /// Ply at which the running quiescence search began (for `quiescence.checks`).
    horizon_ply: usize,
    /// Plaat et al.'s oracle: best and refuting moves of a first search, to order a second.
    oracle: Option<&'a mut Oracle>,
    /// Repetition keys of the game's positions before the root, oldest first (an engine's game).
    game: &'a [u64],
    /// Those of them a node of the running search can repeat (`repetition.rs`).
    earlier: repetition::EarlierPositions,
    /// Stop once this many nodes (main and quiescence) are searched.
    node_limit: Option<u64>,
    /// The stop and the limit are looked at when the count's bits under this mask are zero.
    poll_mask: u64,
    stop: Option<&'a AtomicBool>,
    aborted: bool,
}

impl<'a> Searcher<'a> {
    /// A searcher with fresh tables; `tt` is emptied first.
    pub fn new(
        cfg: &'a SearchConfig,
        stop: Option<&'a AtomicBool>,
        tt: Option<&'a mut TranspositionTable>,
    ) -> Self {
        Self::with_eval_caches(cfg, stop, tt, EvalCaches::default(), None)
    }

    /// `new`, with the ordering tables an earlier search left (`OrderingTables::carry_over`).
    pub fn continuing(
        cfg: &'a SearchConfig,
        stop: Option<&'a AtomicBool>,
        tables: OrderingTables,
    ) -> Self {
        Self::with_eval_caches(cfg, stop, None, EvalCaches::default(), Some(tables))
    }

    /// `new`, evaluating through `caches` when they serve this configuration (fresh ones
    /// otherwise).
    fn with_eval_caches(
        cfg: &'a SearchConfig,
        stop: Option<&'a AtomicBool>,
        mut tt: Option<&'a mut TranspositionTable>,
        caches: EvalCaches,
        tables: Option<OrderingTables>,
    ) -> Self {
        let terms = cfg.eval.terms();
        let caches = if caches.serve(cfg.eval.kind, &terms) {
            caches
        } else {
            EvalCaches::new(cfg.eval.kind, terms)
        };
        if let Some(table) = tt.as_mut() {
            table.new_search();
        }
        let network = (cfg.eval.kind == EvalKind::Nnue).then(|| {
            crate::chess::nnue::network_at(&cfg.eval.net)
                .expect("SearchConfig::validate loads the net before a search")
        });
        let stack = Stack::new(network.as_deref());
        Searcher {
            cfg,
            eval: cfg.eval.kind,
            terms,
            caches,
            network,
            plan: PickerPlan::new(&cfg.ordering),
            tt,
            // Fresh tables only when none are handed on: the continuation tables alone are
            // 600 KB to zero, at every move of a game.
            tables: tables.unwrap_or_else(|| OrderingTables::new(cfg)),
            pv: PvTable::new(),
            stats: SearchStats::default(),
            stack,
            on: Switches::of(cfg),
            null_min_ply: 0,
            null_side: None,
            // The continuation tables learn from the quiet moves tried, which only the
            // selective build lists.
            selective: cfg.selective() || cfg.continuation.enabled || cfg.history_updates.any(),
            iteration_depth: 0,
            horizon_ply: 0,
            oracle: None,
            game: &[],
            earlier: repetition::EarlierPositions::default(),
            node_limit: None,
            poll_mask: POLL_EVERY - 1,
            stop,
            aborted: false,
        }
    }

    /// A searcher that records into, or replays, `oracle` (it runs as `negamax::<true, _>`).
    pub fn with_oracle(cfg: &'a SearchConfig, oracle: &'a mut Oracle) -> Self {
        let mut searcher = Self::new(cfg, None, None);
        searcher.oracle = Some(oracle);
        searcher.selective = true;
        searcher
    }

    /// A searcher for a game: earlier positions count for repetition, and a node limit stops it.
    /// It evaluates through `caches`, the game's last search's, when they serve this
    /// configuration (`take_eval_caches` hands them on).
    pub fn for_game(
        cfg: &'a SearchConfig,
        stop: Option<&'a AtomicBool>,
        game: &'a [u64],
        node_limit: Option<u64>,
        caches: EvalCaches,
        tables: Option<OrderingTables>,
    ) -> Self {
        let mut searcher = Self::with_eval_caches(cfg, stop, None, caches, tables);
        searcher.game = game;
        searcher.node_limit = node_limit;
        // A limit under one poll interval is looked at every SMALL_POLL_EVERY nodes, so that a
        // 300-node move searches about 300 rather than 4,096; a limit of 4,096 or more keeps the
        // interval, and with it every game already played at such a budget.
        if node_limit.is_some_and(|limit| limit < POLL_EVERY) {
            searcher.poll_mask = SMALL_POLL_EVERY - 1;
        }
        // The game's positions are looked up in the repetition step of the selective search.
        searcher.selective |= !game.is_empty();
        searcher
    }

    /// Searches with `table` (emptied first).
    pub fn set_table(&mut self, table: &'a mut TranspositionTable) {
        table.new_search();
        self.tt = Some(table);
    }

    /// Searches with `table` as the last search left it (`keep_tables`).
    pub fn keep_table(&mut self, table: &'a mut TranspositionTable) {
        self.tt = Some(table);
    }

    /// Starts from tables a previous search left (`keep_tables`) instead of empty ones.
    /// The ordering tables as the search left them.
    pub fn into_tables(self) -> OrderingTables {
        self.tables
    }

    /// The evaluation caches, for the next search of a game (this searcher's are left empty).
    pub fn take_eval_caches(&mut self) -> EvalCaches {
        std::mem::take(&mut self.caches)
    }

    /// Static evaluation of the node at `ply`; its incremental part arrives with the node (the
    /// network's, in the stack at its ply). Always inlined: it runs at every quiescence node.
    #[inline(always)]
    fn evaluate(&self, board: &Board, ply: usize, psq: Score) -> Score {
        match self.eval {
            EvalKind::Tapered => self.evaluate_tapered(board, psq),
            EvalKind::Nnue => self.evaluate_network(board.side_to_move(), ply),
            kind => evaluate_incremental(board, kind, &self.terms, psq, &self.caches.pawns),
        }
    }

    /// The static evaluation of a root position, as the search reads it.
    pub fn evaluate_root(&mut self, board: &Board) -> Score {
        let psq = self.fresh_psq(board, 0);
        self.evaluate(board, 0, psq)
    }

    /// The network's output from the accumulators at `ply`, from `side_to_move`'s view.
    #[inline(never)]
    fn evaluate_network(&self, side_to_move: cozy_chess::Color, ply: usize) -> Score {
        let network = self.network.as_deref();
        let network = network.expect("a network with eval.kind = \"nnue\"");
        self.stack.accumulators.evaluate(ply, side_to_move, network)
    }

    /// The incremental part of a node searched from scratch at `ply` (the root, a leaf
    /// valued alone): for the network, its accumulators made at that ply.
    fn fresh_psq(&mut self, board: &Board, ply: usize) -> Score {
        if let Some(network) = self.network.as_deref() {
            self.stack.accumulators.refresh(ply, board, network);
        }
        crate::chess::eval::initial_psq(board, self.eval)
    }

    /// The incremental part after a null move from `ply`: the same, and for the network the
    /// same accumulators one ply down.
    #[inline(always)]
    fn pass_psq(&mut self, ply: usize, psq: Score) -> Score {
        if self.network.is_some() {
            self.stack.accumulators.pass(ply);
        }
        psq
    }

    /// The tapered evaluation, through the evaluation cache.
    #[inline(never)]
    fn evaluate_tapered(&self, board: &Board, psq: Score) -> Score {
        let caches = &self.caches;
        caches.evals.get_or(board.hash(), || {
            evaluate_incremental(board, EvalKind::Tapered, &self.terms, psq, &caches.pawns)
        })
    }

    /// The incremental part after `mv`, which moves `piece`, from the node at `ply`: for the
    /// network, the child's accumulators made at `ply + 1` from the node's (the make; the
    /// unmake is returning to `ply`, whose accumulators the child left as they were).
    #[inline(always)]
    fn child_psq(
        &mut self,
        board: &Board,
        mv: Move,
        piece: Piece,
        psq: Score,
        ply: usize,
    ) -> Score {
        match self.eval {
            EvalKind::Nnue => self.make_accumulators(board, mv, piece, ply),
            kind => psq.wrapping_add(psq_change(board, kind, mv, piece)),
        }
    }

    /// `child_psq` for a capture whose pieces the generator already knows.
    #[inline(always)]
    fn capture_psq(&mut self, board: &Board, c: &Capture, psq: Score, ply: usize) -> Score {
        match self.eval {
            EvalKind::Pst => psq + psq_delta_capture(board, c.mv, c.piece, c.victim),
            EvalKind::Nnue => self.make_accumulators(board, c.mv, c.piece, ply),
            kind => psq.wrapping_add(psq_change(board, kind, c.mv, c.piece)),
        }
    }

    /// The network's accumulators at `ply + 1` after `mv` from those at `ply`.
    #[inline(never)]
    fn make_accumulators(&mut self, board: &Board, mv: Move, piece: Piece, ply: usize) -> Score {
        let network = self.network.as_deref();
        let network = network.expect("a network with eval.kind = \"nnue\"");
        self.stack.accumulators.make(ply, board, mv, piece, network);
        0
    }

    /// Before a real move `mv` (of `piece`) from the node at `ply` is searched: the child's
    /// repetition floor (`null_move.*`) and the line the continuation tables read
    /// (`continuation.*`, a switched step).
    #[inline(always)]
    fn descend<const SWITCHED: bool>(&mut self, board: &Board, ply: usize, mv: Move, piece: Piece) {
        if self.cfg.null_move.enabled {
            self.stack[ply + 1].null_floor = self.stack[ply].null_floor;
        }
        if SWITCHED && self.on.line {
            self.stack[ply].moved = Some((piece, mv.to));
            self.stack[ply].captured = crate::chess::captured_piece(board, mv).is_some();
        }
    }

    /// The two moves that led to the node at `ply` (Ethereal's `moveStack[height-1]` and
    /// `[height-2]`); empty unless `continuation.enabled`.
    #[inline(always)]
    fn line(&self, ply: usize) -> Line {
        if !self.on.line {
            return Line::default();
        }
        Line {
            counter: ply.checked_sub(1).and_then(|p| self.stack[p].moved),
            follow_up: ply.checked_sub(2).and_then(|p| self.stack[p].moved),
        }
    }

    /// Every `POLL_EVERY` nodes (`SMALL_POLL_EVERY` under a small limit): a stop request or
    /// the node limit ends the search.
    #[inline]
    fn poll_stop(&mut self) {
        let searched = self.stats.nodes + self.stats.qnodes;
        if searched & self.poll_mask == 0 {
            if let Some(stop) = self.stop {
                if stop.load(Ordering::Relaxed) {
                    self.aborted = true;
                }
            }
            if self.node_limit.is_some_and(|limit| searched >= limit) {
                self.aborted = true;
            }
        }
    }
}
