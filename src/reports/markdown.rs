//! The Markdown before/after tables: the same numbers as the terminal summary.

use super::Exporter;
use crate::output::table::fmt_ratio;
use crate::reports::summary::Summary;
use std::path::Path;

/// Writes one Markdown table per depth, then the score check.
pub struct MarkdownExporter;

impl MarkdownExporter {
    /// The Markdown text.
    pub fn render(summary: &Summary) -> String {
        let mut out = format!("### {}\n\nRatios are against `{}`. Work is Σ nodes_cum (main search + quiescence).\n\n", summary.experiment, summary.baseline);
        for depth in &summary.depths {
            out.push_str(&format!("**Depth {}**\n\n", depth.depth));
            let with_minimal = depth.lines.iter().any(|l| l.oracle_ratio.is_some());
            let (extra_head, extra_rule) = if with_minimal {
                (" × minimal | × oracle |", "---:|---:|")
            } else {
                ("", "")
            };
            out.push_str(&format!("| variant | work | × base | geomean [95% CI] | time s | × time | solved | first-move cutoffs | EBF |{extra_head}\n"));
            out.push_str(&format!(
                "|---|---:|---:|---:|---:|---:|---:|---:|---:|{extra_rule}\n"
            ));
            for l in &depth.lines {
                let mut cells = l.cells("%");
                if with_minimal {
                    cells.push(fmt_ratio(l.minimal_ratio));
                    cells.push(fmt_ratio(l.oracle_ratio));
                }
                out.push_str(&format!("| {} | {} |\n", l.variant, cells.join(" | ")));
            }
            if let Some(m) = &depth.minimal {
                out.push_str(&format!("\n{}", m.render(depth.depth)));
            }
            out.push('\n');
        }
        out.push_str(&format!(
            "```\n{}{}```\n",
            summary.legend(),
            summary.render_flags()
        ));
        // Small suites with solutions: when did each variant first find each move?
        let positions = &summary.solvable_positions;
        if !positions.is_empty() && positions.len() <= 40 {
            out.push_str("\n**First depth whose best move solves the position** (- : not within the depths run)\n\n");
            out.push_str(&format!("| variant | {} |\n", positions.join(" | ")));
            out.push_str(&format!("|---|{}\n", "---:|".repeat(positions.len())));
            for (variant, firsts) in &summary.first_solved {
                let cells: Vec<String> = firsts
                    .iter()
                    .map(|d| d.map_or("-".into(), |d| d.to_string()))
                    .collect();
                out.push_str(&format!("| {variant} | {} |\n", cells.join(" | ")));
            }
        }
        out
    }
}

impl Exporter for MarkdownExporter {
    fn export(&self, summary: &Summary, path: &Path) -> anyhow::Result<()> {
        crate::storage::write_atomically(path, Self::render(summary).as_bytes())?;
        Ok(())
    }
}
