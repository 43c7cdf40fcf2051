//! docs/nnue-worth.md's node tables: each seed's node ratios (variant over baseline) under the
//! handcrafted evaluation (`results/<seed>/<seed>.csv`) and under the learned one (its twin,
//! `results/<seed>-nnue/<seed>-nnue.csv`), with their ratio paired by position and its interval
//! (`stats::paired_ratio`).

use super::format::{sig3, table, text_cell, three_decimals};
use super::sources::{Results, Sources};
use crate::stats::paired_ratio::{ratio_of_ratios, PositionWork, RatioOfRatios};
use std::collections::BTreeMap;

/// Each seed with a twin, and the name of its baseline there.
const SEEDS: &[(&str, &str)] = &[
    ("killers", "plain"),
    ("killers-bk", "plain"),
    ("mvv_lva", "first"),
    ("history", "baseline"),
    ("aspiration", "ab"),
    ("quiescence", "no_quiescence"),
];

/// One (seed, variant, depth) compared.
struct Compared {
    seed: &'static str,
    variant: String,
    depth: u32,
    ratio: Option<RatioOfRatios>,
}

pub(super) fn seeds(src: &Sources) -> String {
    let compared: Vec<Compared> = SEEDS
        .iter()
        .flat_map(|&(seed, baseline)| compare_seed(src, seed, baseline))
        .collect();
    let rows: Vec<Vec<String>> = compared.iter().map(row).collect();
    let mut out = table(
        &[
            "config",
            "variant",
            "depth",
            "handcrafted ×",
            "NNUE ×",
            "NNUE / handcrafted [95%]",
            "verdict",
        ],
        "llrrrrl",
        &rows,
    );
    out.push('\n');
    out.push_str(&tally(&compared));
    out
}

/// Every variant of the seed's twin but the baseline, at each of its depths.
fn compare_seed(src: &Sources, seed: &'static str, baseline: &str) -> Vec<Compared> {
    let handcrafted = src.results(&format!("{seed}/{seed}"));
    let learned = src.results(&format!("{seed}-nnue/{seed}-nnue"));
    let mut depths: Vec<u32> = learned.rows.iter().map(|r| r.depth).collect();
    depths.sort_unstable();
    depths.dedup();
    let mut out = Vec::new();
    for variant in learned.variants().into_iter().filter(|v| v != baseline) {
        for &depth in &depths {
            let work = paired_work(src, [&handcrafted, &learned], &variant, baseline, depth);
            out.push(Compared {
                seed,
                ratio: ratio_of_ratios(&work),
                variant: variant.clone(),
                depth,
            });
        }
    }
    out
}

/// Each position's work (`nodes_cum`) for `variant` and `baseline` under both evaluations; a
/// position missing from any of the four is a problem, and left out.
fn paired_work(
    src: &Sources,
    [handcrafted, learned]: [&Results<'_>; 2],
    variant: &str,
    baseline: &str,
    depth: u32,
) -> Vec<PositionWork> {
    let by_position = |r: &Results<'_>, v: &str| -> BTreeMap<String, u64> {
        r.at(v, depth)
            .iter()
            .map(|row| (row.position.clone(), row.nodes_cum))
            .collect()
    };
    let (hv, hb) = (
        by_position(handcrafted, variant),
        by_position(handcrafted, baseline),
    );
    let (lv, lb) = (
        by_position(learned, variant),
        by_position(learned, baseline),
    );
    let mut work = Vec::new();
    for (position, &learned_baseline) in &lb {
        let found = (hv.get(position), hb.get(position), lv.get(position));
        let (Some(&h_variant), Some(&h_baseline), Some(&l_variant)) = found else {
            src.problem(format!(
                "{} and {}: position {position} lacks a row of \"{variant}\" or \"{baseline}\" at depth {depth}",
                handcrafted.name, learned.name
            ));
            continue;
        };
        work.push(PositionWork {
            handcrafted: (h_variant, h_baseline),
            learned: (l_variant, learned_baseline),
        });
    }
    work
}

/// A grid variant's name without what every grid variant of aspiration.toml shares.
fn short_name(variant: &str) -> String {
    variant
        .replace("aspiration.enabled=true,", "")
        .replace("aspiration.", "")
}

fn row(c: &Compared) -> Vec<String> {
    let mut cells = vec![
        text_cell(c.seed),
        format!("`{}`", short_name(&c.variant)),
        c.depth.to_string(),
    ];
    let Some(r) = c.ratio else {
        cells.extend(["—", "—", "—", "no positions"].map(text_cell));
        return cells;
    };
    cells.push(sig3(r.handcrafted));
    cells.push(sig3(r.learned));
    match r.interval {
        Some((lo, hi)) => {
            let [ratio, lo, hi] = [r.ratio, lo, hi].map(three_decimals);
            cells.push(format!("{ratio} [{lo}, {hi}]"));
            let verdict = if r.told_apart() == Some(true) {
                "**told apart**"
            } else {
                "not told apart"
            };
            cells.push(text_cell(verdict));
        }
        None => {
            cells.push(three_decimals(r.ratio));
            cells.push(text_cell("one position: no interval"));
        }
    }
    cells
}

/// Per seed: how many intervals exclude 1, and which way; then what chance alone would give.
fn tally(compared: &[Compared]) -> String {
    let mut lines = Vec::new();
    let (mut intervals, mut apart) = (0, 0);
    for &(seed, _) in SEEDS {
        let ratios: Vec<&RatioOfRatios> = compared
            .iter()
            .filter(|c| c.seed == seed)
            .filter_map(|c| c.ratio.as_ref())
            .filter(|r| r.interval.is_some())
            .collect();
        if ratios.is_empty() {
            continue;
        }
        let below = ratios
            .iter()
            .filter(|r| r.told_apart() == Some(true) && r.ratio < 1.0);
        let below = below.count();
        let above = ratios
            .iter()
            .filter(|r| r.told_apart() == Some(true))
            .count()
            - below;
        intervals += ratios.len();
        apart += below + above;
        lines.push(format!(
            "{seed} {} of {} (NNUE's ratio smaller in {below}, larger in {above})",
            below + above,
            ratios.len()
        ));
    }
    format!(
        "Each × is the geometric mean over the positions of the variant's work (Σ `nodes_cum`) over \
         the baseline's at that position and depth; NNUE / handcrafted is their ratio, its 95% \
         interval a t interval over the positions' paired log ratios. Intervals that exclude 1: \
         {}; {apart} of {intervals} in all, where 5% of them, about {:.0}, would exclude 1 by \
         chance if no ratio had moved.\n",
        lines.join(", "),
        0.05 * intervals as f64
    )
}
