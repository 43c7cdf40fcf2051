//! A mate score is a proof. Under every pruning knob, alone and combined, every mate the search
//! reports at the root of a generated position (seeded random playouts from mating seeds) at
//! depths 1-6 is checked against an exhaustive mate search written apart from ablate, in
//! python-chess: the mating side can force mate within the claimed number of moves (mates in
//! 1-3), and the PV ends in checkmate.

use ablate::config::SearchConfig;
use ablate::search::search;
use cozy_chess::Board;
use rayon::prelude::*;
use std::io::Write;
use std::process::{Command, Stdio};

/// Positions with short mates for either side: the two false mates found by an outside audit
/// (late-move pruning), Win at Chess positions that mate, and simple mating endings.
const SEEDS: &[&str] = &[
    "1r6/1p4R1/pP2k3/5p2/8/5K2/P1PBPQ2/4RB2 w - - 0 1",
    "5k1r/1bpn1ppp/1P6/6q1/1P1pPp2/5K2/2N5/6r1 w - - 0 1",
    "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",
    "5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1",
    "r4q1k/p2bR1rp/2p2Q1N/5p2/5p2/2P5/PP3PPP/R5K1 w - - 0 1",
    "4k1r1/2p3r1/1pR1p3/3pP2p/3P2qP/P4N2/1PQ4P/5R1K b - - 0 1",
    "5rk1/pp4p1/2n1p2p/2Npq3/2p5/6P1/P3P1BP/R4Q1K w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "7k/8/6K1/8/8/8/8/1Q6 w - - 0 1",
    "8/8/8/8/8/2k5/1q6/K7 w - - 0 1",
    "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1",
];

/// Each pruning knob alone, the harshest late-move pruning, and everything at once.
const CONFIGS: &[&[&str]] = &[
    &[],
    &["null_move.enabled=true"],
    &["null_move.enabled=true", "null_move.verify=\"always\""],
    &[
        "null_move.enabled=true",
        "null_move.in_pawn_endings=true",
        "null_move.verify=\"subtree\"",
    ],
    &["lmr.enabled=true", "lmr.full_moves=1", "lmr.min_depth=2"],
    &["futility.enabled=true"],
    &["reverse_futility.enabled=true"],
    &["razoring.enabled=true"],
    &["late_move_pruning.enabled=true"],
    &[
        "late_move_pruning.enabled=true",
        "late_move_pruning.counts=[1,1,1]",
    ],
    &[
        "late_move_pruning.enabled=true",
        "late_move_pruning.counts=[1,1,1]",
        "extensions.check=true",
        "tt=\"off\"",
    ],
    &["quiescence.delta=true", "quiescence.checks=2"],
    &["extensions.check=true"],
    // Ethereal's check extension: every move at a node in check, not at the root.
    &[
        "extensions.check=true",
        "extensions.check_form=\"in_check\"",
    ],
    // The field's forms: Fruit's guarded and verified null move, Stockfish's verification
    // (from depth 2, so that it acts at these depths), Ethereal's SEE and late-move pruning.
    &[
        "null_move.enabled=true",
        "null_move.eval_guard=true",
        "null_move.verify=\"always\"",
        "null_move.verify_reduction=5",
    ],
    &[
        "null_move.enabled=true",
        "null_move.verify=\"stockfish\"",
        "null_move.verify_depth=2",
    ],
    &["see_pruning.enabled=true", "see_pruning.quiet_margin=0"],
    // ProbCut from depth 2 (depth 5 in Ethereal), so that these shallow searches try it, with
    // no margin: the reduced search alone decides.
    &[
        "probcut.enabled=true",
        "probcut.min_depth=2",
        "probcut.margin=0",
    ],
    // Internal iterative reduction from depth 2 (Stockfish: 6).
    &["iir.enabled=true", "iir.min_depth=2"],
    // Singular extensions and multi-cut from depth 2 (Ethereal: 8), a table entry from any
    // depth: multi-cut returns a bound that no move proved, so it must never be a mate.
    &[
        "singular.enabled=true",
        "singular.min_depth=2",
        "singular.table_depth_margin=8",
    ],
    // Stockfish's form at 88f17a814 from depth 2 (Stockfish: 6), double and negative
    // extensions and multi-cut.
    &[
        "singular.enabled=true",
        "singular.form=\"stockfish\"",
        "singular.min_depth=2",
        "singular.table_depth_margin=8",
    ],
    &[
        "late_move_pruning.enabled=true",
        "late_move_pruning.form=\"ethereal\"",
    ],
    // Ethereal's null move at e755a81, in pawn endings too (Ethereal: never there).
    &[
        "null_move.enabled=true",
        "null_move.form=\"ethereal\"",
        "null_move.in_pawn_endings=true",
    ],
    // Ethereal's count table at e755a81, by depth and `improving`.
    &[
        "late_move_pruning.enabled=true",
        "late_move_pruning.form=\"ethereal_table\"",
    ],
    // ... counting every quiet move seen, as Ethereal's quietsSeen, with the counter-move and
    // follow-up pruning whose skipped moves it counts.
    &[
        "late_move_pruning.enabled=true",
        "late_move_pruning.form=\"ethereal_table\"",
        "late_move_pruning.count=\"seen\"",
        "continuation.enabled=true",
        "continuation.pruning=true",
    ],
    // Stockfish's capture history, in the order and in the capture futility margin.
    &[
        "ordering.capture_history=true",
        "futility.captures=true",
        "null_move.enabled=true",
    ],
    // Ethereal's continuation history: its ordering, its counter-move and follow-up pruning,
    // and history in LMR (from depth 2, reducing from the second move).
    &[
        "continuation.enabled=true",
        "continuation.pruning=true",
        "continuation.lmr=true",
        "continuation.extension=true",
        "lmr.enabled=true",
        "lmr.full_moves=1",
        "lmr.min_depth=2",
    ],
    // Stockfish's statScore in LMR on Ethereal's tables, in place of Ethereal's history term.
    &[
        "continuation.enabled=true",
        "lmr.enabled=true",
        "lmr.stat_score=true",
        "lmr.full_moves=1",
        "lmr.min_depth=2",
    ],
    // The table's score as the evaluation, under every step that reads the evaluation, with
    // Fruit's null-move guard from depth 5 only.
    &[
        "tt_value_as_eval=true",
        "reverse_futility.enabled=true",
        "futility.enabled=true",
        "razoring.enabled=true",
        "null_move.enabled=true",
        "null_move.eval_guard=true",
        "null_move.eval_guard_min_depth=5",
        "probcut.enabled=true",
        "probcut.min_depth=2",
    ],
    // Stockfish's adjustments of LMR at 88f17a814 and IIR's cut-node rule, reducing from the
    // second move at depth 2.
    &[
        "lmr.enabled=true",
        "lmr.reduction=\"log\"",
        "lmr.full_moves=1",
        "lmr.min_depth=2",
        "lmr.pv_node=true",
        "lmr.tt_pv=true",
        "lmr.opponent_moves=true",
        "lmr.cut_node=true",
        "lmr.tt_capture=true",
        "lmr.range=true",
        "iir.enabled=true",
        "iir.min_depth=2",
        "iir.cut_nodes=true",
    ],
    // Stockfish's further history updates, with the pruning that reads the tables.
    &[
        "continuation.enabled=true",
        "continuation.pruning=true",
        "history_updates.tt_bonus=true",
        "history_updates.tt_penalty=true",
        "history_updates.prior_penalty=true",
        "history_updates.eval_difference=true",
        "null_move.enabled=true",
        "late_move_pruning.enabled=true",
    ],
    // Stockfish's small ProbCut in check, futility for captures and in quiescence, the quiet
    // hash-move extension.
    &[
        "continuation.enabled=true",
        "probcut.in_check=true",
        "futility.captures=true",
        "quiescence.futility=true",
        "extensions.quiet_tt_move=true",
        "null_move.enabled=true",
        "quiescence.tt=true",
        "quiescence.tt_value_as_eval=true",
    ],
    // Stockfish's continuation-history pruning in quiescence, over quiet checks there.
    &[
        "continuation.enabled=true",
        "quiescence.checks=1",
        "quiescence.continuation_pruning=true",
        "null_move.enabled=true",
        "late_move_pruning.enabled=true",
    ],
    // strength.toml's strongest, with its evaluation, read from its one declaration.
    &[STRONGEST],
    &[
        "null_move.enabled=true",
        "lmr.enabled=true",
        "futility.enabled=true",
        "reverse_futility.enabled=true",
        "razoring.enabled=true",
        "late_move_pruning.enabled=true",
        "late_move_pruning.counts=[1,1,1]",
        "quiescence.delta=true",
        "extensions.check=true",
        "probcut.enabled=true",
        "probcut.min_depth=2",
        "iir.enabled=true",
        "iir.min_depth=2",
        "singular.enabled=true",
        "singular.min_depth=2",
        "tt_value_as_eval=true",
        "continuation.enabled=true",
        "continuation.pruning=true",
        "continuation.lmr=true",
    ],
];

/// Stands for strength.toml's `strongest` in `CONFIGS`.
const STRONGEST: &str = "strength.toml's strongest";

const DEPTH: u32 = 6;
const PLAYOUTS: u64 = 4;

/// The exhaustive check, apart from ablate: python-chess's move generator, no evaluation.
const VERIFY: &str = r#"
import chess, json, sys

def wins(board, n, memo):
    """The side to move mates within n of its moves, whatever the defence."""
    key = (board.fen(), n, "w")
    if key in memo:
        return memo[key]
    moves = sorted(board.legal_moves, key=lambda m: not board.gives_check(m))
    result = False
    for move in moves:
        if n == 1 and not board.gives_check(move):
            continue
        board.push(move)
        if board.is_checkmate() or (n > 1 and loses(board, n - 1, memo)):
            result = True
        board.pop()
        if result:
            break
    memo[key] = result
    return result

def loses(board, n, memo):
    """Every move of the side to move lets the opponent mate within n moves."""
    if board.is_checkmate():
        return True
    moves = list(board.legal_moves)
    if not moves:
        return False
    for move in moves:
        board.push(move)
        ok = wins(board, n, memo)
        board.pop()
        if not ok:
            return False
    return True

bad = []
memo = {}
for line in sys.stdin:
    claim = json.loads(line)
    board = chess.Board(claim["fen"])
    mate = claim["mate"]
    pv = board.copy()
    legal = True
    for uci in claim["pv"].split():
        move = chess.Move.from_uci(uci)
        if move not in pv.legal_moves:
            legal = False
            break
        pv.push(move)
    if not legal or not pv.is_checkmate():
        bad.append(f"{claim['where']}: mate {mate}, but the PV {claim['pv']!r} does not end in checkmate")
    if abs(mate) <= 3:
        proved = wins(board, mate, memo) if mate > 0 else loses(board, -mate, memo)
        if not proved:
            bad.append(f"{claim['where']}: reports mate {mate}, which no exhaustive search proves")
print(json.dumps(bad))
"#;

/// Positions after up to 3 random plies from each seed, seeded so every run sees the same ones.
fn positions() -> Vec<Board> {
    let mut out = Vec::new();
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for fen in SEEDS {
        let seed: Board = fen.parse().unwrap();
        out.push(seed.clone());
        for _ in 0..PLAYOUTS {
            let mut board = seed.clone();
            for _ in 0..(next() % 4) {
                let mut moves = Vec::new();
                board.generate_moves(|list| {
                    moves.extend(list);
                    false
                });
                if moves.is_empty() {
                    break;
                }
                board.play(moves[(next() % moves.len() as u64) as usize]);
            }
            if board.status() == cozy_chess::GameStatus::Ongoing {
                out.push(board);
            }
        }
    }
    out.sort_by_key(|b| format!("{b}"));
    out.dedup_by_key(|b| format!("{b}"));
    out
}

fn config(sets: &[&str]) -> SearchConfig {
    if sets == [STRONGEST] {
        let file = std::path::Path::new(crate::common::ROOT).join("configs/strength.toml");
        let experiment = ablate::config::experiment::Experiment::load(&file).unwrap();
        let resolved = experiment.resolve(&[]).unwrap();
        return resolved
            .into_iter()
            .find(|v| v.name == "strongest")
            .expect("strength.toml declares strongest")
            .config;
    }
    crate::common::config(sets)
}

#[test]
#[cfg_attr(
    missing_python_chess,
    ignore = "needs python-chess (pip install chess; .ci/run installs it)"
)]
fn every_reported_mate_is_proved_by_an_exhaustive_search() {
    let has_chess = Command::new("python3")
        .args(["-c", "import chess"])
        .status()
        .is_ok_and(|s| s.success());
    if !has_chess && crate::common::skip_without("python3 with python-chess", "pip install chess") {
        return;
    }
    let boards = positions();
    let jobs: Vec<(&Board, &[&str])> = boards
        .iter()
        .flat_map(|b| CONFIGS.iter().map(move |c| (b, *c)))
        .collect();
    let claims: Vec<String> = jobs
        .par_iter()
        .flat_map_iter(|(board, sets)| {
            let reports = search(board, DEPTH, &config(sets), None).unwrap();
            reports
                .into_iter()
                .filter_map(|r| r.mate.map(|m| (r.depth, m, r.pv)))
                .map(|(depth, mate, pv)| {
                    serde_json::json!({
                        "fen": board.to_string(),
                        "mate": mate,
                        "pv": pv,
                        "where": format!("{board} depth {depth} with {sets:?}"),
                    })
                    .to_string()
                })
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        claims.len() >= 100,
        "the generated positions should give many mates to check, got {}",
        claims.len()
    );
    let mut child = Command::new("python3")
        .args(["-c", VERIFY])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all((claims.join("\n") + "\n").as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "the verifier failed");
    let bad: Vec<String> = serde_json::from_slice(&out.stdout).unwrap();
    println!(
        "{} positions, {} configurations, {} mates checked",
        boards.len(),
        CONFIGS.len(),
        claims.len()
    );
    assert!(
        bad.is_empty(),
        "{} false or unproved mates:\n{}",
        bad.len(),
        bad.join("\n")
    );
}
