//! SVG charts with plotters: total work against depth (log scale), and the ratio to the baseline.

use super::SummaryReport;
use crate::reports::before_after::Summary;
use crate::reports::style::{place_label, text_width, SeriesStyle};
use plotters::prelude::*;
use std::path::{Path, PathBuf};

/// Writes `work.svg` (work against depth) and `work-ratio.svg` (ratios at the deepest depth).
pub struct SvgCharts;

/// The ratio chart's path beside the work chart: `x.svg` → `x-ratio.svg`.
pub fn ratio_path(path: &Path) -> PathBuf {
    super::sibling(path, "ratio")
}

fn color(i: usize) -> RGBColor {
    SeriesStyle::of(i).color
}

/// The quality chart's path beside the work chart: `x.svg` → `x-quality.svg`.
pub fn quality_path(path: &Path) -> PathBuf {
    super::sibling(path, "quality")
}

impl SummaryReport for SvgCharts {
    fn export(&self, summary: &Summary, path: &Path) -> anyhow::Result<()> {
        work_chart(summary, path)?;
        ratio_chart(summary, &ratio_path(path))?;
        quality_chart(summary, &quality_path(path))?;
        crate::reports::heatmap::grid_chart(summary, &crate::reports::heatmap::grid_path(path))?;
        Ok(())
    }
}

/// Quality against cost at the deepest depth: one point per variant, solved % (up) against
/// work relative to the baseline (right, logarithmic). Up and to the left is better. Written
/// only when the suite has bm/am to solve.
fn quality_chart(summary: &Summary, path: &Path) -> anyhow::Result<()> {
    let Some(deepest) = summary.depths.last() else {
        return Ok(());
    };
    let points: Vec<(String, f64, f64)> = deepest
        .lines
        .iter()
        .filter(|l| l.solvable > 0)
        .filter_map(|l| {
            let ratio = l.work_ratio.filter(|r| *r > 0.0)?;
            Some((
                l.variant.clone(),
                ratio,
                100.0 * l.solved as f64 / l.solvable as f64,
            ))
        })
        .collect();
    if points.is_empty() {
        let _ = std::fs::remove_file(path);
        return Ok(());
    }
    // x is log10 of the ratio on a linear axis: ticks evenly spaced, labelled with the ratio.
    let logs: Vec<f64> = points.iter().map(|p| p.1.log10()).collect();
    let (x_lo, x_hi) = logs
        .iter()
        .fold((0.0f64, 0.0f64), |(lo, hi), &x| (lo.min(x), hi.max(x)));
    let pad = ((x_hi - x_lo) * 0.08).max(0.02);
    let (x_lo, x_hi) = (x_lo - pad, x_hi + pad);
    // y fits the data, in whole percent, never beyond 0-100.
    let (y_lo, y_hi) = points.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| {
        (lo.min(p.2), hi.max(p.2))
    });
    let y_pad = ((y_hi - y_lo) * 0.1).max(3.0);
    let (y_lo, y_hi) = (
        (y_lo - y_pad).max(0.0).floor(),
        (y_hi + y_pad).min(100.0).ceil(),
    );
    let key: Vec<String> = points
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{}  {}", i + 1, p.0))
        .collect();
    let key_width = key.iter().map(|k| text_width(k, 14.0)).max().unwrap_or(80) + 50;
    let height = 520.max(90 + 22 * points.len() as u32);
    let root = SVGBackend::new(path, (760 + key_width, height)).into_drawing_area();
    root.fill(&WHITE)?;
    let (plot, key_area) = root.split_horizontally(760);
    let mut chart = ChartBuilder::on(&plot)
        .caption(
            format!(
                "{}: quality against cost at depth {}",
                summary.experiment, deepest.depth
            ),
            ("sans-serif", 20),
        )
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(56)
        .build_cartesian_2d(x_lo..x_hi, y_lo..y_hi)?;
    chart
        .configure_mesh()
        .x_desc(format!("work / {} work (log scale)", summary.baseline))
        .y_desc("solved % (bm/am)")
        .x_labels(6)
        .x_label_formatter(&|x| crate::output::number_format::sig3(10f64.powf(*x)))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .draw()?;
    let (xs, ys) = chart.plotting_area().get_pixel_range();
    let bounds = (xs.start, ys.start, xs.end, ys.end);
    let pixels: Vec<(i32, i32)> = points
        .iter()
        .zip(&logs)
        .map(|(p, x)| chart.backend_coord(&(*x, p.2)))
        .collect();
    // Numbers beside the points, placed clear of every marker and of each other.
    let mut taken: Vec<_> = pixels
        .iter()
        .map(|&(x, y)| (x - 5, y - 5, x + 5, y + 5))
        .collect();
    for (i, ((_, _, solved), x)) in points.iter().zip(&logs).enumerate() {
        SeriesStyle::of(i).marker(chart.plotting_area(), (*x, *solved))?;
    }
    for (i, &at) in pixels.iter().enumerate() {
        let number = (i + 1).to_string();
        let size = (text_width(&number, 13.0) as i32, 11);
        let (x, y) = place_label(at, size, bounds, &mut taken);
        root.draw(&Text::new(number, (x, y), ("sans-serif", 13)))?;
    }
    for (i, line) in key.iter().enumerate() {
        let y = 50 + 22 * i as i32;
        SeriesStyle::of(i).marker(&key_area, (14, y + 6))?;
        key_area.draw(&Text::new(line.clone(), (26, y), ("sans-serif", 14)))?;
    }
    root.present()?;
    Ok(())
}

fn work_chart(summary: &Summary, path: &Path) -> anyhow::Result<()> {
    let longest = summary
        .variants
        .iter()
        .map(|v| v.chars().count())
        .max()
        .unwrap_or(8);
    let legend_width = (text_width(&"m".repeat(longest), 14.0) + 60).max(140);
    // The legend: a title, a line per variant and one for the minimal tree.
    let height = 480.max(100 + 22 * summary.variants.len() as u32);
    let root = SVGBackend::new(path, (760 + legend_width, height)).into_drawing_area();
    root.fill(&WHITE)?;
    let (plot, legend) = root.split_horizontally(760);
    let depths: Vec<u32> = summary.depths.iter().map(|d| d.depth).collect();
    let (min_d, max_d) = (*depths.first().unwrap_or(&1), *depths.last().unwrap_or(&1));
    // The minimal tree, where the rows have it: a line of its own, under the variants.
    let minimal: Vec<(f64, f64)> = summary
        .depths
        .iter()
        .filter_map(|d| {
            d.minimal
                .as_ref()
                .map(|m| (d.depth as f64, m.nodes.max(1) as f64))
        })
        .collect();
    let works = summary
        .depths
        .iter()
        .flat_map(|d| d.lines.iter().map(|l| l.work))
        .chain(minimal.iter().map(|&(_, n)| n as u64))
        .filter(|&w| w > 0);
    let (lo, hi) = works.fold((u64::MAX, 1u64), |(lo, hi), w| (lo.min(w), hi.max(w)));
    let lo = if lo == u64::MAX { 1 } else { lo };
    let mut chart = ChartBuilder::on(&plot)
        .caption(
            format!("{}: total work by depth", summary.experiment),
            ("sans-serif", 20),
        )
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(90)
        .build_cartesian_2d(
            min_d as f64 - 0.2..max_d as f64 + 0.2,
            ((lo as f64) / 2.0..(hi as f64) * 2.0).log_scale(),
        )?;
    chart
        .configure_mesh()
        .x_desc("depth (plies)")
        .y_desc("nodes + qnodes (log scale)")
        .x_labels(depths.len().max(2))
        .x_label_formatter(&|x| {
            if (x - x.round()).abs() < 1e-6 {
                format!("{}", x.round() as i64)
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| {
            // 1, 2 and 5 times a power of ten: the ticks between would crowd each other.
            let mantissa = y / 10f64.powf(y.log10().floor());
            if [1.0, 2.0, 5.0].iter().any(|m| (mantissa - m).abs() < 1e-6) {
                human(*y)
            } else {
                String::new()
            }
        })
        .draw()?;
    for (i, variant) in summary.variants.iter().enumerate() {
        let points: Vec<(f64, f64)> = summary
            .depths
            .iter()
            .filter_map(|d| {
                d.lines
                    .iter()
                    .find(|l| &l.variant == variant)
                    .map(|l| (d.depth as f64, l.work.max(1) as f64))
            })
            .collect();
        let style = SeriesStyle::of(i);
        style.line(chart.plotting_area(), &points)?;
        for &p in &points {
            style.marker(chart.plotting_area(), p)?;
        }
    }
    if !minimal.is_empty() {
        // Black, apart from the palette: main-search nodes of the minimal tree.
        chart.draw_series(LineSeries::new(minimal.clone(), BLACK.stroke_width(3)))?;
        chart.draw_series(
            minimal
                .iter()
                .map(|&p| Cross::new(p, 5, BLACK.stroke_width(2))),
        )?;
    }
    draw_legend(&legend, &summary.variants, !minimal.is_empty())?;
    root.present()?;
    Ok(())
}

fn ratio_chart(summary: &Summary, path: &Path) -> anyhow::Result<()> {
    let Some(deepest) = summary.depths.last() else {
        return Ok(());
    };
    let longest = deepest
        .lines
        .iter()
        .map(|l| l.variant.chars().count())
        .max()
        .unwrap_or(8);
    let label_width = (longest as u32 * 7 + 24).clamp(100, 520);
    let height = 120 + 34 * deepest.lines.len() as u32;
    let root = SVGBackend::new(path, (640 + label_width, height)).into_drawing_area();
    root.fill(&WHITE)?;
    let ratios: Vec<f64> = deepest
        .lines
        .iter()
        .map(|l| l.work_ratio.unwrap_or(0.0))
        .collect();
    let top = ratios.iter().cloned().fold(1.0f64, f64::max) * 1.15;
    let n = deepest.lines.len();
    let names: Vec<String> = deepest.lines.iter().map(|l| l.variant.clone()).collect();
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!(
                "{}: work relative to {} at depth {}",
                summary.experiment, summary.baseline, deepest.depth
            ),
            ("sans-serif", 20),
        )
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(label_width)
        .build_cartesian_2d(0.0..top, -0.5..n as f64 - 0.5)?;
    chart
        .configure_mesh()
        .x_desc(format!("work / {} work", summary.baseline))
        .y_labels(n)
        .y_label_formatter(&|y| {
            let i = y.round();
            if (y - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < n {
                names[n - 1 - i as usize].clone()
            } else {
                String::new()
            }
        })
        .disable_y_mesh()
        .draw()?;
    for (i, ratio) in ratios.iter().enumerate() {
        let y = (n - 1 - i) as f64;
        chart.draw_series(std::iter::once(Rectangle::new(
            [(0.0, y - 0.35), (*ratio, y + 0.35)],
            color(i).filled(),
        )))?;
        chart.draw_series(std::iter::once(Text::new(
            format!("{ratio:.3}"),
            (*ratio + top * 0.01, y + 0.15),
            ("sans-serif", 13),
        )))?;
    }
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(1.0, -0.5), (1.0, n as f64 - 0.5)],
        BLACK.stroke_width(1),
    )))?;
    root.present()?;
    Ok(())
}

fn draw_legend(
    area: &DrawingArea<SVGBackend, plotters::coord::Shift>,
    variants: &[String],
    minimal: bool,
) -> anyhow::Result<()> {
    area.draw(&Text::new(
        "variants",
        (10, 40),
        ("sans-serif", 15).into_font().style(FontStyle::Bold),
    ))?;
    for (i, v) in variants.iter().enumerate() {
        let y = 66 + 22 * i as i32;
        let style = SeriesStyle::of(i);
        style.line(area, &[(6, y - 1), (34, y - 1)])?;
        style.marker(area, (20, y - 1))?;
        area.draw(&Text::new(v.clone(), (42, y - 7), ("sans-serif", 14)))?;
    }
    if minimal {
        let y = 66 + 22 * variants.len() as i32;
        area.draw(&Rectangle::new([(10, y - 6), (30, y + 4)], BLACK.filled()))?;
        area.draw(&Text::new("minimal tree", (38, y - 7), ("sans-serif", 14)))?;
    }
    Ok(())
}

fn human(v: f64) -> String {
    match v {
        v if v >= 1e9 => format!("{:.0}G", v / 1e9),
        v if v >= 1e6 => format!("{:.0}M", v / 1e6),
        v if v >= 1e3 => format!("{:.0}k", v / 1e3),
        v => format!("{v:.0}"),
    }
}
