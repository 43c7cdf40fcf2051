//! `ablate report`: Markdown tables and SVG charts from a results CSV.

use crate::cli::ReportArgs;
use crate::records::read_rows;
use crate::reports::markdown::MarkdownExporter;
use crate::reports::summary::Summary;
use crate::reports::svg::{quality_path, ratio_path, SvgExporter};
use crate::reports::Exporter;
use crate::runner::score_checks;
use crate::storage::manifest::{manifest_path, Manifest};
use std::collections::HashMap;

/// Writes the report files and prints the same summary as the run did.
pub fn run(args: &ReportArgs) -> anyhow::Result<()> {
    if crate::storage::manifest::CsvKind::of(&args.csv)
        == Some(crate::storage::manifest::CsvKind::Games)
    {
        return games_report(args);
    }
    let rows = read_rows(&args.csv)?;
    if rows.is_empty() {
        return Err(crate::error::InputError::in_file(
            args.csv.display().to_string(),
            "no rows; expected results written by ablate --config",
        )
        .into());
    }
    // The manifest gives variant order and which variants must keep the baseline's scores.
    let manifest = Manifest::read(&manifest_path(&args.csv))?;
    if let Some(why) = manifest
        .as_ref()
        .and_then(|m| m.provenance.git_commit.as_deref())
        .and_then(crate::storage::provenance::staleness)
    {
        eprintln!("warning: {}: {why}", args.csv.display());
    }
    let (order, checked) = match &manifest {
        Some(m) => (
            m.variants.iter().map(|v| v.name.clone()).collect(),
            score_checks(&m.variants),
        ),
        None => (Vec::new(), HashMap::new()),
    };
    let summary = Summary::compute(&rows, &order, &checked);
    let (markdown, svg) = outputs(args);
    MarkdownExporter.export(&summary, &markdown)?;
    SvgExporter.export(&summary, &svg)?;
    print!("{}", summary.render_terminal());
    let grid = crate::reports::heatmap::grid_path(&svg);
    for written in [
        markdown,
        svg.clone(),
        ratio_path(&svg),
        quality_path(&svg),
        grid,
    ] {
        if !written.exists() {
            continue;
        }
        println!("wrote {}", written.display());
    }
    Ok(())
}

/// A games CSV (`ablate match`): the match summary; Markdown, the forest plot and the cost
/// chart; and its PGN beside it.
fn games_report(args: &ReportArgs) -> anyhow::Result<()> {
    use crate::matches::games_csv::read_games;
    use crate::matches::manifest::MatchManifest;
    use crate::matches::summary::{render_summary, summarize};
    let rows = read_games(&args.csv)?;
    let manifest: Option<MatchManifest> = std::fs::read_to_string(manifest_path(&args.csv))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok());
    let sprt = manifest
        .as_ref()
        .and_then(|m| m.sprt.as_deref())
        .and_then(|s| crate::matches::stats::Sprt::parse(s).ok());
    let pairings = summarize(&rows, sprt.as_ref());
    print!("{}", render_summary(&pairings));
    let title = manifest.as_ref().map_or_else(
        || {
            args.csv
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned()
        },
        |m| m.experiment.clone(),
    );
    let (markdown, svg) = outputs(args);
    let text = crate::reports::games::markdown(&title, &pairings, &svg);
    crate::storage::write_atomically(&markdown, text.as_bytes())?;
    crate::reports::games::forest_chart(&title, &pairings, &svg)?;
    let cost = crate::reports::games::cost_path(&svg);
    crate::reports::games::cost_chart(&title, &pairings, &cost)?;
    let date = manifest
        .as_ref()
        .and_then(|m| m.provenance.started.get(..10).map(|d| d.replace('-', ".")))
        .unwrap_or_else(|| "????.??.??".into());
    let time_control =
        crate::matches::pgn::time_control(manifest.as_ref().map(|m| m.limit.as_str()));
    let pgn = crate::matches::pgn::games_pgn(&rows, &date, &time_control)
        .map_err(|m| crate::error::InputError::in_file(args.csv.display().to_string(), m))?;
    let path = args.csv.with_extension("pgn");
    crate::storage::write_atomically(&path, pgn.as_bytes())?;
    for written in [&markdown, &svg, &cost, &path] {
        println!("wrote {}", written.display());
    }
    Ok(())
}

/// Where the Markdown and the first chart go: as asked, else beside the CSV.
fn outputs(args: &ReportArgs) -> (std::path::PathBuf, std::path::PathBuf) {
    let markdown = args
        .markdown
        .clone()
        .unwrap_or_else(|| args.csv.with_extension("md"));
    let svg = args
        .svg
        .clone()
        .unwrap_or_else(|| args.csv.with_extension("svg"));
    (markdown, svg)
}
