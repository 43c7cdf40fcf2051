//! `ablate report` over several games CSVs at node budgets: the budget ladder's report.

use crate::cli::ReportArgs;
use crate::matches::games_manifest::MatchManifest;
use crate::output::export::{Csv, Exporter, Json};
use crate::reports::design_ladder_report::{
    chart, effects_table, field_table, rungs_table, tidy, trends_table,
};
use crate::reports::field::{read_budgets, read_published};
use crate::stats::design_ladder::{doublings_in, DesignRung};
use crate::storage::manifest::ManifestFile;
use std::path::{Path, PathBuf};

/// Writes the ladder's Markdown and chart from the games CSVs in `args`: factorials, one a
/// rung (their manifests declare a design), or one match a rung.
pub fn run(args: &ReportArgs, csvs: &[PathBuf]) -> anyhow::Result<()> {
    let designed = MatchManifest::beside(&csvs[0]).is_some_and(|m| m.design.is_some());
    if designed {
        return run_designs(args, csvs);
    }
    let ladder = crate::stats::budget_ladder::from_files(csvs)?;
    let published = read_published(&args.published)?;
    let budgets = read_budgets(&args.field_budgets)?;
    let (_, markdown, svg) = outputs(args, csvs);
    let text = crate::reports::ladder_report::markdown(&ladder, &published, &budgets);
    crate::storage::write_atomically(&markdown, text.as_bytes())?;
    crate::reports::ladder_report::chart(
        &ladder,
        &published,
        &budgets,
        &svg,
        "Elo lost by removal, by nodes a move (95% intervals; steps set slightly apart)",
    )?;
    print!("{text}");
    if ladder.doubling.is_empty() {
        eprintln!("note: no match has the baseline at twice the budget (game.node_factor = 2): no Elo per doubling, no node factors");
    }
    println!("wrote {} and {}", markdown.display(), svg.display());
    Ok(())
}

/// The ladder of factorials: each rung's fit and doubling, every effect's trend, the chart.
fn run_designs(args: &ReportArgs, csvs: &[PathBuf]) -> anyhow::Result<()> {
    let mut rungs = csvs
        .iter()
        .map(|csv| DesignRung::load(csv))
        .collect::<Result<Vec<_>, _>>()?;
    rungs.sort_by_key(|r| r.budget);
    let published = read_published(&args.published)?;
    let budgets = read_budgets(&args.field_budgets)?;
    let (folder, markdown, svg) = outputs(args, csvs);
    let doublings = doublings_in(&folder)?;
    let text = format!(
        "{}\n{}\n{}\n{}",
        rungs_table(&rungs),
        effects_table(&rungs),
        trends_table(&rungs, &doublings, &budgets),
        field_table(&rungs, &doublings, &published, &budgets, None)
    );
    crate::storage::write_atomically(&markdown, text.as_bytes())?;
    let table = tidy(&rungs, &doublings, &budgets);
    let csv = markdown.with_extension("csv");
    let json = markdown.with_extension("json");
    crate::storage::write_atomically(&csv, Csv.render(&table).as_bytes())?;
    crate::storage::write_atomically(&json, Json.render(&table).as_bytes())?;
    chart(&rungs, &doublings, &published, &budgets, &svg)?;
    print!("{text}");
    for written in [&markdown, &csv, &json, &svg] {
        println!("wrote {}", written.display());
    }
    Ok(())
}

/// The folder of the first games file, and the report's Markdown and chart: beside it unless
/// `--markdown` or `--svg` say otherwise.
fn outputs(args: &ReportArgs, csvs: &[PathBuf]) -> (PathBuf, PathBuf, PathBuf) {
    // A bare file name's parent is "", which names no folder to read.
    let folder = csvs[0]
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_path_buf();
    let markdown = (args.markdown.clone()).unwrap_or_else(|| folder.join("ladder.md"));
    let svg = (args.svg.clone()).unwrap_or_else(|| folder.join("ladder.svg"));
    (folder, markdown, svg)
}
