//! Checking a run's node counts against a committed reference, the way engines check their
//! `bench` signature: the signature, the row-by-row comparison, and blessing a new reference.

use crate::output::export::{Exporter, Text};
use crate::output::number_format::{signed, thousands, Minus};
use crate::output::table::Table;
use crate::search_record::{write_rows, Row, RowKey};
use std::collections::HashMap;

/// The columns compared exactly; time columns never are.
pub const COMPARED: [&str; 6] = [
    "nodes",
    "qnodes",
    "leaves",
    "nodes_cum",
    "score_cp",
    "best_move",
];

/// Total nodes searched, main and quiescence, over every row: one number to compare at a glance.
pub fn signature(rows: &[Row]) -> u64 {
    rows.iter().map(|r| r.stats.nodes + r.stats.qnodes).sum()
}

/// One differing cell.
#[derive(Debug)]
pub struct Difference {
    /// Which row.
    pub key: RowKey,
    /// Which column.
    pub column: &'static str,
    /// The reference's value.
    pub expected: String,
    /// This run's value.
    pub got: String,
}

/// The outcome of a comparison.
#[derive(Debug, Default)]
pub struct Comparison {
    /// Differing cells.
    pub differences: Vec<Difference>,
    /// Rows with at least one differing cell.
    pub changed_rows: usize,
    /// Rows in the reference but not in this run.
    pub missing: Vec<RowKey>,
    /// Rows in this run but not in the reference.
    pub extra: Vec<RowKey>,
}

impl Comparison {
    /// True when nothing differs.
    pub fn is_clean(&self) -> bool {
        self.differences.is_empty() && self.missing.is_empty() && self.extra.is_empty()
    }

    /// The table of differing rows, then missing and extra rows.
    pub fn render(&self) -> String {
        let mut out = String::new();
        if !self.differences.is_empty() {
            let mut t = Table::new(&[
                "variant", "position", "depth", "column", "expected", "got", "Δ%",
            ]);
            for d in &self.differences {
                let delta = match (d.expected.parse::<f64>(), d.got.parse::<f64>()) {
                    (Ok(e), Ok(g)) if e != 0.0 => {
                        signed(100.0 * (g - e) / e.abs(), 2, Minus::Ascii)
                    }
                    _ => "-".into(),
                };
                let show = |s: &str| s.parse::<i64>().map_or_else(|_| s.to_string(), thousands);
                t.row(vec![
                    d.key.0.clone(),
                    d.key.1.clone(),
                    d.key.2.to_string(),
                    d.column.into(),
                    show(&d.expected),
                    show(&d.got),
                    delta,
                ]);
            }
            out.push_str(&Text.render(&t));
        }
        for (label, keys) in [("missing", &self.missing), ("extra", &self.extra)] {
            for (v, p, d) in keys {
                out.push_str(&format!("{label} row: {v}, {p}, depth {d}\n"));
            }
        }
        out
    }
}

/// Compares the deterministic columns row by row.
pub fn compare(expected: &[Row], got: &[Row]) -> Comparison {
    let by_key: HashMap<RowKey, &Row> = got.iter().map(|r| (r.key(), r)).collect();
    let reference_keys: HashMap<RowKey, &Row> = expected.iter().map(|r| (r.key(), r)).collect();
    let mut c = Comparison::default();
    for e in expected {
        let Some(g) = by_key.get(&e.key()) else {
            c.missing.push(e.key());
            continue;
        };
        let cells = |r: &Row| COMPARED.map(|column| r.cell(column));
        let before = c.differences.len();
        for ((column, want), have) in COMPARED.iter().zip(cells(e)).zip(cells(g)) {
            if want != have {
                c.differences.push(Difference {
                    key: e.key(),
                    column,
                    expected: want,
                    got: have,
                });
            }
        }
        c.changed_rows += usize::from(c.differences.len() > before);
    }
    c.extra = got
        .iter()
        .filter(|r| !reference_keys.contains_key(&r.key()))
        .map(Row::key)
        .collect();
    c
}

/// The reference keeps every column but zeroes the times, so a re-bless diff shows only real changes.
pub fn write_reference(path: &std::path::Path, rows: &[Row]) -> anyhow::Result<()> {
    let mut writer = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    let zeroed: Vec<Row> = rows
        .iter()
        .map(|row| Row {
            time_ms: 0.0,
            time_ms_cum: 0.0,
            nps: 0,
            ..row.clone()
        })
        .collect();
    write_rows(&mut writer, &zeroed)?;
    let bytes = writer.into_inner().map_err(|e| anyhow::anyhow!("{e}"))?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    crate::storage::write_atomically(path, &bytes)?;
    Ok(())
}

/// Where a check writes its scratch run, outside the repository.
pub fn tempfile_path(reference: &std::path::Path) -> std::path::PathBuf {
    std::env::temp_dir().join(format!(
        "ablate-check-{}-{}.csv",
        std::process::id(),
        reference
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    ))
}
