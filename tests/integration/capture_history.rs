//! Stockfish 88f17a814's capture history (`ordering.capture_history`): it learns, it reorders
//! the captures without changing the root score of a search that prunes nothing, and beside
//! capture futility it gives another tree. The margin's arithmetic (`/ 8`, in centipawns) is
//! the table's unit test; capture futility reads it through one call.

use crate::common::config;

use ablate::search::search;
use ablate::suite::Suite;
use std::path::Path;

/// Work, capture history updates, capture futility skips and root scores over the first
/// eight Bratko-Kopec positions at `depth`.
fn run(sets: &[&str], depth: u32) -> (u64, u64, u64, Vec<i32>) {
    let cfg = config(sets);
    let suite =
        Suite::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/bk.epd")).unwrap();
    let (mut work, mut updates, mut futile, mut scores) = (0, 0, 0, Vec::new());
    for position in suite.positions.iter().take(8) {
        let reports = search(&position.board, depth, &cfg, None).unwrap();
        work += reports.last().unwrap().nodes_cum;
        updates += reports
            .iter()
            .map(|r| r.stats.capture_history_updates)
            .sum::<u64>();
        futile += reports
            .iter()
            .map(|r| r.stats.capture_futility_prunes)
            .sum::<u64>();
        scores.push(reports.last().unwrap().score_cp);
    }
    (work, updates, futile, scores)
}

#[test]
fn it_learns_and_reorders_without_changing_the_root_score() {
    let off = run(&[], 6);
    let on = run(&["ordering.capture_history=true"], 6);
    assert_eq!(off.1, 0, "no updates while off");
    assert!(on.1 > 0, "capture history never learnt");
    assert_ne!(on.0, off.0, "capture history left the order as it was");
    assert_eq!(on.3, off.3, "an ordering knob changed a root score");
}

#[test]
fn beside_capture_futility_it_gives_another_tree_and_other_skips() {
    let base = [
        "null_move.enabled=true",
        "lmr.enabled=true",
        "lmr.reduction=log",
        "futility.captures=true",
    ];
    let without = run(&base, 8);
    let with: Vec<&str> = base
        .iter()
        .copied()
        .chain(["ordering.capture_history=true"])
        .collect();
    let with = run(&with, 8);
    assert!(without.2 > 0 && with.2 > 0, "capture futility never acted");
    assert_ne!(with.0, without.0);
    // The order changes too, so this does not isolate the margin; it shows the two together
    // act, and the skips differ.
    assert_ne!(with.2, without.2, "the margin skipped as many captures");
}

/// Its kind says both: an ordering knob on its own, one that changes the tree with capture
/// futility. So the score-invariance tests search it, and the lint never calls it inert
/// because capture futility is off.
#[test]
fn its_kind_is_ordering_and_tree_with_capture_futility() {
    use ablate::config::knob;
    let own = knob::find("ordering.capture_history").unwrap();
    assert_eq!(own.kind_label(), "ordering; tree with futility.captures");
    assert!(own.depends_on().is_empty());
    assert!(knob::ordering_values()
        .iter()
        .any(|(key, value)| *key == "ordering.capture_history" && value.as_bool() == Some(true)));
    assert!(!own.changes_tree(&config(&["ordering.capture_history=true"])));
    let with = config(&["ordering.capture_history=true", "futility.captures=true"]);
    assert!(own.changes_tree(&with));
}
