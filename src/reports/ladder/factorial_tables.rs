//! The ladder of factorials, one designed experiment a rung (`stats::design_ladder`), as
//! tables: the rungs, every effect at every rung with its node factor, each effect's trend
//! with its value at the field's budgets, and the field in node factors. docs/transfer.md's
//! blocks and `ablate report` on the factorials' games both write these.

use crate::output::export::markdown_table::markdown_of;
use crate::output::number_format::{factor_interval, interval, signed, thousands};
use crate::output::number_format::{FactorStyle, Minus};
use crate::reports::field::{FieldBudget, Published};
use crate::stats::budget_ladder::node_factor;
use crate::stats::budget_ladder::{Interval, Point as LadderPoint};
use crate::stats::design_ladder::{doubling_points, doubling_trend, trend, DesignRung, Figure};
use crate::stats::trend_fit::{detectable_slope, Fit, Shape};
use std::fmt::Write;

fn with_interval(i: Interval) -> String {
    interval(i.value, i.lo, i.hi, 1, Minus::True)
}

fn factor(i: Interval) -> String {
    factor_interval(i.value, i.lo, i.hi, FactorStyle::Times)
}

/// The variant every point of the ladder plays, as the rungs' manifests name it.
fn baseline(rungs: &[DesignRung]) -> &str {
    rungs.first().map_or("", |r| r.baseline.as_str())
}

/// The rungs: budget, what the baseline searched, the games against the target, the doubling.
pub fn rungs_table(rungs: &[DesignRung]) -> String {
    let rows: Vec<Vec<String>> = rungs
        .iter()
        .map(|r| {
            let target = r.precision.map_or(String::from("—"), |p| format!("±{p}"));
            let met = r.precision.is_some_and(|p| r.worst_half_width <= p);
            let state = match (met, r.settled()) {
                (true, _) => ", met",
                (false, true) => ", not met; in the trends at this width",
                (false, false) => ", not met; too few games for the trends",
            };
            vec![
                thousands(r.budget),
                thousands(r.nodes_per_move.round() as u64),
                format!("{:.1}", r.depth),
                thousands(r.games as u64),
                format!("±{:.1} ({target}{})", r.worst_half_width, state),
                match (r.per_doubling(), &r.doubling) {
                    (Some(per), Some(d)) => format!(
                        "{} ({} games; ×{:.2} the nodes)",
                        with_interval(per),
                        thousands(d.games as u64),
                        d.nodes_per_move / d.opponent_nodes_per_move
                    ),
                    _ => String::from("not played yet"),
                },
            ]
        })
        .collect();
    let searched = format!("`{}` searched", baseline(rungs));
    markdown_of(
        &[
            "nodes a move",
            &searched,
            "plies reached",
            "games",
            "worst 95% half-width (target)",
            "Elo per doubling of the nodes [95%]",
        ],
        "rrrrrr",
        &rows,
    )
}

/// Each figure of the design: a row per figure, a column per rung.
pub fn figures(rungs: &[DesignRung]) -> Vec<(String, Figure)> {
    let Some(first) = rungs.first() else {
        return Vec::new();
    };
    let a = &first.analysis;
    let mut out = Vec::new();
    for (i, s) in a.steps.iter().enumerate() {
        out.push((
            format!("`{}` at `{}`", s.step, first.baseline),
            Figure::AtBaseline(i),
        ));
        out.push((format!("`{}` averaged", s.step), Figure::Averaged(i)));
    }
    for (i, p) in a.pairs.iter().enumerate() {
        out.push((format!("`{}` × `{}`", p.first, p.second), Figure::Pair(i)));
    }
    out
}

/// Every effect at every rung, with its node factor where the doubling was played.
pub fn effects_table(rungs: &[DesignRung]) -> String {
    let mut header = vec![
        "figure (Elo a step is worth; for a pair, the texts' interaction: one step's worth changes by twice it when the other is switched on)".to_string(),
    ];
    header.extend(
        rungs
            .iter()
            .map(|r| format!("{} nodes", thousands(r.budget))),
    );
    let rows: Vec<Vec<String>> = figures(rungs)
        .into_iter()
        .map(|(name, figure)| {
            let mut row = vec![name];
            for r in rungs {
                let cell = r.estimate(figure).map_or(String::from("—"), |e| {
                    let mut cell = format!(
                        "{} ± {:.1}",
                        signed(e.value, 1, Minus::True),
                        e.half_width()
                    );
                    if let (Some(f), false) =
                        (r.node_factor(figure), matches!(figure, Figure::Pair(_)))
                    {
                        let _ = write!(cell, " ({})", factor(f));
                    }
                    cell
                });
                row.push(cell);
            }
            row
        })
        .collect();
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let align = "l".to_string() + &"r".repeat(rungs.len());
    markdown_of(&header, &align, &rows)
}

/// The model a trend chose, and its residual degrees of freedom: `line (4 dof)`.
pub fn model(fit: &Fit) -> String {
    let shape = match fit.shape {
        Shape::Line => "line",
        Shape::Quadratic => "quadratic",
    };
    format!("{shape} ({} dof)", fit.dof)
}

/// Each figure's trend over the rungs, and Elo per doubling's: the model chosen, the slope at
/// the last rung, and the value at the field's budgets with how far that extrapolates.
pub fn trends_table(
    rungs: &[DesignRung],
    doublings: &[LadderPoint],
    budgets: &[FieldBudget],
) -> String {
    let Some(last) = rungs.last() else {
        return String::new();
    };
    let x_last = last.nodes_per_move.log2();
    let mut header = vec![
        "figure".to_string(),
        "rungs".to_string(),
        "model".to_string(),
        "per doubling at the last rung".to_string(),
    ];
    for b in budgets {
        let doublings = b.nodes().log2() - x_last;
        header.push(format!(
            "at {} ({} nodes, {doublings:.1} doublings past the last rung)",
            b.engine,
            thousands(b.nodes().round() as u64)
        ));
    }
    let row = |name: String, count: usize, fit: Option<Fit>| -> Vec<String> {
        let Some(fit) = fit else {
            let mut row = vec![name, count.to_string(), String::from("under 2 rungs")];
            row.extend(std::iter::repeat_n(String::from("—"), 1 + budgets.len()));
            return row;
        };
        let (s, slo, shi) = fit.slope_at(x_last);
        let mut row = vec![
            name,
            count.to_string(),
            model(&fit),
            interval(s, slo, shi, 1, Minus::True),
        ];
        for b in budgets {
            let (v, lo, hi) = fit.at(b.nodes().log2());
            row.push(interval(v, lo, hi, 1, Minus::True));
        }
        row
    };
    let mut rows = Vec::new();
    let doubled = doublings.len();
    rows.push(row(
        "Elo per doubling".into(),
        doubled,
        doubling_trend(doublings),
    ));
    for (name, figure) in figures(rungs) {
        let count = rungs
            .iter()
            .filter(|r| r.settled() && r.estimate(figure).is_some())
            .count();
        rows.push(row(name, count, trend(rungs, figure)));
    }
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let align = "lrl".to_string() + &"r".repeat(1 + budgets.len());
    let mut out = markdown_of(&header, &align, &rows);
    let points = doubling_points(doublings);
    let _ = match detectable_slope(&points) {
        Some((slope, dof)) => writeln!(
            out,
            "\nThe straight-line test's power: through {} doublings ({dof} degrees of freedom), a \
             slope of Elo per doubling is told apart from zero 80% of the time only when it is \
             ±{slope:.0} Elo a doubling or steeper; a smaller fall can pass unseen, and \
             \"flat\" reads as \"not resolved\".",
            points.len()
        ),
        None => writeln!(
            out,
            "\nThe straight-line test has no power yet: under 3 doublings."
        ),
    };
    out
}

/// Beside the field in node factors, at each field's budget: each step's worth at the
/// baseline from its trend, over Elo per doubling from its own trend, both extrapolated
/// with their intervals; the field's figure over the same Elo per doubling.
pub fn field_table(
    rungs: &[DesignRung],
    doublings: &[LadderPoint],
    published: &[Published],
    budgets: &[FieldBudget],
    fallen: Option<&FallenDoubling>,
) -> String {
    let (Some(first), Some(last)) = (rungs.first(), rungs.last()) else {
        return String::new();
    };
    let Some(per) = doubling_trend(doublings) else {
        return "No node factors beside the field yet: the doubling has under 2 rungs.\n".into();
    };
    let x_last = last.nodes_per_move.log2();
    let mut header = vec!["step (node factor it is worth)".to_string()];
    for b in budgets {
        header.push(format!("ablate at {}", b.engine));
        if let Some(f) = fallen {
            header.push(format!(
                "ablate at {}, the doubling as {}",
                b.engine, f.label
            ));
        }
        header.push(format!("{} (its figure)", b.engine));
    }
    let mut rows = Vec::new();
    for (i, step) in first.analysis.steps.iter().enumerate() {
        let mut row = vec![format!("`{}` at `{}`", step.step, first.baseline)];
        let fit = trend(rungs, Figure::AtBaseline(i));
        for b in budgets {
            let x = b.nodes().log2();
            let (d, dlo, dhi) = per.at(x);
            let doubling = Interval {
                value: d,
                lo: dlo,
                hi: dhi,
            };
            let worth = fit.as_ref().map(|f| {
                let (v, lo, hi) = f.at(x);
                Interval { value: v, lo, hi }
            });
            let mine = worth.and_then(|w| node_factor(w, doubling));
            row.push(mine.map_or(String::from("—"), factor));
            if let Some(f) = fallen {
                let theirs = worth.and_then(|w| node_factor(w, f.per_doubling));
                row.push(theirs.map_or(String::from("—"), factor));
            }
            let removal = format!("no_{}", step.step);
            let theirs = published
                .iter()
                .find(|p| p.engine == b.engine && p.removal == removal)
                .and_then(|p| {
                    let half = p.half_width.unwrap_or(0.0);
                    let lost = Interval {
                        value: -p.elo,
                        lo: -p.elo - half,
                        hi: -p.elo + half,
                    };
                    Some(format!(
                        "{} = {}",
                        signed(-p.elo, 1, Minus::True),
                        factor(node_factor(lost, doubling)?)
                    ))
                });
            row.push(theirs.unwrap_or_else(|| String::from("—")));
        }
        rows.push(row);
    }
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let columns = if fallen.is_some() { 3 } else { 2 };
    let align = "l".to_string() + &"r".repeat(columns * budgets.len());
    let mut out = markdown_of(&header, &align, &rows);
    let x_doubled = doublings
        .iter()
        .map(|p| p.opponent_nodes_per_move.log2())
        .fold(f64::NEG_INFINITY, f64::max);
    let past = |x: f64| {
        budgets
            .iter()
            .map(|b| format!("{:.1} to {}'s budget", b.nodes().log2() - x, b.engine))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let per_at = budgets
        .iter()
        .map(|b| {
            let (d, lo, hi) = per.at(b.nodes().log2());
            format!("{} {}", b.engine, interval(d, lo, hi, 1, Minus::True))
        })
        .collect::<Vec<_>>()
        .join(", ");
    let _ = write!(
        out,
        "\nElo per doubling at each budget, from its trend: {per_at}. How far this extrapolates: \
         the effects' last rung is {} nodes a move, where `{}` reaches {:.1} plies (doublings \
         from it: {}); the doubling's last rung is {} nodes (doublings from it: {}).\n",
        thousands(last.nodes_per_move.round() as u64),
        last.baseline,
        last.depth,
        past(x_last),
        thousands(x_doubled.exp2().round() as u64),
        past(x_doubled),
    );
    if let Some(f) = fallen {
        let _ = writeln!(
            out,
            "\nIf the doubling fell as {} ({}): the columns beside ablate's own give each \
             node factor at that Elo per doubling instead of the trend's; the two together are \
             the band the extrapolation allows.",
            f.label,
            with_interval(f.per_doubling),
        );
    }
    out
}

/// Another ladder's Elo per doubling at its deepest rung, for how the node factors would read
/// if this ladder's doubling fell as that one's did.
pub struct FallenDoubling {
    /// What it is, for the column and the note.
    pub label: String,
    pub per_doubling: Interval,
}

/// Each pair's interaction: at how many rungs, and which, its 95% interval excludes zero. Which
/// pair a chart draws is the reader's to pick (`--interaction`); this says how often each is
/// resolved, so that the pick can be read against it.
pub fn pairs_resolved(rungs: &[DesignRung]) -> String {
    let Some(first) = rungs.first() else {
        return String::new();
    };
    let rows: Vec<Vec<String>> = (0..first.analysis.pairs.len())
        .map(|i| {
            let p = &first.analysis.pairs[i];
            let with: Vec<&DesignRung> = (rungs.iter())
                .filter(|r| r.estimate(Figure::Pair(i)).is_some())
                .collect();
            let resolved: Vec<String> = (with.iter())
                .filter(|r| {
                    let (lo, hi) = r
                        .estimate(Figure::Pair(i))
                        .map_or((0.0, 0.0), |e| e.interval());
                    lo > 0.0 || hi < 0.0
                })
                .map(|r| thousands(r.budget))
                .collect();
            vec![
                format!("`{}` × `{}`", p.first, p.second),
                format!("{} of {}", resolved.len(), with.len()),
                match resolved.is_empty() {
                    true => String::from("—"),
                    false => resolved.join("; "),
                },
            ]
        })
        .collect();
    markdown_of(
        &[
            "pair",
            "rungs whose 95% interval excludes zero",
            "at nodes a move",
        ],
        "lrl",
        &rows,
    )
}
