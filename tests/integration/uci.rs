//! `ablate uci` driven as GUIs drive it: by raw protocol lines, and by python-chess's engine
//! module (a real UCI client) when it is installed.

use crate::common::ROOT;
use std::io::Write;
use std::process::{Command, Stdio};

/// Plays `script` to `ablate uci ARGS` as a GUI would: each line is sent, and after a `go` line
/// (unless the next line is `stop`) it waits for the `bestmove`. Returns all it printed.
fn converse(args: &[&str], script: &str) -> String {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_ablate"))
        .arg("uci")
        .args(args)
        .current_dir(ROOT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("ablate uci starts");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut text = String::new();
    let lines: Vec<&str> = script.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        if !line.starts_with("go") || lines.get(i + 1) == Some(&"stop") {
            continue;
        }
        loop {
            let mut got = String::new();
            if stdout.read_line(&mut got).unwrap() == 0 {
                break;
            }
            text.push_str(&got);
            if got.starts_with("bestmove") {
                break;
            }
        }
    }
    drop(stdin);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    text.push_str(&rest);
    assert!(child.wait().unwrap().success());
    text
}

fn last_info_nodes(text: &str) -> u64 {
    let line = text.lines().rfind(|l| l.starts_with("info depth")).unwrap();
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "nodes").unwrap();
    words[at + 1].parse().unwrap()
}

#[test]
fn go_depth_reports_exactly_the_search_command_s_nodes() {
    for (fen, sets) in [
        ("startpos", vec![]),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
            vec!["--set", "ordering.killers=0"],
        ),
    ] {
        let position = if fen == "startpos" {
            "position startpos".to_string()
        } else {
            format!("position fen {fen}")
        };
        let text = converse(
            &sets,
            &format!("uci\nisready\n{position}\ngo depth 5\nquit\n"),
        );
        assert!(text.contains("uciok") && text.contains("readyok"), "{text}");
        let mut args = vec!["search", "--fen", fen, "--depth", "5", "--format", "csv"];
        args.extend(&sets);
        let out = Command::new(env!("CARGO_BIN_EXE_ablate"))
            .args(&args)
            .output()
            .unwrap();
        let csv = String::from_utf8(out.stdout).unwrap();
        let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
        let last: Vec<&str> = csv.lines().last().unwrap().split(',').collect();
        let nodes_cum: u64 = last[header.iter().position(|h| *h == "nodes_cum").unwrap()]
            .parse()
            .unwrap();
        assert_eq!(last_info_nodes(&text), nodes_cum, "{fen}");
        // Nothing but UCI on standard output.
        for line in text.lines() {
            let first = line.split_whitespace().next().unwrap_or("");
            assert!(
                ["id", "option", "uciok", "readyok", "info", "bestmove"].contains(&first),
                "{line}"
            );
        }
    }
}

#[test]
fn every_knob_is_an_option_and_bad_input_never_crashes() {
    let text = converse(
        &[],
        "uci\nsetoption name nope value 1\nsetoption name ordering.killers value 9\n\
         setoption name Hash value 4\nposition fen garbage\nposition startpos moves e2e4 e7e6 e1e3\n\
         go depth -1\nbanana\ndebug on\nponderhit\nposition startpos moves e2e4\ngo depth 3\nisready\nquit\n",
    );
    for option in [
        "option name ordering.killers type spin default 2 min 0 max 4",
        "option name ordering.captures type combo default mvv_lva var none",
        "option name null_move.enabled type check default false",
        "option name Hash type spin default 16 min 1 max 4096",
        "option name Threads type spin default 1 min 1 max 1",
    ] {
        assert!(text.contains(option), "{option}\n{text}");
    }
    for error in [
        "info string error: option nope: unknown key \"nope\"",
        "info string error: option ordering.killers: ordering.killers = 9; expected 0 to 4",
        "info string error: position: FEN \"garbage\"",
        "info string error: position: move e1e3 is not legal",
        "info string error: go: depth -1; expected a whole number",
    ] {
        assert!(text.contains(error), "{error}\n{text}");
    }
    // Both searches answer, with legal moves (Black to move after 1.e4).
    let best: Vec<&str> = text.lines().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(best.len(), 2, "{text}");
    assert!(text.contains("readyok"), "{text}");
}

#[test]
fn a_line_that_is_not_utf8_is_skipped_and_the_engine_answers_on() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ablate"))
        .arg("uci")
        .current_dir(ROOT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ablate uci starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"isready\n\xff\xfe x\nisready\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(text.matches("readyok").count(), 2, "{text}");
    assert!(
        text.contains("info string skipped a line that is not UTF-8"),
        "{text}"
    );
}

#[test]
fn a_node_limit_still_gives_a_legal_move() {
    // The limit is checked every 4096 nodes, so `nodes 1` stops the search within its first
    // 4096 nodes; the move comes from the last iteration completed by then.
    let text = converse(&[], "position startpos\ngo nodes 1\nisready\nquit\n");
    assert!(text.contains("bestmove "), "{text}");
    let mv = text
        .lines()
        .find(|l| l.starts_with("bestmove"))
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap();
    assert!(!mv.is_empty() && mv != "0000", "{text}");
}

const PYTHON_CLIENT: &str = r#"
import sys, chess, chess.engine
engine = chess.engine.SimpleEngine.popen_uci([sys.argv[1], "uci"])
assert engine.id["name"].startswith("ablate"), engine.id
assert "ordering.killers" in engine.options and "Hash" in engine.options
engine.configure({"Hash": 8, "ordering.killers": 1})
board = chess.Board()
while not board.is_game_over(claim_draw=True) and board.ply() < 40:
    result = engine.play(board, chess.engine.Limit(depth=3))
    assert result.move in board.legal_moves, (board.fen(), result.move)
    board.push(result.move)
for fen in ["r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"]:
    info = engine.analyse(chess.Board(fen), chess.engine.Limit(depth=4))
    assert info["depth"] == 4 and "score" in info and info["pv"], info
mate = engine.analyse(chess.Board("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"), chess.engine.Limit(depth=3))
assert mate["score"].white().mate() == 1, mate
timed = engine.play(chess.Board(), chess.engine.Limit(white_clock=2, black_clock=2, white_inc=0.1, black_inc=0.1))
assert timed.move in chess.Board().legal_moves
engine.quit()
print("ok", board.ply())
"#;

/// Whether python-chess is there; says why the test skips when it is not.
fn python_chess() -> bool {
    let found = Command::new("python3")
        .args(["-c", "import chess.engine"])
        .status()
        .is_ok_and(|s| s.success());
    found || !crate::common::skip_without("python3 with python-chess", "pip install chess")
}

#[test]
#[cfg_attr(
    missing_python_chess,
    ignore = "needs python-chess (pip install chess; .ci/run installs it)"
)]
fn python_chess_plays_a_game_and_analyses_through_ablate_uci() {
    if !python_chess() {
        return;
    }
    let out = Command::new("python3")
        .args(["-c", PYTHON_CLIENT, env!("CARGO_BIN_EXE_ablate")])
        .output()
        .unwrap();
    assert!(
        out.status.success() && String::from_utf8_lossy(&out.stdout).starts_with("ok"),
        "stdout: {}\nstderr: {}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Two `ablate uci` processes play a whole game at 10 s + 0.1 s per move, the client keeping
/// the clocks as a match runner does (the wall time from `go` to `bestmove`).
const CLOCK_GAME: &str = r#"
import sys, time, chess, chess.engine
players = [chess.engine.SimpleEngine.popen_uci([sys.argv[1], "uci"]) for _ in range(2)]
clock, inc = [10.0, 10.0], 0.1
board = chess.Board()
lowest = 10.0
try:
    while not board.is_game_over(claim_draw=True) and board.ply() < 160:
        side = 0 if board.turn == chess.WHITE else 1
        limit = chess.engine.Limit(white_clock=clock[0], black_clock=clock[1], white_inc=inc, black_inc=inc)
        start = time.monotonic()
        result = players[side].play(board, limit)
        clock[side] -= time.monotonic() - start
        assert clock[side] > 0, f"lost on time at ply {board.ply()}: {clock}"
        lowest = min(lowest, clock[side])
        clock[side] += inc
        assert result.move in board.legal_moves, (board.fen(), result.move)
        board.push(result.move)
finally:
    # A failed game must still end the engines, or the referee waits for them forever.
    for p in players:
        p.quit()
print("ok", board.ply(), board.result(claim_draw=True), f"lowest clock {lowest:.2f} s")
"#;

#[test]
#[cfg_attr(
    missing_python_chess,
    ignore = "needs python-chess (pip install chess; .ci/run installs it)"
)]
fn a_game_at_10_plus_0_1_is_never_lost_on_time() {
    if !python_chess() {
        return;
    }
    let out = Command::new("python3")
        .args(["-c", CLOCK_GAME, env!("CARGO_BIN_EXE_ablate")])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    assert!(
        out.status.success() && stdout.starts_with("ok"),
        "stdout: {stdout}\nstderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}
