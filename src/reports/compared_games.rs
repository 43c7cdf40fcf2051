//! The games behind a comparison of engines: each engine's design fitted from its games CSV
//! and the manifest beside it, its depths, and the comparison of the steps two or more fitted
//! engines share. The report command and the docs' figure blocks both start here, so that
//! both refit the same games the same way.

use super::depth_profile_table::PlayerDepths;
use super::design_report::design_depths;
use super::design_report::with_interval;
use super::engines_compared::EngineState;
use super::fault_notes::verdicts_that_differ;
use super::nodes_a_move::{node_limit, nodes_of};
use crate::config::comparison::Comparison;
use crate::error::InputError;
use crate::matches::games_manifest::DesignedGames;
use crate::stats::across_engines::{compare, AcrossEngines, EngineDesign};
use crate::stats::design_effects::{analyse, analyse_with_faults_as_losses, DesignAnalysis};
use crate::stats::faults::{faulted_pair_count, FaultCounts};
use std::path::Path;

/// What the comparison's games give.
pub struct ComparedGames {
    /// Every declared engine, in order, played or not.
    pub engines: Vec<EngineState>,
    /// The comparison of the steps that two or more fitted engines share.
    pub across: AcrossEngines,
    /// The steps that wait for a second engine whose design can be fitted (one with games that
    /// cannot be fitted yet, a design still at 0% or 100% somewhere, counts as none).
    pub waiting: Vec<String>,
}

/// One engine's state and its fitted design (`None` before its games exist or can be fitted).
fn fitted(
    root: &Path,
    name: &str,
    label: &str,
    games: &Path,
) -> Result<(EngineState, Option<DesignAnalysis>), InputError> {
    let path = root.join(games);
    let mut state = EngineState {
        name: name.to_string(),
        label: label.to_string(),
        games: 0,
        limit: None,
        shipped: None,
        points: None,
        worst_half_width: None,
        target: None,
        nodes: None,
        faults: FaultCounts::default(),
        pairs_left_out: 0,
        verdicts_with_faults: Vec::new(),
    };
    if !path.exists() {
        return Ok((state, None));
    }
    let games = DesignedGames::read(&path, "a design's games")?;
    let (rows, manifest, design) = (&games.rows, &games.manifest, &games.design);
    let opponent = manifest.pairings.first().map_or("", |(_, o)| o.as_str());
    let depths: Vec<PlayerDepths> = design_depths(rows, opponent);
    let profile = |who: &str| {
        let found = depths.iter().find(|d| d.player == who);
        found.map(|d| d.profile.clone())
    };
    let analysis = analyse(design, &manifest.variants, &manifest.pairings, rows).ok();
    state.games = rows.len();
    state.limit = Some(manifest.limit);
    state.shipped = profile(opponent);
    state.points = profile("the points together");
    state.worst_half_width = analysis.as_ref().map(|a| a.fit.worst_half_width());
    state.target = manifest.precision;
    let limit = node_limit(opponent, &manifest.variants, &manifest.limit);
    state.nodes = nodes_of(rows, &[opponent.to_string()], opponent, limit);
    state.faults = FaultCounts::of(rows);
    state.pairs_left_out = faulted_pair_count(rows);
    if let (Some(without), true) = (&analysis, state.faults.total() > 0) {
        let variants = &manifest.variants;
        let with = analyse_with_faults_as_losses(design, variants, &manifest.pairings, rows);
        state.verdicts_with_faults = with.map_or_else(
            |m| vec![format!("the model cannot be fitted with them ({m})")],
            |with| differ_words(without, &with),
        );
    }
    Ok((state, analysis))
}

/// Each figure whose verdict differs between the fit without faults and the fit with them as
/// losses, in words: `history_pruning averaged: +20.4 [+0.4, +40.4] against +17.8 [-1.9, +37.5]`.
fn differ_words(without: &DesignAnalysis, with: &DesignAnalysis) -> Vec<String> {
    verdicts_that_differ(without, with)
        .into_iter()
        .map(|(name, a, b)| format!("{name} {} against {}", with_interval(&a), with_interval(&b)))
        .collect()
}

/// Fits every engine's games under `root` and compares the steps they share; `file` is the
/// comparison's, for an error in it (a factor its engine's design does not have).
pub fn compared_games(
    comparison: &Comparison,
    file: &str,
    root: &Path,
) -> Result<ComparedGames, InputError> {
    let mut engines = Vec::new();
    let mut analyses = Vec::new();
    for e in &comparison.engines {
        let (state, analysis) = fitted(root, &e.name, &e.label, &e.games)?;
        engines.push(state);
        analyses.push(analysis);
    }
    let designs: Vec<EngineDesign> = engines
        .iter()
        .zip(&analyses)
        .filter_map(|(e, a)| {
            Some(EngineDesign {
                engine: &e.name,
                analysis: a.as_ref()?,
            })
        })
        .collect();
    let fitted_names: Vec<&str> = designs.iter().map(|d| d.engine).collect();
    let mut map = Vec::new();
    let mut waiting = Vec::new();
    for step in &comparison.steps {
        let factors: Vec<(String, String)> = comparison
            .factors_in_order(step)
            .into_iter()
            .filter(|(engine, _)| fitted_names.contains(&engine.as_str()))
            .collect();
        match factors.len() >= 2 {
            true => map.push((step.name.clone(), factors)),
            false => waiting.push(step.name.clone()),
        }
    }
    let across = compare(&designs, &map).map_err(|m| InputError::in_file(file, m))?;
    Ok(ComparedGames {
        engines,
        across,
        waiting,
    })
}
