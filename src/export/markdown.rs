//! The Markdown before/after tables: the same numbers as the terminal summary.

use super::Exporter;
use crate::output::table::thousands;
use crate::summary::{fmt_geomean, fmt_ratio, Summary};
use std::path::Path;

/// Writes one Markdown table per depth, then the score check.
pub struct MarkdownExporter;

impl MarkdownExporter {
    /// The Markdown text.
    pub fn render(summary: &Summary) -> String {
        let mut out = format!("### {}\n\nRatios are against `{}`. Work is Σ nodes_cum (main search + quiescence).\n\n", summary.experiment, summary.baseline);
        for depth in &summary.depths {
            out.push_str(&format!("**Depth {}**\n\n", depth.depth));
            out.push_str("| variant | work | × base | geomean [95% CI] | time s | × time | solved | first-move cutoffs | EBF |\n");
            out.push_str("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            for l in &depth.lines {
                out.push_str(&format!(
                    "| {} | {} | {} | {} | {:.2} | {} | {} | {} | {} |\n",
                    l.variant,
                    thousands(l.work),
                    fmt_ratio(l.work_ratio),
                    fmt_geomean(l),
                    l.time_ms / 1e3,
                    fmt_ratio(l.time_ratio),
                    if l.solvable > 0 {
                        format!("{}/{}", l.solved, l.solvable)
                    } else {
                        "-".into()
                    },
                    l.first_move_cutoff_pct
                        .map_or("-".into(), |p| format!("{p:.0}%")),
                    l.ebf.map_or("-".into(), |e| format!("{e:.2}")),
                ));
            }
            out.push('\n');
        }
        let flags = summary.render_flags();
        if !flags.is_empty() {
            out.push_str(&format!("```\n{flags}```\n"));
        }
        out
    }
}

impl Exporter for MarkdownExporter {
    fn export(&self, summary: &Summary, path: &Path) -> anyhow::Result<()> {
        super::write_atomically(path, Self::render(summary).as_bytes())?;
        Ok(())
    }
}
