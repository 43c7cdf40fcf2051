//! The forest plot of shared steps across engines: per step, one row per engine that has it
//! (its averaged worth and 95% interval, in the engine's colour) and a row for their mean (a
//! black diamond), the steps apart by a gap, a line at 0.

use super::style::SeriesStyle;
use crate::stats::across_engines::AcrossEngines;
use crate::stats::design_fit::Estimate;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::{Path, PathBuf};

/// The chart's path: `out` → `out-forest.svg`.
pub fn forest_path(out: &Path) -> PathBuf {
    let name = out.file_name().unwrap_or_default().to_string_lossy();
    out.with_file_name(format!("{name}-forest.svg"))
}

/// One drawn row: its label, the figure, its colour (`None`: the mean).
struct Row {
    label: String,
    estimate: Estimate,
    engine: Option<usize>,
}

fn rows(across: &AcrossEngines, engines: &[(String, String)]) -> Vec<Row> {
    let mut out = Vec::new();
    for s in &across.steps {
        for e in &s.engines {
            let i = engines.iter().position(|(n, _)| n == &e.engine);
            out.push(Row {
                label: format!(
                    "{}: {}",
                    s.step,
                    i.map_or(e.engine.as_str(), |i| &engines[i].1)
                ),
                estimate: e.averaged,
                engine: i,
            });
        }
        out.push(Row {
            label: format!("{}: mean", s.step),
            estimate: s.mean,
            engine: None,
        });
    }
    out
}

/// Draws the plot; `engines` gives (name, label) in the comparison's order.
pub fn forest_chart(
    title: &str,
    across: &AcrossEngines,
    engines: &[(String, String)],
    path: &Path,
) -> anyhow::Result<()> {
    let rows = rows(across, engines);
    // Each step's rows, then a gap: y counts down from 0 at the top.
    let mut y = Vec::with_capacity(rows.len());
    let mut at = 0.0;
    for (i, r) in rows.iter().enumerate() {
        y.push(-at);
        at += if r.engine.is_none() && i + 1 < rows.len() {
            1.6
        } else {
            1.0
        };
    }
    let bottom = -(at - 1.0);
    let lo = rows
        .iter()
        .map(|r| r.estimate.interval().0)
        .fold(0.0f64, f64::min);
    let hi = rows
        .iter()
        .map(|r| r.estimate.interval().1)
        .fold(0.0f64, f64::max);
    let margin = ((hi - lo) * 0.06).max(5.0);
    let (left, right) = (lo - margin, hi + margin);
    let height = 130 + (26.0 * (at + 0.2)) as u32;
    let root = SVGBackend::new(path, (900, height)).into_drawing_area();
    root.fill(&WHITE)?;
    let caption = format!("{title}: each step's worth, averaged, 95% interval");
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 20))
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(230)
        .build_cartesian_2d(left..right, (bottom - 0.6)..0.6)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .light_line_style(WHITE)
        .y_labels(0)
        .x_desc("Elo, the step switched on against off (averaged over its design's other steps)")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .label_style(("sans-serif", 13))
        .draw()?;
    // Row labels drawn beside their rows: the mesh's labels fall on round numbers only.
    let style = ("sans-serif", 13)
        .into_font()
        .color(&BLACK)
        .pos(Pos::new(HPos::Right, VPos::Center));
    for (r, &y) in rows.iter().zip(&y) {
        let (px, py) = chart.backend_coord(&(left, y));
        root.draw(&Text::new(r.label.clone(), (px - 8, py), style.clone()))?;
    }
    let zero = [(0.0, bottom - 0.6), (0.0, 0.6)];
    chart.draw_series(LineSeries::new(zero, BLACK.stroke_width(1)))?;
    for (r, &y) in rows.iter().zip(&y) {
        let (a, b) = r.estimate.interval();
        let v = r.estimate.value;
        match r.engine {
            Some(i) => {
                let color = SeriesStyle::of(i).color;
                chart.draw_series(LineSeries::new([(a, y), (b, y)], color.stroke_width(3)))?;
                chart.draw_series(std::iter::once(Circle::new((v, y), 6, color.filled())))?;
            }
            None => {
                let diamond = vec![(a, y), (v, y + 0.35), (b, y), (v, y - 0.35)];
                chart.draw_series(std::iter::once(Polygon::new(diamond, BLACK.filled())))?;
            }
        }
    }
    root.present()?;
    Ok(())
}
