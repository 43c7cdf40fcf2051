//! One design's matches at one limit against different opponents, read as one: the points
//! against the full engine (the corner) in one run, against an anchor (a point of the design) in
//! another. The model takes a pair against a point as the Elo between the two points, so every
//! figure is still measured from the corner. `ablate report A --with B` fits them together
//! (`joined`), and a run's `fit_with` checks its precision target on that same fit (`Beside`,
//! read by `decide`), so that the run stops where the joined report meets the target.

use super::games_csv::read_games;
use super::games_manifest::{DesignedGames, MatchManifest};
use super::pairings::PreparedMatch;
use crate::config::design::Design;
use crate::game_record::GameRow;
use crate::settings::move_limit::Limit;
use crate::stats::design_fit::{Reference, CORNER};
use crate::storage::manifest::{joined_parts, ManifestFile};
use anyhow::{bail, Context};
use std::path::{Path, PathBuf};

/// One run's games and its manifest.
pub struct RunGames {
    pub csv: PathBuf,
    pub rows: Vec<GameRow>,
    pub manifest: MatchManifest,
}

impl RunGames {
    /// The games CSV at `csv` and the manifest beside it, which says its design.
    pub fn read(csv: &Path) -> anyhow::Result<RunGames> {
        let rows = read_games(csv)?;
        let manifest = MatchManifest::beside(csv).with_context(|| {
            format!(
                "{}: a joined fit needs each games CSV's manifest beside it (.json), to know its design",
                csv.display()
            )
        })?;
        Ok(RunGames {
            csv: csv.to_path_buf(),
            rows,
            manifest,
        })
    }

    /// Refused unless this run is of `design` (its factors and points), at `limit`, in
    /// `experiment`: the runs a fit joins are one design's, measured alike.
    fn check_same(
        &self,
        first: &str,
        design: &Design,
        limit: &Limit,
        experiment: &str,
    ) -> anyhow::Result<()> {
        let m = &self.manifest;
        let same = |what: &str, ok: bool| {
            match ok {
            true => Ok(()),
            false => Err(anyhow::anyhow!(
                "{}: {what} differs from {first}'s; a joined fit takes matches of one design at one limit",
                self.csv.display()
            )),
        }
        };
        same(
            "the design (its factors and points)",
            (m.design.as_ref())
                .is_some_and(|d| d.factors == design.factors && d.points == design.points),
        )?;
        same("the limit", &m.limit == limit)?;
        same("the experiment", m.experiment == experiment)
    }

    /// Whether this run's points play the corner (the full engine).
    fn at_corner(&self, design: &Design) -> bool {
        (self.manifest.pairings.first())
            .is_some_and(|(_, o)| Reference::of(design, &self.manifest.variants, o) == CORNER)
    }
}

/// The games together, and the first manifest with every match's players and pairings: the
/// pairings against the corner first, so that the report's tables name that opponent.
pub fn joined(runs: Vec<RunGames>) -> anyhow::Result<(Vec<GameRow>, MatchManifest)> {
    let first = &runs[0];
    let Some(design) = first.manifest.design.clone() else {
        bail!(
            "{}: --with joins designed matches; this match has no [design]",
            first.csv.display()
        );
    };
    let first_csv = first.csv.display().to_string();
    let mut manifest = first.manifest.clone();
    manifest.pairings.clear();
    manifest.variants.clear();
    for run in &runs {
        run.check_same(&first_csv, &design, &manifest.limit, &manifest.experiment)?;
    }
    let mut ordered = runs;
    ordered.sort_by_key(|run| !run.at_corner(&design));
    let mut rows = Vec::new();
    for run in ordered {
        for v in run.manifest.variants {
            if !manifest.variants.iter().any(|w| w.name == v.name) {
                manifest.variants.push(v);
            }
        }
        for p in run.manifest.pairings {
            if manifest.pairings.contains(&p) {
                bail!(
                    "the pairing {} against {} is in two of the games CSVs; a joined fit takes matches against different opponents",
                    p.0,
                    p.1
                );
            }
            manifest.pairings.push(p);
        }
        rows.extend(run.rows);
    }
    Ok((rows, manifest))
}

/// A designed match's games as a report reads them: a games CSV with its manifest, or a joined
/// report's name (`a+b.games.csv`, `storage::manifest::joined_parts`) for its parts' games
/// joined, so that `--reference` can name a joined fit as it names one run.
pub fn read_designed(csv: &Path, expected: &str) -> anyhow::Result<DesignedGames> {
    let Some(parts) = joined_parts(csv) else {
        return Ok(DesignedGames::read(csv, expected)?);
    };
    let runs = (parts.iter())
        .map(|p| RunGames::read(p))
        .collect::<anyhow::Result<Vec<_>>>()
        .with_context(|| {
            format!(
                "{}: a joined fit's name, read from its parts",
                csv.display()
            )
        })?;
    let (rows, manifest) = joined(runs)?;
    let design = manifest
        .design
        .clone()
        .context("a joined fit without a design")?;
    Ok(DesignedGames {
        rows,
        manifest,
        design,
    })
}

/// Games a match's precision check fits beside its own (`fit_with`): other runs of its design
/// at its limit, whole, with their pairings and who each pairing's opponent is to the design.
#[derive(Debug, Clone, Default)]
pub struct Beside {
    pub rows: Vec<GameRow>,
    pub pairings: Vec<(String, String)>,
    pub against: Vec<Reference>,
}

impl Beside {
    /// The games `prepared`'s `fit_with` names, checked to be of its design, limit and
    /// experiment, against opponents its own pairings do not play; empty without `fit_with`.
    pub fn load(prepared: &PreparedMatch) -> anyhow::Result<Beside> {
        let files = &prepared.options.fit_with;
        if files.is_empty() {
            return Ok(Beside::default());
        }
        let Some(design) = prepared.experiment.design.as_ref() else {
            bail!(
                "{}: fit_with fits a design's games with another run's; this match has no [design]",
                prepared.experiment.file
            );
        };
        let own: Vec<(String, String)> = (prepared.pairings.iter())
            .map(|p| {
                let name = |i: usize| prepared.variants[i].name.clone();
                (name(p.variant), name(p.opponent))
            })
            .collect();
        let mut beside = Beside::default();
        for csv in files {
            let run =
                RunGames::read(csv).with_context(|| format!("fit_with: {}", csv.display()))?;
            let this = format!("this match ({})", prepared.experiment.file);
            run.check_same(&this, design, &prepared.limit, &prepared.experiment.name)?;
            for p in &run.manifest.pairings {
                if own.contains(p) || beside.pairings.contains(p) {
                    bail!(
                        "{}: the pairing {} against {} is this match's own too; fit_with takes runs against other opponents",
                        csv.display(),
                        p.0,
                        p.1
                    );
                }
            }
            let against =
                Reference::of_each(design, &run.manifest.variants, &run.manifest.pairings);
            beside.against.extend(against);
            beside.pairings.extend(run.manifest.pairings);
            beside.rows.extend(run.rows);
        }
        Ok(beside)
    }
}
