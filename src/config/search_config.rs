//! `SearchConfig`: every heuristic of the one search, each knob declared once below: its key,
//! type, default, allowed values and kind. Everything else about knobs is derived from here.

pub use super::choices::{
    AspirationResearch, CaptureOrder, CheckForm, HistoryBonus, HistoryGood, HistoryScope,
    HistoryShape, KillerPlacement, LmpCount, LmrReduction, NullForm, NullVerify,
    QuiescenceOrdering, QuiescencePrune, SingularForm, TtMode,
};
use super::descriptor::Domain;
use crate::chess::eval::EvalKind;
use crate::chess::terms::Terms;

use super::descriptor::Kind;
use super::descriptor::Term::{Above, AnyOn, Is, Not, Off, On};

/// Kind of a knob that changes the tree only together with the full transposition table.
const WITH_FULL_TT: Kind = Kind::TreeWhen(&[Is("tt", "full")]);

crate::knob_group! {
    /// How the search is configured; users write these keys in TOML and `--set`.
    pub struct SearchConfig ("", step "23", layer SearchLayer) {
        /// false = full-width minimax: no cutoffs, every move searched
        alphabeta: bool = true, Domain::Bool, Kind::Ordering, step "all";
        /// principal variation search: null windows after the first move, re-search on fail-high
        pvs: bool = true, Domain::Bool, Kind::Ordering;
        /// search depths 1..N in turn; tables and the aspiration guess carry over
        iterative_deepening: bool = true, Domain::Bool, Kind::Ordering, step "root";
        /// transposition table: off | move (hash move ordering only) | full (also bound cutoffs)
        tt: TtMode = TtMode::Full, Domain::Choice(TtMode::NAMES), WITH_FULL_TT, step "4, 30";
        /// transposition table size in MiB (rounded down to a power-of-two entry count)
        tt_mb: u32 = 16, Domain::Int { min: 1, max: Some(4096), unit: "" }, WITH_FULL_TT, step "4, 30";
        /// the table's score stands in for the static evaluation reverse futility and null move read (Stockfish feeds it to steps 7 and 8 only; razoring, futility and ProbCut read the evaluation function) when its bound says the position is worth at least (lower bound) or at most (upper bound) that score; never a mate score (Stockfish 88f17a814, search.cpp step 6: "ttValue can be used as a better position evaluation")
        tt_value_as_eval: bool = false, Domain::Bool, Kind::TreeWhen(&[On("tt_value_as_eval"), Not("tt", "off"), AnyOn(&["reverse_futility.enabled", "null_move.enabled"])]), step "7";
    }
    nested {
        /// The static evaluation: its kind, and the terms of the tapered one.
        #[serde(deserialize_with = "kind_or_table")]
        eval: EvalConfig,
        /// Move ordering in the main search.
        ordering: OrderingConfig,
        /// Aspiration windows at the root.
        aspiration: AspirationConfig,
        /// Quiescence search at the horizon.
        quiescence: QuiescenceConfig,
        /// Null-move pruning.
        null_move: NullMoveConfig,
        /// Late-move reductions.
        lmr: LmrConfig,
        /// Futility pruning of quiet moves near the horizon.
        futility: FutilityConfig,
        /// Reverse futility pruning (static null move).
        reverse_futility: ReverseFutilityConfig,
        /// Razoring: drop into quiescence near the horizon when far below alpha.
        razoring: RazoringConfig,
        /// Late-move pruning of quiet moves near the horizon.
        late_move_pruning: LateMovePruningConfig,
        /// SEE pruning of moves in the main search.
        see_pruning: SeePruningConfig,
        /// ProbCut: a good capture that beats a raised beta at reduced depth ends the node.
        probcut: ProbcutConfig,
        /// Internal iterative reduction: a PV node without a hash move is searched shallower.
        iir: IirConfig,
        /// Singular extensions: a hash move that beats every other move by a margin is searched deeper.
        singular: SingularConfig,
        /// Ethereal's history with the counter-move and follow-up histories, and what reads them.
        continuation: ContinuationConfig,
        /// Stockfish's further lessons for the move order: from a table cutoff, and from how the evaluation changed.
        history_updates: HistoryUpdatesConfig,
        /// Search extensions.
        extensions: ExtensionsConfig,
        /// What a game keeps from move to move.
        game: GameConfig,
    }
}

/// `EvalConfig`: the evaluation's kind, then one knob per term of `chess::terms`'s declaration
/// (`for_each_eval_term!`), each a definition knob on by default.
macro_rules! eval_config {
    ($( #[doc = $doc:literal] $term:ident ),* $(,)?) => {
        crate::knob_group! {
            /// The static evaluation (docs/eval.md). The terms belong to `eval = "tapered"`; each follows
            /// Fruit 2.1 (the tempo, Toga II), and switching one off changes what is searched.
            pub struct EvalConfig ("eval.", step "3", layer EvalLayer) {
                /// material | pst (Michniewski's tables) | tapered (PeSTO's tables blended by game phase, plus the terms below) | nnue (a (768→H)×2→1 network in bullet's layout, eval.net); `eval = "tapered"` is short for eval.kind
                kind: EvalKind = EvalKind::Pst, Domain::Choice(EvalKind::NAMES), Kind::Definition;
                /// with eval.kind = "nnue": the network file (bullet's `simple` layout, docs/nnue.md); empty: the net embedded in the binary (nets/default.nnue)
                net: String = String::new(), Domain::Text, Kind::Definition;
                $( #[doc = $doc] $term: bool = true, Domain::Bool, Kind::Definition; )*
            }
        }

        impl EvalConfig {
            /// The terms switched on, as the evaluation reads them.
            pub fn terms(&self) -> Terms {
                Terms { $( $term: self.$term, )* }
            }
        }
    };
}
crate::for_each_eval_term!(eval_config);

/// `eval = "pst"` (the kind alone, as before the terms existed) or `eval.kind = ...` with the
/// terms; older manifests hold the first.
fn kind_or_table<'de, D: serde::Deserializer<'de>>(d: D) -> Result<EvalConfig, D::Error> {
    use serde::de::{self, Deserialize};
    struct KindOrTable;
    impl<'de> de::Visitor<'de> for KindOrTable {
        type Value = EvalConfig;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an evaluation's name or a table of eval.* keys")
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<EvalConfig, E> {
            let kind = EvalKind::deserialize(de::value::StrDeserializer::<E>::new(v))?;
            Ok(EvalConfig {
                kind,
                ..EvalConfig::default()
            })
        }
        fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<EvalConfig, A::Error> {
            EvalConfig::deserialize(de::value::MapAccessDeserializer::new(map))
        }
    }
    d.deserialize_any(KindOrTable)
}

crate::knob_group! {
    /// Move-ordering knobs of the staged move picker.
    pub struct OrderingConfig ("ordering.", step "14", layer OrderingLayer) {
        /// how captures (and promotions) are ordered
        captures: CaptureOrder = CaptureOrder::MvvLva, Domain::Choice(CaptureOrder::NAMES), Kind::Ordering;
        /// captures on the square the opponent just moved to come first
        recapture_first: bool = false, Domain::Bool, Kind::Ordering;
        /// Stockfish 88f17a814's capture history: captures ordered by 6 × the victim's midgame value + their learnt score (by piece, destination and victim), the score also added / 8 to the capture futility margin (futility.captures): it orders always, and changes the tree beyond the order only with futility.captures
        capture_history: bool = false, Domain::Bool, Kind::OrderingTreeWith(&[On("ordering.capture_history"), On("futility.captures")]);
        /// killer slots per ply (shift-in; captures are never killers)
        killers: u8 = 2, Domain::Int { min: 0, max: Some(4), unit: "" }, Kind::Ordering;
        /// countermove heuristic (Uiterwijk): the quiet move that last refuted the opponent's previous move (by its piece and destination) is tried right after the killers
        countermove: bool = false, Domain::Bool, Kind::Ordering;
        /// order non-capturing promotions with the captures (Kornilov); false: among the quiet moves
        promotions_with_captures: bool = true, Domain::Bool, Kind::Ordering;
        /// where killers go relative to captures
        killer_placement: KillerPlacement = KillerPlacement::AfterCaptures, Domain::Choice(KillerPlacement::NAMES), Kind::OrderingWhen(&[Above("ordering.killers", 0)]);
        /// sort moves by the history table
        history: bool = true, Domain::Bool, Kind::Ordering;
        /// the bonus a good move earns at remaining depth n
        history_bonus: HistoryBonus = HistoryBonus::DepthSquared, Domain::Choice(HistoryBonus::NAMES), Kind::OrderingWhen(&[On("ordering.history")]);
        /// the history table's shape
        history_table: HistoryShape = HistoryShape::SideFromTo, Domain::Choice(HistoryShape::NAMES), Kind::OrderingWhen(&[On("ordering.history")]);
        /// which moves history sorts: quiets, or quiets and losing captures (ElephantEye)
        history_scope: HistoryScope = HistoryScope::Quiets, Domain::Choice(HistoryScope::NAMES), Kind::OrderingWhen(&[On("ordering.history")]);
        /// which moves history and killers learn from
        history_good: HistoryGood = HistoryGood::CutoffAndPv, Domain::Choice(HistoryGood::NAMES), Kind::Ordering, step "14, 27";
        /// the best move of a PV node earns this many times the bonus ("some programs give PV moves more")
        history_pv_bonus: u8 = 1, Domain::Int { min: 1, max: Some(16), unit: "" }, Kind::OrderingWhen(&[On("ordering.history")]), step "14, 27";
        /// factor on every history entry between iterations (1.0 keeps, 0.0 clears)
        history_decay: f64 = 1.0, Domain::Float { min: 0.0, max: 1.0 }, Kind::OrderingWhen(&[On("ordering.history")]), step "root";
    }
}

crate::knob_group! {
    /// Aspiration-window knobs.
    pub struct AspirationConfig ("aspiration.", step "root", layer AspirationLayer) {
        /// search the root in a window around the previous score (first: static eval)
        enabled: bool = true, Domain::Bool, Kind::Ordering;
        /// half-width of the aspiration window
        window: i32 = 50, Domain::Int { min: 0, max: None, unit: " centipawns" }, Kind::OrderingWhen(&[On("aspiration.enabled")]);
        /// after a fail: open (failed side to infinity) | widen (double the window)
        research: AspirationResearch = AspirationResearch::Open, Domain::Choice(AspirationResearch::NAMES), Kind::OrderingWhen(&[On("aspiration.enabled")]);
    }
}

crate::knob_group! {
    /// Quiescence-search knobs.
    pub struct QuiescenceConfig ("quiescence.", step "3", layer QuiescenceLayer) {
        /// search captures beyond the horizon
        enabled: bool = true, Domain::Bool, Kind::Definition;
        /// the static evaluation is a lower bound the side to move may take
        stand_pat: bool = true, Domain::Bool, Kind::Definition, step "q1";
        /// capture order inside quiescence
        ordering: QuiescenceOrdering = QuiescenceOrdering::MvvLva, Domain::Choice(QuiescenceOrdering::NAMES), Kind::OrderingWhen(&[On("quiescence.enabled")]), step "q2";
        /// old name of prune = "losing_mvv": skip captures whose attacker is worth more than the victim
        prune_losing: bool = false, Domain::Bool, Kind::TreeWhen(&[On("quiescence.prune_losing")]), step "q2";
        /// which captures quiescence skips: none, losing by MVV/LVA (attacker worth more than victim), or losing by SEE
        prune: QuiescencePrune = QuiescencePrune::None, Domain::Choice(QuiescencePrune::NAMES), Kind::TreeWhen(&[Not("quiescence.prune", "none")]), step "q2";
        /// delta pruning: skip a capture when stand-pat + its gain + delta_margin <= alpha (not with 1300 cp or less of pieces on the board)
        delta: bool = false, Domain::Bool, Kind::TreeWhen(&[On("quiescence.delta")]), step "q4";
        /// the margin of delta pruning
        delta_margin: i32 = 200, Domain::Int { min: 0, max: None, unit: " centipawns" }, Kind::TreeWhen(&[On("quiescence.delta")]), step "q4";
        /// Stockfish 88f17a814's "futility pruning and moveCount pruning (~5 Elo)" in quiescence: once the node stands pat, a capture that gives no check and promotes nothing is skipped when two moves came before it, when stand-pat + 75 cp + its victim's value <= alpha, or when stand-pat + 75 cp <= alpha and its exchange does not win (155 of Stockfish's units, 208 a pawn)
        futility: bool = false, Domain::Bool, Kind::TreeWhen(&[On("quiescence.futility")]), step "q3";
        /// Stockfish 88f17a814's table in quiescence: every quiescence node reads the transposition table, a null-window node ends on a stored bound past its window, and each node's result is stored at depth 0 (needs tt = "full")
        tt: bool = false, Domain::Bool, Kind::TreeWhen(&[On("quiescence.tt"), Is("tt", "full")]), step "q1";
        /// Stockfish 88f17a814's "ttValue can be used as a better position evaluation (~7 Elo)" in quiescence: with quiescence.tt, the table's score replaces the stand-pat evaluation when its bound says it is the better guess; never a mate score
        tt_value_as_eval: bool = false, Domain::Bool, Kind::TreeWhen(&[On("quiescence.tt"), On("quiescence.tt_value_as_eval"), Is("tt", "full")]), step "q1";
        /// plies at the top of quiescence that also search quiet moves giving check (Fruit's Quiescence Check Plies)
        checks: u8 = 0, Domain::Int { min: 0, max: Some(2), unit: "" }, Kind::TreeWhen(&[Above("quiescence.checks", 0)]), step "q5";
        /// Stockfish 88f17a814's "continuation history based pruning (~2 Elo)" in quiescence, on Ethereal's tables: once a move has scored above a mated score, a quiet checking move (quiescence.checks) whose counter-move and follow-up histories are both below 0 is skipped
        continuation_pruning: bool = false, Domain::Bool, Kind::TreeWhen(&[On("quiescence.continuation_pruning"), Above("quiescence.checks", 0), On("continuation.enabled")]), step "q5";
    }
}

/// Kind of a sub-knob of a pruning heuristic: it changes the tree only while the heuristic is on.
macro_rules! while_on {
    ($group:ident) => {
        Kind::TreeWhen(&[On(concat!(stringify!($group), ".enabled"))])
    };
}

crate::knob_group! {
    /// Null-move pruning (Fruit's NullMove options, Heinz's adaptive reduction).
    pub struct NullMoveConfig ("null_move.", step "10", layer NullMoveLayer) {
        /// let the side to move pass; a null-window search at reduced depth that still fails high cuts the node (never in check, never twice in a row, not at PV nodes)
        enabled: bool = false, Domain::Bool, while_on!(null_move);
        /// plies the null-move search is reduced by, beyond the move itself
        reduction: u8 = 3, Domain::Int { min: 1, max: Some(4), unit: "" }, while_on!(null_move);
        /// Heinz's adaptive null move: reduction 3 above depth 6, else 2 (overrides reduction)
        adaptive: bool = false, Domain::Bool, while_on!(null_move);
        /// fixed (reduction, or adaptive); ethereal (Ethereal at e755a81, search.c step 8: R = 4 + depth / 6 + min(3, (eval - beta) / 200) plies in all, only when eval >= beta, not when this side passed on either of the last two plies, not when the table's upper bound is below beta; a fail-high returns beta)
        form: NullForm = NullForm::Fixed, Domain::Choice(NullForm::NAMES), while_on!(null_move);
        /// verification of a null-move fail-high: never; endgame or always (Fruit: the node searched again, shallower, without a null move; see verify_reduction); subtree (Tabibi-Netanyahu: one ply shallower, re-searched at full depth on a zugzwang); stockfish (deep nodes only, null move off for this side in the verification)
        verify: NullVerify = NullVerify::Never, Domain::Choice(NullVerify::NAMES), while_on!(null_move), step "10, 25";
        /// the smallest remaining depth that tries a null move
        min_depth: u32 = 2, Domain::Int { min: 1, max: Some(64), unit: "" }, while_on!(null_move);
        /// also when the side to move has only king and pawns (zugzwang territory)
        in_pawn_endings: bool = false, Domain::Bool, while_on!(null_move);
        /// pass only when the static evaluation is at least beta (Fruit, Ethereal and Stockfish all guard it so)
        eval_guard: bool = false, Domain::Bool, while_on!(null_move);
        /// with eval_guard: the shallowest remaining depth the guard applies at; shallower, the null move is tried whatever the evaluation (Fruit 2.1, search_full.cpp: `depth <= NullReduction+1 || eval(board) >= beta`, so 5)
        eval_guard_min_depth: u32 = 1, Domain::Int { min: 1, max: Some(64), unit: "" }, Kind::TreeWhen(&[On("null_move.enabled"), On("null_move.eval_guard")]);
        /// endgame and always verifications: 0 searches the node at the null move's own reduction at any depth (ablate's first form); N at depth - N, and only above depth N (Fruit's Verification Reduction: 5)
        verify_reduction: u8 = 0, Domain::Int { min: 0, max: Some(8), unit: "" }, while_on!(null_move);
        /// verify = "stockfish": the remaining depth from which a fail-high is verified (Stockfish: 14)
        verify_depth: u32 = 14, Domain::Int { min: 1, max: Some(64), unit: "" }, while_on!(null_move);
    }
}

crate::knob_group! {
    /// Late-move reductions.
    pub struct LmrConfig ("lmr.", step "22", layer LmrLayer) {
        /// search late quiet moves at reduced depth with a null window; re-search at full depth when one beats alpha
        enabled: bool = false, Domain::Bool, while_on!(lmr);
        /// the smallest remaining depth that reduces
        min_depth: u32 = 3, Domain::Int { min: 1, max: Some(64), unit: "" }, while_on!(lmr);
        /// moves searched at full depth before any is reduced
        full_moves: u32 = 3, Domain::Int { min: 0, max: Some(64), unit: "" }, while_on!(lmr);
        /// one ply, or log: round(base + ln(depth) ln(move number) / divisor)
        reduction: LmrReduction = LmrReduction::One, Domain::Choice(LmrReduction::NAMES), while_on!(lmr);
        /// the log formula's base
        base: f64 = 0.75, Domain::Float { min: 0.0, max: 4.0 }, while_on!(lmr);
        /// the log formula's divisor
        divisor: f64 = 2.25, Domain::Float { min: 0.5, max: 10.0 }, while_on!(lmr);
        /// Fruit's History Pruning: reduce only quiet moves whose history success rate (%) is below this; 0 ignores history
        history_threshold: u32 = 0, Domain::Int { min: 0, max: Some(100), unit: "" }, while_on!(lmr);
        /// Stockfish 88f17a814 step 16, "decrease reduction at some PvNodes (~2 Elo)": a ply less at a PV node where alpha has been raised at most 3 times (bestMoveCount <= 3)
        pv_node: bool = false, Domain::Bool, Kind::TreeWhen(&[On("lmr.enabled"), On("lmr.pv_node")]);
        /// Stockfish 88f17a814 step 16, "decrease reduction if position is or has been on the PV and not likely to fail low (~3 Elo)": two plies less at a node that is on the PV or whose table entry says it was (its ttPv flag, stored with the entry and carried as Stockfish does), unless it is a PV node whose entry from this depth or deeper is an upper bound
        tt_pv: bool = false, Domain::Bool, Kind::TreeWhen(&[On("lmr.enabled"), On("lmr.tt_pv")]), step "5, 28";
        /// Stockfish 88f17a814 step 16, "decrease reduction if opponent's move count is high (~1 Elo)": a ply less when the move that led here was the 14th or later of its node ((ss-1)->moveCount > 13)
        opponent_moves: bool = false, Domain::Bool, Kind::TreeWhen(&[On("lmr.enabled"), On("lmr.opponent_moves")]);
        /// Stockfish 88f17a814 step 16, "increase reduction for cut nodes (~3 Elo)": two plies more at an expected cut node for a move that is not the first killer
        cut_node: bool = false, Domain::Bool, Kind::TreeWhen(&[On("lmr.enabled"), On("lmr.cut_node")]);
        /// Stockfish 88f17a814 step 16, "increase reduction if ttMove is a capture (~3 Elo)": a ply more when the hash move is a capture or promotion
        tt_capture: bool = false, Domain::Bool, Kind::TreeWhen(&[On("lmr.enabled"), On("lmr.tt_capture")]);
        /// Stockfish 88f17a814 step 16, "range reductions (~3 Elo)": a ply more once more than 2 reduced searches of the node, from depth 8, scored less than 14 cp below the static evaluation (staticEval - value < 30 in Stockfish's units, 208 a pawn: one-sided, a score far above counts too)
        range: bool = false, Domain::Bool, Kind::TreeWhen(&[On("lmr.enabled"), On("lmr.range")]);
        /// Stockfish 88f17a814 step 16, "decrease/increase reduction for moves with a good/bad history (~30 Elo)": r -= statScore / 14721, statScore = the move's butterfly, counter-move and follow-up histories - 4923, read from Ethereal's tables (continuation.enabled; Stockfish adds a fourth, four plies back); never below no reduction, never below depth 1. With continuation.lmr too, both terms apply
        stat_score: bool = false, Domain::Bool, Kind::TreeWhen(&[On("lmr.enabled"), On("lmr.stat_score"), On("continuation.enabled")]);
    }
}

crate::knob_group! {
    /// Futility pruning.
    pub struct FutilityConfig ("futility.", step "16", layer FutilityLayer) {
        /// at non-PV nodes not in check, skip quiet moves that do not give check when static eval + margin <= alpha
        enabled: bool = false, Domain::Bool, while_on!(futility);
        /// margins in centipawns at remaining depth 1, 2, 3
        margins: [i32; 3] = [100, 300, 500], Domain::IntList { min: 0, max: 10_000, len: 3 }, while_on!(futility);
        /// Stockfish 88f17a814's "futility pruning for captures (~0 Elo)": at non-PV nodes not in check, once a move scored above a mated score, skip a capture that gives no check when static eval + 164 + 114·lmrDepth + its victim's value < alpha, lmrDepth (depth - 1 less the move's log reduction) below 6 (342 and 238 of Stockfish's units, 208 a pawn; without its capture history)
        captures: bool = false, Domain::Bool, Kind::TreeWhen(&[On("futility.captures")]), step "18";
    }
}

crate::knob_group! {
    /// Reverse futility pruning (static null move).
    pub struct ReverseFutilityConfig ("reverse_futility.", step "9", layer ReverseFutilityLayer) {
        /// at non-PV nodes not in check, return the static eval when it is at least beta + margin x depth
        enabled: bool = false, Domain::Bool, while_on!(reverse_futility);
        /// margin per remaining ply
        margin: i32 = 120, Domain::Int { min: 0, max: None, unit: " centipawns" }, while_on!(reverse_futility);
        /// the deepest remaining depth it applies at
        max_depth: u32 = 3, Domain::Int { min: 1, max: Some(64), unit: "" }, while_on!(reverse_futility);
    }
}

crate::knob_group! {
    /// Razoring.
    pub struct RazoringConfig ("razoring.", step "8", layer RazoringLayer) {
        /// at remaining depth 1-2, non-PV, not in check: when static eval + margin <= alpha, quiescence decides; a score still <= alpha ends the node
        enabled: bool = false, Domain::Bool, while_on!(razoring);
        /// the margin
        margin: i32 = 300, Domain::Int { min: 0, max: None, unit: " centipawns" }, while_on!(razoring);
    }
}

crate::knob_group! {
    /// Late-move pruning.
    pub struct LateMovePruningConfig ("late_move_pruning.", step "16", layer LateMovePruningLayer) {
        /// at non-PV nodes not in check, stop trying quiet moves that do not give check after counts[depth] of them
        enabled: bool = false, Domain::Bool, while_on!(late_move_pruning);
        /// quiet moves kept at remaining depth 1, 2, 3 (form = "counts")
        counts: [u32; 3] = [5, 8, 13], Domain::IntList { min: 1, max: 256, len: 3 }, while_on!(late_move_pruning);
        /// counts (the list above, depths 1-3); ethereal_table (Ethereal at e755a81: LateMovePruningCounts[improving][depth], depths 1-8); ethereal (3.8733 + 0.7124 depth², Ethereal's later count at nodes whose evaluation improves, 68ab36b, at every node, up to max_depth)
        form: LmpForm = LmpForm::Counts, Domain::Choice(LmpForm::NAMES), while_on!(late_move_pruning);
        /// forms ethereal and ethereal_table: the deepest remaining depth it applies at (Ethereal: 8, the table's last column)
        max_depth: u32 = 8, Domain::Int { min: 1, max: Some(64), unit: "" }, while_on!(late_move_pruning);
        /// which quiet moves count towards the limit: searched (ablate's: those searched before this one) or seen (Ethereal e755a81, `quietsSeen++` before step 11: every quiet move handed out before this one, those counter-move, follow-up and SEE pruning skipped included)
        count: LmpCount = LmpCount::Searched, Domain::Choice(LmpCount::NAMES), Kind::TreeWhen(&[On("late_move_pruning.enabled"), Is("late_move_pruning.count", "seen")]);
    }
}

crate::knob_group! {
    /// SEE pruning of moves in the main search (Ethereal's step 12).
    pub struct SeePruningConfig ("see_pruning.", step "19", layer SeePruningLayer) {
        /// skip a move whose static exchange loses more than a depth-scaled margin, once a move has scored above a mated score (any node but the root)
        enabled: bool = false, Domain::Bool, while_on!(see_pruning);
        /// the deepest remaining depth it applies at (Ethereal: 9)
        max_depth: u32 = 9, Domain::Int { min: 1, max: Some(64), unit: "" }, while_on!(see_pruning);
        /// a quiet move may lose this much per ply of depth (Ethereal: 64)
        quiet_margin: i32 = 64, Domain::Int { min: 0, max: None, unit: " centipawns" }, while_on!(see_pruning);
        /// a capture may lose this much per ply of depth, squared (Ethereal: 19)
        noisy_margin: i32 = 19, Domain::Int { min: 0, max: None, unit: " centipawns" }, while_on!(see_pruning);
    }
}

crate::knob_group! {
    /// ProbCut (Ethereal's step 9, `src/search.c` at e755a81).
    pub struct ProbcutConfig ("probcut.", step "11", layer ProbcutLayer) {
        /// at non-PV nodes with beta not a mate score, when static eval + the best capture's value (the opponent's best piece, a queen more with a pawn on the 7th) reaches beta + margin: each capture or promotion whose static exchange keeps beta + margin - eval is searched at reduced depth against beta + margin; one that holds ends the node (Ethereal 11.80)
        enabled: bool = false, Domain::Bool, while_on!(probcut);
        /// the shallowest remaining depth it tries (Ethereal: 5)
        min_depth: u32 = 5, Domain::Int { min: 1, max: Some(64), unit: "" }, while_on!(probcut);
        /// how far above beta the capture must hold (Ethereal: 100)
        margin: i32 = 100, Domain::Int { min: 0, max: None, unit: " centipawns" }, while_on!(probcut);
        /// plies the verification search is reduced by (Ethereal: 4)
        reduction: u32 = 4, Domain::Int { min: 1, max: Some(16), unit: "" }, while_on!(probcut);
        /// Stockfish 88f17a814's step 11, "a small Probcut idea, when we are in check (~0 Elo)": at a non-PV node in check from depth 4, when the table's move is a capture or promotion and its lower bound from depth - 3 or deeper is at least beta + 197 cp (409 of Stockfish's units), the node returns beta + 197; never with a mate score
        in_check: bool = false, Domain::Bool, Kind::TreeWhen(&[On("probcut.in_check")]), step "13";
    }
}

crate::knob_group! {
    /// Internal iterative reduction (Stockfish's step 10, `src/search.cpp` at 88f17a814).
    pub struct IirConfig ("iir.", step "12", layer IirLayer) {
        /// at a PV node not in check with no hash move, from min_depth on: search it reduction plies shallower ("if the position is not in TT, decrease depth", Stockfish)
        enabled: bool = false, Domain::Bool, while_on!(iir);
        /// Stockfish's second rule: an expected cut node not in check with no hash move, from depth 9, one ply shallower
        cut_nodes: bool = false, Domain::Bool, Kind::TreeWhen(&[On("iir.enabled"), On("iir.cut_nodes")]);
        /// the shallowest remaining depth it reduces (Stockfish: 6)
        min_depth: u32 = 6, Domain::Int { min: 2, max: Some(64), unit: "" }, while_on!(iir);
        /// plies taken off (Stockfish: 2)
        reduction: u32 = 2, Domain::Int { min: 1, max: Some(8), unit: "" }, while_on!(iir);
    }
}

crate::knob_group! {
    /// Singular extensions and multi-cut: Ethereal's `moveIsSingular` (`src/search.c` at
    /// e755a81) or Stockfish's excluded-move search (`src/search.cpp` at 88f17a814).
    pub struct SingularConfig ("singular.", step "15, 20", layer SingularLayer) {
        /// extend the hash move by a ply when the table holds it as a lower bound from nearly this depth and every other move, searched at half depth on a null window at the table's score minus depth, fails low; when one fails high there and that raised beta is still at or above beta, end the node there (multi-cut). Not at the root, not for a mate score (Ethereal 11.82, e755a81)
        enabled: bool = false, Domain::Bool, while_on!(singular);
        /// whose test: "ethereal" (e755a81) or "stockfish" (88f17a814 step 14; its values min_depth = 6, table_depth_margin = 3; two plies deeper at PV nodes; the node itself searched without the hash move at (depth - 1) / 2 on a null window at the table's score - 3·depth; two plies at a non-PV node when it fails low by 75 more (Stockfish's units, 208 a pawn: 1.4 cp a ply, 36 cp), when no more than 6 lie on the line above, so a 7th is allowed; multi-cut; a hash move whose table score is at or above beta searched two plies shallower; the check extension only where no test ran)
        form: SingularForm = SingularForm::Ethereal, Domain::Choice(SingularForm::NAMES), while_on!(singular);
        /// the shallowest remaining depth it tries (Ethereal: 8; Stockfish: 6)
        min_depth: u32 = 8, Domain::Int { min: 2, max: Some(64), unit: "" }, while_on!(singular);
        /// how much shallower than the node the table's entry may be (Ethereal: 2; Stockfish: 3)
        table_depth_margin: u32 = 2, Domain::Int { min: 0, max: Some(16), unit: "" }, while_on!(singular);
        /// quiet moves tried before the rest are passed over (Ethereal's SingularQuietLimit: 6; form "ethereal")
        quiet_limit: u32 = 6, Domain::Int { min: 1, max: Some(256), unit: "" }, Kind::TreeWhen(&[On("singular.enabled"), Is("singular.form", "ethereal")]);
        /// once quiets are passed over, tactical moves tried before the test stops (Ethereal's SingularTacticalLimit: 3; form "ethereal")
        tactical_limit: u32 = 3, Domain::Int { min: 1, max: Some(256), unit: "" }, Kind::TreeWhen(&[On("singular.enabled"), Is("singular.form", "ethereal")]);
    }
}

crate::knob_group! {
    /// Continuation history: Ethereal's history tables at e755a81 (`src/history.c`) and the steps
    /// that read them (`src/search.c` steps 11D, 11E and 13).
    pub struct ContinuationConfig ("continuation.", step "14", layer ContinuationLayer) {
        /// order quiet moves by Ethereal's three histories summed: a butterfly table [side][from][to] and the counter-move and follow-up histories [piece][to] of the moves one and two plies up × [piece][to] of this one; on a quiet move's fail-high the cut move gains and every quiet move tried before it loses 32·bonus − entry·bonus/512, bonus min(depth², 400). In place of ordering.history's table for the quiet moves; with ordering.history = false no quiet move is sorted by any history, while the tables still learn and the steps below still read them
        enabled: bool = false, Domain::Bool, Kind::Ordering;
        /// Ethereal's counter-move and follow-up pruning: at non-PV nodes not in check, once a move scored above a mated score, skip a quiet move whose counter-move history is below 0 (-1000 where the evaluation improves) up to depth 3 (2), or whose follow-up history is below -2000 (-4000) up to depth 3 (2)
        pruning: bool = false, Domain::Bool, Kind::TreeWhen(&[On("continuation.enabled"), On("continuation.pruning")]), step "17";
        /// with pruning: its counter-move part (Ethereal's step 11D, "~8 elo"); false leaves the follow-up part alone
        counter_move_pruning: bool = true, Domain::Bool, Kind::TreeWhen(&[On("continuation.enabled"), On("continuation.pruning"), Off("continuation.counter_move_pruning")]), step "17";
        /// with pruning: its follow-up part (Ethereal's step 11E, "~1.5 elo"); false leaves the counter-move part alone
        follow_up_pruning: bool = true, Domain::Bool, Kind::TreeWhen(&[On("continuation.enabled"), On("continuation.pruning"), Off("continuation.follow_up_pruning")]), step "17";
        /// late-move reductions reduce a quiet move clamp((butterfly + counter-move + follow-up history) / 5000, -2, 2) plies less, within 0 and depth - 2 (Ethereal's step 13: R -= MAX(-2, MIN(2, (hist + cmhist + fmhist) / 5000)))
        lmr: bool = false, Domain::Bool, Kind::TreeWhen(&[On("continuation.enabled"), On("continuation.lmr"), On("lmr.enabled")]), step "22";
        /// extend by a ply a quiet move among the first four whose counter-move and follow-up histories are both at least 10,000 (Ethereal's step 14; one ply in all with the check and singular extensions)
        extension: bool = false, Domain::Bool, Kind::TreeWhen(&[On("continuation.enabled"), On("continuation.extension")]), step "22";
    }
}

crate::knob_group! {
    /// Stockfish's further history updates at 88f17a814 (`src/search.cpp` steps 4 and 6), on
    /// ablate's tables: the classic history, killers and countermoves, and Ethereal's
    /// continuation tables while `continuation.enabled` is on.
    pub struct HistoryUpdatesConfig ("history_updates.", step "24", layer HistoryUpdatesLayer) {
        /// "bonus for a quiet ttMove that fails high (~3 Elo)": where the table's bound ends a null-window node at or above beta, its quiet move learns as a cut move at the node's depth (killers, history, countermove, the continuation tables)
        tt_bonus: bool = false, Domain::Bool, Kind::Ordering, step "4";
        /// "penalty for a quiet ttMove that fails low (~1 Elo)": where the table's bound ends a null-window node below beta, its quiet move loses its butterfly, counter-move and follow-up entries (continuation.enabled)
        tt_penalty: bool = false, Domain::Bool, Kind::Ordering, step "4";
        /// "extra penalty for early quiet moves of the previous ply (~0 Elo)": where the table's bound ends a null-window node at or above beta, the quiet move that led here, when it was among the first two of its node, loses its counter-move and follow-up entries at depth + 1 (continuation.enabled)
        prior_penalty: bool = false, Domain::Bool, Kind::Ordering, step "4";
        /// "use static evaluation difference to improve quiet move ordering (~3 Elo)": at a node not in check reached by a quiet move from a node not in check, that move's butterfly entry gains clamp(-16 (the parent's evaluation + this one, in Stockfish's units: 208 a pawn), -2000, 2000) (continuation.enabled)
        eval_difference: bool = false, Domain::Bool, Kind::Ordering, step "7";
    }
}

impl HistoryUpdatesConfig {
    /// Whether any of these updates is on.
    pub fn any(&self) -> bool {
        self.tt_bonus || self.tt_penalty || self.prior_penalty || self.eval_difference
    }
}

crate::choice_enum! {
    /// How many quiet moves late-move pruning keeps at a depth.
    pub enum LmpForm {
        /// The `counts` list, depths 1 to 3.
        Counts = "counts",
        /// Ethereal's 3.8733 + 0.7124 depth², up to `max_depth`.
        Ethereal = "ethereal",
        /// Ethereal's table at e755a81, by depth and whether the evaluation improves.
        EtherealTable = "ethereal_table",
    }
}

crate::knob_group! {
    /// Search extensions.
    pub struct ExtensionsConfig ("extensions.", step "22", layer ExtensionsLayer) {
        /// extend a move that gives check by one ply, while the ply stays below twice the iteration's depth
        check: bool = false, Domain::Bool, Kind::TreeWhen(&[On("extensions.check")]);
        /// which moves the check extension extends: gives_check (ablate's: a move that gives check, at the root too) or in_check (Ethereal e755a81 step 14, `extension = (inCheck) || ...` and `newDepth = depth + (extension && !RootNode)`: every move at a node in check, never at the root); both one ply while the ply stays below twice the iteration's depth, a cap Ethereal does not have
        check_form: CheckForm = CheckForm::GivesCheck, Domain::Choice(CheckForm::NAMES), Kind::TreeWhen(&[On("extensions.check"), Is("extensions.check_form", "in_check")]);
        /// Stockfish 88f17a814's "quiet ttMove extensions (~0 Elo)": at a PV node, a ply for the hash move when it is quiet, the first killer, and its counter-move history is at least 10,000 of Stockfish's 29,952 (5,470 of Ethereal's 16,384 here); only where the singular test did not run
        quiet_tt_move: bool = false, Domain::Bool, Kind::TreeWhen(&[On("continuation.enabled"), On("extensions.quiet_tt_move")]);
    }
}

crate::knob_group! {
    /// What a game keeps from one move's search to the next, as engines do; fixed-depth runs
    /// search each position on its own whatever these say (`keep_tables` is theirs).
    pub struct GameConfig ("game.", step "root", layer GameLayer) {
        /// games: the transposition table carries from move to move (emptied for a new game and by UCI's ucinewgame)
        keep_table: bool = false, Domain::Bool, Kind::Definition;
        /// games: the history (and countermoves) carry from move to move, decayed by ordering.history_decay
        keep_history: bool = false, Domain::Bool, Kind::Definition;
        /// matches under a node budget (--nodes): this side searches this many times the match's budget a move, as cutechess gives each engine its own limit (2: Elo per doubling)
        node_factor: u32 = 1, Domain::Int { min: 1, max: Some(1024), unit: "" }, Kind::Definition;
    }
}

impl QuiescenceConfig {
    /// The pruning in force: `prune`, or `prune_losing`'s old meaning.
    pub fn pruning(&self) -> QuiescencePrune {
        if self.prune_losing {
            QuiescencePrune::LosingMvv
        } else {
            self.prune
        }
    }
}
