//! `ablate report` over several games CSVs at node budgets: the budget ladder's report.

use crate::cli::ReportArgs;
use crate::reports::field::{read_budgets, read_published};
use std::path::{Path, PathBuf};

/// Writes the ladder's Markdown and chart from the games CSVs in `args`.
pub fn run(args: &ReportArgs, csvs: &[PathBuf]) -> anyhow::Result<()> {
    let ladder = crate::matches::budget_ladder::from_files(csvs)?;
    let published = read_published(&args.published)?;
    let budgets = read_budgets(&args.field_budgets)?;
    let folder = csvs[0].parent().unwrap_or(Path::new("."));
    let markdown = args
        .markdown
        .clone()
        .unwrap_or_else(|| folder.join("ladder.md"));
    let svg = args
        .svg
        .clone()
        .unwrap_or_else(|| folder.join("ladder.svg"));
    let text = crate::reports::ladder_report::markdown(&ladder, &published, &budgets);
    crate::storage::write_atomically(&markdown, text.as_bytes())?;
    crate::reports::ladder_report::chart(&ladder, &published, &budgets, &svg)?;
    print!("{text}");
    if ladder.doubling.is_empty() {
        eprintln!("note: no match has the baseline at twice the budget (game.node_factor = 2): no Elo per doubling, no node factors");
    }
    println!("wrote {} and {}", markdown.display(), svg.display());
    Ok(())
}
