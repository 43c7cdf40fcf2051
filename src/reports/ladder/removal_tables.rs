//! The ladder of removals, one match a rung: Elo lost by each removal at each node budget
//! with the depth reached, Elo per doubling, the node factor each step is worth, the trend
//! against log2 nodes and where it stands at the field's budgets, beside the field's figures.

use super::ladder_chart::budget_text;
use super::tidy_rows::{self, TidyRow};
use crate::output::export::{Exporter, Markdown};
use crate::output::number_format::{factor_interval, thousands, whole_interval, FactorStyle};
use crate::output::table::Table;
use crate::reports::field::{published_lost, FieldBudget, Published};
use crate::stats::budget_ladder::{node_factor, Interval, Ladder, Trend};
use std::fmt::Write;

/// `48 [35, 61]`: a figure and its interval, whole numbers.
fn elo(i: Interval) -> String {
    whole_interval(i.value, i.lo, i.hi)
}

/// `1.9 [1.5, 2.6]`, or `[1.5, ∞)` when unbounded above.
fn factor(i: Interval) -> String {
    factor_interval(i.value, i.lo, i.hi, FactorStyle::Plain)
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

/// The ladder of removals as the tidy table (`tidy_rows`): a row per removal and budget (its
/// Elo lost, the baseline's nodes and depth, the node factor), a row per doubling (Elo per
/// doubling of the nodes searched), then each removal's trend at the field's budgets.
pub fn tidy(ladder: &Ladder, budgets: &[FieldBudget]) -> Table {
    let mut t = tidy_rows::table();
    for step in &ladder.steps {
        for p in &step.points {
            let lost = p.elo.negated();
            let per = ladder.per_doubling(p.budget);
            let row = TidyRow {
                nodes: p.budget,
                nodes_per_move: p.opponent_nodes_per_move,
                plies: Some(p.opponent_depth),
                games: Some(p.games),
                figure: step.variant.clone(),
                kind: "elo_lost".into(),
                elo: lost,
                node_factor: per.and_then(|d| node_factor(lost, d)),
                model: String::new(),
            };
            tidy_rows::push(&mut t, row);
        }
    }
    for p in &ladder.doubling {
        let Some(per) = ladder.per_doubling(p.budget) else {
            continue;
        };
        let row = TidyRow {
            nodes: p.budget,
            nodes_per_move: p.opponent_nodes_per_move,
            plies: Some(p.opponent_depth),
            games: Some(p.games),
            figure: "elo_per_doubling".into(),
            kind: "doubling".into(),
            elo: per,
            node_factor: None,
            model: String::new(),
        };
        tidy_rows::push(&mut t, row);
    }
    for step in &ladder.steps {
        let Some(trend) = Trend::fit(&step.lost_by_nodes()) else {
            continue;
        };
        let model = format!("line ({} budgets, weighted)", trend.points);
        for b in budgets {
            let elo = trend.at(b.nodes());
            let row = TidyRow::trend_at(b, &step.variant, "elo_lost", elo, model.clone());
            tidy_rows::push(&mut t, row);
        }
    }
    t
}
