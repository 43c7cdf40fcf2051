//! The main job end to end: determinism across --jobs, shards and merge, interrupt and resume,
//! config errors, hash refusal, and memory that does not grow with the suite.

use std::path::{Path, PathBuf};

use crate::common::{ablate, assert_success, ROOT};
use std::process::Command;

fn experiment(dir: &Path, extra: &str) -> PathBuf {
    let text = format!(
        "name = \"t\"\nsuite = \"{ROOT}/positions/bk.epd\"\ndepths = [3, 4]\nlimit = 8\n\
         [search]\ntt_mb = 1\n\
         [variants.no_killers]\nordering.killers = 0\n\
         [variants.plain]\nordering.captures = \"first\"\nordering.history = false\ntt = \"off\"\npvs = false\n\
         [variants.minimax_free]\niterative_deepening = false\ntt = \"move\"\n{extra}"
    );
    let path = dir.join("t.toml");
    std::fs::write(&path, text).unwrap();
    path
}

/// CSV text without the time columns, which are the only ones allowed to differ.
fn deterministic(csv_path: &Path) -> Vec<String> {
    let mut reader = csv::Reader::from_path(csv_path).unwrap();
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_string)
        .collect();
    let keep: Vec<usize> = (0..header.len())
        .filter(|&i| !ablate::search_record::TIME_COLUMNS.contains(&header[i].as_str()))
        .collect();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            keep.iter()
                .map(|&i| r[i].to_string())
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect()
}

#[test]
fn jobs_1_and_2_give_identical_rows_in_canonical_order() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = experiment(dir.path(), "");
    assert_success(&ablate(
        dir.path(),
        &[
            "--config",
            cfg.to_str().unwrap(),
            "--jobs",
            "1",
            "--out",
            "one.csv",
            "--quiet",
        ],
    ));
    assert_success(&ablate(
        dir.path(),
        &[
            "--config",
            cfg.to_str().unwrap(),
            "--jobs",
            "2",
            "--out",
            "two.csv",
            "--quiet",
        ],
    ));
    let one = deterministic(&dir.path().join("one.csv"));
    assert_eq!(one.len(), 4 * 8 * 2);
    assert_eq!(one, deterministic(&dir.path().join("two.csv")));
    // Canonical order: variant order, then suite order, then depth.
    assert!(one[0].starts_with("t,baseline,BK.01,3,"), "{}", one[0]);
    assert!(one[1].starts_with("t,baseline,BK.01,4,"));
    assert!(one[2].starts_with("t,baseline,BK.02,3,"));
    assert!(one[16].starts_with("t,no_killers,BK.01,3,"));
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("one.json")).unwrap())
            .unwrap();
    assert_eq!(manifest["threads"], 1);
    assert_eq!(manifest["variants"].as_array().unwrap().len(), 4);
    assert_eq!(manifest["suite_sha256"].as_str().unwrap().len(), 64);
    // A finished run holds what the same command would write: it is left as it is...
    let before = std::fs::read(dir.path().join("one.csv")).unwrap();
    let again = ablate(
        dir.path(),
        &["--config", cfg.to_str().unwrap(), "--out", "one.csv"],
    );
    assert_success(&again);
    assert!(
        String::from_utf8_lossy(&again.stdout).contains("holds this run already (32 jobs)"),
        "{}",
        String::from_utf8_lossy(&again.stdout)
    );
    assert_eq!(std::fs::read(dir.path().join("one.csv")).unwrap(), before);
    // ...and re-running it is deterministic too.
    let forced = ablate(
        dir.path(),
        &[
            "--config",
            cfg.to_str().unwrap(),
            "--out",
            "one.csv",
            "--force",
        ],
    );
    assert_success(&forced);
    assert!(String::from_utf8_lossy(&forced.stdout).contains("32 jobs run, 0 resumed"));
    assert_eq!(one, deterministic(&dir.path().join("one.csv")));
}

#[test]
fn shards_merged_equal_the_whole_run() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = experiment(dir.path(), "");
    let c = cfg.to_str().unwrap();
    assert_success(&ablate(dir.path(), &["--config", c, "--quiet"]));
    assert_success(&ablate(
        dir.path(),
        &["--config", c, "--shard", "0/2", "--quiet"],
    ));
    assert_success(&ablate(
        dir.path(),
        &["--config", c, "--shard", "1/2", "--quiet"],
    ));
    assert!(dir.path().join("results/runs/t.shard-0-of-2.csv").exists());
    let merged = ablate(
        dir.path(),
        &[
            "merge",
            "results/runs/t.shard-0-of-2.csv",
            "results/runs/t.shard-1-of-2.csv",
            "-o",
            "merged.csv",
        ],
    );
    assert_success(&merged);
    assert_eq!(
        deterministic(&dir.path().join("merged.csv")),
        deterministic(&dir.path().join("results/runs/t.csv"))
    );
    // One shard alone is incomplete against its manifest; the same shard twice duplicates jobs.
    let partial = ablate(
        dir.path(),
        &[
            "merge",
            "results/runs/t.shard-0-of-2.csv",
            "-o",
            "partial.csv",
        ],
    );
    assert_eq!(partial.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&partial.stderr).contains("shard 1/2 is not among the inputs"));
    let twice = ablate(
        dir.path(),
        &[
            "merge",
            "results/runs/t.shard-0-of-2.csv",
            "results/runs/t.shard-0-of-2.csv",
            "-o",
            "x.csv",
        ],
    );
    assert_eq!(twice.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&twice.stderr).contains("is also in"));
}

#[test]
fn interrupted_run_keeps_rows_and_resumes_to_the_same_result() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        "name = \"slow\"\nsuite = \"{ROOT}/positions/bk.epd\"\ndepths = [5]\n[search]\ntt_mb = 1\n\
         [variants.plain]\nordering.captures = \"first\"\nordering.killers = 0\nordering.history = false\ntt = \"off\"\n"
    );
    std::fs::write(dir.path().join("slow.toml"), text).unwrap();
    assert_success(&ablate(
        dir.path(),
        &[
            "--config",
            "slow.toml",
            "--out",
            "full.csv",
            "--quiet",
            "--jobs",
            "2",
        ],
    ));

    // Ctrl-C, and SIGTERM as scancel, a Slurm time limit or preemption send it.
    for (signal, code) in [("INT", 130), ("TERM", 143)] {
        let csv = format!("cut-{signal}.csv");
        let child = Command::new(env!("CARGO_BIN_EXE_ablate"))
            .args([
                "--config",
                "slow.toml",
                "--out",
                &csv,
                "--quiet",
                "--jobs",
                "1",
            ])
            .current_dir(dir.path())
            .env("CI", "true")
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let cut = dir.path().join(&csv);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
        while std::fs::read_to_string(&cut).map_or(0, |t| t.lines().count()) < 4 {
            assert!(std::time::Instant::now() < deadline, "no rows appeared");
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let killed = Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(code), "SIG{signal} exits {code}");
        let message = String::from_utf8_lossy(&out.stderr);
        assert!(
            message.contains("jobs finished and kept in") && !message.contains("panicked"),
            "{message}"
        );
        let kept = deterministic(&cut);
        assert!(
            kept.len() >= 3 && kept.len() < 48,
            "kept {} rows",
            kept.len()
        );
        // The manifest is complete, and says what was done.
        let manifest: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(cut.with_extension("json")).unwrap())
                .unwrap();
        assert_eq!(manifest["interrupted"], true);
        assert_eq!(manifest["jobs_run"], kept.len());
        assert_eq!(manifest["jobs_total"], 48);

        let resumed = ablate(
            dir.path(),
            &["--config", "slow.toml", "--out", &csv, "--jobs", "2"],
        );
        assert_success(&resumed);
        assert!(
            String::from_utf8_lossy(&resumed.stdout).contains(&format!("{} resumed", kept.len()))
        );
        assert_eq!(
            deterministic(&cut),
            deterministic(&dir.path().join("full.csv"))
        );
    }
}

#[test]
fn an_unfinished_shard_of_another_build_is_not_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = experiment(dir.path(), "");
    let c = cfg.to_str().unwrap();
    assert_success(&ablate(
        dir.path(),
        &["--config", c, "--shard", "0/2", "--quiet"],
    ));
    let csv = dir.path().join("results/runs/t.shard-0-of-2.csv");
    let json = csv.with_extension("json");
    // As a shard left by an older build that was stopped: another commit, unfinished.
    let mut manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    manifest["git_commit"] = "0123456789abcdef0123456789abcdef01234567".into();
    manifest["interrupted"] = true.into();
    std::fs::write(&json, manifest.to_string()).unwrap();
    let again = ablate(dir.path(), &["--config", c, "--shard", "0/2"]);
    assert_success(&again);
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(
        err.contains("an unfinished run of another ablate build") && err.contains("moved it to"),
        "{err}"
    );
    assert!(String::from_utf8_lossy(&again.stdout).contains("0 resumed"));
}

#[test]
fn a_csv_from_another_config_is_refused_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = experiment(dir.path(), "");
    let c = cfg.to_str().unwrap();
    assert_success(&ablate(
        dir.path(),
        &["--config", c, "--out", "a.csv", "--quiet", "--limit", "2"],
    ));
    let refused = ablate(
        dir.path(),
        &[
            "--config",
            c,
            "--out",
            "a.csv",
            "--quiet",
            "--set",
            "eval=material",
            "--limit",
            "2",
        ],
    );
    assert_eq!(refused.status.code(), Some(2));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        err.contains("a.csv: holds a finished run of config hash")
            && err.contains("--force")
            && err.contains("--out"),
        "{err}"
    );
    assert_success(&ablate(
        dir.path(),
        &[
            "--config",
            c,
            "--out",
            "a.csv",
            "--quiet",
            "--set",
            "eval=material",
            "--limit",
            "2",
            "--force",
        ],
    ));
}

#[test]
fn each_kind_of_bad_config_has_its_exact_error() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("ordering.killers = 0\n[variants.k]\nordering.killer = 2\n", "t.toml:6:10: variant \"k\": unknown key \"ordering.killer\"; did you mean \"ordering.killers\"?"),
        ("[variants.k]\nordering.captures = \"best\"\n", "t.toml:4:10: variant \"k\": key \"ordering.captures\" = \"best\": expected one of \"none\", \"first\", \"mvv\", \"mvv_lva\", \"victim_minus_attacker\", \"scaled_victim_minus_attacker\", \"see\""),
        ("[variants.k]\naspiration.window = -10\n", "t.toml: variant \"k\": aspiration.window = -10; expected 0 or more centipawns"),
        ("[variants.k]\nalphabeta = false\n", "t.toml: variant \"k\": alphabeta = false (minimax) does not combine with pvs = true"),
        ("[grid]\n\"ordering.histroy\" = [true, false]\n", "t.toml: [grid]: unknown key \"ordering.histroy\"; did you mean \"ordering.history\"?"),
    ];
    for (body, expected) in cases {
        let text = format!("suite = \"{ROOT}/positions/bk.epd\"\ndepths = [2]\n[search]\n{body}");
        let text = text
            .replacen("[search]\n[variants", "[variants", 1)
            .replacen("[search]\n[grid]", "[grid]", 1);
        std::fs::write(dir.path().join("t.toml"), text).unwrap();
        let out = ablate(dir.path(), &["--config", "t.toml", "--quiet"]);
        assert_eq!(out.status.code(), Some(2), "{body}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(expected),
            "{body}\nexpected: {expected}\ngot: {err}"
        );
    }
    let simple = |extra: &str| format!("suite = \"{ROOT}/positions/bk.epd\"\n{extra}");
    let more = [
        (
            simple("depths = [0]"),
            "t.toml: depths: 0; expected whole numbers from 1 to 64",
        ),
        (
            simple("depths = [2]\ndepth = 3"),
            "t.toml:3:1: unknown key \"depth\"; did you mean \"depths\"?",
        ),
        (
            "suite = \"nowhere.epd\"\ndepths = [2]".to_string(),
            "t.toml: suite \"nowhere.epd\" does not exist",
        ),
        (
            format!("suite = \"{ROOT}/Cargo.toml\"\ndepths = [2]"),
            "Cargo.toml:1: ",
        ),
    ];
    for (text, expected) in more {
        std::fs::write(dir.path().join("t.toml"), &text).unwrap();
        let out = ablate(dir.path(), &["--config", "t.toml", "--quiet"]);
        assert_eq!(out.status.code(), Some(2), "{text}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(expected),
            "{expected}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    std::fs::write(dir.path().join("t.toml"), simple("depths = [2]")).unwrap();
    for (args, expected) in [
        (
            vec!["--depths", "0"],
            "--depths: 0; expected a depth from 1 to 64",
        ),
        (
            vec!["--set", "ordering.killers=9"],
            "--set: ordering.killers = 9; expected 0 to 4 (applied to variant \"baseline\")",
        ),
        (
            vec!["--variant", "basline"],
            "no variant \"basline\"; did you mean \"baseline\"?",
        ),
        (vec!["--shard", "2/2"], "--shard: \"2/2\"; expected K/N"),
        (
            vec!["--out", "/proc/nope/x.csv"],
            "cannot create the output folder",
        ),
    ] {
        let mut all = vec!["--config", "t.toml", "--quiet"];
        all.extend(args);
        let out = ablate(dir.path(), &all);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(expected),
            "{expected}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let missing = ablate(dir.path(), &["--config", "nope.toml"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("nope.toml: cannot read the config"));
}

#[test]
fn memory_stays_flat_in_suite_size() {
    // 50 and 1500 positions at depth 1: rows are streamed, so peak memory barely moves.
    let dir = tempfile::tempdir().unwrap();
    let peak = |limit: &str| -> u64 {
        let text = format!("name = \"m{limit}\"\nsuite = \"{ROOT}/positions/sts.epd\"\ndepths = [1]\nlimit = {limit}\n[search]\ntt_mb = 1\n");
        std::fs::write(dir.path().join("m.toml"), text).unwrap();
        assert_success(&ablate(
            dir.path(),
            &["--config", "m.toml", "--quiet", "--jobs", "1"],
        ));
        let manifest: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(dir.path().join(format!("results/runs/m{limit}.json")))
                .unwrap(),
        )
        .unwrap();
        manifest["peak_rss_kb"].as_u64().expect("peak RSS recorded")
    };
    let small = peak("50");
    let large = peak("1500");
    assert!(
        large < small + 8 * 1024,
        "peak RSS {small} KiB for 50 positions, {large} KiB for 1500"
    );
}

#[test]
fn config_explain_lists_every_knob() {
    let out = ablate(Path::new(ROOT), &["config", "--explain"]);
    assert_success(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    for key in ablate::config::keys::known_keys() {
        assert!(text.contains(&key), "{key} missing");
    }
}

#[test]
fn kept_tables_replay_each_game_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, keep: bool| {
        let text = format!(
            "name = \"{name}\"\nsuite = \"{ROOT}/positions/games.pgn\"\nkeep_tables = {keep}\n\
             depths = [3, 4]\n[search]\ntt = \"move\"\ntt_mb = 1\n\
             [variants.decay_quarter]\nordering.history_decay = 0.25\n"
        );
        std::fs::write(dir.path().join(format!("{name}.toml")), text).unwrap();
    };
    write("kept", true);
    write("fresh", false);
    let run = |name: &str, jobs: &str, out: &str| {
        assert_success(&ablate(
            dir.path(),
            &[
                "--config",
                &format!("{name}.toml"),
                "--jobs",
                jobs,
                "--out",
                out,
                "--quiet",
            ],
        ));
        deterministic(&dir.path().join(out))
    };
    let kept = run("kept", "2", "kept.csv");
    assert_eq!(
        kept,
        run("kept", "1", "kept1.csv"),
        "chains are deterministic"
    );
    let fresh = run("fresh", "2", "fresh.csv");
    // 2 variants × 78 positions (45 + 33 plies) × 2 depths.
    assert_eq!(kept.len(), 312);
    assert_eq!(fresh.len(), 312);
    let field = |row: &str, i: usize| row.split(',').nth(i).unwrap().to_string();
    // Rows without the experiment's name and hash, which differ by construction.
    let counts = |rows: &[String]| -> Vec<String> {
        rows.iter()
            .map(|r| {
                let fields: Vec<&str> = r.split(',').collect();
                fields[1..]
                    .iter()
                    .filter(|f| !(f.len() == 17 && f.starts_with('h')))
                    .copied()
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect()
    };
    let (kept, fresh) = (counts(&kept), counts(&fresh));
    let (mut same, mut differ) = (0, 0);
    for (k, f) in kept.iter().zip(&fresh) {
        // variant, position, depth; then the score: with the hash move only, kept tables are
        // pure ordering, so every score is the fresh search's.
        assert_eq!(field(k, 0), field(f, 0));
        assert_eq!(field(k, 1), field(f, 1));
        assert_eq!(field(k, 2), field(f, 2));
        assert_eq!(field(k, 7), field(f, 7), "score: {k} / {f}");
        let first_of_a_game = field(k, 1).ends_with(".1w");
        if k == f {
            same += 1;
        } else {
            differ += 1;
            assert!(
                !first_of_a_game,
                "a game's first search starts empty: {k} / {f}"
            );
        }
        if first_of_a_game {
            assert_eq!(k, f);
        }
    }
    assert!(
        differ > 200 && same >= 8,
        "{same} rows equal, {differ} differ"
    );

    let sharded = ablate(dir.path(), &["--config", "kept.toml", "--shard", "0/2"]);
    assert_eq!(sharded.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&sharded.stderr).contains("keep_tables = true"));

    // A bad move in a PGN suite is named by file, game and move.
    std::fs::write(dir.path().join("bad.pgn"), "1. e4 e5 2. Nf3 Nf3 *\n").unwrap();
    let text = std::fs::read_to_string(dir.path().join("kept.toml"))
        .unwrap()
        .replace(&format!("{ROOT}/positions/games.pgn"), "bad.pgn");
    std::fs::write(dir.path().join("bad.toml"), text).unwrap();
    let bad = ablate(dir.path(), &["--config", "bad.toml"]);
    assert_eq!(bad.status.code(), Some(2));
    let message = String::from_utf8_lossy(&bad.stderr);
    assert!(
        message.contains("bad.pgn: game 1, move 2...: \"Nf3\" is not legal here"),
        "{message}"
    );
}

#[test]
fn a_manifest_records_the_commit_the_binary_was_built_from_wherever_it_runs() {
    // A binary copied aside plays for hours while the checkout moves on: its manifests name
    // the build, not the commit checked out where it runs (here: a folder outside any checkout).
    let git = |args: &[&str]| {
        let out = Command::new("git")
            .args(args)
            .current_dir(ROOT)
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
    };
    let Some(head) = git(&["rev-parse", "HEAD"]) else {
        return; // built outside a git checkout: nothing to record
    };
    let dir = tempfile::tempdir().unwrap();
    let path = experiment(dir.path(), "");
    let out = ablate(
        dir.path(),
        &[
            "--config",
            path.to_str().unwrap(),
            "--variant",
            "plain",
            "-q",
        ],
    );
    assert_success(&out);
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("results/runs/t.json")).unwrap(),
    )
    .unwrap();
    let built = manifest["git_commit"].as_str().unwrap_or_default();
    assert_eq!(built.len(), 40, "{manifest}");
    // The build's commit is HEAD or, when the sources changed since it was built, an
    // ancestor of HEAD; a build from changed sources says so.
    assert!(
        built == head || git(&["merge-base", "--is-ancestor", built, &head]).is_some(),
        "{built} is not {head} nor before it"
    );
    let changed = git(&["status", "--porcelain", "--untracked-files=no", "--", "src"])
        .is_some_and(|s| !s.is_empty());
    if built == head && !changed {
        assert!(manifest.get("build_changes").is_none(), "{manifest}");
    }
}
