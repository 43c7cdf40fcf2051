//! The JSON beside a games CSV.

use super::games_csv::read_games;
use super::pairings::PreparedMatch;
use crate::config::design::Design;
use crate::config::experiment::ResolvedVariant;
use crate::error::InputError;
use crate::game_record::GameRow;
use crate::settings::move_limit::Limit;
use crate::storage::manifest::{CsvKind, ManifestFile};
use crate::storage::provenance::Provenance;
use std::path::Path;

/// The JSON beside a games CSV: what was played, with which variants and options, and whether
/// the run finished (merge reads it to name incomplete shards).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct MatchManifest {
    /// The experiment.
    pub experiment: String,
    /// The config file.
    pub config_file: String,
    /// The hash in every row.
    pub match_hash: String,
    /// What this file is: always "games".
    #[serde(default = "games")]
    pub kind: CsvKind,
    /// Who played it, from which code and openings, on what machine, when.
    #[serde(flatten)]
    pub provenance: Provenance,
    /// Every variant, resolved.
    pub variants: Vec<ResolvedVariant>,
    /// (variant, opponent) of each pairing, in order.
    pub pairings: Vec<(String, String)>,
    /// Games per pairing.
    pub games_per_pairing: usize,
    /// The limit, in the command line's words (`nodes 20000`).
    pub limit: Limit,
    /// The shuffle seed, if any.
    pub seed: Option<u64>,
    /// The SPRT, as given.
    pub sprt: Option<String>,
    /// Adjudication, as given.
    pub adjudication: Vec<String>,
    /// `K/N` for a shard.
    pub shard: Option<String>,
    /// Games this run (or shard) was to play.
    pub games_total: usize,
    /// Games played now.
    pub games_played: usize,
    /// Games kept from an earlier run.
    pub games_resumed: usize,
    /// True until the run ends, and when a signal stopped it.
    pub interrupted: bool,
    /// For a merge: what is missing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missing: Vec<String>,
    /// The design whose points play (`[design]`): factors, fraction, generators, points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub design: Option<Design>,
    /// The precision target the run stops at, Elo.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub precision: Option<f64>,
    /// The engines as the command line gave them (`--engine ...`, `--each ...`), for a match
    /// played without a config file: the same words play (and resume) the same match.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub engines_given: Vec<String>,
    /// A PGN book's plies a line, when not the whole line (`--opening-plies`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening_plies: Option<usize>,
    /// `--set KEY=VALUE` as given, in order: the variants above are resolved with them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sets: Vec<String>,
}

impl ManifestFile for MatchManifest {
    const WHAT: &'static str = "a match manifest";
}

impl MatchManifest {
    /// The manifest of `prepared` as it starts: nothing played yet, marked interrupted until
    /// it ends. The limit, SPRT and adjudication are recorded as they were given.
    pub fn starting(prepared: &PreparedMatch, provenance: Provenance) -> MatchManifest {
        let name = |i: usize| prepared.variants[i].name.clone();
        let settings = &prepared.options;
        MatchManifest {
            experiment: prepared.experiment.name.clone(),
            config_file: prepared.experiment.file.clone(),
            match_hash: prepared.hash.clone(),
            kind: CsvKind::Games,
            provenance,
            variants: prepared.variants.clone(),
            pairings: prepared
                .pairings
                .iter()
                .map(|p| (name(p.variant), name(p.opponent)))
                .collect(),
            games_per_pairing: settings.games(),
            limit: prepared.limit,
            seed: settings.seed,
            sprt: settings.sprt.as_ref().map(|s| s.text.clone()),
            adjudication: settings.adjudicate.iter().map(|r| r.text.clone()).collect(),
            shard: settings.shard.map(|s| s.to_string()),
            games_total: prepared.job_count(),
            games_played: 0,
            games_resumed: 0,
            interrupted: true,
            missing: Vec::new(),
            design: prepared.experiment.design.clone(),
            precision: settings.precision,
            engines_given: prepared.experiment.given_engines.clone(),
            opening_plies: settings.opening_plies,
            sets: settings.sets.clone(),
        }
    }
}

impl MatchManifest {
    /// Whether `other` records the same match, whatever hash either carries: the same
    /// experiment, playing variants knob for knob (as today's build resolves them), pairings, games,
    /// limit, seed, SPRT, adjudication, shard and openings.
    pub fn same_match(&self, other: &MatchManifest) -> bool {
        // The variants that play: the manifest lists every variant of the config, and one added
        // to the config since, or renamed, is not this match's business.
        let identities = |m: &MatchManifest| {
            let plays = |name: &str| m.pairings.iter().any(|(a, b)| a == name || b == name);
            let playing = m.variants.iter().filter(|v| plays(&v.name));
            playing.map(|v| v.identity()).collect::<Vec<_>>()
        };
        self.experiment == other.experiment
            && identities(self) == identities(other)
            && self.pairings == other.pairings
            && self.games_per_pairing == other.games_per_pairing
            && self.limit == other.limit
            && self.seed == other.seed
            && self.sprt == other.sprt
            && self.adjudication == other.adjudication
            && self.shard == other.shard
            && self.provenance.suite_sha256 == other.provenance.suite_sha256
            && self.opening_plies == other.opening_plies
    }
}

/// A designed match's games, with the manifest beside them and its design: what every report
/// of a design's games reads first.
pub struct DesignedGames {
    /// The games CSV's rows.
    pub rows: Vec<GameRow>,
    /// The manifest beside it.
    pub manifest: MatchManifest,
    /// The manifest's design.
    pub design: Design,
}

impl DesignedGames {
    /// The games CSV `csv` and the manifest beside it, refused when there is no manifest or its
    /// match had no design; `expected` says what the caller reads, in the errors ("the games of
    /// a designed match").
    pub fn read(csv: &Path, expected: &str) -> Result<DesignedGames, InputError> {
        let located = |m: String| InputError::in_file(csv.display().to_string(), m);
        let rows = read_games(csv)?;
        let manifest = MatchManifest::beside(csv).ok_or_else(|| {
            located(format!(
                "no manifest beside it (.json); expected {expected}"
            ))
        })?;
        let design = manifest
            .design
            .clone()
            .ok_or_else(|| located(format!("its match has no [design]; expected {expected}")))?;
        Ok(DesignedGames {
            rows,
            manifest,
            design,
        })
    }
}

/// The kind of match manifests written before manifests said it.
fn games() -> CsvKind {
    CsvKind::Games
}
