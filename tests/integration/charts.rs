//! Charts a person can read: in every committed SVG, and in the reports of the pruning run (15
//! variants), the Schaeffer grid (32) and a match, rendered afresh, no two labels overlap and
//! none leaves the picture. A label's box is estimated from its font size and length (an
//! average sans-serif glyph is a little over half the font size wide).

use crate::common::{ablate, assert_success};
use std::path::Path;

/// A label's box: left, top, right, bottom, and its text.
#[derive(Debug, Clone)]
struct Label {
    text: String,
    left: f64,
    top: f64,
    right: f64,
    bottom: f64,
}

fn attribute(tag: &str, name: &str) -> Option<String> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let end = start + tag[start..].find('"')?;
    Some(tag[start..end].to_string())
}

/// The picture's size and every non-empty label of an SVG written by plotters.
fn labels(svg: &str) -> ((f64, f64), Vec<Label>) {
    let number = |tag: &str, name: &str| attribute(tag, name).and_then(|v| v.parse::<f64>().ok());
    let head = &svg[..svg.find('>').unwrap_or(0)];
    let size = (
        number(head, "width").unwrap_or(0.0),
        number(head, "height").unwrap_or(0.0),
    );
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(open) = rest.find("<text") {
        let tag_end = open + rest[open..].find('>').unwrap();
        let tag = &rest[open..tag_end];
        let close = tag_end + rest[tag_end..].find("</text>").unwrap();
        let text = rest[tag_end + 1..close].trim().to_string();
        rest = &rest[close..];
        if text.is_empty() {
            continue;
        }
        let (x, y) = (
            number(tag, "x").unwrap_or(0.0),
            number(tag, "y").unwrap_or(0.0),
        );
        let font = number(tag, "font-size").unwrap_or(12.0);
        let chars = text
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&apos;", "'")
            .replace("&quot;", "\"")
            .replace("&amp;", "&")
            .chars()
            .count() as f64;
        let (mut w, mut h) = (0.55 * font * chars, font);
        let rotated = attribute(tag, "transform").is_some_and(|t| t.contains("rotate"));
        if rotated {
            std::mem::swap(&mut w, &mut h);
        }
        let (left, right) = match attribute(tag, "text-anchor").as_deref() {
            _ if rotated => (x - w / 2.0, x + w / 2.0),
            Some("middle") => (x - w / 2.0, x + w / 2.0),
            Some("end") => (x - w, x),
            _ => (x, x + w),
        };
        let (top, bottom) = match attribute(tag, "dy").as_deref() {
            _ if rotated => (y - h / 2.0, y + h / 2.0),
            Some("0.76em") => (y, y + h),
            Some("0.5ex") => (y - h / 2.0, y + h / 2.0),
            _ => (y - 0.76 * h, y + 0.24 * h),
        };
        out.push(Label {
            text,
            left,
            top,
            right,
            bottom,
        });
    }
    (size, out)
}

/// What is wrong with a chart's labels: overlaps, and labels outside the picture.
fn problems(svg: &str) -> Vec<String> {
    let ((width, height), labels) = labels(svg);
    let mut out = Vec::new();
    // A pixel of slack: neighbours that touch are fine.
    let slack = 1.0;
    for l in &labels {
        if l.left < -slack || l.top < -slack || l.right > width + slack || l.bottom > height + slack
        {
            out.push(format!(
                "\"{}\" leaves the {width}x{height} picture: {l:?}",
                l.text
            ));
        }
    }
    for (i, a) in labels.iter().enumerate() {
        for b in &labels[i + 1..] {
            // plotters may draw a tick's label twice on the same spot: one label to the eye.
            let same = a.text == b.text && a.left == b.left && a.top == b.top;
            if same {
                continue;
            }
            let apart = a.right - slack <= b.left
                || b.right - slack <= a.left
                || a.bottom - slack <= b.top
                || b.bottom - slack <= a.top;
            if !apart {
                out.push(format!("\"{}\" overlaps \"{}\"", a.text, b.text));
            }
        }
    }
    out
}

fn check_folder(folder: &Path, failures: &mut Vec<String>) -> usize {
    let mut count = 0;
    let mut paths: Vec<_> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "svg"))
        .collect();
    paths.sort();
    for path in paths {
        count += 1;
        let svg = std::fs::read_to_string(&path).unwrap();
        for problem in problems(&svg) {
            failures.push(format!("{}: {problem}", path.display()));
        }
    }
    count
}

#[test]
fn no_label_overlaps_another_or_leaves_the_picture() {
    let mut failures = Vec::new();
    let committed: usize = crate::common::result_folders()
        .iter()
        .map(|folder| check_folder(folder, &mut failures))
        .sum();
    assert!(committed >= 60, "{committed} committed charts");
    // The reports of the largest runs and of a match, drawn by this build.
    let dir = tempfile::tempdir().unwrap();
    for name in [
        "pruning",
        "schaeffer",
        "pruning-nodes.games",
        "pruning.games",
    ] {
        for ext in ["csv", "json"] {
            std::fs::copy(
                crate::common::result(&format!("{name}.{ext}")),
                dir.path().join(format!("{name}.{ext}")),
            )
            .unwrap();
        }
        let out = ablate(dir.path(), &["report", &format!("{name}.csv")]);
        assert_success(&out);
    }
    let fresh = check_folder(dir.path(), &mut failures);
    assert!(fresh >= 8, "{fresh} charts drawn");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn overlapping_and_escaping_labels_are_found() {
    let svg = r#"<svg width="100" height="50" viewBox="0 0 100 50">
<text x="10" y="10" dy="0.76em" font-size="10">first</text>
<text x="20" y="12" dy="0.76em" font-size="10">second</text>
<text x="95" y="30" dy="0.76em" font-size="10">outside</text>
<text x="10" y="30" dy="0.76em" font-size="10">apart</text>
</svg>"#;
    let found = problems(svg);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].contains("\"outside\" leaves"), "{found:?}");
    assert!(
        found[1].contains("\"first\" overlaps \"second\""),
        "{found:?}"
    );
}
