//! "Does it transfer?" (issue 41): the budget ladder's tables, made by the product's own
//! report (`ablate report` over the ladder's games), from the committed games.

use super::ROOT;
use ablate::matches::ladder::from_files;
use ablate::reports::field::{read_budgets, read_published};
use std::path::{Path, PathBuf};

/// The ladder's games files, then the removal table's 10,000-node games.
pub fn ladder_files() -> Vec<PathBuf> {
    let folder = Path::new(ROOT).join("results/budget-ladder");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with("nodes-") && name.ends_with(".games.csv")
        })
        .collect();
    files.sort();
    files.push(Path::new(ROOT).join("results/elo-worth-engine/elo-worth-engine-nodes.games.csv"));
    files
}

/// The ladder's three tables, as `ablate report` writes them to results/budget-ladder/ladder.md.
pub fn transfer() -> String {
    let ladder = from_files(&ladder_files()).unwrap_or_else(|e| panic!("{e}"));
    let docs = Path::new(ROOT).join("docs");
    let published = read_published(&docs.join("published-elo.csv")).unwrap();
    let budgets = read_budgets(&docs.join("field-budgets.csv")).unwrap();
    ablate::reports::ladder::markdown(&ladder, &published, &budgets)
}
