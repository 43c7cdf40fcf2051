//! Designs over an engine's own UCI options (issue 65): each refused factor, one test each,
//! with the file, the factor and the option named; and a design over Fruit 2.1's switches
//! (`gnuchess -u`) played in two shards that merge into the whole run, which was itself
//! interrupted and resumed, and reported with the corner fixed at the engine as shipped.

use crate::common::{ablate, assert_success};
use ablate::matches::games_csv::read_games;
use std::path::Path;

/// Fruit 2.1 as shipped, and two of its switches as factors, at a fixed depth.
const FRUIT: &str = "name = \"fruit-design\"\nbaseline = \"fruit\"\n\
[variants.fruit]\nengine = \"gnuchess -u\"\nengine_options = { Hash = 4, OwnBook = false }\n\
[design]\nfraction = \"full\"\n[design.factors]\n\
no_null_move = { engine_options = { \"NullMove Pruning\" = \"Never\" } }\n\
no_history_pruning = { engine_options = { \"History Pruning\" = false } }\n\
[runs.quick]\ndesign = true\ndepth = 3\ngames = 4\nout = \"out/fruit.games.csv\"\n";

fn setup(dir: &Path, config: &str) {
    crate::common::copy_positions(dir);
    std::fs::write(dir.join("fruit.toml"), config).unwrap();
}

/// The error a match on `config` stops with, before any game.
fn refused(config: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path(), config);
    let out = ablate(dir.path(), &["match", "-c", "fruit.toml", "--run", "quick"]);
    assert_ne!(out.status.code(), Some(0), "accepted:\n{config}");
    assert!(!dir.path().join("out").exists(), "a file was written");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn ablate_knobs_in_an_engine_s_factors_are_refused() {
    let err = refused(&FRUIT.replace(
        "\"History Pruning\" = false }",
        "\"History Pruning\" = false }, \"lmr.enabled\" = false",
    ));
    assert!(
        err.contains(
            "fruit.toml: [design]: factor \"no_history_pruning\" sets ablate's knob lmr.enabled"
        ) && err.contains("engine_options"),
        "{err}"
    );
}

#[test]
fn two_factors_on_one_option_are_refused() {
    let err = refused(&FRUIT.replace(
        "\"History Pruning\" = false",
        "\"NullMove Pruning\" = \"Always\"",
    ));
    assert!(
        err.contains("factors \"no_null_move\" and \"no_history_pruning\" both set the engine's option \"NullMove Pruning\""),
        "{err}"
    );
}

#[test]
fn a_factor_equal_to_the_base_s_own_setting_is_refused() {
    let err = refused(&FRUIT.replace(
        "OwnBook = false }",
        "OwnBook = false, \"History Pruning\" = false }",
    ));
    assert!(
        err.contains("factor \"no_history_pruning\": engine option \"History Pruning\" = \"false\" is the baseline \"fruit\"'s own setting"),
        "{err}"
    );
}

#[test]
#[cfg_attr(
    missing_gnuchess,
    ignore = "needs Fruit 2.1 as gnuchess -u (apt-get install gnuchess; .ci/run installs it)"
)]
fn a_factor_equal_to_the_engine_s_declared_default_is_refused() {
    if !crate::common::installed("gnuchess") {
        return;
    }
    // Fruit 2.1 ships with history pruning on.
    let err = refused(&FRUIT.replace("\"History Pruning\" = false", "\"History Pruning\" = true"));
    assert!(
        err.contains("factor \"no_history_pruning\": engine option \"History Pruning\": \"true\" is what the baseline engine already runs with (its declared default)"),
        "{err}"
    );
}

#[test]
#[cfg_attr(
    missing_gnuchess,
    ignore = "needs Fruit 2.1 as gnuchess -u (apt-get install gnuchess; .ci/run installs it)"
)]
fn an_option_the_engine_does_not_declare_is_refused_with_the_closest_it_does() {
    if !crate::common::installed("gnuchess") {
        return;
    }
    let err = refused(&FRUIT.replace(
        "\"NullMove Pruning\" = \"Never\"",
        "\"Nullmove Prunning\" = \"Never\"",
    ));
    assert!(
        err.contains("fruit.toml: [design]: factor \"no_null_move\": engine option \"Nullmove Prunning\": the engine declares no such option; did you mean \"NullMove Pruning\"?"),
        "{err}"
    );
}

#[test]
#[cfg_attr(
    missing_gnuchess,
    ignore = "needs Fruit 2.1 as gnuchess -u (apt-get install gnuchess; .ci/run installs it)"
)]
fn a_value_outside_the_option_s_range_or_combo_is_refused() {
    if !crate::common::installed("gnuchess") {
        return;
    }
    let combo = refused(&FRUIT.replace("= \"Never\"", "= \"Sometimes\""));
    assert!(
        combo.contains("engine option \"NullMove Pruning\": \"Sometimes\" is not among its values; expected one of \"Always\", \"Fail High\", \"Never\""),
        "{combo}"
    );
    let spin = refused(&FRUIT.replace("\"History Pruning\" = false", "\"NullMove Reduction\" = 9"));
    assert!(
        spin.contains(
            "engine option \"NullMove Reduction\": 9 is outside its range; expected 1 to"
        ),
        "{spin}"
    );
}

/// Each game's identity and moves, sorted.
fn games(csv: &Path) -> Vec<(String, usize, usize, String, String)> {
    let mut rows: Vec<_> = read_games(csv)
        .unwrap()
        .into_iter()
        .map(|r| (r.variant, r.pair, r.game, r.moves, r.result))
        .collect();
    rows.sort();
    rows
}

#[test]
#[cfg_attr(
    missing_gnuchess,
    ignore = "needs Fruit 2.1 as gnuchess -u (apt-get install gnuchess; .ci/run installs it)"
)]
fn an_engine_design_plays_in_shards_that_merge_into_the_whole_run_and_reports() {
    if !crate::common::installed("gnuchess") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    setup(d, FRUIT);
    for k in ["0/2", "1/2"] {
        let out = ablate(
            d,
            &[
                "match",
                "-c",
                "fruit.toml",
                "--run",
                "quick",
                "--shard",
                k,
                "-q",
            ],
        );
        assert_success(&out);
    }
    let merged = ablate(
        d,
        &[
            "merge",
            "out/fruit.games.shard-0-of-2.csv",
            "out/fruit.games.shard-1-of-2.csv",
            "-o",
            "out/fruit.games.csv",
        ],
    );
    assert_success(&merged);
    // The whole run, stopped by SIGTERM after a few games and resumed by the same command.
    let args = [
        "match",
        "-c",
        "fruit.toml",
        "--run",
        "quick",
        "-q",
        "--jobs",
        "1",
        "--out",
        "out/whole.games.csv",
    ];
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_ablate"))
        .current_dir(d)
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let csv = d.join("out/whole.games.csv");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while std::fs::read_to_string(&csv).map_or(0, |t| t.lines().count()) < 3 {
        assert!(std::time::Instant::now() < deadline, "no game finished");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    let stopped = child.wait_with_output().unwrap();
    let kept = read_games(&csv).unwrap().len();
    println!("stopped with {kept} of 16 games");
    // The match may finish before the signal lands; when it does not, it says what it kept.
    if stopped.status.code() != Some(0) {
        let err = String::from_utf8_lossy(&stopped.stderr);
        assert!(
            err.contains(&format!("{kept} games finished and kept")),
            "{err}"
        );
    }
    assert_success(&ablate(d, &args));
    let merged_games = games(&d.join("out/fruit.games.csv"));
    assert_eq!(merged_games.len(), 4 * 4, "four points, four games each");
    assert_eq!(merged_games, games(&d.join("out/whole.games.csv")));
    // Each point is Fruit with its factors' options over the baseline's, in the manifest.
    let manifest = std::fs::read_to_string(d.join("out/whole.games.json")).unwrap();
    assert!(
        manifest.contains("\"NullMove Pruning\": \"Never\""),
        "{manifest}"
    );
    let report = ablate(d, &["report", "out/whole.games.csv"]);
    assert_success(&report);
    let text = String::from_utf8_lossy(&report.stdout);
    assert!(
        text.contains("(0 at none, which plays what fruit plays)") && text.contains("null_move"),
        "{text}"
    );
    // Four games a point is a look, not a measurement, and the report says so.
    assert!(
        text.contains("too few games to read: the fewest at a point is 4"),
        "{text}"
    );
}
