//! The ladder as one tidy table, for a spreadsheet, in the same columns for both kinds of
//! rung: a row per rung and figure (a removal's Elo lost, a factorial's worth or interaction,
//! Elo per doubling) with its node factor; then a row per figure and field budget from its
//! trend (`plies` and `games` empty, `model` the trend's).

use crate::output::table::{Cell, Table};
use crate::reports::field::FieldBudget;
use crate::stats::budget_ladder::Interval;

/// One row: where it was measured, what it is, its value and node factor.
pub struct TidyRow {
    /// The node budget a move (for a trend's row, the field's budget, rounded).
    pub nodes: u64,
    /// The nodes a move the baseline searched (for a trend's row, the field's budget).
    pub nodes_per_move: f64,
    /// The baseline's mean depth, and the games behind the figure; `None` for a trend's row.
    pub plies: Option<f64>,
    pub games: Option<usize>,
    pub figure: String,
    pub kind: String,
    pub elo: Interval,
    pub node_factor: Option<Interval>,
    /// The trend's model, for a trend's row.
    pub model: String,
}

impl TidyRow {
    /// A trend's value at a field's budget: `kind` is the figure's kind, `_trend_at_<engine>`
    /// is added to it.
    pub fn trend_at(
        budget: &FieldBudget,
        figure: &str,
        kind: &str,
        elo: Interval,
        model: String,
    ) -> TidyRow {
        TidyRow {
            nodes: budget.nodes().round() as u64,
            nodes_per_move: budget.nodes(),
            plies: None,
            games: None,
            figure: figure.to_string(),
            kind: format!("{kind}_trend_at_{}", budget.engine.to_lowercase()),
            elo,
            node_factor: None,
            model,
        }
    }
}

/// The table's columns, no rows yet.
pub fn table() -> Table {
    Table::new(&[
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
    ])
}

/// Adds `row` to `table`; a figure that is not finite (an unbounded end) is left empty.
pub fn push(table: &mut Table, row: TidyRow) {
    let number = |x: f64| Cell::number(x.is_finite().then_some(x));
    let factor = |pick: fn(&Interval) -> f64| row.node_factor.map_or(f64::NAN, |f| pick(&f));
    table.row(vec![
        Cell::whole(row.nodes),
        number(row.nodes_per_move),
        Cell::number(row.plies.filter(|x| x.is_finite())),
        Cell::whole_or_empty(row.games.map(|g| g as u64)),
        Cell::text(row.figure),
        Cell::text(row.kind),
        number(row.elo.value),
        number(row.elo.lo),
        number(row.elo.hi),
        number(factor(|f| f.value)),
        number(factor(|f| f.lo)),
        number(factor(|f| f.hi)),
        Cell::text(row.model),
    ]);
}
