//! The search's promises, asserted on exact counts: minimax equals perft, pure ordering never
//! changes the root score, alpha-beta saves nodes, mates are found, every search starts fresh.

use ablate::config::search_config::SearchLayer;
use ablate::config::{knob, layer, SearchConfig};
use ablate::search::{search, search_depths, IterationReport};
use ablate::suite::{fen::parse_fen, Suite};
use cozy_chess::Board;
use std::path::Path;

/// `key = value` lines, applied in order like repeated `--set` (a later line wins).
fn config(overrides: &str) -> SearchConfig {
    let lines = overrides.lines().filter(|l| !l.trim().is_empty());
    let sets: Vec<String> = lines.map(str::to_string).collect();
    let layer = SearchLayer::from_sets(&sets).expect("test override");
    layer::resolve(&[&layer]).unwrap_or_else(|e| panic!("{overrides}: {e}"))
}

fn suite(name: &str) -> Suite {
    Suite::load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("positions")
            .join(name),
    )
    .unwrap()
}

fn run(board: &Board, depth: u32, cfg: &SearchConfig) -> Vec<IterationReport> {
    search(board, depth, cfg, None).expect("not stopped")
}

/// Scores at depths 1..=depth, whether or not the config deepens iteratively.
fn scores(board: &Board, depth: u32, cfg: &SearchConfig) -> Vec<i32> {
    let depths: Vec<u32> = (1..=depth).collect();
    search_depths(board, &depths, cfg, None, None)
        .expect("not stopped")
        .iter()
        .map(|r| r.score_cp)
        .collect()
}

const MINIMAX: &str = "alphabeta = false\npvs = false\naspiration.enabled = false\ntt = \"off\"\n\
                       iterative_deepening = false\nquiescence.enabled = false\n";

#[test]
fn minimax_leaves_equal_perft() {
    let cfg = config(MINIMAX);
    let start = Board::default();
    let d4 = &run(&start, 4, &cfg)[0];
    assert_eq!(d4.stats.leaves, 197_281);
    let d5 = &run(&start, 5, &cfg)[0];
    assert_eq!(d5.stats.leaves, 4_865_609);
    assert_eq!(d5.stats.nodes, 5_072_213);
    assert_eq!(d5.stats.qnodes, 0);
    let (kiwipete, _) =
        parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -").unwrap();
    assert_eq!(run(&kiwipete, 3, &cfg)[0].stats.leaves, 97_862);
}

#[test]
fn minimax_with_quiescence_keeps_leaves_at_perft() {
    // Quiescence adds qnodes beyond the horizon; the nominal tree is unchanged.
    let cfg = config(&MINIMAX.replace("quiescence.enabled = false", "quiescence.enabled = true"));
    let r = &run(&Board::default(), 4, &cfg)[0];
    assert_eq!(r.stats.leaves, 197_281);
    assert_eq!(r.stats.nodes, 1 + 20 + 400 + 8_902 + 197_281);
    assert!(r.stats.qnodes > 0);
}

/// Values the invariance tests leave out, with why; everything else declared pure ordering is searched.
const NOT_SEARCHED: &[(&str, &str, &str)] = &[];

/// Knob values that need others to be valid (minimax refuses window knobs).
fn companions(key: &str, value: &toml::Value) -> &'static str {
    match (key, value) {
        ("alphabeta", toml::Value::Boolean(false)) => "pvs = false\naspiration.enabled = false\n",
        _ => "",
    }
}

/// Interactions worth their own search: stages that only meet in combination.
const INTERACTIONS: &[&str] = &[
    "ordering.recapture_first = true\nordering.captures = \"none\"",
    "ordering.killers = 1\nordering.killer_placement = \"before_captures\"",
    "ordering.killers = 1\nordering.killer_placement = \"after_first_capture\"\nordering.captures = \"first\"",
    "ordering.killers = 2\nordering.killer_placement = \"after_first_capture\"\nordering.captures = \"first\"",
    "aspiration.window = 0\naspiration.research = \"widen\"",
    "aspiration.window = 10\npvs = false",
    "tt = \"move\"\nordering.captures = \"none\"\nordering.killers = 0\nordering.history = false",
    "iterative_deepening = false\ntt = \"move\"",
    "continuation.enabled = true\ntt = \"move\"\nordering.countermove = true",
    "continuation.enabled = true\nhistory_updates.eval_difference = true\ntt = \"move\"",
];

/// Every pure-ordering value the knobs declare, each alone over the defaults with the table off,
/// then the interactions; derived from the declarations, so a new knob is searched here at once.
fn pure_ordering_configs() -> Vec<(String, SearchConfig)> {
    let base = "tt = \"off\"\n";
    let mut setups = vec![String::new()];
    for (key, value) in knob::ordering_values() {
        let shown = value.to_string();
        if NOT_SEARCHED
            .iter()
            .any(|(k, v, _)| *k == key && *v == shown)
        {
            continue;
        }
        setups.push(format!("{}{key} = {shown}", companions(key, &value)));
    }
    setups.extend(INTERACTIONS.iter().map(|s| s.to_string()));
    let mut out: Vec<(String, SearchConfig)> = Vec::new();
    for setup in setups {
        let cfg = config(&format!("{base}{setup}"));
        if out.iter().all(|(_, c)| *c != cfg) {
            let name = if setup.is_empty() {
                "defaults, tt off".to_string()
            } else {
                setup.replace('\n', "; ")
            };
            out.push((name, cfg));
        }
    }
    out
}

#[test]
fn every_pure_ordering_value_is_searched() {
    let configs = pure_ordering_configs();
    let mut missing = Vec::new();
    for (key, value) in knob::ordering_values() {
        let searched = configs.iter().any(|(_, cfg)| {
            knob::values(cfg)
                .iter()
                .any(|(k, v)| k == key && *v == value)
        });
        let excused = NOT_SEARCHED
            .iter()
            .any(|(k, v, _)| *k == key && *v == value.to_string());
        if !searched && !excused {
            missing.push(format!("{key} = {value}"));
        }
    }
    assert!(
        missing.is_empty(),
        "not searched by the invariance tests: {missing:?}"
    );
    assert!(configs.len() >= 40, "{} configurations", configs.len());
}

/// The reference: minimax where it is affordable, else plain alpha-beta, which returns the
/// minimax value by construction; the two are checked equal wherever both are computed.
fn reference_scores(board: &Board, depth: u32, setup: &str, minimax_depth: u32) -> Vec<i32> {
    let minimax = config(&format!(
        "{}{setup}",
        MINIMAX
            .replace("iterative_deepening = false", "iterative_deepening = true")
            .replace("quiescence.enabled = false\n", "")
    ));
    let plain = config(&format!(
        "pvs = false\naspiration.enabled = false\ntt = \"off\"\niterative_deepening = false\n\
         ordering.captures = \"none\"\nordering.killers = 0\nordering.history = false\n{setup}"
    ));
    let exact = scores(board, minimax_depth, &minimax);
    let plain_scores = scores(board, depth, &plain);
    assert_eq!(
        exact[..],
        plain_scores[..minimax_depth as usize],
        "plain alpha-beta differs from minimax ({setup})"
    );
    plain_scores
}

fn check_pure_ordering(setup: &str, minimax_depth: u32) {
    const DEPTH: u32 = 4;
    let bk = suite("bk.epd");
    let configs: Vec<(String, SearchConfig)> = pure_ordering_configs()
        .into_iter()
        .map(|(name, mut cfg)| {
            let extra = config(setup);
            cfg.eval = extra.eval;
            cfg.quiescence.enabled = extra.quiescence.enabled;
            (name, cfg)
        })
        .collect();
    let mut failures = Vec::new();
    for position in &bk.positions {
        let expected = reference_scores(&position.board, DEPTH, setup, minimax_depth);
        for (name, cfg) in &configs {
            // Minimax is the reference's own search; it runs to the depth it can afford.
            let depth = if cfg.alphabeta { DEPTH } else { minimax_depth };
            let got = scores(&position.board, depth, cfg);
            if got[..] != expected[..depth as usize] {
                failures.push(format!(
                    "{} [{name}]: expected {expected:?}, got {got:?}",
                    position.id
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{setup}: pure ordering changed the score:\n{}",
        failures.join("\n")
    );
}

#[test]
fn pure_ordering_keeps_the_score_material_no_quiescence() {
    check_pure_ordering("eval = \"material\"\nquiescence.enabled = false\n", 3);
}

#[test]
fn pure_ordering_keeps_the_score_pst_no_quiescence() {
    check_pure_ordering("eval = \"pst\"\nquiescence.enabled = false\n", 3);
}

#[test]
fn pure_ordering_keeps_the_score_material_quiescence() {
    check_pure_ordering("eval = \"material\"\nquiescence.enabled = true\n", 3);
}

#[test]
fn pure_ordering_keeps_the_score_pst_quiescence() {
    check_pure_ordering("eval = \"pst\"\nquiescence.enabled = true\n", 3);
}

#[test]
fn alpha_beta_never_visits_more_than_minimax() {
    let bk = suite("bk.epd");
    for setup in ["quiescence.enabled = false", "quiescence.enabled = true"] {
        let minimax = config(&format!(
            "{}{setup}",
            MINIMAX.replace("quiescence.enabled = false\n", "")
        ));
        let alphabeta = config(&format!(
            "pvs = false\naspiration.enabled = false\ntt = \"off\"\niterative_deepening = false\n\
             ordering.captures = \"none\"\nordering.killers = 0\nordering.history = false\n{setup}"
        ));
        for position in &bk.positions {
            for depth in 1..=2 {
                let m = &run(&position.board, depth, &minimax)[0];
                let a = &run(&position.board, depth, &alphabeta)[0];
                assert!(
                    a.nodes_cum <= m.nodes_cum,
                    "{} depth {depth} {setup}: {} > {}",
                    position.id,
                    a.nodes_cum,
                    m.nodes_cum
                );
                assert_eq!(a.score_cp, m.score_cp);
            }
        }
    }
}

#[test]
fn killers_history_and_mvv_lva_each_save_nodes_on_bk_depth_5() {
    let bk = suite("bk.epd");
    let base = "tt = \"off\"\nordering.captures = \"first\"\nordering.killers = 0\nordering.history = false\n";
    let total = |extra: &str| -> u64 {
        let cfg = config(&format!("{base}{extra}"));
        bk.positions
            .iter()
            .map(|p| run(&p.board, 5, &cfg).last().unwrap().nodes_cum)
            .sum()
    };
    let plain = total("");
    let killers = total("ordering.killers = 2");
    let history = total("ordering.history = true");
    let mvv_lva = total("ordering.captures = \"mvv_lva\"");
    assert!(killers < plain, "killers {killers} vs plain {plain}");
    assert!(history < plain, "history {history} vs plain {plain}");
    assert!(mvv_lva < plain, "mvv_lva {mvv_lva} vs plain {plain}");
}

#[test]
fn short_mates_are_found_with_the_bm_move() {
    let wac = suite("wac.epd");
    let cfg = SearchConfig::default();
    for id in [
        "WAC.004", "WAC.005", "WAC.012", "WAC.027", "WAC.054", "WAC.084", "WAC.154", "WAC.188",
    ] {
        let position = wac.positions.iter().find(|p| p.id == id).unwrap();
        let last = run(&position.board, 5, &cfg).pop().unwrap();
        assert_eq!(last.mate, Some(2), "{id}: {last:?}");
        assert_eq!(
            last.score_cp,
            30_000 - 3,
            "{id}: mate in 2 moves is 3 plies"
        );
        assert_eq!(
            position.solved_by(last.best_move),
            Some(true),
            "{id}: {}",
            last.best_move_uci
        );
        assert_eq!(
            last.pv.split(' ').count(),
            3,
            "{id}: the PV is the whole mating line"
        );
    }
}

#[test]
fn mated_and_stalemated_roots() {
    let bench = suite("bench.epd");
    let cfg = SearchConfig::default();
    let stalemate = bench
        .positions
        .iter()
        .find(|p| p.id == "sf-bench-48")
        .unwrap();
    let mated = bench
        .positions
        .iter()
        .find(|p| p.id == "sf-bench-49")
        .unwrap();
    let s = run(&stalemate.board, 3, &cfg).pop().unwrap();
    assert_eq!(
        (s.score_cp, s.best_move_uci.as_str(), s.stats.nodes),
        (0, "", 1)
    );
    let m = run(&mated.board, 3, &cfg).pop().unwrap();
    assert_eq!((m.score_cp, m.mate), (-30_000, Some(0)));
}

#[test]
fn every_search_starts_from_fresh_tables() {
    // The same search gives the same counts whatever ran before it in this process.
    let bk = suite("bk.epd");
    let cfg = SearchConfig::default();
    let alone: Vec<_> = run(&bk.positions[3].board, 5, &cfg)
        .iter()
        .map(|r| (r.stats, r.score_cp, r.pv.clone()))
        .collect();
    let _ = run(&bk.positions[0].board, 6, &cfg);
    let _ = run(&bk.positions[7].board, 5, &cfg);
    let again: Vec<_> = run(&bk.positions[3].board, 5, &cfg)
        .iter()
        .map(|r| (r.stats, r.score_cp, r.pv.clone()))
        .collect();
    assert_eq!(alone, again);
}

#[test]
fn pv_is_legal_and_as_long_as_the_depth_in_quiet_lines() {
    let cfg = SearchConfig::default();
    let reports = run(&Board::default(), 6, &cfg);
    for r in &reports {
        let mut board = Board::default();
        let moves: Vec<&str> = r.pv.split(' ').collect();
        assert_eq!(moves.len(), r.depth as usize, "depth {}: {}", r.depth, r.pv);
        for text in moves {
            let mv = ablate::chess::legal_moves(&board)
                .into_iter()
                .find(|&m| ablate::chess::notation::uci(&board, m) == text)
                .unwrap_or_else(|| panic!("{text} is not legal in {board}"));
            board.play(mv);
        }
    }
}
