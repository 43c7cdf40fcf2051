//! `ablate report` on the games of a design played against a gauntlet (`opponents = [...]`),
//! with `--self-play` the same design's self-play games beside it: the figures in the
//! terminal, and beside the CSV the Markdown, the tidy figures as CSV and JSON, the chart of
//! gauntlet worth against self-play worth, and the PGN.

use crate::cli::ReportArgs;
use crate::config::design::Design;
use crate::error::InputError;
use crate::game_record::GameRow;
use crate::matches::games_manifest::{DesignedGames, MatchManifest};
use crate::output::export::{Csv, Exporter, Json};
use crate::reports::design_notes::fixed_depth_note;
use crate::reports::design_progress::write_progress;
use crate::reports::design_ratio_chart::chart_svg;
use crate::reports::design_report::effects_path;
use crate::reports::fault_notes::faults_line;
use crate::reports::gauntlet_report::{chart_path, chart_words, markdown, terminal, tidy_table};
use crate::stats::design_effects::{analyse, DesignAnalysis};
use crate::stats::design_ratio::{compare, DesignEffects, FactorMismatch};
use crate::stats::faults::design_faults;
use crate::stats::gauntlet_fit::analyse_gauntlet;
use crate::storage::write_atomically;
use std::path::Path;

/// Writes the gauntlet's report files and prints its figures.
pub fn run(args: &ReportArgs, rows: &[GameRow], manifest: &MatchManifest) -> anyhow::Result<()> {
    let design = manifest.design.as_ref().expect("called for a design");
    // Every fit leaves out the pairs an engine's fault ended (`stats::faults`).
    let faults = faults_line(&design_faults(design, rows), "the gauntlet", false);
    let gauntlet = match analyse_gauntlet(design, &manifest.variants, &manifest.pairings, rows) {
        Ok(gauntlet) => gauntlet,
        // Not yet fittable: what the games hold, as a design's report says it.
        Err(why) => {
            let (games, markdown) = ((rows, manifest), args.markdown.as_deref());
            let report = write_progress(&args.csv, markdown, games, (&why, &faults), (&[], &[]))?;
            print!("{report}");
            return Ok(());
        }
    };
    let self_play = args
        .self_play
        .as_deref()
        .map(|csv| self_play_analysis(csv, design))
        .transpose()?;
    let comparison = self_play
        .as_ref()
        .map(|s| {
            compare(
                &DesignEffects::of_design(s),
                &DesignEffects::of_gauntlet(&gauntlet),
            )
        })
        .transpose()
        .map_err(|m| InputError::in_file("--self-play", m.describe("the gauntlet", "self-play")))?;
    // Above the figures, as in a design's report: at a fixed depth no step pays for its nodes.
    let fixed_depth = fixed_depth_note(design, rows, &manifest.limit);
    for note in fixed_depth.iter().chain([&faults]) {
        println!("{note}\n");
    }
    print!("{}", terminal(&gauntlet, comparison.as_ref()));
    let markdown_path = args
        .markdown
        .clone()
        .unwrap_or_else(|| args.csv.with_extension("md"));
    let csv = effects_path(&args.csv);
    let json = csv.with_extension("json");
    let chart = args.svg.clone().unwrap_or_else(|| chart_path(&args.csv));
    let title = &manifest.experiment;
    let mut written = vec![markdown_path.clone(), csv.clone(), json.clone()];
    let link = match &comparison {
        Some(c) => {
            write_atomically(
                &chart,
                chart_svg(c, &chart_words(c, title, &gauntlet.opponents))?.as_bytes(),
            )?;
            written.push(chart.clone());
            Some(
                chart
                    .file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
            )
        }
        None => None,
    };
    let mut text = markdown(title, &gauntlet, comparison.as_ref(), link.as_deref());
    if let (Some(note), Some(head)) = (&fixed_depth, text.find("\n\n")) {
        text.insert_str(head + 2, &format!("- {note}\n"));
    }
    // The faults close the list of what the fit rests on, before the first table.
    if let Some(end) = text.find("\n\n## ") {
        text.insert_str(end + 1, &format!("- {faults}\n"));
    }
    write_atomically(&markdown_path, text.as_bytes())?;
    let table = tidy_table(&gauntlet, comparison.as_ref());
    write_atomically(&csv, Csv.render(&table).as_bytes())?;
    write_atomically(&json, Json.render(&table).as_bytes())?;
    let pgn = args.csv.with_extension("pgn");
    let tags = crate::matches::games_pgn::PgnTags::of(Some(manifest));
    crate::matches::games_pgn::write_pgn(&pgn, rows, &tags, &args.csv)?;
    written.push(pgn);
    for path in written {
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// The self-play design's analysis from its games CSV and the manifest beside it. Its factors
/// must be the gauntlet's (by name), which is said before any fit: a design of other steps is
/// the wrong file however its games stand.
pub fn self_play_analysis(csv: &Path, gauntlet: &Design) -> anyhow::Result<DesignAnalysis> {
    let games = DesignedGames::read(csv, "the games of a designed match in self-play")?;
    let (manifest, design) = (&games.manifest, &games.design);
    let names = |d: &Design| d.factors.iter().map(|f| f.name.clone()).collect::<Vec<_>>();
    let (own, theirs) = (names(gauntlet), names(design));
    let missing = |a: &[String], b: &[String]| -> Vec<String> {
        a.iter().filter(|f| !b.contains(f)).cloned().collect()
    };
    let mismatch = FactorMismatch {
        only_in_design: missing(&own, &theirs),
        only_in_reference: missing(&theirs, &own),
    };
    if !mismatch.only_in_design.is_empty() || !mismatch.only_in_reference.is_empty() {
        let message = mismatch.describe("the gauntlet", "self-play");
        return Err(InputError::in_file("--self-play", message).into());
    }
    Ok(
        analyse(design, &manifest.variants, &manifest.pairings, &games.rows).map_err(|m| {
            let message = format!("cannot fit the design's model: {m}");
            InputError::in_file(csv.display().to_string(), message)
        })?,
    )
}
