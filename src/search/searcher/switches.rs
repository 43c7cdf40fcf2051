//! The switches of the steps that keep state per ply or cost work at every node, read once
//! per search from the knobs each step obeys, declared here, one function a step. Inside the
//! selective build a step tests its switch; outside it the step is not compiled in at all.
//! (The steps' modules import the searcher, which holds the switches: their conditions live
//! here, not there, so that no import goes round in a circle.)

use crate::config::search_config::{LmpForm, SingularForm};
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
        }
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
