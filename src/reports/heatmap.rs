//! A grid experiment (every combination of a few knobs, names `k=v,k=v`) as a heat map: the
//! work ratio at the deepest depth, rows the combinations of the first half of the knobs,
//! columns those of the rest, so 32 combinations read as one 8 x 4 table, not 32 long names.

use crate::reports::before_after::Summary;
use crate::reports::style::text_width;
use plotters::prelude::*;
use std::path::{Path, PathBuf};

/// The heat map's path beside the work chart: `x.svg` → `x-grid.svg`.
pub fn grid_path(path: &Path) -> PathBuf {
    super::sibling(path, "grid")
}

/// A knob's short name: its last key segment (`ordering.killers` → `killers`), or the group for
/// an `enabled` switch (`aspiration.enabled` → `aspiration`).
fn short(key: &str) -> &str {
    match key.rsplit_once('.') {
        Some((group, "enabled")) => group.rsplit('.').next().unwrap_or(group),
        Some((_, last)) => last,
        None => key,
    }
}

/// A variant of the grid: its name and its value of each knob.
type Cell = (String, Vec<String>);

/// The grid's knobs and each variant's values, when every variant but the baseline is a
/// combination of the same knobs and every combination is there.
fn grid(summary: &Summary) -> Option<(Vec<String>, Vec<Cell>)> {
    let mut keys: Option<Vec<String>> = None;
    let mut cells: Vec<Cell> = Vec::new();
    for name in summary.variants.iter().filter(|v| **v != summary.baseline) {
        let pairs: Option<Vec<(String, String)>> = name
            .split(',')
            .map(|kv| {
                kv.split_once('=')
                    .map(|(k, v)| (k.to_string(), v.to_string()))
            })
            .collect();
        let pairs = pairs?;
        let these: Vec<String> = pairs.iter().map(|p| p.0.clone()).collect();
        if keys.get_or_insert_with(|| these.clone()) != &these {
            return None;
        }
        cells.push((name.clone(), pairs.into_iter().map(|p| p.1).collect()));
    }
    let keys = keys?;
    let combinations: usize = (0..keys.len())
        .map(|i| {
            let mut values: Vec<&String> = cells.iter().map(|c| &c.1[i]).collect();
            values.sort();
            values.dedup();
            values.len()
        })
        .product();
    (keys.len() >= 2 && combinations == cells.len()).then_some((keys, cells))
}

/// Writes the heat map when the experiment is a complete grid; returns whether it did.
pub fn grid_chart(summary: &Summary, path: &Path) -> anyhow::Result<bool> {
    let (Some((keys, cells)), Some(deepest)) = (grid(summary), summary.depths.last()) else {
        let _ = std::fs::remove_file(path);
        return Ok(false);
    };
    let split = keys.len().div_ceil(2);
    let label = |values: &[String], names: &[String]| -> String {
        names
            .iter()
            .zip(values)
            .map(|(k, v)| format!("{}={v}", short(k)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut rows: Vec<String> = Vec::new();
    let mut columns: Vec<String> = Vec::new();
    for (_, values) in &cells {
        let row = label(&values[..split], &keys[..split]);
        let column = label(&values[split..], &keys[split..]);
        if !rows.contains(&row) {
            rows.push(row);
        }
        if !columns.contains(&column) {
            columns.push(column);
        }
    }
    let ratio = |name: &str| {
        deepest
            .lines
            .iter()
            .find(|l| l.variant == name)
            .and_then(|l| l.work_ratio)
    };
    let logs: Vec<f64> = cells
        .iter()
        .filter_map(|c| ratio(&c.0))
        .filter(|r| *r > 0.0)
        .map(f64::log10)
        .collect();
    let (lo, hi) = logs
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), &x| (a.min(x), b.max(x)));
    let row_width = rows.iter().map(|r| text_width(r, 14.0)).max().unwrap_or(80) as i32 + 20;
    let cell_w = columns
        .iter()
        .map(|c| text_width(c, 13.0))
        .max()
        .unwrap_or(60)
        .max(80) as i32
        + 16;
    let (cell_h, top) = (30, 90);
    let width = row_width + cell_w * columns.len() as i32 + 20;
    let height = top + cell_h * rows.len() as i32 + 50;
    let root = SVGBackend::new(path, (width as u32, height as u32)).into_drawing_area();
    root.fill(&WHITE)?;
    root.draw(&Text::new(
        format!(
            "{}: work / {} work at depth {}",
            summary.experiment, summary.baseline, deepest.depth
        ),
        (10, 12),
        ("sans-serif", 20),
    ))?;
    for (j, column) in columns.iter().enumerate() {
        let x = row_width + cell_w * j as i32 + 8;
        root.draw(&Text::new(
            column.clone(),
            (x, top - 24),
            ("sans-serif", 13),
        ))?;
    }
    for (i, row) in rows.iter().enumerate() {
        let y = top + cell_h * i as i32;
        root.draw(&Text::new(row.clone(), (10, y + 8), ("sans-serif", 14)))?;
    }
    for (name, values) in &cells {
        let i = rows
            .iter()
            .position(|r| *r == label(&values[..split], &keys[..split]));
        let j = columns
            .iter()
            .position(|c| *c == label(&values[split..], &keys[split..]));
        let (Some(i), Some(j), Some(r)) = (i, j, ratio(name)) else {
            continue;
        };
        // Light for little work, dark for much: log scale across the grid's own range.
        let t = if hi > lo {
            (r.log10() - lo) / (hi - lo)
        } else {
            0.5
        };
        let shade = RGBColor(
            (247.0 - 200.0 * t) as u8,
            (251.0 - 150.0 * t) as u8,
            (255.0 - 80.0 * t) as u8,
        );
        let (x, y) = (row_width + cell_w * j as i32, top + cell_h * i as i32);
        root.draw(&Rectangle::new(
            [(x, y), (x + cell_w - 2, y + cell_h - 2)],
            shade.filled(),
        ))?;
        let ink = if t > 0.6 { WHITE } else { BLACK };
        root.draw(&Text::new(
            crate::output::number_format::sig3(r),
            (x + 8, y + 8),
            ("sans-serif", 13).into_font().color(&ink),
        ))?;
    }
    root.draw(&Text::new(
        "darker: more work (log scale); each cell one combination, against the baseline",
        (10, top + cell_h * rows.len() as i32 + 16),
        ("sans-serif", 13),
    ))?;
    root.present()?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::short;

    #[test]
    fn knob_names_are_shortened() {
        assert_eq!(short("ordering.killers"), "killers");
        assert_eq!(short("aspiration.enabled"), "aspiration");
        assert_eq!(short("tt"), "tt");
    }
}
