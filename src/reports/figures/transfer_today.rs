//! docs/transfer.md's ladder of today's `strongest` (issue 54): the factorial of
//! `configs/budget-ladder-today.toml` at every rung, read by the same fit as `ablate report`
//! (`matches::design_ladder`): the rungs, each effect by rung with its node factor, and each
//! effect's trend with the model the data choose.

use super::sources::Sources;
use crate::matches::budget_ladder::Point as LadderPoint;
use crate::matches::design_ladder::{doublings_in, DesignRung};
use crate::reports::design_ladder_report::{effects_table, field_table, rungs_table, trends_table};

const FOLDER: &str = "results/budget-ladder-today";

/// Every rung with a factorial's games, cheapest first.
pub(super) fn rungs(src: &Sources) -> Vec<DesignRung> {
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
        match DesignRung::load(&games) {
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

/// Each step's node factor beside the field's, at the field's budgets.
pub(super) fn field(src: &Sources) -> String {
    field_table(
        &rungs(src),
        &doublings(src),
        &src.published(),
        &src.budgets(),
    )
}
