//! The Markdown before/after tables: the same numbers as the terminal summary.

use super::SummaryReport;
use crate::output::export::Exporter;
use crate::output::export::Markdown;
use crate::output::number_format::fmt_ratio;
use crate::output::table::Table;
use crate::reports::before_after::Summary;
use std::path::Path;

/// Writes one Markdown table per depth, then the score check, then links to the charts.
#[derive(Default)]
pub struct MarkdownReport {
    /// The charts drawn from the same summary, as links relative to the Markdown file.
    pub charts: Vec<String>,
}

impl MarkdownReport {
    /// The Markdown text.
    pub fn render(&self, summary: &Summary) -> String {
        let mut out = format!("### {}\n\nRatios are against `{}`. Work is Σ nodes_cum (main search + quiescence).\n\n", summary.experiment, summary.baseline);
        for depth in &summary.depths {
            out.push_str(&format!("**Depth {}**\n\n", depth.depth));
            let with_minimal = depth.lines.iter().any(|l| l.oracle_ratio.is_some());
            let mut header = vec![
                "variant",
                "work",
                "× base",
                "geomean [95% CI]",
                "time s",
                "× time",
                "solved",
                "first-move cutoffs",
                "EBF",
            ];
            if with_minimal {
                header.extend(["× minimal", "× oracle"]);
            }
            let mut table = Table::new(&header);
            for l in &depth.lines {
                let mut cells = vec![l.variant.clone()];
                cells.extend(l.cells("%"));
                if with_minimal {
                    cells.push(fmt_ratio(l.minimal_ratio));
                    cells.push(fmt_ratio(l.oracle_ratio));
                }
                table.row(cells);
            }
            out.push_str(&Markdown.render(&table));
            if let Some(m) = &depth.minimal {
                out.push_str(&format!("\n{}", m.render(depth.depth)));
            }
            out.push('\n');
        }
        out.push_str(&legend(summary));
        out.push_str(&format!("\n```\n{}```\n", summary.render_flags()));
        if !self.charts.is_empty() {
            out.push_str("\n**Charts:** ");
            let links: Vec<String> = self.charts.iter().map(|c| format!("[{c}]({c})")).collect();
            out.push_str(&links.join(", "));
            out.push('\n');
        }
        // Small suites with solutions: when did each variant first find each move?
        let positions = &summary.solvable_positions;
        if !positions.is_empty() && positions.len() <= 40 {
            out.push_str("\n**First depth whose best move solves the position** (- : not within the depths run)\n\n");
            let mut header = vec!["variant"];
            header.extend(positions.iter().map(String::as_str));
            let mut table = Table::new(&header);
            for (variant, firsts) in &summary.first_solved {
                let mut cells = vec![variant.clone()];
                cells.extend(
                    firsts
                        .iter()
                        .map(|d| d.map_or("-".into(), |d| d.to_string())),
                );
                table.row(cells);
            }
            out.push_str(&Markdown.render(&table));
        }
        out
    }
}

/// What the columns mean, named as the table's headers name them.
fn legend(summary: &Summary) -> String {
    let minimal = summary
        .depths
        .iter()
        .flat_map(|d| &d.lines)
        .any(|l| l.oracle_ratio.is_some() || l.minimal_ratio.is_some());
    let mut items = vec![
        "**work**: Σ nodes_cum (main search + quiescence, every iteration up to this depth)",
        "**× base**: work / the baseline's work",
        "**geomean [95% CI]**: geometric mean of the ratios per position, with its 95% bootstrap interval",
        "**time s**: Σ wall time; **× time**: time / the baseline's (- when either is under 10 ms)",
        "**solved**: best move meets bm/am, of the positions that have one",
        "**first-move cutoffs**: beta cutoffs by the first move tried",
        "**EBF**: effective branching factor, √(nodes(d) / nodes(d−2))",
    ];
    if minimal {
        items.push("**× minimal**, **× oracle** (--minimal): nodes over the minimal tree's, over the oracle's");
    }
    items.iter().map(|i| format!("- {i}\n")).collect()
}

impl SummaryReport for MarkdownReport {
    fn export(&self, summary: &Summary, path: &Path) -> anyhow::Result<()> {
        crate::storage::write_atomically(path, self.render(summary).as_bytes())?;
        Ok(())
    }
}
