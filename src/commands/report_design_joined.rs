//! `ablate report A.csv --with B.csv`: one fit of a design over the games of several of its
//! matches, each against its own opponent: the full engine (the corner) in one, a point of the
//! design (an anchor) in another. The model takes a pair against a point as the Elo between the
//! two points, so that every figure is still measured from the corner, and the report is the
//! design's report (`report_design`) on the games together, written beside the first CSV under
//! a name that joins both (`stockfish-25k-anchored+stockfish-25k.games.md`).

use crate::cli::ReportArgs;
use crate::game_record::GameRow;
use crate::matches::games_csv::read_games;
use crate::matches::games_manifest::MatchManifest;
use crate::stats::design_fit::Reference;
use crate::storage::manifest::ManifestFile;
use anyhow::{bail, Context};
use std::path::{Path, PathBuf};

/// Reads every CSV's games and manifest, checks that they are one design's at one limit, and
/// reports them together.
pub fn run(args: &ReportArgs) -> anyhow::Result<()> {
    let csvs: Vec<&PathBuf> = std::iter::once(&args.csv).chain(&args.with).collect();
    let mut parts: Vec<(Vec<GameRow>, MatchManifest)> = Vec::new();
    for csv in &csvs {
        let rows = read_games(csv)?;
        let manifest = MatchManifest::beside(csv).with_context(|| {
            format!(
                "{}: --with needs each games CSV's manifest beside it (.json), to know its design",
                csv.display()
            )
        })?;
        parts.push((rows, manifest));
    }
    let (rows, manifest) = joined(&csvs, parts)?;
    let joined_args = ReportArgs {
        csv: joined_path(&csvs),
        with: Vec::new(),
        ..args.clone()
    };
    super::report_design::run(&joined_args, &rows, &manifest)
}

/// The games together, and the first manifest with every match's players and pairings: the
/// pairings against the corner first, so that the report's tables name that opponent.
fn joined(
    csvs: &[&PathBuf],
    parts: Vec<(Vec<GameRow>, MatchManifest)>,
) -> anyhow::Result<(Vec<GameRow>, MatchManifest)> {
    let first = parts[0].1.clone();
    let Some(design) = first.design.clone() else {
        bail!(
            "{}: --with joins designed matches; this match has no [design]",
            csvs[0].display()
        );
    };
    let mut manifest = first;
    manifest.pairings.clear();
    manifest.variants.clear();
    let mut rows = Vec::new();
    let mut ordered: Vec<(Vec<GameRow>, MatchManifest)> = Vec::new();
    for (csv, (part_rows, m)) in csvs.iter().zip(parts) {
        let same = |what: &str, ok: bool| match ok {
            true => Ok(()),
            false => Err(anyhow::anyhow!(
                "{}: {what} differs from {}'s; --with joins matches of one design at one limit",
                csv.display(),
                csvs[0].display()
            )),
        };
        same(
            "the design (its factors and points)",
            m.design
                .as_ref()
                .is_some_and(|d| d.factors == design.factors && d.points == design.points),
        )?;
        same("the limit", m.limit == manifest.limit)?;
        same("the experiment", m.experiment == manifest.experiment)?;
        ordered.push((part_rows, m));
    }
    let at_corner = |m: &MatchManifest| {
        (m.pairings.first()).is_some_and(|(_, o)| {
            Reference::of(&design, &m.variants, o) == crate::stats::design_fit::CORNER
        })
    };
    ordered.sort_by_key(|(_, m)| !at_corner(m));
    for (part_rows, m) in ordered {
        for v in m.variants {
            if !manifest.variants.iter().any(|w| w.name == v.name) {
                manifest.variants.push(v);
            }
        }
        for p in m.pairings {
            if manifest.pairings.contains(&p) {
                bail!(
                    "the pairing {} against {} is in two of the games CSVs; --with joins matches against different opponents",
                    p.0,
                    p.1
                );
            }
            manifest.pairings.push(p);
        }
        rows.extend(part_rows);
    }
    Ok((rows, manifest))
}

/// The first CSV's folder, and a name joining every CSV's stem: `a.games.csv` with
/// `b.games.csv` is `a+b.games.csv`.
fn joined_path(csvs: &[&PathBuf]) -> PathBuf {
    let stem = |p: &Path| {
        let name = p
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let name = name.strip_suffix(".csv").unwrap_or(&name).to_string();
        name.strip_suffix(".games").unwrap_or(&name).to_string()
    };
    let name = csvs.iter().map(|p| stem(p)).collect::<Vec<_>>().join("+");
    csvs[0].with_file_name(format!("{name}.games.csv"))
}
