//! `ablate datagen`: the same data for any --jobs, shards merged into the file one run writes,
//! a run stopped by SIGTERM resumed into the same file, and bad input named with its place.

use crate::common::{ablate, assert_success, copy_positions, ROOT};
use std::path::Path;
use std::process::Command;

/// A quick run: short games (a draw is adjudicated from move 12), 4,096 nodes a move.
fn args(out: &str, games: &str) -> Vec<String> {
    let config = format!("{ROOT}/configs/strength.toml");
    [
        "datagen",
        "--config",
        &config,
        "--games",
        games,
        "--nodes",
        "1000",
        "--seed",
        "3",
        "--adjudicate",
        "draw=12,3000,1",
        "--out",
        out,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

fn run(dir: &Path, args: &[String]) -> std::process::Output {
    ablate(dir, &args.iter().map(String::as_str).collect::<Vec<_>>())
}

fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap()
}

#[test]
fn the_data_is_the_same_for_any_jobs_and_for_shards_merged() {
    let dir = tempfile::tempdir().unwrap();
    copy_positions(dir.path());
    let mut one = args("one.txt", "6");
    one.extend(["--jobs".into(), "1".into()]);
    assert_success(&run(dir.path(), &one));
    let mut two = args("two.txt", "6");
    two.extend(["--jobs".into(), "2".into()]);
    let out = run(dir.path(), &two);
    assert_success(&out);
    assert!(String::from_utf8_lossy(&out.stdout).contains("6 games"));
    let data = read(dir.path(), "one.txt");
    assert_eq!(data, read(dir.path(), "two.txt"));
    assert_eq!(
        read(dir.path(), "one.games.csv"),
        read(dir.path(), "two.games.csv")
    );
    // Every line is `FEN | score | result`, white's view, and no kept position is in check.
    for line in data.lines() {
        let fields: Vec<&str> = line.split(" | ").collect();
        assert_eq!(fields.len(), 3, "{line}");
        let board = cozy_chess::Board::from_fen(fields[0], false).unwrap();
        assert!(board.checkers().is_empty(), "{line}");
        fields[1].parse::<i16>().unwrap();
        assert!(["1.0", "0.5", "0.0"].contains(&fields[2]), "{line}");
    }
    assert!(data.lines().count() >= 20, "{data}");
    let manifest: serde_json::Value = serde_json::from_str(&read(dir.path(), "one.json")).unwrap();
    assert_eq!(manifest["kind"], "datagen");
    assert_eq!(manifest["totals"]["positions"], data.lines().count());
    assert_eq!(manifest["interrupted"], false);

    for k in 0..2 {
        let mut shard = args(&format!("s{k}.txt"), "6");
        shard.extend(["--shard".into(), format!("{k}/2")]);
        assert_success(&run(dir.path(), &shard));
    }
    let partial = ablate(dir.path(), &["merge", "s0.txt", "-o", "merged.txt"]);
    assert_eq!(partial.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&partial.stderr).contains("shard 1/2 is not among the inputs"));
    assert_success(&ablate(
        dir.path(),
        &["merge", "s0.txt", "s1.txt", "-o", "merged.txt"],
    ));
    assert_eq!(read(dir.path(), "merged.txt"), data);
    assert_eq!(
        read(dir.path(), "merged.games.csv"),
        read(dir.path(), "one.games.csv")
    );
}

#[test]
fn a_run_stopped_by_sigterm_resumes_into_the_file_an_uninterrupted_run_writes() {
    let dir = tempfile::tempdir().unwrap();
    copy_positions(dir.path());
    let mut whole = args("whole.txt", "24");
    whole.extend(["--jobs".into(), "2".into()]);
    assert_success(&run(dir.path(), &whole));

    let mut cut = args("cut.txt", "24");
    cut.extend(["--jobs".into(), "2".into()]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_ablate"))
        .args(&cut)
        .current_dir(dir.path())
        .env("CI", "true")
        .spawn()
        .unwrap();
    let index = dir.path().join("cut.games.csv");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while std::fs::read_to_string(&index).map_or(0, |t| t.lines().count()) < 4 {
        assert!(std::time::Instant::now() < deadline, "no game finished");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(143));
    let kept = read(dir.path(), "cut.games.csv").lines().count() - 1;
    assert!((3..24).contains(&kept), "kept {kept} games");
    let manifest: serde_json::Value = serde_json::from_str(&read(dir.path(), "cut.json")).unwrap();
    assert_eq!(manifest["interrupted"], true);
    assert_success(&run(dir.path(), &cut));
    assert_eq!(read(dir.path(), "cut.txt"), read(dir.path(), "whole.txt"));
    assert_eq!(
        read(dir.path(), "cut.games.csv"),
        read(dir.path(), "whole.games.csv")
    );
    let manifest: serde_json::Value = serde_json::from_str(&read(dir.path(), "cut.json")).unwrap();
    assert_eq!(manifest["games_resumed"], kept);

    // A larger --games extends the finished run: its first games are the same games.
    let more = run(dir.path(), &args("whole.txt", "26"));
    assert_success(&more);
    assert!(read(dir.path(), "whole.txt").starts_with(&read(dir.path(), "cut.txt")));
}

#[test]
fn bad_input_is_named_with_its_place() {
    let dir = tempfile::tempdir().unwrap();
    copy_positions(dir.path());
    assert_success(&run(dir.path(), &args("d.txt", "1")));
    // A garbled index row: its file and line.
    let index = dir.path().join("d.games.csv");
    let mut text = read(dir.path(), "d.games.csv");
    text.push_str("x,y,z\n");
    std::fs::write(&index, text).unwrap();
    let out = run(dir.path(), &args("d.txt", "2"));
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("d.games.csv:3:"), "{stderr}");
    // A match's games file where the index would be: named as what it is, not as a row that
    // lacks a field.
    std::fs::write(
        dir.path().join("m.games.csv"),
        "match,variant,opponent,pair,game\nx,a,b,0,0\n",
    )
    .unwrap();
    let out = run(dir.path(), &args("m.txt", "1"));
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("m.games.csv:1:") && stderr.contains("give --out another name"),
        "{stderr}"
    );
    // Another run's file is refused, not overwritten.
    let mut other = args("d2.txt", "1");
    assert_success(&run(dir.path(), &other));
    let seed = other.iter().position(|a| a == "--seed").unwrap() + 1;
    other[seed] = "4".into();
    let out = run(dir.path(), &other);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--force"));
    // An engine variant has no scores of ablate's to write.
    let mut engine = args("e.txt", "1");
    engine.extend(["--variant".into(), "fruit".into()]);
    let out = run(dir.path(), &engine);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("external engine"));
}
