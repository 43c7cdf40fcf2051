//! The chart of one design's effects over another's: each step's worth in the design (up) over
//! its worth in the reference (across), both 95% intervals drawn as bars, with the line y = x
//! (what the steps would be worth if the two agreed) and the fitted line through the origin,
//! its slope the ratio over the steps. Both axes share one scale, so that y = x is the
//! diagonal. The words (title, notes, axes) are the caller's: a gauntlet's report says
//! "self-play" and "the gauntlet", a comparison of two files names them.

use crate::output::number_format::{signed, Minus};
use crate::reports::style::{leader_line, line_boxes, place_labels, text_width, PixelBox};
use crate::stats::design_ratio::DesignComparison;
use plotters::coord::types::RangedCoordf64;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

/// The square's side, and the room left of it (ticks and the axis' name), above it (title and
/// notes), right of it (the names of points near the edge) and below it, in pixels.
const SIZE: u32 = 460;
const LEFT: u32 = 70;
const TOP: u32 = 92;
const RIGHT: u32 = 150;
const BOTTOM: u32 = 56;
/// plotters' font sizes (the SVG writes them at 1/1.24): title, notes, everything else.
const TITLE: f64 = 18.6;
const NOTE: f64 = 13.6;
const TEXT: f64 = 14.9;
const BLUE: RGBColor = RGBColor(33, 102, 172);
const RED: RGBColor = RGBColor(178, 24, 43);

/// A round step for the axes' ticks: 10, 20, 50, 100... giving 4 to 10 ticks over `span`; one
/// plotters also steps by (1, 2 or 5 times a power of ten), so that it ticks at these.
fn tick_step(span: f64) -> f64 {
    [5.0, 10.0, 20.0, 50.0, 100.0, 200.0]
        .into_iter()
        .find(|s| span / s <= 10.0)
        .unwrap_or(500.0)
}

/// Both axes' range, from every interval's ends and 0, out to whole ticks; and how many
/// ticks.
fn axis(c: &DesignComparison) -> (f64, f64, usize) {
    let ends = c.steps.iter().flat_map(|s| {
        let (a, b) = s.reference.interval();
        let (x, y) = s.design.interval();
        [a, b, x, y]
    });
    let (lo, hi) = ends.fold((0.0f64, 0.0f64), |(l, h), v| (l.min(v), h.max(v)));
    let step = tick_step(hi - lo);
    let (lo, hi) = ((lo / step).floor() * step, (hi / step).ceil() * step);
    // No step, or every figure exactly 0: one tick's span, so that the axes have a length.
    let hi = hi.max(lo + step);
    (lo, hi, ((hi - lo) / step).round() as usize + 1)
}

/// What the chart says in words: its title, the lines of notes under it, and each axis'
/// name.
#[derive(Debug, Clone)]
pub struct ChartWords {
    pub title: String,
    pub notes: Vec<String>,
    /// The reference's worth.
    pub across: String,
    /// The design's worth.
    pub up: String,
}

/// A line's two ends, in Elo.
type Segment = ((f64, f64), (f64, f64));

type Square<'a> = ChartContext<'a, SVGBackend<'a>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// The SVG text of the chart.
pub fn chart_svg(c: &DesignComparison, words: &ChartWords) -> anyhow::Result<String> {
    let notes = &words.notes;
    let widest = notes.iter().map(|n| text_width(n, NOTE)).max().unwrap_or(0);
    let widest = widest.max(text_width(&words.title, TITLE));
    // Wider than the square and its margins when the notes or the title need it.
    let width = (LEFT + SIZE + RIGHT).max(16 + widest + 16);
    let mut svg = String::new();
    {
        let root =
            SVGBackend::with_string(&mut svg, (width, TOP + SIZE + BOTTOM)).into_drawing_area();
        root.fill(&WHITE)?;
        root.draw(&Text::new(
            words.title.clone(),
            (16, 8),
            ("sans-serif", TITLE).into_font().style(FontStyle::Bold),
        ))?;
        for (i, note) in notes.iter().enumerate() {
            let grey = ("sans-serif", NOTE)
                .into_font()
                .color(&RGBColor(68, 68, 68));
            root.draw(&Text::new(note.clone(), (16, 30 + 14 * i as i32), grey))?;
        }
        let (lo, hi, ticks) = axis(c);
        let mut chart = ChartBuilder::on(&root)
            .margin_top(TOP)
            .margin_left(8)
            .margin_bottom(8)
            .margin_right(width - LEFT - SIZE)
            .x_label_area_size(BOTTOM - 8)
            .y_label_area_size(LEFT - 8)
            .build_cartesian_2d(lo..hi, lo..hi)?;
        let tick = |v: &f64| signed(*v, 0, Minus::Ascii);
        chart
            .configure_mesh()
            .x_labels(ticks)
            .y_labels(ticks)
            .max_light_lines(0)
            .bold_line_style(RGBColor(238, 238, 238))
            .label_style(
                ("sans-serif", TEXT)
                    .into_font()
                    .color(&RGBColor(68, 68, 68)),
            )
            .axis_desc_style(("sans-serif", TEXT).into_font())
            .x_desc(words.across.as_str())
            .y_desc(words.up.as_str())
            .x_label_formatter(&tick)
            .y_label_formatter(&tick)
            .draw()?;
        let lines = draw_lines(&chart, c, lo, hi)?;
        draw_steps(&root, &chart, c, &lines)?;
        root.present()?;
    }
    Ok(svg)
}

/// The square's frame, the axes through 0, y = x dashed and the fitted line solid; returns
/// the two lines' ends, for the points' names to keep off.
fn draw_lines(
    chart: &Square,
    c: &DesignComparison,
    lo: f64,
    hi: f64,
) -> anyhow::Result<Vec<Segment>> {
    let area = chart.plotting_area();
    let grey = |v: u8| RGBColor(v, v, v).stroke_width(1);
    area.draw(&Rectangle::new([(lo, lo), (hi, hi)], grey(136)))?;
    area.draw(&PathElement::new(vec![(0.0, lo), (0.0, hi)], grey(187)))?;
    area.draw(&PathElement::new(vec![(lo, 0.0), (hi, 0.0)], grey(187)))?;
    area.draw(&DashedPathElement::new(
        vec![(lo, lo), (hi, hi)],
        6,
        4,
        grey(102),
    ))?;
    let mut lines = vec![((lo, lo), (hi, hi))];
    let b = c.pooled_ratio.value;
    if b.is_finite() {
        // The fitted line inside the square: y = b x from the square's edges.
        let (x0, x1) = if b.abs() > 1.0 {
            (lo / b, hi / b)
        } else {
            (lo, hi)
        };
        let (x0, x1) = (x0.min(x1).max(lo), x0.max(x1).min(hi));
        area.draw(&PathElement::new(
            vec![(x0, b * x0), (x1, b * x1)],
            RED.stroke_width(2),
        ))?;
        lines.push(((x0, b * x0), (x1, b * x1)));
    }
    Ok(lines)
}

/// Each step: its point, both intervals as bars, and its name where it covers no point, bar,
/// line or other name.
fn draw_steps(
    root: &DrawingArea<SVGBackend, plotters::coord::Shift>,
    chart: &Square,
    c: &DesignComparison,
    lines: &[Segment],
) -> anyhow::Result<()> {
    let area = chart.plotting_area();
    let pixel = |p: (f64, f64)| chart.backend_coord(&p);
    let mut taken: Vec<PixelBox> = lines
        .iter()
        .flat_map(|(a, b)| line_boxes(pixel(*a), pixel(*b)))
        .collect();
    let mut points = Vec::new();
    for s in &c.steps {
        let at = (s.reference.value, s.design.value);
        let ((xa, xb), (ya, yb)) = (s.reference.interval(), s.design.interval());
        area.draw(&PathElement::new(
            vec![(xa, at.1), (xb, at.1)],
            BLUE.stroke_width(2),
        ))?;
        area.draw(&PathElement::new(
            vec![(at.0, ya), (at.0, yb)],
            BLUE.stroke_width(2),
        ))?;
        area.draw(&Circle::new(at, 4, BLUE.filled()))?;
        let ((left, y), (right, _)) = (pixel((xa, at.1)), pixel((xb, at.1)));
        let ((x, top), (_, bottom)) = (pixel((at.0, yb)), pixel((at.0, ya)));
        taken.extend([
            (left, y - 1, right, y + 1),
            (x - 1, top, x + 1, bottom),
            (x - 5, y - 5, x + 5, y + 5),
        ]);
        points.push((x, y));
    }
    let (xs, ys) = area.get_pixel_range();
    let (width, _) = root.dim_in_pixel();
    let bounds = (xs.start, ys.start, width as i32 - 4, ys.end);
    // A little taller than the letters: an underscore reaches below the baseline.
    let labels: Vec<_> = c
        .steps
        .iter()
        .zip(points)
        .map(|(s, at)| (at, (text_width(&s.step, TEXT) as i32, 15)))
        .collect();
    let corners = place_labels(&labels, bounds, &mut taken);
    for ((s, &(at, size)), (x, y)) in c.steps.iter().zip(&labels).zip(corners) {
        if let Some((from, to)) = leader_line(at, (x, y, x + size.0, y + size.1)) {
            root.draw(&PathElement::new(vec![from, to], RGBColor(120, 120, 120)))?;
        }
        let ink = ("sans-serif", TEXT)
            .into_font()
            .color(&RGBColor(17, 17, 17));
        root.draw(&Text::new(s.step.clone(), (x, y), ink))?;
    }
    Ok(())
}
