//! `ablate report COMPARISON.toml`: the same steps in several engines, each from its own
//! design's games: the tables in the terminal, and beside the file the Markdown, the tidy
//! figures as CSV and JSON, and the forest plot (`x.toml` → `x.md`, `.csv`, `.json`,
//! `x-forest.svg`).

use crate::cli::ReportArgs;
use crate::config::comparison::Comparison;
use crate::output::export::{Csv, Exporter, Json, Text};
use crate::reports::compared_games::compared_games;
use crate::reports::engines_compared::{
    corners_table, engines_table, markdown, pairs_table, steps_table, tidy_table,
};
use crate::reports::field::read_published;
use crate::reports::forest_engines::{forest_chart, forest_path};
use crate::storage::write_atomically;
use std::path::Path;

/// Writes the comparison's report files and prints its tables.
pub fn run(args: &ReportArgs) -> anyhow::Result<()> {
    let comparison = Comparison::read(&args.csv)?;
    let file = args.csv.display().to_string();
    let games = compared_games(&comparison, &file, Path::new("."))?;
    let published = read_published(&args.published)?;
    let field: Vec<(String, Option<String>)> = comparison
        .steps
        .iter()
        .map(|s| (s.name.clone(), s.field.clone()))
        .collect();
    let steps = steps_table(&games.across, &games.engines, &field, &published);
    let corners = corners_table(&games.across, &games.engines);
    let pairs = pairs_table(&games.across, &games.engines);
    println!("{}", Text.render(&engines_table(&games.engines)));
    println!(
        "Each step's worth, averaged over its design's other steps:\n{}",
        Text.render(&steps)
    );
    for caution in games.engines.iter().flat_map(|e| e.cautions()) {
        eprintln!("warning: {caution}; it still enters each step's mean and Q");
    }
    if !games.waiting.is_empty() {
        println!(
            "waiting for a second engine whose design can be fitted: {}\n",
            games.waiting.join(", ")
        );
    }
    let out = args.csv.with_extension("");
    let svg = forest_path(&out);
    let labels: Vec<(String, String)> = comparison
        .engines
        .iter()
        .map(|e| (e.name.clone(), e.label.clone()))
        .collect();
    // Nothing to compare draws no chart, and a chart left from an earlier state of the games
    // would show figures the report no longer gives.
    let compared = !games.across.steps.is_empty();
    if compared {
        forest_chart(&comparison.title, &games.across, &labels, &svg)?;
    } else if svg.exists() {
        std::fs::remove_file(&svg)?;
        println!("removed {}: no step can be compared", svg.display());
    }
    let chart = svg.file_name().unwrap_or_default().to_string_lossy();
    let tables = (&steps, &corners, &pairs);
    let text = markdown(
        &comparison.title,
        &games.engines,
        tables,
        compared.then_some(chart.as_ref()),
        &games.waiting,
    );
    let md = out.with_extension("md");
    let csv = out.with_extension("csv");
    let json = out.with_extension("json");
    write_atomically(&md, text.as_bytes())?;
    let tidy = tidy_table(&games.across);
    write_atomically(&csv, Csv.render(&tidy).as_bytes())?;
    write_atomically(&json, Json.render(&tidy).as_bytes())?;
    let chart_file = compared.then_some(&svg);
    for file in [&md, &csv, &json].into_iter().chain(chart_file) {
        println!("wrote {}", file.display());
    }
    Ok(())
}
