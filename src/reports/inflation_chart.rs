//! The self-play chart: each step's worth against the gauntlet (up) over its worth in
//! self-play (across), both 95% intervals drawn as bars, with the line y = x (what the steps
//! would be worth if self-play told the truth) and the fitted line through the origin, its
//! slope the ratio over the steps. Both axes share one scale, so that y = x is the diagonal.

use super::interaction_map::escape;
use crate::stats::inflation::Comparison;
use std::fmt::Write;
use std::path::{Path, PathBuf};

const SIZE: f64 = 460.0;
const LEFT: f64 = 70.0;
const TOP: f64 = 92.0;
const RIGHT: f64 = 150.0;
const BOTTOM: f64 = 56.0;

/// The chart beside a games CSV: `x.games.csv` → `x.games-self-play.svg`.
pub fn chart_path(csv: &Path) -> PathBuf {
    let stem = csv
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    csv.with_file_name(format!("{stem}-self-play.svg"))
}

/// A round step for the axes' ticks: 10, 20, 25, 50, 100... giving 4 to 10 ticks over `span`.
fn tick_step(span: f64) -> f64 {
    [5.0, 10.0, 20.0, 25.0, 50.0, 100.0, 200.0]
        .into_iter()
        .find(|s| span / s <= 10.0)
        .unwrap_or(500.0)
}

/// The SVG text of the chart.
pub fn chart_svg(c: &Comparison, title: &str, opponents: &[String]) -> String {
    let ends = c.steps.iter().flat_map(|s| {
        let (a, b) = s.self_play.interval();
        let (x, y) = s.gauntlet.interval();
        [a, b, x, y]
    });
    let (lo, hi) = ends.fold((0.0f64, 0.0f64), |(l, h), v| (l.min(v), h.max(v)));
    let step = tick_step(hi - lo);
    let (lo, hi) = ((lo / step).floor() * step, (hi / step).ceil() * step);
    let x_of = |v: f64| LEFT + (v - lo) / (hi - lo) * SIZE;
    let y_of = |v: f64| TOP + (hi - v) / (hi - lo) * SIZE;
    let (width, height) = (LEFT + SIZE + RIGHT, TOP + SIZE + BOTTOM);
    let mut svg = String::new();
    let b = c.pooled_ratio;
    let y_mid = TOP + SIZE / 2.0;
    let _ = write!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="white"/>
<text x="16" y="22" font-size="15" font-weight="bold">{}: does self-play exaggerate?</text>
<text x="16" y="40" font-size="11" fill="#444">Each step's worth switched on (Elo, averaged over the other steps), against a gauntlet of</text>
<text x="16" y="54" font-size="11" fill="#444">{} (up) and in self-play (across); bars: 95% intervals.</text>
<text x="16" y="68" font-size="11" fill="#444">Dashed: y = x. Solid: the fitted ratio {:.2} through the origin.</text>
"##,
        escape(title),
        escape(&opponents.join(", ")),
        b.value
    );
    let mut v = lo;
    while v <= hi + 1e-9 {
        let (x, y) = (x_of(v), y_of(v));
        let _ = writeln!(
            svg,
            r##"<line x1="{x:.1}" y1="{TOP:.1}" x2="{x:.1}" y2="{:.1}" stroke="#eee"/><line x1="{LEFT:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#eee"/><text x="{x:.1}" y="{:.1}" text-anchor="middle" fill="#444">{v:+.0}</text><text x="{:.1}" y="{:.1}" text-anchor="end" fill="#444">{v:+.0}</text>"##,
            TOP + SIZE,
            LEFT + SIZE,
            TOP + SIZE + 16.0,
            LEFT - 6.0,
            y + 4.0
        );
        v += step;
    }
    let _ = writeln!(
        svg,
        r##"<rect x="{LEFT:.1}" y="{TOP:.1}" width="{SIZE:.1}" height="{SIZE:.1}" fill="none" stroke="#888"/>
<line x1="{:.1}" y1="{TOP:.1}" x2="{:.1}" y2="{:.1}" stroke="#bbb"/><line x1="{LEFT:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#bbb"/>
<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#666" stroke-dasharray="6,4"/>
<text x="{:.1}" y="{:.1}" text-anchor="middle">worth in self-play (Elo)</text>
<text x="20" y="{y_mid:.1}" transform="rotate(-90, 20, {y_mid:.1})" text-anchor="middle">worth against the gauntlet (Elo)</text>"##,
        x_of(0.0),
        x_of(0.0),
        TOP + SIZE,
        y_of(0.0),
        LEFT + SIZE,
        y_of(0.0),
        x_of(lo),
        y_of(lo),
        x_of(hi),
        y_of(hi),
        LEFT + SIZE / 2.0,
        TOP + SIZE + 40.0,
    );
    if b.value.is_finite() {
        // The fitted line inside the square: y = b x from the square's edges.
        let (x0, x1) = if b.value.abs() > 1.0 {
            (lo / b.value, hi / b.value)
        } else {
            (lo, hi)
        };
        let (x0, x1) = (x0.min(x1).max(lo), x0.max(x1).min(hi));
        let _ = writeln!(
            svg,
            r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#b2182b" stroke-width="1.5"/>"##,
            x_of(x0),
            y_of(b.value * x0),
            x_of(x1),
            y_of(b.value * x1)
        );
    }
    // Labels right of their points, each moved down past any label it would overlap.
    let mut placed: Vec<(f64, f64, f64)> = Vec::new();
    for s in &c.steps {
        let (x, y) = (x_of(s.self_play.value), y_of(s.gauntlet.value));
        let (xa, xb) = s.self_play.interval();
        let (ya, yb) = s.gauntlet.interval();
        let _ = writeln!(
            svg,
            r##"<line x1="{:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#2166ac" stroke-width="1.5"/><line x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}" stroke="#2166ac" stroke-width="1.5"/><circle cx="{x:.1}" cy="{y:.1}" r="4" fill="#2166ac"/>"##,
            x_of(xa),
            x_of(xb),
            y_of(ya),
            y_of(yb),
        );
        let width = 7.0 * s.step.chars().count() as f64;
        let (lx, mut ly) = (x + 7.0, y - 7.0);
        while placed
            .iter()
            .any(|(px, py, pw)| (ly - py).abs() < 14.0 && lx < px + pw && *px < lx + width)
        {
            ly += 14.0;
        }
        placed.push((lx, ly, width));
        let _ = writeln!(
            svg,
            r##"<text x="{lx:.1}" y="{ly:.1}" fill="#111" stroke="white" stroke-width="3" paint-order="stroke">{}</text>"##,
            escape(&s.step)
        );
    }
    svg.push_str("</svg>\n");
    svg
}
