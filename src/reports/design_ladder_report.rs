//! The ladder of designed experiments (`stats::design_ladder`) as tables and a chart: the
//! rungs, every effect at every rung with its node factor, and each effect's trend with its
//! value at the field's budgets. docs/transfer.md's blocks and `ablate report` on the
//! factorials' games both write these.

use super::field::{FieldBudget, Published};
use crate::output::export::markdown_table::markdown_of;
use crate::output::number_format::{interval, signed, thousands, Minus};
use crate::output::table::{Cell, Table};
use crate::stats::budget_ladder::node_factor;
use crate::stats::budget_ladder::{Interval, Point as LadderPoint};
use crate::stats::design_ladder::{
    as_ladder, doubling_points, doubling_trend, trend, DesignRung, Figure,
};
use crate::stats::trend_fit::{detectable_slope, Fit, Shape};
use std::fmt::Write;
use std::path::Path;

fn with_interval(i: Interval) -> String {
    interval(i.value, i.lo, i.hi, 1, Minus::True)
}

fn factor(i: Interval) -> String {
    let hi = if i.hi.is_finite() {
        format!("{:.2}", i.hi)
    } else {
        "∞".into()
    };
    format!("×{:.2} [{:.2}, {hi}]", i.value, i.lo)
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
    markdown_of(
        &[
            "nodes a move",
            "`strongest` searched",
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
            format!("`{}` at `strongest`", s.step),
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

fn shape(fit: &Fit) -> &'static str {
    match fit.shape {
        Shape::Line => "line",
        Shape::Quadratic => "quadratic",
    }
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
            format!("{} ({} dof)", shape(&fit), fit.dof),
            interval(s, slo, shi, 1, Minus::True),
        ];
        for b in budgets {
            let (v, lo, hi) = fit.at(b.nodes().log2());
            row.push(format!(
                "{} [{}, {}]",
                signed(v, 1, Minus::True),
                signed(lo, 1, Minus::True),
                signed(hi, 1, Minus::True)
            ));
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

/// Beside the field in node factors, at each field's budget: each step's worth at
/// `strongest` from its trend, over Elo per doubling from its own trend, both extrapolated
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
        let mut row = vec![format!("`{}` at `strongest`", step.step)];
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
            format!(
                "{} {} [{}, {}]",
                b.engine,
                signed(d, 1, Minus::True),
                signed(lo, 1, Minus::True),
                signed(hi, 1, Minus::True)
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    let _ = write!(
        out,
        "\nElo per doubling at each budget, from its trend: {per_at}. How far this extrapolates: \
         the effects' last rung is {} nodes a move, where `strongest` reaches {:.1} plies (doublings \
         from it: {}); the doubling's last rung is {} nodes (doublings from it: {}).\n",
        thousands(last.nodes_per_move.round() as u64),
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

/// A figure's name in the tidy table: its step, or its pair as `first×second`.
fn tidy_name(rungs: &[DesignRung], figure: Figure) -> String {
    let a = &rungs[0].analysis;
    match figure {
        Figure::AtBaseline(i) | Figure::Averaged(i) => a.steps[i].step.clone(),
        Figure::Pair(i) => format!("{}×{}", a.pairs[i].first, a.pairs[i].second),
    }
}

/// The ladder as one tidy table, for a spreadsheet: a row per rung and figure (each step at
/// `strongest` and averaged, each pair, and Elo per doubling of the nodes), with its node
/// factor; then a row per figure and field budget from the trends (`rung` empty).
pub fn tidy(rungs: &[DesignRung], doublings: &[LadderPoint], budgets: &[FieldBudget]) -> Table {
    let mut t = Table::new(&[
        "nodes",
        "nodes_per_move",
        "plies",
        "games",
        "figure",
        "kind",
        "elo",
        "lo",
        "hi",
        "node_factor",
        "node_factor_lo",
        "node_factor_hi",
        "model",
    ]);
    let number = |x: f64| Cell::number(x.is_finite().then_some(x));
    let kind = |f: Figure| match f {
        Figure::AtBaseline(_) => "at_strongest",
        Figure::Averaged(_) => "averaged",
        Figure::Pair(_) => "interaction",
    };
    let figures = figures(rungs);
    for r in rungs {
        let work = |t: &mut Table, name: &str, kind: &str, elo: Interval, f: Option<Interval>| {
            t.row(vec![
                Cell::whole(r.budget),
                number(r.nodes_per_move),
                number(r.depth),
                Cell::whole(r.games as u64),
                Cell::text(name.to_string()),
                Cell::text(kind.to_string()),
                number(elo.value),
                number(elo.lo),
                number(elo.hi),
                number(f.map_or(f64::NAN, |f| f.value)),
                number(f.map_or(f64::NAN, |f| f.lo)),
                number(f.map_or(f64::NAN, |f| f.hi)),
                Cell::text(String::new()),
            ]);
        };
        if let Some(per) = r.per_doubling() {
            work(&mut t, "elo_per_doubling", "doubling", per, None);
        }
        for (_, figure) in &figures {
            let Some(e) = r.estimate(*figure) else {
                continue;
            };
            let (lo, hi) = e.interval();
            let elo = Interval {
                value: e.value,
                lo,
                hi,
            };
            let name = tidy_name(rungs, *figure);
            work(&mut t, &name, kind(*figure), elo, r.node_factor(*figure));
        }
    }
    let mut fits: Vec<(String, &str, Option<Fit>)> = vec![(
        "elo_per_doubling".into(),
        "doubling",
        doubling_trend(doublings),
    )];
    for (_, figure) in &figures {
        fits.push((
            tidy_name(rungs, *figure),
            kind(*figure),
            trend(rungs, *figure),
        ));
    }
    for (name, kind, fit) in fits {
        let Some(fit) = fit else { continue };
        for b in budgets {
            let (v, lo, hi) = fit.at(b.nodes().log2());
            t.row(vec![
                Cell::whole(b.nodes().round() as u64),
                number(b.nodes()),
                Cell::number(None),
                Cell::number(None),
                Cell::text(name.clone()),
                Cell::text(format!("{kind}_trend_at_{}", b.engine.to_lowercase())),
                number(v),
                number(lo),
                number(hi),
                Cell::number(None),
                Cell::number(None),
                Cell::number(None),
                Cell::text(format!("{} ({} dof)", shape(&fit), fit.dof)),
            ]);
        }
    }
    t
}

/// The chart: each step's worth at `strongest`'s corner and the null move × ProbCut
/// interaction against the nodes searched, the field's figures at their budgets, and Elo per
/// doubling below (`ladder_report::chart`'s drawing).
pub fn chart(
    rungs: &[DesignRung],
    doublings: &[LadderPoint],
    published: &[Published],
    budgets: &[FieldBudget],
    path: &Path,
) -> anyhow::Result<()> {
    let Some(first) = rungs.first() else {
        return Ok(());
    };
    let a = &first.analysis;
    // Named as the removal variants, so that the field's rows mark their budgets.
    let mut shown: Vec<(String, Figure)> = (0..a.steps.len())
        .map(|i| (format!("no_{}", a.steps[i].step), Figure::AtBaseline(i)))
        .collect();
    if let Some(i) = a
        .pairs
        .iter()
        .position(|p| p.first == "null_move" && p.second == "probcut")
    {
        shown.push(("null_move × probcut (interaction)".into(), Figure::Pair(i)));
    }
    let ladder = as_ladder(rungs, doublings, &shown, "strongest");
    super::ladder_report::chart(
        &ladder,
        published,
        budgets,
        path,
        "What each step is worth at strongest, and the null move × ProbCut interaction (95% intervals)",
    )
}
