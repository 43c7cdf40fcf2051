//! docs/nnue-worth.md's designs: the ladder's 2^5 design played under the net
//! (`results/nnue-ladder/factorial-N.games.csv`) beside the handcrafted rung at the same budget
//! (`results/budget-ladder-today/factorial-N.games.csv`), each refit from its games by the fit
//! of `ablate report` and compared by the computation of `ablate report --reference`
//! (`stats::design_ratio`), so that the page's tables are recomputed by the figures test.

use super::format::{table, thousands};
use super::sources::Sources;
use crate::reports::design_ratio_report::ratio_text;
use crate::reports::design_report::with_interval;
use crate::reports::ladder::ladder_files::{design_rung, factorials_in};
use crate::stats::design_ladder::DesignRung;
use crate::stats::design_ratio::{compare, Agreement, DesignComparison, DesignEffects};
use std::path::PathBuf;

const LEARNED: &str = "results/nnue-ladder";
const HANDCRAFTED: &str = "results/budget-ladder-today";

/// One budget played under both evaluations, and the comparison of the two.
struct Budget {
    handcrafted: DesignRung,
    learned: DesignRung,
    comparison: DesignComparison,
}

/// The net's design files, cheapest budget first.
fn learned_files(src: &Sources) -> Vec<(u64, PathBuf)> {
    let files = factorials_in(&src.file(LEARNED));
    if files.is_empty() {
        src.problem(format!("{LEARNED}: no factorial-N.games.csv"));
    }
    files
}

/// Every budget with both designs, refit and compared; a missing or unreadable file is a
/// problem.
fn budgets(src: &Sources) -> Vec<Budget> {
    let mut out = Vec::new();
    for (budget, learned) in learned_files(src) {
        let handcrafted = src.file(&format!("{HANDCRAFTED}/factorial-{budget}.games.csv"));
        let (learned, handcrafted) = match (design_rung(&learned), design_rung(&handcrafted)) {
            (Ok(l), Ok(h)) => (l, h),
            (Err(e), _) | (_, Err(e)) => {
                src.problem(e.to_string());
                continue;
            }
        };
        let compared = compare(
            &DesignEffects::of_design(&handcrafted.analysis),
            &DesignEffects::of_design(&learned.analysis),
        );
        match compared {
            Ok(comparison) => out.push(Budget {
                handcrafted,
                learned,
                comparison,
            }),
            Err(m) => src.problem(m.describe(
                &format!("the net's design at {budget} nodes"),
                "the handcrafted rung",
            )),
        }
    }
    out
}

/// What each design played: games, depth, dispersion and its worst half-width against its
/// target.
pub(super) fn played(src: &Sources) -> String {
    let rows: Vec<Vec<String>> = budgets(src)
        .iter()
        .flat_map(|b| {
            [("handcrafted", &b.handcrafted), ("NNUE", &b.learned)].map(|(eval, r)| {
                let target = r.precision.map_or(String::from("—"), |p| format!("±{p}"));
                let met = r.precision.is_some_and(|p| r.worst_half_width <= p);
                let state = if met { "met" } else { "not met yet" };
                vec![
                    thousands(r.budget),
                    eval.to_string(),
                    thousands(r.games as u64),
                    format!("{:.1}", r.depth),
                    format!("{:.2}", r.analysis.fit.dispersion),
                    format!("±{:.1} ({target}, {state})", r.worst_half_width),
                ]
            })
        })
        .collect();
    table(
        &[
            "nodes a move",
            "evaluation",
            "games",
            "plies reached",
            "dispersion φ",
            "worst 95% half-width (target)",
        ],
        "rlrrrr",
        &rows,
    )
}

/// Each step's worth under both evaluations and their ratio, budget by budget, then the slope
/// over the steps at each.
pub(super) fn steps(src: &Sources) -> String {
    let budgets = budgets(src);
    let rows: Vec<Vec<String>> = budgets
        .iter()
        .flat_map(|b| {
            b.comparison.steps.iter().map(|s| {
                vec![
                    thousands(b.learned.budget),
                    s.step.replace('_', " "),
                    with_interval(&s.reference),
                    with_interval(&s.design),
                    ratio_text(&s.ratio, "the handcrafted worth"),
                ]
            })
        })
        .collect();
    let mut out = table(
        &[
            "nodes a move",
            "step",
            "handcrafted",
            "NNUE",
            "NNUE / handcrafted (Fieller)",
        ],
        "rlrrr",
        &rows,
    );
    out.push('\n');
    for b in &budgets {
        out.push_str(&format!(
            "- At {} nodes, the slope through the origin over the {} steps (errors in both \
             variables): {}.\n",
            thousands(b.learned.budget),
            b.comparison.steps.len(),
            ratio_text(&b.comparison.pooled_ratio, "every handcrafted worth")
        ));
    }
    out
}

/// Each pair's interaction under both evaluations with Holm's p in its own design, and which
/// of the two resolves it.
pub(super) fn pairs(src: &Sources) -> String {
    let rows: Vec<Vec<String>> = budgets(src)
        .iter()
        .flat_map(|b| {
            b.comparison.pairs.iter().map(|p| {
                let reading = match p.agreement() {
                    Agreement::Both => "both",
                    Agreement::BothOppositeSigns => "both, opposite signs",
                    Agreement::ReferenceOnly => "handcrafted only",
                    Agreement::DesignOnly => "NNUE only",
                    Agreement::Neither => "neither",
                };
                vec![
                    thousands(b.learned.budget),
                    p.pair.replace('_', " "),
                    with_interval(&p.reference),
                    format!("{:.3}", p.reference_p_holm),
                    with_interval(&p.design),
                    format!("{:.3}", p.design_p_holm),
                    reading.to_string(),
                ]
            })
        })
        .collect();
    table(
        &[
            "nodes a move",
            "pair",
            "handcrafted",
            "Holm p",
            "NNUE",
            "Holm p",
            "resolved in",
        ],
        "rlrrrrl",
        &rows,
    )
}
