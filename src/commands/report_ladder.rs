//! `ablate report` over several games CSVs at node budgets: the ladder's report, of removals
//! (one match a rung) or of factorials (one designed experiment a rung).

use crate::cli::ReportArgs;
use crate::output::export::{Csv, Exporter, Json};
use crate::reports::field::{read_budgets, read_published};
use crate::reports::ladder::{folder_of, ChartChoice, LadderReport, Rungs};
use std::path::PathBuf;

/// Writes the ladder's Markdown, its tidy table as CSV and JSON, and its chart, beside the
/// first games CSV unless `--markdown` or `--svg` say otherwise.
pub fn run(args: &ReportArgs, csvs: &[PathBuf]) -> anyhow::Result<()> {
    let report = LadderReport {
        rungs: Rungs::load(csvs)?,
        published: read_published(&args.published)?,
        budgets: read_budgets(&args.field_budgets)?,
    };
    let choice = ChartChoice {
        interactions: args.interaction.clone(),
        title: args.chart_title.clone(),
    };
    report.check(&choice)?;
    let folder = folder_of(&csvs[0]);
    let markdown = (args.markdown.clone()).unwrap_or_else(|| folder.join("ladder.md"));
    let svg = (args.svg.clone()).unwrap_or_else(|| folder.join("ladder.svg"));
    let (csv, json) = (
        markdown.with_extension("csv"),
        markdown.with_extension("json"),
    );
    let text = report.markdown();
    let table = report.tidy();
    crate::storage::write_atomically(&markdown, text.as_bytes())?;
    crate::storage::write_atomically(&csv, Csv.render(&table).as_bytes())?;
    crate::storage::write_atomically(&json, Json.render(&table).as_bytes())?;
    report.chart(&svg, &choice)?;
    print!("{text}");
    if let Rungs::Removals(ladder) = &report.rungs {
        if ladder.doubling.is_empty() {
            eprintln!("note: no match has the baseline at twice the budget (game.node_factor = 2): no Elo per doubling, no node factors");
        }
    }
    for written in [&markdown, &csv, &json, &svg] {
        println!("wrote {}", written.display());
    }
    Ok(())
}

/// A report of one file draws no ladder: `--interaction` and `--chart-title` given to it are
/// refused, not ignored.
pub fn refuse_chart_flags(args: &ReportArgs) -> anyhow::Result<()> {
    if !args.interaction.is_empty() || args.chart_title.is_some() {
        anyhow::bail!("--interaction and --chart-title are for a ladder's chart: give its games CSVs, one a rung (ablate report A.games.csv B.games.csv ...)");
    }
    Ok(())
}
