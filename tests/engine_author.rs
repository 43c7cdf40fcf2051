//! What an engine author still missed or tripped on (issue 79), each with its test: a first
//! look at a fixed depth that measures the wrong thing, engines on the command line, PGN
//! opening books, and the traps: PATH building the crate again, reports left beside games moved
//! aside, crashed games in a design's fit, a misspelt engine, the README's first output, and
//! declared runs without games started by default. (Intervals that do not exist are
//! `matches::summary`'s unit test.)

mod common;

use common::{ablate, assert_success, ROOT};
use std::path::Path;

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Changing PATH (as `cargo install` asks users to) no longer builds ablate again: the build
/// script's own output, which cargo reads to decide when to run it again, names no PATH.
#[test]
fn a_change_to_path_does_not_build_ablate_again() {
    // OUT_DIR is the build script's folder; cargo keeps what the script printed beside it.
    let output = Path::new(env!("OUT_DIR")).with_file_name("output");
    let printed =
        std::fs::read_to_string(&output).unwrap_or_else(|e| panic!("{}: {e}", output.display()));
    let watched: Vec<&str> = printed
        .lines()
        .filter_map(|l| l.strip_prefix("cargo::rerun-if-env-changed="))
        .collect();
    assert!(!watched.is_empty(), "{printed}");
    assert!(
        !watched.contains(&"PATH"),
        "the build runs again whenever PATH changes: {watched:?}"
    );
}

/// A misspelt engine gets the nearest program's name.
#[test]
#[cfg_attr(
    missing_stockfish,
    ignore = "needs Stockfish (apt-get install stockfish)"
)]
fn a_misspelt_engine_is_told_the_program_it_meant() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_positions(dir.path());
    std::fs::write(
        dir.path().join("sf.toml"),
        "name = \"sf\"\nbaseline = \"sf\"\n[variants.sf]\nengine = \"stockfsih\"\n[variants.ablate]\n",
    )
    .unwrap();
    let out = ablate(
        dir.path(),
        &["match", "-c", "sf.toml", "--games", "2", "--depth", "1"],
    );
    assert_ne!(out.status.code(), Some(0));
    let err = stderr(&out);
    assert!(
        err.contains("\"stockfsih\" is not on PATH nor in /usr/games; did you mean \"stockfish\"?"),
        "{err}"
    );
    // Nothing near: no suggestion.
    std::fs::write(
        dir.path().join("sf.toml"),
        "name = \"sf\"\nbaseline = \"sf\"\n[variants.sf]\nengine = \"qqqqqqqqqqq\"\n[variants.ablate]\n",
    )
    .unwrap();
    let out = ablate(
        dir.path(),
        &["match", "-c", "sf.toml", "--games", "2", "--depth", "1"],
    );
    let err = stderr(&out);
    assert!(
        err.contains("install it or give its full path") && !err.contains("did you mean"),
        "{err}"
    );
}

/// The README's first command: its output line says what a job is, and the README shows and
/// explains that output (the jobs, and `all` at twice the baseline's work at depth 1).
#[test]
fn the_readme_explains_the_first_output() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_these_positions(dir.path(), &["startpos.epd"]);
    std::fs::create_dir_all(dir.path().join("configs")).unwrap();
    std::fs::copy(
        Path::new(ROOT).join("configs/killers.toml"),
        dir.path().join("configs/killers.toml"),
    )
    .unwrap();
    let out = ablate(dir.path(), &["--config", "killers.toml", "--depths", "1,2"]);
    assert_success(&out);
    let wrote = "wrote results/runs/killers.csv: 4 jobs run, 0 resumed (a job is one variant on one position, searched at every depth)";
    assert!(stdout(&out).contains(wrote), "{}", stdout(&out));
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    assert!(readme.contains(wrote), "the README quotes it");
    assert!(
        readme.contains("A job is what one") && readme.contains("aspiration"),
        "the README says what a job is, and why `all` costs twice the baseline at depth 1"
    );
    // `all` at depth 1 is twice the baseline's work in the committed run, and the README says why.
    let rows =
        ablate::records::read_rows(&Path::new(ROOT).join("results/killers/killers.csv")).unwrap();
    let work = |variant: &str| {
        let r = rows
            .iter()
            .find(|r| r.variant == variant && r.depth == 1)
            .unwrap();
        r.nodes_cum
    };
    let ratio = work("all") as f64 / work("plain") as f64;
    assert!((ratio - 2.0).abs() < 0.005, "{ratio}");
    assert!(readme.contains("2.00"), "the README shows the ratio");
}
