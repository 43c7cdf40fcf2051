//! The ladder's chart, for both kinds of rung: what each figure is worth against the nodes a
//! move (log axis), one line per figure with its intervals, the field's figures as hollow
//! markers at their budgets; below it, Elo per doubling of the nodes searched.

use crate::reports::field::{published_lost, FieldBudget, Published};
use crate::reports::style::SeriesStyle;
use crate::stats::budget_ladder::{Interval, Ladder};
use plotters::prelude::*;
use std::path::Path;

/// `320k`, `1.28M`: a budget in few characters.
pub fn budget_text(nodes: f64) -> String {
    if nodes >= 1e6 {
        format!("{:.2}M", nodes / 1e6)
    } else {
        format!("{:.0}k", nodes / 1e3)
    }
}

/// The chart: Elo lost against nodes per move (log axis), one line per step with intervals,
/// the field's figures as hollow markers at their budgets; below it, Elo per doubling.
pub fn chart(
    ladder: &Ladder,
    published: &[Published],
    budgets: &[FieldBudget],
    path: &Path,
    caption: &str,
) -> anyhow::Result<()> {
    let key_width = 300u32;
    let root = SVGBackend::new(path, (820 + key_width, 760)).into_drawing_area();
    root.fill(&WHITE)?;
    let (plots, key) = root.split_horizontally(820);
    let (top, bottom) = plots.split_vertically(500);
    let field_nodes: Vec<f64> = budgets.iter().map(|b| b.nodes()).collect();
    let all_budgets = ladder
        .steps
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.opponent_nodes_per_move))
        .chain(ladder.doubling.iter().map(|p| p.opponent_nodes_per_move))
        .chain(field_nodes.iter().copied());
    let (x_lo, x_hi) = all_budgets.fold((f64::INFINITY, 0f64), |(a, b), x| (a.min(x), b.max(x)));
    let (x_lo, x_hi) = if x_lo.is_finite() {
        (x_lo / 1.4, x_hi * 1.4)
    } else {
        (1e3, 1e6)
    };
    let mut lost_values: Vec<f64> = ladder
        .steps
        .iter()
        .flat_map(|s| s.points.iter().flat_map(|p| [-p.elo.lo, -p.elo.hi]))
        .collect();
    for step in &ladder.steps {
        for b in budgets {
            lost_values.extend(published_lost(published, &b.engine, &step.variant));
        }
    }
    let (y_lo, y_hi) = padded(&lost_values);
    let mut upper = ChartBuilder::on(&top)
        .caption(caption, ("sans-serif", 18))
        .margin(14)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d((x_lo..x_hi).log_scale(), y_lo..y_hi)?;
    upper
        .configure_mesh()
        .x_desc("nodes a move the baseline searched (measured; log scale)")
        .y_desc("Elo lost")
        .x_label_formatter(&|x| budget_text(*x))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .draw()?;
    let area = upper.plotting_area();
    for (i, b) in field_nodes.iter().enumerate() {
        area.draw(&plotters::element::DashedPathElement::new(
            vec![(*b, y_lo), (*b, y_hi)],
            4,
            4,
            BLACK.mix(0.5).stroke_width(1),
        ))?;
        let at = area.map_coordinate(&(*b, y_hi));
        let label = format!("{} {}", budgets[i].engine, budgets[i].time_control);
        let offset = if i % 2 == 0 {
            4
        } else {
            -4 - label.len() as i32 * 7
        };
        root.draw(&Text::new(
            label,
            (at.0 + offset + 14, at.1 + 8 + 16 * i as i32),
            ("sans-serif", 12),
        ))?;
    }
    // Steps share their budgets: each is set a little apart so that intervals do not overlap.
    let steps = ladder.steps.len() as f64;
    let dodge = |i: usize| 2f64.powf((i as f64 - (steps - 1.0) / 2.0) * 0.05);
    for (i, step) in ladder.steps.iter().enumerate() {
        let style = SeriesStyle::apart(i);
        let points: Vec<(f64, f64)> = step
            .points
            .iter()
            .map(|p| (p.opponent_nodes_per_move * dodge(i), -p.elo.value))
            .collect();
        style.line(area, &points)?;
        for p in &step.points {
            let x = p.opponent_nodes_per_move * dodge(i);
            area.draw(&PathElement::new(
                vec![(x, (-p.elo.hi).max(y_lo)), (x, (-p.elo.lo).min(y_hi))],
                style.color.stroke_width(1),
            ))?;
            style.marker(area, (x, -p.elo.value))?;
        }
        for (b, nodes) in budgets.iter().zip(&field_nodes) {
            if let Some(lost) = published_lost(published, &b.engine, &step.variant) {
                style.outline(area, (*nodes, lost))?;
            }
        }
    }
    // Elo per doubling of the nodes searched, at the nodes the side at N searched.
    let per: Vec<(f64, Interval)> = ladder
        .doubling
        .iter()
        .filter_map(|p| Some((p.opponent_nodes_per_move, ladder.per_doubling(p.budget)?)))
        .collect();
    let bounds: Vec<f64> = per.iter().flat_map(|(_, e)| [e.lo, e.hi]).collect();
    let (d_lo, d_hi) = padded(&bounds);
    let mut lower = ChartBuilder::on(&bottom)
        .caption(
            "Elo per doubling of the nodes searched (2N against N, 95% intervals)",
            ("sans-serif", 16),
        )
        .margin(14)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d((x_lo..x_hi).log_scale(), d_lo..d_hi)?;
    lower
        .configure_mesh()
        .x_desc("nodes a move the side at N searched (measured; log scale)")
        .y_desc("Elo")
        .x_label_formatter(&|x| budget_text(*x))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .draw()?;
    let area = lower.plotting_area();
    let black = SeriesStyle {
        color: RGBColor(0, 0, 0),
        dash: None,
        marker: 2,
    };
    let line: Vec<(f64, f64)> = per.iter().map(|(x, e)| (*x, e.value)).collect();
    black.line(area, &line)?;
    for (x, e) in &per {
        area.draw(&PathElement::new(
            vec![(*x, e.lo.max(d_lo)), (*x, e.hi.min(d_hi))],
            BLACK.stroke_width(1),
        ))?;
        black.marker(area, (*x, e.value))?;
    }
    draw_key(&key, ladder, budgets)?;
    root.present()?;
    Ok(())
}

/// The key: one sample line and marker per step, then what the hollow markers are.
fn draw_key(
    key: &DrawingArea<SVGBackend, plotters::coord::Shift>,
    ladder: &Ladder,
    budgets: &[FieldBudget],
) -> anyhow::Result<()> {
    let mut y = 60;
    for (i, step) in ladder.steps.iter().enumerate() {
        let style = SeriesStyle::apart(i);
        style.line(key, &[(10, y), (50, y)])?;
        style.marker(key, (30, y))?;
        key.draw(&Text::new(
            step.variant.clone(),
            (60, y - 7),
            ("sans-serif", 14),
        ))?;
        y += 26;
    }
    y += 10;
    let grey = SeriesStyle {
        color: RGBColor(90, 90, 90),
        dash: None,
        marker: 0,
    };
    grey.outline(key, (30, y))?;
    let engines: Vec<&str> = budgets.iter().map(|b| b.engine.as_str()).collect();
    key.draw(&Text::new(
        "hollow: the field's figure",
        (60, y - 7),
        ("sans-serif", 13),
    ))?;
    key.draw(&Text::new(
        format!("({}) at its budget", engines.join(", ")),
        (60, y + 9),
        ("sans-serif", 13),
    ))?;
    y += 40;
    let black = SeriesStyle {
        color: RGBColor(0, 0, 0),
        dash: None,
        marker: 2,
    };
    black.line(key, &[(10, y), (50, y)])?;
    black.marker(key, (30, y))?;
    key.draw(&Text::new(
        "Elo per doubling (lower panel)",
        (60, y - 7),
        ("sans-serif", 13),
    ))?;
    Ok(())
}

/// A range around `values` with a margin, always including zero.
fn padded(values: &[f64]) -> (f64, f64) {
    let finite = values.iter().copied().filter(|v| v.is_finite());
    let lo = finite.clone().fold(0f64, f64::min);
    let hi = finite.fold(0f64, f64::max);
    let margin = ((hi - lo) * 0.08).max(5.0);
    (lo - margin, hi + margin)
}
