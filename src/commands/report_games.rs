//! `ablate report` on a games CSV (`ablate match`): the match summary, with the figures
//! without crashed games beside it; Markdown, the forest plot and the cost chart; how deep each
//! side searched (unless the games were played at a fixed depth); and the PGN beside it.

use crate::cli::ReportArgs;
use crate::output::export::{Exporter, Text};
use crate::reports::depth_profile_table::{depth_table, players_depths, players_of, write_depths};
use crate::storage::manifest::ManifestFile;

/// A games CSV (`ablate match`): the match summary; Markdown, the forest plot and the cost
/// chart; and its PGN beside it.
pub fn run(args: &ReportArgs) -> anyhow::Result<()> {
    use crate::matches::games_csv::read_games;
    use crate::matches::games_manifest::MatchManifest;
    use crate::matches::summary::render_summary;
    use crate::stats::pairing_summary::summarize;
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
    // At a fixed depth every side searches to it; elsewhere, how deep each one got.
    let at_depth = manifest.as_ref().is_some_and(|m| m.limit.depth().is_some());
    let depths = match at_depth {
        true => Vec::new(),
        false => players_depths(&rows, &players_of(&rows)),
    };
    if !depths.is_empty() {
        println!(
            "\nHow deep each side searched:\n{}",
            Text.render(&depth_table(&depths))
        );
    }
    let (markdown, svg) = outputs(args)?;
    let text = crate::reports::games::markdown(&title, &pairings, &svg, &depths);
    crate::storage::write_atomically(&markdown, text.as_bytes())?;
    crate::reports::games::forest_chart(&title, &pairings, &svg)?;
    let cost = crate::reports::games::cost_path(&svg);
    crate::reports::games::cost_chart(&title, &pairings, &cost)?;
    let path = args.csv.with_extension("pgn");
    let tags = crate::matches::games_pgn::PgnTags::of(manifest.as_ref());
    crate::matches::games_pgn::write_pgn(&path, &rows, &tags, &args.csv)?;
    let depth_files = match depths.is_empty() {
        true => Vec::new(),
        false => write_depths(&args.csv, &depths)?.to_vec(),
    };
    for written in [&markdown, &svg, &cost, &path]
        .into_iter()
        .chain(&depth_files)
    {
        println!("wrote {}", written.display());
    }
    Ok(())
}

/// Where the Markdown and the first chart go: as asked, else beside the CSV.
/// The Markdown and SVG paths, their folders made.
pub fn outputs(args: &ReportArgs) -> anyhow::Result<(std::path::PathBuf, std::path::PathBuf)> {
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
