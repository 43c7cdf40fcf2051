//! The before/after summary as data: one tidy row per (depth, variant), the figures the
//! terminal and Markdown tables show, so that a spreadsheet need not work them out again from
//! the rows. Written as `x.summary.csv` and `x.summary.json` beside a results CSV.

use super::before_after::Summary;
use crate::output::export::{Csv, Exporter, Json};
use crate::output::table::{Cell, Table};
use std::path::{Path, PathBuf};

/// The summary's tidy table.
pub fn depth_table(summary: &Summary) -> Table {
    let mut table = Table::new(&[
        "depth",
        "variant",
        "positions",
        "work",
        "work_ratio",
        "geomean_ratio",
        "geomean_lo",
        "geomean_hi",
        "time_s",
        "time_ratio",
        "solved",
        "solvable",
        "first_move_cutoff_pct",
        "ebf",
        "minimal_ratio",
        "oracle_ratio",
    ]);
    for depth in &summary.depths {
        for line in &depth.lines {
            table.row(vec![
                Cell::whole(depth.depth.into()),
                Cell::text(line.variant.clone()),
                Cell::whole(line.positions as u64),
                Cell::whole(line.work),
                Cell::number(line.work_ratio),
                Cell::number(line.geomean_ratio),
                Cell::number(line.geomean_ci.map(|(lo, _)| lo)),
                Cell::number(line.geomean_ci.map(|(_, hi)| hi)),
                Cell::number(Some(line.time_ms / 1e3)),
                Cell::number(line.time_ratio),
                Cell::whole(line.solved as u64),
                Cell::whole(line.solvable as u64),
                Cell::number(line.first_move_cutoff_pct),
                Cell::number(line.ebf),
                Cell::number(line.minimal_ratio),
                Cell::number(line.oracle_ratio),
            ]);
        }
    }
    table
}

/// Where the summary's CSV and JSON go beside a results CSV: `x.csv` → `x.summary.csv`,
/// `x.summary.json`.
pub fn summary_paths(csv: &Path) -> (PathBuf, PathBuf) {
    (
        csv.with_extension("summary.csv"),
        csv.with_extension("summary.json"),
    )
}

/// Writes the summary's CSV and JSON beside `csv`, leaving a file alone when it already holds
/// the same text (a run taken back or resumed rewrites nothing). Returns the paths written.
pub fn write_summary(summary: &Summary, csv: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let table = depth_table(summary);
    let (csv_path, json_path) = summary_paths(csv);
    let mut written = Vec::new();
    for (path, text) in [
        (csv_path, Csv.render(&table)),
        (json_path, Json.render(&table)),
    ] {
        if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            crate::storage::write_atomically(&path, text.as_bytes())?;
        }
        written.push(path);
    }
    Ok(written)
}
