//! Reports of finished runs and matches: Markdown and SVG behind one trait; `summary` computes what they show.

pub mod games;
pub mod heatmap;
pub mod markdown;
pub mod style;
pub mod summary;
pub mod svg;
pub mod terminal;

use std::path::Path;
use summary::Summary;

/// A report format: turns a summary into a file.
pub trait Exporter {
    /// Writes the report for `summary` to `path`.
    fn export(&self, summary: &Summary, path: &Path) -> anyhow::Result<()>;
}
