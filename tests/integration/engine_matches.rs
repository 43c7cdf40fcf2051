//! `ablate match` with external engines: ablate against Fruit 2.1 (`gnuchess -u`) and Fruit
//! against itself at a time control, engines that ignore `go nodes` (Fruit, refused) or honour it
//! (Stockfish), and a scripted engine that crashes, hangs or moves illegally: it loses that
//! game, is restarted, and the match goes on. Every PGN is replayed by python-chess.

use ablate::game_record::GameRow;

use crate::common::{ablate, assert_success, installed, replay_pgn, ROOT};
use ablate::matches::games_csv::read_games;
use std::path::Path;
use std::process::{Command, Stdio};

/// A scripted UCI engine (python-chess): plays the first legal move in UCI order, and at its
/// `go` number in the file `fail_at` (counted across its processes by the bytes of `count`) does
/// what the file `mode` says: `die`, `hang` or `illegal`.
const FLAKY: &str = r#"#!/usr/bin/env python3
import os, sys, time, chess
board = chess.Board()
def say(text):
    print(text, flush=True)
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "uci":
        say("id name Flaky"); say("uciok")
    elif words[0] == "isready":
        say("readyok")
    elif words[0] == "position":
        fen, _, moves = line.strip()[len("position fen "):].partition(" moves ")
        board = chess.Board(fen)
        for move in moves.split():
            board.push_uci(move)
    elif words[0] == "go":
        with open("count", "a") as count:
            count.write("x")
        n = os.path.getsize("count")
        if n == int(open("fail_at").read()):
            mode = open("mode").read().strip()
            if mode == "die":
                say("info string about to crash"); sys.exit(3)
            if mode == "hang":
                say("info string thinking forever"); time.sleep(60)
            if mode == "illegal":
                say("bestmove a1a1"); continue
        move = sorted(board.legal_moves, key=lambda m: m.uci())[0]
        say(f"info depth 1 score cp 0 nodes 1 time 1 pv {move.uci()}")
        say(f"bestmove {move.uci()}")
    elif words[0] == "quit":
        break
"#;

fn setup(dir: &Path, config: &str) {
    std::fs::create_dir_all(dir.join("positions")).unwrap();
    std::fs::copy(
        Path::new(ROOT).join("positions/openings.epd"),
        dir.join("positions/openings.epd"),
    )
    .unwrap();
    std::fs::copy(
        Path::new(ROOT).join("positions/bk.epd"),
        dir.join("positions/bk.epd"),
    )
    .unwrap();
    std::fs::write(
        dir.join("engines.toml"),
        format!("name = \"engines\"\nsuite = \"positions/bk.epd\"\ndepths = [1]\n{config}"),
    )
    .unwrap();
}

fn has_python_chess() -> bool {
    let ok = Command::new("python3")
        .args(["-c", "import chess"])
        .status()
        .is_ok_and(|s| s.success());
    ok || !crate::common::skip_without(
        "python-chess, for the scripted engine,",
        "pip install chess",
    )
}

fn flaky_setup(dir: &Path, fail_at: u32, mode: &str) {
    setup(
        dir,
        "[search]\ntt_mb = 1\n[variants.flaky]\nengine = \"./flaky.py\"\nengine_timeout = 3\n",
    );
    let flaky = dir.join("flaky.py");
    std::fs::write(&flaky, FLAKY).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&flaky, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(dir.join("fail_at"), fail_at.to_string()).unwrap();
    std::fs::write(dir.join("mode"), mode).unwrap();
    let _ = std::fs::remove_file(dir.join("count"));
}

/// The processes whose command line holds `text`.
fn processes_with(text: &str) -> String {
    let out = Command::new("pgrep").args(["-af", text]).output().unwrap();
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// Runs ablate with the words of `line` as its arguments.
fn ablate_words(dir: &Path, line: &str) -> std::process::Output {
    ablate(dir, &line.split(' ').collect::<Vec<_>>())
}

fn rows(path: &Path) -> Vec<GameRow> {
    read_games(path).unwrap()
}

#[test]
#[cfg_attr(
    missing_python_chess,
    ignore = "needs python-chess (pip install chess; .ci/run installs it)"
)]
fn an_engine_that_crashes_hangs_or_moves_illegally_loses_that_game_and_the_match_goes_on() {
    if !has_python_chess() {
        return;
    }
    let depth = ["--depth", "2"];
    let clock = ["--tc", "2+0.05"];
    for (mode, limit, termination, story) in [
        ("die", depth, "abandoned", "info string about to crash"),
        (
            "hang",
            depth,
            "time forfeit",
            "no bestmove after go within 3 s (engine_timeout)",
        ),
        (
            "hang",
            clock,
            "time forfeit",
            "within its clock plus the 100 ms margin",
        ),
        (
            "illegal",
            depth,
            "rules infraction",
            "\"a1a1\" is not a legal move",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        flaky_setup(dir.path(), 5, mode);
        let mut args = vec!["match", "-c", "engines.toml", "--games", "4", "--jobs", "1"];
        args.extend(limit);
        args.extend(["--out", "games.csv", "-q"]);
        let out = ablate(dir.path(), &args);
        assert_success(&out);
        let games = rows(&dir.path().join("games.csv"));
        assert_eq!(games.len(), 4, "{mode}: the match went on after the fault");
        let faulted: Vec<&GameRow> = games
            .iter()
            .filter(|g| g.termination.starts_with(termination))
            .collect();
        assert_eq!(faulted.len(), 1, "{mode}: {games:#?}");
        assert_eq!(faulted[0].variant_points(), 0.0, "{mode}: flaky lost it");
        assert!(
            faulted[0]
                .termination
                .starts_with(&format!("{termination}: flaky: engine \"./flaky.py\"")),
            "{mode}: the detail names the variant and its engine: {}",
            faulted[0].termination
        );
        let err = String::from_utf8_lossy(&out.stderr);
        for needed in [
            "warning: flaky vs baseline, pair",
            "engine \"./flaky.py\"",
            story,
        ] {
            assert!(
                err.contains(needed),
                "{mode}: stderr lacks {needed:?}:\n{err}"
            );
        }
        assert!(
            games
                .iter()
                .filter(|g| !g.termination.starts_with(termination))
                .all(|g| g.plies > 0),
            "{mode}: the games after the fault were played by a restarted engine"
        );
        assert!(replay_pgn(&dir.path().join("games.pgn")));
        let left = processes_with(&dir.path().join("flaky.py").display().to_string());
        assert!(left.is_empty(), "{mode}: engines left running: {left}");
    }
}

#[test]
#[cfg_attr(
    missing_python_chess,
    ignore = "needs python-chess (pip install chess; .ci/run installs it)"
)]
fn sigterm_keeps_every_finished_game_and_stops_the_engines() {
    if !has_python_chess() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    flaky_setup(dir.path(), 0, "none");
    let csv = dir.path().join("games.csv");
    let child = Command::new(env!("CARGO_BIN_EXE_ablate"))
        .current_dir(dir.path())
        .args([
            "match",
            "-c",
            "engines.toml",
            "--games",
            "400",
            "--depth",
            "3",
            "--jobs",
            "2",
            "--out",
            "games.csv",
            "-q",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while std::fs::read_to_string(&csv).map_or(0, |t| t.lines().count()) < 4 {
        assert!(std::time::Instant::now() < deadline, "no game finished");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_ne!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    let kept = rows(&csv).len();
    assert!(
        err.contains(&format!("{kept} games finished and kept")),
        "{err}"
    );
    assert!(replay_pgn(&dir.path().join("games.pgn")));
    let left = processes_with(&dir.path().join("flaky.py").display().to_string());
    assert!(
        left.is_empty(),
        "engines left running after SIGTERM: {left}"
    );
}

/// Fruit as shipped is the baseline; ablate's default search and Fruit with futility pruning
/// on play it at a fast time control.
#[test]
#[cfg_attr(
    any(missing_gnuchess, missing_python_chess),
    ignore = "needs Fruit 2.1 as gnuchess -u and python-chess (apt-get install gnuchess, pip install chess; .ci/run installs them)"
)]
fn ablate_and_fruit_play_fruit_at_a_time_control_legally_and_never_lose_on_time() {
    if !installed("gnuchess") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    setup(
        dir.path(),
        "baseline = \"fruit\"\n[search]\ntt_mb = 16\n\
         [variants.fruit]\nengine = \"gnuchess -u\"\nengine_options = { Hash = 16, OwnBook = false }\n\
         [variants.fruit-futility]\nengine = \"gnuchess -u\"\n\
         engine_options = { Hash = 16, OwnBook = false, \"Futility Pruning\" = true }\n\
         [variants.ablate]\n",
    );
    let out = ablate_words(dir.path(), "match -c engines.toml --games 4 --tc 1+0.05 --jobs 2 --adjudicate draw=40,10,8 resign=1000,4 --out games.csv");
    assert_success(&out);
    let games = rows(&dir.path().join("games.csv"));
    assert_eq!(games.len(), 8);
    for g in &games {
        // ablate in-process can fault only by its clock, and must not. Fruit 2.1 itself aborts
        // now and then (4 times in the 1,600 games of results/fruit-elo-worth/fruit-elo-worth.games.csv): such a
        // game is Fruit's loss, "abandoned", and the match goes on.
        assert!(
            !g.termination.starts_with("time forfeit: ablate"),
            "ablate lost on time: {g:#?}"
        );
        assert!(g.white_nodes > 0 && g.black_nodes > 0, "{g:#?}");
    }
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Score of ablate vs fruit:"), "{text}");
    assert!(text.contains("Score of fruit-futility vs fruit:"), "{text}");
    assert!(replay_pgn(&dir.path().join("games.pgn")));
}

#[test]
#[cfg_attr(
    any(missing_stockfish, missing_gnuchess),
    ignore = "needs Stockfish and Fruit 2.1 as gnuchess -u (apt-get install stockfish gnuchess; .ci/run installs them)"
)]
fn an_engine_that_ignores_go_nodes_is_refused_before_play_and_one_that_honours_it_plays() {
    for (program, engine, ignores) in [
        ("gnuchess", "gnuchess -u", true),
        ("stockfish", "stockfish", false),
    ] {
        if !installed(program) {
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        setup(
            dir.path(),
            &format!("[search]\ntt_mb = 1\n[variants.other]\nengine = \"{engine}\"\n"),
        );
        let out = ablate_words(dir.path(), "match -c engines.toml --games 2 --nodes 3000 --jobs 2 --adjudicate resign=600,2 --out games.csv");
        let err = String::from_utf8_lossy(&out.stderr);
        if ignores {
            // Fruit 2.1 searches on past go nodes: the probe measures it, and no game is played.
            assert_ne!(out.status.code(), Some(0), "{engine}: played");
            assert!(
                err.contains("engines.toml: variant \"other\": asked for go nodes 3000")
                    && err.contains("nodes before it was told to stop")
                    && err.contains("expected a match at a fixed time a move for it (--st"),
                "{engine}:\n{err}"
            );
            assert!(!dir.path().join("games.csv").exists());
        } else {
            assert_success(&out);
            assert!(!err.contains("ignored the node limit"), "{engine}:\n{err}");
        }
    }
}
