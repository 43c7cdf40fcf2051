//! The values a choice knob of `SearchConfig` takes (`search_config.rs` declares the knobs):
//! each a word in TOML, its list of words derived from the same lines.

crate::choice_enum! {
    /// Whose singular test `singular.enabled` runs.
    pub enum SingularForm {
        /// Ethereal's at e755a81: the other moves searched in a loop of its own.
        Ethereal = "ethereal",
        /// Stockfish's at 88f17a814: the node searched again without the hash move.
        Stockfish = "stockfish",
    }
}

crate::choice_enum! {
    /// Which moves the check extension (`extensions.check`) extends.
    pub enum CheckForm {
        /// ablate's: a move that gives check, at the root too.
        GivesCheck = "gives_check",
        /// Ethereal's at e755a81 (step 14, `(inCheck)`): every move at a node in check, not the root.
        InCheck = "in_check",
    }
}

crate::choice_enum! {
    /// Which quiet moves late-move pruning counts towards its limit (`late_move_pruning.count`).
    pub enum LmpCount {
        /// ablate's: the quiet moves searched before this one.
        Searched = "searched",
        /// Ethereal's at e755a81 (`quietsSeen++` before step 11): every quiet move handed out before this one, pruned or not.
        Seen = "seen",
    }
}

crate::choice_enum! {
    /// How far the null move reduces, and when it is tried.
    pub enum NullForm {
        /// `reduction` plies (or Heinz's adaptive 2 or 3) beyond the move itself.
        Fixed = "fixed",
        /// Ethereal's at e755a81, with its own conditions.
        Ethereal = "ethereal",
    }
}

crate::choice_enum! {
    /// When a null-move fail-high is verified.
    pub enum NullVerify {
        /// Never: the fail-high cuts.
        Never = "never",
        /// When the side to move has at most one piece besides pawns (Fruit's Endgame).
        Endgame = "endgame",
        /// Always.
        Always = "always",
        /// Tabibi and Netanyahu's verified null-move pruning (ICGA 2002): one ply shallower, plain null moves below, full depth again on a zugzwang.
        Subtree = "subtree",
        /// Stockfish: from verify_depth on, the node searched at the null move's depth with no null move for this side for three quarters of it.
        Stockfish = "stockfish",
    }
}

crate::choice_enum! {
    /// How much a late move is reduced.
    pub enum LmrReduction {
        /// One ply.
        One = "one",
        /// round(base + ln(depth) ln(move number) / divisor).
        Log = "log",
    }
}

crate::choice_enum! {
    /// Which captures quiescence skips.
    pub enum QuiescencePrune {
        /// None.
        None = "none",
        /// Captures whose attacker is worth more than the victim (promotions never).
        LosingMvv = "losing_mvv",
        /// Captures whose static exchange evaluation is negative.
        See = "see",
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
        /// Winning and equal captures by static exchange evaluation, losing ones after the killers.
        See = "see",
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
