//! The interaction matrix of a designed match as a heat map: one cell per pair of steps,
//! coloured from blue (one step covers for the other) through white to red (they compound),
//! with the interaction and its 95% half-width written in the cell; the diagonal holds each
//! step's averaged worth in grey. Cells whose interval holds 0 are drawn pale, so that only
//! what the games resolve stands out.

use crate::stats::design_effects::DesignAnalysis;
use std::fmt::Write;
use std::path::{Path, PathBuf};

const CELL: f64 = 62.0;
const FONT: f64 = 12.0;
/// Average glyph width of the sans-serif face at `FONT`, for the margins.
const GLYPH: f64 = 6.9;

/// The heat map beside a games CSV: `x.games.csv` → `x.games-interactions.svg`.
pub fn heatmap_path(csv: &Path) -> PathBuf {
    let stem = csv
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    csv.with_file_name(format!("{stem}-interactions.svg"))
}

/// Blue for negative, red for positive, white at 0, full at ±`scale`.
fn colour(value: f64, scale: f64, resolved: bool) -> String {
    let t = (value.abs() / scale).min(1.0) * if resolved { 1.0 } else { 0.35 };
    let (r, g, b) = if value < 0.0 {
        (33.0, 102.0, 172.0)
    } else {
        (178.0, 24.0, 43.0)
    };
    let mix = |c: f64| (255.0 + (c - 255.0) * t).round() as u8;
    format!("#{:02x}{:02x}{:02x}", mix(r), mix(g), mix(b))
}

/// `text` with the characters SVG text cannot hold as they are replaced by their entities.
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The SVG text of the heat map.
pub fn heatmap_svg(a: &DesignAnalysis, title: &str) -> String {
    let names: Vec<&str> = a.steps.iter().map(|s| s.step.as_str()).collect();
    let k = names.len();
    // Rows are named in full, each after its design letter; columns by the letter alone, so
    // that long names need no slanted text.
    let row_names: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, n)| format!("{}  {n}", crate::config::design::letter(i)))
        .collect();
    let longest = row_names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0) as f64;
    let left = 16.0 + longest * GLYPH;
    let top = 84.0;
    let bottom = 36.0;
    let legend = 120.0;
    // Wide enough for the three lines of text above the matrix.
    let width = (left + CELL * k as f64 + legend).max(16.0 + 106.0 * 11.0 * 0.56 + 8.0);
    let height = top + CELL * k as f64 + bottom;
    let scale = a
        .pairs
        .iter()
        .map(|p| p.effect.value.abs())
        .fold(10.0f64, f64::max);
    let mut svg = String::new();
    let _ = write!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="{FONT}">
<rect width="100%" height="100%" fill="white"/>
<text x="16" y="22" font-size="15" font-weight="bold">{}: how the steps interact</text>
<text x="16" y="40" font-size="11" fill="#444">Each cell: the two steps' interaction (the texts' effect), Elo ± its 95% half-width; one step's worth</text>
<text x="16" y="54" font-size="11" fill="#444">changes by twice it when the other is switched on. Red: each is worth more with the other on; blue: one</text>
<text x="16" y="68" font-size="11" fill="#444">covers for the other; pale: the interval holds 0. Diagonal (grey): each step's worth, averaged.</text>
"##,
        escape(title)
    );
    let cell_text = |svg: &mut String, x: f64, y: f64, value: f64, half: f64, dark: bool| {
        let fill = if dark { "white" } else { "#111" };
        // A value that rounds to zero prints as 0, never -0.
        let value = if value.abs() < 0.5 { 0.0 } else { value };
        let shown = if value == 0.0 {
            "0".to_string()
        } else {
            format!("{value:+.0}")
        };
        let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
        let _ = writeln!(
            svg,
            r#"<text x="{cx:.1}" y="{:.1}" text-anchor="middle" fill="{fill}" font-weight="bold">{shown}</text><text x="{cx:.1}" y="{:.1}" text-anchor="middle" fill="{fill}" font-size="10">±{half:.0}</text>"#,
            cy - 2.0,
            cy + 12.0
        );
    };
    for (i, step) in a.steps.iter().enumerate() {
        let y = top + CELL * i as f64;
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
            left - 6.0,
            y + CELL / 2.0 + 4.0,
            escape(&row_names[i])
        );
        let x = left + CELL * i as f64;
        let _ = writeln!(
            svg,
            r##"<rect x="{x:.1}" y="{y:.1}" width="{CELL}" height="{CELL}" fill="#d9d9d9" stroke="white"/>"##
        );
        cell_text(
            &mut svg,
            x,
            y,
            step.averaged.value,
            step.averaged.half_width(),
            false,
        );
        for j in 0..i {
            let x = left + CELL * j as f64;
            let Some(p) = a
                .pairs
                .iter()
                .find(|p| p.first == names[j] && p.second == names[i])
            else {
                let _ = writeln!(
                    svg,
                    r##"<rect x="{x:.1}" y="{y:.1}" width="{CELL}" height="{CELL}" fill="#f4f4f4" stroke="white"/><text x="{:.1}" y="{:.1}" text-anchor="middle" fill="#888" font-size="10">aliased</text>"##,
                    x + CELL / 2.0,
                    y + CELL / 2.0 + 4.0
                );
                continue;
            };
            let (lo, hi) = p.effect.interval();
            let resolved = lo > 0.0 || hi < 0.0;
            let fill = colour(p.effect.value, scale, resolved);
            let _ = writeln!(
                svg,
                r#"<rect x="{x:.1}" y="{y:.1}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="white"/>"#
            );
            let dark = resolved && p.effect.value.abs() / scale > 0.55;
            cell_text(&mut svg, x, y, p.effect.value, p.effect.half_width(), dark);
        }
    }
    // Column letters below the matrix.
    let base = top + CELL * k as f64 + 18.0;
    for j in 0..k {
        let x = left + CELL * j as f64 + CELL / 2.0;
        let _ = writeln!(
            svg,
            r#"<text x="{x:.1}" y="{base:.1}" text-anchor="middle" font-weight="bold">{}</text>"#,
            crate::config::design::letter(j)
        );
    }
    // The colour scale.
    let lx = left + CELL * k as f64 + 30.0;
    let steps = 20;
    let bar = CELL * k as f64 * 0.6;
    for s in 0..steps {
        let v = scale * (1.0 - 2.0 * s as f64 / (steps - 1) as f64);
        let y = top + bar * s as f64 / steps as f64;
        let _ = writeln!(
            svg,
            r#"<rect x="{lx:.1}" y="{y:.1}" width="18" height="{:.1}" fill="{}"/>"#,
            bar / steps as f64 + 0.5,
            colour(v, scale, true)
        );
    }
    for (v, frac) in [(scale, 0.0), (0.0, 0.5), (-scale, 1.0)] {
        let shown = if v == 0.0 {
            "0".to_string()
        } else {
            format!("{v:+.0}")
        };
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}">{shown}</text>"#,
            lx + 24.0,
            top + bar * frac + 4.0
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{lx:.1}" y="{:.1}" font-size="11">Elo</text>"#,
        top + bar + 20.0
    );
    svg.push_str("</svg>\n");
    svg
}

/// Writes the heat map.
pub fn write_heatmap(a: &DesignAnalysis, title: &str, path: &Path) -> anyhow::Result<()> {
    crate::storage::write_atomically(path, heatmap_svg(a, title).as_bytes())?;
    Ok(())
}
