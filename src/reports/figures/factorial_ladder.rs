//! docs/transfer.md's ladder of factorials, on today's `strongest`: the factorial of
//! `configs/budget-ladder-today.toml` at every rung, read by the same fit as `ablate report`
//! (`stats::design_ladder`): the rungs, each effect by rung with its node factor, and each
//! effect's trend with the model the data choose.

use super::sources::Sources;
use crate::reports::ladder::factorial_tables::{
    effects_table, field_table, pairs_resolved, rungs_table, trends_table, FallenDoubling,
};
use crate::reports::ladder::ladder_files::{design_rung, doublings_in, factorials_in, from_files};
use crate::stats::budget_ladder::Point as LadderPoint;
use crate::stats::design_ladder::DesignRung;

const FOLDER: &str = "results/budget-ladder-today";

/// Every rung with a factorial's games, cheapest first.
pub(super) fn rungs(src: &Sources) -> Vec<DesignRung> {
    let mut rungs = Vec::new();
    for (_, games) in factorials_in(&src.file(FOLDER)) {
        match design_rung(&games) {
            Ok(rung) => rungs.push(rung),
            Err(e) => src.problem(e.to_string()),
        }
    }
    rungs.sort_by_key(|r| r.budget);
    rungs
}

/// The rungs played so far.
pub(super) fn rungs_block(src: &Sources) -> String {
    rungs_table(&rungs(src))
}

/// Every effect at every rung.
pub(super) fn effects(src: &Sources) -> String {
    effects_table(&rungs(src))
}

/// How often each pair's interaction is resolved over the rungs.
pub(super) fn pairs(src: &Sources) -> String {
    pairs_resolved(&rungs(src))
}

/// Every doubling played beside the rungs.
fn doublings(src: &Sources) -> Vec<LadderPoint> {
    doublings_in(&src.file(FOLDER)).unwrap_or_else(|e| {
        src.problem(e.to_string());
        Vec::new()
    })
}

/// Each effect's trend, and its value at the field's budgets.
pub(super) fn trends(src: &Sources) -> String {
    trends_table(&rungs(src), &doublings(src), &src.budgets())
}

/// Each step's node factor beside the field's, at the field's budgets, and as it would read
/// if the doubling fell as `strongest_2008`'s did on its own ladder (its deepest doubling).
pub(super) fn field(src: &Sources) -> String {
    field_table(
        &rungs(src),
        &doublings(src),
        &src.published(),
        &src.budgets(),
        fallen(src).as_ref(),
    )
}

/// `strongest_2008`'s Elo per doubling at its ladder's deepest rung.
fn fallen(src: &Sources) -> Option<FallenDoubling> {
    let ladder = match from_files(&super::removal_ladder::ladder_files(src)) {
        Ok(ladder) => ladder,
        Err(e) => {
            src.problem(e.to_string());
            return None;
        }
    };
    let deepest = ladder.doubling.iter().max_by_key(|p| p.budget)?;
    Some(FallenDoubling {
        label: format!(
            "`strongest_2008`'s at {} nodes",
            crate::reports::figures::format::thousands(deepest.budget)
        ),
        per_doubling: deepest.per_doubling()?,
    })
}
