//! The budget ladder's report: Elo lost by each removal at each node budget with the depth
//! reached, Elo per doubling, the node factor each step is worth, the trend against log2
//! nodes and where it stands at the field's budgets, beside the field's figures; and its chart.

use super::field::{FieldBudget, Published};
use super::style::SeriesStyle;
use crate::output::export::{Exporter, Markdown};
use crate::output::number_format::thousands;
use crate::output::table::Table;
use crate::stats::budget_ladder::{node_factor, Interval, Ladder, Trend};
use plotters::prelude::*;
use std::fmt::Write;
use std::path::Path;

/// `48 [35, 61]`: a figure and its interval, whole numbers.
fn elo(i: Interval) -> String {
    let whole = |x: f64| match x {
        f64::INFINITY => "∞".to_string(),
        f64::NEG_INFINITY => "−∞".to_string(),
        _ => format!("{:.0}", x + 0.0),
    };
    let open = if i.lo.is_finite() { "[" } else { "(" };
    let close = if i.hi.is_finite() { "]" } else { ")" };
    format!(
        "{} {open}{}, {}{close}",
        whole(i.value),
        whole(i.lo),
        whole(i.hi)
    )
}

/// `1.9 [1.5, 2.6]`, or `[1.5, ∞)` when unbounded above.
fn factor(i: Interval) -> String {
    let f = |x: f64| {
        if x >= 100.0 {
            format!("{x:.0}")
        } else {
            format!("{x:.2}")
        }
    };
    match i.hi.is_finite() {
        true => format!("{} [{}, {}]", f(i.value), f(i.lo), f(i.hi)),
        false => format!("{} [{}, ∞)", f(i.value), f(i.lo)),
    }
}

/// `320k`, `1.28M`: a budget in few characters.
pub fn budget_text(nodes: f64) -> String {
    if nodes >= 1e6 {
        format!("{:.2}M", nodes / 1e6)
    } else {
        format!("{:.0}k", nodes / 1e3)
    }
}

/// Where a trend stands against a published figure: the figure inside the trend's interval,
/// below it or above it; inside an interval wider than ±50 Elo nothing is told apart.
fn verdict(at: Interval, published_lost: f64) -> &'static str {
    if at.hi - at.lo > 100.0 && (at.lo..=at.hi).contains(&published_lost) {
        "too wide to tell"
    } else if published_lost < at.lo {
        "the trend passes it"
    } else if published_lost > at.hi {
        "the trend falls short"
    } else {
        "the trend reaches it"
    }
}

/// The published figure for `removal` from `engine`, as Elo lost.
fn published_lost(published: &[Published], engine: &str, removal: &str) -> Option<f64> {
    published
        .iter()
        .find(|p| p.engine == engine && p.removal == removal)
        .map(|p| -p.elo)
}

/// The report's Markdown: three tables and their notes.
pub fn markdown(ladder: &Ladder, published: &[Published], budgets: &[FieldBudget]) -> String {
    let mut out = String::new();
    out.push_str("Elo lost by each removal from `");
    out.push_str(&ladder.baseline);
    out.push_str("`, by node budget per move, with the mean depth each side reached and the node factor the step is worth there (2^(Elo lost / Elo per doubling), interval from both intervals' ends):\n\n");
    let mut removals = Table::new(&[
        "step",
        "nodes",
        "games",
        "Elo lost, 95%",
        "depth without / with",
        "node factor, 95%",
    ]);
    for step in &ladder.steps {
        for p in &step.points {
            let lost = p.elo.negated();
            let nf = ladder
                .per_doubling(p.budget)
                .and_then(|d| node_factor(lost, d))
                .map_or_else(|| "n/a".to_string(), factor);
            removals.row(vec![
                step.variant.clone(),
                thousands(p.budget as i128),
                thousands(p.games as i128),
                elo(lost),
                format!("{:.1} / {:.1}", p.depth, p.opponent_depth),
                nf,
            ]);
        }
    }
    out.push_str(&Markdown.render(&removals));
    for u in &ladder.unfinished {
        let _ = writeln!(
            out,
            "\nThe {}-node rung is unfinished: {} of its {} games so far (its run resumes it); its points stand above with the games they have.",
            thousands(u.budget as i128),
            thousands(u.games as i128),
            thousands(u.planned as i128),
        );
    }
    out.push_str("\nOne doubling of the budget: `");
    out.push_str(&ladder.baseline);
    out.push_str("` at twice the nodes against itself, with the nodes each side searched a move (measured: the budget is checked every 4,096 nodes, and an iteration that cannot finish is not started):\n\n");
    let mut doublings = Table::aligned(
        &[
            "nodes",
            "games",
            "Elo of 2N over N, 95%",
            "nodes a move at 2N / at N",
            "Elo per doubling of the nodes searched, 95%",
            "depth at 2N / at N",
        ],
        "rrrrrr",
    );
    for p in &ladder.doubling {
        let per = ladder
            .per_doubling(p.budget)
            .map_or_else(|| "n/a".to_string(), elo);
        doublings.row(vec![
            thousands(p.budget as i128),
            thousands(p.games as i128),
            elo(p.elo),
            format!(
                "{} / {}",
                thousands(p.nodes_per_move.round() as i128),
                thousands(p.opponent_nodes_per_move.round() as i128)
            ),
            per,
            format!("{:.1} / {:.1}", p.depth, p.opponent_depth),
        ]);
    }
    out.push_str(&Markdown.render(&doublings));
    let _ = write!(
        out,
        "\nThe trend: a straight line through each step's Elo lost against log2 of the nodes a move the baseline searched, weighted by each point's interval (errors scaled up where the points scatter more than their intervals allow), and where it stands at the field's budgets{}:\n\n",
        budgets
            .iter()
            .map(|b| format!(
                "; {} at {}: {} nodes a move",
                b.engine,
                b.time_control,
                budget_text(b.nodes())
            ))
            .collect::<String>()
    );
    let mut titles = vec![
        "step".to_string(),
        "budgets".to_string(),
        "Elo lost per doubling of nodes, 95%".to_string(),
    ];
    for b in budgets {
        titles.push(format!("at {}'s budget", b.engine));
        titles.push(format!("{} published", b.engine));
    }
    let titles: Vec<&str> = titles.iter().map(String::as_str).collect();
    let mut trends = Table::aligned(&titles, &format!("lrr{}", "rl".repeat(budgets.len())));
    for step in &ladder.steps {
        let Some(trend) = Trend::fit(&step.lost_by_nodes()) else {
            let mut row = vec![
                step.variant.clone(),
                step.points.len().to_string(),
                "n/a: under two budgets with a bounded interval".into(),
            ];
            for _ in budgets {
                row.extend(["n/a".to_string(), String::new()]);
            }
            trends.row(row);
            continue;
        };
        let mut row = vec![
            step.variant.clone(),
            trend.points.to_string(),
            elo(trend.slope),
        ];
        for b in budgets {
            let at = trend.at(b.nodes());
            let field = published_lost(published, &b.engine, &step.variant);
            let said = field.map_or_else(
                || "none".to_string(),
                |f| format!("{f:.0}: {}", verdict(at, f)),
            );
            row.extend([elo(at), said]);
        }
        trends.row(row);
    }
    out.push_str(&Markdown.render(&trends));
    out
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
