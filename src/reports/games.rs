//! The report of a match (a games CSV): a Markdown table of every pairing, a forest plot of
//! Elo with its 95% interval, and Elo against nodes per move: quality beside cost.

use super::depth_profile_table::{
    depth_table, searching_rule_sentence, shallow_warning, PlayerDepths,
};
use crate::matches::summary::ratio_text;
use crate::output::export::{Exporter, Markdown};
use crate::output::number_format::{interval, signed, Minus};
use crate::output::table::Table;
use crate::reports::style::{place_label, PixelBox};
use crate::stats::elo::NO_INTERVAL;
use crate::stats::pairing_summary::PairingSummary;
use plotters::prelude::*;
use std::path::{Path, PathBuf};

/// The cost chart's path beside the forest plot: `x.svg` → `x-cost.svg`.
pub fn cost_path(path: &Path) -> PathBuf {
    super::sibling(path, "cost")
}

/// `variant vs opponent`, the name a pairing goes by in the report.
fn label(p: &PairingSummary) -> String {
    format!("{} vs {}", p.variant, p.opponent)
}

/// The Markdown report: one row per pairing, from the variant's side.
pub fn markdown(
    title: &str,
    pairings: &[PairingSummary],
    svg: &Path,
    depths: &[PlayerDepths],
) -> String {
    let mut out = format!("# {title}\n\n");
    if let Some(warning) = shallow_warning(depths) {
        out += &format!("{warning}\n\n");
    }
    let mut table = Table::aligned(
        &[
            "pairing",
            "games",
            "W",
            "D",
            "L",
            "score",
            "Elo [95%]",
            "nElo",
            "LOS",
            "pairs 0–2",
            "nodes/move ×",
            "ms/move ×",
        ],
        "lrrrrrrrrlrr",
    );
    for p in pairings {
        let elo = match (p.elo, p.elo_lo, p.elo_hi) {
            (Some(e), Some(lo), Some(hi)) => interval(e, lo, hi, 1, Minus::True),
            (Some(e), _, _) => format!("{} ({NO_INTERVAL})", signed(e, 1, Minus::True)),
            _ => "-".into(),
        };
        table.row(vec![
            label(p),
            p.games.to_string(),
            p.wins.to_string(),
            p.draws.to_string(),
            p.losses.to_string(),
            p.score.map_or("-".into(), |s| format!("{s:.3}")),
            elo,
            p.nelo.map_or("-".into(), |x| signed(x, 1, Minus::True)),
            p.los.map_or("-".into(), |l| format!("{:.1}%", 100.0 * l)),
            p.ptnml.map(|c| c.to_string()).join(" "),
            ratio_text(p.nodes_per_move, p.opponent_nodes_per_move),
            ratio_text(p.ms_per_move, p.opponent_ms_per_move),
        ]);
    }
    out.push_str(&Markdown.render(&table));
    let name = |p: &Path| p.file_name().map(|n| n.to_string_lossy().into_owned());
    out.push_str(
        "\nElo: logistic, 95% interval from the pentanomial variance of game pairs; nElo: \
         normalized Elo; LOS: likelihood of superiority; pairs 0–2: pairs in which the variant \
         scored 0, ½, 1, 1½, 2; ×: the variant's nodes (time) per move over its opponent's.\n",
    );
    if let (Some(forest), Some(cost)) = (name(svg), name(&cost_path(svg))) {
        out.push_str(&format!(
            "\n![Elo]({forest}) ![Elo against nodes]({cost})\n"
        ));
    }
    if !depths.is_empty() {
        out += "\n## How deep each side searched\n\n";
        out += &Markdown.render(&depth_table(depths));
        out += &format!("\n{}.\n", searching_rule_sentence());
    }
    out
}

/// The pairings that have an Elo and an interval, with them.
fn with_interval(pairings: &[PairingSummary]) -> Vec<(&PairingSummary, f64, f64, f64)> {
    pairings
        .iter()
        .filter_map(|p| Some((p, p.elo?, p.elo_lo?, p.elo_hi?)))
        .collect()
}

/// The Elo axis: every interval and 0, with a margin.
fn elo_range(points: &[(&PairingSummary, f64, f64, f64)]) -> (f64, f64) {
    let lo = points.iter().map(|p| p.2).fold(0.0f64, f64::min);
    let hi = points.iter().map(|p| p.3).fold(0.0f64, f64::max);
    let margin = ((hi - lo) * 0.08).max(5.0);
    (lo - margin, hi + margin)
}

/// The forest plot: one row per pairing, its Elo and 95% interval, a line at 0.
pub fn forest_chart(title: &str, pairings: &[PairingSummary], path: &Path) -> anyhow::Result<()> {
    let points = with_interval(pairings);
    let longest = points
        .iter()
        .map(|p| label(p.0).chars().count())
        .max()
        .unwrap_or(8) as u32;
    let name_width = (longest * 8 + 24).clamp(120, 420);
    let height = 120 + 34 * points.len().max(1) as u32;
    let root = SVGBackend::new(path, (560 + name_width, height)).into_drawing_area();
    root.fill(&WHITE)?;
    let (lo, hi) = elo_range(&points);
    let n = points.len() as f64;
    let mut chart = ChartBuilder::on(&root)
        .caption(format!("{title}: Elo, 95% interval"), ("sans-serif", 20))
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(name_width)
        .build_cartesian_2d(lo..hi, -0.5..n - 0.5)?;
    let names: Vec<String> = points.iter().map(|p| label(p.0)).collect();
    chart
        .configure_mesh()
        .disable_y_mesh()
        .x_desc("Elo of the variant against its opponent")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_labels(points.len().max(1))
        .y_label_formatter(&|y| {
            let i = n - 1.0 - y.round();
            let near = (y - y.round()).abs() < 1e-6;
            match names.get(i as usize) {
                Some(name) if near && i >= 0.0 => name.clone(),
                _ => String::new(),
            }
        })
        .label_style(("sans-serif", 14))
        .draw()?;
    chart.draw_series(LineSeries::new(
        [(0.0, -0.5), (0.0, n - 0.5)],
        BLACK.stroke_width(1),
    ))?;
    for (i, (_, elo, elo_lo, elo_hi)) in points.iter().enumerate() {
        let y = n - 1.0 - i as f64;
        let blue = RGBColor(31, 119, 180);
        chart.draw_series(LineSeries::new(
            [(*elo_lo, y), (*elo_hi, y)],
            blue.stroke_width(3),
        ))?;
        chart.draw_series(std::iter::once(Circle::new((*elo, y), 6, blue.filled())))?;
    }
    root.present()?;
    Ok(())
}

/// Elo against the variant's nodes per move over its opponent's (log scale): quality beside
/// cost, one point per pairing with its interval, labelled by number (the key is beside it).
pub fn cost_chart(title: &str, pairings: &[PairingSummary], path: &Path) -> anyhow::Result<()> {
    let points: Vec<_> = with_interval(pairings)
        .into_iter()
        .filter(|p| p.0.nodes_per_move > 0.0 && p.0.opponent_nodes_per_move > 0.0)
        .collect();
    let ratio = |p: &PairingSummary| p.nodes_per_move / p.opponent_nodes_per_move;
    let longest = points
        .iter()
        .map(|p| label(p.0).chars().count())
        .max()
        .unwrap_or(8) as u32;
    let key_width = (longest * 8 + 60).clamp(160, 460);
    let height = 480.max(80 + 22 * points.len() as u32);
    let root = SVGBackend::new(path, (700 + key_width, height)).into_drawing_area();
    root.fill(&WHITE)?;
    let (plot, key) = root.split_horizontally(700);
    let (lo, hi) = elo_range(&points);
    let rx_lo = points.iter().map(|p| ratio(p.0)).fold(1.0f64, f64::min);
    let rx_hi = points.iter().map(|p| ratio(p.0)).fold(1.0f64, f64::max);
    let pad = ((rx_hi - rx_lo) * 0.1).max(0.05);
    let (rx_lo, rx_hi) = ((rx_lo - pad).max(0.0), rx_hi + pad);
    let mut chart = ChartBuilder::on(&plot)
        .caption(
            format!("{title}: Elo against nodes per move"),
            ("sans-serif", 20),
        )
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(60)
        .build_cartesian_2d(rx_lo..rx_hi, lo..hi)?;
    chart
        .configure_mesh()
        .x_desc("nodes per move / opponent's nodes per move")
        .y_desc("Elo, 95% interval")
        .x_labels(8)
        .x_label_formatter(&|x| format!("{x:.2}"))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .draw()?;
    let blue = RGBColor(31, 119, 180);
    for (p, elo, elo_lo, elo_hi) in &points {
        let x = ratio(p);
        chart.draw_series(LineSeries::new(
            [(x, *elo_lo), (x, *elo_hi)],
            blue.stroke_width(2),
        ))?;
        chart.draw_series(std::iter::once(Circle::new((x, *elo), 5, blue.filled())))?;
    }
    // Numbers beside the points, clear of every marker and of each other: many steps cost
    // about the same, and their points crowd. A number set apart from its point gets a line.
    let (xs, ys) = chart.plotting_area().get_pixel_range();
    let bounds = (xs.start, ys.start, xs.end, ys.end);
    let pixels: Vec<(i32, i32)> = points
        .iter()
        .map(|(p, elo, ..)| chart.backend_coord(&(ratio(p), *elo)))
        .collect();
    let mut taken: Vec<PixelBox> = pixels
        .iter()
        .map(|&(x, y)| (x - 6, y - 6, x + 6, y + 6))
        .collect();
    for (i, &at) in pixels.iter().enumerate() {
        let number = (i + 1).to_string();
        // A little wider and taller than the glyphs, so that neighbours never touch.
        let size = ((7.5 * number.len() as f64).ceil() as i32 + 1, 14);
        let (x, y) = place_label(at, size, bounds, &mut taken);
        let nearest = (at.0.clamp(x, x + size.0), at.1.clamp(y, y + size.1));
        if (nearest.0 - at.0).abs().max((nearest.1 - at.1).abs()) > 9 {
            plot.draw(&PathElement::new([at, nearest], RGBColor(150, 150, 150)))?;
        }
        plot.draw(&Text::new(
            number,
            (x, y),
            ("sans-serif", 13).into_font().color(&BLACK),
        ))?;
    }
    // The key: numbers to pairings, so that no name is drawn over another.
    for (i, (p, ..)) in points.iter().enumerate() {
        key.draw(&Text::new(
            format!("{}  {}", i + 1, label(p)),
            (10, 60 + 22 * i as i32),
            ("sans-serif", 14),
        ))?;
    }
    root.present()?;
    Ok(())
}
