//! `ablate report`: Markdown tables, SVG charts and the summary as CSV and JSON from a results
//! CSV; a games CSV's match report.

use crate::cli::ReportArgs;
use crate::output::relative_link::relative_to;
use crate::reports::before_after::Summary;
use crate::reports::markdown::MarkdownReport;
use crate::reports::svg::{quality_path, ratio_path, SvgCharts};
use crate::reports::SummaryReport;
use crate::runner::score_checks;
use crate::search_record::read_rows;
use crate::storage::manifest::{joined_parts, manifest_path, Manifest, ManifestFile};
use std::collections::HashMap;

/// Writes the report files and prints the same summary as the run did.
pub fn run(args: &ReportArgs) -> anyhow::Result<()> {
    if args.csv.extension().is_some_and(|e| e == "toml") {
        return super::report_compared::run(args);
    }
    if !args.with.is_empty() {
        return super::report_design_joined::run(args);
    }
    // A joined report's name (`a+b.games.csv`) reports its parts fitted together, as --with.
    if let Some(parts) = joined_parts(&args.csv).filter(|_| args.reference.is_none()) {
        let (csv, with) = (parts[0].clone(), parts[1..].to_vec());
        return super::report_design_joined::run(&ReportArgs {
            csv,
            with,
            ..args.clone()
        });
    }
    if let Some(reference) = &args.reference {
        return super::report_design_ratio::run(args, reference);
    }
    if !args.more.is_empty() {
        let csvs: Vec<_> = std::iter::once(args.csv.clone())
            .chain(args.more.iter().cloned())
            .collect();
        return super::report_ladder::run(args, &csvs);
    }
    super::report_ladder::refuse_chart_flags(args)?;
    if crate::storage::manifest::CsvKind::of(&args.csv)
        == Some(crate::storage::manifest::CsvKind::Games)
    {
        return super::report_games::run(args);
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
    if let Some(m) = &manifest {
        currency(&args.csv, m, &rows);
    }
    let (order, checked) = match &manifest {
        Some(m) => (
            m.variants.iter().map(|v| v.name.clone()).collect(),
            score_checks(&m.variants),
        ),
        None => (Vec::new(), HashMap::new()),
    };
    let summary = Summary::compute(&rows, &order, &checked);
    let (markdown, svg) = super::report_games::outputs(args)?;
    SvgCharts.export(&summary, &svg)?;
    let grid = crate::reports::heatmap::grid_path(&svg);
    let charts: Vec<std::path::PathBuf> = [svg.clone(), ratio_path(&svg), quality_path(&svg), grid]
        .into_iter()
        .filter(|c| c.exists())
        .collect();
    let exporter = MarkdownReport {
        charts: charts.iter().map(|c| relative_to(c, &markdown)).collect(),
    };
    exporter.export(&summary, &markdown)?;
    let tables = crate::reports::depth_table::write_summary(&summary, &args.csv)?;
    print!("{}", summary.render_terminal());
    for written in std::iter::once(markdown).chain(charts).chain(tables) {
        if !written.exists() {
            continue;
        }
        println!("wrote {}", written.display());
    }
    Ok(())
}

/// Says whether the file's counts hold for this build, and where its times come from. Only a
/// count that would change is a warning: a spot check searches rows again; when it can check
/// none, the reference's history stands in (`provenance::counts_changed_since`).
fn currency(csv: &std::path::Path, manifest: &Manifest, rows: &[crate::search_record::Row]) {
    let shown = csv.display();
    eprintln!(
        "{shown}: {}",
        crate::storage::provenance::times_label(&manifest.provenance)
    );
    let check = crate::runner::spot_check::spot_check(std::path::Path::new("."), manifest, rows);
    if check.found_a_difference() {
        eprintln!(
            "warning: {shown}: its counts differ from this build's; run it again\n{}",
            check.comparison.render()
        );
        return;
    }
    eprintln!("{shown}: {}", check.label());
    if check.skipped.is_some() || check.left_ablate_unchecked(manifest) {
        if let Some(why) = manifest
            .provenance
            .git_commit
            .as_deref()
            .and_then(crate::storage::provenance::counts_changed_since)
        {
            eprintln!("warning: {shown}: {why}");
        }
    }
}
