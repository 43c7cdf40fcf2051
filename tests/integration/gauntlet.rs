//! Gauntlets end to end (issue 66): a design's points play every opponent a run names, the
//! baseline does not; the report fits each opponent as a block and, beside the same design in
//! self-play, gives each step's ratio; an engine opponent plays at its own limit while the
//! points keep the match's; bad opponents and limits are refused with what was expected.

use crate::common::{ablate, assert_success};
use ablate::matches::games_csv::read_games;
use std::collections::BTreeSet;
use std::path::Path;

/// Two removals (4 points) at 300 nodes; two ablate opponents of different strength, and the
/// same design in self-play.
const CONFIG: &str = "name = \"tiny-gauntlet\"\n\
[search]\nname = \"base\"\ntt_mb = 1\nnull_move.enabled = true\nlmr.enabled = true\n\
[design]\nfraction = \"full\"\n[design.factors]\n\
no_null_move = { \"null_move.enabled\" = false }\n\
no_lmr = { \"lmr.enabled\" = false }\n\
[variants.plain]\nnull_move.enabled = false\nlmr.enabled = false\n\
[variants.twice]\ngame.node_factor = 2\n\
[runs]\nnodes = 300\ngames = 24\n\
[runs.gauntlet]\ndesign = true\nopponents = [\"plain\", \"twice\"]\nout = \"out/gauntlet.games.csv\"\n\
[runs.self-play]\ndesign = true\nout = \"out/self-play.games.csv\"\n";

fn setup(dir: &Path, config: &str) {
    crate::common::copy_positions(dir);
    std::fs::write(dir.join("g.toml"), config).unwrap();
}

/// A gauntlet whose points lost every game has no fit yet: its report says why and what the
/// games hold, each point at the edge with the opponent it lost to, as a design's report does.
#[test]
fn a_gauntlet_that_cannot_be_fitted_yet_reports_what_its_games_hold() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    setup(d, CONFIG);
    let args = [
        "match",
        "--config",
        "g.toml",
        "--run",
        "gauntlet",
        "--games",
        "2",
        "--jobs",
        "2",
        "--quiet",
        "--out",
        "out/look.games.csv",
    ];
    assert_success(&ablate(d, &args));
    crate::common::every_point_loses(&d.join("out/look.games.csv"), &d.join("out/lost.games.csv"));
    let report = ablate(d, &["report", "out/lost.games.csv"]);
    assert_success(&report);
    let text = String::from_utf8_lossy(&report.stdout);
    assert!(text.contains("not fitted yet: "), "{text}");
    let markdown = std::fs::read_to_string(d.join("out/lost.games.md")).unwrap();
    assert!(
        markdown.starts_with("# tiny-gauntlet: not fitted yet\n"),
        "{markdown}"
    );
    assert!(
        markdown.contains("| point | against | game pairs | score |"),
        "{markdown}"
    );
    assert!(
        markdown.contains("| no_null_move,no_lmr | twice | 1 | 0% |"),
        "{markdown}"
    );
    assert!(!d.join("out/lost.games.effects.csv").exists());
}

#[test]
fn every_point_plays_every_opponent_and_the_report_pools_them_beside_self_play() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path(), CONFIG);
    let run = |name: &str| {
        ablate(
            dir.path(),
            &[
                "match", "--config", "g.toml", "--run", name, "--jobs", "2", "--quiet",
            ],
        )
    };
    assert_success(&run("gauntlet"));
    assert_success(&run("self-play"));
    let rows = read_games(&dir.path().join("out/gauntlet.games.csv")).unwrap();
    let pairings: BTreeSet<(String, String)> = rows
        .iter()
        .map(|r| (r.variant.clone(), r.opponent.clone()))
        .collect();
    let points = ["none", "no_null_move", "no_lmr", "no_null_move,no_lmr"];
    let want: BTreeSet<(String, String)> = points
        .iter()
        .flat_map(|p| ["plain", "twice"].map(|o| (p.to_string(), o.to_string())))
        .collect();
    assert_eq!(
        pairings, want,
        "every point against every opponent, no baseline"
    );
    assert_eq!(rows.len(), 8 * 24);
    let report = ablate(
        dir.path(),
        &[
            "report",
            "out/gauntlet.games.csv",
            "--self-play",
            "out/self-play.games.csv",
        ],
    );
    assert_success(&report);
    let text = String::from_utf8_lossy(&report.stdout);
    for expected in [
        "4 points, each against 2 opponents (plain, twice)",
        "against plain",
        "against twice",
        "against the gauntlet",
        "depends on the opponent (p)",
        "gauntlet / self-play",
        "the gauntlet's worths over self-play's, over the 2 steps:",
        "null_move × lmr",
    ] {
        assert!(text.contains(expected), "{expected:?} missing:\n{text}");
    }
    for file in [
        "gauntlet.games.md",
        "gauntlet.games.effects.csv",
        "gauntlet.games.effects.json",
        "gauntlet.games-self-play.svg",
    ] {
        assert!(dir.path().join("out").join(file).exists(), "{file}");
    }
    let tidy = std::fs::read_to_string(dir.path().join("out/gauntlet.games.effects.csv")).unwrap();
    assert!(
        tidy.starts_with("kind,step,with,against,value,se,lo,hi,p_holm,p_depends"),
        "{tidy}"
    );
    assert!(
        tidy.contains("pooled_ratio,,,gauntlet/self-play,"),
        "{tidy}"
    );
    // A self-play file of another design is refused, naming the option.
    let other = CONFIG.replace(
        "no_lmr = { \"lmr.enabled\" = false }",
        "no_tt = { tt = \"off\" }",
    );
    std::fs::write(
        dir.path().join("other.toml"),
        other.replace("tiny-gauntlet", "other"),
    )
    .unwrap();
    assert_success(&ablate(
        dir.path(),
        &[
            "match",
            "--config",
            "other.toml",
            "--run",
            "self-play",
            "--jobs",
            "2",
            "--quiet",
            "--games",
            "2",
            "-o",
            "out/other.games.csv",
        ],
    ));
    let refused = ablate(
        dir.path(),
        &[
            "report",
            "out/gauntlet.games.csv",
            "--self-play",
            "out/other.games.csv",
        ],
    );
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success());
    assert!(
        err.contains("--self-play") && err.contains("factors differ"),
        "{err}"
    );
}

#[test]
fn an_opponent_that_is_no_variant_or_beside_round_robin_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    setup(
        dir.path(),
        &CONFIG.replace("[\"plain\", \"twice\"]", "[\"plian\"]"),
    );
    let out = ablate(
        dir.path(),
        &["match", "--config", "g.toml", "--run", "gauntlet"],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("[runs.gauntlet]: variants: no variant \"plian\"")
            && err.contains("did you mean \"plain\"?"),
        "{err}"
    );
    setup(dir.path(), CONFIG);
    let out = ablate(
        dir.path(),
        &[
            "match",
            "--config",
            "g.toml",
            "--opponent",
            "plain",
            "--round-robin",
            "--depth",
            "1",
            "--games",
            "2",
        ],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--opponent") && err.contains("expected no --round-robin"),
        "{err}"
    );
    let bad = CONFIG.replace(
        "[variants.twice]\ngame.node_factor = 2\n",
        "[variants.twice]\nengine = \"stockfish\"\nlimit = { depth = 0 }\n",
    );
    setup(dir.path(), &bad);
    let out = ablate(
        dir.path(),
        &["match", "--config", "g.toml", "--run", "gauntlet"],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("g.toml") && err.contains("limit = { depth = 0 }; expected one of"),
        "{err}"
    );
}

/// An engine opponent at its own depth while the points search 2,000 nodes a move: every move
/// of Stockfish's is a depth-2 search (its PGN comments say so), every move of ablate's is
/// not limited by depth, and no `go nodes` probe refuses an engine that never gets one.
#[test]
#[cfg_attr(
    missing_stockfish,
    ignore = "needs Stockfish (apt-get install stockfish; .ci/run installs it)"
)]
fn an_engine_opponent_plays_at_its_own_limit() {
    let dir = tempfile::tempdir().unwrap();
    let config = CONFIG.replace(
        "[variants.twice]\ngame.node_factor = 2\n",
        "[variants.twice]\nengine = \"stockfish\"\nengine_options = { Hash = 16, Threads = 1 }\nlimit = { depth = 2 }\n",
    );
    setup(dir.path(), &config);
    let out = ablate(
        dir.path(),
        &[
            "match",
            "--config",
            "g.toml",
            "--variant",
            "none",
            "--opponent",
            "twice",
            "--nodes",
            "2000",
            "--games",
            "2",
            "-o",
            "sf.games.csv",
            "--quiet",
        ],
    );
    assert_success(&out);
    let rows = read_games(&dir.path().join("sf.games.csv")).unwrap();
    assert_eq!(rows.len(), 2);
    for row in &rows {
        let engine_white = row.white == "twice";
        let white_first = row.fen.split(' ').nth(1) == Some("w");
        for (ply, note) in row.notes.split(';').enumerate() {
            // "e2e4 +0.25/2 1234": the move, the score over the depth, the nodes.
            let depth: u32 = note
                .split('/')
                .nth(1)
                .and_then(|s| s.split(' ').next())
                .unwrap()
                .parse()
                .unwrap();
            let white_moved = (ply % 2 == 0) == white_first;
            let engine_moved = white_moved == engine_white;
            if engine_moved {
                assert_eq!(depth, 2, "{note}");
            }
        }
    }
}

/// A gauntlet in two shards merges into the games of the whole run, and a precision run that
/// stopped resumes to play nothing more.
#[test]
fn a_gauntlet_in_shards_merges_into_the_whole_run() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    setup(d, &CONFIG.replace("games = 24", "games = 4"));
    for k in ["0/2", "1/2"] {
        let args = [
            "match", "-c", "g.toml", "--run", "gauntlet", "--shard", k, "-q",
        ];
        assert_success(&ablate(d, &args));
    }
    assert_success(&ablate(
        d,
        &[
            "merge",
            "out/gauntlet.games.shard-0-of-2.csv",
            "out/gauntlet.games.shard-1-of-2.csv",
            "-o",
            "out/gauntlet.games.csv",
        ],
    ));
    let whole = [
        "match",
        "-c",
        "g.toml",
        "--run",
        "gauntlet",
        "-q",
        "--out",
        "out/whole.games.csv",
    ];
    assert_success(&ablate(d, &whole));
    let games = |f: &str| -> Vec<(String, String, usize, usize, String)> {
        read_games(&d.join("out").join(f))
            .unwrap()
            .into_iter()
            .map(|r| (r.variant, r.opponent, r.pair, r.game, r.moves))
            .collect()
    };
    assert_eq!(games("gauntlet.games.csv").len(), 8 * 4);
    assert_eq!(games("gauntlet.games.csv"), games("whole.games.csv"));
    // Played to the end, the same command plays nothing more.
    let again = ablate(d, &whole);
    assert_success(&again);
    assert!(String::from_utf8_lossy(&again.stdout).contains("(0 games played, 32 resumed)"));
}
