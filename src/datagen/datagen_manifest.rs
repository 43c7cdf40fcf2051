//! The JSON beside a data file: which variant played, at what budget, from which seed and
//! openings, on which commit, and what the games gave (positions kept, dropped by reason,
//! results, terminations). The data is too large to commit; this file is what is committed.

use super::data_index::GameEntry;
use super::datagen_plan::DatagenPlan;
use super::kept_positions::Dropped;
use crate::config::experiment::ResolvedVariant;
use crate::storage::manifest::ManifestFile;
use crate::storage::provenance::Provenance;
use std::collections::BTreeMap;

/// What the games of a data file add up to.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct DataTotals {
    /// Games in the file.
    pub games: usize,
    /// Lines written.
    pub positions: usize,
    /// Positions dropped, by reason (`kept_positions`).
    pub dropped: Dropped,
    /// Half-moves played after the random plies.
    pub plies: usize,
    /// Nodes searched by both sides.
    pub nodes: u64,
    /// Games by result: `1-0`, `1/2-1/2`, `0-1`.
    pub results: BTreeMap<String, usize>,
    /// Games by how they ended.
    pub terminations: BTreeMap<String, usize>,
}

impl DataTotals {
    /// The totals of `entries`.
    pub fn of(entries: &[GameEntry]) -> DataTotals {
        let mut totals = DataTotals::default();
        for e in entries {
            totals.games += 1;
            totals.positions += e.positions;
            totals.dropped = totals.dropped.plus(Dropped {
                in_check: e.dropped_check,
                tactical: e.dropped_tactical,
                mate: e.dropped_mate,
            });
            totals.plies += e.plies;
            totals.nodes += e.nodes;
            *totals.results.entry(e.result.clone()).or_default() += 1;
            *totals
                .terminations
                .entry(e.termination.clone())
                .or_default() += 1;
        }
        totals
    }
}

/// The manifest of a data file (`<data>.json`).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct DatagenManifest {
    /// Always "datagen".
    pub kind: String,
    /// The hash in every index row (`DatagenPlan::hash`).
    pub datagen_hash: String,
    /// The config file the variant came from.
    pub config_file: String,
    /// The variant, with every knob resolved.
    pub variant: ResolvedVariant,
    /// Nodes a move.
    pub nodes: u64,
    /// The seed of the openings' order and the random plies.
    pub seed: u64,
    /// Plies played at random after the book.
    pub random_plies: u32,
    /// Adjudication, as given.
    pub adjudication: Vec<String>,
    /// Games in the whole run (all shards).
    pub games_asked: usize,
    /// `K/N` for a shard.
    pub shard: Option<String>,
    /// Games this file is to hold.
    pub games_total: usize,
    /// Games played in the last sitting, and kept from earlier ones.
    pub games_played: usize,
    pub games_resumed: usize,
    /// True until the run ends, and when a signal stopped it.
    pub interrupted: bool,
    /// What the file's games add up to.
    pub totals: DataTotals,
    /// Lines a second over every sitting's wall time.
    pub positions_per_second: f64,
    /// Who wrote it, from which code and openings, on what machine, when.
    #[serde(flatten)]
    pub provenance: Provenance,
    /// For a merge: the shards it was merged from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub merged_from: Vec<String>,
    /// For a merge with `--allow-partial`: what is missing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missing: Vec<String>,
}

impl ManifestFile for DatagenManifest {
    const WHAT: &'static str = "a datagen manifest";
}

impl DatagenManifest {
    /// The manifest of `plan`'s file holding `entries`, as of `provenance`.
    pub fn of(plan: &DatagenPlan, entries: &[GameEntry], provenance: Provenance) -> Self {
        let totals = DataTotals::of(entries);
        let seconds = provenance.wall_seconds.max(1e-9);
        DatagenManifest {
            kind: "datagen".to_string(),
            datagen_hash: plan.hash.clone(),
            config_file: plan.settings.config_file.clone(),
            variant: plan.variant.clone(),
            nodes: plan.settings.nodes,
            seed: plan.settings.seed,
            random_plies: plan.settings.random_plies,
            adjudication: plan.settings.adjudicate.clone(),
            games_asked: plan.settings.games,
            shard: plan.settings.shard.map(|s| s.to_string()),
            games_total: plan.games().len(),
            games_played: 0,
            games_resumed: 0,
            interrupted: true,
            positions_per_second: (totals.positions as f64 / seconds * 10.0).round() / 10.0,
            totals,
            provenance,
            merged_from: Vec::new(),
            missing: Vec::new(),
        }
    }
}
