//! `ablate report` on the games of a designed match (`[design]`): the fit's figures in the
//! terminal, and beside the CSV the Markdown, the tidy effects as CSV and JSON, the forest plot
//! of the steps' worth, the heat map of the interactions, and the PGN.

use crate::cli::ReportArgs;
use crate::game_record::GameRow;
use crate::matches::games_manifest::MatchManifest;
use crate::output::export::{Csv, Exporter, Json, Text};
use crate::reports::depth_profile_table::{
    depth_table, players_of, shallow_warning, write_depths, PlayerDepths,
};
use crate::reports::design_notes::{fixed_depth_note, slow_games_line};
use crate::reports::design_progress::write_progress;
use crate::reports::design_report::{
    design_depths, effect_rows, effects_path, effects_table, markdown, terminal,
};
use crate::reports::effects_forest::{effects_chart_path, write_effects_chart};
use crate::reports::fault_notes::{faults_line, faults_markdown, faults_terminal};
use crate::reports::interaction_map::{heatmap_path, write_heatmap};
use crate::reports::nodes_a_move::{
    design_nodes, node_limit, nodes_table, off_limit_warning, PlayerNodes,
};
use crate::stats::design_effects::{analyse, analyse_with_faults_as_losses};
use crate::stats::design_fit::Reference;
use crate::stats::faults::design_faults;
use crate::storage::write_atomically;

/// Writes the design's report files and prints its figures.
pub fn run(args: &ReportArgs, rows: &[GameRow], manifest: &MatchManifest) -> anyhow::Result<()> {
    let design = manifest.design.as_ref().expect("called for a design");
    let against = Reference::of_each(design, &manifest.variants, &manifest.pairings);
    if crate::stats::precision::is_gauntlet((design, &against), &manifest.pairings) {
        return super::report_gauntlet::run(args, rows, manifest);
    }
    let opponent = manifest
        .pairings
        .first()
        .map_or("the baseline", |(_, o)| o.as_str());
    // At a fixed depth every side searches to it; elsewhere, how deep each one got: said first,
    // as it holds before the model can be fitted (a first look of two games a point).
    let depths = match manifest.limit.depth().is_some() {
        true => Vec::new(),
        false => design_depths(rows, opponent),
    };
    if !depths.is_empty() {
        let table = Text.render(&depth_table(&depths));
        println!("How deep each side searched:\n{table}");
    }
    // The nodes each side searched a move, against the limit it was asked.
    let points: Vec<String> = players_of(rows)
        .into_iter()
        .filter(|p| p != opponent)
        .collect();
    let limit_of = |p: &str| node_limit(p, &manifest.variants, &manifest.limit);
    // At a fixed depth the note below gives each factor's nodes a move instead.
    let nodes = match manifest.limit.depth().is_some() {
        true => Vec::new(),
        false => design_nodes(rows, opponent, &points, limit_of),
    };
    if !nodes.is_empty() {
        let table = Text.render(&nodes_table(&nodes));
        println!("Nodes each side searched a move:\n{table}");
    }
    for warning in [shallow_warning(&depths), off_limit_warning(&nodes)]
        .into_iter()
        .flatten()
    {
        println!("{}\n", warning.replace("**", ""));
    }
    let analysis = match analyse(design, &manifest.variants, &manifest.pairings, rows) {
        Ok(analysis) => analysis,
        Err(why) => return not_fitted_yet(args, rows, manifest, &why, (&depths, &nodes)),
    };
    let refit = |kept: &[GameRow]| analyse(design, &manifest.variants, &manifest.pairings, kept);
    // Above the figures: at a fixed depth they are not the steps' worth at equal cost.
    let fixed_depth = fixed_depth_note(design, rows, &manifest.limit);
    if let Some(note) = &fixed_depth {
        println!("{note}\n");
    }
    print!("{}", terminal(&analysis, opponent));
    println!("\n{}", slow_games_line(&analysis, refit, rows, manifest));
    // The fit leaves out the pairs an engine's fault ended; beside it, the fit that scores
    // each fault as a loss, so that a reader sees what the rule changes.
    let faults = design_faults(design, rows);
    let faults_head = faults_line(&faults, opponent, true);
    let as_losses = match faults.faults.total() {
        0 => Err(String::new()),
        _ => analyse_with_faults_as_losses(design, &manifest.variants, &manifest.pairings, rows),
    };
    println!("\n{faults_head}");
    print!("{}", faults_terminal(&faults, &analysis, &as_losses));
    let markdown_path = args
        .markdown
        .clone()
        .unwrap_or_else(|| args.csv.with_extension("md"));
    let svg = args.svg.clone().unwrap_or_else(|| heatmap_path(&args.csv));
    let csv = effects_path(&args.csv);
    let json = csv.with_extension("json");
    for path in [&markdown_path, &svg, &csv] {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
    }
    let title = &manifest.experiment;
    write_heatmap(&analysis, title, &svg)?;
    let forest = effects_chart_path(&svg);
    write_effects_chart(&analysis, title, &forest)?;
    let name = |p: &std::path::Path| {
        p.file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned()
    };
    let links = (name(forest.as_path()), name(svg.as_path()));
    let more: Vec<String> = fixed_depth.into_iter().chain([faults_head]).collect();
    let mut text = markdown(&analysis, title, opponent, &links, (&depths, &nodes), &more);
    text += &faults_markdown(&faults, &analysis, &as_losses);
    write_atomically(&markdown_path, text.as_bytes())?;
    let depth_files = match depths.is_empty() {
        true => Vec::new(),
        false => write_depths(&args.csv, &depths)?.to_vec(),
    };
    let effects = effects_table(&effect_rows(&analysis));
    write_atomically(&csv, Csv.render(&effects).as_bytes())?;
    write_atomically(&json, Json.render(&effects).as_bytes())?;
    // A joined fit's name is no games file of its own: its games are in its runs' own PGNs.
    let pgn = args.csv.with_extension("pgn");
    let pgn = match args.csv.exists() {
        true => {
            let tags = crate::matches::games_pgn::PgnTags::of(Some(manifest));
            crate::matches::games_pgn::write_pgn(&pgn, rows, &tags, &args.csv)?;
            Some(pgn)
        }
        false => None,
    };
    for written in [&markdown_path, &csv, &json, &forest, &svg]
        .into_iter()
        .chain(&pgn)
        .chain(&depth_files)
    {
        println!("wrote {}", written.display());
    }
    Ok(())
}

/// A design whose model cannot be fitted yet (a point still at 0% or 100%, a point not played):
/// the report says why and what the games hold, so that a long run's progress is a report like
/// its end. The figures' files wait for the fit.
fn not_fitted_yet(
    args: &ReportArgs,
    rows: &[GameRow],
    manifest: &MatchManifest,
    why: &str,
    searched: (&[PlayerDepths], &[PlayerNodes]),
) -> anyhow::Result<()> {
    let design = manifest.design.as_ref().expect("called for a design");
    let opponent = manifest.pairings.first().map_or("", |(_, o)| o.as_str());
    let faults = faults_line(&design_faults(design, rows), opponent, false);
    let games = (rows, manifest);
    let markdown = args.markdown.as_deref();
    print!(
        "{}",
        write_progress(&args.csv, markdown, games, (why, &faults), searched)?
    );
    Ok(())
}
