//! What an engine author still missed or tripped on (issue 79), each with its test: a first
//! look at a fixed depth that measures the wrong thing, engines on the command line, PGN
//! opening books, and the traps: PATH building the crate again, reports left beside games moved
//! aside, crashed games in a design's fit, a misspelt engine, the README's first output, and
//! declared runs without games started by default. (Intervals that do not exist are
//! `matches::summary`'s unit test.)

use crate::common::{ablate, assert_success, ROOT};
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

/// Three removals in a full factorial (8 points) of ablate's own search, as a newcomer's first
/// design would be; its games are played by the tests below at a small depth.
const DESIGN: &str = "name = \"tiny\"\n[search]\nname = \"base\"\ntt_mb = 1\n\
null_move.enabled = true\nlmr.enabled = true\nfutility.enabled = true\n\
[design]\nfraction = \"full\"\n[design.factors]\n\
no_null_move = { \"null_move.enabled\" = false }\n\
no_lmr = { \"lmr.enabled\" = false }\n\
no_futility = { \"futility.enabled\" = false }\n";

fn design_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    crate::common::copy_positions(dir.path());
    std::fs::write(dir.path().join("tiny.toml"), DESIGN).unwrap();
    dir
}

/// Every file in `dir` whose name starts with `stem` followed by `.` or `-`, sorted.
fn files_of(dir: &Path, stem: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(&format!("{stem}.")) || n.starts_with(&format!("{stem}-")))
        .collect();
    names.sort();
    names
}

/// A design report of games played at a fixed depth says, above its figures, that a removal
/// gets its extra nodes free there, with each factor's nodes a move; at a node budget it does
/// not.
#[test]
fn a_design_played_at_a_fixed_depth_says_its_figures_are_not_at_equal_cost() {
    let dir = design_folder();
    let report = |limit: &[&str]| {
        let mut args = vec!["match", "-c", "tiny.toml", "--games", "4", "-q"];
        args.extend(limit);
        assert_success(&ablate(dir.path(), &args));
        let report = ablate(dir.path(), &["report", "results/runs/tiny.games.csv"]);
        assert_success(&report);
        stdout(&report)
    };
    // Two pairs a point at depth 3 and at 2,000 nodes: enough for this design's pairs to
    // differ, so that the model has a spread to measure intervals from.
    let terminal = report(&["--depth", "3"]);
    let note = "played at a fixed depth (3 plies a move): a step's cost in nodes is not charged there, so a removal gets the nodes it adds for free";
    assert!(terminal.starts_with(note), "{terminal}");
    for factor in ["no_null_move ×", "no_lmr ×", "no_futility ×"] {
        assert!(terminal.contains(factor), "{factor}: {terminal}");
    }
    let md = std::fs::read_to_string(dir.path().join("results/runs/tiny.games.md")).unwrap();
    let (above, figures) = md.split_once("## Steps").unwrap();
    assert!(above.contains(note) && !figures.contains(note), "{md}");
    // At a node budget the report has no such note.
    let terminal = report(&["--nodes", "2000"]);
    assert!(!terminal.contains("fixed depth"), "{terminal}");
}

/// Played again at another limit, a match moves its old games aside, and every report made from
/// them goes too (a design's and a plain match's), each named in the note; asked for again,
/// the old match comes back with all of them.
#[test]
fn reports_move_aside_with_the_games_they_describe() {
    let dir = design_folder();
    std::fs::write(
        dir.path().join("duel.toml"),
        "name = \"duel\"\n[search]\ntt_mb = 1\n[variants.one_killer]\nordering.killers = 1\n",
    )
    .unwrap();
    let runs = dir.path().join("results/runs");
    for (config, stem, reports) in [
        (
            "tiny.toml",
            "tiny.games",
            &[
                ".md",
                ".effects.csv",
                ".effects.json",
                "-interactions.svg",
                "-effects.svg",
                ".depths.csv",
                ".depths.json",
            ][..],
        ),
        (
            "duel.toml",
            "duel.games",
            &[".md", ".svg", "-cost.svg", ".depths.csv", ".depths.json"][..],
        ),
    ] {
        let play = |limit: &[&str]| {
            let mut args = vec!["match", "-c", config, "--games", "2"];
            args.extend(limit);
            let out = ablate(dir.path(), &args);
            assert_success(&out);
            let csv = format!("results/runs/{stem}.csv");
            assert_success(&ablate(dir.path(), &["report", &csv]));
            out
        };
        // 2,000 nodes and 3,000: enough for the design's pairs to differ, and so to be fitted.
        play(&["--nodes", "2000"]);
        let made = files_of(&runs, stem);
        for tail in [".csv", ".json", ".pgn"].iter().chain(reports) {
            assert!(made.contains(&format!("{stem}{tail}")), "{tail}: {made:?}");
        }
        // Another limit: another match, and the old one's files all move aside, named.
        let err = stderr(&play(&["--nodes", "3000"]));
        let hash = err
            .split(&format!("moved them to results/runs/{stem}."))
            .nth(1)
            .and_then(|t| t.split('.').next())
            .unwrap_or_else(|| panic!("{err}"));
        for file in &made {
            let moved = format!("{stem}.{hash}{}", &file[stem.len()..]);
            assert!(runs.join(&moved).exists(), "{moved} not there: {err}");
            assert!(
                err.contains(&format!("results/runs/{moved}")),
                "{moved} not named: {err}"
            );
        }
        // Under the plain name, only the new match's files: no report of the old games.
        let plain: Vec<String> = files_of(&runs, stem)
            .into_iter()
            .filter(|f| !f.starts_with(&format!("{stem}.{hash}")))
            .collect();
        assert_eq!(plain, files_of_new(stem, reports), "{err}");
        // The first match again: it comes back with every file it had, the second goes aside.
        play(&["--nodes", "2000"]);
        assert_eq!(
            files_of(&runs, stem).len(),
            2 * made.len(),
            "{:?}",
            files_of(&runs, stem)
        );
        assert!(made.iter().all(|f| runs.join(f).exists()));
    }
}

/// The files of a match just played and reported: its CSV, manifest, PGN and `reports`.
fn files_of_new(stem: &str, reports: &[&str]) -> Vec<String> {
    let mut names: Vec<String> = [".csv", ".json", ".pgn"]
        .iter()
        .chain(reports)
        .map(|tail| format!("{stem}{tail}"))
        .collect();
    names.sort();
    names
}

/// A design's fit leaves out every pair in which an engine lost a game by a fault, and its
/// report says how many of which kind, whose, at which points, whether the rate depends on a
/// factor, and gives the fit scoring them as losses beside it (issue 91): Fruit 2.1's
/// committed design at 1+0.01, 31 of whose 3,072 games gnuchess lost by an abort (SIGABRT).
#[test]
fn a_design_with_faults_leaves_their_pairs_out_and_gives_the_fit_with_them_as_losses() {
    let dir = tempfile::tempdir().unwrap();
    for ext in ["csv", "json", "pgn"] {
        std::fs::copy(
            Path::new(ROOT).join(format!("results/engines/fruit-shallow-clock.games.{ext}")),
            dir.path().join(format!("fruit-shallow-clock.games.{ext}")),
        )
        .unwrap();
    }
    let out = ablate(dir.path(), &["report", "fruit-shallow-clock.games.csv"]);
    assert_success(&out);
    let text = stdout(&out);
    let line = "engine faults: 31 of 3,072 games (1.0%): 0 time forfeits, 31 crashes, 0 other; at fault fruit 19, the points' own engines 12. The fit leaves out the 31 pairs they ended";
    assert!(text.contains(line), "{text}");
    // 1,536 pairs less the 31 a crash ended.
    assert!(
        text.contains("32 with games, 1505 game pairs against fruit"),
        "{text}"
    );
    assert!(
        text.contains("the fault rate depends on no_null_move (Holm p 0.001)"),
        "{text}"
    );
    assert!(
        text.contains("The steps with the faulted games scored as losses:"),
        "{text}"
    );
    let md = std::fs::read_to_string(dir.path().join("fruit-shallow-clock.games.md")).unwrap();
    assert!(md.contains(&format!("- {line}")), "{md}");
    let (_, faults) = md
        .split_once("## Engine faults")
        .unwrap_or_else(|| panic!("{md}"));
    assert!(faults.contains("| no_null_move | 5 of 1,536 (0.3%) | 26 of 1,536 (1.7%) |"));
    let (_, as_losses) = faults
        .split_once("## Steps with the faulted games scored as losses")
        .unwrap_or_else(|| panic!("{md}"));
    for step in ["null_move", "verification", "quiescence_checks"] {
        assert!(as_losses.contains(&format!("| {step} |")), "{as_losses}");
    }
    assert!(
        as_losses.contains("No figure's verdict differs"),
        "{as_losses}"
    );
    // The committed report is this one.
    assert_eq!(
        md,
        std::fs::read_to_string(
            Path::new(ROOT).join("results/engines/fruit-shallow-clock.games.md")
        )
        .unwrap()
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
    crate::common::copy_positions(dir.path());
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

/// A declared run (or a ladder's rung) without games is not started by a command that names
/// no run: budget-ladder.toml's 640,000 rung is named, with the command that starts it, and
/// the rungs with games resume.
#[test]
fn a_declared_run_without_games_is_started_only_by_name() {
    let dir = tempfile::tempdir().unwrap();
    for sub in ["configs", "positions", "results/budget-ladder"] {
        let from = Path::new(ROOT).join(sub);
        let to = dir.path().join(sub);
        std::fs::create_dir_all(&to).unwrap();
        for entry in std::fs::read_dir(&from).unwrap() {
            let path = entry.unwrap().path();
            if path.is_file() {
                std::fs::copy(&path, to.join(path.file_name().unwrap())).unwrap();
            }
        }
    }
    let out = ablate(
        dir.path(),
        &["match", "--config", "budget-ladder.toml", "--print-outputs"],
    );
    assert_success(&out);
    let listed = stdout(&out);
    assert!(!listed.contains("640000"), "{listed}");
    assert_eq!(listed.lines().count(), 7, "{listed}");
    assert!(
        stderr(&out).contains("note: run deep at 640000 nodes has no games yet (results/budget-ladder/nodes-640000.games.csv); without --run only declared matches with games resume: ablate match --config configs/budget-ladder.toml --run deep starts it"),
        "{}",
        stderr(&out)
    );
    // Named, it is the run's: every rung, 640,000 with them.
    let named = ablate(
        dir.path(),
        &[
            "match",
            "--config",
            "budget-ladder.toml",
            "--run",
            "deep",
            "--print-outputs",
        ],
    );
    assert_success(&named);
    assert!(
        stdout(&named).contains("nodes-640000.games.csv"),
        "{}",
        stdout(&named)
    );
    // A config none of whose runs has games plays nothing without --run, and says how to start each.
    let none = ablate(
        dir.path(),
        &[
            "match",
            "--config",
            "engines-glaurung.toml",
            "--print-outputs",
        ],
    );
    assert_success(&none);
    assert_eq!(stdout(&none), "");
    assert!(
        stderr(&none).contains("--run nodes starts it"),
        "{}",
        stderr(&none)
    );
}

/// The README's first command: its output line says what a job is, and the README shows and
/// explains that output (the jobs, and `all` at twice the baseline's work at depth 1).
#[test]
fn the_readme_explains_the_first_output() {
    let dir = tempfile::tempdir().unwrap();
    crate::common::copy_these_positions(dir.path(), &["startpos.epd"]);
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
        ablate::search_record::read_rows(&Path::new(ROOT).join("results/killers/killers.csv"))
            .unwrap();
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

/// `ablate match` takes its engines on the command line, as cutechess-cli and fastchess do:
/// ablate itself as two UCI engines (`ablate uci`), options checked against its `uci`, the
/// words recorded in the manifest, and the same command resumes the match.
#[test]
fn engines_given_on_the_command_line_play_and_resume() {
    let dir = tempfile::tempdir().unwrap();
    crate::common::copy_these_positions(dir.path(), &["openings.epd", "book.pgn"]);
    let exe = env!("CARGO_BIN_EXE_ablate");
    let one = format!("cmd={exe} uci");
    let two = format!("cmd={exe}");
    let args = |extra: &[&str]| -> Vec<String> {
        let mut a: Vec<String> = [
            "match",
            "--engine",
            &one,
            "name=killers1",
            "option.ordering.killers=1",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        a.extend(["--engine", &two, "arg=uci", "name=plain"].map(String::from));
        a.extend(["--each", "option.Hash=1"].map(String::from));
        a.extend(["--games", "2", "--nodes", "500"].map(String::from));
        a.extend(extra.iter().map(|s| s.to_string()));
        a
    };
    let run = |extra: &[&str]| {
        let a = args(extra);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        ablate(dir.path(), &a)
    };
    let first = run(&[]);
    assert_success(&first);
    let text = stdout(&first);
    assert!(text.contains("Score of killers1 vs plain:"), "{text}");
    assert!(
        text.contains("wrote results/runs/killers1-vs-plain.games.csv"),
        "{text}"
    );
    let manifest =
        std::fs::read_to_string(dir.path().join("results/runs/killers1-vs-plain.games.json"))
            .unwrap();
    let json: serde_json::Value = serde_json::from_str(&manifest).unwrap();
    let given: Vec<&str> = json["engines_given"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(given.len(), 3, "{manifest}");
    assert!(given[0].contains("option.ordering.killers=1") && given[2] == "--each option.Hash=1");
    // The same command again: every game is there already.
    let again = run(&[]);
    assert_success(&again);
    assert!(
        stdout(&again).contains("(0 games played, 2 resumed)"),
        "{}",
        stdout(&again)
    );
    // An option the engine does not declare (with the one it meant), a value out of range.
    let misspelt = run(&["--engine", &one, "name=third", "option.ordering.killer=1"]);
    assert_ne!(misspelt.status.code(), Some(0));
    assert!(
        stderr(&misspelt).contains("engine_options.\"ordering.killer\": the engine has no such option; did you mean \"ordering.killers\"?"),
        "{}",
        stderr(&misspelt)
    );
    let out_of_range = run(&["--engine", &one, "name=third", "option.Hash=0"]);
    assert!(
        stderr(&out_of_range).contains("engine_options.\"Hash\": 0 is outside its range"),
        "{}",
        stderr(&out_of_range)
    );
    // A key that is not an engine's, and --engine beside --config.
    let unknown = run(&["--engine", "cmd=x", "nmae=y"]);
    assert!(
        stderr(&unknown).contains("nmae=y: unknown key; did you mean \"name\"?"),
        "{}",
        stderr(&unknown)
    );
    let both = run(&["--config", "pruning.toml"]);
    assert_ne!(both.status.code(), Some(0));
    assert!(
        stderr(&both).contains("cannot be used with"),
        "{}",
        stderr(&both)
    );
}

/// Debian's Stockfish and Glaurung 2.2, given wholly on the command line, play from a PGN book.
#[test]
#[cfg_attr(
    missing_stockfish,
    ignore = "needs Stockfish (apt-get install stockfish)"
)]
#[cfg_attr(missing_glaurung, ignore = "needs Glaurung (apt-get install glaurung)")]
fn stockfish_and_glaurung_on_the_command_line_play_from_a_pgn_book() {
    let dir = tempfile::tempdir().unwrap();
    crate::common::copy_these_positions(dir.path(), &["book.pgn"]);
    let out = ablate(
        dir.path(),
        &[
            "match",
            "--engine",
            "cmd=stockfish",
            "name=sf",
            "option.Hash=16",
            "--engine",
            "cmd=glaurung",
            "option.Hash=16",
            "option.OwnBook=false",
            "--each",
            "option.Threads=1",
            "--games",
            "4",
            "--nodes",
            "2000",
            "--openings",
            "positions/book.pgn",
            "-q",
        ],
    );
    assert_success(&out);
    let rows = ablate::matches::games_csv::read_games(
        &dir.path().join("results/runs/sf-vs-glaurung.games.csv"),
    )
    .unwrap();
    assert_eq!(rows.len(), 4);
    // The first two openings of the book, each where its line ends.
    assert_eq!(
        rows[0].fen,
        "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 5"
    );
    assert_eq!(
        rows[2].fen,
        "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6"
    );
    assert!(rows.iter().all(|r| !r.crashed()));
}

/// A PGN book plays each game's line out, or its first N plies; a bad move stops the match
/// before play, naming the file, the game and the move.
#[test]
fn a_pgn_book_opens_where_its_lines_end_and_a_bad_move_is_located() {
    let dir = tempfile::tempdir().unwrap();
    crate::common::copy_these_positions(dir.path(), &["book.pgn"]);
    std::fs::write(
        dir.path().join("duel.toml"),
        "name = \"duel\"\n[search]\ntt_mb = 1\n[variants.one_killer]\nordering.killers = 1\n",
    )
    .unwrap();
    let play = |extra: &[&str]| {
        let mut a = vec![
            "match",
            "-c",
            "duel.toml",
            "--games",
            "4",
            "--depth",
            "1",
            "-q",
            "--openings",
        ];
        a.extend(extra);
        ablate(dir.path(), &a)
    };
    let whole = play(&["positions/book.pgn", "--out", "whole.games.csv"]);
    assert_success(&whole);
    let fens = |csv: &str| -> Vec<String> {
        let rows = ablate::matches::games_csv::read_games(&dir.path().join(csv)).unwrap();
        rows.iter().map(|r| r.fen.clone()).collect()
    };
    assert_eq!(
        fens("whole.games.csv")[0],
        "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 5"
    );
    let cut = play(&[
        "positions/book.pgn",
        "--opening-plies",
        "2",
        "--out",
        "cut.games.csv",
    ]);
    assert_success(&cut);
    let cut = fens("cut.games.csv");
    // 1. e4 e5 (Ruy Lopez's first two plies) and 1. e4 c5 (the Najdorf's).
    assert_eq!(
        cut[0],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(
        cut[2],
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    let manifest = std::fs::read_to_string(dir.path().join("cut.games.json")).unwrap();
    assert!(manifest.contains("\"opening_plies\": 2"), "{manifest}");
    // A bad move: the file, the game and the move.
    std::fs::write(
        dir.path().join("bad.pgn"),
        "1. e4 e5 *\n\n1. d4 d5 2. c4 e6 3. Nc3 Nf9 *\n",
    )
    .unwrap();
    let bad = play(&["bad.pgn"]);
    assert_ne!(bad.status.code(), Some(0));
    assert!(
        stderr(&bad).contains("bad.pgn: game 2, move 3...: \"Nf9\""),
        "{}",
        stderr(&bad)
    );
    // Plies belong to a book, not an EPD file.
    crate::common::copy_these_positions(dir.path(), &["openings.epd"]);
    let epd = play(&["positions/openings.epd", "--opening-plies", "2"]);
    assert!(
        stderr(&epd).contains("--opening-plies: 2: the plies of a PGN book"),
        "{}",
        stderr(&epd)
    );
}
