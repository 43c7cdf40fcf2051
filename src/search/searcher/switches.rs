//! The switches of the steps that keep state per ply or cost work at every node or move, read
//! once per search from the knobs each step obeys, declared here, one function a step. The
//! search is compiled with these steps in (`SWITCHED = true`) only when one of them is on
//! (`Switches::any`); then each tests its switch. With all of them off they are not in the
//! code at all, which a benchmark shows pays: callgrind over `strongest_2008`'s games
//! (docs/performance.md) counts about 3% more instructions a node with them compiled in and
//! tested. (The steps' modules import the searcher, which holds the switches: their conditions
//! live here, not there, so that no import goes round in a circle.)

use crate::config::search_config::{LmpCount, LmpForm, SingularForm};
use crate::config::SearchConfig;

/// Which per-node steps are on.
#[derive(Debug, Clone, Copy)]
pub(super) struct Switches {
    /// Some knob reads `improving`: every node keeps its evaluation (`node_eval.rs`).
    pub improving: bool,
    /// The continuation tables: every node keeps the move it makes (`continuation.enabled`).
    pub line: bool,
    /// Stockfish's LMR adjustments (`lmr_adjust.rs`).
    pub lmr_adjust: bool,
    /// Every node keeps the number of the move it is searching (the LMR adjustments and the
    /// prior-move penalty read the parent's).
    pub move_count: bool,
    /// A table cutoff teaches the move order (`history_updates.rs`).
    pub table_cut_learning: bool,
    /// Stockfish's singular test counts two-ply extensions on the line (`singular.rs`).
    pub double_extensions: bool,
    /// Stockfish's `ttPv` flag (`transposition.rs`).
    pub tt_pv: bool,
    /// The singular test (`singular.rs`), which searches the node again without a move.
    pub singular: bool,
    /// Stockfish's futility pruning of captures (`capture_futility.rs`).
    pub capture_futility: bool,
    /// ProbCut (`probcut.rs`).
    pub probcut: bool,
    /// Stockfish's small ProbCut in check (`probcut.rs`).
    pub probcut_in_check: bool,
    /// Internal iterative reduction (`pruning.rs`).
    pub iir: bool,
    /// The evaluation's change across a move teaches the order (`history_updates.rs`).
    pub eval_difference: bool,
    /// Late-move pruning counts the quiet moves handed out, not those searched.
    pub quiets_seen: bool,
    /// A step reads Stockfish's `cutNode` flag of the children of its LMR block.
    pub cut_flag: bool,
}

impl Switches {
    pub fn of(cfg: &SearchConfig) -> Switches {
        Switches {
            improving: tracks_improving(cfg),
            line: cfg.continuation.enabled,
            lmr_adjust: lmr_adjusts(cfg),
            move_count: lmr_adjusts(cfg) || reads_parent_count(cfg),
            table_cut_learning: learns_from_table_cuts(cfg),
            double_extensions: counts_double_extensions(cfg),
            tt_pv: tracks_tt_pv(cfg),
            singular: cfg.singular.enabled && cfg.alphabeta,
            capture_futility: cfg.futility.captures,
            probcut: cfg.probcut.enabled && cfg.alphabeta,
            probcut_in_check: cfg.probcut.in_check,
            iir: cfg.iir.enabled,
            eval_difference: cfg.history_updates.eval_difference,
            quiets_seen: cfg.late_move_pruning.count == LmpCount::Seen,
            cut_flag: cfg.lmr.cut_node || (cfg.iir.enabled && cfg.iir.cut_nodes),
        }
    }

    /// Whether any switched step is on, so that the search needs them compiled in. Every field
    /// is named, so that a new switch cannot be left out of the test.
    pub fn any(&self) -> bool {
        let Switches {
            improving,
            line,
            lmr_adjust,
            move_count,
            table_cut_learning,
            double_extensions,
            tt_pv,
            singular,
            capture_futility,
            probcut,
            probcut_in_check,
            iir,
            eval_difference,
            quiets_seen,
            cut_flag,
        } = *self;
        improving
            || line
            || lmr_adjust
            || move_count
            || table_cut_learning
            || double_extensions
            || tt_pv
            || singular
            || capture_futility
            || probcut
            || probcut_in_check
            || iir
            || eval_difference
            || quiets_seen
            || cut_flag
    }
}

/// Whether every node keeps Stockfish's `ttPv` flag: only `lmr.tt_pv` reads it.
fn tracks_tt_pv(cfg: &SearchConfig) -> bool {
    cfg.lmr.enabled && cfg.lmr.tt_pv
}

/// Whether a table cutoff teaches the move order (`tt_bonus`, `tt_penalty`, `prior_penalty`).
fn learns_from_table_cuts(cfg: &SearchConfig) -> bool {
    let u = &cfg.history_updates;
    u.tt_bonus || u.tt_penalty || u.prior_penalty
}

/// Whether a step reads the parent's move count (the prior-move penalty's early moves).
fn reads_parent_count(cfg: &SearchConfig) -> bool {
    cfg.history_updates.prior_penalty
}

/// Whether some knob reads the `improving` flag: only then is every node evaluated for it.
fn tracks_improving(cfg: &SearchConfig) -> bool {
    let lmp = &cfg.late_move_pruning;
    let continuation = &cfg.continuation;
    (lmp.enabled && lmp.form == LmpForm::EtherealTable)
        || (continuation.enabled && continuation.pruning)
        // The evaluation's change across a move reads the parent's, kept with `improving`.
        || cfg.history_updates.eval_difference
}

/// Whether the line's two-ply extensions are counted (Stockfish's form reads them).
fn counts_double_extensions(cfg: &SearchConfig) -> bool {
    cfg.singular.enabled && cfg.singular.form == SingularForm::Stockfish
}

/// Whether any of Stockfish's LMR adjustments (`lmr_adjust.rs`) is on.
fn lmr_adjusts(cfg: &SearchConfig) -> bool {
    let lmr = &cfg.lmr;
    lmr.enabled
        && (lmr.pv_node
            || lmr.tt_pv
            || lmr.opponent_moves
            || lmr.cut_node
            || lmr.tt_capture
            || lmr.range)
}
