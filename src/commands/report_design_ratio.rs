//! `ablate report D.games.csv --reference R.games.csv`: one designed match's effects over
//! another's with the same factors (the NNUE evaluation's design over the handcrafted one's,
//! one budget's over another's). The figures in the terminal, and beside D the Markdown, the
//! tidy figures as CSV and JSON, and the chart of D's worths against R's, all named
//! `D.games.vs-R.*` unless `--markdown` (the others beside it) or `--svg` say otherwise.

use crate::cli::ReportArgs;
use crate::error::InputError;
use crate::matches::joined_runs::read_designed;
use crate::output::export::{Csv, Exporter, Json};
use crate::output::number_format::thousands;
use crate::reports::design_ratio_chart::chart_svg;
use crate::reports::design_ratio_report::{
    chart_words, label, markdown, markdown_path, terminal, tidy_table, Side,
};
use crate::stats::design_effects::analyse;
use crate::stats::design_fit::Reference;
use crate::stats::design_ratio::{compare, DesignEffects};
use crate::stats::gauntlet_fit::analyse_gauntlet;
use crate::stats::precision::{is_gauntlet, opponents_of};
use crate::storage::write_atomically;
use std::path::Path;

/// Writes the comparison's files and prints its figures.
pub fn run(args: &ReportArgs, reference: &Path) -> anyhow::Result<()> {
    if !args.more.is_empty() {
        return Err(InputError::in_file(
            "--reference",
            "compares two designed matches: one games CSV before it, not several",
        )
        .into());
    }
    let (design_effects, design) = side(&args.csv)?;
    let (reference_effects, reference_side) = side(reference)?;
    let comparison = compare(&reference_effects, &design_effects).map_err(|m| {
        let (d, r) = (args.csv.display(), reference.display());
        InputError::in_file(r.to_string(), m.describe(&d.to_string(), &r.to_string()))
    })?;
    print!("{}", terminal(&comparison, &design, &reference_side));
    let markdown_file = args
        .markdown
        .clone()
        .unwrap_or_else(|| markdown_path(&args.csv, reference));
    let csv = markdown_file.with_extension("csv");
    let json = markdown_file.with_extension("json");
    let svg = args
        .svg
        .clone()
        .unwrap_or_else(|| markdown_file.with_extension("svg"));
    for path in [&markdown_file, &svg] {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
    }
    let words = chart_words(&comparison, &design, &reference_side);
    write_atomically(&svg, chart_svg(&comparison, &words)?.as_bytes())?;
    let link = crate::output::relative_link::relative_to(&svg, &markdown_file);
    let text = markdown(&comparison, &design, &reference_side, &link);
    write_atomically(&markdown_file, text.as_bytes())?;
    let table = tidy_table(&comparison, &design, &reference_side);
    write_atomically(&csv, Csv.render(&table).as_bytes())?;
    write_atomically(&json, Json.render(&table).as_bytes())?;
    for path in [&markdown_file, &csv, &json, &svg] {
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// A designed match's effects, from its games CSV and the manifest beside it: pooled over the
/// opponents when it played a gauntlet; and how the report names it.
fn side(csv: &Path) -> anyhow::Result<(DesignEffects, Side)> {
    let located = |m: &str| InputError::in_file(csv.display().to_string(), m);
    let games = read_designed(csv, "the games of a designed match")?;
    let (rows, manifest, design) = (&games.rows, &games.manifest, &games.design);
    let (variants, pairings) = (&manifest.variants, &manifest.pairings);
    let opponents = opponents_of(design, pairings);
    let cannot_fit = |m: String| located(&format!("cannot fit the design's model: {m}"));
    // Opponents that are points of the design (the corner, an anchor) are one model's; only
    // other players make a gauntlet.
    let against = Reference::of_each(design, variants, pairings);
    let gauntlet = is_gauntlet((design, &against), pairings);
    let effects = match gauntlet {
        true => analyse_gauntlet(design, variants, pairings, rows)
            .map(|g| DesignEffects::of_gauntlet(&g)),
        false => analyse(design, variants, pairings, rows).map(|a| DesignEffects::of_design(&a)),
    }
    .map_err(cannot_fit)?;
    let played = format!(
        "{} games, {} points against {}, {}",
        thousands(rows.len() as u64),
        design.points.len(),
        // A point's name holds commas: a joined fit's opponents are joined by "and".
        opponents.join(if gauntlet { ", " } else { " and " }),
        manifest.limit
    );
    let side = Side {
        csv: csv.to_path_buf(),
        label: label(csv),
        played,
    };
    Ok((effects, side))
}
