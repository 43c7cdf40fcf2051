//! `SearchConfig`: every heuristic of the one search, each knob declared once below: its key,
//! type, default, allowed values and kind. Everything else about knobs is derived from here.

use super::knob::{Domain, Kind};
use crate::chess::eval::EvalKind;

/// Kind of a knob that changes the tree only together with the full transposition table.
const WITH_FULL_TT: Kind = Kind::TreeWhen(|c| c.tt == TtMode::Full, "tt = \"full\"");

crate::knob_group! {
    /// How the search is configured; users write these keys in TOML and `--set`.
    pub struct SearchConfig ("") {
        /// false = full-width minimax: no cutoffs, every move searched
        alphabeta: bool = true, Domain::Bool, Kind::Ordering;
        /// principal variation search: null windows after the first move, re-search on fail-high
        pvs: bool = true, Domain::Bool, Kind::Ordering;
        /// search depths 1..N in turn; tables and the aspiration guess carry over
        iterative_deepening: bool = true, Domain::Bool, Kind::Ordering;
        /// static evaluation (eval.md)
        eval: EvalKind = EvalKind::Pst, Domain::Choice(EvalKind::NAMES), Kind::Definition;
        /// transposition table: off | move (hash move ordering only) | full (also bound cutoffs)
        tt: TtMode = TtMode::Full, Domain::Choice(TtMode::NAMES), WITH_FULL_TT;
        /// transposition table size in MiB (rounded down to a power-of-two entry count)
        tt_mb: u32 = 16, Domain::Int { min: 1, max: Some(4096), unit: "" }, WITH_FULL_TT;
    }
    nested {
        /// Move ordering in the main search.
        ordering: OrderingConfig,
        /// Aspiration windows at the root.
        aspiration: AspirationConfig,
        /// Quiescence search at the horizon.
        quiescence: QuiescenceConfig,
    }
}

crate::knob_group! {
    /// Move-ordering knobs of the staged move picker.
    pub struct OrderingConfig ("ordering.") {
        /// how captures (and promotions) are ordered
        captures: CaptureOrder = CaptureOrder::MvvLva, Domain::Choice(CaptureOrder::NAMES), Kind::Ordering;
        /// captures on the square the opponent just moved to come first
        recapture_first: bool = false, Domain::Bool, Kind::Ordering;
        /// killer slots per ply (shift-in; captures are never killers)
        killers: u8 = 2, Domain::Int { min: 0, max: Some(4), unit: "" }, Kind::Ordering;
        /// where killers go relative to captures
        killer_placement: KillerPlacement = KillerPlacement::AfterCaptures, Domain::Choice(KillerPlacement::NAMES), Kind::Ordering;
        /// sort moves by the history table
        history: bool = true, Domain::Bool, Kind::Ordering;
        /// the bonus a good move earns at remaining depth n
        history_bonus: HistoryBonus = HistoryBonus::DepthSquared, Domain::Choice(HistoryBonus::NAMES), Kind::Ordering;
        /// the history table's shape
        history_table: HistoryShape = HistoryShape::SideFromTo, Domain::Choice(HistoryShape::NAMES), Kind::Ordering;
        /// which moves history sorts: quiets, or quiets and losing captures (ElephantEye)
        history_scope: HistoryScope = HistoryScope::Quiets, Domain::Choice(HistoryScope::NAMES), Kind::Ordering;
        /// which moves history and killers learn from
        history_good: HistoryGood = HistoryGood::CutoffAndPv, Domain::Choice(HistoryGood::NAMES), Kind::Ordering;
        /// factor on every history entry between iterations (1.0 keeps, 0.0 clears)
        history_decay: f64 = 1.0, Domain::Float { min: 0.0, max: 1.0 }, Kind::Ordering;
    }
}

crate::knob_group! {
    /// Aspiration-window knobs.
    pub struct AspirationConfig ("aspiration.") {
        /// search the root in a window around the previous score (first: static eval)
        enabled: bool = true, Domain::Bool, Kind::Ordering;
        /// half-width of the aspiration window
        window: i32 = 50, Domain::Int { min: 0, max: None, unit: " centipawns" }, Kind::Ordering;
        /// after a fail: open (failed side to infinity) | widen (double the window)
        research: AspirationResearch = AspirationResearch::Open, Domain::Choice(AspirationResearch::NAMES), Kind::Ordering;
    }
}

crate::knob_group! {
    /// Quiescence-search knobs.
    pub struct QuiescenceConfig ("quiescence.") {
        /// search captures beyond the horizon
        enabled: bool = true, Domain::Bool, Kind::Definition;
        /// the static evaluation is a lower bound the side to move may take
        stand_pat: bool = true, Domain::Bool, Kind::Definition;
        /// capture order inside quiescence
        ordering: QuiescenceOrdering = QuiescenceOrdering::MvvLva, Domain::Choice(QuiescenceOrdering::NAMES), Kind::Ordering;
        /// skip captures whose attacker is worth more than the victim
        prune_losing: bool = false, Domain::Bool, Kind::TreeWhen(|c| c.quiescence.prune_losing, "true");
    }
}

crate::choice_enum! {
    /// What the transposition table is used for.
    pub enum TtMode {
        /// No table.
        Off = "off",
        /// Stored best moves order the moves (hash move first); scores never cut.
        Move = "move",
        /// Hash move plus cutoffs on stored bounds (tree-changing).
        Full = "full",
    }
}

crate::choice_enum! {
    /// Capture ordering modes.
    pub enum CaptureOrder {
        /// Generator order, captures mixed with quiet moves.
        None = "none",
        /// Captures before quiet moves, in generator order (the seed's "plain").
        First = "first",
        /// Most valuable victim first.
        Mvv = "mvv",
        /// Most valuable victim, then least valuable attacker.
        MvvLva = "mvv_lva",
        /// victim − attacker, in centipawns.
        VictimMinusAttacker = "victim_minus_attacker",
        /// 100·victim − attacker, in centipawns.
        ScaledVictimMinusAttacker = "scaled_victim_minus_attacker",
    }
}

crate::choice_enum! {
    /// Where killer moves are tried.
    pub enum KillerPlacement {
        /// Before every capture.
        BeforeCaptures = "before_captures",
        /// After the first capture (Ifrit's oldest scheme).
        AfterFirstCapture = "after_first_capture",
        /// After all captures.
        AfterCaptures = "after_captures",
    }
}

crate::choice_enum! {
    /// History bonus for a good move at remaining depth n.
    pub enum HistoryBonus {
        /// n.
        Depth = "depth",
        /// n² (ElephantEye).
        DepthSquared = "depth_squared",
        /// 2ⁿ (traditional).
        TwoPowDepth = "two_pow_depth",
        /// Fibonacci(n).
        Fibonacci = "fibonacci",
    }
}

crate::choice_enum! {
    /// How history entries are indexed.
    pub enum HistoryShape {
        /// [from][to], shared by both sides.
        FromTo = "from_to",
        /// [side][from][to].
        SideFromTo = "side_from_to",
        /// [coloured piece][to] (Fruit).
        PieceTo = "piece_to",
    }
}

crate::choice_enum! {
    /// Which moves the history stage sorts.
    pub enum HistoryScope {
        /// Quiet moves only; captures come earlier by their own order.
        Quiets = "quiets",
        /// Every move not yet tried: quiets and losing captures (ElephantEye).
        AllRemaining = "all_remaining",
    }
}

crate::choice_enum! {
    /// Which moves history and killers learn from.
    pub enum HistoryGood {
        /// Moves that cause a beta cutoff.
        Cutoff = "cutoff",
        /// Cutoff moves and the best move of a node whose score fell inside the window.
        CutoffAndPv = "cutoff_and_pv",
    }
}

crate::choice_enum! {
    /// Re-search policy after an aspiration failure.
    pub enum AspirationResearch {
        /// Open the failed side to infinity (the seed).
        Open = "open",
        /// Double the window on the failed side until the score fits.
        Widen = "widen",
    }
}

crate::choice_enum! {
    /// Capture order in quiescence.
    pub enum QuiescenceOrdering {
        /// Generator order.
        None = "none",
        /// Most valuable victim, then least valuable attacker.
        MvvLva = "mvv_lva",
    }
}

impl SearchConfig {
    /// Rejects values out of their declared range and knobs that contradict each other
    /// (the one rule: reject, never ignore).
    pub fn validate(&self) -> Result<(), String> {
        super::knob::check_ranges(self)?;
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
