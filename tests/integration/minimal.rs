//! The minimal tree on real positions: it belongs to the position and the definition, not to
//! the ordering; no search without table cutoffs visits fewer nodes; the oracle is above it.

use ablate::search::minimal::{chess_minimal_tree, oracle_nodes};
use ablate::search::search;
use ablate::suite::Suite;
use std::path::Path;

#[test]
fn the_minimal_tree_bounds_every_ordering_from_below() {
    let suite =
        Suite::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/bk.epd")).unwrap();
    // Pure-ordering variants without table cutoffs, from plain to the full set.
    let variants = [
        config(&[
            "tt=off",
            "pvs=false",
            "aspiration.enabled=false",
            "ordering.captures=none",
            "ordering.killers=0",
            "ordering.history=false",
            "quiescence.ordering=none",
        ]),
        config(&["tt=off"]),
        config(&["tt=move"]),
        config(&[
            "tt=move",
            "ordering.captures=see",
            "iterative_deepening=false",
        ]),
        config(&[
            "tt=off",
            "pvs=false",
            "ordering.killers=4",
            "ordering.history_scope=all_remaining",
        ]),
    ];
    for position in suite.positions.iter().take(6) {
        for depth in 1..=3 {
            let minimal: Vec<u64> = variants
                .iter()
                .map(|v| {
                    chess_minimal_tree(&position.board, depth, v)
                        .expect("the walk agrees with the search")
                        .nodes
                })
                .collect();
            assert!(
                minimal.windows(2).all(|w| w[0] == w[1]),
                "{} d{depth}: {minimal:?}",
                position.id
            );
            for v in &variants {
                let nodes = search(&position.board, depth, v, None)
                    .unwrap()
                    .last()
                    .unwrap()
                    .stats
                    .nodes;
                assert!(
                    nodes >= minimal[0],
                    "{} d{depth}: {nodes} < minimal {}",
                    position.id,
                    minimal[0]
                );
                let oracle = oracle_nodes(&position.board, depth, v);
                assert!(
                    oracle >= minimal[0],
                    "{} d{depth}: oracle {oracle} < minimal {}",
                    position.id,
                    minimal[0]
                );
            }
        }
    }
}

use crate::common::{ablate, assert_success, config, ROOT};

#[test]
fn minimal_columns_are_deterministic_and_deep_exact_runs_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("m.toml"),
        format!(
            "suite = \"{ROOT}/positions/bk.epd\"\ndepths = [2, 3]\nlimit = 3\nminimal = \"exact\"\n\
             [search]\ntt = \"off\"\n[variants.plain]\nordering.killers = 0\n"
        ),
    )
    .unwrap();
    let columns = |file: &str| -> Vec<String> {
        let text = std::fs::read_to_string(dir.path().join(file)).unwrap();
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next().unwrap().split(',').collect();
        let keep: Vec<usize> = [
            "variant",
            "position",
            "depth",
            "nodes",
            "minimal_nodes",
            "oracle_nodes",
            "fullwidth_leaves",
        ]
        .iter()
        .map(|c| header.iter().position(|h| h == c).unwrap())
        .collect();
        lines
            .map(|l| {
                let cells: Vec<&str> = l.split(',').collect();
                keep.iter().map(|&i| cells[i]).collect::<Vec<_>>().join(",")
            })
            .collect()
    };
    assert_success(&ablate(
        dir.path(),
        &[
            "--config", "m.toml", "--jobs", "1", "--out", "one.csv", "-q",
        ],
    ));
    assert_success(&ablate(
        dir.path(),
        &[
            "--config", "m.toml", "--jobs", "2", "--out", "two.csv", "-q",
        ],
    ));
    let one = columns("one.csv");
    assert_eq!(one, columns("two.csv"));
    assert!(
        one.iter().all(|l| !l.contains(",,")),
        "every row has its figures: {one:?}"
    );
    // The same position, depth and definition: the same minimal tree for both variants.
    let minimal = |variant: &str| -> Vec<String> {
        one.iter()
            .filter(|l| l.starts_with(&format!("{variant},")))
            .map(|l| l.split(',').nth(4).unwrap().to_string())
            .collect()
    };
    assert_eq!(minimal("baseline"), minimal("plain"));
    let deep = ablate(dir.path(), &["--config", "m.toml", "--depths", "5", "-q"]);
    assert_eq!(deep.status.code(), Some(2));
    let err = String::from_utf8_lossy(&deep.stderr);
    assert!(
        err.contains("minimal = \"exact\" at depth 5")
            && err.contains("minimal_max_depth = 5 to force it"),
        "{err}"
    );
    // Oracle only: any depth.
    assert_success(&ablate(
        dir.path(),
        &[
            "--config",
            "m.toml",
            "--depths",
            "5",
            "--minimal",
            "oracle",
            "-q",
            "--limit",
            "1",
        ],
    ));
}

#[test]
fn quiescence_extras_are_part_of_the_definition() {
    // Quiet checks change these two WAC positions' depth-2 values (55 against 65, -85 against
    // -80); the walk must value its leaves the same way, or it would disagree with the search's
    // root value and give no tree at all.
    for fen in [
        "5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - -",
        "7k/pp4np/2p3p1/3pN1q1/3P4/Q7/1r3rPP/2R2RK1 w - -",
    ] {
        let (board, _) = ablate::suite::fen::parse_fen(fen).unwrap();
        for sets in [
            &["tt=off", "quiescence.checks=2"][..],
            &["tt=off", "quiescence.delta=true"][..],
        ] {
            let tree = chess_minimal_tree(&board, 2, &config(sets));
            assert!(tree.is_some(), "{sets:?} {fen}");
        }
    }
}
