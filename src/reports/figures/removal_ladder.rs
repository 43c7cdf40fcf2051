//! docs/transfer.md's ladder of removals, on `strongest_2008`: each step removed at every
//! budget, in the tables `ablate report` writes to results/budget-ladder/ladder.md from the
//! ladder's games.

use super::sources::Sources;
use crate::reports::ladder::ladder_files::from_files;
use std::path::PathBuf;

/// The ladder's games files (`nodes-*.games.csv`), then the removal table's 10,000-node games.
pub(super) fn ladder_files(src: &Sources) -> Vec<PathBuf> {
    let folder = src.file("results/budget-ladder");
    let mut files: Vec<PathBuf> = match std::fs::read_dir(&folder) {
        Ok(entries) => entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                let name = p.file_name().unwrap_or_default().to_string_lossy();
                name.starts_with("nodes-") && name.ends_with(".games.csv")
            })
            .collect(),
        Err(e) => {
            src.problem(format!("{}: {e}", folder.display()));
            Vec::new()
        }
    };
    files.sort();
    files.push(src.path("elo-worth-engine/elo-worth-engine-nodes.games", "csv"));
    files
}

/// The ladder's three tables.
pub(super) fn transfer(src: &Sources) -> String {
    let (published, budgets) = (src.published(), src.budgets());
    match from_files(&ladder_files(src)) {
        Ok(ladder) => {
            crate::reports::ladder::removal_tables::markdown(&ladder, &published, &budgets)
        }
        Err(e) => {
            src.problem(e.to_string());
            String::new()
        }
    }
}
