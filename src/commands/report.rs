//! `ablate report`: Markdown tables and SVG charts from a results CSV.

use crate::cli::ReportArgs;
use crate::export::manifest::{manifest_path, Manifest};
use crate::export::markdown::MarkdownExporter;
use crate::export::svg::{ratio_path, SvgExporter};
use crate::export::Exporter;
use crate::records::read_rows;
use crate::runner::score_checks;
use crate::summary::Summary;
use std::collections::HashMap;

/// Writes the report files and prints the same summary as the run did.
pub fn run(args: &ReportArgs) -> anyhow::Result<()> {
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
    let (order, checked) = match &manifest {
        Some(m) => (
            m.variants.iter().map(|v| v.name.clone()).collect(),
            score_checks(&m.variants),
        ),
        None => (Vec::new(), HashMap::new()),
    };
    let summary = Summary::compute(&rows, &order, &checked);
    let markdown = args
        .markdown
        .clone()
        .unwrap_or_else(|| args.csv.with_extension("md"));
    let svg = args
        .svg
        .clone()
        .unwrap_or_else(|| args.csv.with_extension("svg"));
    MarkdownExporter.export(&summary, &markdown)?;
    SvgExporter.export(&summary, &svg)?;
    print!("{}", summary.render_terminal());
    for written in [markdown, svg.clone(), ratio_path(&svg)] {
        println!("wrote {}", written.display());
    }
    Ok(())
}
