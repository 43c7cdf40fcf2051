//! The learned evaluation end to end: `ablate train` writes a net that reads back as written,
//! the same for any --jobs and when resumed; `ablate eval` prints the network's output as the
//! layout computes it; bad input is named with its place; a variant with the network plays a
//! match at a node budget.

use crate::common::{ablate, assert_success, copy_positions, ROOT};
use ablate::chess::nnue::Network;
use std::path::Path;

/// Lines in the text form: positions of a short game, scored and with a result.
const DATA: &str = "\
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 30 | 1.0
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 | 35 | 1.0
rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2 | 28 | 1.0
rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2 | 40 | 1.0
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 | 33 | 1.0
r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3 | 45 | 1.0
4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 250 | 0.5
4k3/8/8/8/8/8/4p3/4K3 b - - 0 1 | -250 | 0.5
4k3/8/8/8/8/8/8/3QK3 w - - 0 1 | 900 | 1.0
3qk3/8/8/8/8/8/8/4K3 w - - 0 1 | -900 | 0.0
";

fn train(dir: &Path, out: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "train", "data.txt", "--hidden", "8", "--batch", "4", "--out", out,
    ];
    args.extend(extra);
    ablate(dir, &args)
}

#[test]
fn a_trained_net_reads_back_and_is_the_same_for_any_jobs_and_when_resumed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("data.txt"), DATA.repeat(20)).unwrap();
    assert_success(&train(
        dir.path(),
        "one.nnue",
        &["--epochs", "3", "--jobs", "1"],
    ));
    assert_success(&train(
        dir.path(),
        "two.nnue",
        &["--epochs", "3", "--jobs", "2"],
    ));
    let one = std::fs::read(dir.path().join("one.nnue")).unwrap();
    assert_eq!(one, std::fs::read(dir.path().join("two.nnue")).unwrap());
    // Two epochs, then the same command asking for three: the third epoch is trained from
    // the checkpoint, and the net is the one three epochs in one run make.
    assert_success(&train(dir.path(), "cut.nnue", &["--epochs", "2"]));
    let resumed = train(dir.path(), "cut.nnue", &["--epochs", "3"]);
    assert_success(&resumed);
    assert!(String::from_utf8_lossy(&resumed.stderr).contains("resuming"));
    assert_eq!(one, std::fs::read(dir.path().join("cut.nnue")).unwrap());
    // The file is bullet's layout of H = 8, and reads back as written.
    let net = Network::load(&dir.path().join("one.nnue")).unwrap();
    assert_eq!(net.hidden(), 8);
    assert_eq!(one.len(), 12_352, "2·(771·8 + 1) bytes padded to 64");
    assert_eq!(net.to_bytes(), one);
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("one.json")).unwrap()).unwrap();
    assert_eq!(manifest["epochs"].as_array().unwrap().len(), 3);
    assert_eq!(manifest["positions"], 200);

    // `ablate eval` prints the network's output as the layout computes it.
    let eval = ablate(
        dir.path(),
        &[
            "eval",
            "--set",
            "eval=nnue",
            "--set",
            "eval.net=one.nnue",
            "startpos",
        ],
    );
    assert_success(&eval);
    let board = cozy_chess::Board::default();
    assert_eq!(
        String::from_utf8_lossy(&eval.stdout),
        format!("{board}\t{}\n", net.evaluate_board(&board))
    );
}

#[test]
fn bad_input_is_named_with_its_place() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("data.txt"),
        format!("{DATA}4k3/8/8 w - - 0 1 | 0 | 0.5\n"),
    )
    .unwrap();
    let out = train(dir.path(), "x.nnue", &[]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("data.txt:11: FEN"), "{stderr}");
    std::fs::write(dir.path().join("short.nnue"), [0u8; 1000]).unwrap();
    let out = ablate(
        dir.path(),
        &[
            "eval",
            "--set",
            "eval=nnue",
            "--set",
            "eval.net=short.nnue",
            "startpos",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("short.nnue: 1000 bytes; expected"),
        "{stderr}"
    );
    let out = ablate(dir.path(), &["eval", "not a fen"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("FEN 1:"));
}

#[test]
fn a_variant_with_the_network_plays_a_match_at_a_node_budget() {
    let dir = tempfile::tempdir().unwrap();
    copy_positions(dir.path());
    let config = format!("{ROOT}/configs/nnue.toml");
    let out = ablate(
        dir.path(),
        &[
            "match",
            "--config",
            &config,
            "--variant",
            "strongest_nnue",
            "--games",
            "2",
            "--nodes",
            "2000",
            "--out",
            "m.csv",
            "--adjudicate",
            "draw=10,3000,1",
        ],
    );
    assert_success(&out);
    let games = std::fs::read_to_string(dir.path().join("m.csv")).unwrap();
    assert_eq!(games.lines().count(), 3, "{games}");
    assert!(games.contains("strongest_nnue"));
}
