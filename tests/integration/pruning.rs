//! The tree-changing knobs: each one, switched on alone, moves the counts the way it should on
//! a fixed set of positions, counts what it did, and never runs under minimax.

use crate::common::config;

use ablate::config::knob::{self, ScoreCheck};
use ablate::config::search_config::SearchLayer;
use ablate::config::{layer, SearchConfig};
use ablate::search::{search, SearchStats};
use ablate::suite::Suite;
use std::path::Path;

/// The first eight Bratko-Kopec positions at depth 5: total work, summed counters, and scores.
fn run(cfg: &SearchConfig) -> (u64, SearchStats, Vec<i32>) {
    run_at(cfg, 5)
}

/// `run` at `depth`.
fn run_at(cfg: &SearchConfig, depth: u32) -> (u64, SearchStats, Vec<i32>) {
    let suite =
        Suite::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/bk.epd")).unwrap();
    let mut work = 0;
    let mut total = SearchStats::default();
    let mut scores = Vec::new();
    for position in suite.positions.iter().take(8) {
        let reports = search(&position.board, depth, cfg, None).unwrap();
        let last = reports.last().unwrap();
        work += last.nodes_cum;
        for r in &reports {
            for name in SearchStats::NAMES {
                let sum = total.get(name).unwrap() + r.stats.get(name).unwrap();
                total.set(name, sum);
            }
        }
        scores.push(last.score_cp);
    }
    (work, total, scores)
}

#[test]
fn each_pruning_knob_saves_work_and_counts_what_it_did() {
    let (base, base_stats, _) = run(&SearchConfig::default());
    // Every counter declared after seldepth belongs to a pruning, reduction or extension knob.
    let first = SearchStats::NAMES
        .iter()
        .position(|n| *n == "seldepth")
        .unwrap()
        + 1;
    for name in &SearchStats::NAMES[first..] {
        assert_eq!(base_stats.get(name), Some(0), "{name} with every knob off");
    }
    let cases: &[(&[&str], &str)] = &[
        (&["null_move.enabled=true"], "null_cutoffs"),
        (
            &["null_move.enabled=true", "null_move.adaptive=true"],
            "null_cutoffs",
        ),
        (
            &["null_move.enabled=true", "null_move.verify=always"],
            "null_verifications",
        ),
        (
            &["null_move.enabled=true", "null_move.form=ethereal"],
            "null_cutoffs",
        ),
        (&["lmr.enabled=true"], "lmr_reductions"),
        (&["lmr.enabled=true", "lmr.reduction=log"], "lmr_reductions"),
        (&["futility.enabled=true"], "futility_prunes"),
        (&["reverse_futility.enabled=true"], "rfp_cutoffs"),
        (&["razoring.enabled=true"], "razor_cutoffs"),
        (&["late_move_pruning.enabled=true"], "lmp_prunes"),
        // Depth 5 leaves ProbCut the root alone at Ethereal's depth 5: tried from depth 3.
        (
            &["probcut.enabled=true", "probcut.min_depth=3"],
            "probcut_cutoffs",
        ),
        (&["quiescence.delta=true"], "delta_prunes"),
        (&["quiescence.prune=see"], "qnodes"),
        (&["quiescence.prune=losing_mvv"], "qnodes"),
    ];
    for (sets, counter) in cases {
        let (work, stats, _) = run(&config(sets));
        assert!(work < base, "{sets:?}: work {work} is not below {base}");
        if *counter != "qnodes" {
            assert!(stats.get(counter).unwrap() > 0, "{sets:?}: {counter} is 0");
        }
    }
    // Searching more: extensions and quiet checks in quiescence.
    let (work, stats, _) = run(&config(&["extensions.check=true"]));
    assert!(
        work > base && stats.extensions > 0,
        "check extensions: {work} vs {base}"
    );
    // Ethereal's form extends the moves at a node in check, not the move giving check: another
    // tree, and as many extensions as moves searched in check below the root.
    let in_check = [
        "extensions.check=true",
        "extensions.check_form=\"in_check\"",
    ];
    let (ethereal_work, ethereal_stats, _) = run(&config(&in_check));
    assert!(ethereal_work > base && ethereal_stats.extensions > 0);
    assert_ne!(
        ethereal_work, work,
        "in_check extends other moves than gives_check"
    );
    // Singular extensions from depth 3 (Ethereal: 8): some hash moves tested, each extended
    // or ending its node.
    let (_, stats, _) = run(&config(&["singular.enabled=true", "singular.min_depth=3"]));
    assert!(stats.singular_tests > 0, "no singular test");
    assert!(
        stats.singular_extensions + stats.multi_cuts > 0,
        "{} singular tests, none extended or cut",
        stats.singular_tests
    );
    // Stockfish's form at 88f17a814 from depth 3: the node searched without its hash move; one
    // ply, two, none, two fewer, or multi-cut.
    let (_, stats, _) = run(&config(&[
        "singular.enabled=true",
        "singular.form=stockfish",
        "singular.min_depth=3",
        "singular.table_depth_margin=3",
    ]));
    assert!(stats.singular_tests > 0, "no Stockfish singular test");
    assert!(
        stats.singular_extensions > 0 && stats.negative_extensions > 0,
        "{} Stockfish tests: {} extended, {} shortened",
        stats.singular_tests,
        stats.singular_extensions,
        stats.negative_extensions
    );
    assert!(stats.double_extensions <= stats.singular_extensions);
    // Ethereal's table at e755a81 reads `improving`: some nodes improve, not all.
    let (work, stats, _) = run(&config(&[
        "late_move_pruning.enabled=true",
        "late_move_pruning.form=ethereal_table",
    ]));
    assert!(
        work < base && stats.lmp_prunes > 0,
        "ethereal_table: {work}"
    );
    assert!(
        stats.improving_nodes > 0 && stats.improving_nodes < stats.nodes,
        "{} of {} nodes improving",
        stats.improving_nodes,
        stats.nodes
    );
    // Ethereal's counter-move and follow-up pruning reads the continuation tables.
    let pruning = ["continuation.enabled=true", "continuation.pruning=true"];
    let (work, stats, _) = run(&config(&pruning));
    let (ordered, _, _) = run(&config(&pruning[..1]));
    assert!(work < ordered, "continuation pruning: {work} vs {ordered}");
    // Each half alone: Ethereal's steps 11D and 11E, removable one at a time.
    let (_, counter_only, _) = run(&config(&[
        pruning[0],
        pruning[1],
        "continuation.follow_up_pruning=false",
    ]));
    assert!(counter_only.counter_move_prunes > 0 && counter_only.follow_up_prunes == 0);
    // The follow-up history needs longer searches to fall below its limit.
    let (_, follow_up_only, _) = run_at(
        &config(&[
            pruning[0],
            pruning[1],
            "continuation.counter_move_pruning=false",
        ]),
        7,
    );
    assert!(follow_up_only.follow_up_prunes > 0 && follow_up_only.counter_move_prunes == 0);
    assert!(stats.counter_move_prunes > 0, "no counter-move prune");
    // The follow-up rule (limits -2000 and -4000, tested second) needs a deeper search for
    // its entries to fall that far: the Ruy Lopez at depth 8.
    let board = cozy_chess::Board::from_fen(
        "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
        false,
    )
    .unwrap();
    let reports = search(&board, 8, &config(&pruning), None).unwrap();
    let follow_ups: u64 = reports.iter().map(|r| r.stats.follow_up_prunes).sum();
    assert!(follow_ups > 0, "no follow-up prune at depth 8");
    // History in LMR moves the reductions once histories pass ±5,000: at depth 8 too.
    let lmr = ["lmr.enabled=true", "continuation.enabled=true"];
    let nodes = |sets: &[&str]| -> u64 {
        let reports = search(&board, 8, &config(sets), None).unwrap();
        reports.iter().map(|r| r.stats.nodes).sum()
    };
    let with_history = nodes(&[lmr[0], lmr[1], "continuation.lmr=true"]);
    assert_ne!(with_history, nodes(&lmr), "history in LMR changes the tree");
    // The history extension: both histories at 10,000 or more, among the first quiet moves.
    let extension = [lmr[1], "continuation.extension=true"];
    let reports = search(&board, 8, &config(&extension), None).unwrap();
    let extended: u64 = reports.iter().map(|r| r.stats.history_extensions).sum();
    assert!(extended > 0, "no history extension at depth 8");
    // The table's score as the evaluation: reverse futility reads it, and the tree moves.
    let rfp = ["reverse_futility.enabled=true"];
    let (rfp_work, rfp_stats, _) = run(&config(&rfp));
    let (work, stats, _) = run(&config(&[rfp[0], "tt_value_as_eval=true"]));
    assert!(stats.tt_value_evals > 0, "the table's score never stood in");
    assert_ne!(work, rfp_work, "the table's score changes the tree");
    assert_eq!(rfp_stats.tt_value_evals, 0);
    // Only reverse futility and null move read it (Stockfish 88f17a814 steps 7 and 8):
    // razoring, futility and ProbCut read the evaluation function, so without those two the
    // tree is the one without the table's score.
    let others = [
        "razoring.enabled=true",
        "futility.enabled=true",
        "probcut.enabled=true",
        "probcut.min_depth=3",
    ];
    let mut with_value = others.to_vec();
    with_value.push("tt_value_as_eval=true");
    let (without, _, _) = run(&config(&others));
    let (work, stats, _) = run(&config(&with_value));
    assert_eq!(
        work, without,
        "a step other than reverse futility and null move read it"
    );
    assert_eq!(stats.tt_value_evals, 0);
    let (work, _, _) = run(&config(&["quiescence.checks=2"]));
    assert!(work > base, "quiescence checks: {work} vs {base}");
    // SEE ordering is pure ordering: another tree, the same scores.
    let off = config(&["tt=off"]);
    let (plain, _, scores) = run(&off);
    let (see, _, see_scores) = run(&config(&["tt=off", "ordering.captures=see"]));
    assert_ne!(see, plain, "SEE ordering changes the tree");
    assert_eq!(see_scores, scores, "and never the score");
}

/// Stockfish's adjustments of LMR at 88f17a814 (`lmr_adjust.rs`) and IIR's cut-node rule each
/// move the tree. Depth 10, where the range reduction (from depth 8) and the cut-node rule (from depth
/// 9) can act.
#[test]
fn stockfish_lmr_adjustments_and_iir_cut_nodes_each_act() {
    let base = [
        "lmr.enabled=true",
        "lmr.reduction=log",
        "null_move.enabled=true",
        "iir.enabled=true",
    ];
    let with = |extra: &str| {
        let mut sets = base.to_vec();
        sets.push(extra);
        run_at(&config(&sets), 10)
    };
    let (work, _, _) = run_at(&config(&base), 10);
    // Reducing less need not search more (a better order below may cut sooner), so only the
    // strong ones are held to a direction; each must move the tree.
    for (knob, direction) in [
        ("lmr.pv_node=true", Some(true)),
        ("lmr.tt_pv=true", Some(true)),
        ("lmr.opponent_moves=true", None),
        ("lmr.cut_node=true", None),
        ("lmr.tt_capture=true", Some(false)),
        ("lmr.range=true", Some(false)),
    ] {
        let (adjusted, _, _) = with(knob);
        let moved = match direction {
            Some(true) => adjusted > work,
            Some(false) => adjusted < work,
            None => adjusted != work,
        };
        assert!(moved, "{knob}: {adjusted} against {work}");
    }
    // The cut-node rule acts from depth 9 at a node the table knows nothing of: deeper than
    // the suite's searches reach such nodes, so Kiwipete at depth 12.
    let kiwipete = cozy_chess::Board::from_fen(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        false,
    )
    .unwrap();
    let reductions = |sets: &[&str]| {
        let reports = search(&kiwipete, 12, &config(sets), None).unwrap();
        reports.iter().map(|r| r.stats.iir_reductions).sum::<u64>()
    };
    let mut cut_nodes = base.to_vec();
    cut_nodes.push("iir.cut_nodes=true");
    let (plain, cut) = (reductions(&base), reductions(&cut_nodes));
    assert!(
        cut > plain,
        "iir.cut_nodes: {cut} reductions against {plain}"
    );
}

/// Stockfish's further forms at 88f17a814, each switched on over a search with the steps they
/// live beside, act and count what they did.
#[test]
fn stockfish_forms_act_and_count() {
    let base = [
        "null_move.enabled=true",
        "lmr.enabled=true",
        "lmr.reduction=log",
        "continuation.enabled=true",
    ];
    let (work, _, _) = run_at(&config(&base), 8);
    for (knob, counter) in [
        ("probcut.in_check=true", "check_probcut_cutoffs"),
        ("futility.captures=true", "capture_futility_prunes"),
        ("quiescence.futility=true", "qsearch_futility_prunes"),
    ] {
        let mut sets = base.to_vec();
        sets.push(knob);
        let (changed, stats, _) = run_at(&config(&sets), 8);
        assert!(stats.get(counter).unwrap() > 0, "{knob}: {counter} is 0");
        assert_ne!(changed, work, "{knob} left the tree as it was");
    }
    // Stockfish's continuation-history pruning in quiescence: it skips quiet checks, which
    // quiescence searches only with quiescence.checks.
    let mut checks = base.to_vec();
    checks.push("quiescence.checks=1");
    let (with_checks, _, _) = run_at(&config(&checks), 8);
    checks.push("quiescence.continuation_pruning=true");
    let (pruned, stats, _) = run_at(&config(&checks), 8);
    assert!(
        stats.qsearch_continuation_prunes > 0 && pruned != with_checks,
        "quiescence.continuation_pruning: {stats:?}"
    );
    // Stockfish's table in quiescence, and its score as the stand pat there.
    let mut table = base.to_vec();
    table.push("quiescence.tt=true");
    let (with_table, stats, _) = run_at(&config(&table), 8);
    assert!(
        stats.qsearch_tt_cutoffs > 0 && with_table != work,
        "quiescence.tt: {stats:?}"
    );
    table.push("quiescence.tt_value_as_eval=true");
    let (as_eval, stats, _) = run_at(&config(&table), 8);
    assert!(
        stats.qsearch_tt_evals > 0 && as_eval != with_table,
        "quiescence.tt_value_as_eval"
    );
    // The quiet hash-move extension needs a PV node whose hash move is also the first killer
    // and has a high counter-move history: rare, so strength.toml's strongest_2008 with
    // continuation history, on Kiwipete at depth 11.
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/strength.toml");
    let experiment = ablate::config::experiment::Experiment::load(&file).unwrap();
    let mut strongest = experiment
        .resolve(&[])
        .unwrap()
        .into_iter()
        .find(|v| v.name == "strongest_2008")
        .unwrap()
        .config;
    strongest.continuation.enabled = true;
    strongest.extensions.quiet_tt_move = true;
    let kiwipete = cozy_chess::Board::from_fen(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        false,
    )
    .unwrap();
    let reports = search(&kiwipete, 11, &strongest, None).unwrap();
    let extended: u64 = reports.iter().map(|r| r.stats.quiet_tt_extensions).sum();
    assert!(extended > 0, "no quiet hash move extended");
}

/// Stockfish's further history updates (`history_updates.*`) each change the move order, and
/// so the tree, of a search that orders by continuation history and cuts on the table.
#[test]
fn stockfish_history_updates_each_change_the_order() {
    let base = [
        "continuation.enabled=true",
        "lmr.enabled=true",
        "null_move.enabled=true",
    ];
    let (work, _, _) = run_at(&config(&base), 7);
    for knob in [
        "history_updates.tt_bonus=true",
        "history_updates.tt_penalty=true",
        "history_updates.prior_penalty=true",
        "history_updates.eval_difference=true",
    ] {
        let mut sets = base.to_vec();
        sets.push(knob);
        let (changed, _, _) = run_at(&config(&sets), 7);
        assert_ne!(changed, work, "{knob} left the tree as it was");
    }
}

#[test]
fn a_reduced_move_that_beats_alpha_is_searched_again() {
    for pvs in ["pvs=true", "pvs=false"] {
        let (_, stats, _) = run(&config(&["lmr.enabled=true", pvs]));
        assert!(stats.lmr_researches > 0, "{pvs}: no re-search");
        assert!(stats.lmr_researches <= stats.lmr_reductions, "{pvs}");
    }
    // History pruning reduces fewer moves: only those with a poor success rate.
    let (_, all, _) = run(&config(&["lmr.enabled=true"]));
    let (_, picky, _) = run(&config(&["lmr.enabled=true", "lmr.history_threshold=60"]));
    assert!(picky.lmr_reductions < all.lmr_reductions);
}

#[test]
fn a_knob_on_but_never_applicable_changes_nothing() {
    // Reductions from depth 64 on, null move from depth 64: never at depth 5, so the search is
    // the default one, count for count and score for score.
    let base = run(&SearchConfig::default());
    for sets in [
        &["lmr.enabled=true", "lmr.min_depth=64"][..],
        &["null_move.enabled=true", "null_move.min_depth=64"][..],
        &[
            "reverse_futility.enabled=true",
            "reverse_futility.margin=100000",
        ][..],
    ] {
        let (work, mut stats, scores) = run(&config(sets));
        stats.null_tries = 0;
        assert_eq!((work, stats, scores), base, "{sets:?}");
    }
}

#[test]
fn window_knobs_are_refused_under_minimax() {
    let minimax = [
        "alphabeta=false",
        "pvs=false",
        "aspiration.enabled=false",
        "tt=off",
    ];
    for knob in ["null_move.enabled=true", "lmr.enabled=true"] {
        let sets: Vec<String> = minimax
            .iter()
            .chain([&knob])
            .map(|s| s.to_string())
            .collect();
        let layer = SearchLayer::from_sets(&sets).unwrap();
        let e = layer::resolve(&[&layer]).unwrap_err();
        assert!(e.contains(&knob.replace("=", " = ")), "{e}");
    }
}

#[test]
fn the_score_check_knows_which_knobs_change_the_tree() {
    let off = config(&["tt=off"]);
    for knob in [
        "null_move.enabled=true",
        "lmr.enabled=true",
        "futility.enabled=true",
        "quiescence.prune=see",
        "extensions.check=true",
        "quiescence.checks=1",
    ] {
        assert_eq!(
            knob::score_check(&off, &config(&["tt=off", knob])),
            ScoreCheck::None,
            "{knob}"
        );
    }
    // Sub-knobs of a heuristic that is off are inert; SEE ordering is pure ordering.
    for knob in [
        "null_move.reduction=2",
        "lmr.reduction=log",
        "ordering.captures=see",
    ] {
        assert_eq!(
            knob::score_check(&off, &config(&["tt=off", knob])),
            ScoreCheck::Exact,
            "{knob}"
        );
    }
}

#[test]
fn config_explain_lists_every_new_knob_with_its_kind() {
    let text = ablate::commands::config::explain();
    for (key, kind) in [
        ("null_move.enabled = false", "tree when true"),
        (
            "null_move.verify = \"never\"",
            "tree when null_move.enabled",
        ),
        ("lmr.reduction = \"one\"", "tree when lmr.enabled"),
        (
            "futility.margins = [100, 300, 500]",
            "tree when futility.enabled",
        ),
        (
            "reverse_futility.margin = 120",
            "tree when reverse_futility.enabled",
        ),
        ("razoring.margin = 300", "tree when razoring.enabled"),
        (
            "late_move_pruning.counts = [5, 8, 13]",
            "tree when late_move_pruning.enabled",
        ),
        (
            "quiescence.delta_margin = 200",
            "tree when quiescence.delta",
        ),
        ("quiescence.checks = 0", "tree when above 0"),
        ("quiescence.prune = \"none\"", "tree when not \"none\""),
        ("extensions.check = false", "tree when true"),
        // Issue 40's steps: ProbCut, IIR, singular extension, continuation history (ordering
        // and pruning), history in LMR, the table's value as the evaluation, and the rest.
        ("probcut.enabled = false", "tree when true"),
        ("probcut.in_check = false", "tree when true"),
        (
            "quiescence.continuation_pruning = false",
            "tree when quiescence.checks above 0 and continuation.enabled",
        ),
        ("iir.enabled = false", "tree when true"),
        ("iir.cut_nodes = false", "tree when iir.enabled"),
        ("singular.enabled = false", "tree when true"),
        ("singular.form = \"ethereal\"", "tree when singular.enabled"),
        ("continuation.enabled = false", "ordering"),
        (
            "continuation.pruning = false",
            "tree when continuation.enabled",
        ),
        (
            "continuation.lmr = false",
            "tree when continuation.enabled and lmr.enabled",
        ),
        ("lmr.tt_pv = false", "tree when lmr.enabled"),
        ("lmr.cut_node = false", "tree when lmr.enabled"),
        ("tt_value_as_eval = false", "tree when tt"),
        ("history_updates.tt_bonus = false", "ordering"),
        ("history_updates.eval_difference = false", "ordering"),
        ("futility.captures = false", "tree when true"),
        (
            "extensions.quiet_tt_move = false",
            "tree when continuation.enabled",
        ),
        ("quiescence.futility = false", "tree when true"),
        // It needs the full table, as its closure always did and its label did not say.
        ("quiescence.tt = false", "tree when tt = \"full\""),
        (
            "quiescence.tt_value_as_eval = false",
            "tree when quiescence.tt",
        ),
    ] {
        let line = text
            .lines()
            .find(|l| l.starts_with(key))
            .unwrap_or_else(|| panic!("{key} missing"));
        assert!(line.contains(kind), "{line}");
    }
    assert!(text.contains("| see"), "ordering.captures lists see");
    assert!(text.contains("none | losing_mvv | see"));
}

/// Fruit's null-move guard acts only from `eval_guard_min_depth` on: above the depths searched
/// it never acts (the same tree as no guard), and from depth 1 it is the guard at every depth.
#[test]
fn the_null_move_guard_acts_from_its_depth() {
    let null = ["null_move.enabled=true"];
    let (plain, _, _) = run(&config(&null));
    let guarded = |min_depth: &str| {
        let min = format!("null_move.eval_guard_min_depth={min_depth}");
        run(&config(&[null[0], "null_move.eval_guard=true", &min])).0
    };
    assert_eq!(guarded("6"), plain, "at depth 5, a guard from 6 never acts");
    let everywhere = guarded("1");
    assert_ne!(everywhere, plain, "a guard at every depth moves the tree");
    // Only the root stands at depth 5 here, and it is a PV node: a guard from 4 is the
    // shallow form of Fruit's (from 5).
    let deep_only = guarded("4");
    assert!(
        deep_only != everywhere && deep_only != plain,
        "a guard from depth 4: {deep_only}"
    );
}
