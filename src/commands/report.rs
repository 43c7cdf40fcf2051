//! `ablate report`: Markdown tables, SVG charts and the summary as CSV and JSON from a results
//! CSV; a games CSV's match report.

use crate::cli::ReportArgs;
use crate::records::read_rows;
use crate::reports::before_after::Summary;
use crate::reports::markdown::MarkdownReport;
use crate::reports::svg::{quality_path, ratio_path, SvgCharts};
use crate::reports::SummaryReport;
use crate::runner::score_checks;
use crate::storage::manifest::{manifest_path, Manifest, ManifestFile};
use std::collections::HashMap;

/// Writes the report files and prints the same summary as the run did.
pub fn run(args: &ReportArgs) -> anyhow::Result<()> {
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
    let (markdown, svg) = outputs(args)?;
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

/// A games CSV (`ablate match`): the match summary; Markdown, the forest plot and the cost
/// chart; and its PGN beside it.
fn games_report(args: &ReportArgs) -> anyhow::Result<()> {
    use crate::matches::games_csv::read_games;
    use crate::matches::games_manifest::MatchManifest;
    use crate::matches::summary::{render_summary, summarize};
    let rows = read_games(&args.csv)?;
    let manifest = MatchManifest::beside(&args.csv);
    if let Some(m) = manifest.as_ref().filter(|m| m.design.is_some()) {
        return super::report_design::run(args, &rows, m);
    }
    let sprt = manifest
        .as_ref()
        .and_then(|m| m.sprt.as_deref())
        .and_then(|s| crate::stats::elo::Sprt::parse(s).ok());
    let pairings = summarize(&rows, sprt.as_ref());
    print!("{}", render_summary(&pairings));
    // A crash is scored as the crashed side's loss, as cutechess and fastchess do; the games
    // finished at the board give the figure that counts only chess.
    let crashes = rows.iter().filter(|r| r.crashed()).count();
    if crashes > 0 {
        let finished: Vec<_> = rows.iter().filter(|r| !r.crashed()).cloned().collect();
        println!(
            "\nWithout the {crashes} game{} an engine crashed in (their pairs left out of the pentanomial):",
            if crashes == 1 { "" } else { "s" }
        );
        print!("{}", render_summary(&summarize(&finished, sprt.as_ref())));
    }
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
    let (markdown, svg) = outputs(args)?;
    let text = crate::reports::games::markdown(&title, &pairings, &svg);
    crate::storage::write_atomically(&markdown, text.as_bytes())?;
    crate::reports::games::forest_chart(&title, &pairings, &svg)?;
    let cost = crate::reports::games::cost_path(&svg);
    crate::reports::games::cost_chart(&title, &pairings, &cost)?;
    let path = args.csv.with_extension("pgn");
    let tags = crate::matches::games_pgn::PgnTags::of(manifest.as_ref());
    crate::matches::games_pgn::write_pgn(&path, &rows, &tags, &args.csv)?;
    for written in [&markdown, &svg, &cost, &path] {
        println!("wrote {}", written.display());
    }
    Ok(())
}

/// Says whether the file's counts hold for this build, and where its times come from. Only a
/// count that would change is a warning: a spot check searches rows again; when it can check
/// none, the reference's history stands in (`provenance::counts_changed_since`).
fn currency(csv: &std::path::Path, manifest: &Manifest, rows: &[crate::records::Row]) {
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

/// Where the Markdown and the first chart go: as asked, else beside the CSV.
/// The Markdown and SVG paths, their folders made.
fn outputs(args: &ReportArgs) -> anyhow::Result<(std::path::PathBuf, std::path::PathBuf)> {
    let (markdown, svg) = output_paths(args);
    for path in [&markdown, &svg] {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| {
                crate::error::InputError::in_file(
                    path.display().to_string(),
                    format!("cannot write: its folder cannot be made: {e}"),
                )
            })?;
        }
    }
    Ok((markdown, svg))
}

fn output_paths(args: &ReportArgs) -> (std::path::PathBuf, std::path::PathBuf) {
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

/// `target` as a link from the file `from`: its name when both sit in one folder, else the
/// path up from `from`'s folder to it.
fn relative_to(target: &std::path::Path, from: &std::path::Path) -> String {
    use std::path::Component;
    let absolute = |p: &std::path::Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let (target, base) = (absolute(target), absolute(from));
    let base = base.parent().unwrap_or(std::path::Path::new(""));
    let t: Vec<Component> = target.components().collect();
    let b: Vec<Component> = base.components().collect();
    let common = t.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut parts: Vec<String> = vec!["..".to_string(); b.len() - common];
    parts.extend(
        t[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    parts.join("/")
}
