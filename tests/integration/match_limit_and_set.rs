//! Issue 92, items 2 and 4: every `ablate match` says the limit it plays (a default depth was
//! silent), warns at a fixed depth when its sides differ in a pruning step, and takes
//! `--set KEY=VALUE` for ablate's own variants, which enters the match's identity.

use crate::common::{ablate, assert_success, copy_these_positions};
use ablate::matches::games_csv::read_games;
use std::path::Path;

const CONFIG: &str = "name = \"limits\"\n[search]\ntt_mb = 1\n\
[variants.null_move]\nnull_move.enabled = true\n\
[variants.one_killer]\nordering.killers = 1\n\
[runs.r]\nvariants = [\"one_killer\"]\ngames = 2\nnodes = 500\n";

/// A folder with the config and the openings.
fn folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_these_positions(dir.path(), &["openings.epd"]);
    std::fs::write(dir.path().join("limits.toml"), CONFIG).unwrap();
    dir
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `ablate match -c limits.toml` with these words, its stderr on success.
fn play(dir: &Path, words: &[&str]) -> String {
    let mut args = vec!["match", "-c", "limits.toml", "--games", "2", "-q"];
    args.extend(words);
    let out = ablate(dir, &args);
    assert_success(&out);
    stderr(&out)
}

#[test]
fn every_match_says_its_limit_and_a_fixed_depth_over_a_pruning_step_warns() {
    let dir = folder();
    let d = dir.path();
    // No limit: the default depth, said as the default, and null move's nodes are free there.
    let err = play(d, &["--variant", "null_move", "--out", "a.csv"]);
    assert!(
        err.contains(
            "limit: depth 4 per move (the default: no --depth, --nodes, --tc or --st given)"
        ),
        "{err}"
    );
    assert!(
        err.contains("warning: the sides play at a fixed depth (depth 4) and differ in a pruning, reduction or extension step (null_move.enabled)")
            && err.contains("--nodes N"),
        "{err}"
    );
    // A depth given is said without "default"; a pure ordering change draws no warning.
    let err = play(
        d,
        &["--variant", "one_killer", "--depth", "2", "--out", "b.csv"],
    );
    assert!(err.contains("limit: depth 2 per move\n"), "{err}");
    assert!(!err.contains("at a fixed depth"), "{err}");
    // A node budget charges every node: said with its thousands, no warning.
    let err = play(
        d,
        &[
            "--variant",
            "null_move",
            "--nodes",
            "2500",
            "--out",
            "c.csv",
        ],
    );
    assert!(err.contains("limit: 2,500 nodes per move\n"), "{err}");
    assert!(!err.contains("at a fixed depth"), "{err}");
}

/// The games of one games CSV: their nodes and their match hash.
fn nodes_and_hash(path: &Path) -> (Vec<(u64, u64)>, String) {
    let rows = read_games(path).unwrap();
    let nodes = rows
        .iter()
        .map(|r| (r.white_nodes, r.black_nodes))
        .collect();
    (nodes, rows[0].match_hash.clone())
}

#[test]
fn set_changes_what_ablate_s_variants_play_and_which_match_it_is() {
    let dir = folder();
    let d = dir.path();
    let base = ["--variant", "one_killer", "--nodes", "1000"];
    play(d, &[&base[..], &["--out", "plain.csv"]].concat());
    let set = ["--set", "null_move.enabled=true"];
    let err = play(d, &[&base[..], &set, &["--out", "set.csv"]].concat());
    assert!(err.contains("limit: 1,000 nodes per move"), "{err}");
    let (plain, plain_hash) = nodes_and_hash(&d.join("plain.csv"));
    let (with_set, set_hash) = nodes_and_hash(&d.join("set.csv"));
    assert_ne!(
        plain, with_set,
        "null move on both sides searches other trees"
    );
    assert_ne!(plain_hash, set_hash, "--set enters the match hash");
    let manifest = std::fs::read_to_string(d.join("set.json")).unwrap();
    assert!(
        manifest.contains("\"null_move.enabled=true\""),
        "{manifest}"
    );
    // Another --set is another match: its games do not resume these.
    let other = ["--set", "ordering.killers=0"];
    let refused = ablate(
        d,
        &[
            &["match", "-c", "limits.toml", "--games", "2", "-q"][..],
            &base,
            &other,
            &["--out", "set.csv"],
        ]
        .concat(),
    );
    assert_ne!(refused.status.code(), Some(0));
    assert!(
        stderr(&refused).contains("holds games of match"),
        "{}",
        stderr(&refused)
    );
    // Beside --run, --set changes the run's games: a quick form, the declared file left alone.
    let run = [
        "match",
        "-c",
        "limits.toml",
        "--run",
        "r",
        "--set",
        "ordering.killers=0",
    ];
    let out = ablate(d, &run);
    assert_success(&out);
    assert!(stderr(&out).contains("a quick form"), "{}", stderr(&out));
}

#[test]
fn a_bad_set_is_refused_with_its_key_and_an_engines_only_match_refuses_set() {
    let dir = folder();
    let d = dir.path();
    let out = ablate(
        d,
        &[
            "match",
            "-c",
            "limits.toml",
            "--games",
            "2",
            "--set",
            "null_move.enabld=true",
        ],
    );
    assert_ne!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains(
            "--set: unknown key \"null_move.enabld\"; did you mean \"null_move.enabled\"?"
        ),
        "{err}"
    );
    let engines = "name = \"engines\"\nbaseline = \"a\"\n\
                   [variants.a]\nengine = \"no-such-engine-a\"\n\
                   [variants.b]\nengine = \"no-such-engine-b\"\n";
    std::fs::write(d.join("engines.toml"), engines).unwrap();
    let out = ablate(
        d,
        &[
            "match",
            "-c",
            "engines.toml",
            "--games",
            "2",
            "--set",
            "eval=nnue",
        ],
    );
    assert_ne!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("--set: eval=nnue: every variant that plays is an external engine (a, b)"),
        "{err}"
    );
}
