//! The interaction matrix of a designed match as a heat map: one cell per pair of steps,
//! coloured from blue (one step covers for the other) through white to red (they compound),
//! with the interaction and its 95% half-width written in the cell; the diagonal holds each
//! step's averaged worth in grey. Cells whose interval holds 0 are drawn pale, so that only
//! what the games resolve stands out.

use crate::output::number_format::{signed, Minus};
use crate::reports::style::{anchored, text_width};
use crate::stats::design_effects::DesignAnalysis;
use crate::stats::design_fit::Estimate;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};
use std::path::{Path, PathBuf};

/// A cell's side in pixels.
const CELL: i32 = 62;
/// plotters' font sizes (the SVG writes them smaller, at 1/1.24): the title, the notes under
/// it, the names and values, a cell's half-width.
const TITLE: f64 = 18.6;
const NOTE: f64 = 13.6;
const TEXT: f64 = 14.9;
const SMALL: f64 = 12.4;
/// The notes above the matrix, one line each.
const NOTES: [&str; 3] = [
    "Each cell: the two steps' interaction (the texts' effect), Elo ± its 95% half-width; one step's worth",
    "changes by twice it when the other is switched on. Red: each is worth more with the other on; blue: one",
    "covers for the other; pale: the interval holds 0. Diagonal (grey): each step's worth, averaged.",
];
const DIAGONAL: RGBColor = RGBColor(217, 217, 217);
const ALIASED: RGBColor = RGBColor(244, 244, 244);
const INK: RGBColor = RGBColor(17, 17, 17);
const GREY_INK: RGBColor = RGBColor(68, 68, 68);

/// The heat map beside a games CSV: `x.games.csv` → `x.games-interactions.svg`.
pub fn heatmap_path(csv: &Path) -> PathBuf {
    let stem = csv
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    csv.with_file_name(format!("{stem}-interactions.svg"))
}

/// Blue for negative, red for positive, white at 0, full at ±`scale`.
fn colour(value: f64, scale: f64, resolved: bool) -> RGBColor {
    let t = (value.abs() / scale).min(1.0) * if resolved { 1.0 } else { 0.35 };
    let (r, g, b) = if value < 0.0 {
        (33.0, 102.0, 172.0)
    } else {
        (178.0, 24.0, 43.0)
    };
    let mix = |c: f64| (255.0 + (c - 255.0) * t).round() as u8;
    RGBColor(mix(r), mix(g), mix(b))
}

/// Where the matrix lies in the picture, and the Elo at which a cell's colour is full.
struct Layout {
    left: i32,
    top: i32,
    steps: usize,
    scale: f64,
}

impl Layout {
    /// The top-left corner of the cell in row `i`, column `j`.
    fn cell(&self, i: usize, j: usize) -> (i32, i32) {
        (self.left + CELL * j as i32, self.top + CELL * i as i32)
    }

    /// The matrix's right edge.
    fn right(&self) -> i32 {
        self.left + CELL * self.steps as i32
    }
}

/// The SVG text of the heat map.
pub fn heatmap_svg(a: &DesignAnalysis, title: &str) -> anyhow::Result<String> {
    let k = a.steps.len();
    // Rows are named in full, each after its design letter; columns by the letter alone, so
    // that long names need no slanted text.
    let row_names: Vec<String> = a
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{}  {}", crate::config::design::letter(i), s.step))
        .collect();
    let longest = row_names.iter().map(|n| text_width(n, TEXT)).max();
    let layout = Layout {
        left: 22 + longest.unwrap_or(0) as i32,
        top: 84,
        steps: k,
        scale: a
            .pairs
            .iter()
            .map(|p| p.effect.value.abs())
            .fold(10.0f64, f64::max),
    };
    let notes = NOTES.iter().map(|n| text_width(n, NOTE)).max().unwrap_or(0) as i32;
    // Room for the colour scale right of the matrix, and for the notes above it.
    let width = (layout.right() + 120).max(16 + notes + 16);
    let height = layout.top + CELL * k as i32 + 36;
    let mut svg = String::new();
    {
        let root =
            SVGBackend::with_string(&mut svg, (width as u32, height as u32)).into_drawing_area();
        root.fill(&WHITE)?;
        root.draw(&Text::new(
            format!("{title}: how the steps interact"),
            (16, 8),
            ("sans-serif", TITLE).into_font().style(FontStyle::Bold),
        ))?;
        for (i, note) in NOTES.iter().enumerate() {
            let y = 30 + 14 * i as i32;
            let style = ("sans-serif", NOTE).into_font().color(&GREY_INK);
            root.draw(&Text::new(*note, (16, y), style))?;
        }
        draw_matrix(&root, a, &layout, &row_names)?;
        draw_scale(&root, &layout)?;
        root.present()?;
    }
    Ok(svg)
}

/// The rows' names, the cells and the columns' letters.
fn draw_matrix(
    root: &DrawingArea<SVGBackend, Shift>,
    a: &DesignAnalysis,
    layout: &Layout,
    row_names: &[String],
) -> anyhow::Result<()> {
    let text = |size: f64| ("sans-serif", size).into_font();
    for (i, step) in a.steps.iter().enumerate() {
        let (_, y) = layout.cell(i, 0);
        let name = anchored(text(TEXT), HPos::Right, VPos::Center);
        root.draw(&Text::new(
            row_names[i].clone(),
            (layout.left - 6, y + CELL / 2),
            name,
        ))?;
        draw_cell(root, layout.cell(i, i), DIAGONAL, &step.averaged, INK)?;
        for j in 0..i {
            let found = a
                .pairs
                .iter()
                .find(|p| p.first == a.steps[j].step && p.second == step.step);
            let at = layout.cell(i, j);
            let Some(p) = found else {
                fill(root, at, ALIASED)?;
                let grey = anchored(
                    text(SMALL).color(&RGBColor(136, 136, 136)),
                    HPos::Center,
                    VPos::Center,
                );
                root.draw(&Text::new(
                    "aliased",
                    (at.0 + CELL / 2, at.1 + CELL / 2),
                    grey,
                ))?;
                continue;
            };
            let (lo, hi) = p.effect.interval();
            let resolved = lo > 0.0 || hi < 0.0;
            let shade = colour(p.effect.value, layout.scale, resolved);
            let dark = resolved && p.effect.value.abs() / layout.scale > 0.55;
            draw_cell(root, at, shade, &p.effect, if dark { WHITE } else { INK })?;
        }
    }
    // Column letters below the matrix.
    let below = layout.top + CELL * layout.steps as i32 + 14;
    for j in 0..layout.steps {
        let (x, _) = layout.cell(0, j);
        let letter = text(TEXT).style(FontStyle::Bold);
        root.draw(&Text::new(
            crate::config::design::letter(j).to_string(),
            (x + CELL / 2, below),
            anchored(letter, HPos::Center, VPos::Center),
        ))?;
    }
    Ok(())
}

/// A cell's square, a pixel short of the next so that white lines part the cells.
fn fill(
    root: &DrawingArea<SVGBackend, Shift>,
    at: (i32, i32),
    shade: RGBColor,
) -> anyhow::Result<()> {
    let (x, y) = at;
    root.draw(&Rectangle::new(
        [(x, y), (x + CELL - 1, y + CELL - 1)],
        shade.filled(),
    ))?;
    Ok(())
}

/// A cell: its square, and the estimate in Elo with its 95% half-width under it.
fn draw_cell(
    root: &DrawingArea<SVGBackend, Shift>,
    at: (i32, i32),
    shade: RGBColor,
    e: &Estimate,
    ink: RGBColor,
) -> anyhow::Result<()> {
    fill(root, at, shade)?;
    let (cx, cy) = (at.0 + CELL / 2, at.1 + CELL / 2);
    let bold = ("sans-serif", TEXT)
        .into_font()
        .style(FontStyle::Bold)
        .color(&ink);
    root.draw(&Text::new(
        signed(e.value, 0, Minus::Ascii),
        (cx, cy - 6),
        anchored(bold, HPos::Center, VPos::Center),
    ))?;
    let small = ("sans-serif", SMALL).into_font().color(&ink);
    root.draw(&Text::new(
        format!("±{:.0}", e.half_width()),
        (cx, cy + 9),
        anchored(small, HPos::Center, VPos::Center),
    ))?;
    Ok(())
}

/// The colour scale right of the matrix: twenty shades from +scale down to −scale.
fn draw_scale(root: &DrawingArea<SVGBackend, Shift>, layout: &Layout) -> anyhow::Result<()> {
    let x = layout.right() + 30;
    let steps = 20;
    let bar = CELL * layout.steps as i32 * 6 / 10;
    for s in 0..steps {
        let v = layout.scale * (1.0 - 2.0 * s as f64 / (steps - 1) as f64);
        let (y0, y1) = (bar * s / steps, bar * (s + 1) / steps);
        root.draw(&Rectangle::new(
            [(x, layout.top + y0), (x + 18, layout.top + y1)],
            colour(v, layout.scale, true).filled(),
        ))?;
    }
    let text = ("sans-serif", TEXT).into_font();
    for (v, y) in [(layout.scale, 0), (0.0, bar / 2), (-layout.scale, bar)] {
        root.draw(&Text::new(
            signed(v, 0, Minus::Ascii),
            (x + 24, layout.top + y),
            anchored(text.clone(), HPos::Left, VPos::Center),
        ))?;
    }
    let small = ("sans-serif", NOTE).into_font();
    root.draw(&Text::new("Elo", (x, layout.top + bar + 10), small))?;
    Ok(())
}

/// Writes the heat map.
pub fn write_heatmap(a: &DesignAnalysis, title: &str, path: &Path) -> anyhow::Result<()> {
    crate::storage::write_atomically(path, heatmap_svg(a, title)?.as_bytes())?;
    Ok(())
}
