//! docs/transfer.md's ladder of today's `strongest` (issue 54): the factorial of
//! `configs/budget-ladder-today.toml` at every rung, read by the same fit as `ablate report`
//! (`matches::design_ladder`): the rungs, each effect by rung with its node factor, and each
//! effect's trend with the model the data choose.

use super::format::{signed, table, text_cell, thousands};
use super::sources::Sources;
use crate::matches::budget_ladder::Interval;
use crate::matches::design_ladder::{doubling_trend, trend, DesignRung, Figure};
use crate::matches::trend_fit::{Fit, Shape};
use std::fmt::Write;

const FOLDER: &str = "results/budget-ladder-today";

/// Every rung with a factorial's games, cheapest first.
fn rungs(src: &Sources) -> Vec<DesignRung> {
    let folder = src.file(FOLDER);
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .map(|dir| {
            dir.flatten()
                .map(|e| e.path())
                .filter(|p| {
                    let name = p.file_name().unwrap_or_default().to_string_lossy();
                    name.starts_with("factorial-") && name.ends_with(".games.csv")
                })
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut rungs = Vec::new();
    for games in files {
        let nodes = games.file_name().unwrap_or_default().to_string_lossy();
        let nodes = nodes
            .trim_start_matches("factorial-")
            .trim_end_matches(".games.csv");
        let doubling = folder.join(format!("doubling-{nodes}.games.csv"));
        match DesignRung::load(&games, &doubling) {
            Ok(rung) => rungs.push(rung),
            Err(e) => src.problem(e.to_string()),
        }
    }
    rungs.sort_by_key(|r| r.budget);
    rungs
}

fn interval(i: Interval) -> String {
    format!("{} [{}, {}]", signed(i.value), signed(i.lo), signed(i.hi))
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
pub(super) fn rungs_table(src: &Sources) -> String {
    let rungs = rungs(src);
    let rows: Vec<Vec<String>> = rungs
        .iter()
        .map(|r| {
            let target = r.precision.map_or(text_cell("—"), |p| format!("±{p}"));
            let met = r.precision.is_some_and(|p| r.worst_half_width <= p);
            vec![
                thousands(r.budget),
                thousands(r.nodes_per_move.round() as u64),
                format!("{:.1}", r.depth),
                format!(
                    "{} of {}",
                    thousands(r.games as u64),
                    thousands(r.planned as u64)
                ),
                format!(
                    "±{:.1} ({target}{})",
                    r.worst_half_width,
                    if met { ", met" } else { ", not yet" }
                ),
                r.doubling
                    .map_or(text_cell("not played yet"), |(d, games)| {
                        format!("{} ({} games)", interval(d), thousands(games as u64))
                    }),
            ]
        })
        .collect();
    table(
        &[
            "nodes a move",
            "`strongest` searched",
            "plies reached",
            "games",
            "worst 95% half-width (target)",
            "Elo per doubling [95%]",
        ],
        "rrrrrr",
        &rows,
    )
}

/// Each figure of the design: a row per figure, a column per rung.
fn figures(rungs: &[DesignRung]) -> Vec<(String, Figure)> {
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
pub(super) fn effects(src: &Sources) -> String {
    let rungs = rungs(src);
    let mut header = vec!["figure (Elo a step is worth; a pair's interaction)".to_string()];
    header.extend(
        rungs
            .iter()
            .map(|r| format!("{} nodes", thousands(r.budget))),
    );
    let rows: Vec<Vec<String>> = figures(&rungs)
        .into_iter()
        .map(|(name, figure)| {
            let mut row = vec![name];
            for r in &rungs {
                let cell = r.estimate(figure).map_or(text_cell("—"), |e| {
                    let mut cell = format!("{} ± {:.1}", signed(e.value), e.half_width());
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
    table(&header, &align, &rows)
}

fn shape(fit: &Fit) -> &'static str {
    match fit.shape {
        Shape::Line => "line",
        Shape::Quadratic => "quadratic",
    }
}

/// Each figure's trend over the rungs, and Elo per doubling's: the model chosen, the slope at
/// the last rung, and the value at the field's budgets with how far that extrapolates.
pub(super) fn trends(src: &Sources) -> String {
    let rungs = rungs(src);
    let Some(last) = rungs.last() else {
        return String::new();
    };
    let x_last = last.nodes_per_move.log2();
    let budgets = src.budgets();
    let mut header = vec![
        "figure".to_string(),
        "rungs".to_string(),
        "model".to_string(),
        "per doubling at the last rung".to_string(),
    ];
    for b in &budgets {
        let doublings = b.nodes().log2() - x_last;
        header.push(format!(
            "at {} ({} nodes, {doublings:.1} doublings past the last rung)",
            b.engine,
            thousands(b.nodes().round() as u64)
        ));
    }
    let row = |name: String, count: usize, fit: Option<Fit>| -> Vec<String> {
        let Some(fit) = fit else {
            let mut row = vec![name, count.to_string(), text_cell("under 2 rungs")];
            row.extend(std::iter::repeat_n(text_cell("—"), 1 + budgets.len()));
            return row;
        };
        let (s, slo, shi) = fit.slope_at(x_last);
        let mut row = vec![
            name,
            count.to_string(),
            format!("{} ({} dof)", shape(&fit), fit.dof),
            format!("{} [{}, {}]", signed(s), signed(slo), signed(shi)),
        ];
        for b in &budgets {
            let (v, lo, hi) = fit.at(b.nodes().log2());
            row.push(format!("{} [{}, {}]", signed(v), signed(lo), signed(hi)));
        }
        row
    };
    let mut rows = Vec::new();
    let doubled = rungs.iter().filter(|r| r.doubling.is_some()).count();
    rows.push(row(
        "Elo per doubling".into(),
        doubled,
        doubling_trend(&rungs),
    ));
    for (name, figure) in figures(&rungs) {
        let count = rungs
            .iter()
            .filter(|r| r.estimate(figure).is_some())
            .count();
        rows.push(row(name, count, trend(&rungs, figure)));
    }
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let align = "lrl".to_string() + &"r".repeat(1 + budgets.len());
    table(&header, &align, &rows)
}
