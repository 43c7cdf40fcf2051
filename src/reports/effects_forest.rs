//! A designed match's main effects as a forest plot, the first thing one looks at before the
//! interactions: each step's worth averaged over the other steps (its Shapley share) and at
//! the baseline's corner, each with its 95% interval, the steps apart by a gap.

use super::forest::{draw_forest, Forest, ForestRow, Mark};
use super::style::text_width;
use crate::stats::design_effects::DesignAnalysis;
use std::path::{Path, PathBuf};

/// The plot beside the heat map: `x.games-interactions.svg` → `x.games-effects.svg` (any other
/// name `x.svg` → `x-effects.svg`), so that the Markdown links both by name.
pub fn effects_chart_path(heatmap: &Path) -> PathBuf {
    let name = heatmap.file_name().unwrap_or_default().to_string_lossy();
    let name = name.to_string();
    let stem = name
        .strip_suffix("-interactions.svg")
        .or_else(|| name.strip_suffix(".svg"))
        .unwrap_or(name.as_str());
    heatmap.with_file_name(format!("{stem}-effects.svg"))
}

/// Two rows a step: averaged (the first colour) and at the baseline (the second).
fn rows(a: &DesignAnalysis) -> Vec<ForestRow> {
    let mut out = Vec::new();
    for s in &a.steps {
        out.push(ForestRow {
            label: format!("{}: averaged", s.step),
            estimate: s.averaged,
            mark: Mark::Dot(0),
            gap_after: false,
        });
        out.push(ForestRow {
            label: format!("{}: at the baseline", s.step),
            estimate: s.at_baseline,
            mark: Mark::Dot(1),
            gap_after: true,
        });
    }
    out
}

/// Writes the plot; the label column is as wide as the longest label needs.
pub fn write_effects_chart(a: &DesignAnalysis, title: &str, path: &Path) -> anyhow::Result<()> {
    let rows = rows(a);
    let longest = rows.iter().map(|r| text_width(&r.label, 13.0)).max();
    let label_width = (longest.unwrap_or(0) + 24).max(120);
    let forest = Forest {
        caption: format!("{title}: each step's worth, 95% interval"),
        x_desc: "Elo, the step switched on against off: averaged over the other steps, and at the baseline",
        width: 670 + label_width,
        label_width,
        rows,
    };
    draw_forest(&forest, path)
}
