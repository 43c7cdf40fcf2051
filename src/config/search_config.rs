//! `SearchConfig`: every heuristic of the one search, as a runtime knob with a documented default.

use crate::chess::eval::EvalKind;
use serde::{Deserialize, Serialize};

/// How the search is configured; users write these keys in TOML and `--set`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SearchConfig {
    /// false: full-width minimax, no cutoffs, every move searched.
    pub alphabeta: bool,
    /// Principal variation search: null windows after the first move, re-search on fail-high.
    pub pvs: bool,
    /// Search depths 1..N in turn, carrying tables and the aspiration guess forward.
    pub iterative_deepening: bool,
    /// Static evaluation.
    pub eval: EvalKind,
    /// Transposition table use.
    pub tt: TtMode,
    /// Transposition table size in MiB (rounded down to a power-of-two entry count).
    pub tt_mb: u32,
    /// Move ordering in the main search.
    pub ordering: OrderingConfig,
    /// Aspiration windows at the root.
    pub aspiration: AspirationConfig,
    /// Quiescence search at the horizon.
    pub quiescence: QuiescenceConfig,
}

/// What the transposition table is used for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TtMode {
    /// No table.
    Off,
    /// Stored best moves order the moves (hash move first); scores never cut.
    Move,
    /// Hash move plus cutoffs on stored bounds (tree-changing).
    Full,
}

/// Move-ordering knobs of the staged move picker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct OrderingConfig {
    /// How captures (and promotions) are ordered.
    pub captures: CaptureOrder,
    /// Captures on the square the opponent just moved to come first.
    pub recapture_first: bool,
    /// Killer slots per ply, 0 to 4.
    pub killers: u8,
    /// Where killers go relative to captures.
    pub killer_placement: KillerPlacement,
    /// Sort moves by the history table.
    pub history: bool,
    /// The bonus a good move earns at remaining depth n.
    pub history_bonus: HistoryBonus,
    /// The history table's shape.
    pub history_table: HistoryShape,
    /// Which moves history sorts.
    pub history_scope: HistoryScope,
    /// Which moves count as good for history and killers.
    pub history_good: HistoryGood,
    /// Factor applied to every history entry between iterations (1.0 keeps, 0.0 clears).
    pub history_decay: f64,
}

/// Capture ordering modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CaptureOrder {
    /// Generator order, captures mixed with quiet moves.
    None,
    /// Captures before quiet moves, in generator order (the seed's "plain").
    First,
    /// Most valuable victim first.
    Mvv,
    /// Most valuable victim, then least valuable attacker.
    MvvLva,
    /// victim − attacker, in centipawns.
    VictimMinusAttacker,
    /// 100·victim − attacker, in centipawns.
    ScaledVictimMinusAttacker,
}

/// Where killer moves are tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KillerPlacement {
    /// Before every capture.
    BeforeCaptures,
    /// After the first capture (Ifrit's oldest scheme).
    AfterFirstCapture,
    /// After all captures.
    AfterCaptures,
}

/// History bonus for a good move at remaining depth n.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HistoryBonus {
    /// n.
    Depth,
    /// n² (ElephantEye).
    DepthSquared,
    /// 2ⁿ (traditional).
    TwoPowDepth,
    /// Fibonacci(n).
    Fibonacci,
}

/// How history entries are indexed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HistoryShape {
    /// [from][to], shared by both sides.
    FromTo,
    /// [side][from][to].
    SideFromTo,
    /// [coloured piece][to] (Fruit).
    PieceTo,
}

/// Which moves the history stage sorts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HistoryScope {
    /// Quiet moves only; captures come earlier by their own order.
    Quiets,
    /// Every move not yet tried: quiets and losing captures (ElephantEye).
    AllRemaining,
}

/// Which moves history and killers learn from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HistoryGood {
    /// Moves that cause a beta cutoff.
    Cutoff,
    /// Cutoff moves and the best move of a node whose score fell inside the window.
    CutoffAndPv,
}

/// Aspiration-window knobs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AspirationConfig {
    /// Search the root with a window around a guess.
    pub enabled: bool,
    /// Half-width of the window in centipawns (0 or more).
    pub window: i32,
    /// What to do when the score falls outside the window.
    pub research: AspirationResearch,
}

/// Re-search policy after an aspiration failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AspirationResearch {
    /// Open the failed side to infinity (the seed).
    Open,
    /// Double the window on the failed side until the score fits.
    Widen,
}

/// Quiescence-search knobs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct QuiescenceConfig {
    /// Search captures beyond the horizon.
    pub enabled: bool,
    /// The static evaluation is a lower bound the side to move may take.
    pub stand_pat: bool,
    /// Capture order inside quiescence.
    pub ordering: QuiescenceOrdering,
    /// Skip captures whose attacker is worth more than the victim (tree-changing).
    pub prune_losing: bool,
}

/// Capture order in quiescence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QuiescenceOrdering {
    /// Generator order.
    None,
    /// Most valuable victim, then least valuable attacker.
    MvvLva,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            alphabeta: true,
            pvs: true,
            iterative_deepening: true,
            eval: EvalKind::Pst,
            tt: TtMode::Full,
            tt_mb: 16,
            ordering: OrderingConfig::default(),
            aspiration: AspirationConfig::default(),
            quiescence: QuiescenceConfig::default(),
        }
    }
}

impl Default for OrderingConfig {
    fn default() -> Self {
        OrderingConfig {
            captures: CaptureOrder::MvvLva,
            recapture_first: false,
            killers: 2,
            killer_placement: KillerPlacement::AfterCaptures,
            history: true,
            history_bonus: HistoryBonus::DepthSquared,
            history_table: HistoryShape::SideFromTo,
            history_scope: HistoryScope::Quiets,
            history_good: HistoryGood::CutoffAndPv,
            history_decay: 1.0,
        }
    }
}

impl Default for AspirationConfig {
    fn default() -> Self {
        AspirationConfig {
            enabled: true,
            window: 50,
            research: AspirationResearch::Open,
        }
    }
}

impl Default for QuiescenceConfig {
    fn default() -> Self {
        QuiescenceConfig {
            enabled: true,
            stand_pat: true,
            ordering: QuiescenceOrdering::MvvLva,
            prune_losing: false,
        }
    }
}

/// Whether a knob may change the root score (tree-changing) or only the tree's size (pure ordering).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KnobKind {
    /// Changes which nodes are visited, never the root score.
    PureOrdering,
    /// May change the root score.
    TreeChanging,
    /// Defines the problem itself (evaluation, quiescence): changes the score by design.
    Definition,
}

/// Every knob: key, kind, one-line meaning. `config --explain` prints it; a test keeps it in step with the struct.
pub const KNOBS: &[(&str, KnobKind, &str)] = &[
    ("alphabeta", KnobKind::PureOrdering, "false = full-width minimax: no cutoffs, every move searched"),
    ("pvs", KnobKind::PureOrdering, "principal variation search: null windows after the first move, re-search on fail-high"),
    ("iterative_deepening", KnobKind::PureOrdering, "search depths 1..N in turn; tables and the aspiration guess carry over"),
    ("eval", KnobKind::Definition, "static evaluation: material | pst (eval.md)"),
    ("tt", KnobKind::TreeChanging, "transposition table: off | move (hash move ordering only, pure) | full (cutoffs, tree-changing)"),
    ("tt_mb", KnobKind::TreeChanging, "transposition table size in MiB (1 to 4096)"),
    ("ordering.captures", KnobKind::PureOrdering, "none | first | mvv | mvv_lva | victim_minus_attacker | scaled_victim_minus_attacker"),
    ("ordering.recapture_first", KnobKind::PureOrdering, "captures on the square the opponent just moved to come first"),
    ("ordering.killers", KnobKind::PureOrdering, "killer slots per ply, 0 to 4 (shift-in; captures never killers)"),
    ("ordering.killer_placement", KnobKind::PureOrdering, "before_captures | after_first_capture | after_captures"),
    ("ordering.history", KnobKind::PureOrdering, "sort moves by the history table"),
    ("ordering.history_bonus", KnobKind::PureOrdering, "bonus at remaining depth n: depth | depth_squared | two_pow_depth | fibonacci"),
    ("ordering.history_table", KnobKind::PureOrdering, "from_to (both sides share) | side_from_to | piece_to"),
    ("ordering.history_scope", KnobKind::PureOrdering, "quiets | all_remaining (quiets and losing captures, ElephantEye)"),
    ("ordering.history_good", KnobKind::PureOrdering, "what history and killers learn from: cutoff | cutoff_and_pv"),
    ("ordering.history_decay", KnobKind::PureOrdering, "factor on every history entry between iterations, 0.0 to 1.0"),
    ("aspiration.enabled", KnobKind::PureOrdering, "search the root in a window around the previous score (first: static eval)"),
    ("aspiration.window", KnobKind::PureOrdering, "half-width of the aspiration window in centipawns (0 or more)"),
    ("aspiration.research", KnobKind::PureOrdering, "after a fail: open (failed side to infinity) | widen (double the window)"),
    ("quiescence.enabled", KnobKind::Definition, "search captures beyond the horizon"),
    ("quiescence.stand_pat", KnobKind::Definition, "the static evaluation is a lower bound in quiescence"),
    ("quiescence.ordering", KnobKind::PureOrdering, "capture order in quiescence: none | mvv_lva"),
    ("quiescence.prune_losing", KnobKind::TreeChanging, "skip captures whose attacker is worth more than the victim"),
];

impl SearchConfig {
    /// Rejects values out of range and knobs that contradict each other (the one rule: reject, never ignore).
    pub fn validate(&self) -> Result<(), String> {
        if self.ordering.killers > 4 {
            return Err(format!(
                "ordering.killers = {}; expected 0 to 4",
                self.ordering.killers
            ));
        }
        if self.aspiration.window < 0 {
            return Err(format!(
                "aspiration.window = {}; expected 0 or more centipawns",
                self.aspiration.window
            ));
        }
        if self.tt_mb == 0 || self.tt_mb > 4096 {
            return Err(format!("tt_mb = {}; expected 1 to 4096", self.tt_mb));
        }
        let decay = self.ordering.history_decay;
        if !(0.0..=1.0).contains(&decay) {
            return Err(format!(
                "ordering.history_decay = {decay}; expected 0.0 to 1.0"
            ));
        }
        if !self.alphabeta {
            let mut clash = Vec::new();
            if self.pvs {
                clash.push("pvs = true");
            }
            if self.aspiration.enabled {
                clash.push("aspiration.enabled = true");
            }
            if self.tt == TtMode::Full {
                clash.push("tt = \"full\"");
            }
            if !clash.is_empty() {
                return Err(format!(
                    "alphabeta = false (minimax) does not combine with {}: windows and bound cutoffs need alpha-beta; \
                     set pvs = false, aspiration.enabled = false and tt = \"off\" or \"move\"",
                    clash.join(", ")
                ));
            }
        }
        Ok(())
    }
}

/// True when `variant` differs from `baseline` only in pure-ordering knobs and neither uses a
/// tree-changing one: then its root scores must equal the baseline's, position by position.
pub fn scores_must_match(baseline: &SearchConfig, variant: &SearchConfig) -> bool {
    let tree_changing = |c: &SearchConfig| c.tt == TtMode::Full || c.quiescence.prune_losing;
    if tree_changing(baseline) || tree_changing(variant) {
        return false;
    }
    let flat = |c: &SearchConfig| match toml::Value::try_from(c) {
        Ok(toml::Value::Table(t)) => super::keys::flatten(&t),
        _ => Vec::new(),
    };
    let (a, b) = (flat(baseline), flat(variant));
    a.iter()
        .zip(b.iter())
        .filter(|(x, y)| x != y)
        .all(|((key, _), _)| {
            // tt off ↔ move is pure ordering (full was excluded above); tt_mb cannot matter then.
            key == "tt"
                || key == "tt_mb"
                || KNOBS
                    .iter()
                    .any(|(k, kind, _)| k == key && *kind == KnobKind::PureOrdering)
        })
}
