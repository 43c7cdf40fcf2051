//! `ablate bench`: the JSON figures and their names, and a node count that agrees with a run.
//! Speeds are never asserted: they are the benchmark's output, not its behaviour.

use crate::common::{ablate, assert_success, ROOT};
use std::path::Path;

/// The default search over bench.epd at depth 1: the bench signature at that depth.
const BENCH_NODES_DEPTH_1: u64 = 29_013_135;

#[test]
fn json_has_the_named_figures_and_the_run_agrees_on_nodes() {
    let out = ablate(
        Path::new(ROOT),
        &[
            "bench",
            "--depth",
            "1",
            "--speedup-depth",
            "1",
            "--full-depth",
            "3",
            "--strongest-depth",
            "3",
            "--json",
        ],
    );
    assert_success(&out);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    for key in [
        "movegen_nps",
        "search_nps",
        "ratio",
        "full_search_nps",
        "full_ratio",
        "strongest_search_nps",
        "strongest_ratio",
        "speedup",
        "peak_rss_kb",
    ] {
        let value = report[key]
            .as_f64()
            .unwrap_or_else(|| panic!("{key} in {report}"));
        assert!(value > 0.0, "{key} = {value}");
    }
    let ratio = report["search_nps"].as_f64().unwrap() / report["movegen_nps"].as_f64().unwrap();
    assert!((report["ratio"].as_f64().unwrap() - ratio).abs() < 1e-9);
    assert_eq!(report["search_nodes"].as_u64(), Some(BENCH_NODES_DEPTH_1));

    // The same search through the main job, from the shipped suite: the same node total.
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("bench1.toml");
    std::fs::write(
        &config,
        format!(
            "name = \"bench1\"\nsuite = \"{}/positions/bench.epd\"\ndepths = [1]\n",
            ROOT
        ),
    )
    .unwrap();
    let csv = dir.path().join("bench1.csv");
    let run = ablate(
        dir.path(),
        &[
            "--config",
            config.to_str().unwrap(),
            "--out",
            csv.to_str().unwrap(),
            "--quiet",
        ],
    );
    assert_success(&run);
    let mut reader = csv::Reader::from_path(&csv).unwrap();
    let column = reader
        .headers()
        .unwrap()
        .iter()
        .position(|h| h == "nodes_cum")
        .unwrap();
    let total: u64 = reader
        .records()
        .map(|r| r.unwrap()[column].parse::<u64>().unwrap())
        .sum();
    assert_eq!(total, BENCH_NODES_DEPTH_1);

    // The pruning search is elo-worth.toml's full: the main job gives the same node total.
    let csv = dir.path().join("full.csv");
    let run = ablate(
        Path::new(ROOT),
        &[
            "--config",
            "elo-worth.toml",
            "--variant",
            "full",
            "--suite",
            "positions/bench.epd",
            "--depths",
            "3",
            "--out",
            csv.to_str().unwrap(),
            "--quiet",
        ],
    );
    assert_success(&run);
    let mut reader = csv::Reader::from_path(&csv).unwrap();
    let column = reader
        .headers()
        .unwrap()
        .iter()
        .position(|h| h == "nodes_cum")
        .unwrap();
    let total: u64 = reader
        .records()
        .map(|r| r.unwrap()[column].parse::<u64>().unwrap())
        .sum();
    assert_eq!(report["full_search_nodes"].as_u64(), Some(total));
}

#[test]
fn depth_zero_is_refused() {
    let out = ablate(Path::new(ROOT), &["bench", "--speedup-depth", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--speedup-depth"));
}
