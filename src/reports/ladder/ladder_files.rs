//! A ladder's files read: each rung's games CSV with the manifest beside it, the doublings
//! played in its folder, and the precision its config declares; `stats::budget_ladder` and
//! `stats::design_ladder` say what the games show.

use crate::config::experiment::{Experiment, ResolvedVariant};
use crate::error::InputError;
use crate::matches::games_csv::read_games;
use crate::matches::games_manifest::MatchManifest;
use crate::settings::match_settings::out_at_budget;
use crate::stats::budget_ladder::{Ladder, Point as LadderPoint, Rung, Unfinished};
use crate::stats::design_ladder::{doubling_point, DesignRung, PlayedDesign};
use crate::storage::manifest::{manifest_path, ManifestFile};
use std::path::{Path, PathBuf};

/// One games CSV of the ladder, with what its manifest says.
struct Match {
    path: PathBuf,
    manifest: MatchManifest,
    budget: u64,
}

fn load(path: &Path) -> Result<Match, InputError> {
    let shown = manifest_path(path).display().to_string();
    let manifest = MatchManifest::read(&manifest_path(path))
        .map_err(|e| InputError::in_file(&shown, format!("{e:#}")))?
        .ok_or_else(|| {
            InputError::in_file(&shown, "missing; a ladder needs each match's manifest")
        })?;
    let budget = manifest.limit.nodes().ok_or_else(|| {
        InputError::in_file(
            &shown,
            format!(
                "limit \"{}\"; a ladder's matches are played at node budgets (--nodes)",
                manifest.limit
            ),
        )
    })?;
    Ok(Match {
        path: path.to_path_buf(),
        manifest,
        budget,
    })
}

/// The baseline: the opponent of the first match's first pairing.
fn baseline_of(first: &Match) -> Result<String, InputError> {
    first
        .manifest
        .pairings
        .first()
        .map(|p| p.1.clone())
        .ok_or_else(|| InputError::in_file(first.path.display().to_string(), "no pairing"))
}

fn variant<'a>(m: &'a Match, name: &str) -> Option<&'a ResolvedVariant> {
    m.manifest.variants.iter().find(|v| v.name == name)
}

/// The variant that is the baseline at twice the budget, if the match has one.
fn doubling_of(m: &Match, baseline: &ResolvedVariant) -> Option<String> {
    let base = crate::config::knob::values(&baseline.config);
    m.manifest.variants.iter().find_map(|v| {
        let mut config = v.config.clone();
        (v.engine.is_none() && config.game.node_factor == 2).then_some(())?;
        config.game.node_factor = baseline.config.game.node_factor;
        (crate::config::knob::values(&config) == base).then(|| v.name.clone())
    })
}

/// The ladder from games CSVs at node budgets, each with its manifest beside it: every match
/// must have been played at `--nodes`, with the same baseline (its resolved knobs) as the
/// first; the doubling is the variant that is the baseline with game.node_factor = 2.
pub fn from_files(csvs: &[PathBuf]) -> Result<Ladder, InputError> {
    let matches: Vec<Match> = csvs.iter().map(|p| load(p)).collect::<Result<_, _>>()?;
    let first = matches
        .first()
        .ok_or_else(|| InputError::in_file("ladder", "no games CSV"))?;
    let baseline = baseline_of(first)?;
    let reference = variant(first, &baseline)
        .ok_or_else(|| InputError::in_file(first.path.display().to_string(), "no baseline"))?
        .clone();
    let same = crate::config::knob::values(&reference.config);
    let mut doubling = None;
    for m in &matches {
        let theirs = variant(m, &baseline).map(|v| crate::config::knob::values(&v.config));
        if theirs.as_ref() != Some(&same) {
            return Err(InputError::in_file(
                m.path.display().to_string(),
                format!("its \"{baseline}\" is not the first file's: a ladder compares one baseline at every budget"),
            ));
        }
        doubling = doubling.or_else(|| doubling_of(m, &reference));
    }
    let rungs: Vec<Rung> = matches
        .iter()
        .map(|m| {
            Ok(Rung {
                budget: m.budget,
                rows: read_games(&m.path)?,
            })
        })
        .collect::<Result<_, InputError>>()?;
    let mut ladder = Ladder::build(&rungs, &baseline, doubling.as_deref().unwrap_or(""));
    ladder.unfinished = matches
        .iter()
        .zip(&rungs)
        .filter(|(m, _)| m.manifest.interrupted)
        .map(|(m, rung)| Unfinished {
            budget: m.budget,
            games: rung.rows.len(),
            planned: m.manifest.games_total,
        })
        .collect();
    Ok(ladder)
}

/// The rung in `games` (a factorial's games CSV, its manifest beside it), with the doubling's
/// games beside it when played (`doubling-<nodes>.games.csv`, as
/// `configs/budget-ladder-today.toml` names them).
pub fn design_rung(games: &Path) -> Result<DesignRung, InputError> {
    let shown = games.display().to_string();
    let manifest = MatchManifest::beside(games)
        .ok_or_else(|| InputError::in_file(&shown, "no readable manifest beside it"))?;
    let design = (manifest.design.clone())
        .ok_or_else(|| InputError::in_file(&shown, "its manifest declares no design"))?;
    let budget = (manifest.limit.nodes())
        .ok_or_else(|| InputError::in_file(&shown, "not played at a node budget"))?;
    let rows = read_games(games)?;
    let doubling = games.with_file_name(format!("doubling-{budget}.games.csv"));
    let doubling = match doubling.exists() {
        true => doubling_point(&read_games(&doubling)?, budget),
        false => None,
    };
    let played = PlayedDesign {
        design: &design,
        variants: &manifest.variants,
        pairings: &manifest.pairings,
    };
    let precision = declared_precision(&manifest, games, budget).or(manifest.precision);
    DesignRung::new(budget, &rows, played, precision, doubling)
        .map_err(|e| InputError::in_file(&shown, e))
}

/// The precision the config declares for the run that writes `games`. A session may have
/// stopped the run short of it with `--precision`, and the manifest records that one; the
/// rung's target is the declared one. `None` when the config or the run cannot be found.
fn declared_precision(manifest: &MatchManifest, games: &Path, budget: u64) -> Option<f64> {
    // The manifest names the config from where the match ran (the repository's root): look
    // for it there from the games' own folder upwards, so that any working folder reads alike.
    let absolute = std::path::absolute(games).ok()?;
    let config = absolute
        .ancestors()
        .map(|folder| folder.join(&manifest.config_file))
        .find(|candidate| candidate.is_file())?;
    let experiment = Experiment::load(&config).ok()?;
    let name = games.file_name()?;
    experiment
        .runs
        .iter()
        .find(|run| {
            let out = run.settings.out.as_deref();
            run.settings.nodes.contains(&budget)
                && out.is_some_and(|out| out_at_budget(out, Some(budget)).file_name() == Some(name))
        })?
        .settings
        .precision
}

/// Every factorial's games in `folder` (`factorial-<nodes>.games.csv`) with its budget, cheapest
/// first; none when the folder is missing.
pub fn factorials_in(folder: &Path) -> Vec<(u64, PathBuf)> {
    let Ok(dir) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut found: Vec<(u64, PathBuf)> = dir
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            let budget = name
                .strip_prefix("factorial-")?
                .strip_suffix(".games.csv")?
                .parse()
                .ok()?;
            Some((budget, entry.path()))
        })
        .collect();
    found.sort();
    found
}

/// Every doubling played in `folder` (`doubling-<nodes>.games.csv`), whether or not its rung's
/// factorial has started, cheapest first.
pub fn doublings_in(folder: &Path) -> Result<Vec<LadderPoint>, InputError> {
    let mut found = Vec::new();
    let Ok(dir) = std::fs::read_dir(folder) else {
        return Ok(found);
    };
    for entry in dir.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let budget = name
            .strip_prefix("doubling-")
            .and_then(|n| n.strip_suffix(".games.csv"))
            .and_then(|n| n.parse::<u64>().ok());
        if let Some(budget) = budget {
            found.extend(doubling_point(&read_games(&entry.path())?, budget));
        }
    }
    found.sort_by_key(|p| p.budget);
    Ok(found)
}
