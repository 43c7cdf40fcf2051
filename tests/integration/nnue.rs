//! The learned evaluation end to end: `ablate train` writes a net that reads back as written,
//! the same for any --jobs and when resumed; `ablate eval` prints the network's output as the
//! layout computes it; bad input is named with its place; a variant with the network plays a
//! match at a node budget; a net of random weights never evaluates or searches to a mate.

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

/// A file of the right size and padding with random weights (bullet writes no magic number):
/// what a wrong file gives. A fixed linear congruential sequence, so the test is the same
/// every run.
fn random_net(hidden: usize, seed: u64) -> Network {
    let mut state = seed;
    let mut next = |n: usize| -> Vec<i16> {
        (0..n)
            .map(|_| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                (state >> 48) as u16 as i16
            })
            .collect()
    };
    let weights = next(768 * hidden);
    let bias = next(hidden);
    let output = next(2 * hidden);
    Network::from_parts(weights, bias, output, next(1)[0])
}

/// Quiet positions with no mate near: the start, an opening, a middlegame, an endgame.
const NO_MATE: [&str; 4] = [
    "startpos",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10",
    "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 99 50",
];

#[test]
fn a_net_of_random_weights_never_evaluates_or_searches_to_a_mate() {
    let dir = tempfile::tempdir().unwrap();
    for seed in 1..=4 {
        let file = format!("random-{seed}.nnue");
        std::fs::write(dir.path().join(&file), random_net(64, seed).to_bytes()).unwrap();
        let net = format!("eval.net={file}");
        let mut args = vec!["eval", "--set", "eval=nnue", "--set", &net];
        args.extend(NO_MATE);
        let eval = ablate(dir.path(), &args);
        assert_success(&eval);
        let start = random_net(64, seed).evaluate_board(&cozy_chess::Board::default());
        if start.abs() > 1_000 {
            let stderr = String::from_utf8_lossy(&eval.stderr);
            let warning = format!("warning: {file}: the initial position evaluates to");
            assert!(stderr.contains(&warning), "{stderr}");
        }
        for line in String::from_utf8_lossy(&eval.stdout).lines() {
            let cp: i32 = line.rsplit('\t').next().unwrap().parse().unwrap();
            assert!(cp.abs() < 29_872, "{file}: {line}");
        }
        // The plain search and strongest, whose pruning adds margins to the evaluation.
        let config = format!("{ROOT}/configs/strength.toml");
        for variant in ["full", "strongest"] {
            for fen in NO_MATE {
                let out = ablate(
                    dir.path(),
                    &[
                        "search",
                        "--config",
                        &config,
                        "--variant",
                        variant,
                        "--set",
                        "eval=nnue",
                        "--set",
                        &net,
                        "--fen",
                        fen,
                        "--depth",
                        "4",
                        "--format",
                        "csv",
                    ],
                );
                assert_success(&out);
                let stdout = String::from_utf8_lossy(&out.stdout);
                for row in stdout.lines().skip(1) {
                    let fields: Vec<&str> = row.split(',').collect();
                    let score: i32 = fields[1].parse().unwrap();
                    assert!(
                        fields[2].is_empty() && score.abs() < 29_872,
                        "{file}, {variant}, {fen}: {row}"
                    );
                }
            }
        }
    }
}
