//! Reports of finished runs and matches: each builds its tables as data (`output::table`) for
//! the one writer a format (`output::export`); the charts are SVG, every one drawn with plotters.

pub mod before_after;
pub mod compared_games;
pub mod depth_profile_table;
pub mod depth_table;
pub mod design_notes;
pub mod design_progress;
pub mod design_ratio_chart;
pub mod design_ratio_report;
pub mod design_report;
pub mod effects_forest;
pub mod engines_compared;
pub mod fault_notes;
pub mod field;
pub mod figures;
pub mod forest;
pub mod forest_engines;
pub mod games;
pub mod gauntlet_report;
pub mod heatmap;
pub mod interaction_map;
pub mod ladder;
pub mod markdown;
pub mod nodes_a_move;
pub mod style;
pub mod svg;
pub mod terminal;

use before_after::Summary;
use std::path::{Path, PathBuf};

/// A chart's sibling beside `path`: `x.svg` with suffix `ratio` → `x-ratio.svg`.
pub fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!("{stem}-{suffix}.svg"))
}

/// A file made from a run's summary (its Markdown report, its charts); the tables inside are
/// written by `output::export`'s writers.
pub trait SummaryReport {
    /// Writes the report for `summary` to `path`.
    fn export(&self, summary: &Summary, path: &Path) -> anyhow::Result<()>;
}
