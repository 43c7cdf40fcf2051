//! The classic move-ordering tables of docs/reproductions.md: killers, capture orders, history,
//! Thé's orderings, the countermove heuristic and first-move cutoffs, each beside the seed's figures
//! (Ifrit's killer table read from `docs/ifrit-killers.csv`, its capture scores and Thé's findings
//! from `docs/seed-figures.csv`).

use super::format::{millions, table, text_cell, thousands, three_decimals};
use super::reproductions_search::schaeffer_variant;
use super::seeds::{IfritKillers, SeedFigures};
use super::sources::{Results, Sources};
use std::fmt::Write;

pub(super) fn killers(src: &Sources) -> String {
    let k = src.results_of(&["killers/killers", "killers/killers-deep"]);
    let seed = IfritKillers(src.ifrit_killers());
    let variants = [
        ("plain (captures first, nothing sorted)", "plain"),
        ("+ killers (after the first capture)", "killers"),
        ("best capture first, then killer", "capture_then_killer"),
        ("all orderings", "all"),
    ];
    let mut rows: Vec<Vec<String>> = variants
        .iter()
        .map(|(label, variant)| {
            let mut row = vec![text_cell(label)];
            row.extend((7..=9).map(|d| seed.cell(variant, d)));
            row.extend((7..=9).map(|d| thousands(k.work(variant, d))));
            row
        })
        .collect();
    let mut ratio_row = |label: &str, a: &str, b: &str| {
        let mut row = vec![text_cell(label)];
        row.extend((7..=9).map(|d| format!("**{}**", seed.ratio(a, b, d))));
        row.extend((7..=9).map(|d| format!("**{}**", three_decimals(k.ratio(a, b, d)))));
        rows.push(row);
    };
    ratio_row("killers / plain", "killers", "plain");
    ratio_row(
        "capture-then-killer / killers",
        "capture_then_killer",
        "killers",
    );
    let mut out = table(
        &[
            "", "seed d7", "seed d8", "seed d9", "ours d7", "ours d8", "ours d9",
        ],
        "lrrrrrr",
        &rows,
    );
    let main = |v: &str| thousands(k.main_nodes_through(v, 7));
    let _ = write!(
        out,
        "\nMain-search nodes through depth 7 (Σ `nodes` over the iterations, quiescence left out): \
         plain {}, killers {}, capture-then-killer {}.\n",
        main("plain"),
        main("killers"),
        main("capture_then_killer")
    );
    out
}

pub(super) fn killers_sensitivity(src: &Sources) -> String {
    let k = src.results("killers-sensitivity/killers-sensitivity");
    let setups = [
        ("pst", "the project's setup (killers.toml)"),
        ("qsorted", "quiescence sorted (MVV/LVA) in both"),
        ("noqs", "no quiescence"),
        ("material", "material evaluation"),
        ("mat_noqs", "material, no quiescence"),
        (
            "mat_noid",
            "material, no quiescence, no iterative deepening",
        ),
    ];
    let seed = IfritKillers(src.ifrit_killers());
    let mut row = vec![text_cell("Ifrit b2.5 (seed)")];
    row.extend((7..=9).map(|d| seed.ratio("killers", "plain", d)));
    row.push(seed.cell("plain", 7));
    row.push(seed.cell("killers", 7));
    let mut rows = vec![row];
    for (prefix, label) in setups {
        let plain = format!("{prefix}_plain");
        let killers = format!("{prefix}_killers");
        let mut row = vec![text_cell(label)];
        row.extend((7..=9).map(|d| three_decimals(k.ratio(&killers, &plain, d))));
        row.push(thousands(k.work(&plain, 7)));
        row.push(thousands(k.work(&killers, 7)));
        rows.push(row);
    }
    table(
        &[
            "setup",
            "killers/plain d7",
            "d8",
            "d9",
            "plain work d7",
            "killers work d7",
        ],
        "lrrrrr",
        &rows,
    )
}

pub(super) fn killers_bk(src: &Sources) -> String {
    let k = src.results("killers-bk/killers-bk");
    let depths = [3, 4, 5];
    let work = |a: &str, b: &str| -> Vec<String> {
        depths
            .iter()
            .map(|&d| three_decimals(k.ratio(a, b, d)))
            .collect()
    };
    // Main-search nodes of that depth's iteration: the rows hold depths 3-5 only.
    let main = |a: &str, b: &str| -> Vec<String> {
        let nodes = |v: &str, d: u32| k.sum(v, d, |r| r.nodes) as f64;
        depths
            .iter()
            .map(|&d| three_decimals(nodes(a, d) / nodes(b, d)))
            .collect()
    };
    let (ctk, sorted) = (
        "capture_then_killer",
        "quiescence sorted (MVV/LVA) in every variant",
    );
    let rows: Vec<Vec<String>> = [
        (
            text_cell("killers / plain, as configured"),
            work("killers", "plain"),
        ),
        (
            text_cell(
                "capture-then-killer / killers, as configured (only the former sorts quiescence)",
            ),
            work(ctk, "killers"),
        ),
        (
            format!("killers / plain, {sorted}"),
            work("killers_sorted_qs", "plain_sorted_qs"),
        ),
        (
            format!("capture-then-killer / killers, {sorted}"),
            work(ctk, "killers_sorted_qs"),
        ),
        (
            text_cell("killers / plain, main-search nodes"),
            main("killers", "plain"),
        ),
        (
            text_cell("capture-then-killer / killers, main-search nodes"),
            main(ctk, "killers"),
        ),
    ]
    .into_iter()
    .map(|(label, cells)| std::iter::once(label).chain(cells).collect())
    .collect();
    table(&["work ratio", "BK d3", "BK d4", "BK d5"], "lrrr", &rows)
}

pub(super) fn mvv_lva(src: &Sources) -> String {
    let r = src.results("mvv_lva/mvv_lva");
    let variants = [
        (
            "`first` (captures first, unsorted; quiescence unsorted)",
            "first",
        ),
        ("`none` (generator order everywhere)", "none"),
        ("`first` + quiescence MVV/LVA", "q_mvv_lva"),
        ("`mvv` (victim only)", "mvv"),
        ("`mvv_lva` (main and quiescence)", "mvv_lva"),
        ("`victim_minus_attacker`", "victim_minus_attacker"),
        (
            "`scaled_victim_minus_attacker` (100·victim − attacker)",
            "scaled_victim_minus_attacker",
        ),
        ("`recapture_first` (+ MVV/LVA)", "recapture_first"),
        ("`prune_losing` (tree-changing)", "prune_losing"),
    ];
    let rows: Vec<Vec<String>> = variants
        .iter()
        .map(|(label, v)| {
            vec![
                text_cell(label),
                thousands(r.sum(v, 5, |x| x.nodes)),
                thousands(r.sum(v, 5, |x| x.qnodes)),
                format!("{:.3}", r.ratio(v, "first", 5)),
                format!("{}, {}", r.solved(v, 4), r.solved(v, 5)),
            ]
        })
        .collect();
    let mut out = table(
        &[
            "variant",
            "nodes d5",
            "qnodes d5",
            "work / `first` d5",
            "BK solved d4, d5",
        ],
        "lrrrr",
        &rows,
    );
    let (changed, all) = r.scores_changed("prune_losing", "mvv_lva");
    let _ = write!(
        out,
        "\nSearching only winning or equal captures in quiescence changes the root score in \
         {changed} of {all} rows (against `mvv_lva`, depths 4 and 5).\n"
    );
    out
}

pub(super) fn ifrit_formulas(src: &Sources) -> String {
    let r = src.results("ifrit/ifrit");
    let seed = SeedFigures::of(src, "ifrit-formulas");
    let (plain, scaled) = ("victim_minus_attacker", "scaled_victim_minus_attacker");
    let rows = [9, 10]
        .iter()
        .map(|&d| {
            vec![
                d.to_string(),
                seed.cell(plain, Some(d)),
                seed.cell(scaled, Some(d)),
                millions(r.work(plain, d)),
                millions(r.work(scaled, d)),
                three_decimals(r.ratio(scaled, plain, d)),
            ]
        })
        .collect::<Vec<_>>();
    table(
        &[
            "depth",
            "seed: victim − attacker",
            "seed: 100·victim − attacker",
            "ours: victim − attacker",
            "ours: 100·victim − attacker",
            "ours: ratio",
        ],
        "rrrrrr",
        &rows,
    )
}

/// A variant's work and its ratio to `baseline`, at each depth.
fn work_cells(r: &Results<'_>, variant: &str, baseline: &str, depths: [u32; 2]) -> Vec<String> {
    depths
        .iter()
        .flat_map(|&d| {
            [
                thousands(r.work(variant, d)),
                three_decimals(r.ratio(variant, baseline, d)),
            ]
        })
        .collect()
}

/// Work at two depths and the ratio to a baseline, one row per (label, variant).
fn work_rows(
    r: &Results<'_>,
    variants: &[(&str, &str)],
    baseline: &str,
    depths: [u32; 2],
) -> String {
    let rows: Vec<Vec<String>> = variants
        .iter()
        .map(|(label, v)| {
            let mut row = vec![text_cell(label)];
            row.extend(work_cells(r, v, baseline, depths));
            row
        })
        .collect();
    let (a, b) = (
        format!("work d{}", depths[0]),
        format!("work d{}", depths[1]),
    );
    table(&["variant", &a, "×", &b, "×"], "lrrrr", &rows)
}

pub(super) fn history(src: &Sources) -> String {
    let r = src.results("history/history");
    work_rows(
        &r,
        &[
            ("defaults", "baseline"),
            ("no history", "no_history"),
            ("bonus n", "bonus_depth"),
            ("bonus 2ⁿ", "bonus_two_pow_depth"),
            ("bonus Fibonacci(n)", "bonus_fibonacci"),
            ("table [from][to]", "table_from_to"),
            ("table [piece][to]", "table_piece_to"),
            ("scope all remaining", "scope_all_remaining"),
            ("good = cutoffs only", "good_cutoff_only"),
            ("decay ½", "decay_half"),
            ("decay 0 (clear)", "decay_clear"),
        ],
        "baseline",
        [5, 6],
    )
}

pub(super) fn claims(src: &Sources) -> String {
    let r = src.results("claims/claims");
    let mut out = work_rows(
        &r,
        &[
            (
                "defaults (2 killers after the captures, history, iterative deepening)",
                "baseline",
            ),
            ("one killer slot", "killers_1"),
            ("killers before the captures", "killers_before_captures"),
            ("promotions among the quiet moves", "promotions_as_quiets"),
            ("PV move's history bonus ×4", "history_pv_bonus_4"),
            ("history decay ¼ between iterations", "decay_quarter"),
            ("no history", "no_history"),
            ("no iterative deepening", "no_id"),
            ("no iterative deepening, no history", "no_id_no_history"),
        ],
        "baseline",
        [5, 6],
    );
    let saves = |with: &str, without: &str, d: u32| {
        100.0 * (1.0 - r.work(with, d) as f64 / r.work(without, d) as f64)
    };
    let _ = write!(
        out,
        "\nHistory saves {:.1}% / {:.1}% of the work with iterative deepening and {:.1}% / {:.1}% \
         without it (depths 5 / 6).\n",
        saves("baseline", "no_history", 5),
        saves("baseline", "no_history", 6),
        saves("no_id", "no_id_no_history", 5),
        saves("no_id", "no_id_no_history", 6),
    );
    out
}

pub(super) fn history_game(src: &Sources) -> String {
    let kept = src.results("history-game/history-game");
    let fresh = src.results("history-game-fresh/history-game-fresh");
    let mut rows = vec![{
        let mut row = vec![text_cell(
            "fresh tables for every search (history-game-fresh)",
        )];
        for d in [6, 7] {
            row.push(thousands(fresh.work("keep", d)));
            row.push(three_decimals(
                fresh.work("keep", d) as f64 / kept.work("keep", d) as f64,
            ));
        }
        row
    }];
    for (label, v) in [
        ("kept, no decay", "keep"),
        ("kept, decay ½", "decay_half"),
        ("kept, decay ¼", "decay_quarter"),
        ("kept, cleared (decay 0)", "clear"),
    ] {
        let mut row = vec![text_cell(label)];
        for d in [6, 7] {
            row.push(thousands(kept.work(v, d)));
            row.push(three_decimals(kept.ratio(v, "keep", d)));
        }
        rows.push(row);
    }
    table(
        &["78 positions of two games", "work d6", "×", "work d7", "×"],
        "lrrrr",
        &rows,
    )
}

pub(super) fn the(src: &Sources) -> String {
    let r = src.results("the/the");
    // Thé's findings, as the seed notes give them, beside each ordering.
    let seed = SeedFigures::of(src, "the");
    let variants = [
        ("no ordering", "none"),
        ("hash move", "hash_move"),
        ("MVV/LVA", "mvv_lva"),
        ("one killer", "killers_1"),
        ("two killers", "killers_2"),
        ("history", "history"),
        ("MVV/LVA + one killer", "mvv_lva_killers_1"),
        ("MVV/LVA + two killers", "mvv_lva_killers_2"),
    ];
    let rows: Vec<Vec<String>> = variants
        .iter()
        .map(|(label, v)| {
            let mut row = vec![text_cell(label), seed.cell(v, None)];
            row.extend(work_cells(&r, v, "none", [5, 6]));
            row
        })
        .collect();
    table(
        &["variant", "seed (Thé)", "work d5", "×", "work d6", "×"],
        "llrrrr",
        &rows,
    )
}

/// A committed result's wall time, from its manifest `results/NAME.json`.
pub(super) fn countermove(src: &Sources) -> String {
    let r = src.results("countermove/countermove");
    let variants = [
        ("default (two killers, history)", "default", "default"),
        ("+ countermove", "countermove", "default"),
        ("no killers", "no_killers", "default"),
        (
            "no killers, + countermove",
            "no_killers_countermove",
            "no_killers",
        ),
    ];
    let rows: Vec<Vec<String>> = variants
        .iter()
        .map(|(label, variant, over)| {
            let mut row = vec![text_cell(label)];
            for d in 5..=8 {
                row.push(thousands(r.work(variant, d)));
                row.push(three_decimals(r.ratio(variant, over, d)));
            }
            row
        })
        .collect();
    let mut out = table(
        &["", "d5", "×", "d6", "×", "d7", "×", "d8", "×"],
        "lrrrrrrrr",
        &rows,
    );
    let (changed, total) = r.scores_changed("countermove", "default");
    let (changed_nk, total_nk) = r.scores_changed("no_killers_countermove", "no_killers");
    let _ = write!(
        out,
        "\nWork is Σ `nodes_cum` over the 24 positions; × is against the row it adds the \
         countermove to (the default for the first three). Root scores changed by the \
         countermove: {changed} of {total} with killers, {changed_nk} of {total_nk} without.\n"
    );
    out
}

/// Ordering quality as the seed's "over 90% of cutoffs on the first move" measures it.
pub(super) fn first_move_cutoffs(src: &Sources) -> String {
    let r = src.results("schaeffer/schaeffer");
    let depths = [5, 6, 7, 8];
    let sch = schaeffer_variant;
    let lines = [
        ("none of the five", text_cell("none")),
        ("killers only", sch(false, true, false, false, false)),
        ("history only", sch(false, false, true, false, false)),
        ("TT only", sch(true, false, false, false, false)),
        (
            "TT + killers + history",
            sch(true, true, true, false, false),
        ),
        (
            "all five (the default search)",
            sch(true, true, true, true, true),
        ),
    ];
    let mut rows: Vec<Vec<String>> = lines
        .iter()
        .map(|(label, v)| {
            let mut row = vec![text_cell(label)];
            for &d in &depths {
                let first = r.sum(v, d, |row| row.first_move_cutoffs);
                let all = r.sum(v, d, |row| row.beta_cutoffs);
                row.push(format!("{:.1}%", 100.0 * first as f64 / all as f64));
            }
            row
        })
        .collect();
    let claim = SeedFigures::of(src, "first-move-cutoffs").cell("", None);
    let mut seed = vec![text_cell("seed: tuned programs")];
    seed.extend(depths.iter().map(|_| claim.clone()));
    rows.push(seed);
    table(
        &[
            "first-move cutoffs, BK (`schaeffer.csv`)",
            "d5",
            "d6",
            "d7",
            "d8",
        ],
        "lrrrr",
        &rows,
    )
}
