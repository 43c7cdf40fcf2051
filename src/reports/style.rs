//! What makes a chart readable with many series: a distinct style per series (colour, then
//! dashes and marker shape beyond the palette), label widths, and numbered point labels placed
//! where they collide with nothing drawn before them.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Ten colours that stay apart on screen and paper (matplotlib's tab10).
const PALETTE: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
];

/// A series' look: its colour, a dash pattern (none for the first ten) and a marker shape.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SeriesStyle {
    /// The colour, cycling through the palette.
    pub color: RGBColor,
    /// Dash and gap lengths in pixels; `None` draws a solid line.
    pub dash: Option<(u32, u32)>,
    /// 0: circle, 1: triangle, 2: square.
    pub marker: usize,
}

impl SeriesStyle {
    /// The style of series `i`: the first ten solid with circles, the next ten dashed with
    /// triangles, the next ten dotted with squares; so up to thirty are all distinct.
    pub fn of(i: usize) -> SeriesStyle {
        let round = i / PALETTE.len();
        SeriesStyle {
            color: PALETTE[i % PALETTE.len()],
            dash: match round {
                0 => None,
                1 => Some((8, 4)),
                _ => Some((2, 3)),
            },
            marker: round % 3,
        }
    }

    /// The style of series `i` when colour alone must not tell series apart (a chart read in
    /// grey, or by a reader who does not see the difference): colour, dash and marker all
    /// change from one series to the next, and no two of the first twelve share dash and marker.
    pub fn apart(i: usize) -> SeriesStyle {
        const DASHES: [Option<(u32, u32)>; 4] = [None, Some((8, 4)), Some((2, 3)), Some((14, 4))];
        SeriesStyle {
            color: PALETTE[i % PALETTE.len()],
            dash: DASHES[i % DASHES.len()],
            marker: i % 3,
        }
    }

    /// Draws a line through `points` in this style, in any coordinates (data or pixels).
    pub fn line<DB, CT>(
        &self,
        area: &DrawingArea<DB, CT>,
        points: &[CT::From],
    ) -> anyhow::Result<()>
    where
        DB: DrawingBackend,
        DB::ErrorType: 'static,
        CT: plotters::coord::CoordTranslate,
        CT::From: Clone,
    {
        let stroke = self.color.stroke_width(2);
        match self.dash {
            None => area.draw(&PathElement::new(points.to_vec(), stroke))?,
            Some((dash, gap)) => area.draw(&plotters::element::DashedPathElement::new(
                points.to_vec(),
                dash,
                gap,
                stroke,
            ))?,
        }
        Ok(())
    }

    /// Draws this style's marker at a point, in any coordinates.
    pub fn marker<DB, CT>(&self, area: &DrawingArea<DB, CT>, at: CT::From) -> anyhow::Result<()>
    where
        DB: DrawingBackend,
        DB::ErrorType: 'static,
        CT: plotters::coord::CoordTranslate,
        CT::From: Clone,
    {
        self.shape(area, at, self.color.filled(), 4)
    }

    /// Draws this style's marker shape as an outline, larger: a figure from elsewhere (the
    /// field's) beside this series' own points.
    pub fn outline<DB, CT>(&self, area: &DrawingArea<DB, CT>, at: CT::From) -> anyhow::Result<()>
    where
        DB: DrawingBackend,
        DB::ErrorType: 'static,
        CT: plotters::coord::CoordTranslate,
        CT::From: Clone,
    {
        self.shape(area, at, self.color.stroke_width(2), 7)
    }

    fn shape<DB, CT>(
        &self,
        area: &DrawingArea<DB, CT>,
        at: CT::From,
        style: ShapeStyle,
        size: i32,
    ) -> anyhow::Result<()>
    where
        DB: DrawingBackend,
        DB::ErrorType: 'static,
        CT: plotters::coord::CoordTranslate,
        CT::From: Clone,
    {
        let s = size;
        match self.marker {
            0 => area.draw(&Circle::new(at, s, style))?,
            1 if style.filled => area.draw(&TriangleMarker::new(at, s + 1, style))?,
            // A path: plotters' triangle marker fills whatever the style says.
            1 => area.draw(
                &(EmptyElement::at(at)
                    + PathElement::new(
                        vec![(0, -s - 1), (s, s - 2), (-s, s - 2), (0, -s - 1)],
                        style,
                    )),
            )?,
            _ => area.draw(&(EmptyElement::at(at) + Rectangle::new([(-s, -s), (s, s)], style)))?,
        }
        Ok(())
    }
}

/// The width in pixels of `text` at plotters font size `size` (as SVG writes it, 0.81 of it;
/// an average sans-serif glyph is a little over half the font size wide).
pub fn text_width(text: &str, size: f64) -> u32 {
    (text.chars().count() as f64 * size * 0.81 * 0.58).ceil() as u32
}

/// `style` anchored at `h` and `v`: which point of the text's box it is drawn at.
pub fn anchored<'a>(style: impl Into<TextStyle<'a>>, h: HPos, v: VPos) -> TextStyle<'a> {
    style.into().pos(Pos::new(h, v))
}

/// A box in pixels: left, top, right, bottom.
pub type PixelBox = (i32, i32, i32, i32);

/// A label to place: the point it names and its width and height, in pixels.
pub type Label = ((i32, i32), (i32, i32));

fn overlaps(a: PixelBox, b: PixelBox) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// The boxes a straight line from `from` to `to` covers, a small one every few pixels: what a
/// label placed by `place_label` should keep off so that no line crosses it.
pub fn line_boxes(from: (i32, i32), to: (i32, i32)) -> Vec<PixelBox> {
    let (dx, dy) = ((to.0 - from.0) as f64, (to.1 - from.1) as f64);
    let steps = (dx.hypot(dy) / 4.0).ceil().max(1.0) as i32;
    (0..=steps)
        .map(|i| {
            let t = i as f64 / steps as f64;
            let (x, y) = (from.0 + (dx * t) as i32, from.1 + (dy * t) as i32);
            (x - 2, y - 2, x + 2, y + 2)
        })
        .collect()
}

/// A leader from a label placed by `place_label` back to its point, when the label had to go
/// farther than the first ring: without one, a label pushed out by crowded bars sits beside
/// another point and names the wrong one. Returns the ends (on the box's edge, at the point),
/// or None when the label is close enough to read as its point's.
pub fn leader_line(at: (i32, i32), label: PixelBox) -> Option<((i32, i32), (i32, i32))> {
    let edge = (at.0.clamp(label.0, label.2), at.1.clamp(label.1, label.3));
    let (dx, dy) = ((edge.0 - at.0) as f64, (edge.1 - at.1) as f64);
    // The first ring's corners lie 10 pixels from the point: those need no leader.
    (dx.hypot(dy) > 12.0).then_some((edge, at))
}

/// Where to write a label of `width` x `height` pixels next to the point at `at`: the first
/// of eight places around it (then farther out, up to 14 rings of 7 pixels) that overlaps no
/// box in `taken` and stays in `bounds`; the chosen box is added to `taken`. Returns the
/// label's top-left corner.
pub fn place_label(
    at: (i32, i32),
    size: (i32, i32),
    bounds: PixelBox,
    taken: &mut Vec<PixelBox>,
) -> (i32, i32) {
    place_labels(&[(at, size)], bounds, taken)[0]
}

/// Where to write several labels, each `(point, size)` as in `place_label`, ring by ring: every
/// label tries its first ring before any label tries its second, so that one label placed early
/// cannot take the only free place beside another point and leave it to be pushed out beside a
/// third. Returns each label's top-left corner, in the order given.
pub fn place_labels(
    labels: &[Label],
    bounds: PixelBox,
    taken: &mut Vec<PixelBox>,
) -> Vec<(i32, i32)> {
    let inside =
        |b: PixelBox| b.0 >= bounds.0 && b.1 >= bounds.1 && b.2 <= bounds.2 && b.3 <= bounds.3;
    let mut placed: Vec<Option<PixelBox>> = vec![None; labels.len()];
    for ring in 1..=14 {
        for (i, &(at, size)) in labels.iter().enumerate() {
            if placed[i].is_some() {
                continue;
            }
            let free = ring_boxes(at, size, ring)
                .into_iter()
                .find(|&b| inside(b) && !taken.iter().any(|t| overlaps(*t, b)));
            if let Some(b) = free {
                taken.push(b);
                placed[i] = Some(b);
            }
        }
    }
    // Crowded beyond every ring: the nearest place inside the picture.
    labels
        .iter()
        .zip(placed)
        .map(|(&(at, size), b)| {
            let b = b.unwrap_or_else(|| {
                let nearest = (1..=14)
                    .flat_map(|r| ring_boxes(at, size, r))
                    .find(|&b| inside(b));
                let b = nearest.unwrap_or((at.0, at.1, at.0 + size.0, at.1 + size.1));
                taken.push(b);
                b
            });
            (b.0, b.1)
        })
        .collect()
}

/// The eight places around `at` at `ring` gaps of 7 pixels: right, left, above, below, then the
/// four corners.
fn ring_boxes(at: (i32, i32), (width, height): (i32, i32), ring: i32) -> [PixelBox; 8] {
    let d = 7 * ring;
    [
        (at.0 + d, at.1 - height / 2),
        (at.0 - d - width, at.1 - height / 2),
        (at.0 - width / 2, at.1 - d - height),
        (at.0 - width / 2, at.1 + d),
        (at.0 + d, at.1 - d - height),
        (at.0 + d, at.1 + d),
        (at.0 - d - width, at.1 - d - height),
        (at.0 - d - width, at.1 + d),
    ]
    .map(|(x, y)| (x, y, x + width, y + height))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirty_series_have_thirty_styles() {
        let styles: Vec<SeriesStyle> = (0..30).map(SeriesStyle::of).collect();
        for (i, a) in styles.iter().enumerate() {
            for b in &styles[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn series_apart_differ_in_more_than_colour() {
        for i in 0..12 {
            for j in i + 1..12 {
                let (a, b) = (SeriesStyle::apart(i), SeriesStyle::apart(j));
                assert!((a.dash, a.marker) != (b.dash, b.marker), "{i} {j}");
            }
        }
    }

    #[test]
    fn labels_are_placed_apart_and_inside() {
        let bounds = (0, 0, 200, 100);
        let mut taken = Vec::new();
        let boxes: Vec<PixelBox> = (0..6)
            .map(|_| {
                let (x, y) = place_label((100, 50), (20, 12), bounds, &mut taken);
                (x, y, x + 20, y + 12)
            })
            .collect();
        for (i, a) in boxes.iter().enumerate() {
            assert!(a.0 >= 0 && a.1 >= 0 && a.2 <= 200 && a.3 <= 100, "{a:?}");
            for b in &boxes[i + 1..] {
                assert!(!overlaps(*a, *b), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn a_label_pushed_away_gets_a_leader_to_its_point() {
        // Beside the point, in the first ring: no leader.
        assert_eq!(leader_line((100, 100), (107, 93, 160, 108)), None);
        // Pushed 60 pixels up and left: a leader from the box's nearest corner to the point.
        let leader = leader_line((100, 100), (10, 25, 40, 40));
        assert_eq!(leader, Some(((40, 40), (100, 100))));
        // Straight above: from the middle of the box's bottom edge.
        let leader = leader_line((100, 100), (80, 50, 120, 65));
        assert_eq!(leader, Some(((100, 65), (100, 100))));
    }
}
