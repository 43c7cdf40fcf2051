//! What a new user meets first: the main command really runs, bad input names its place,
//! `--jobs` is sane, and the rules' edge cases (en-passant repetition, large clocks) hold.

use crate::common::{ablate, assert_success, ROOT};
use std::path::Path;

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// A scratch folder with the repository's configs, positions and results, as in a fresh clone.
fn clone_like() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fn copy_folder(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap();
            if path.is_file() {
                std::fs::copy(&path, to.join(name)).unwrap();
            } else if path.is_dir() && name != "runs" {
                copy_folder(&path, &to.join(name));
            }
        }
    }
    for sub in ["configs", "positions", "results"] {
        copy_folder(&Path::new(ROOT).join(sub), &dir.path().join(sub));
    }
    dir
}

#[test]
fn the_main_command_searches_and_leaves_the_committed_results_alone() {
    let dir = clone_like();
    let committed = std::fs::read(dir.path().join("results/killers/killers.csv")).unwrap();
    let manifest = std::fs::read(dir.path().join("results/killers/killers.json")).unwrap();
    for expected in [
        "wrote results/runs/killers.csv: 4 jobs run, 0 resumed (a job is one variant on one position",
        "results/runs/killers.csv holds this run already (4 jobs): nothing searched",
    ] {
        let out = ablate(dir.path(), &["--config", "killers.toml", "--depths", "2,3"]);
        assert_success(&out);
        assert!(stdout(&out).contains(expected), "{}", stdout(&out));
    }
    assert_eq!(
        std::fs::read(dir.path().join("results/killers/killers.csv")).unwrap(),
        committed
    );
    assert_eq!(
        std::fs::read(dir.path().join("results/killers/killers.json")).unwrap(),
        manifest
    );
    // Other depths are another configuration: no --force needed, and the finished run is
    // moved aside, where the note says, with its manifest.
    let before = std::fs::read(dir.path().join("results/runs/killers.csv")).unwrap();
    let out = ablate(
        dir.path(),
        &["--config", "killers.toml", "--depths", "2", "--jobs", "2"],
    );
    assert_success(&out);
    let note = stderr(&out);
    assert!(
        note.contains("held a finished run of config hash"),
        "{note}"
    );
    let aside = note
        .split("moved it to ")
        .nth(1)
        .and_then(|rest| rest.lines().next())
        .unwrap_or_else(|| panic!("the note names where: {note}"));
    assert_eq!(std::fs::read(dir.path().join(aside)).unwrap(), before);
    assert!(dir.path().join(aside.replace(".csv", ".json")).exists());
}

#[test]
fn jobs_zero_is_refused_and_too_many_are_capped() {
    let dir = clone_like();
    let zero = ablate(
        dir.path(),
        &["--config", "ci.toml", "--jobs", "0", "--depths", "1"],
    );
    assert_eq!(zero.status.code(), Some(2));
    assert!(
        stderr(&zero).contains(
            "invalid value '0' for '--jobs <N>': 0; expected a whole number of worker threads, 1 or more"
        ),
        "{}",
        stderr(&zero)
    );
    let many = ablate(
        dir.path(),
        &[
            "--config", "ci.toml", "--jobs", "100000", "--depths", "1", "--limit", "2",
        ],
    );
    assert_success(&many);
    assert!(
        stderr(&many).contains("--jobs 100000 capped at"),
        "{}",
        stderr(&many)
    );
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("results/runs/ci.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(manifest["threads"], manifest["cores"]);
}

#[test]
fn a_negative_number_names_its_option_and_what_it_takes() {
    let dir = clone_like();
    for (args, expected) in [
        (
            vec!["--config", "ci.toml", "--jobs", "-1"],
            "invalid value '-1' for '--jobs <N>': expected a whole number of worker threads, 1 or more",
        ),
        (
            vec!["--config", "ci.toml", "--jobs=-1"],
            "invalid value '-1' for '--jobs <N>': expected a whole number of worker threads, 1 or more",
        ),
        (
            vec!["--config", "ci.toml", "--depths", "-3"],
            "invalid value '-3' for '--depths <D,D,..>': expected a depth in plies, a whole number from 1 to 64",
        ),
    ] {
        let out = ablate(dir.path(), &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(expected), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn a_match_against_one_baseline_has_no_standings_and_plain_notes() {
    let dir = clone_like();
    let out = ablate(
        dir.path(),
        &[
            "match",
            "--config",
            "pruning.toml",
            "--variant",
            "null_move",
            "--variant",
            "lmr",
            "--games",
            "2",
            "--nodes",
            "300",
            "--out",
            "m.games.csv",
        ],
    );
    assert_success(&out);
    assert!(!stdout(&out).contains("Standings"), "{}", stdout(&out));
    let games = std::fs::read_to_string(dir.path().join("m.games.csv")).unwrap();
    let mut reader = csv::Reader::from_reader(games.as_bytes());
    // A game is stored once: the notes are in the PGN, not the CSV.
    assert!(!reader.headers().unwrap().iter().any(|h| h == "notes"));
    let mut rows = 0;
    for record in reader.records() {
        // Nothing a spreadsheet reads as a formula.
        for cell in record.unwrap().iter() {
            assert!(!cell.starts_with(['=', '+', '-', '@']), "{cell}");
        }
        rows += 1;
    }
    // Read back, each note starts with its move ("e2e4 +0.25/5 1234").
    let read = ablate::matches::games_csv::read_games(&dir.path().join("m.games.csv")).unwrap();
    for row in &read {
        for note in row.notes.split(';') {
            assert!(note.starts_with(|c: char| c.is_ascii_lowercase()), "{note}");
        }
    }
    assert_eq!(rows, 4);
}

#[test]
fn every_bad_input_names_its_place() {
    let dir = clone_like();
    let d = dir.path();
    std::fs::create_dir(d.join("folder")).unwrap();
    std::fs::write(d.join("binary.csv"), [0xffu8, 0xfe, 0x00, 0x41, 0x0a, 0x80]).unwrap();
    let garbled = std::fs::read_to_string(d.join("results/ci/reference.csv"))
        .unwrap()
        .replacen(",BK.01,4,", ",BK.01,4x,", 1);
    std::fs::write(d.join("garbled.csv"), garbled).unwrap();
    std::fs::write(
        d.join("base.toml"),
        "suite = \"positions/bk.epd\"\ndepths = [1]\nlimit = 1\n",
    )
    .unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["--config", "base.toml", "--set", "ordering.killers=9"],
            "error: --set: ordering.killers = 9; expected 0 to 4 (applied to variant \"baseline\")",
        ),
        (
            &["--config", "base.toml", "--out", "folder"],
            "error: folder: is a folder; expected the path of a CSV file",
        ),
        (
            &["report", "folder"],
            "error: folder: is a folder; expected a results CSV",
        ),
        (
            &[
                "report",
                "results/killers/killers.csv",
                "--markdown",
                "/proc/nope/x.md",
            ],
            "error: /proc/nope/x.md: cannot write",
        ),
        (
            &["report", "binary.csv"],
            "error: binary.csv: not a results CSV",
        ),
        (
            &["check", "--config", "ci.toml", "--reference", "binary.csv"],
            "error: binary.csv: not a results CSV",
        ),
        (
            &["check", "--config", "ci.toml", "--reference", "garbled.csv"],
            "error: garbled.csv:2: column \"depth\": \"4x\"; expected a whole number",
        ),
        (
            &[
                "merge",
                "results/killers/killers.csv",
                "-o",
                "./results/killers/killers.csv",
            ],
            "-o names the input results/killers/killers.csv",
        ),
        (
            &["help", "serch"],
            "error: help: no command \"serch\"; did you mean \"search\"?",
        ),
    ];
    for (args, expected) in cases {
        let out = ablate(d, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(expected),
            "{args:?}\nexpected: {expected}\ngot: {}",
            stderr(&out)
        );
        // A reference that cannot be read is refused before the run: no signature printed.
        if args[0] == "check" {
            assert!(!stdout(&out).contains("signature:"), "{args:?}");
        }
    }
}

#[test]
fn epd_quirks_are_read_or_named() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let startpos = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    // A byte-order mark is skipped; a clock above 100 is accepted (read as 100).
    std::fs::write(
        d.join("bom.epd"),
        format!("\u{feff}{startpos} hmvc 150; id \"s\";\n"),
    )
    .unwrap();
    let out = ablate(d, &["perft", "bom.epd", "--depth", "2"]);
    assert_success(&out);
    assert!(stdout(&out).contains("400"), "{}", stdout(&out));
    // A line without its en-passant field says so, not "unknown opcode".
    std::fs::write(
        d.join("noep.epd"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq id \"x\";\n",
    )
    .unwrap();
    let out = ablate(d, &["perft", "noep.epd", "--depth", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out)
            .contains("noep.epd:1: en-passant field \"id\"; expected - or a square such as e3"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_repetition_ignores_an_en_passant_square_no_pawn_can_use() {
    let search = |ep: &str| {
        let fen = format!("1qrr2R1/1ppp4/8/8/4P2K/8/R6k/8 b - {ep}");
        let out = ablate(
            Path::new(ROOT),
            &[
                "search",
                "--fen",
                &fen,
                "--depth",
                "4",
                "--format",
                "csv",
                "--set",
                "eval=material",
                "--set",
                "quiescence.enabled=false",
                "--set",
                "tt=move",
            ],
        );
        assert_success(&out);
        let text = stdout(&out);
        let last = text.lines().last().unwrap().to_string();
        last.split(',').nth(1).unwrap().to_string()
    };
    // h2h1 a2a1 h1h2 a1a2 returns to the root: a draw, whether or not the FEN names e3.
    assert_eq!(search("e3"), "0");
    assert_eq!(search("-"), "0");
}

#[test]
fn the_score_check_always_says_what_it_checked() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("s.toml"),
        format!(
            "suite = \"{ROOT}/positions/bk.epd\"\ndepths = [3]\nlimit = 4\n\
             [variants.no_killers]\nordering.killers = 0\n\
             [variants.move_only]\ntt = \"move\"\nordering.history = false\n\
             [variants.pruned]\nquiescence.prune_losing = true\n"
        ),
    )
    .unwrap();
    let out = ablate(dir.path(), &["--config", "s.toml"]);
    assert_success(&out);
    let text = stdout(&out);
    assert!(
        text.contains("score check (root scores against baseline):"),
        "{text}"
    );
    assert!(
        text.contains("2 variant(s) pure but for the full TT:"),
        "{text}"
    );
    assert!(text.contains("1 variant(s) not compared"), "{text}");
    let exact = dir.path().join("e.toml");
    std::fs::write(
        &exact,
        format!(
            "suite = \"{ROOT}/positions/bk.epd\"\ndepths = [3]\nlimit = 4\n[search]\ntt = \"off\"\n\
             [variants.no_killers]\nordering.killers = 0\n"
        ),
    )
    .unwrap();
    let out = ablate(dir.path(), &["--config", "e.toml"]);
    assert_success(&out);
    assert!(
        stdout(&out).contains("1 pure-ordering variant(s): equal at every position and depth"),
        "{}",
        stdout(&out)
    );
}
