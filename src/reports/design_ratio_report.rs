//! The report of one designed match's effects over another's (`ablate report D --reference R`):
//! each step's worth in both and their ratio, the ratio over the steps, and which interactions
//! each resolves. The figures are built once as tables; the terminal, Markdown, CSV and JSON
//! render them, and the chart (`design_ratio_chart`) draws them.

use super::design_ratio_chart::ChartWords;
use super::design_report::with_interval;
use crate::output::export::{Exporter, Markdown, Text};
use crate::output::table::{Cell, Table};
use crate::stats::design_fit::Estimate;
use crate::stats::design_ratio::{Agreement, DesignComparison, PairComparison, Ratio};
use std::path::{Path, PathBuf};

/// One of the two matches as the report names it.
#[derive(Debug, Clone)]
pub struct Side {
    /// Its games CSV, as given.
    pub csv: PathBuf,
    /// Its short name: the CSV's folder and stem (`nnue-ladder/factorial-10000`).
    pub label: String,
    /// What was played: games, points, the limit.
    pub played: String,
}

/// `results/nnue-ladder/factorial-10000.games.csv` → `nnue-ladder/factorial-10000`.
pub fn label(csv: &Path) -> String {
    let stem = games_stem(csv);
    match csv.parent().and_then(Path::file_name) {
        Some(folder) => format!("{}/{stem}", folder.to_string_lossy()),
        None => stem,
    }
}

/// The CSV's name without `.games.csv` (or `.csv`).
fn games_stem(csv: &Path) -> String {
    let name = csv.file_name().unwrap_or_default().to_string_lossy();
    let name = name.strip_suffix(".csv").unwrap_or(&name);
    name.strip_suffix(".games").unwrap_or(name).to_string()
}

/// Where the Markdown goes by default: beside the design's CSV, named for both, `D.games.csv`
/// and `R.games.csv` → `D.games.vs-R.md`. Two files of one name in different folders (the
/// same rung of two ladders) take the reference's folder too: `.vs-folder-R.md`.
pub fn markdown_path(design: &Path, reference: &Path) -> PathBuf {
    let mut other = games_stem(reference);
    if other == games_stem(design) {
        other = label(reference).replace('/', "-");
    }
    let own = design.file_stem().unwrap_or_default().to_string_lossy();
    design.with_file_name(format!("{own}.vs-{other}.md"))
}

/// `0.62 [0.45, 0.80]`, or the words for an interval the data do not bound, `denominator`
/// naming the worth the ratio is over.
pub fn ratio_text(r: &Ratio, denominator: &str) -> String {
    let end = |x: f64| match x {
        x if x == f64::INFINITY => "+∞".to_string(),
        x if x == f64::NEG_INFINITY => "−∞".to_string(),
        x => format!("{x:.2}"),
    };
    if r.lo.is_infinite() && r.hi.is_infinite() {
        return format!("unbounded ({denominator} is not told from 0)");
    }
    format!("{:.2} [{}, {}]", r.value, end(r.lo), end(r.hi))
}

fn reading(p: &PairComparison) -> &'static str {
    match p.agreement() {
        Agreement::Both => "holds in both",
        Agreement::BothOppositeSigns => "resolved in both, with opposite signs",
        Agreement::ReferenceOnly => "resolved in the reference only",
        Agreement::DesignOnly => "resolved in the design only",
        Agreement::Neither => "resolved in neither",
    }
}

/// The lines that say what was compared and how.
pub fn preamble(design: &Side, reference: &Side) -> Vec<String> {
    vec![
        format!("design: `{}`: {}", design.csv.display(), design.played),
        format!("reference: `{}`: {}", reference.csv.display(), reference.played),
        "each step's worth switched on, averaged over the other steps (Elo, 95% interval); each ratio the design's over the reference's, by Fieller's interval; interactions at Holm's 5% within each design".to_string(),
    ]
}

/// The two columns' titles: each file's label and its part.
fn headers(design: &Side, reference: &Side) -> (String, String) {
    (
        format!("reference: {}", reference.label),
        format!("design: {}", design.label),
    )
}

/// Each step: the reference's worth, the design's, and their ratio.
pub fn steps_table(c: &DesignComparison, design: &Side, reference: &Side) -> Table {
    let (r, d) = headers(design, reference);
    let mut t = Table::new(&["step", &r, &d, "design / reference"]);
    for s in &c.steps {
        t.row(vec![
            s.step.clone(),
            with_interval(&s.reference),
            with_interval(&s.design),
            ratio_text(&s.ratio, "the reference's worth"),
        ]);
    }
    t
}

/// Each pair's interaction in both, largest in the design first.
pub fn pairs_table(c: &DesignComparison, design: &Side, reference: &Side) -> Table {
    let (r, d) = headers(design, reference);
    let mut t = Table::new(&["pair", &r, "Holm p", &d, "Holm p", "reading"]);
    let mut order: Vec<&PairComparison> = c.pairs.iter().collect();
    order.sort_by(|a, b| b.design.value.abs().total_cmp(&a.design.value.abs()));
    for p in order {
        t.row(vec![
            p.pair.clone(),
            with_interval(&p.reference),
            format!("{:.3}", p.reference_p_holm),
            with_interval(&p.design),
            format!("{:.3}", p.design_p_holm),
            reading(p).to_string(),
        ]);
    }
    t
}

/// The ratio over the steps in a line.
pub fn pooled_ratio_line(c: &DesignComparison) -> String {
    format!(
        "the design's worths over the reference's, over the {} steps: {} (errors-in-variables slope through the origin)",
        c.steps.len(),
        ratio_text(&c.pooled_ratio, "every reference worth")
    )
}

/// The whole report for the terminal.
pub fn terminal(c: &DesignComparison, design: &Side, reference: &Side) -> String {
    let mut out = preamble(design, reference).join("\n");
    out.push_str("\n\nEach step's worth (Elo, 95% interval):\n");
    out.push_str(&Text.render(&steps_table(c, design, reference)));
    out.push_str(&format!("\n{}\n", pooled_ratio_line(c)));
    out.push_str("\nInteractions (on-coded: + the two compound, − one covers for the other):\n");
    out.push_str(&Text.render(&pairs_table(c, design, reference)));
    out
}

/// The report as Markdown, linking the chart.
pub fn markdown(c: &DesignComparison, design: &Side, reference: &Side, chart: &str) -> String {
    let mut out = format!("# {} against {}\n\n", design.label, reference.label);
    for line in preamble(design, reference) {
        out.push_str(&format!("- {line}\n"));
    }
    out.push_str("\n## Each step's worth\n\n");
    out.push_str(&Markdown.render(&steps_table(c, design, reference)));
    out.push_str(&format!("\n{}\n", pooled_ratio_line(c)));
    out.push_str(&format!(
        "\n![each step's worth in {} against {}]({chart})\n",
        design.label, reference.label
    ));
    out.push_str("\n## Interactions\n\n");
    out.push_str(&Markdown.render(&pairs_table(c, design, reference)));
    out
}

/// The chart's words: the design's worth up, the reference's across.
pub fn chart_words(c: &DesignComparison, design: &Side, reference: &Side) -> ChartWords {
    ChartWords {
        title: format!("{} against {}", design.label, reference.label),
        notes: vec![
            "Each step's worth switched on (Elo, averaged over the other steps),".to_string(),
            format!(
                "in {} (up) and in {} (across); bars: 95% intervals.",
                design.label, reference.label
            ),
            format!(
                "Dashed: y = x. Solid: the fitted ratio {:.2} through the origin.",
                c.pooled_ratio.value
            ),
        ],
        across: format!("worth in {} (Elo)", reference.label),
        up: format!("worth in {} (Elo)", design.label),
    }
}

fn estimate_cells(e: &Estimate) -> Vec<Cell> {
    let (lo, hi) = e.interval();
    [e.value, e.se, lo, hi]
        .map(|x| Cell::number(Some(x)))
        .to_vec()
}

/// A ratio in the estimate's columns: its se empty, and so is an end the data do not bound.
fn ratio_cells(r: &Ratio) -> Vec<Cell> {
    let end = |x: f64| Cell::number(x.is_finite().then_some(x));
    vec![end(r.value), Cell::number(None), end(r.lo), end(r.hi)]
}

/// Every figure as tidy rows: (kind, step, with, of, file, value, se, lo, hi, p_holm), `of`
/// one of design, reference and design/reference (a ratio).
pub fn tidy_table(c: &DesignComparison, design: &Side, reference: &Side) -> Table {
    let mut t = Table::new(&[
        "kind", "step", "with", "of", "file", "value", "se", "lo", "hi", "p_holm",
    ]);
    let files = [
        ("design", design.csv.display().to_string()),
        ("reference", reference.csv.display().to_string()),
    ];
    let mut push = |kind: &str, name: &str, of: usize, cells: Vec<Cell>, p: Option<f64>| {
        let (step, with) = name.split_once(" × ").unwrap_or((name, ""));
        let (of, file) = files
            .get(of)
            .map_or(("design/reference", ""), |(o, f)| (o, f));
        let mut row: Vec<Cell> = [kind, step, with, of, file]
            .map(|s| Cell::text(s.to_string()))
            .to_vec();
        row.extend(cells);
        row.push(Cell::number(p));
        t.row(row);
    };
    for s in &c.steps {
        push(
            "worth_averaged",
            &s.step,
            0,
            estimate_cells(&s.design),
            None,
        );
        push(
            "worth_averaged",
            &s.step,
            1,
            estimate_cells(&s.reference),
            None,
        );
        push("ratio", &s.step, 2, ratio_cells(&s.ratio), None);
    }
    for p in &c.pairs {
        let (d, r) = (&p.design, &p.reference);
        push(
            "interaction",
            &p.pair,
            0,
            estimate_cells(d),
            Some(p.design_p_holm),
        );
        push(
            "interaction",
            &p.pair,
            1,
            estimate_cells(r),
            Some(p.reference_p_holm),
        );
    }
    push("pooled_ratio", "", 2, ratio_cells(&c.pooled_ratio), None);
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_markdown_is_named_for_both_files_and_tells_one_rung_of_two_ladders_apart() {
        let d = Path::new("results/ladder/factorial-20000.games.csv");
        let r = Path::new("results/ladder/factorial-10000.games.csv");
        assert_eq!(
            markdown_path(d, r),
            Path::new("results/ladder/factorial-20000.games.vs-factorial-10000.md")
        );
        let nnue = Path::new("results/nnue-ladder/factorial-10000.games.csv");
        assert_eq!(
            markdown_path(nnue, r),
            Path::new("results/nnue-ladder/factorial-10000.games.vs-ladder-factorial-10000.md")
        );
        assert_eq!(label(nnue), "nnue-ladder/factorial-10000");
    }
}
