//! Helpers shared by the integration tests: run the binary as a user would.

pub mod simulated_games;

use std::path::Path;
use std::process::{Command, Output};

/// The repository root.
pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A match config: one killer slot against two (a pure ordering change, about equal in
/// strength), and the baseline against itself. Copy `positions/` beside it.
pub const EVEN_MATCH: &str = "name = \"even\"\nsuite = \"positions/bk.epd\"\ndepths = [1]\n\
[search]\ntt_mb = 1\n[variants.one_killer]\nordering.killers = 1\n[variants.itself]\n";

/// Runs `ablate` in `dir` with `CI` set, as CI does, and returns its output.
pub fn ablate(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ablate"))
        .args(args)
        .current_dir(dir)
        .env("CI", "true")
        .output()
        .expect("ablate runs")
}

/// Copies the suite and the openings that the match tests play from into `dir/positions/`.
pub fn copy_positions(dir: &Path) {
    copy_these_positions(dir, &["bk.epd", "openings.epd"]);
}

/// Copies the shipped position files `files` into `dir/positions/`.
pub fn copy_these_positions(dir: &Path, files: &[&str]) {
    std::fs::create_dir_all(dir.join("positions")).unwrap();
    for f in files {
        std::fs::copy(
            Path::new(ROOT).join("positions").join(f),
            dir.join("positions").join(f),
        )
        .unwrap();
    }
}

/// Asserts exit code 0, showing both streams when it is not.
pub fn assert_success(out: &Output) {
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}\nstdout: {}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    );
}

/// A test that drives a real program calls this when the program (or what it needs) is
/// missing: on a developer's machine it prints why it skips and returns true; under `CI=true`
/// it fails, because CI installs every program the tests drive and a skip there would hide it.
pub fn skip_without(what: &str, install: &str) -> bool {
    let message = format!("{what} is missing ({install}); .ci/run installs it");
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("CI=true and {message}: a test whose program is missing fails under CI");
    }
    println!("SKIPPED: {message}");
    true
}

/// A python-chess script: replays every game of a PGN, checks each move legal, PlyCount, and
/// each Termination (with ablate's detail in the comment before the result) against the final
/// position; prints `ok N`.
pub const REPLAY_PGN: &str = r#"
import sys, chess, chess.pgn
games = 0
with open(sys.argv[1]) as f:
    while True:
        game = chess.pgn.read_game(f)
        if game is None:
            break
        assert not game.errors, game.errors
        board = game.board()
        for move in game.mainline_moves():
            assert move in board.legal_moves, (board.fen(), move)
            board.push(move)
        h = game.headers
        assert int(h["PlyCount"]) == board.ply() - chess.Board(h["FEN"]).ply(), h
        term, result = h["Termination"], h["Result"]
        # The PGN standard's Termination value; ablate's detail is the comment before the result.
        detail = game.end().comment.strip()
        assert h["TimeControl"] == "-" or "+" in h["TimeControl"], h
        if term == "normal" and detail.endswith("checkmate"):
            assert board.is_checkmate(), board.fen()
            assert result == ("0-1" if board.turn == chess.WHITE else "1-0"), (result, board.fen())
        elif term == "normal" and detail.endswith("stalemate"):
            assert board.is_stalemate() and result == "1/2-1/2", board.fen()
        elif term == "normal" and detail.endswith("threefold repetition"):
            assert board.is_repetition(3) and result == "1/2-1/2", board.fen()
        elif term == "normal" and detail.endswith("fifty-move rule"):
            assert board.halfmove_clock >= 100 and result == "1/2-1/2", board.fen()
        elif term == "normal" and detail.endswith("insufficient material"):
            assert board.is_insufficient_material() and result == "1/2-1/2", board.fen()
        elif term == "adjudication":
            assert "adjudication: " in detail, detail
            # Not over by a rule ablate applies (a draw that one more move could claim is not).
            assert not board.is_game_over() and not board.is_repetition(3), (term, board.fen())
            assert board.halfmove_clock < 100, (term, board.fen())
        elif term in ("time forfeit", "rules infraction", "abandoned"):
            # A fault: the side to move in the final position did it and lost.
            assert term + ": " in detail, (term, detail)
            assert not board.is_game_over(), (term, board.fen())
            assert result == ("0-1" if board.turn == chess.WHITE else "1-0"), (result, board.fen())
        else:
            raise AssertionError((term, detail))
        games += 1
print("ok", games)
"#;

/// Replays `pgn` with python-chess (`REPLAY_PGN`) and fails the test on any problem; false
/// when python-chess is missing off CI (the caller returns: the test is skipped).
pub fn replay_pgn(pgn: &Path) -> bool {
    let has_chess = std::process::Command::new("python3")
        .args(["-c", "import chess.pgn"])
        .status()
        .is_ok_and(|s| s.success());
    if !has_chess && skip_without("python-chess, for the PGN replay,", "pip install chess") {
        return false;
    }
    let out = std::process::Command::new("python3")
        .args(["-c", REPLAY_PGN, pgn.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success() && out.stdout.starts_with(b"ok"),
        "{}: {}{}",
        pgn.display(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    true
}

/// True when the engine's program is installed; off CI, false with a printed reason to skip.
pub fn installed(program: &str) -> bool {
    let found = ["/usr/games", "/usr/bin", "/usr/local/bin"]
        .iter()
        .any(|d| Path::new(d).join(program).is_file());
    found || !skip_without(program, &format!("apt-get install {program}"))
}

/// The committed result file `name` (`killers.csv`, `pruning.games.json`): in its experiment's
/// folder `results/<experiment>/`, or flat in `results/` for the few not yet moved.
pub fn result(name: &str) -> std::path::PathBuf {
    let results = Path::new(ROOT).join("results");
    let mut found: Vec<std::path::PathBuf> = result_folders()
        .into_iter()
        .map(|folder| folder.join(name))
        .filter(|p| p.is_file())
        .collect();
    assert!(
        found.len() == 1,
        "{name}: expected one committed file of that name under {}, found {found:?}",
        results.display()
    );
    found.remove(0)
}

/// `results/` and each experiment's folder in it (not `results/runs/`, where ad-hoc runs go).
pub fn result_folders() -> Vec<std::path::PathBuf> {
    let results = Path::new(ROOT).join("results");
    let mut folders = vec![results.clone()];
    let mut subfolders: Vec<std::path::PathBuf> = std::fs::read_dir(&results)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir() && !p.ends_with("runs"))
        .collect();
    subfolders.sort();
    folders.extend(subfolders);
    folders
}

/// Every committed file under `results/` whose name ends with `suffix`, sorted.
pub fn result_files(suffix: &str) -> Vec<std::path::PathBuf> {
    let mut files: Vec<std::path::PathBuf> = result_folders()
        .iter()
        .flat_map(|folder| std::fs::read_dir(folder).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && p.to_string_lossy().ends_with(suffix))
        .collect();
    files.sort();
    files
}

/// A search configuration from `key=value` settings over the defaults, as `--set` gives them;
/// a setting that does not resolve fails the test with the settings and the reason.
pub fn config(sets: &[&str]) -> ablate::config::SearchConfig {
    use ablate::config::{layer, search_config::SearchLayer};
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    let layer = SearchLayer::from_sets(&sets).unwrap();
    layer::resolve(&[&layer]).unwrap_or_else(|e| panic!("{sets:?}: {e}"))
}

/// A copy of a designed match's games (`from`, with its manifest and PGN) in which every
/// design point lost every game, written to `to`: a design the model cannot fit.
pub fn every_point_loses(from: &Path, to: &Path) {
    let mut reader = csv::Reader::from_path(from).unwrap();
    let header = reader.headers().unwrap().clone();
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let (variant, opponent) = (column("variant"), column("opponent"));
    let (white, result) = (column("white"), column("result"));
    let mut writer = csv::Writer::from_path(to).unwrap();
    writer.write_record(&header).unwrap();
    for record in reader.records() {
        let mut cells: Vec<String> = record.unwrap().iter().map(String::from).collect();
        if cells[variant] != cells[opponent] {
            let lost = if cells[white] == cells[variant] {
                "0-1"
            } else {
                "1-0"
            };
            cells[result] = lost.to_string();
        }
        writer.write_record(&cells).unwrap();
    }
    writer.flush().unwrap();
    for extension in ["json", "pgn"] {
        std::fs::copy(from.with_extension(extension), to.with_extension(extension)).unwrap();
    }
}
