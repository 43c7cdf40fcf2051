//! The one forest plot of steps' worth: rows of a figure and its 95% interval, each a dot in a
//! series' colour or a black diamond (a mean), in groups set apart by a gap, a line at 0. The
//! comparison of engines (`forest_engines.rs`) and a single design's main effects
//! (`effects_forest.rs`) each fill its rows and words, so both read alike.

use super::style::SeriesStyle;
use crate::stats::design_fit::Estimate;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;

/// How a row's figure is drawn.
pub enum Mark {
    /// A dot and its interval as a bar, in series `i`'s colour.
    Dot(usize),
    /// A black diamond across the interval: a mean over the rows above it.
    Diamond,
}

/// One drawn row: its label, the figure, its mark, and whether a gap follows it.
pub struct ForestRow {
    pub label: String,
    pub estimate: Estimate,
    pub mark: Mark,
    pub gap_after: bool,
}

/// A forest plot's words and size: the caption, the axis' description, the picture's width
/// and the width kept left of the axis for the row labels.
pub struct Forest<'a> {
    pub caption: String,
    pub x_desc: &'a str,
    pub width: u32,
    pub label_width: u32,
    pub rows: Vec<ForestRow>,
}

/// Draws the plot to `path` as SVG.
pub fn draw_forest(forest: &Forest, path: &Path) -> anyhow::Result<()> {
    let rows = &forest.rows;
    // Each group's rows, then a gap: y counts down from 0 at the top.
    let mut y = Vec::with_capacity(rows.len());
    let mut at = 0.0;
    for (i, r) in rows.iter().enumerate() {
        y.push(-at);
        at += if r.gap_after && i + 1 < rows.len() {
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
    let root = SVGBackend::new(path, (forest.width, height)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(&forest.caption, ("sans-serif", 20))
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(forest.label_width)
        .build_cartesian_2d(left..right, (bottom - 0.6)..0.6)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .light_line_style(WHITE)
        .y_labels(0)
        .x_desc(forest.x_desc)
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
        match r.mark {
            Mark::Dot(i) => {
                let color = SeriesStyle::of(i).color;
                chart.draw_series(LineSeries::new([(a, y), (b, y)], color.stroke_width(3)))?;
                chart.draw_series(std::iter::once(Circle::new((v, y), 6, color.filled())))?;
            }
            Mark::Diamond => {
                let diamond = vec![(a, y), (v, y + 0.35), (b, y), (v, y - 0.35)];
                chart.draw_series(std::iter::once(Polygon::new(diamond, BLACK.filled())))?;
            }
        }
    }
    root.present()?;
    Ok(())
}
