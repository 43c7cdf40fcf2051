//! Stockfish 15.1 with a switch per step (issue 90): the build that
//! `engines/stockfish/build-stockfish.sh` makes from the project's patch searches, with every
//! switch on, exactly as Debian's `stockfish` (the same nodes on the same positions, position by
//! position), and each switch off changes what it searches. The build script has already held
//! its bench to the tag's 3467381.

use crate::common::ROOT;
use crate::ignored_tests::probe;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// The switches, as the patch declares them (engines/stockfish/switches.patch).
use ablate::matches::engine_factors::STOCKFISH_SWITCH_OPTIONS as SWITCHES;

/// Positions of the project's own suites (positions/bench.epd, Stockfish's bench, and
/// positions/openings.epd): openings, middlegames and an endgame, none a quick mate, so that
/// every step has work to do.
const POSITIONS: &[&str] = &[
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    "rq3rk1/ppp2ppp/1bnpb3/3N2B1/3NP3/7P/PPPQ1PP1/2KR3R w - - 7 14",
    "r1bqk1nr/pppp1ppp/2nb4/4p3/4P3/3B4/PPPPNPPP/RNBQK2R w KQkq - 0 4",
    "rnbqkb1r/pp2pppp/3p1n2/2p5/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 0 4",
];

/// Each position's nodes and the total, from `bench 16 1 DEPTH FILE depth` after `setoptions`:
/// a position's nodes are those of its last `info` line before its `bestmove`.
fn bench(engine: &Path, setoptions: &[&str], depth: u32) -> (Vec<u64>, u64) {
    let dir = tempfile::tempdir().unwrap();
    let fens = dir.path().join("positions.fen");
    std::fs::write(&fens, POSITIONS.join("\n") + "\n").unwrap();
    let mut input = String::new();
    for name in setoptions {
        input += &format!("setoption name {name} value false\n");
    }
    input += &format!("bench 16 1 {depth} {} depth\nquit\n", fens.display());
    let mut child = Command::new(engine)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e}", engine.display()));
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    // bench writes its searches to stdout and its totals to stderr.
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    let (mut per_position, mut last) = (Vec::new(), None);
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let Some(i) = words.iter().position(|w| *w == "nodes") {
            if words.first() == Some(&"info") {
                last = words.get(i + 1).and_then(|n| n.parse::<u64>().ok());
            }
        }
        if line.starts_with("bestmove") {
            per_position.push(last.take().expect("a search before its bestmove"));
        }
    }
    let total = text
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched"))
        .and_then(|rest| rest.trim_start_matches([' ', ':']).trim().parse().ok())
        .unwrap_or_else(|| panic!("{}: no 'Nodes searched' in\n{text}", engine.display()));
    assert_eq!(per_position.len(), POSITIONS.len(), "{text}");
    (per_position, total)
}

/// The patched build, or None (skipped, or failed under CI) when it has not been built.
fn switches_build() -> Option<std::path::PathBuf> {
    let path = Path::new(ROOT).join(probe::STOCKFISH_SWITCHES);
    if path.is_file() {
        return Some(path);
    }
    crate::common::skip_without(
        "engines/stockfish/stockfish-switches",
        "engines/stockfish/build-stockfish.sh stockfish-sf_15.1.tar.gz",
    );
    None
}

#[test]
#[cfg_attr(
    any(missing_stockfish_switches, missing_stockfish),
    ignore = "needs engines/stockfish/stockfish-switches (engines/stockfish/build-stockfish.sh) and Debian's stockfish"
)]
fn every_switch_on_searches_as_debian_s_stockfish() {
    let Some(patched) = switches_build() else {
        return;
    };
    let debian = Path::new("/usr/games/stockfish");
    if !debian.is_file() {
        crate::common::skip_without("stockfish", "apt-get install stockfish");
        return;
    }
    let (theirs, their_total) = bench(debian, &[], 11);
    let (ours, our_total) = bench(&patched, &[], 11);
    assert_eq!(ours, theirs, "nodes per position, patched against Debian's");
    assert_eq!(our_total, their_total);
    assert!(ours.iter().all(|&n| n > 1_000), "{ours:?}");
}

#[test]
#[cfg_attr(
    missing_stockfish_switches,
    ignore = "needs engines/stockfish/stockfish-switches (engines/stockfish/build-stockfish.sh)"
)]
fn each_switch_is_declared_and_off_changes_the_search() {
    let Some(patched) = switches_build() else {
        return;
    };
    let uci = Command::new(&patched)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(b"uci\nquit\n")?;
            child.wait_with_output()
        })
        .unwrap();
    let declared = String::from_utf8_lossy(&uci.stdout);
    for name in SWITCHES {
        let line = format!("option name {name} type check default true");
        assert!(declared.contains(&line), "{line} missing from\n{declared}");
    }
    let (on, on_total) = bench(&patched, &[], 11);
    for name in SWITCHES {
        let (off, off_total) = bench(&patched, &[name], 11);
        assert_ne!(
            off_total, on_total,
            "{name} off searched as every switch on"
        );
        assert_ne!(off, on, "{name}");
    }
}

#[test]
#[cfg_attr(
    missing_stockfish,
    ignore = "needs Debian's stockfish (apt-get install stockfish)"
)]
fn a_design_over_released_stockfish_is_pointed_to_the_build() {
    if !crate::common::installed("stockfish") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    crate::common::copy_positions(dir.path());
    let config = "name = \"sf\"\nbaseline = \"stockfish\"\n\
        [variants.stockfish]\nengine = \"stockfish\"\nengine_options = { Hash = 16, Threads = 1 }\n\
        [design]\nfraction = \"full\"\n[design.factors]\n\
        no_null_move = { engine_options = { \"Null Move\" = false } }\n\
        no_lmr = { engine_options = { \"LMR\" = false } }\n\
        [runs.quick]\ndesign = true\nnodes = 5000\ngames = 2\nout = \"out/sf.games.csv\"\n";
    std::fs::write(dir.path().join("sf.toml"), config).unwrap();
    let out = crate::common::ablate(dir.path(), &["match", "-c", "sf.toml", "--run", "quick"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "accepted");
    assert!(
        err.contains("factor \"no_null_move\": engine option \"Null Move\": the engine declares no such option")
            && err.contains("engines/stockfish/build-stockfish.sh")
            && err.contains("docs/stockfish.md"),
        "{err}"
    );
    assert!(!dir.path().join("out").exists(), "a file was written");
}

/// `scripts/replay-engine-side.py` plays a committed game's side again with ablate's commands:
/// a game after the games its process played before it (`--history`), and the 25,000-node
/// run's faulted game, whose full engine stalled, replay every recorded move (the build and
/// the games are deterministic under `go nodes` on one thread), and a game file whose moves
/// were altered is caught.
#[test]
#[cfg_attr(
    missing_stockfish_switches,
    ignore = "needs engines/stockfish/stockfish-switches (engines/stockfish/build-stockfish.sh)"
)]
fn a_committed_games_side_replays_move_for_move() {
    if switches_build().is_none() {
        return;
    }
    let point = "no_reverse_futility,no_probcut,no_move_count_pruning,no_see_pruning,no_parent_futility,no_singular_extension,no_lmr";
    // The script on `games`, one game's variant, pair and game, and any flag; it must end as
    // `succeeds` says, and its output is returned.
    let replay = |games: &Path, game: &[&str], succeeds: bool| {
        let out = Command::new("python3")
            .current_dir(ROOT)
            .arg("scripts/replay-engine-side.py")
            .arg(games)
            .args(game)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            out.status.code(),
            Some(if succeeds { 0 } else { 1 }),
            "{text}{err}"
        );
        text
    };
    let games = Path::new(ROOT).join("results/engines/stockfish-25k.games.csv");
    // With its history: the run's first three games through the same process, then the fourth,
    // as ablate's pool played them.
    let earlier = [
        "no_reverse_futility,no_singular_extension,no_lmr",
        "0",
        "1",
        "--history",
    ];
    let text = replay(&games, &earlier, true);
    assert!(
        text.contains("3 earlier games, 272 moves replayed as recorded\n"),
        "{text}"
    );
    assert!(
        text.contains("46 moves replayed as recorded, 0 differ"),
        "{text}"
    );
    let text = replay(&games, &[point, "2", "1"], true);
    assert!(
        text.contains("40 moves replayed as recorded, 0 differ"),
        "{text}"
    );
    assert!(text.contains("ply 80: "), "{text}");
    // The same game with one of the full engine's moves changed (its 3rd, ply 4) differs there.
    let dir = tempfile::tempdir().unwrap();
    let altered = dir.path().join("stockfish-25k.games.csv");
    let csv = std::fs::read_to_string(&games).unwrap();
    let row = csv
        .lines()
        .find(|l| l.contains(&format!("\"{point}\",stockfish,2,1,")))
        .unwrap();
    let moves = row.rsplit(',').nth(1).unwrap();
    let mut words: Vec<&str> = moves.split(' ').collect();
    assert_eq!(words[4], "e1g1", "{moves}");
    words[4] = "h2h3";
    let changed = row.replace(moves, &words.join(" "));
    std::fs::write(&altered, csv.replace(row, &changed)).unwrap();
    std::fs::copy(games.with_extension("json"), altered.with_extension("json")).unwrap();
    let text = replay(&altered, &[point, "2", "1"], false);
    assert!(
        text.contains("ply 4: e1g1 after ") && text.contains("; recorded h2h3"),
        "{text}"
    );
    assert!(
        text.contains("2 moves replayed as recorded, 1 differ"),
        "{text}"
    );
}
