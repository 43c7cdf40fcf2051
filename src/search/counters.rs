//! The counters every search keeps, each declared once; see "How nodes are counted" in the README.
//! A counter added here becomes a CSV column (after the existing ones), an `ablate search`
//! column and a manifest entry with no other edit.

crate::counters! {
    /// Counters of one search or one iteration.
    pub struct SearchStats {
        /// Positions the main search entered: the root, interior and horizon nodes.
        nodes: sum,
        /// Positions reached by moves inside quiescence, beyond the horizon node.
        qnodes: sum,
        /// Main-search nodes at remaining depth 0.
        leaves: sum,
        /// Main-search nodes that failed high (score >= beta).
        beta_cutoffs: sum,
        /// Beta cutoffs on the first move searched.
        first_move_cutoffs: sum,
        /// Transposition table look-ups.
        tt_probes: sum,
        /// Look-ups that found the position.
        tt_hits: sum,
        /// Hits whose stored bound ended the node.
        tt_cutoffs: sum,
        /// Root re-searches after the score fell outside the aspiration window.
        asp_researches: sum,
        /// The deepest ply reached, quiescence included.
        seldepth: max,
        /// Null-move searches tried (`null_move.*`).
        null_tries: sum,
        /// Null-move searches that ended their node (after verification, where it ran).
        null_cutoffs: sum,
        /// Verification searches after a null-move fail-high.
        null_verifications: sum,
        /// Moves searched at reduced depth (`lmr.*`).
        lmr_reductions: sum,
        /// Reduced moves that beat alpha and were searched again at full depth.
        lmr_researches: sum,
        /// Quiet moves skipped by futility pruning (`futility.*`).
        futility_prunes: sum,
        /// Nodes ended by reverse futility pruning (`reverse_futility.*`).
        rfp_cutoffs: sum,
        /// Nodes ended by razoring (`razoring.*`).
        razor_cutoffs: sum,
        /// Quiet moves skipped by late-move pruning (`late_move_pruning.*`).
        lmp_prunes: sum,
        /// Captures skipped by delta pruning in quiescence (`quiescence.delta`).
        delta_prunes: sum,
        /// Check extensions (`extensions.check`).
        extensions: sum,
        /// Moves skipped by SEE pruning in the main search (`see_pruning.*`).
        see_prunes: sum,
        /// Nodes ended by ProbCut (`probcut.*`).
        probcut_cutoffs: sum,
        /// PV nodes searched shallower for want of a hash move (`iir.*`).
        iir_reductions: sum,
        /// Singularity tests of a hash move (`singular.*`).
        singular_tests: sum,
        /// Hash moves found singular and extended by a ply.
        singular_extensions: sum,
        /// Nodes ended by multi-cut: another move beat the singular test's raised beta.
        multi_cuts: sum,
        /// Quiet moves skipped for a poor counter-move history (`continuation.pruning`).
        counter_move_prunes: sum,
        /// Quiet moves skipped for a poor follow-up history (`continuation.pruning`).
        follow_up_prunes: sum,
        /// Quiet moves extended for high counter-move and follow-up histories (`continuation.extension`).
        history_extensions: sum,
        /// Nodes whose evaluation is higher than at the same side's node two plies up, counted while a knob reads it (`late_move_pruning.form = "ethereal_table"`, `continuation.pruning`, `history_updates.eval_difference`).
        improving_nodes: sum,
        /// Nodes whose pruning steps read the table's score in place of the static evaluation (`tt_value_as_eval`).
        tt_value_evals: sum,
        /// Singular extensions of two plies, counted in `singular_extensions` too (`singular.form = "stockfish"`).
        double_extensions: sum,
        /// Hash moves searched two plies shallower: not singular, their table score at or above beta (`singular.form = "stockfish"`).
        negative_extensions: sum,
        /// Nodes in check ended by the table's capture (`probcut.in_check`).
        check_probcut_cutoffs: sum,
        /// Captures skipped by futility pruning (`futility.captures`).
        capture_futility_prunes: sum,
        /// Captures skipped by quiescence's futility and move-count pruning (`quiescence.futility`).
        qsearch_futility_prunes: sum,
        /// Quiet hash moves extended at PV nodes (`extensions.quiet_tt_move`).
        quiet_tt_extensions: sum,
        /// Quiescence nodes ended by a stored bound (`quiescence.tt`).
        qsearch_tt_cutoffs: sum,
        /// Quiescence nodes whose stand pat is the table's score (`quiescence.tt_value_as_eval`).
        qsearch_tt_evals: sum,
        /// Quiet checks skipped in quiescence for poor continuation histories (`quiescence.continuation_pruning`).
        qsearch_continuation_prunes: sum,
        /// Late moves whose reduction Stockfish's statScore changed (`lmr.stat_score`).
        stat_score_adjustments: sum,
        /// Capture history entries learnt, a gain or a loss each (`ordering.capture_history`).
        capture_history_updates: sum,
    }
}
