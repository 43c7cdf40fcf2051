//! A match's progress lines in a log (stderr not a terminal): plain lines; and a resumed run
//! counts from the games it already had, its running score including them, so that the last
//! line of a run played in several sittings reads as that of the same run played at once.

use crate::common::{ablate, assert_success};

/// The last progress line of a match's stderr, without its ETA.
fn last_progress_line(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let line = text
        .lines()
        .rfind(|l| l.starts_with("games "))
        .unwrap_or_else(|| panic!("no progress line in:\n{text}"));
    let (count, rest) = line.split_once(", eta ").expect("games N/M, eta T: score");
    let (_, score) = rest.split_once(": ").expect("eta T: score");
    format!("{count}: {score}")
}

#[test]
fn a_resumed_match_counts_and_scores_the_games_it_already_had() {
    let dir = tempfile::tempdir().unwrap();
    crate::common::copy_positions(dir.path());
    std::fs::write(dir.path().join("even.toml"), crate::common::EVEN_MATCH).unwrap();
    let args = |out: &'static str| {
        vec![
            "match",
            "-c",
            "even.toml",
            "--games",
            "20",
            "--nodes",
            "2000",
            "--jobs",
            "2",
            "--out",
            out,
        ]
    };
    let whole = ablate(dir.path(), &args("whole.csv"));
    assert_success(&whole);
    let whole_line = last_progress_line(&whole.stderr);
    assert!(whole_line.starts_with("games 40/40: "), "{whole_line}");

    // The first 15 games kept, as an interrupted sitting leaves them.
    let text = std::fs::read_to_string(dir.path().join("whole.csv")).unwrap();
    let kept: Vec<&str> = text.lines().take(16).collect();
    std::fs::write(dir.path().join("cut.csv"), kept.join("\n") + "\n").unwrap();
    let resumed = ablate(dir.path(), &args("cut.csv"));
    assert_success(&resumed);
    assert!(String::from_utf8_lossy(&resumed.stdout).contains("(25 games played, 15 resumed)"));
    assert_eq!(last_progress_line(&resumed.stderr), whole_line);
}

/// When stderr is a log, not a terminal, match progress is plain lines: no carriage return
/// joins them into one (a Slurm log once held 46 KB of `\r`-joined progress on one line).
#[test]
fn progress_in_a_log_is_plain_lines() {
    let dir = tempfile::tempdir().unwrap();
    crate::common::copy_positions(dir.path());
    std::fs::write(dir.path().join("even.toml"), crate::common::EVEN_MATCH).unwrap();
    let out = ablate(
        dir.path(),
        &[
            "match",
            "-c",
            "even.toml",
            "--games",
            "4",
            "--depth",
            "1",
            "--out",
            "log.csv",
        ],
    );
    assert_success(&out);
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(!log.contains('\r'), "{log:?}");
    assert!(
        log.lines()
            .any(|l| l.starts_with("games 8/8, eta ") && l.contains(" vs baseline ")),
        "{log}"
    );
}
