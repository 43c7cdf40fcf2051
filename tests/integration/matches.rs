//! `ablate match` end to end: deterministic games for any --jobs, a PGN that python-chess
//! replays with results and terminations that agree with the final positions, Elo and SPRT
//! that say what they should of an even and of a lopsided match, and interrupt, resume, shards
//! and merge that lose no game.

use ablate::game_record::GameRow;

use crate::common::{ablate, assert_success, ROOT};
use ablate::matches::games_csv::read_games;
use std::path::Path;
use std::process::Command;

/// Baseline without quiescence; one variant clearly stronger, one clearly weaker.
const LOPSIDED: &str = "name = \"lopsided\"\nsuite = \"positions/bk.epd\"\ndepths = [1]\n\
[search]\ntt_mb = 1\nquiescence.enabled = false\n\
[variants.quiescence]\nquiescence.enabled = true\n\
[variants.material]\neval = \"material\"\n";

fn setup(dir: &Path) {
    crate::common::copy_positions(dir);
    std::fs::write(dir.join("lopsided.toml"), LOPSIDED).unwrap();
    std::fs::write(dir.join("even.toml"), crate::common::EVEN_MATCH).unwrap();
}

/// Waits until `csv` has `lines` lines (header included), sends `signal`, and returns the exit
/// code.
fn stop_after_lines(
    child: &mut std::process::Child,
    csv: &Path,
    lines: usize,
    signal: &str,
) -> Option<i32> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while std::fs::read_to_string(csv).map_or(0, |t| t.lines().count()) < lines {
        assert!(std::time::Instant::now() < deadline, "no game finished");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    child.wait().unwrap().code()
}

/// Every column but the thinking times.
fn games(path: &Path) -> Vec<Vec<String>> {
    read_games(path)
        .unwrap()
        .into_iter()
        .map(|g: GameRow| {
            vec![
                g.variant,
                g.opponent,
                g.pair.to_string(),
                g.game.to_string(),
                g.opening,
                g.fen,
                g.white,
                g.black,
                g.result,
                g.termination,
                g.plies.to_string(),
                g.white_nodes.to_string(),
                g.black_nodes.to_string(),
                g.moves,
                g.notes,
                g.match_hash,
            ]
        })
        .collect()
}

fn json(out: &std::process::Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
}

#[test]
#[cfg_attr(
    missing_python_chess,
    ignore = "needs python-chess (pip install chess; .ci/run installs it)"
)]
fn games_are_the_same_for_any_jobs_and_replay_legally_in_python_chess() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path());
    let run = |jobs: &str, out: &str| {
        let o = ablate(
            dir.path(),
            &[
                "match",
                "-c",
                "lopsided.toml",
                "--games",
                "12",
                "--depth",
                "2",
                "--jobs",
                jobs,
                "--out",
                out,
                "-q",
            ],
        );
        assert_success(&o);
    };
    run("1", "one.csv");
    run("2", "two.csv");
    assert_eq!(
        games(&dir.path().join("one.csv")),
        games(&dir.path().join("two.csv"))
    );
    assert_eq!(games(&dir.path().join("one.csv")).len(), 24);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("one.pgn")).unwrap(),
        std::fs::read_to_string(dir.path().join("two.pgn")).unwrap()
    );
    // Many games, so that most ways of ending turn up: a longer run without adjudication.
    let o = ablate(
        dir.path(),
        &[
            "match",
            "-c",
            "even.toml",
            "--games",
            "60",
            "--nodes",
            "800",
            "--out",
            "many.csv",
            "-q",
            "--seed",
            "7",
        ],
    );
    assert_success(&o);
    let rows = read_games(&dir.path().join("many.csv")).unwrap();
    let kinds: std::collections::BTreeSet<&str> =
        rows.iter().map(|r| r.termination.as_str()).collect();
    println!("terminations seen: {kinds:?}");
    assert!(kinds.len() >= 2, "{kinds:?}");
    for pgn in ["one.pgn", "many.pgn"] {
        if !crate::common::replay_pgn(&dir.path().join(pgn)) {
            return;
        }
    }
}

#[test]
fn an_even_match_contains_zero_and_a_lopsided_one_decides_both_ways() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path());
    // 100 game pairs of two nearly equal variants.
    let out = ablate(
        dir.path(),
        &[
            "match",
            "-c",
            "even.toml",
            "--games",
            "200",
            "--nodes",
            "1500",
            "--adjudicate",
            "draw=30,20,4",
            "resign=500,3",
            "--json",
            "-q",
            "--out",
            "even.csv",
        ],
    );
    assert_success(&out);
    let summary = json(&out);
    // The baseline against itself: the two games of a pair mirror each other, 1 point each.
    let itself = &summary[1];
    assert_eq!(itself["variant"], "itself");
    assert_eq!(
        itself["ptnml"],
        serde_json::json!([0, 0, 100, 0, 0]),
        "{itself}"
    );
    // Every pair alike: an Elo of 0, but no spread to give an interval from (issue 79), so
    // none is given rather than [0, 0].
    assert_eq!(itself["elo"].as_f64(), Some(0.0));
    assert!(
        itself["elo_lo"].is_null() && itself["elo_hi"].is_null(),
        "{itself}"
    );
    let s = &summary[0];
    for key in [
        "variant",
        "opponent",
        "games",
        "wins",
        "draws",
        "losses",
        "ptnml",
        "elo",
        "elo_lo",
        "elo_hi",
        "los",
        "llr",
        "sprt",
        "nodes_per_move",
        "opponent_nodes_per_move",
    ] {
        assert!(s.get(key).is_some(), "no key {key}: {s}");
    }
    assert_eq!(s["games"], 200);
    assert_eq!(
        s["ptnml"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .sum::<u64>(),
        100
    );
    let (lo, hi) = (s["elo_lo"].as_f64().unwrap(), s["elo_hi"].as_f64().unwrap());
    assert!(
        lo < 0.0 && hi > 0.0,
        "the interval [{lo}, {hi}] should contain 0"
    );
    assert!(s["llr"].is_null() && s["sprt"].is_null());

    // Quiescence against none wins; a material-only evaluation loses; SPRT stops each.
    let out = ablate(
        dir.path(),
        &[
            "match",
            "-c",
            "lopsided.toml",
            "--games",
            "400",
            "--depth",
            "2",
            "--sprt",
            "elo0=0,elo1=20",
            "--json",
            "-q",
            "--out",
            "lopsided.csv",
        ],
    );
    assert_success(&out);
    let summary = json(&out);
    let by = |name: &str| {
        summary
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["variant"] == name)
            .unwrap()
            .clone()
    };
    let (strong, weak) = (by("quiescence"), by("material"));
    assert_eq!(strong["sprt"], "H1", "{strong}");
    assert_eq!(weak["sprt"], "H0", "{weak}");
    assert!(strong["elo_lo"].as_f64().unwrap() > 0.0, "{strong}");
    assert!(weak["elo_hi"].as_f64().unwrap() < 0.0, "{weak}");
    assert!(
        strong["games"].as_u64().unwrap() < 400,
        "the SPRT stopped it early: {strong}"
    );
    assert!(strong["llr"].as_f64().unwrap() >= 2.94);
}

#[test]
fn an_interrupted_match_resumes_and_shards_merge_to_the_whole() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path());
    let args = |out: &str| -> Vec<String> {
        [
            "match",
            "-c",
            "even.toml",
            "--games",
            "20",
            "--nodes",
            "1000",
            "-q",
            "--out",
            out,
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    };
    let whole = ablate(
        dir.path(),
        &args("whole.csv")
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    assert_success(&whole);

    let mut child = Command::new(env!("CARGO_BIN_EXE_ablate"))
        .args(args("cut.csv"))
        .args(["--jobs", "1"])
        .current_dir(dir.path())
        .spawn()
        .unwrap();
    let cut = dir.path().join("cut.csv");
    assert_eq!(stop_after_lines(&mut child, &cut, 4, "-INT"), Some(130));
    let kept = read_games(&cut).unwrap().len();
    assert!((3..40).contains(&kept), "kept {kept} games");
    // The PGN keeps pace with the CSV: every kept game is in it already.
    let pgn = std::fs::read_to_string(dir.path().join("cut.pgn")).unwrap();
    assert_eq!(pgn.matches("[Event ").count(), kept, "{pgn}");
    let resumed = ablate(
        dir.path(),
        &args("cut.csv")
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    assert_success(&resumed);
    assert!(String::from_utf8_lossy(&resumed.stdout).contains(&format!("{kept} resumed")));
    assert_eq!(games(&cut), games(&dir.path().join("whole.csv")));

    for k in 0..2 {
        let mut a = args(&format!("s{k}.csv"));
        a.extend(["--shard".to_string(), format!("{k}/2")]);
        assert_success(&ablate(
            dir.path(),
            &a.iter().map(String::as_str).collect::<Vec<_>>(),
        ));
    }
    // One shard alone is refused, naming the other.
    let partial = ablate(dir.path(), &["merge", "s0.csv", "-o", "merged.csv"]);
    assert_eq!(partial.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&partial.stderr).contains("shard 1/2 is not among the inputs"));
    let merged = ablate(
        dir.path(),
        &["merge", "s0.csv", "s1.csv", "-o", "merged.csv"],
    );
    assert_success(&merged);
    assert_eq!(
        games(&dir.path().join("merged.csv")),
        games(&dir.path().join("whole.csv"))
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("merged.pgn")).unwrap(),
        std::fs::read_to_string(dir.path().join("whole.pgn")).unwrap()
    );
}

/// `--games` is bounded with a clear error, and games are scheduled one at a time: a match of
/// ten million games per pairing, stopped after its first games, never held them in memory.
#[test]
fn game_counts_are_bounded_and_scheduled_lazily() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path());
    let huge = ablate(
        dir.path(),
        &[
            "match",
            "-c",
            "even.toml",
            "--games",
            "18446744073709551614",
            "-q",
        ],
    );
    assert_eq!(huge.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&huge.stderr)
            .contains("expected at most 10000000 games per pairing"),
        "{}",
        String::from_utf8_lossy(&huge.stderr)
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_ablate"))
        .args([
            "match",
            "-c",
            "even.toml",
            "--games",
            "10000000",
            "--depth",
            "1",
            "-q",
        ])
        .args(["--out", "big.csv", "--jobs", "1"])
        .current_dir(dir.path())
        .spawn()
        .unwrap();
    let csv = dir.path().join("big.csv");
    assert_eq!(stop_after_lines(&mut child, &csv, 3, "-TERM"), Some(143));
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("big.json")).unwrap())
            .unwrap();
    assert_eq!(manifest["games_total"], 20_000_000);
    // A list of 20 million games would take hundreds of MiB.
    let peak = manifest["peak_rss_kb"].as_u64().unwrap();
    assert!(peak < 100 * 1024, "peak memory {peak} KiB");
}

/// A committed match re-reported prints the lines of cutechess-cli and fastchess, and their
/// figures are the library's, digit for digit: the pentanomial counts, Elo with half its 95%
/// interval, LOS, the draw ratio and, with an SPRT, the LLR with its bounds.
#[test]
fn a_committed_match_reports_in_the_field_s_conventions() {
    use ablate::matches::summary::conventional_lines;
    use ablate::stats::elo::{estimate, Pentanomial, Sprt};
    use ablate::stats::pairing_summary::summarize;
    let csv = Path::new(ROOT).join("results/pruning/pruning.games.csv");
    let rows = read_games(&csv).unwrap();
    let sprt = Sprt::parse("elo0=-10,elo1=0").unwrap();
    let summaries = summarize(&rows, Some(&sprt));
    assert!(summaries.len() >= 5, "{} pairings", summaries.len());
    for s in &summaries {
        let ptnml = Pentanomial(s.ptnml);
        let e = estimate(&ptnml).unwrap();
        // `E +/- H` only where H is half the interval and its bounds; else the interval.
        let symmetric = ((e.elo_hi - e.elo) - (e.elo - e.elo_lo)).abs() <= 0.1;
        let elo = match symmetric {
            true => format!("{:.1} +/- {:.1}", e.elo, (e.elo_hi - e.elo_lo) / 2.0),
            false => format!("{:.1} [{:.1}, {:.1}]", e.elo, e.elo_lo, e.elo_hi),
        };
        let (lo, hi) = sprt.bounds();
        let expected = format!(
            "Score of {} vs {}: {} - {} - {}  [{:.3}] {}\nElo difference: {}, LOS: {:.1} %, DrawRatio: {:.1} %\nPtnml(0-2): [{}]\nLLR: {:.2} ({:.2}, {:.2}) [-10.00, 0.00]\n",
            s.variant, s.opponent, s.wins, s.losses, s.draws, e.score, s.games,
            elo, e.los * 100.0, s.draws as f64 / s.games as f64 * 100.0,
            s.ptnml.map(|c| c.to_string()).join(", "),
            sprt.llr(&ptnml), lo, hi,
        );
        assert_eq!(conventional_lines(s), expected.replace("-0.0 ", "0.0 "));
    }
    // `ablate report` on a copy of the committed match shows them (and writes its PGN there).
    let dir = tempfile::tempdir().unwrap();
    for ext in ["csv", "json"] {
        std::fs::copy(
            Path::new(ROOT).join(format!("results/pruning/pruning.games.{ext}")),
            dir.path().join(format!("m.{ext}")),
        )
        .unwrap();
    }
    let out = ablate(dir.path(), &["report", "m.csv"]);
    assert_success(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    let first = summarize(&rows, None);
    let lines = conventional_lines(&first[0]);
    assert!(text.contains(&lines), "{text}");
    assert!(text.contains("Score of null_move vs baseline: "), "{text}");
    assert!(!text.contains("-0.0"), "{text}");
    // ... and writes the games report: a row per pairing with the library's Elo and interval,
    // the forest plot and the cost chart.
    let markdown = std::fs::read_to_string(dir.path().join("m.md")).unwrap();
    for s in &first {
        let sign = |x: f64| format!("{x:+.1}").replace('-', "−");
        let cell = format!(
            "{} [{}, {}]",
            sign(s.elo.unwrap()),
            sign(s.elo_lo.unwrap()),
            sign(s.elo_hi.unwrap())
        );
        let row = format!("| {} vs {} | {} |", s.variant, s.opponent, s.games);
        assert!(
            markdown.contains(&row) && markdown.contains(&cell),
            "{row} {cell}\n{markdown}"
        );
    }
    for chart in ["m.svg", "m-cost.svg"] {
        let svg = std::fs::read_to_string(dir.path().join(chart)).unwrap();
        assert!(svg.contains("null_move vs baseline"), "{chart}");
    }
}

/// Nodes of each move a side made, read from the games' notes (`move score/depth nodes`).
fn nodes_per_move(row: &GameRow, white: bool) -> Vec<u64> {
    row.notes
        .split(';')
        .enumerate()
        .filter(|(ply, _)| (ply % 2 == 0) == white)
        .filter_map(|(_, note)| note.split_whitespace().nth(2)?.parse().ok())
        .collect()
}

#[test]
fn a_side_may_search_a_multiple_of_the_match_budget_and_a_bad_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path());
    let config = "name = \"doubling\"\nsuite = \"positions/bk.epd\"\ndepths = [1]\n\
                  [search]\ntt_mb = 1\n[variants.doubled]\ngame.node_factor = 2\n";
    std::fs::write(dir.path().join("doubling.toml"), config).unwrap();
    // A multiple of the 4,096 nodes between polls, so that both budgets stop alike.
    let budget: u64 = 16384;
    let o = ablate(
        dir.path(),
        &[
            "match",
            "-c",
            "doubling.toml",
            "--games",
            "2",
            "--nodes",
            "16384",
            "--out",
            "d.csv",
            "-q",
        ],
    );
    assert_success(&o);
    let rows = read_games(&dir.path().join("d.csv")).unwrap();
    assert_eq!(rows.len(), 2);
    // The node limit is polled every 4,096 nodes, so a move may pass its budget by less than that.
    let (mut doubled, mut single) = (Vec::new(), Vec::new());
    for row in &rows {
        let doubled_is_white = row.white == "doubled";
        doubled.extend(nodes_per_move(row, doubled_is_white));
        single.extend(nodes_per_move(row, !doubled_is_white));
    }
    assert!(doubled.len() > 10 && single.len() > 10, "{rows:?}");
    assert!(single.iter().all(|&n| n < budget + 4096), "{single:?}");
    assert!(
        doubled.iter().all(|&n| n < 2 * budget + 4096),
        "{doubled:?}"
    );
    assert!(doubled.iter().any(|&n| n >= budget + 4096), "{doubled:?}");
    let mean = |v: &[u64]| v.iter().sum::<u64>() as f64 / v.len() as f64;
    let ratio = mean(&doubled) / mean(&single);
    assert!(
        (1.6..2.4).contains(&ratio),
        "doubled/single nodes a move {ratio}"
    );
    // The CSV's per-side totals agree with the notes.
    for row in &rows {
        let white: u64 = nodes_per_move(row, true).iter().sum();
        assert_eq!(white, row.white_nodes, "{row:?}");
    }

    // Under a depth or a clock a multiple of the budget means nothing: refused, located.
    let o = ablate(
        dir.path(),
        &[
            "match",
            "-c",
            "doubling.toml",
            "--games",
            "2",
            "--depth",
            "2",
            "-q",
        ],
    );
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("doubling.toml")
            && err.contains("variant \"doubled\": game.node_factor = 2")
            && err.contains("--depth 2"),
        "{err}"
    );
    // A factor below 1 names the key and what it takes.
    std::fs::write(
        dir.path().join("zero.toml"),
        config.replace("node_factor = 2", "node_factor = 0"),
    )
    .unwrap();
    let o = ablate(
        dir.path(),
        &[
            "match",
            "-c",
            "zero.toml",
            "--games",
            "2",
            "--nodes",
            "1000",
            "-q",
        ],
    );
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("game.node_factor") && err.contains("1 to 1024"),
        "{err}"
    );
}
