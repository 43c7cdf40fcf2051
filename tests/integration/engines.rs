//! External UCI engines as variants: `ablate uci` itself (a round trip that must give exactly the
//! internal variant's rows), scripted engines that die, hang, move illegally or print `info`
//! lines ablate once refused, and the real
//! engines users compare against (Debian's `stockfish`, and `gnuchess -u`, which is Fruit 2.1).

use crate::common::{ablate, assert_success, installed, ROOT};
use ablate::search_record::{read_rows, Row, TIME_COLUMNS};
use std::path::Path;
use std::process::{Command, Stdio};

/// Three positions with every pawn at home, so `e2e4`/`e7e5` are legal in each.
const SUITE: &str = "\
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"one\";
rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - id \"two\";
rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - id \"three\";
";

/// A scripted UCI engine: answers properly until its `go` number in the file `fail_at`, then
/// does what the file `mode` says (`die`, `hang`, `illegal`; `bare`: first print `info` lines
/// UCI allows with a value missing or tokens ablate does not read, as Glaurung 2.2's bare
/// `info depth`; or `trailing`: print its node total after its last score, as Glaurung 2.2
/// does); the file `count` counts its
/// `go`s across processes, and the file `gos` keeps every `go` it was sent.
const FAKE_ENGINE: &str = r#"#!/bin/sh
count=count
while read -r line; do
  case "$line" in
    uci) echo "id name Fake 1.0"; echo "option name Hash type spin default 1 min 1 max 8"; echo "uciok" ;;
    isready) echo "readyok" ;;
    "position fen"*) case "$line" in *" w "*) move=e2e4 ;; *) move=e7e5 ;; esac ;;
    go*)
      n=$(( $(cat "$count" 2>/dev/null || echo 0) + 1 )); echo $n > "$count"; echo "$line" >> gos
      mode=$(cat mode)
      if [ "$n" -ge "$(cat fail_at)" ]; then
        case "$mode" in
          die) echo "info string about to crash"; exit 3 ;;
          hang) echo "info string thinking forever"; sleep 60 ;;
          illegal) echo "bestmove a1a8" ;;
          bare)
            echo "info depth"; echo "info depth 5"; echo "info string depth x"
            echo "info currmove e2e4 currmovenumber 1"; echo "info depth info nodes 5"
            echo "info depth 1 score cp lots nodes 5"; echo "info hashfull 3 tbhits 0" ;;
          trailing)
            echo "info depth 1 seldepth 2 score cp 17 nodes 42 time 1 pv $move"
            echo "info nodes 4204 time 2 nps 2102000"; echo "bestmove $move"; continue ;;
        esac
      fi
      echo "info depth 1 seldepth 2 score cp 17 nodes 42 time 1 pv $move"
      echo "bestmove $move" ;;
    quit) exit 0 ;;
  esac
done
"#;

fn setup(dir: &Path, variants: &str) {
    std::fs::create_dir_all(dir.join("positions")).unwrap();
    std::fs::write(dir.join("positions/three.epd"), SUITE).unwrap();
    let fake = dir.join("fake-engine.sh");
    std::fs::write(&fake, FAKE_ENGINE).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(
        dir.join("engines.toml"),
        format!(
            "name = \"engines\"\nsuite = \"positions/three.epd\"\ndepths = [1, 2, 3]\n{variants}"
        ),
    )
    .unwrap();
}

fn rows(csv: &Path) -> Vec<Row> {
    read_rows(csv).unwrap()
}

/// Every column but the times, the variant and the config hash.
fn deterministic_cells(row: &Row) -> Vec<String> {
    ablate::search_record::header()
        .iter()
        .filter(|c| !TIME_COLUMNS.contains(c) && **c != "variant")
        .map(|c| row.cell(c))
        .collect()
}

#[test]
fn ablate_uci_as_an_engine_variant_gives_the_internal_variant_s_rows() {
    let dir = tempfile::tempdir().unwrap();
    let exe = env!("CARGO_BIN_EXE_ablate");
    setup(
        dir.path(),
        &format!(
            "[variants.one_killer]\nordering.killers = 1\nquiescence.checks = 1\n\
             [variants.uci]\nengine = \"'{exe}' uci --set ordering.killers=1 --set quiescence.checks=1\"\n\
             engine_options = {{ Hash = 16 }}\n"
        ),
    );
    std::fs::copy(
        Path::new(ROOT).join("positions/bk.epd"),
        dir.path().join("positions/bk.epd"),
    )
    .unwrap();
    let out = ablate(
        dir.path(),
        &[
            "--config",
            "engines.toml",
            "--suite",
            "positions/bk.epd",
            "--limit",
            "6",
            "--depths",
            "1,2,3,4,5",
            "--out",
            "round.csv",
            "--jobs",
            "2",
        ],
    );
    assert_success(&out);
    let all = rows(&dir.path().join("round.csv"));
    let internal: Vec<&Row> = all.iter().filter(|r| r.variant == "one_killer").collect();
    let external: Vec<&Row> = all.iter().filter(|r| r.variant == "uci").collect();
    assert_eq!(internal.len(), 30);
    assert_eq!(external.len(), 30);
    for (i, e) in internal.iter().zip(&external) {
        assert_eq!((&i.position, i.depth), (&e.position, e.depth));
        assert_eq!(i.nodes_cum, e.nodes_cum, "{} depth {}", i.position, i.depth);
        assert_eq!(
            (
                i.score_cp,
                i.mate,
                &i.best_move,
                &i.pv,
                i.bm_ok,
                i.stats.seldepth
            ),
            (
                e.score_cp,
                e.mate,
                &e.best_move,
                &e.pv,
                e.bm_ok,
                e.stats.seldepth
            ),
            "{} depth {}",
            i.position,
            i.depth
        );
        // What an engine cannot report stays empty.
        assert_eq!(e.cell("nodes"), "");
        assert_eq!(e.cell("beta_cutoffs"), "");
        assert!(!e.cell("seldepth").is_empty());
    }
    let manifest = std::fs::read_to_string(dir.path().join("round.json")).unwrap();
    assert!(
        manifest.contains("\"id_name\": \"ablate 0.1.0\""),
        "{manifest}"
    );
    assert!(manifest.contains("\"Hash\": \"16\""), "{manifest}");

    // Shards of the engine variant, merged, equal the whole run.
    for k in 0..2 {
        let shard = format!("{k}/2");
        let name = format!("shard{k}.csv");
        let out = ablate(
            dir.path(),
            &[
                "--config",
                "engines.toml",
                "--suite",
                "positions/bk.epd",
                "--limit",
                "6",
                "--depths",
                "1,2,3,4,5",
                "--variant",
                "uci",
                "--shard",
                &shard,
                "--out",
                &name,
                "-q",
            ],
        );
        assert_success(&out);
    }
    let out = ablate(
        dir.path(),
        &["merge", "shard0.csv", "shard1.csv", "-o", "merged.csv"],
    );
    assert_success(&out);
    let merged = rows(&dir.path().join("merged.csv"));
    assert_eq!(
        merged.iter().map(deterministic_cells).collect::<Vec<_>>(),
        external
            .iter()
            .map(|r| deterministic_cells(r))
            .collect::<Vec<_>>()
    );
}

#[test]
fn knob_keys_in_an_engine_variant_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    setup(
        dir.path(),
        "[variants.sf]\nengine = \"stockfish\"\nordering.killers = 1\n",
    );
    let out = ablate(dir.path(), &["--config", "engines.toml"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("engines.toml:4:1: variant \"sf\": key \"ordering\": an engine variant runs another program"),
        "{err}"
    );
}

/// Runs the fake engine failing at its `go` number `fail_at` in `mode`, one worker. The timeout
/// leaves a loaded machine (a shell script per engine, CI sharing two cores) time to answer.
fn failing_run(dir: &Path, fail_at: u32, mode: &str) -> std::process::Output {
    let _ = std::fs::remove_file(dir.join("count"));
    std::fs::write(dir.join("fail_at"), fail_at.to_string()).unwrap();
    std::fs::write(dir.join("mode"), mode).unwrap();
    setup(
        dir,
        "[variants.fake]\nengine = \"./fake-engine.sh\"\nengine_timeout = 4\n",
    );
    ablate(
        dir,
        &[
            "--config",
            "engines.toml",
            "--variant",
            "fake",
            "--jobs",
            "1",
            "--out",
            "fake.csv",
            "-q",
        ],
    )
}

#[test]
fn an_engine_that_dies_hangs_or_moves_illegally_is_named_and_finished_rows_stay() {
    let dir = tempfile::tempdir().unwrap();
    // Three depths per position: go number 7 is position "three", depth 1.
    for (mode, expected) in [
        (
            "die",
            "it exited (exit status: 3) while ablate waited for bestmove after go",
        ),
        (
            "hang",
            "no bestmove after go within 4 s (engine_timeout), so it was stopped",
        ),
        (
            "illegal",
            "printed \"bestmove a1a8\", which is not UCI: \"a1a8\" is not a legal move",
        ),
    ] {
        let _ = std::fs::remove_file(dir.path().join("fake.csv"));
        let out = failing_run(dir.path(), 7, mode);
        assert_ne!(out.status.code(), Some(0), "{mode}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(
                "variant \"fake\", position \"three\", depth 1: engine \"./fake-engine.sh\": "
            ),
            "{mode}: {err}"
        );
        assert!(err.contains(expected), "{mode}: {err}");
        assert!(err.contains("its last lines:\n  | "), "{mode}: {err}");
        assert!(!err.contains("panicked"), "{mode}: {err}");
        let kept = rows(&dir.path().join("fake.csv"));
        let positions: Vec<&str> = kept.iter().map(|r| r.position.as_str()).collect();
        assert_eq!(
            positions,
            ["one", "one", "one", "two", "two", "two"],
            "{mode}"
        );
        assert_eq!(kept[0].nodes_cum, 42);
        assert_eq!(kept[3].best_move, "e7e5");
    }
    // Resuming once the engine is mended runs only the job that failed.
    let out = failing_run(dir.path(), 1000, "die");
    assert_success(&out);
    let count = std::fs::read_to_string(dir.path().join("count")).unwrap();
    assert_eq!(
        count.trim(),
        "3",
        "only position three's depths were searched again"
    );
    assert_eq!(rows(&dir.path().join("fake.csv")).len(), 9);
}

#[test]
fn an_info_line_uci_allows_is_never_a_fault() {
    // Glaurung 2.2 prints a bare `info depth N` as each iteration starts; a GUI ignores what it
    // does not read (UCI), so a missing value or an unknown token loses no row.
    let dir = tempfile::tempdir().unwrap();
    let out = failing_run(dir.path(), 1, "bare");
    assert_success(&out);
    let kept = rows(&dir.path().join("fake.csv"));
    assert_eq!(kept.len(), 9);
    for row in &kept {
        // The exact line after the odd ones is the one recorded.
        assert_eq!((row.nodes_cum, row.score_cp), (42, 17), "{row:?}");
    }
}

#[test]
fn an_engine_s_node_total_is_its_last_report_even_after_its_last_score() {
    // Glaurung 2.2 prints `info nodes N` after its last principal variation; that total is
    // what it searched, not the count on the line with the score.
    let dir = tempfile::tempdir().unwrap();
    let out = failing_run(dir.path(), 1, "trailing");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let rows = rows(&dir.path().join("fake.csv"));
    assert_eq!(rows.len(), 9);
    for row in &rows {
        assert_eq!(row.cell("nodes_cum"), "4204", "{row:?}");
        assert_eq!(row.cell("score_cp"), "17");
    }
}

#[test]
fn a_time_per_move_is_sent_as_go_movetime_and_kept_to() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path(), "");
    std::fs::write(dir.path().join("fail_at"), "1000").unwrap();
    std::fs::write(dir.path().join("mode"), "none").unwrap();
    std::fs::write(
        dir.path().join("st.toml"),
        "name = \"st\"\nsuite = \"positions/three.epd\"\ndepths = [1]\n\
         [variants.fake]\nengine = \"./fake-engine.sh\"\n",
    )
    .unwrap();
    let out = ablate(
        dir.path(),
        &[
            "match",
            "--config",
            "st.toml",
            "--games",
            "2",
            "--st",
            "0.05",
            "--jobs",
            "1",
            "--openings",
            "positions/three.epd",
            "--out",
            "st.games.csv",
            "-q",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let gos = std::fs::read_to_string(dir.path().join("gos")).unwrap();
    assert!(gos.lines().all(|l| l == "go movetime 50"), "{gos}");
    let pgn = std::fs::read_to_string(dir.path().join("st.games.pgn")).unwrap();
    assert!(pgn.contains("[TimeControl \"0.05/move\"]"), "{pgn}");
    let manifest = std::fs::read_to_string(dir.path().join("st.games.json")).unwrap();
    assert!(manifest.contains("\"limit\": \"st 0.05\""), "{manifest}");
    // Both flags at once are refused by name.
    let both = ablate(
        dir.path(),
        &[
            "match", "--config", "st.toml", "--st", "0.05", "--tc", "1+0.01",
        ],
    );
    assert_eq!(both.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&both.stderr).contains("--st"));
}

#[test]
fn a_missing_engine_or_option_fails_before_any_file_is_written() {
    let dir = tempfile::tempdir().unwrap();
    setup(
        dir.path(),
        "[variants.nothere]\nengine = \"no-such-engine-xyz --uci\"\n",
    );
    let out = ablate(dir.path(), &["--config", "engines.toml", "--out", "x.csv"]);
    assert_ne!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("variant \"nothere\": engine \"no-such-engine-xyz --uci\": \"no-such-engine-xyz\" is not on PATH"),
        "{err}"
    );
    assert!(!dir.path().join("x.csv").exists());
    setup(
        dir.path(),
        "[variants.fake]\nengine = \"./fake-engine.sh\"\nengine_options = { Threads = 4 }\n",
    );
    let out = ablate(dir.path(), &["--config", "engines.toml", "--out", "x.csv"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "engine_options.\"Threads\": the engine has no such option; it declares: Hash"
        ),
        "{err}"
    );
}

/// A real engine on two Bratko-Kopec positions at depths 1-4: legal moves, node counts, its
/// name in the manifest, and the same rows on a second run (one thread, tables cleared).
fn real_engine(variant: &str, program: &str, expected_name: &str) {
    if !installed(program) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path(), variant);
    std::fs::copy(
        Path::new(ROOT).join("positions/bk.epd"),
        dir.path().join("positions/bk.epd"),
    )
    .unwrap();
    let run = |out: &str| {
        let o = ablate(
            dir.path(),
            &[
                "--config",
                "engines.toml",
                "--suite",
                "positions/bk.epd",
                "--limit",
                "2",
                "--depths",
                "1,2,3,4",
                "--out",
                out,
                "-q",
            ],
        );
        assert_success(&o);
        rows(&dir.path().join(out))
    };
    let first = run("a.csv");
    let engine_rows: Vec<&Row> = first.iter().filter(|r| r.variant != "baseline").collect();
    assert_eq!(engine_rows.len(), 8 * (first.len() / 8 - 1));
    for r in &engine_rows {
        assert!(r.nodes_cum > 0, "{r:?}");
        assert!(!r.best_move.is_empty() && !r.pv.is_empty(), "{r:?}");
        assert_eq!(r.cell("qnodes"), "");
    }
    let manifest = std::fs::read_to_string(dir.path().join("a.json")).unwrap();
    assert!(manifest.contains(expected_name), "{manifest}");
    let second = run("b.csv");
    assert_eq!(
        first.iter().map(deterministic_cells).collect::<Vec<_>>(),
        second.iter().map(deterministic_cells).collect::<Vec<_>>(),
        "a second run differs"
    );
}

#[test]
#[cfg_attr(
    missing_stockfish,
    ignore = "needs Stockfish (apt-get install stockfish; .ci/run installs it)"
)]
fn stockfish_is_a_variant() {
    real_engine(
        "[variants.stockfish]\nengine = \"stockfish\"\nengine_options = { Hash = 16, Threads = 1 }\n",
        "stockfish",
        "\"id_name\": \"Stockfish",
    );
}

#[test]
#[cfg_attr(
    missing_gnuchess,
    ignore = "needs Fruit 2.1 as gnuchess -u (apt-get install gnuchess; .ci/run installs it)"
)]
fn fruit_is_a_variant_with_its_pruning_on_and_off() {
    real_engine(
        "[variants.fruit]\nengine = \"gnuchess -u\"\nengine_options = { OwnBook = false }\n\
         [variants.fruit-no-pruning]\nengine = \"gnuchess -u\"\n\
         engine_options = { OwnBook = false, \"NullMove Pruning\" = \"Never\", \"History Pruning\" = false }\n",
        "gnuchess",
        "\"id_name\": \"GNU Chess",
    );
}

/// With an engine variant, a write to the engine holds SIGPIPE back in its own thread (a dead
/// engine is an error that names it); a reader that goes away must still end ablate quietly,
/// by the signal itself (`ablate ... | head`). And the manifest records of an engine variant
/// only the engine, not an unused configuration of ablate's.
#[test]
fn a_closed_stdout_ends_quietly_and_engine_manifests_hold_only_the_engine() {
    let dir = tempfile::tempdir().unwrap();
    setup(
        dir.path(),
        "[variants.fake]\nengine = \"./fake-engine.sh\"\n",
    );
    std::fs::write(dir.path().join("mode"), "none").unwrap();
    std::fs::write(dir.path().join("fail_at"), "1000000").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ablate"))
        .args([
            "--config",
            "engines.toml",
            "--out",
            "quiet.csv",
            "--jobs",
            "1",
        ])
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("panicked") && !stderr.contains("failed printing"),
        "{stderr}"
    );
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(out.status.signal(), Some(libc::SIGPIPE), "{stderr}");
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("quiet.json")).unwrap())
            .unwrap();
    let variants = manifest["variants"].as_array().unwrap();
    let fake = variants.iter().find(|v| v["name"] == "fake").unwrap();
    assert!(fake.get("config").is_none(), "{fake}");
    assert!(fake.get("engine").is_some(), "{fake}");
    let baseline = variants.iter().find(|v| v["name"] == "baseline").unwrap();
    assert!(baseline.get("config").is_some(), "{baseline}");
}
