//! The classic search tables of docs/reproductions.md: aspiration windows, quiescence, the
//! transposition table, PVS, Schaeffer's combinations, the minimal tree, and the runs' time; the
//! seeds' figures beside ours read from `docs/seed-figures.csv`.

use super::format::{millions, sig3, signed, table, text_cell, thousands, three_decimals, Minus};
use super::seeds::{SeedFigures, QUIESCENCE};
use super::sources::{Results, Row, Sources};
use std::collections::BTreeMap;
use std::fmt::Write;

pub(super) fn aspiration(src: &Sources) -> String {
    let r = src.results("aspiration/aspiration");
    let grid = |pvs: bool, tt: &str, window: u32, research: &str| {
        format!(
            "pvs={pvs},tt={tt},aspiration.enabled=true,aspiration.window={window},aspiration.research={research}"
        )
    };
    let setups = [
        ("alpha-beta", false, "off", "ab", 5),
        ("alpha-beta", false, "off", "ab", 6),
        ("+ PVS", true, "off", "pvs", 6),
        ("+ TT", false, "full", "tt", 6),
        ("+ PVS + TT", true, "full", "pvs_tt", 6),
    ];
    let rows: Vec<Vec<String>> = setups
        .iter()
        .map(|&(label, pvs, tt, base, d)| {
            let mut row = vec![text_cell(label)];
            for window in [25, 50, 100] {
                row.push(format!(
                    "{} / {}",
                    three_decimals(r.ratio(&grid(pvs, tt, window, "open"), base, d)),
                    three_decimals(r.ratio(&grid(pvs, tt, window, "widen"), base, d))
                ));
            }
            row.push(d.to_string());
            row
        })
        .collect();
    let mut out = table(
        &[
            "search",
            "window 25 (open / widen)",
            "window 50",
            "window 100",
            "depth",
        ],
        "lrrrr",
        &rows,
    );
    let _ = write!(
        out,
        "\nA zero window (`ab_asp0`): {} and {} of the work without aspiration at depths 5 and 6; \
         growth from depth 5 to 6: ×{:.1} with it, ×{:.1} without.\n",
        three_decimals(r.ratio("ab_asp0", "ab", 5)),
        three_decimals(r.ratio("ab_asp0", "ab", 6)),
        r.work("ab_asp0", 6) as f64 / r.work("ab_asp0", 5) as f64,
        r.work("ab", 6) as f64 / r.work("ab", 5) as f64,
    );
    out
}

pub(super) fn quiescence(src: &Sources) -> String {
    let r = src.results("quiescence/quiescence");
    let cell = |v: &str, d: u32, with_q: bool| {
        let row = r.at(v, d)[0];
        let q = if with_q {
            format!("{}, ", thousands(row.qnodes))
        } else {
            String::new()
        };
        format!(
            "{q}{:.0} ms, {}, {}",
            row.time_ms,
            signed(row.score_cp as f64 / 100.0, 2, Minus::Ascii),
            row.pv
        )
    };
    let mut rows: Vec<Vec<String>> = (4..=6)
        .map(|d| {
            vec![
                d.to_string(),
                thousands(r.at("no_quiescence", d)[0].leaves),
                cell("no_quiescence", d, false),
                cell("quiescence", d, true),
            ]
        })
        .collect();
    let seed = SeedFigures::of(src, "quiescence");
    // The seed's time, score and PV, as it prints them.
    let seed_cell = |v: &str, d: u32| {
        let figures: Vec<String> = QUIESCENCE[1..]
            .iter()
            .map(|what| seed.what(v, d, what))
            .collect();
        figures.join(", ")
    };
    for d in [5, 6] {
        rows.push(vec![
            text_cell(&format!("seed {d}")),
            seed.what("no_quiescence", d, QUIESCENCE[0]),
            seed_cell("no_quiescence", d),
            seed_cell("quiescence", d),
        ]);
    }
    let mut out = table(
        &[
            "depth",
            "leaves (= perft)",
            "no quiescence: time, score, PV",
            "quiescence: qnodes, time, score, PV",
        ],
        "rrll",
        &rows,
    );
    let t = |v: &str, d: u32| r.time_ms(v, d);
    let seed_t = |d: u32| seed.ratio("quiescence", "no_quiescence", d, Some(QUIESCENCE[1]), 1);
    let _ = write!(
        out,
        "\nQuiescence's time over no quiescence, material evaluation: ×{:.1} at depth 5, ×{:.1} at \
         depth 6 (seed: ×{} and ×{}); with `pst`: ×{:.1} and ×{:.1}.\n",
        t("quiescence", 5) / t("no_quiescence", 5),
        t("quiescence", 6) / t("no_quiescence", 6),
        seed_t(5),
        seed_t(6),
        t("quiescence_pst", 5) / t("no_quiescence_pst", 5),
        t("quiescence_pst", 6) / t("no_quiescence_pst", 6),
    );
    // The leaf's price explains the rest: Ifrit took 125 s for perft(6)'s leaves.
    let per_leaf = |d: u32| 1e6 * t("no_quiescence", d) / r.at("no_quiescence", d)[0].leaves as f64;
    let seed_number = |what: &str| {
        seed.number("no_quiescence", 6, Some(what))
            .unwrap_or(f64::NAN)
    };
    let ifrit: f64 = 1e9 * seed_number(QUIESCENCE[1]) / seed_number(QUIESCENCE[0]);
    let _ = writeln!(
        out,
        "Time per leaf without quiescence, depth 6: {:.0} ns (seed: {} ns, {:.0}× ours).",
        per_leaf(6),
        thousands(ifrit.round() as u64),
        ifrit / per_leaf(6),
    );
    out
}

pub(super) fn tt(src: &Sources) -> String {
    let ours = src.results("tt/tt");
    let ifrit = src.results("ifrit/ifrit");
    let seed = SeedFigures::of(src, "tt");
    let rows = [8, 9, 10]
        .iter()
        .map(|&d| {
            vec![
                d.to_string(),
                seed.ratio("full", "off", d, None, 2),
                three_decimals(ifrit.ratio("tt_full", "victim_minus_attacker", d)),
                three_decimals(ifrit.ratio("tt_move", "victim_minus_attacker", d)),
                three_decimals(ours.ratio("full", "off", d)),
                three_decimals(ours.ratio("move", "off", d)),
            ]
        })
        .collect::<Vec<_>>();
    let mut out = table(
        &[
            "depth",
            "seed: with / without",
            "Ifrit-like: full / off",
            "Ifrit-like: move / off",
            "defaults: full / off",
            "defaults: move / off",
        ],
        "rrrrrr",
        &rows,
    );
    let _ = write!(
        out,
        "\nIfrit-like work without the table: {}, {} and {} at depths 8, 9 and 10 (seed: {}, \
         {} and {}).\n",
        thousands(ifrit.work("victim_minus_attacker", 8)),
        thousands(ifrit.work("victim_minus_attacker", 9)),
        millions(ifrit.work("victim_minus_attacker", 10)),
        seed.cell("off", Some(8)),
        seed.cell("off", Some(9)),
        seed.cell("off", Some(10)),
    );
    out
}

pub(super) fn pvs(src: &Sources) -> String {
    let r = src.results("pvs/pvs");
    // Ifrit's "5-10% in most positions, sometimes slower" is a claim per position.
    let spread = |d: u32| {
        let (mut slower, mut below_5, mut from_5_to_10, mut above_10) = (0, 0, 0, 0);
        let base: BTreeMap<&str, u64> = r
            .at("alphabeta", d)
            .iter()
            .map(|row| (row.position.as_str(), row.nodes_cum))
            .collect();
        for row in r.at("pvs", d) {
            let saved = 1.0 - row.nodes_cum as f64 / base[row.position.as_str()] as f64;
            match saved {
                x if x < 0.0 => slower += 1,
                x if x < 0.05 => below_5 += 1,
                x if x <= 0.10 => from_5_to_10 += 1,
                _ => above_10 += 1,
            }
        }
        format!(
            "depth {d}: {slower} slower, {below_5} save under 5%, {from_5_to_10} save 5–10%, \
             {above_10} save more"
        )
    };
    format!(
        "PVS over alpha-beta, work: **{}** at depth 5, **{}** at depth 6 (Ifrit: {}).\n\nOf the {} \
         positions, {}; {}.\n",
        three_decimals(r.ratio("pvs", "alphabeta", 5)),
        three_decimals(r.ratio("pvs", "alphabeta", 6)),
        SeedFigures::of(src, "pvs").cell("pvs", None),
        r.at("pvs", 5).len(),
        spread(5),
        spread(6),
    )
}

/// The name `configs/schaeffer.toml`'s grid gives the combination with these five switched on.
pub(super) fn schaeffer_variant(
    tt: bool,
    killers: bool,
    history: bool,
    asp: bool,
    pvs: bool,
) -> String {
    if !(tt || killers || history || asp || pvs) {
        return text_cell("none");
    }
    format!(
        "tt={},ordering.killers={},ordering.history={history},aspiration.enabled={asp},pvs={pvs}",
        if tt { "full" } else { "off" },
        if killers { 2 } else { 0 }
    )
}

pub(super) fn schaeffer(src: &Sources) -> String {
    let r = src.results("schaeffer/schaeffer");
    let name = schaeffer_variant;
    let depths = [5, 6, 7, 8];
    let named = [
        ("none", name(false, false, false, false, false)),
        ("aspiration only", name(false, false, false, true, false)),
        ("PVS only", name(false, false, false, false, true)),
        ("history only", name(false, false, true, false, false)),
        ("killers only", name(false, true, false, false, false)),
        ("TT only", name(true, false, false, false, false)),
        ("TT + history", name(true, false, true, false, false)),
        ("all five", name(true, true, true, true, true)),
    ];
    let mut rows: Vec<Vec<String>> = named
        .iter()
        .map(|(label, v)| {
            let mut row = vec![text_cell(label)];
            row.extend(
                depths
                    .iter()
                    .map(|&d| three_decimals(r.ratio(v, "none", d))),
            );
            row
        })
        .collect();
    let variants = r.variants();
    let best = |d: u32| {
        variants
            .iter()
            .map(|v| (r.ratio(v, "none", d), v.clone()))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .unwrap_or((f64::NAN, String::new()))
    };
    let mut best_row = vec![text_cell("best combination")];
    let mut share_row = vec![text_cell("TT + history: share of the best reduction")];
    for &d in &depths {
        let (ratio, v) = best(d);
        let on: Vec<&str> = v
            .split(',')
            .filter(|kv| !kv.ends_with("=off") && !kv.ends_with("=0") && !kv.ends_with("=false"))
            .map(|kv| match kv.split('=').next().unwrap_or("") {
                "tt" => "TT",
                "ordering.killers" => "killers",
                "ordering.history" => "history",
                "aspiration.enabled" => "aspiration",
                _ => "PVS",
            })
            .collect();
        best_row.push(format!("{} ({})", three_decimals(ratio), on.join(", ")));
        let pair = r.ratio(&named[6].1, "none", d);
        share_row.push(format!("{:.1}%", 100.0 * (1.0 - pair) / (1.0 - ratio)));
    }
    rows.push(best_row);
    rows.push(share_row);
    let mut seed = vec![text_cell("seed (Schaeffer): TT + history's share")];
    let claim = SeedFigures::of(src, "schaeffer").cell("", None);
    seed.extend(depths.iter().map(|_| claim.clone()));
    rows.push(seed);
    table(&["work / none", "d5", "d6", "d7", "d8"], "lrrrr", &rows)
}

/// Main-search nodes over the minimal tree's and over the oracle's, at depths 3 and 4.
pub(super) fn minimal(src: &Sources) -> String {
    let experiments = ["killers", "mvv_lva", "history", "schaeffer"];
    let names = experiments.map(|name| format!("{name}/{name}-minimal"));
    let files = names.clone().map(|name| src.results(&name));
    let file = |experiment: &str| {
        let i = experiments.iter().position(|e| *e == experiment);
        &files[i.expect("an experiment this block names")]
    };
    let over = |r: &Results<'_>, v: &str, d: u32, yardstick: fn(&Row) -> Option<u64>| {
        let nodes = r.sum(v, d, |row| row.nodes);
        let total = r.sum_of(v, d, yardstick);
        sig3(nodes as f64 / total as f64)
    };
    let sch = schaeffer_variant;
    let lines = [
        (
            "killers (start position): plain",
            "killers",
            text_cell("plain"),
        ),
        ("killers: + killers", "killers", text_cell("killers")),
        (
            "killers: all orderings (the defaults)",
            "killers",
            text_cell("all"),
        ),
        (
            "MVV/LVA (BK): `none`, generator order everywhere",
            "mvv_lva",
            text_cell("none"),
        ),
        (
            "MVV/LVA: `first` (captures first, unsorted)",
            "mvv_lva",
            text_cell("first"),
        ),
        ("MVV/LVA: `mvv_lva`", "mvv_lva", text_cell("mvv_lva")),
        (
            "history (BK, hash move only): defaults",
            "history",
            text_cell("baseline"),
        ),
        ("history: no history", "history", text_cell("no_history")),
        (
            "Schaeffer (BK): none of the five",
            "schaeffer",
            text_cell("none"),
        ),
        (
            "Schaeffer: killers only",
            "schaeffer",
            sch(false, true, false, false, false),
        ),
        (
            "Schaeffer: history only",
            "schaeffer",
            sch(false, false, true, false, false),
        ),
        (
            "Schaeffer: all but the TT",
            "schaeffer",
            sch(false, true, true, true, true),
        ),
        (
            "Schaeffer: all five (the default search)",
            "schaeffer",
            sch(true, true, true, true, true),
        ),
    ];
    let rows: Vec<Vec<String>> = lines
        .iter()
        .map(|(label, name, v)| {
            let r = file(name);
            let mut row = vec![text_cell(label)];
            for d in [3, 4] {
                row.push(over(r, v, d, |row| row.minimal_nodes));
                row.push(over(r, v, d, |row| row.oracle_nodes));
            }
            row
        })
        .collect();
    let mut out = table(
        &[
            "configuration, variant",
            "×min d3",
            "×oracle d3",
            "×min d4",
            "×oracle d4",
        ],
        "lrrrr",
        &rows,
    );
    // The minimal tree itself, per position, and Knuth and Moore's uniform count for the
    // measured full-width branching factor (the geometric mean of leaves^(1/d)).
    let size = |r: &Results<'_>, d: u32| {
        let rows = r.at("none", d);
        let per_position = r.sum_of("none", d, |row| row.minimal_nodes) / rows.len().max(1) as u64;
        let logs: Vec<f64> = rows
            .iter()
            .map(|row| (row.fullwidth_leaves.unwrap_or_default() as f64).ln() / f64::from(d))
            .collect();
        let b = (logs.iter().sum::<f64>() / logs.len() as f64).exp();
        let knuth_moore = crate::search::minimal::knuth_moore_leaves(b, d);
        (per_position, b, knuth_moore.round() as u64)
    };
    let (bk3, b3, km3) = size(file("schaeffer"), 3);
    let (bk4, b4, km4) = size(file("schaeffer"), 4);
    let start = |d: u32| {
        file("killers")
            .first("plain", d)
            .minimal_nodes
            .unwrap_or_default()
    };
    let _ = write!(
        out,
        "\nOn Bratko-Kopec the minimal tree has {} nodes a position at depth 3 and {} at depth 4; \
         the full-width branching factor is {b3:.1} and {b4:.1}, for which Knuth and Moore's \
         uniform count is {} and {} leaves. From the start position it is {} and {} nodes. The four runs took \
         {:.1} minutes on 2 cores.\n",
        thousands(bk3),
        thousands(bk4),
        thousands(km3),
        thousands(km4),
        thousands(start(3)),
        thousands(start(4)),
        names.iter().map(|name| src.wall_seconds(name)).sum::<f64>() / 60.0,
    );
    out
}

/// The whole section's run time, from the manifests of every committed result, and the
/// threads each ran on as its manifest records them (clock games play on one).
pub(super) fn run_time(src: &Sources) -> String {
    let mut total = 0.0;
    let mut by_threads = std::collections::BTreeMap::<u64, usize>::new();
    for name in src.manifest_names() {
        let manifest = src.manifest(&name);
        // A run still going (or stopped) is not a committed result yet.
        if manifest["interrupted"].as_bool() == Some(true) {
            continue;
        }
        total += src.number(&manifest, &name, "wall_seconds");
        *by_threads
            .entry(src.number(&manifest, &name, "threads") as u64)
            .or_default() += 1;
    }
    let count: usize = by_threads.values().sum();
    let threads: Vec<String> = by_threads
        .iter()
        .rev()
        .map(|(jobs, runs)| format!("{runs} with `--jobs {jobs}`"))
        .collect();
    format!(
        "The {count} committed runs took **{:.0} minutes** of wall time together (Σ `wall_seconds` of \
         their manifests): {}.\n",
        total / 60.0,
        threads.join(", ")
    )
}
