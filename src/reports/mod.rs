//! Reports of finished runs and matches: Markdown and SVG behind one trait; `summary` computes what they show.

pub mod before_after;
pub mod depth_table;
pub mod design_ladder_report;
pub mod design_report;
pub mod field;
pub mod figures;
pub mod games;
pub mod heatmap;
pub mod interaction_map;
pub mod ladder_report;
pub mod markdown;
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

/// A report format: turns a summary into a file.
pub trait Exporter {
    /// Writes the report for `summary` to `path`.
    fn export(&self, summary: &Summary, path: &Path) -> anyhow::Result<()>;
}
