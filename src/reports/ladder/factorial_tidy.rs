//! The ladder of factorials as the tidy table (`tidy_rows`): a row per rung and figure (each
//! step at the baseline and averaged, each pair, and Elo per doubling of the nodes), with its
//! node factor; then a row per figure and field budget from the trends.

use super::factorial_tables::{figures, model};
use super::tidy_rows::{push, table, TidyRow};
use crate::output::table::Table;
use crate::reports::field::FieldBudget;
use crate::stats::budget_ladder::{Interval, Point as LadderPoint};
use crate::stats::design_ladder::{doubling_trend, trend, DesignRung, Figure};
use crate::stats::trend_fit::Fit;

/// A figure's name in the tidy table: its step, or its pair as `first×second`.
fn tidy_name(rungs: &[DesignRung], figure: Figure) -> String {
    let a = &rungs[0].analysis;
    match figure {
        Figure::AtBaseline(i) | Figure::Averaged(i) => a.steps[i].step.clone(),
        Figure::Pair(i) => format!("{}×{}", a.pairs[i].first, a.pairs[i].second),
    }
}

/// What kind of figure it is: `at_<baseline>`, `averaged` or `interaction`.
fn kind(rungs: &[DesignRung], figure: Figure) -> String {
    match figure {
        Figure::AtBaseline(_) => format!("at_{}", rungs[0].baseline),
        Figure::Averaged(_) => "averaged".into(),
        Figure::Pair(_) => "interaction".into(),
    }
}

/// The ladder's tidy table: every rung's figures, then their trends at the field's budgets.
pub fn tidy(rungs: &[DesignRung], doublings: &[LadderPoint], budgets: &[FieldBudget]) -> Table {
    let mut t = table();
    let figures = figures(rungs);
    for r in rungs {
        let row =
            |figure: &str, kind: &str, elo: Interval, node_factor: Option<Interval>| TidyRow {
                nodes: r.budget,
                nodes_per_move: r.nodes_per_move,
                plies: Some(r.depth),
                games: Some(r.games),
                figure: figure.to_string(),
                kind: kind.to_string(),
                elo,
                node_factor,
                model: String::new(),
            };
        if let Some(per) = r.per_doubling() {
            push(&mut t, row("elo_per_doubling", "doubling", per, None));
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
            let (name, kind) = (tidy_name(rungs, *figure), kind(rungs, *figure));
            push(&mut t, row(&name, &kind, elo, r.node_factor(*figure)));
        }
    }
    let mut fits: Vec<(String, String, Option<Fit>)> = vec![(
        "elo_per_doubling".into(),
        "doubling".into(),
        doubling_trend(doublings),
    )];
    for (_, figure) in &figures {
        let (name, kind) = (tidy_name(rungs, *figure), kind(rungs, *figure));
        fits.push((name, kind, trend(rungs, *figure)));
    }
    for (name, kind, fit) in fits {
        let Some(fit) = fit else { continue };
        for b in budgets {
            let (value, lo, hi) = fit.at(b.nodes().log2());
            let elo = Interval { value, lo, hi };
            push(&mut t, TidyRow::trend_at(b, &name, &kind, elo, model(&fit)));
        }
    }
    t
}
