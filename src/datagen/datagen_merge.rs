//! Merging the shard data files of one datagen run (`ablate datagen --shard K/N`), through the
//! one shard merge (`jobs::shard_merge`): one datagen hash, no game twice, every shard present
//! and finished (else refused, unless `--allow-partial`). The merged file holds the games in
//! canonical order, so it is byte for byte the file one unsharded run writes.

use super::data_index::{read_index, write_in_order, GameEntry};
use super::datagen_manifest::{DataTotals, DatagenManifest};
use crate::error::InputError;
use crate::jobs::shard_merge::{gather, refuse_partial, ShardKind, ShardRow};
use crate::runner::results_merge::{MergeRequest, Merged};
use crate::settings::shard::Shard;
use crate::storage::manifest::{manifest_path, ManifestFile};
use crate::storage::provenance::Provenance;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Whether `path` is a data file of `ablate datagen`, as the manifest beside it says.
pub fn is_data_file(path: &Path) -> bool {
    DatagenManifest::beside(path).is_some_and(|m| m.kind == "datagen")
}

/// Data files as shards: keyed by game number, one datagen hash.
pub struct DataShards;

impl ShardRow for GameEntry {
    type Key = usize;
    fn key(&self) -> usize {
        self.game
    }
    fn shard_hash(&self) -> &str {
        &self.hash
    }
    fn describe(&self) -> String {
        format!("game {}", self.game)
    }
}

impl ShardKind for DataShards {
    type Row = GameEntry;
    type Manifest = DatagenManifest;
    const HASH: &'static str = "datagen hash";
    const UNIT: (&'static str, &'static str) = ("game", "datagen run");
    fn read(path: &Path) -> anyhow::Result<Vec<GameEntry>> {
        Ok(read_index(path)?.0)
    }
}

/// Merges the shards `args` names into `args.out`, with its index and manifest.
pub fn merge_data(args: &MergeRequest) -> anyhow::Result<Merged> {
    let gathered = gather::<DataShards>(&args.inputs)?;
    check_data_output(args, gathered.rows().first().map(|r| r.hash.as_str()))?;
    let mut problems = gathered.absent;
    let mut manifests: Vec<DatagenManifest> = Vec::new();
    let mut sources: Vec<(PathBuf, Vec<GameEntry>)> = Vec::new();
    let (mut split, mut seen) = (None, BTreeSet::new());
    for input in gathered.inputs {
        let shown = input.shown.clone();
        match input.manifest {
            None => problems.push(format!(
                "{shown}: no manifest, so ablate cannot tell whether it is complete"
            )),
            Some(m) => {
                if input.rows.len() < m.games_total {
                    problems.push(format!("{shown}: {} of its {} games finished (the run was interrupted or is still running)", input.rows.len(), m.games_total));
                }
                let shard = m.shard.as_deref().map(Shard::parse).transpose()?;
                let n = shard.map_or(1, |s| s.n);
                if split.is_some_and(|s| s != n) {
                    return Err(InputError::in_file(
                        shown,
                        "a shard of another split; expected shards of one split",
                    )
                    .into());
                }
                split = Some(n);
                seen.insert(shard.map_or(0, |s| s.k));
                manifests.push(m);
            }
        }
        sources.push((PathBuf::from(&input.shown), input.rows));
    }
    if let Some(n) = split {
        for k in (0..n).filter(|k| !seen.contains(k)) {
            problems.push(format!("shard {k}/{n} is not among the inputs"));
        }
    }
    refuse_partial(&problems, args.allow_partial)?;
    write_in_order(&args.out, &sources)?;
    let entries: Vec<GameEntry> = read_index(&args.out)?.0;
    if let Some(mut m) = manifests.first().cloned() {
        m.shard = None;
        m.games_total = manifests.iter().map(|s| s.games_total).sum();
        m.games_played = manifests.iter().map(|s| s.games_played).sum();
        m.games_resumed = manifests.iter().map(|s| s.games_resumed).sum();
        m.provenance = Provenance::merged(&m.provenance, manifests.iter().map(|s| &s.provenance));
        m.totals = DataTotals::of(&entries);
        let seconds = m.provenance.wall_seconds.max(1e-9);
        m.positions_per_second = (m.totals.positions as f64 / seconds * 10.0).round() / 10.0;
        m.interrupted = !problems.is_empty();
        m.merged_from = args
            .inputs
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        m.missing = problems.clone();
        m.write(&manifest_path(&args.out))?;
    }
    Ok(Merged {
        items: entries.len(),
        problems,
    })
}

/// Refuses an output that is an input, or a file other than an earlier merge of this run.
fn check_data_output(args: &MergeRequest, hash: Option<&str>) -> anyhow::Result<()> {
    let out = args.out.display().to_string();
    let same = |p: &PathBuf| match (p.canonicalize(), args.out.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => *p == args.out,
    };
    if let Some(input) = args.inputs.iter().find(|p| same(p)) {
        let message = format!(
            "-o names the input {}; expected a new file, so that no input is overwritten",
            input.display()
        );
        return Err(InputError::in_file(out, message).into());
    }
    let earlier = DatagenManifest::beside(&args.out).map(|m| m.datagen_hash);
    if !args.out.exists() || args.force || (earlier.is_some() && earlier.as_deref() == hash) {
        return Ok(());
    }
    let message = "exists and is not an earlier merge of these shards; use --force to replace it, or -o another file";
    Err(InputError::in_file(out, message).into())
}
