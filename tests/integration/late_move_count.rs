//! Late-move pruning's count as Ethereal keeps it (`late_move_pruning.count = "seen"`, e755a81
//! `quietsSeen++` before step 11): every quiet move handed out counts, those that counter-move
//! and follow-up pruning then skip included. ablate's count (`"searched"`) counts the quiet
//! moves searched. The two differ exactly where an earlier step skips quiet moves.

use crate::common::config;

use ablate::search::search;
use ablate::suite::Suite;
use std::path::Path;

/// Work and late-move skips over the first eight Bratko-Kopec positions at depth 7.
fn run(sets: &[&str]) -> (u64, u64) {
    let cfg = config(sets);
    let suite =
        Suite::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/bk.epd")).unwrap();
    let (mut work, mut skipped) = (0, 0);
    for position in suite.positions.iter().take(8) {
        let reports = search(&position.board, 7, &cfg, None).unwrap();
        work += reports.last().unwrap().nodes_cum;
        skipped += reports.iter().map(|r| r.stats.lmp_prunes).sum::<u64>();
    }
    (work, skipped)
}

const LMP: [&str; 3] = [
    "late_move_pruning.enabled=true",
    "late_move_pruning.form=\"ethereal_table\"",
    "continuation.enabled=true",
];

fn with(extra: &[&'static str]) -> Vec<&'static str> {
    LMP.iter().chain(extra).copied().collect()
}

#[test]
fn with_no_step_skipping_quiet_moves_first_both_counts_are_one_tree() {
    let searched = run(&with(&[]));
    let seen = run(&with(&["late_move_pruning.count=\"seen\""]));
    assert!(searched.1 > 0, "late-move pruning never acted");
    assert_eq!(searched, seen);
}

#[test]
fn counting_the_moves_counter_move_pruning_skipped_makes_another_tree() {
    let searched = run(&with(&["continuation.pruning=true"]));
    let seen = run(&with(&[
        "continuation.pruning=true",
        "late_move_pruning.count=\"seen\"",
    ]));
    assert_ne!(searched.0, seen.0, "the seen count left the tree as it was");
    assert_ne!(searched.1, seen.1, "the seen count skipped as many moves");
}
