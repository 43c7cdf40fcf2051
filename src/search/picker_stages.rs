//! The main-search picker's stages as data (Stockfish's `movepick.cpp` stages): what each
//! stage hands out, the table of stages in the order they are tried with the condition under
//! which a configuration includes each, and the plan one configuration's knobs select. The
//! picker that walks a plan is `picker.rs`.

use super::movegen::Gen;
use crate::config::search_config::{CaptureOrder, HistoryScope, KillerPlacement, OrderingConfig};

/// What one stage of the main-search picker hands out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stage {
    /// The transposition table's (or the oracle's) move, once proved legal.
    HashMove,
    /// The best capture alone; the rest wait for the `Captures` stage after the killers.
    FirstCapture,
    /// The killer moves of this ply.
    Killers,
    /// The reply that last refuted the opponent's previous move (`ordering.countermove`).
    Countermove,
    /// Captures (and promotions) in the capture order.
    Captures,
    /// Captures that lose material by SEE, after the killers (`ordering.captures = "see"`).
    BadCaptures,
    /// The quiet moves, history-sorted when on.
    Quiets,
    /// Every move not yet tried, in generator order (history-sorted when on):
    /// `ordering.captures = "none"`.
    Everything,
    /// No more moves.
    Done,
}

/// One row of the stage table: a stage, and when a configuration includes it.
struct StageRule {
    stage: Stage,
    when: fn(&OrderingConfig) -> bool,
}

/// The picker's stages in the order they are tried; each configuration keeps the rows whose
/// condition holds. A new stage is one row here and its arm in `MovePicker::next`.
const STAGE_TABLE: &[StageRule] = &[
    StageRule {
        stage: Stage::HashMove,
        when: |_| true,
    },
    StageRule {
        stage: Stage::FirstCapture,
        when: |o| has_captures(o) && o.killer_placement == KillerPlacement::AfterFirstCapture,
    },
    StageRule {
        stage: Stage::Captures,
        when: |o| has_captures(o) && o.killer_placement == KillerPlacement::AfterCaptures,
    },
    StageRule {
        stage: Stage::Killers,
        when: |_| true,
    },
    StageRule {
        stage: Stage::Countermove,
        when: |o| o.countermove,
    },
    StageRule {
        stage: Stage::Captures,
        when: |o| has_captures(o) && o.killer_placement != KillerPlacement::AfterCaptures,
    },
    StageRule {
        stage: Stage::BadCaptures,
        when: |o| o.captures == CaptureOrder::See,
    },
    StageRule {
        stage: Stage::Quiets,
        when: has_captures,
    },
    StageRule {
        stage: Stage::Everything,
        when: |o| !has_captures(o),
    },
];

/// Captures have stages of their own (any capture order but "none").
pub(super) fn has_captures(o: &OrderingConfig) -> bool {
    o.captures != CaptureOrder::None
}

/// The most stages a configuration can have, and the closing `Done`.
const MAX_STAGES: usize = STAGE_TABLE.len() + 1;

/// The stage sequence for one configuration, worked out once per search.
#[derive(Debug, Clone, Copy)]
pub struct PickerPlan {
    /// The stages that apply, in order, closed by `Done`.
    pub(super) stages: [Stage; MAX_STAGES],
    pub(super) order: CaptureOrder,
    pub(super) recapture_first: bool,
    /// What the capture stage generates: captures and promotions, or captures alone.
    pub(super) capture_gen: Gen,
    /// What the quiet stage generates: the rest (everything, with no capture stage).
    pub(super) quiet_gen: Gen,
    pub(super) killers: usize,
    pub(super) history: bool,
    pub(super) defer_losing: bool,
}

impl PickerPlan {
    /// The stages implied by the ordering knobs: the rows of `STAGE_TABLE` that apply.
    pub fn new(ordering: &OrderingConfig) -> Self {
        let mut stages = [Stage::Done; MAX_STAGES];
        let applying = STAGE_TABLE.iter().filter(|rule| (rule.when)(ordering));
        for (slot, rule) in stages.iter_mut().zip(applying) {
            *slot = rule.stage;
        }
        PickerPlan {
            stages,
            order: ordering.captures,
            recapture_first: ordering.recapture_first,
            capture_gen: if ordering.promotions_with_captures {
                Gen::Tactical
            } else {
                Gen::Captures
            },
            quiet_gen: if !has_captures(ordering) {
                Gen::All
            } else if ordering.promotions_with_captures {
                Gen::Quiet
            } else {
                Gen::NonCaptures
            },
            killers: ordering.killers as usize,
            history: ordering.history,
            defer_losing: ordering.history
                && ordering.history_scope == HistoryScope::AllRemaining
                && ordering.captures != CaptureOrder::See,
        }
    }
}
