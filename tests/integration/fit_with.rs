//! A run whose precision target is checked on one fit of its games and another run's
//! (`fit_with`): the same design and limit, the points against the corner in one run and against
//! an anchor in the other. The run stops sooner than it would alone, where the joined report
//! (`ablate report OUT --with F`) meets the target; and what cannot be joined is refused, with
//! the file and why.

use crate::common::{ablate, assert_success};
use ablate::matches::games_csv::read_games;
use std::path::Path;

/// Three removals in a full factorial (8 points) at 300 nodes: 30 pairs of every point against
/// the baseline (the corner); then every point against the anchor `no_lmr`, to a precision,
/// with the corner's games fitted beside (`joined`) or not (`alone`).
const DESIGN: &str = "name = \"tiny\"\nsuite = \"positions/bk.epd\"\ndepths = [1]\n\
[search]\nname = \"base\"\ntt_mb = 1\nnull_move.enabled = true\nlmr.enabled = true\nfutility.enabled = true\n\
[design]\nfraction = \"full\"\nmodel = \"saturated\"\n[design.factors]\n\
no_null_move = { \"null_move.enabled\" = false }\n\
no_lmr = { \"lmr.enabled\" = false }\n\
no_futility = { \"futility.enabled\" = false }\n\
[runs.corner]\ndesign = true\nnodes = 300\ngames = 60\nout = \"out/corner.games.csv\"\n\
[runs.joined]\ndesign = true\nopponents = [\"no_lmr\"]\nnodes = 300\ngames = 400\nprecision = 40\n\
fit_with = \"out/corner.games.csv\"\nout = \"out/joined.games.csv\"\n\
[runs.alone]\ndesign = true\nopponents = [\"no_lmr\"]\nnodes = 300\ngames = 400\nprecision = 40\n\
out = \"out/alone.games.csv\"\n\
[runs.other-limit]\ndesign = true\nopponents = [\"no_lmr\"]\nnodes = 400\ngames = 400\nprecision = 40\n\
fit_with = \"out/corner.games.csv\"\nout = \"out/other.games.csv\"\n\
[runs.itself]\ndesign = true\nnodes = 300\ngames = 400\nprecision = 40\n\
fit_with = \"out/corner.games.csv\"\nout = \"out/itself.games.csv\"\n";

fn play(dir: &Path, run: &str) -> std::process::Output {
    let args = ["match", "--config", "tiny.toml", "--run", run, "--quiet"];
    ablate(dir, &[&args[..], &["--jobs", "2"]].concat())
}

fn rounds(csv: &Path) -> usize {
    read_games(csv)
        .unwrap()
        .iter()
        .map(|r| r.pair)
        .max()
        .unwrap()
        + 1
}

/// The worst half-width a report prints.
fn worst(report: &std::process::Output) -> f64 {
    let text = String::from_utf8_lossy(&report.stdout);
    text.split("worst half-width ±")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no worst half-width in {text}"))
}

#[test]
fn a_run_fitted_with_another_stops_where_the_joined_report_meets_its_target() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    crate::common::copy_positions(d);
    std::fs::write(d.join("tiny.toml"), DESIGN).unwrap();
    assert_success(&play(d, "corner"));
    assert_success(&play(d, "joined"));
    assert_success(&play(d, "alone"));
    let (joined, alone) = (
        rounds(&d.join("out/joined.games.csv")),
        rounds(&d.join("out/alone.games.csv")),
    );
    // The corner's 30 pairs a point are information the run alone does not have.
    assert!(joined < alone, "joined {joined} rounds, alone {alone}");
    // The stop is the joined report's: its worst half-width meets the target.
    let report = ablate(
        d,
        &[
            "report",
            "out/joined.games.csv",
            "--with",
            "out/corner.games.csv",
        ],
    );
    assert_success(&report);
    assert!(
        worst(&report) <= 40.0,
        "{}",
        String::from_utf8_lossy(&report.stdout)
    );
    assert!(d.join("out/joined+corner.games.md").exists());
    // Its games are in the runs' own PGNs, not copied into a third.
    assert!(!d.join("out/joined+corner.games.pgn").exists());
    // The joined report's name stands for its parts: as the report's file, and as either side
    // of a ratio (the joined fit over the corner's games alone), its opponents named apart.
    let by_name = ablate(d, &["report", "out/joined+corner.games.csv"]);
    assert_success(&by_name);
    assert_eq!(worst(&by_name), worst(&report));
    let ratio = ablate(
        d,
        &[
            "report",
            "out/joined+corner.games.csv",
            "--reference",
            "out/corner.games.csv",
        ],
    );
    assert_success(&ratio);
    let text = String::from_utf8_lossy(&ratio.stdout);
    assert!(text.contains("against base and no_lmr"), "{text}");
    assert!(
        d.join("out/joined+corner.games.vs-corner.md").exists(),
        "{text}"
    );
    // A quick form at another limit is another match: it plays without the declared run's
    // games beside it, rather than refusing them.
    let quick = ablate(
        d,
        &[
            "match",
            "--config",
            "tiny.toml",
            "--run",
            "joined",
            "--games",
            "2",
            "--nodes",
            "200",
            "--quiet",
        ],
    );
    assert_success(&quick);
    // Resumed, the finished run finds its stop again and plays nothing.
    let again = play(d, "joined");
    assert_success(&again);
    assert!(String::from_utf8_lossy(&again.stdout).contains("0 games played"));
}

#[test]
fn what_cannot_be_fitted_together_is_refused_before_any_game() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    crate::common::copy_positions(d);
    std::fs::write(d.join("tiny.toml"), DESIGN).unwrap();
    // A file that is not there yet.
    let missing = play(d, "joined");
    assert!(!missing.status.success());
    let text = String::from_utf8_lossy(&missing.stderr);
    assert!(text.contains("fit_with: out/corner.games.csv"), "{text}");
    assert!(
        !d.join("out/joined.games.csv").exists() || rounds(&d.join("out/joined.games.csv")) == 0
    );
    assert_success(&play(d, "corner"));
    // Another limit.
    let other = play(d, "other-limit");
    assert!(!other.status.success());
    let text = String::from_utf8_lossy(&other.stderr);
    assert!(
        text.contains("out/corner.games.csv: the limit differs from this match (tiny.toml)'s"),
        "{text}"
    );
    // The same pairings as its own.
    let itself = play(d, "itself");
    assert!(!itself.status.success());
    let text = String::from_utf8_lossy(&itself.stderr);
    assert!(text.contains("is this match's own too"), "{text}");
    // Without a precision target it has nothing to do.
    let bare = ablate(
        d,
        &[
            "match",
            "--config",
            "tiny.toml",
            "--run",
            "corner",
            "--fit-with",
            "out/alone.games.csv",
            "--quiet",
        ],
    );
    assert!(!bare.status.success());
    let text = String::from_utf8_lossy(&bare.stderr);
    assert!(
        text.contains("--fit-with") && text.contains("expected --precision"),
        "{text}"
    );
    // Not a games file.
    std::fs::write(
        d.join("bad.toml"),
        DESIGN.replace(
            "fit_with = \"out/corner.games.csv\"\nout = \"out/joined",
            "fit_with = \"out/corner.csv\"\nout = \"out/joined",
        ),
    )
    .unwrap();
    let bad = ablate(
        d,
        &[
            "match", "--config", "bad.toml", "--run", "joined", "--quiet",
        ],
    );
    assert!(!bad.status.success());
    let text = String::from_utf8_lossy(&bad.stderr);
    assert!(
        text.contains("\"out/corner.csv\"; expected another run's games file"),
        "{text}"
    );
}
