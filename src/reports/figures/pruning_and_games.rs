//! docs/pruning-and-games.md: the pruning steps at fixed depth and in games, null move on
//! zugzwangs, Elo by removal from `full`, and Fruit 2.1's own pruning options.

use super::format::{
    elo_interval, half_widths, plain, removal_verdict, sig3, signed, table, text_cell, thousands,
    three_decimals, Minus,
};
use super::sources::{EngineRow, Results, Sources};
use crate::stats::pairing_summary::PairingSummary;
use std::fmt::Write;

pub(super) fn pruning(src: &Sources) -> String {
    let bk = src.results("pruning/pruning");
    let wac = src.results("pruning-wac/pruning-wac");
    let variants = bk.variants();
    let ebf = |r: &Results<'_>, v: &str, d: u32| {
        let nodes = |d| r.sum(v, d, |x| x.nodes) as f64;
        format!("{:.2}", (nodes(d) / nodes(d - 2)).sqrt())
    };
    let rows: Vec<Vec<String>> = variants
        .iter()
        .map(|v| {
            let mut row = vec![v.clone()];
            for (r, d, with_ebf) in [(&bk, 8, true), (&wac, 7, false)] {
                row.push(thousands(r.work(v, d)));
                row.push(three_decimals(r.ratio(v, "baseline", d)));
                row.push(three_decimals(r.time_ms(v, d) / r.time_ms("baseline", d)));
                row.push(format!("{}/{}", r.solved(v, d), r.at(v, d).len()));
                if with_ebf {
                    row.push(ebf(r, v, d));
                }
            }
            row
        })
        .collect();
    table(
        &[
            "variant",
            "BK d8 work",
            "×base",
            "×time",
            "solved",
            "EBF",
            "WAC d7 work",
            "×base",
            "×time",
            "solved",
        ],
        "lrrrrrrrrr",
        &rows,
    )
}

/// The first depth at which each null-move variant's best move solves each zugzwang position.
pub(super) fn null_move(src: &Sources) -> String {
    let r = src.results("null-move/null-move");
    let positions = [
        "zugzwang.001",
        "zugzwang.002",
        "zugzwang.003",
        "zugzwang.004",
        "zugzwang.005",
    ];
    let deepest = r.rows.iter().map(|row| row.depth).max().unwrap_or_default();
    let rows: Vec<Vec<String>> = ["never", "always", "adaptive", "verified", "guarded"]
        .iter()
        .map(|v| {
            let mut row = vec![text_cell(v)];
            for p in positions {
                let first = r
                    .rows
                    .iter()
                    .filter(|row| row.variant == *v && row.position == p && row.bm_ok == "true")
                    .map(|row| row.depth)
                    .min();
                row.push(first.map_or(text_cell("-"), |d| d.to_string()));
            }
            row.push(thousands(r.work(v, deepest)));
            row
        })
        .collect();
    table(
        &[
            "variant",
            "zugzwang.001",
            ".002",
            ".003",
            ".004",
            ".005",
            &format!("work at depth {deepest}"),
        ],
        "lrrrrrr",
        &rows,
    )
}

/// Null-move verification on ten zugzwangs: positions solved per depth, and the work.
pub(super) fn zugzwang(src: &Sources) -> String {
    let r = src.results("zugzwang/zugzwang");
    let variants = [
        ("no null move", "none"),
        ("plain null move", "plain"),
        ("verify endgame (Fruit)", "endgame"),
        ("verify always at depth − R", "always"),
        ("verify subtree (Tabibi-Netanyahu)", "subtree"),
        ("Fruit 2.1 (always, at depth − 5)", "fruit"),
        ("Stockfish (side barred, from depth 6)", "stockfish"),
    ];
    let depths: Vec<u32> = (6..=12).collect();
    let rows: Vec<Vec<String>> = variants
        .iter()
        .map(|(label, v)| {
            let mut row = vec![text_cell(label)];
            row.extend(depths.iter().map(|&d| r.solved(v, d).to_string()));
            row.push(thousands(r.work(v, 12)));
            row.push(three_decimals(r.ratio(v, "none", 12)));
            row
        })
        .collect();
    let mut header = vec![text_cell("variant")];
    header.extend(depths.iter().map(|d| format!("d{d}")));
    header.extend([text_cell("work d12"), text_cell("×")]);
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    table(&header, "lrrrrrrrrr", &rows)
}

/// The pruning variants in games, at depth 5 and at 30,000 nodes a move, as `ablate report`
/// summarizes a games CSV.
pub(super) fn pruning_games(src: &Sources) -> String {
    let (depth_name, nodes_name) = ("pruning/pruning.games", "pruning/pruning-nodes.games");
    let (depth, nodes) = (src.pairings(depth_name).1, src.pairings(nodes_name).1);
    // The interval's ends without their plus signs, as this table has always printed them.
    let elo = |p: &PairingSummary| match (p.elo, p.elo_lo, p.elo_hi) {
        (Some(elo), Some(lo), Some(hi)) => {
            format!(
                "{} [{}, {}]",
                signed(elo, 1, Minus::True),
                plain(lo),
                plain(hi)
            )
        }
        _ => text_cell("—"),
    };
    let pairs = |p: &PairingSummary| p.ptnml.map(|c| c.to_string()).join(" ");
    let rows: Vec<Vec<String>> = depth
        .iter()
        .map(|d| {
            let at_nodes = &src.pairing(&nodes, &d.variant, nodes_name);
            vec![
                d.variant.clone(),
                elo(d),
                three_decimals(d.nodes_per_move / d.opponent_nodes_per_move),
                pairs(d),
                elo(at_nodes),
                pairs(at_nodes),
            ]
        })
        .collect();
    table(
        &[
            "variant",
            "depth 5: Elo [95%]",
            "nodes/move × base",
            "pairs 0–2",
            "30,000 nodes: Elo [95%]",
            "pairs 0–2",
        ],
        "lrrlrl",
        &rows,
    )
}

/// What each heuristic is worth by removal from the full search, at a fixed node budget and at
/// a time control, beside the published removal figures of Ethereal and Stockfish.
pub(super) fn elo_worth(src: &Sources) -> String {
    let (nodes_games, nodes) = src.pairings("elo-worth/elo-worth-nodes.games");
    // The time control was played in two runs (four removals, then two more).
    let (tc_first, mut tc) = src.pairings("elo-worth/elo-worth-tc.games");
    let (tc_second, more) = src.pairings("elo-worth/elo-worth-tc-2.games");
    tc.extend(more);
    let tc_games = tc_first + tc_second;
    // Ethereal PR #113 (2020, 12+0.12 s) and Stockfish PR #3868 (2021, 10+0.1 s): Elo lost when
    // the step is removed from the full engine. Stockfish's "futility pruning: child node"
    // returns the static eval when it beats beta by a margin: reverse futility, by our names.
    let published = [
        (
            "no_null_move",
            "null move",
            "−93.1 ± 5.0",
            "−22.0 (with verification)",
        ),
        ("no_lmr", "late-move reductions", "—", "—"),
        ("no_futility", "futility", "−3.1 ± 2.0", "—"),
        (
            "no_reverse_futility",
            "reverse futility",
            "−32.0 ± 3.2 (beta pruning)",
            "−24.6 (futility: child node)",
        ),
        (
            "no_late_move_pruning",
            "late-move pruning",
            "−76.9 ± 4.6",
            "—",
        ),
        (
            "no_see_pruning",
            "SEE pruning (quiescence)",
            "−41.5 ± 3.0",
            "—",
        ),
    ];
    let rows: Vec<Vec<String>> = published
        .iter()
        .map(|(variant, label, ethereal, stockfish)| {
            let p = &src.pairing(&nodes, variant, "elo-worth/elo-worth-nodes.games");
            let t = tc.iter().find(|p| p.variant == *variant);
            let verdict = match t {
                Some(t) => format!(
                    "{} at 10k nodes, {} at 1+0.01",
                    removal_verdict(p),
                    removal_verdict(t)
                ),
                None => format!("{} at 10k nodes", removal_verdict(p)),
            };
            vec![
                text_cell(label),
                elo_interval(p),
                p.games.to_string(),
                format!("{:.0}", p.nodes_per_move),
                format!(
                    "{:.2} (×{:.2})",
                    p.ms_per_move,
                    p.ms_per_move / p.opponent_ms_per_move
                ),
                t.map_or(text_cell("—"), elo_interval),
                t.map_or(text_cell("—"), |t| t.games.to_string()),
                t.map_or(text_cell("—"), |t| {
                    format!(
                        "{:.0} (×{:.2})",
                        t.nodes_per_move,
                        t.nodes_per_move / t.opponent_nodes_per_move
                    )
                }),
                t.map_or(text_cell("—"), |t| format!("{:.1}", t.ms_per_move)),
                text_cell(ethereal),
                text_cell(stockfish),
                verdict,
            ]
        })
        .collect();
    let mut out = table(
        &[
            "removed",
            "Elo at 10k nodes [95%]",
            "games",
            "nodes/move",
            "ms/move (× full)",
            "Elo at 1+0.01 [95%]",
            "games",
            "nodes/move (× full)",
            "ms/move",
            "Ethereal",
            "Stockfish",
            "removing it: the heuristic …",
        ],
        "lrrrrrrrrlll",
        &rows,
    );
    let first = |pairings: &[PairingSummary]| pairings.first().cloned().unwrap_or_default();
    let (full, full_tc) = (first(&nodes), first(&tc));
    let (nlo, nhi) = half_widths(&nodes);
    let (tlo, thi) = half_widths(&tc);
    let _ = writeln!(
        out,
        "\nAt 10,000 nodes a move `full` searched {:.0} nodes and {:.2} ms per move: {} games, \
         half-widths {nlo:.1} to {nhi:.1} Elo, {:.0} minutes with `--jobs {}`. At 1+0.01 (first \
         run) it searched {:.0} nodes in {:.1} ms per move: {} games, half-widths {tlo:.1} to \
         {thi:.1} Elo, {:.0} minutes with `--jobs {}` in two runs.",
        full.opponent_nodes_per_move,
        full.opponent_ms_per_move,
        nodes_games,
        src.wall_seconds("elo-worth/elo-worth-nodes.games") / 60.0,
        src.jobs_of("elo-worth/elo-worth-nodes.games"),
        full_tc.opponent_nodes_per_move,
        full_tc.opponent_ms_per_move,
        tc_games,
        (src.wall_seconds("elo-worth/elo-worth-tc.games")
            + src.wall_seconds("elo-worth/elo-worth-tc-2.games"))
            / 60.0,
        src.jobs_of("elo-worth/elo-worth-tc.games")
    );
    out
}

/// Fruit 2.1's pruning options, one changed at a time from Fruit as shipped: Elo at a time
/// control beside the nodes the change saves at fixed depth.
pub(super) fn fruit_elo_worth(src: &Sources) -> String {
    let (games, pairings) = src.pairings("fruit-elo-worth/fruit-elo-worth.games");
    let rows: Vec<EngineRow> = src.rows("fruit-elo-worth/fruit-elo-worth");
    let work = |v: &str, d: u32| {
        rows.iter()
            .filter(|r| r.variant == v && r.depth == d)
            .map(|r| r.nodes_cum)
            .sum::<u64>()
    };
    let solved = |v: &str, d: u32| {
        rows.iter()
            .filter(|r| r.variant == v && r.depth == d && r.bm_ok == "true")
            .count()
    };
    let options = [
        ("fruit-no-null-move", "null move: Fail High → Never"),
        ("fruit-no-history-pruning", "history pruning: on → off"),
        ("fruit-futility", "futility pruning: off → on"),
        ("fruit-delta", "delta pruning: off → on"),
    ];
    let table_rows: Vec<Vec<String>> = options
        .iter()
        .map(|(variant, label)| {
            let p = &src.pairing(&pairings, variant, "fruit-elo-worth/fruit-elo-worth.games");
            vec![
                text_cell(label),
                elo_interval(p),
                p.games.to_string(),
                format!("{:.2}", p.nodes_per_move / p.opponent_nodes_per_move),
                sig3(work(variant, 8) as f64 / work("fruit", 8) as f64),
                sig3(work(variant, 10) as f64 / work("fruit", 10) as f64),
                format!("{} / {}", solved(variant, 10), solved("fruit", 10)),
                text_cell(match removal_verdict(p) {
                    "helps" => "the change loses Elo",
                    "hurts" => "the change gains Elo",
                    _ => "not resolved",
                }),
            ]
        })
        .collect();
    let mut out = table(
        &[
            "option changed",
            "Elo at 1+0.01 [95%]",
            "games",
            "nodes/move in games × shipped",
            "nodes d8 × shipped",
            "nodes d10 × shipped",
            "BK solved d10 (vs shipped)",
            "verdict",
        ],
        "lrrrrrrl",
        &table_rows,
    );
    let (lo, hi) = half_widths(&pairings);
    let _ = writeln!(
        out,
        "\nFruit as shipped searched {} nodes over Bratko–Kopec at depth 10; {games} games in \
         all, half-widths {lo:.1} to {hi:.1} Elo, {:.0} minutes with `--jobs {}`.",
        thousands(work("fruit", 10)),
        src.wall_seconds("fruit-elo-worth/fruit-elo-worth.games") / 60.0,
        src.jobs_of("fruit-elo-worth/fruit-elo-worth.games")
    );
    out
}
