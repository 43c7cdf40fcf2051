//! The report of a design played against a gauntlet (`opponents = [...]`), and beside the same
//! design in self-play when it is given: each step's worth against every opponent and against
//! the gauntlet, whether it depends on the opponent, its ratio to the self-play worth, the
//! ratio over the steps, and which interactions hold against other engines. The figures are
//! built once as tables; the terminal, Markdown, CSV and JSON render them.

use super::design_report::with_interval;
use crate::output::export::{Exporter, Markdown, Text};
use crate::output::table::{Cell, Table};
use crate::reports::design_ratio_chart::ChartWords;
use crate::stats::design_fit::Estimate;
use crate::stats::design_ratio::{
    Agreement, DesignComparison as Comparison, PairComparison, Ratio,
};
use crate::stats::gauntlet_fit::GauntletAnalysis;
use std::path::{Path, PathBuf};

/// `0.62 [0.45, 0.80]`, or the words for an interval the data do not bound.
pub fn ratio_text(r: &Ratio) -> String {
    super::design_ratio_report::ratio_text(r, "its self-play worth")
}

/// What self-play and the gauntlet say of a pair together.
fn reading(p: &PairComparison) -> &'static str {
    match p.agreement() {
        Agreement::Both => "holds against other engines",
        Agreement::BothOppositeSigns => "resolved both ways, with opposite signs",
        Agreement::ReferenceOnly => "resolved in self-play only",
        Agreement::DesignOnly => "resolved against the gauntlet only",
        Agreement::Neither => "resolved in neither",
    }
}

/// The self-play chart beside a games CSV: `x.games.csv` → `x.games-self-play.svg`.
pub fn chart_path(csv: &Path) -> PathBuf {
    let stem = csv
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    csv.with_file_name(format!("{stem}-self-play.svg"))
}

/// The self-play chart's words: the gauntlet's worth up, self-play's across.
pub fn chart_words(c: &Comparison, title: &str, opponents: &[String]) -> ChartWords {
    ChartWords {
        title: format!("{title}: does self-play exaggerate?"),
        notes: vec![
            "Each step's worth switched on (Elo, averaged over the other steps), against a gauntlet of"
                .to_string(),
            format!(
                "{} (up) and in self-play (across); bars: 95% intervals.",
                opponents.join(", ")
            ),
            format!(
                "Dashed: y = x. Solid: the fitted ratio {:.2} through the origin.",
                c.pooled_ratio.value
            ),
        ],
        across: "worth in self-play (Elo)".to_string(),
        up: "worth against the gauntlet (Elo)".to_string(),
    }
}

fn p_text(p: f64) -> String {
    format!("{p:.3}")
}

/// The lines that say what was played and how the figures are made.
pub fn preamble(g: &GauntletAnalysis) -> Vec<String> {
    let pairs: u64 = g.each.iter().map(|a| a.pairs_played).sum();
    let fits: Vec<String> = g
        .opponents
        .iter()
        .zip(&g.each)
        .map(|(o, a)| format!("{o} {} pairs, φ {:.2}", a.pairs_played, a.fit.dispersion))
        .collect();
    let worst = g.worst_half_width();
    vec![
        format!(
            "{} points, each against {} opponents ({}): {pairs} game pairs; {}",
            g.each[0].design.points.len(),
            g.opponents.len(),
            g.opponents.join(", "),
            fits.join("; ")
        ),
        format!(
            "each opponent a block with its own strength; a figure against the gauntlet is the mean over the opponents; worst 95% half-width ±{worst:.1}"
        ),
    ]
}

/// Each step's worth: in self-play (when given), against each opponent, against the gauntlet,
/// Cochran's p that it depends on the opponent, and the ratio.
pub fn steps_table(g: &GauntletAnalysis, c: Option<&Comparison>) -> Table {
    let mut titles: Vec<String> = vec!["step".into()];
    if c.is_some() {
        titles.push("self-play".into());
    }
    titles.extend(g.opponents.iter().map(|o| format!("against {o}")));
    titles.push("against the gauntlet".into());
    titles.push("depends on the opponent (p)".into());
    if c.is_some() {
        titles.push("gauntlet / self-play".into());
    }
    let mut t = Table::new(&titles.iter().map(String::as_str).collect::<Vec<_>>());
    for (i, s) in g.steps.iter().enumerate() {
        let mut row = vec![s.name.clone()];
        if let Some(c) = c {
            row.push(with_interval(&c.steps[i].reference));
        }
        row.extend(s.by_opponent.iter().map(with_interval));
        row.push(with_interval(&s.pooled));
        row.push(p_text(s.p_depends));
        if let Some(c) = c {
            row.push(ratio_text(&c.steps[i].ratio));
        }
        t.row(row);
    }
    t
}

/// Each pair's interaction against the gauntlet, beside self-play when given, largest first.
pub fn pairs_table(g: &GauntletAnalysis, c: Option<&Comparison>) -> Table {
    let mut titles = vec!["pair"];
    if c.is_some() {
        titles.extend(["self-play", "Holm p"]);
    }
    titles.extend([
        "against the gauntlet",
        "Holm p",
        "depends on the opponent (p)",
    ]);
    if c.is_some() {
        titles.push("reading");
    }
    let mut t = Table::new(&titles);
    let mut order: Vec<usize> = (0..g.pairs.len()).collect();
    order.sort_by(|&a, &b| {
        let size = |i: usize| g.pairs[i].pooled.value.abs();
        size(b).total_cmp(&size(a))
    });
    for i in order {
        let f = &g.pairs[i];
        let mut row = vec![f.name.clone()];
        // By name: a pair self-play's design aliases has no figure there.
        let beside = c.map(|c| c.pairs.iter().find(|p| p.pair == f.name));
        if let Some(p) = beside {
            row.push(p.map_or(String::new(), |p| with_interval(&p.reference)));
            row.push(p.map_or(String::new(), |p| p_text(p.reference_p_holm)));
        }
        row.push(with_interval(&f.pooled));
        row.push(p_text(f.p_holm));
        row.push(p_text(f.p_depends));
        if let Some(p) = beside {
            row.push(p.map_or(String::new(), |p| reading(p).to_string()));
        }
        t.row(row);
    }
    t
}

/// The pooled ratio's line.
pub fn pooled_ratio_line(c: &Comparison) -> String {
    format!(
        "the gauntlet's worths over self-play's, over the {} steps: {} (errors-in-variables slope through the origin; each step's ratio by Fieller's interval in the table)",
        c.steps.len(),
        ratio_text(&c.pooled_ratio)
    )
}

/// The whole report for the terminal.
pub fn terminal(g: &GauntletAnalysis, c: Option<&Comparison>) -> String {
    let mut out = preamble(g).join("\n");
    out.push_str(
        "\n\nEach step's worth switched on, averaged over the other steps (Elo, 95% interval):\n",
    );
    out.push_str(&Text.render(&steps_table(g, c)));
    if let Some(c) = c {
        out.push('\n');
        out.push_str(&pooled_ratio_line(c));
        out.push('\n');
    }
    out.push_str("\nInteractions (on-coded: + the two compound, − one covers for the other):\n");
    out.push_str(&Text.render(&pairs_table(g, c)));
    out
}

/// The report as Markdown, the chart linked when there is one.
pub fn markdown(
    title: &str,
    g: &GauntletAnalysis,
    c: Option<&Comparison>,
    chart: Option<&str>,
) -> String {
    let mut out = format!("# {title}: against a gauntlet\n\n");
    for line in preamble(g) {
        out.push_str(&format!("- {line}\n"));
    }
    out.push_str("\n## Each step's worth\n\n");
    out.push_str(&Markdown.render(&steps_table(g, c)));
    if let Some(c) = c {
        out.push_str(&format!("\n{}\n", pooled_ratio_line(c)));
    }
    if let Some(chart) = chart {
        out.push_str(&format!(
            "\n![each step against the gauntlet and in self-play]({chart})\n"
        ));
    }
    out.push_str("\n## Interactions\n\n");
    out.push_str(&Markdown.render(&pairs_table(g, c)));
    out
}

fn estimate_cells(e: &Estimate) -> Vec<Cell> {
    let (lo, hi) = e.interval();
    [e.value, e.se, lo, hi]
        .map(|x| Cell::number(Some(x)))
        .to_vec()
}

/// Every figure as tidy rows: (kind, step, with, against, elo, se, lo, hi, p, p_depends);
/// ratios in the same columns, their se left empty.
pub fn tidy_table(g: &GauntletAnalysis, c: Option<&Comparison>) -> Table {
    let mut t = Table::new(&[
        "kind",
        "step",
        "with",
        "against",
        "value",
        "se",
        "lo",
        "hi",
        "p_holm",
        "p_depends",
    ]);
    let mut push = |kind: &str,
                    name: &str,
                    against: &str,
                    cells: Vec<Cell>,
                    p: Option<f64>,
                    dep: Option<f64>| {
        let (step, with) = name.split_once(" × ").unwrap_or((name, ""));
        let mut row = vec![
            Cell::text(kind.to_string()),
            Cell::text(step.to_string()),
            Cell::text(with.to_string()),
            Cell::text(against.to_string()),
        ];
        row.extend(cells);
        row.push(Cell::number(p));
        row.push(Cell::number(dep));
        t.row(row);
    };
    for (kind, figures) in [("worth_averaged", &g.steps), ("interaction", &g.pairs)] {
        for f in figures {
            for (o, e) in g.opponents.iter().zip(&f.by_opponent) {
                push(kind, &f.name, o, estimate_cells(e), None, None);
            }
            push(
                kind,
                &f.name,
                "gauntlet",
                estimate_cells(&f.pooled),
                Some(f.p_holm),
                Some(f.p_depends),
            );
        }
    }
    if let Some(c) = c {
        // An end the data do not bound is left empty.
        let end = |x: f64| Cell::number(x.is_finite().then_some(x));
        let ratio = |r: &Ratio| vec![end(r.value), Cell::number(None), end(r.lo), end(r.hi)];
        for s in &c.steps {
            push(
                "worth_averaged",
                &s.step,
                "self-play",
                estimate_cells(&s.reference),
                None,
                None,
            );
            push(
                "ratio",
                &s.step,
                "gauntlet/self-play",
                ratio(&s.ratio),
                None,
                None,
            );
        }
        for p in &c.pairs {
            push(
                "interaction",
                &p.pair,
                "self-play",
                estimate_cells(&p.reference),
                Some(p.reference_p_holm),
                None,
            );
        }
        push(
            "pooled_ratio",
            "",
            "gauntlet/self-play",
            ratio(&c.pooled_ratio),
            None,
            None,
        );
    }
    t
}
