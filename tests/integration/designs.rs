//! Designed experiments end to end: a `[design]` run that stops at its precision on whole
//! rounds, the same file for any --jobs, a finished run that plays and rewrites nothing, its
//! report's files; and each kind of bad design refused with its file and what was wrong.

use crate::common::{ablate, assert_success};
use ablate::matches::games_csv::read_games;
use std::path::Path;

/// Three removals in a full factorial (8 points), each playing the baseline at 300 nodes.
const DESIGN: &str = "name = \"tiny\"\nsuite = \"positions/bk.epd\"\ndepths = [1]\n\
[search]\nname = \"base\"\ntt_mb = 1\nnull_move.enabled = true\nlmr.enabled = true\nfutility.enabled = true\n\
[design]\nfraction = \"full\"\n[design.factors]\n\
no_null_move = { \"null_move.enabled\" = false }\n\
no_lmr = { \"lmr.enabled\" = false }\n\
no_futility = { \"futility.enabled\" = false }\n\
[runs.tiny]\ndesign = true\nnodes = 300\ngames = 400\nprecision = 120\nout = \"out/tiny.games.csv\"\n";

/// Each game's identity and what was played in it (times aside), in file order.
type Played = (String, usize, usize, String, u64, u64);

fn played(csv: &Path) -> Vec<Played> {
    read_games(csv)
        .unwrap()
        .into_iter()
        .map(|r| {
            (
                r.variant,
                r.pair,
                r.game,
                r.moves,
                r.white_nodes,
                r.black_nodes,
            )
        })
        .collect()
}

fn setup(dir: &Path, config: &str) {
    crate::common::copy_positions(dir);
    std::fs::write(dir.join("tiny.toml"), config).unwrap();
}

#[test]
fn a_precision_run_stops_on_whole_rounds_once_its_target_is_met() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path(), DESIGN);
    let out = ablate(
        dir.path(),
        &[
            "match",
            "--config",
            "tiny.toml",
            "--run",
            "tiny",
            "--jobs",
            "2",
            "--quiet",
        ],
    );
    assert_success(&out);
    let csv = dir.path().join("out/tiny.games.csv");
    let rows = read_games(&csv).unwrap();
    // Whole rounds: every one of the 8 points has the same pairs, both games each.
    let rounds = rows.iter().map(|r| r.pair).max().unwrap() + 1;
    assert_eq!(rows.len(), 8 * 2 * rounds, "{} rows", rows.len());
    assert!(
        rounds < 200,
        "stopped before the ceiling of 200 pairs a point"
    );
    assert!(rounds >= ablate::stats::precision::first_check(8));
    // The report's worst half-width meets the target, and the rounds before did not.
    let report = ablate(dir.path(), &["report", "out/tiny.games.csv"]);
    assert_success(&report);
    let text = String::from_utf8_lossy(&report.stdout);
    let worst: f64 = text
        .split("worst half-width ±")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no worst half-width in {text}"));
    assert!(worst <= 120.0, "{text}");
    // Which depths the figures belong to: the games' notes give each side's depth.
    assert!(text.contains("How deep each side searched:"), "{text}");
    assert!(
        text.lines().any(|l| l.starts_with("base ")),
        "the baseline's depth row: {text}"
    );
    for file in [
        "out/tiny.games.effects.csv",
        "out/tiny.games.effects.json",
        "out/tiny.games.depths.csv",
        "out/tiny.games.depths.json",
        "out/tiny.games-interactions.svg",
        "out/tiny.games.md",
    ] {
        assert!(dir.path().join(file).exists(), "{file}");
    }
    // One job plays the same games into the same file.
    let one = ablate(
        dir.path(),
        &[
            "match",
            "--config",
            "tiny.toml",
            "--jobs",
            "1",
            "--quiet",
            "--out",
            "out/one.games.csv",
        ],
    );
    assert_success(&one);
    assert_eq!(played(&csv), played(&dir.path().join("out/one.games.csv")));
    // Asked again, the finished run plays nothing and rewrites neither file.
    let before = std::fs::metadata(&csv).unwrap().modified().unwrap();
    let pgn = csv.with_extension("pgn");
    let pgn_before = std::fs::metadata(&pgn).unwrap().modified().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let again = ablate(dir.path(), &["match", "--config", "tiny.toml", "--quiet"]);
    assert_success(&again);
    assert!(String::from_utf8_lossy(&again.stdout).contains("0 games played"));
    assert_eq!(std::fs::metadata(&csv).unwrap().modified().unwrap(), before);
    assert_eq!(
        std::fs::metadata(&pgn).unwrap().modified().unwrap(),
        pgn_before
    );
}

/// A first look of one pair a point leaves points at 0% or 100%, where the model has no fit:
/// the report says why, writes what the games hold (each such point, the depths) and exits
/// as a report does, and the figures' files wait for the fit.
#[test]
fn a_design_that_cannot_be_fitted_yet_reports_what_its_games_hold() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    setup(d, DESIGN);
    let args = [
        "match",
        "--config",
        "tiny.toml",
        "--run",
        "tiny",
        "--games",
        "2",
        "--jobs",
        "2",
        "--quiet",
        "--out",
        "out/look.games.csv",
    ];
    assert_success(&ablate(d, &args));
    // At 300 nodes the points draw as often as not; here every one is made to lose its pair,
    // which leaves the model no finite fit.
    crate::common::every_point_loses(&d.join("out/look.games.csv"), &d.join("out/lost.games.csv"));
    let report = ablate(d, &["report", "out/lost.games.csv"]);
    assert_success(&report);
    let text = String::from_utf8_lossy(&report.stdout);
    assert!(text.contains("not fitted yet: "), "{text}");
    assert!(
        text.contains("16 games; 8 complete game pairs without a fault"),
        "{text}"
    );
    let markdown = std::fs::read_to_string(d.join("out/lost.games.md")).unwrap();
    assert!(
        markdown.starts_with("# tiny: not fitted yet\n"),
        "{markdown}"
    );
    assert!(
        markdown.contains("\n## Points at 0% or 100%\n"),
        "{markdown}"
    );
    assert!(
        markdown.contains("| no_null_move,no_lmr,no_futility | 1 | 0% |"),
        "{markdown}"
    );
    assert!(
        markdown.contains("\n## How deep each side searched\n"),
        "{markdown}"
    );
    assert!(d.join("out/lost.games.depths.csv").exists());
    for file in [
        "out/lost.games.effects.csv",
        "out/lost.games-interactions.svg",
    ] {
        assert!(!d.join(file).exists(), "{file}");
    }
}

/// `ablate match --print-outputs` on the design with `from` replaced by `to`: its stderr, after
/// checking the exit code is 2.
fn refused(from: &str, to: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    assert!(DESIGN.contains(from), "{from}");
    setup(dir.path(), &DESIGN.replace(from, to));
    let out = ablate(
        dir.path(),
        &["match", "--config", "tiny.toml", "--print-outputs"],
    );
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("tiny.toml"), "names the file: {err}");
    err
}

#[test]
fn an_unknown_factor_key_is_refused() {
    let err = refused("\"lmr.enabled\" = false }", "\"lmr.enabeld\" = false }");
    assert!(
        err.contains("[design]: factor \"no_lmr\": unknown key \"lmr.enabeld\"; did you mean \"lmr.enabled\"?"),
        "{err}"
    );
}

#[test]
fn two_factors_setting_one_knob_are_refused() {
    let err = refused(
        "no_futility = { \"futility.enabled\" = false }",
        "no_futility = { \"lmr.enabled\" = false }",
    );
    assert!(
        err.contains("factors \"no_lmr\" and \"no_futility\" both set lmr.enabled"),
        "{err}"
    );
}

#[test]
fn a_resolution_the_points_cannot_reach_is_refused() {
    let err = refused(
        "fraction = \"full\"",
        "fraction = \"resolution 4\"\npoints = 2",
    );
    assert!(err.contains("cannot be had"), "{err}");
    assert!(
        err.contains("no fraction of 3 factors reaches resolution 4 (the highest is 3)"),
        "{err}"
    );
}

#[test]
fn a_factor_that_changes_nothing_is_refused() {
    // Futility is already off in the baseline: the factor would measure nothing.
    let err = refused("futility.enabled = true\n", "futility.enabled = false\n");
    assert!(
        err.contains("[design]: factor \"no_futility\" changes nothing"),
        "{err}"
    );
    // A knob that has no effect where the factor puts it.
    let err = refused(
        "no_futility = { \"futility.enabled\" = false }",
        "no_futility = { \"futility.enabled\" = false, \"futility.margins\" = [1, 2, 3] }",
    );
    assert!(
        err.contains("[design]: factor \"no_futility\": futility.margins has no effect while futility.enabled is false"),
        "{err}"
    );
}

#[test]
fn a_design_run_plays_in_shards_that_merge_into_the_whole_run() {
    let dir = tempfile::tempdir().unwrap();
    let fixed = DESIGN.replace("games = 400\nprecision = 120\n", "games = 8\n");
    setup(dir.path(), &fixed);
    let d = dir.path();
    // Each shard of the declared run writes its own file beside the run's, as a cluster's
    // tasks would at once.
    for k in ["0/2", "1/2"] {
        let out = ablate(
            d,
            &[
                "match",
                "--config",
                "tiny.toml",
                "--shard",
                k,
                "--jobs",
                "1",
                "--quiet",
            ],
        );
        assert_success(&out);
    }
    assert!(
        !d.join("out/tiny.games.csv").exists(),
        "a shard wrote the run's file"
    );
    let merged = ablate(
        d,
        &[
            "merge",
            "out/tiny.games.shard-0-of-2.csv",
            "out/tiny.games.shard-1-of-2.csv",
            "-o",
            "out/tiny.games.csv",
        ],
    );
    assert_success(&merged);
    let whole = ablate(
        d,
        &[
            "match",
            "--config",
            "tiny.toml",
            "--jobs",
            "1",
            "--quiet",
            "--out",
            "out/whole.games.csv",
        ],
    );
    assert_success(&whole);
    let games = |p: &str| {
        let mut rows = played(&d.join(p));
        rows.sort();
        rows
    };
    assert_eq!(games("out/tiny.games.csv").len(), 8 * 8);
    assert_eq!(games("out/tiny.games.csv"), games("out/whole.games.csv"));
    // The merged games are a design's: its report fits them.
    assert_success(&ablate(d, &["report", "out/tiny.games.csv"]));
}
