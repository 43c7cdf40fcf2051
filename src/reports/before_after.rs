//! The before/after summary: per depth, each variant's work, time and quality against the baseline.

use crate::config::experiment::BASELINE;
use crate::config::knob::ScoreCheck;
use crate::output::number_format::{fmt_ratio, sig3, thousands};
use crate::search_record::Row;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

/// The shortest total time, in milliseconds, that a time ratio (×t) is computed from.
pub const MIN_TIMED_MS: f64 = 10.0;
/// Bootstrap resamples for the confidence interval.
const RESAMPLES: usize = 2000;
/// Fixed seed: the same rows always give the same interval.
const SEED: u64 = 0x9e37_79b9_7f4a_7c15;

/// One variant at one depth.
#[derive(Debug, Clone, Serialize)]
pub struct VariantLine {
    /// Variant name.
    pub variant: String,
    /// Positions with a row at this depth.
    pub positions: usize,
    /// Σ nodes_cum: total work through this depth.
    pub work: u64,
    /// work / baseline work.
    pub work_ratio: Option<f64>,
    /// Geometric mean of per-position work ratios to the baseline.
    pub geomean_ratio: Option<f64>,
    /// 95% bootstrap interval of that geometric mean.
    pub geomean_ci: Option<(f64, f64)>,
    /// Σ time_ms_cum.
    pub time_ms: f64,
    /// time / baseline time.
    pub time_ratio: Option<f64>,
    /// Positions whose best move solves bm/am.
    pub solved: usize,
    /// Positions that have bm/am.
    pub solvable: usize,
    /// first_move_cutoffs / beta_cutoffs, in percent.
    pub first_move_cutoff_pct: Option<f64>,
    /// √(nodes(d) / nodes(d−2)) over the suite.
    pub ebf: Option<f64>,
    /// Σ nodes / Σ minimal_nodes over the positions that have the minimal tree.
    pub minimal_ratio: Option<f64>,
    /// Σ nodes / Σ oracle_nodes over the positions that have the oracle estimate.
    pub oracle_ratio: Option<f64>,
}

impl VariantLine {
    /// The cells after the name, as the terminal and Markdown tables show them;
    /// `percent` follows the first-move cutoff share.
    pub fn cells(&self, percent: &str) -> Vec<String> {
        vec![
            thousands(self.work),
            fmt_ratio(self.work_ratio),
            fmt_geomean(self),
            format!("{:.2}", self.time_ms / 1e3),
            fmt_ratio(self.time_ratio),
            if self.solvable > 0 {
                format!(
                    "{}/{} {:.0}%",
                    self.solved,
                    self.solvable,
                    100.0 * self.solved as f64 / self.solvable as f64
                )
            } else {
                "-".into()
            },
            self.first_move_cutoff_pct
                .map_or("-".into(), |p| format!("{p:.0}{percent}")),
            self.ebf.map_or("-".into(), |e| format!("{e:.2}")),
        ]
    }
}

/// The summary of one depth.
#[derive(Debug, Clone, Serialize)]
pub struct DepthSummary {
    /// Nominal depth.
    pub depth: u32,
    /// One line per variant, in variant order.
    pub lines: Vec<VariantLine>,
    /// The minimal tree at this depth, when the rows have it.
    pub minimal: Option<MinimalNote>,
}

/// The minimal tree at one depth, over the positions (the baseline's rows).
#[derive(Debug, Clone, Serialize)]
pub struct MinimalNote {
    /// Σ minimal_nodes.
    pub nodes: u64,
    /// Positions with the minimal tree.
    pub positions: usize,
    /// The full-width tree's branching factor: geometric mean over positions of leaves^(1/d).
    pub branching: f64,
    /// Knuth and Moore's minimal leaves for that branching factor, per position.
    pub knuth_moore_leaves: f64,
}

/// A pure-ordering variant whose score differs from the baseline's: a bug or a mislabelled knob.
#[derive(Debug, Clone, Serialize)]
pub struct ScoreFlag {
    /// The variant.
    pub variant: String,
    /// The depth.
    pub depth: u32,
    /// Positions where the scores differ.
    pub positions: Vec<String>,
}

/// Everything the terminal table, the Markdown and the charts show.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// Experiment name.
    pub experiment: String,
    /// The variant ratios are taken against.
    pub baseline: String,
    /// Variants in order.
    pub variants: Vec<String>,
    /// Per depth, ascending.
    pub depths: Vec<DepthSummary>,
    /// Score mismatches of pure-ordering variants.
    pub score_flags: Vec<ScoreFlag>,
    /// Each variant's score check against the baseline, in variant order.
    pub score_checks: Vec<(String, ScoreCheck)>,
    /// Variants checked up to the full TT: (variant, rows whose score differs, rows compared).
    pub tt_differences: Vec<(String, usize, usize)>,
    /// Positions with bm/am, in row order.
    pub solvable_positions: Vec<String>,
    /// Per variant: for each solvable position, the shallowest depth whose best move solved it.
    pub first_solved: Vec<(String, Vec<Option<u32>>)>,
}

impl Summary {
    /// Summarises rows; `variant_order` fixes the order, `checks` says how each variant's scores
    /// compare with the baseline's (a variant missing from it is not compared).
    pub fn compute(
        rows: &[Row],
        variant_order: &[String],
        checks: &HashMap<String, ScoreCheck>,
    ) -> Summary {
        let (variants, baseline) = variants_and_baseline(rows, variant_order);
        let experiment = rows
            .first()
            .map(|r| r.experiment.clone())
            .unwrap_or_default();
        let mut by_key: HashMap<(&str, u32), Vec<&Row>> = HashMap::new();
        for r in rows {
            by_key
                .entry((r.variant.as_str(), r.depth))
                .or_default()
                .push(r);
        }
        let rows_of =
            |variant: &str, depth: u32| by_key.get(&(variant, depth)).cloned().unwrap_or_default();
        let depth_set: BTreeMap<u32, ()> = rows.iter().map(|r| (r.depth, ())).collect();
        let mut depths = Vec::new();
        let mut score_flags = Vec::new();
        let mut tt_counts: HashMap<&str, (usize, usize)> = HashMap::new();
        for &depth in depth_set.keys() {
            let base = BaselineAt::of(rows_of(&baseline, depth));
            let mut lines = Vec::new();
            for variant in &variants {
                let vrows = rows_of(variant, depth);
                if vrows.is_empty() {
                    continue;
                }
                let check = checks.get(variant).copied().unwrap_or(ScoreCheck::None);
                if check != ScoreCheck::None && *variant != baseline {
                    let (differing, compared) = differing_scores(&vrows, &base);
                    if check == ScoreCheck::ExceptTt {
                        let count = tt_counts.entry(variant.as_str()).or_default();
                        count.0 += differing.len();
                        count.1 += compared;
                    } else if !differing.is_empty() {
                        score_flags.push(ScoreFlag {
                            variant: variant.clone(),
                            depth,
                            positions: differing,
                        });
                    }
                }
                let earlier = nodes_two_plies_back(&vrows).unwrap_or_else(|| {
                    let shallower = rows_of(variant, depth.saturating_sub(2));
                    shallower.iter().map(|r| r.stats.nodes).sum()
                });
                lines.push(variant_line(variant, depth, &vrows, &base, earlier));
            }
            let minimal = minimal_note(&base.rows, depth);
            depths.push(DepthSummary {
                depth,
                lines,
                minimal,
            });
        }
        let score_checks: Vec<(String, ScoreCheck)> = variants
            .iter()
            .filter(|v| **v != baseline)
            .map(|v| {
                (
                    v.clone(),
                    checks.get(v).copied().unwrap_or(ScoreCheck::None),
                )
            })
            .collect();
        let tt_differences = score_checks
            .iter()
            .filter_map(|(v, _)| tt_counts.get(v.as_str()).map(|&(d, n)| (v.clone(), d, n)))
            .collect();
        let solvable_positions = solvable_positions(rows);
        let first_solved = first_solved(rows, &variants, &solvable_positions);
        Summary {
            experiment,
            baseline,
            variants,
            depths,
            score_flags,
            score_checks,
            tt_differences,
            solvable_positions,
            first_solved,
        }
    }
}

/// The variants with rows, in the experiment's order (any not in it after, as the rows
/// bring them), and the baseline ratios are taken against: the first in the experiment's order
/// is its [search] baseline.
fn variants_and_baseline(rows: &[Row], variant_order: &[String]) -> (Vec<String>, String) {
    let mut variants: Vec<String> = variant_order
        .iter()
        .filter(|v| rows.iter().any(|r| &r.variant == *v))
        .cloned()
        .collect();
    for r in rows {
        if !variants.contains(&r.variant) {
            variants.push(r.variant.clone());
        }
    }
    let baseline = if variant_order.is_empty() && variants.iter().any(|v| v == BASELINE) {
        BASELINE.to_string()
    } else {
        variants.first().cloned().unwrap_or_default()
    };
    (variants, baseline)
}

/// The baseline's rows at one depth, as each variant's line there is read against them.
struct BaselineAt<'a> {
    rows: Vec<&'a Row>,
    /// Σ nodes_cum.
    work: u64,
    /// Σ time_ms_cum.
    time_ms: f64,
    by_position: HashMap<&'a str, &'a Row>,
}

impl<'a> BaselineAt<'a> {
    fn of(rows: Vec<&'a Row>) -> BaselineAt<'a> {
        BaselineAt {
            work: rows.iter().map(|r| r.nodes_cum).sum(),
            time_ms: rows.iter().map(|r| r.time_ms_cum).sum(),
            by_position: rows.iter().map(|r| (r.position.as_str(), *r)).collect(),
            rows,
        }
    }
}

/// The positions where a variant's `rows` score otherwise than the baseline's, and how many
/// positions both have.
fn differing_scores(rows: &[&Row], base: &BaselineAt) -> (Vec<String>, usize) {
    let compared: Vec<(&Row, &Row)> = rows
        .iter()
        .filter_map(|r| base.by_position.get(r.position.as_str()).map(|b| (*r, *b)))
        .collect();
    let differing = compared
        .iter()
        .filter(|(r, b)| b.score_cp != r.score_cp)
        .map(|(r, _)| r.position.clone())
        .collect();
    (differing, compared.len())
}

/// One variant's line at `depth` from its rows there; `earlier` is its nodes two plies back,
/// which the branching factor is taken over.
fn variant_line(
    variant: &str,
    depth: u32,
    rows: &[&Row],
    base: &BaselineAt,
    earlier: u64,
) -> VariantLine {
    let work: u64 = rows.iter().map(|r| r.nodes_cum).sum();
    let time_ms: f64 = rows.iter().map(|r| r.time_ms_cum).sum();
    let ratios: Vec<f64> = rows
        .iter()
        .filter_map(|r| base.by_position.get(r.position.as_str()).map(|b| (r, *b)))
        .filter(|(r, b)| r.nodes_cum > 0 && b.nodes_cum > 0)
        .map(|(r, b)| r.nodes_cum as f64 / b.nodes_cum as f64)
        .collect();
    let cutoffs: u64 = rows.iter().map(|r| r.stats.beta_cutoffs).sum();
    let first: u64 = rows.iter().map(|r| r.stats.first_move_cutoffs).sum();
    let nodes: u64 = rows.iter().map(|r| r.stats.nodes).sum();
    VariantLine {
        variant: variant.to_string(),
        positions: rows.len(),
        work,
        work_ratio: (base.work > 0).then(|| work as f64 / base.work as f64),
        geomean_ratio: geomean(&ratios),
        geomean_ci: bootstrap_ci(&ratios),
        time_ms,
        // Below 10 ms a time is mostly timer and scheduling noise: no ratio.
        time_ratio: (base.time_ms >= MIN_TIMED_MS && time_ms >= MIN_TIMED_MS)
            .then(|| time_ms / base.time_ms),
        solved: rows.iter().filter(|r| r.bm_ok == Some(true)).count(),
        solvable: rows.iter().filter(|r| r.bm_ok.is_some()).count(),
        first_move_cutoff_pct: (cutoffs > 0).then(|| 100.0 * first as f64 / cutoffs as f64),
        ebf: (depth > 2 && earlier > 0).then(|| (nodes as f64 / earlier as f64).sqrt()),
        minimal_ratio: ratio_to(rows, |r| r.minimal_nodes),
        oracle_ratio: ratio_to(rows, |r| r.oracle_nodes),
    }
}

/// The positions with bm/am, in row order.
fn solvable_positions(rows: &[Row]) -> Vec<String> {
    let mut solvable: Vec<String> = Vec::new();
    for r in rows.iter().filter(|r| r.bm_ok.is_some()) {
        if !solvable.contains(&r.position) {
            solvable.push(r.position.clone());
        }
    }
    solvable
}

/// For each variant, the shallowest depth whose best move solved each of `solvable`.
fn first_solved(
    rows: &[Row],
    variants: &[String],
    solvable: &[String],
) -> Vec<(String, Vec<Option<u32>>)> {
    variants
        .iter()
        .map(|v| {
            let firsts = solvable
                .iter()
                .map(|p| {
                    rows.iter()
                        .filter(|r| r.variant == *v && r.position == *p && r.bm_ok == Some(true))
                        .map(|r| r.depth)
                        .min()
                })
                .collect();
            (v.clone(), firsts)
        })
        .collect()
}

/// The nodes of the iterations two plies back, summed, when every row recorded them: the
/// search went through those depths even when they were not asked for (`--depths 5,6`). A
/// file made before the column existed, or a search without iterative deepening, has none; the
/// rows two plies shallower stand in.
fn nodes_two_plies_back(rows: &[&Row]) -> Option<u64> {
    rows.iter().map(|r| r.nodes_two_plies_back).sum()
}

/// Σ nodes over Σ of a per-row yardstick, over the rows that have it.
fn ratio_to(rows: &[&Row], yardstick: impl Fn(&Row) -> Option<u64>) -> Option<f64> {
    let (mut nodes, mut total) = (0u64, 0u64);
    for r in rows {
        if let Some(y) = yardstick(r) {
            nodes += r.stats.nodes;
            total += y;
        }
    }
    (total > 0).then(|| nodes as f64 / total as f64)
}

/// The minimal tree at `depth` from the baseline's rows, when they have it.
fn minimal_note(rows: &[&Row], depth: u32) -> Option<MinimalNote> {
    let with: Vec<&&Row> = rows.iter().filter(|r| r.minimal_nodes.is_some()).collect();
    if with.is_empty() {
        return None;
    }
    let nodes = with.iter().filter_map(|r| r.minimal_nodes).sum();
    let logs: Vec<f64> = with
        .iter()
        .filter_map(|r| r.fullwidth_leaves)
        .filter(|&l| l > 0)
        .map(|l| (l as f64).ln() / f64::from(depth))
        .collect();
    let branching = (logs.iter().sum::<f64>() / logs.len().max(1) as f64).exp();
    Some(MinimalNote {
        nodes,
        positions: with.len(),
        branching,
        knuth_moore_leaves: crate::search::minimal::knuth_moore_leaves(branching, depth),
    })
}

/// "0.412 [0.351,0.482]" or "-".
pub fn fmt_geomean(l: &VariantLine) -> String {
    match (l.geomean_ratio, l.geomean_ci) {
        (Some(g), Some((lo, hi))) => format!("{} [{},{}]", sig3(g), sig3(lo), sig3(hi)),
        (Some(g), None) => sig3(g),
        _ => "-".into(),
    }
}

fn geomean(ratios: &[f64]) -> Option<f64> {
    (!ratios.is_empty())
        .then(|| (ratios.iter().map(|r| r.ln()).sum::<f64>() / ratios.len() as f64).exp())
}

/// Percentile bootstrap of the geometric mean, with a fixed-seed xorshift generator.
fn bootstrap_ci(ratios: &[f64]) -> Option<(f64, f64)> {
    if ratios.len() < 2 {
        return None;
    }
    let logs: Vec<f64> = ratios.iter().map(|r| r.ln()).collect();
    let mut state = SEED;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut means: Vec<f64> = (0..RESAMPLES)
        .map(|_| {
            (0..logs.len())
                .map(|_| logs[(next() % logs.len() as u64) as usize])
                .sum::<f64>()
                / logs.len() as f64
        })
        .collect();
    means.sort_by(|a, b| a.total_cmp(b));
    let at = |q: f64| means[((RESAMPLES - 1) as f64 * q).round() as usize].exp();
    Some((at(0.025), at(0.975)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_terminal_summary_fits_80_columns() {
        let name = "pvs=false,tt=off,aspiration.enabled=true,aspiration.window=100,aspiration.research=widen";
        let row = |variant: &str, nodes: u64| Row {
            experiment: "e".into(),
            variant: variant.into(),
            position: "p".into(),
            depth: 9,
            nodes_cum: 123_456_789_012,
            time_ms: 1.0,
            time_ms_cum: 123_456.0,
            nps: 1,
            score_cp: 0,
            mate: None,
            best_move: String::new(),
            pv: String::new(),
            bm_ok: Some(true),
            config_hash: String::new(),
            stats: crate::search::SearchStats {
                nodes,
                qnodes: nodes,
                leaves: 1,
                beta_cutoffs: 10,
                first_move_cutoffs: 9,
                seldepth: 9,
                ..Default::default()
            },
            minimal_nodes: None,
            oracle_nodes: None,
            fullwidth_leaves: None,
            nodes_two_plies_back: None,
            counted: crate::search_record::Counted::All,
        };
        let rows = vec![row("baseline", 1), row(name, 2)];
        let text = Summary::compute(&rows, &["baseline".into(), name.into()], &HashMap::new())
            .render_terminal();
        assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
        assert!(
            text.contains("ebf: √(nodes(d) / nodes(d−2))"),
            "the legend is printed"
        );
        assert!(text.contains("1 variant(s) not compared"), "{text}");
        assert!(text.contains("aspiration.research=widen"));
    }

    #[test]
    fn the_flag_fires_for_pure_ordering_only() {
        let row = |variant: &str, score_cp: i32| Row {
            experiment: "e".into(),
            variant: variant.into(),
            position: "p".into(),
            depth: 3,
            nodes_cum: 10,
            time_ms: 1.0,
            time_ms_cum: 1.0,
            nps: 1,
            score_cp,
            mate: None,
            best_move: String::new(),
            pv: String::new(),
            bm_ok: None,
            config_hash: String::new(),
            stats: Default::default(),
            minimal_nodes: None,
            oracle_nodes: None,
            fullwidth_leaves: None,
            nodes_two_plies_back: None,
            counted: crate::search_record::Counted::All,
        };
        let rows = vec![row("baseline", 10), row("pure", 20), row("pruned", 30)];
        let order: Vec<String> = ["baseline", "pure", "pruned"].map(String::from).to_vec();
        let checks = HashMap::from([
            ("pure".to_string(), ScoreCheck::Exact),
            ("pruned".to_string(), ScoreCheck::None),
        ]);
        let text = Summary::compute(&rows, &order, &checks).render_flags();
        assert!(
            text.contains("!! SCORE MISMATCH: pure-ordering variant \"pure\""),
            "{text}"
        );
        assert!(!text.contains("\"pruned\""), "{text}");
    }

    #[test]
    fn ratios_have_three_significant_digits() {
        let shown: Vec<String> = [0.0572, 0.889, 1.0, 20.63, 123.4, 0.000321]
            .iter()
            .map(|&r| fmt_ratio(Some(r)))
            .collect();
        assert_eq!(
            shown,
            ["0.0572", "0.889", "1.00", "20.6", "123", "0.000321"]
        );
    }

    #[test]
    fn geometric_mean_and_interval() {
        assert!((geomean(&[0.5, 2.0]).unwrap() - 1.0).abs() < 1e-12);
        let (lo, hi) = bootstrap_ci(&[0.4, 0.5, 0.6, 0.45, 0.55]).unwrap();
        assert!(lo < 0.5 && hi > 0.5 && lo > 0.39 && hi < 0.61);
        assert_eq!(
            bootstrap_ci(&[0.4, 0.5, 0.6, 0.45, 0.55]),
            bootstrap_ci(&[0.4, 0.5, 0.6, 0.45, 0.55])
        );
    }
}
