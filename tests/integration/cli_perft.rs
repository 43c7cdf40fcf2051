//! The `ablate perft` command end to end: exit codes and located errors.

use std::process::Command;

fn ablate(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ablate"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("ablate runs")
}

fn write_temp(name: &str, text: &str) -> std::path::PathBuf {
    let dir = tempfile::tempdir().unwrap().keep();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn perft_suite_matches_at_depth_3() {
    let out = ablate(&["perft", "positions/perft.epd", "--depth", "3"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("396 of 396 counts match"), "{stdout}");
    assert!(stdout.contains("perftsuite.051"));
}

#[test]
fn wrong_count_is_a_failed_check() {
    let path = write_temp(
        "wrong.epd",
        "4k3/8/8/8/8/8/8/4K2R w K - D1 14; id \"wrong\";\n",
    );
    let out = ablate(&["perft", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("MISMATCH"));
}

#[test]
fn garbage_second_line_names_file_and_line() {
    let path = write_temp(
        "garbage.epd",
        "4k3/8/8/8/8/8/8/4K2R w K - D1 15;\nthis is garbage\n",
    );
    let out = ablate(&["perft", path.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr.contains(&format!(
            "{}:2: \"this\" is not a FEN board",
            path.display()
        )),
        "{stderr}"
    );
}

#[test]
fn illegal_bm_names_file_and_line() {
    let path = write_temp(
        "illegal.epd",
        "4k3/8/8/8/8/8/8/4K2R w K - D1 15;\n1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qa8; id \"x\";\n",
    );
    let out = ablate(&["perft", path.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr.contains(&format!(
            "{}:2: bm \"Qa8\": not a legal move here",
            path.display()
        )),
        "{stderr}"
    );
}

#[test]
fn depth_zero_is_rejected() {
    let out = ablate(&["perft", "positions/perft.epd", "--depth", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected a depth of at least 1"));
}

#[test]
fn every_shipped_suite_parses() {
    for suite in [
        "bk", "wac", "wac300", "kaufman", "eret", "sts", "bench", "perft", "startpos",
    ] {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("positions/{suite}.epd"));
        let loaded = ablate::suite::Suite::load(&path).unwrap_or_else(|e| panic!("{e}"));
        assert!(!loaded.positions.is_empty());
    }
}

#[test]
fn search_rejects_bad_input_with_exit_2() {
    for (args, expected) in [
        (
            vec!["search", "--fen", "8/8/8 w - -", "--depth", "3"],
            "--fen: board \"8/8/8\"",
        ),
        (
            vec!["search", "--fen", "startpos", "--depth", "0"],
            "--depth: 0; expected a depth from 1 to 64",
        ),
        (
            vec![
                "search",
                "--fen",
                "startpos",
                "--depth",
                "2",
                "--set",
                "ordering.killer=2",
            ],
            "--set: unknown key \"ordering.killer\"; did you mean \"ordering.killers\"?",
        ),
        (
            vec![
                "search",
                "--fen",
                "startpos",
                "--depth",
                "2",
                "--set",
                "eval=psqt",
            ],
            "key \"eval.kind\" = \"psqt\": expected one of \"material\", \"pst\", \"tapered\", \"nnue\"; did you mean \"pst\"?",
        ),
        (
            vec![
                "search",
                "--fen",
                "startpos",
                "--depth",
                "2",
                "--config",
                "killers.toml",
                "--variant",
                "killer",
            ],
            "no variant \"killer\"; did you mean \"killers\"?",
        ),
    ] {
        let out = ablate(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(expected),
            "{args:?}\nexpected: {expected}\ngot: {err}"
        );
    }
}

#[test]
fn search_prints_one_row_per_iteration() {
    let out = ablate(&[
        "search", "--fen", "startpos", "--depth", "4", "--format", "csv",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with(
        "depth,score_cp,mate,nodes,qnodes,leaves,nodes_cum,time_ms,nps,best_move,pv,"
    ));
    assert_eq!(lines.len(), 5);
    let fixed = ablate(&[
        "search",
        "--fen",
        "startpos",
        "--depth",
        "4",
        "--format",
        "json",
        "--set",
        "iterative_deepening=false",
    ]);
    let rows: serde_json::Value = serde_json::from_slice(&fixed.stdout).unwrap();
    assert_eq!(
        rows.as_array().unwrap().len(),
        1,
        "without iterative deepening only depth N"
    );
}

#[test]
fn a_closed_pipe_ends_quietly_without_a_panic() {
    // `ablate config --explain | head -1`: the reader leaves after one line.
    let mut child = Command::new(env!("CARGO_BIN_EXE_ablate"))
        .args(["config", "--explain"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("panicked"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
