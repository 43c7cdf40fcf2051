//! The JSON manifest beside each results CSV: what ran, on what, with which exact configuration.

use super::provenance::Provenance;
use crate::config::experiment::ResolvedVariant;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// What a CSV holds, as its manifest says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CsvKind {
    /// A run's results: one row per (variant, position, depth).
    Results,
    /// A match's games: one row per game.
    Games,
}

impl CsvKind {
    /// The kind of manifests written before manifests said it.
    pub fn results() -> CsvKind {
        CsvKind::Results
    }

    /// The kind of the CSV at `csv`, from the manifest beside it: its `kind`, or for a manifest
    /// older than that field, the hash it carries (`match_hash` or `config_hash`); without a
    /// readable manifest (a copied CSV), from its header. `None` when neither tells.
    pub fn of(csv: &Path) -> Option<CsvKind> {
        CsvKind::from_manifest(csv).or_else(|| CsvKind::from_header(csv))
    }

    /// A games CSV's header starts `match,variant,opponent`, a results CSV's `experiment,`.
    fn from_header(csv: &Path) -> Option<CsvKind> {
        use std::io::BufRead;
        let file = std::fs::File::open(csv).ok()?;
        let mut first = String::new();
        std::io::BufReader::new(file).read_line(&mut first).ok()?;
        if first.starts_with("match,variant,opponent,") {
            Some(CsvKind::Games)
        } else if first.starts_with("experiment,") {
            Some(CsvKind::Results)
        } else {
            None
        }
    }

    fn from_manifest(csv: &Path) -> Option<CsvKind> {
        let text = std::fs::read_to_string(manifest_path(csv)).ok()?;
        let value: serde_json::Value = serde_json::from_str(&text).ok()?;
        match value.get("kind").and_then(|k| k.as_str()) {
            Some("games") => Some(CsvKind::Games),
            Some("results") => Some(CsvKind::Results),
            Some(_) => None,
            None if value.get("match_hash").is_some() => Some(CsvKind::Games),
            None if value.get("config_hash").is_some() => Some(CsvKind::Results),
            None => None,
        }
    }
}

/// Everything needed to know what produced a CSV, and to check a merge is complete.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Manifest {
    /// Experiment name.
    pub experiment: String,
    /// Experiment description.
    pub description: String,
    /// The config file.
    pub config_file: String,
    /// The hash in every row's config_hash column.
    pub config_hash: String,
    /// What this file is: "results" (a run's CSV) or "games" (a match's).
    #[serde(default = "CsvKind::results")]
    pub kind: CsvKind,
    /// Who wrote it, from which code and suite, on what machine, when.
    #[serde(flatten)]
    pub provenance: Provenance,
    /// Selected position ids, in suite order.
    pub positions: Vec<String>,
    /// Depths reported.
    pub depths: Vec<u32>,
    /// Every variant with its fully resolved configuration, in order.
    pub variants: Vec<ResolvedVariant>,
    /// Variants this run was limited to (empty: all).
    pub variants_run: Vec<String>,
    /// `K/N` when this run was one shard.
    pub shard: Option<String>,
    /// Jobs in this run (after variant and shard filters).
    pub jobs_total: usize,
    /// Jobs found finished in an earlier run and skipped.
    pub jobs_resumed: usize,
    /// Jobs run now.
    pub jobs_run: usize,
    /// True when Ctrl-C stopped the run.
    pub interrupted: bool,
    /// The CSV's counter columns and what each counts (absent in manifests of older runs).
    #[serde(default)]
    pub counters: Vec<CounterDoc>,
    /// For a merged CSV: the shards it was merged from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub merged_from: Vec<String>,
    /// For a merge with `--allow-partial`: what is missing, one line each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missing: Vec<String>,
    /// The external engines among the variants, as they named themselves.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub engines: Vec<EngineRecord>,
}

/// An engine variant's program, as it answered `uci`, and the options it was given.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EngineRecord {
    /// The variant.
    pub variant: String,
    /// The command line.
    pub command: String,
    /// `id name`, as the engine printed it.
    pub id_name: Option<String>,
    /// `id author`.
    pub id_author: Option<String>,
    /// The options set, by name.
    pub options: std::collections::BTreeMap<String, String>,
}

/// One counter column, as declared in `SearchStats`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CounterDoc {
    /// The column.
    pub name: String,
    /// What it counts.
    pub meaning: String,
}

/// Every counter with its meaning, from the declarations.
pub fn counter_docs() -> Vec<CounterDoc> {
    crate::search::SearchStats::NAMES
        .iter()
        .zip(crate::search::SearchStats::MEANINGS)
        .map(|(name, meaning)| CounterDoc {
            name: name.to_string(),
            meaning: meaning.to_string(),
        })
        .collect()
}

/// `results/x.csv` → `results/x.json`.
pub fn manifest_path(csv: &Path) -> PathBuf {
    csv.with_extension("json")
}

/// Where a joined fit's report goes (`ablate report A --with B`): the first games CSV's
/// folder, under a name joining every CSV's stem: `a.games.csv` with `b.games.csv` is
/// `a+b.games.csv`, beside which the report's files are written.
pub fn joined_games_path(first: &Path, with: &[PathBuf]) -> PathBuf {
    let stem = |p: &Path| {
        let name = p
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let name = name.strip_suffix(".csv").unwrap_or(&name).to_string();
        name.strip_suffix(".games").unwrap_or(&name).to_string()
    };
    let stems: Vec<String> = std::iter::once(first)
        .chain(with.iter().map(PathBuf::as_path))
        .map(stem)
        .collect();
    first.with_file_name(format!("{}.games.csv", stems.join("+")))
}

/// The games CSVs a joined report's name stands for (`joined_games_path`'s inverse), when that
/// name is not a file of its own: `a+b.games.csv` is `a.games.csv` and `b.games.csv` beside it.
pub fn joined_parts(path: &Path) -> Option<Vec<PathBuf>> {
    let name = path.file_name()?.to_str()?;
    let stems: Vec<&str> = name.strip_suffix(".games.csv")?.split('+').collect();
    if stems.len() < 2 || stems.iter().any(|s| s.is_empty()) || path.exists() {
        return None;
    }
    let part = |stem: &&str| path.with_file_name(format!("{stem}.games.csv"));
    Some(stems.iter().map(part).collect())
}

/// The one manifest writer and reader, for both manifests: a run's results (`Manifest`) and a
/// match's games (`matches::games_manifest::MatchManifest`), each the JSON beside its CSV.
pub trait ManifestFile: serde::Serialize + serde::de::DeserializeOwned {
    /// What the file is, for errors: "an ablate manifest", "a match manifest".
    const WHAT: &'static str;

    /// Writes the manifest atomically.
    fn write(&self, path: &Path) -> anyhow::Result<()> {
        let mut text = serde_json::to_string_pretty(self)?;
        text.push('\n');
        super::atomic::write_atomically(path, text.as_bytes())?;
        Ok(())
    }

    /// Reads a manifest, or `None` when there is none; a file that is not one is an error
    /// naming it.
    fn read(path: &Path) -> anyhow::Result<Option<Self>> {
        if !path.exists() {
            return Ok(None);
        }
        let text = std::fs::read_to_string(path)?;
        let manifest = serde_json::from_str(&text).map_err(|e| {
            crate::error::InputError::in_file(
                path.display().to_string(),
                format!("not {}: {e}", Self::WHAT),
            )
        })?;
        Ok(Some(manifest))
    }

    /// The manifest beside `csv`, if it is there and readable: what resume and merge ask of a
    /// file that may be partial.
    fn beside(csv: &Path) -> Option<Self> {
        Self::read(&manifest_path(csv)).ok().flatten()
    }
}

impl ManifestFile for Manifest {
    const WHAT: &'static str = "an ablate manifest";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_csv_without_its_manifest_is_known_by_its_header() {
        let dir = tempfile::tempdir().unwrap();
        let games = dir.path().join("copy.csv");
        std::fs::write(&games, "match,variant,opponent,pair,game\n").unwrap();
        assert_eq!(CsvKind::of(&games), Some(CsvKind::Games));
        let results = dir.path().join("other.csv");
        std::fs::write(&results, "experiment,variant,position,depth\n").unwrap();
        assert_eq!(CsvKind::of(&results), Some(CsvKind::Results));
        let neither = dir.path().join("neither.csv");
        std::fs::write(&neither, "a,b\n").unwrap();
        assert_eq!(CsvKind::of(&neither), None);
    }
}
