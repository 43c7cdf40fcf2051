//! Merging the shard CSVs of one experiment into one canonical CSV.
//!
//! Each input's manifest says which jobs it should hold (its variants and its shard), so a merge
//! can name every shard that is incomplete, interrupted or absent. Partial data is refused unless
//! `allow_partial` is set; then the merged manifest lists what is missing.

use crate::error::InputError;
use crate::jobs::shard_merge::{gather, refuse_partial, Gathered, ShardInput, ShardKind, ShardRow};
use crate::jobs::{plan_jobs, Shard};
use crate::search_record::{read_rows, write_rows, Row, RowKey};
use crate::storage::manifest::{manifest_path, Manifest, ManifestFile};
use crate::storage::provenance::Provenance;
use crate::storage::results_csv::rewrite_canonical;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// What to merge, and where.
pub struct MergeRequest {
    /// The shard CSVs (a missing one is named as a missing shard).
    pub inputs: Vec<PathBuf>,
    /// The merged CSV.
    pub out: PathBuf,
    /// Merge what there is when shards are missing or unfinished.
    pub allow_partial: bool,
    /// Replace an output that is not an earlier merge of the same experiment.
    pub force: bool,
}

/// What a merge wrote.
pub struct Merged {
    /// Rows (or games) written.
    pub items: usize,
    /// What was missing (only with `allow_partial`), one line each.
    pub problems: Vec<String>,
}

/// Results rows as shards: keyed by (variant, position, depth), one config hash.
pub struct ResultsShards;

impl ShardRow for Row {
    type Key = RowKey;
    fn key(&self) -> RowKey {
        Row::key(self)
    }
    fn shard_hash(&self) -> &str {
        &self.config_hash
    }
    fn describe(&self) -> String {
        format!(
            "row ({}, {}, depth {})",
            self.variant, self.position, self.depth
        )
    }
}

impl ShardKind for ResultsShards {
    type Row = Row;
    type Manifest = Manifest;
    const HASH: &'static str = "config hash";
    const UNIT: (&'static str, &'static str) = ("job", "experiment");
    fn read(path: &Path) -> anyhow::Result<Vec<Row>> {
        read_rows(path)
    }
}

type Input = ShardInput<ResultsShards>;

/// Merges shard CSVs of one experiment: one hash, no duplicate and no missing row (unless
/// `allow_partial`), then canonical order and a merged manifest.
pub fn merge_results(args: &MergeRequest) -> anyhow::Result<Merged> {
    let gathered = gather::<ResultsShards>(&args.inputs)?;
    let rows = gathered.rows();
    let hash = rows.first().map(|r| r.config_hash.clone());
    let Gathered { inputs, absent } = gathered;
    let reference = inputs.iter().find_map(|i| i.manifest.clone());
    if let (Some(m), Some(h)) = (&reference, &hash) {
        if m.config_hash != *h {
            return Err(InputError::in_file(
                manifest_path(&args.inputs[0]).display().to_string(),
                format!(
                    "config hash {}, but the rows say {h}; expected the manifest of these rows",
                    m.config_hash
                ),
            )
            .into());
        }
    }
    let (mut problems, expected) = completeness(&inputs, reference.as_ref())?;
    problems.splice(0..0, absent);
    refuse_partial(&problems, args.allow_partial)?;
    let (variant_order, position_order) = match &reference {
        Some(m) => (
            m.variants.iter().map(|v| v.name.clone()).collect(),
            m.positions.clone(),
        ),
        None => (
            first_appearance(rows.iter().map(|r| &r.variant)),
            first_appearance(rows.iter().map(|r| &r.position)),
        ),
    };
    let mut writer = csv::WriterBuilder::new()
        .has_headers(false)
        .from_path(&args.out)
        .map_err(|e| {
            InputError::in_file(args.out.display().to_string(), format!("cannot write: {e}"))
        })?;
    write_rows(&mut writer, &rows)?;
    writer.flush()?;
    drop(writer);
    rewrite_canonical(&args.out, &variant_order, &position_order)?;
    if let Some(reference) = reference {
        let manifests: Vec<&Manifest> = inputs.iter().filter_map(|i| i.manifest.as_ref()).collect();
        merged_manifest(reference, &manifests, expected, problems.clone())
            .write(&manifest_path(&args.out))?;
    }
    Ok(Merged {
        items: rows.len(),
        problems,
    })
}

/// Refuses to write over an input, or over a CSV of another experiment (a committed result,
/// say) unless `--force`; a previous merge of the same experiment is replaced.
pub fn check_output(args: &MergeRequest) -> anyhow::Result<()> {
    let same_file = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    };
    let out = args.out.display().to_string();
    if let Some(input) = args.inputs.iter().find(|i| same_file(i, &args.out)) {
        return Err(InputError::in_file(
            &out,
            format!(
                "-o names the input {}; expected a new file, so that no input is overwritten",
                input.display()
            ),
        )
        .into());
    }
    if !args.out.exists() || args.force {
        return Ok(());
    }
    let theirs = Manifest::beside(&args.out);
    let ours = args.inputs.iter().find_map(|p| Manifest::beside(p));
    match (theirs, ours) {
        (Some(t), Some(o)) if t.config_hash == o.config_hash => Ok(()),
        _ => Err(InputError::in_file(
            &out,
            "exists and is not an earlier merge of these shards; use --force to replace it, or -o another file",
        )
        .into()),
    }
}

/// What is wrong with the inputs as a whole experiment, one line each, and the jobs expected.
fn completeness(
    inputs: &[Input],
    reference: Option<&Manifest>,
) -> anyhow::Result<(Vec<String>, usize)> {
    let mut problems = Vec::new();
    let Some(reference) = reference else {
        problems.push(
            "no input has a manifest (the .json beside each CSV), so nothing tells which jobs the \
             experiment has"
                .to_string(),
        );
        return Ok((problems, 0));
    };
    let names: Vec<String> = reference.variants.iter().map(|v| v.name.clone()).collect();
    let positions = reference.positions.len();
    // Inputs grouped by the variants they ran: each group is one sharded run (or one whole run).
    let mut groups: BTreeMap<Vec<String>, (usize, BTreeSet<usize>)> = BTreeMap::new();
    let mut expected_total = 0;
    for input in inputs {
        let Some(m) = &input.manifest else {
            problems.push(format!(
                "{}: no manifest ({} is missing, empty or unreadable), so ablate cannot tell \
                 whether it is complete",
                input.shown,
                manifest_path(Path::new(&input.shown)).display()
            ));
            continue;
        };
        if m.experiment != reference.experiment || m.config_hash != reference.config_hash {
            return Err(InputError::in_file(
                &input.shown,
                format!(
                    "its manifest is of {} ({}), not {} ({}); expected shards of one experiment",
                    m.experiment, m.config_hash, reference.experiment, reference.config_hash
                ),
            )
            .into());
        }
        let shard = m.shard.as_deref().map(Shard::parse).transpose()?;
        let jobs = plan_jobs(
            names.len(),
            positions,
            &chosen(&names, &m.variants_run),
            shard,
        );
        let mut depths_held: HashMap<(&str, &str), usize> = HashMap::new();
        for r in &input.rows {
            *depths_held
                .entry((r.variant.as_str(), r.position.as_str()))
                .or_default() += 1;
        }
        // A job is finished when all its depths are there (rows are written a job at a time).
        let complete = jobs
            .iter()
            .filter(|j| {
                let key = (
                    names[j.variant].as_str(),
                    reference.positions[j.position].as_str(),
                );
                depths_held.get(&key) == Some(&m.depths.len())
            })
            .count();
        expected_total += jobs.len();
        if complete < jobs.len() {
            let why = if m.interrupted {
                "the run was interrupted or is still running"
            } else {
                "its manifest says the run ended, yet rows are missing"
            };
            problems.push(format!(
                "{}: {complete} of its {} jobs finished ({why})",
                input.shown,
                jobs.len()
            ));
        }
        let (n, ks) = groups
            .entry(m.variants_run.clone())
            .or_insert((shard.map_or(1, |s| s.n), BTreeSet::new()));
        if *n != shard.map_or(1, |s| s.n) {
            return Err(InputError::in_file(
                &input.shown,
                format!(
                    "shard {} of another split than {n} shards; expected shards of one split",
                    m.shard.as_deref().unwrap_or("(whole run)")
                ),
            )
            .into());
        }
        ks.insert(shard.map_or(0, |s| s.k));
    }
    for (variants_run, (n, ks)) in &groups {
        for k in (0..*n).filter(|k| !ks.contains(k)) {
            let jobs = plan_jobs(
                names.len(),
                positions,
                &chosen(&names, variants_run),
                Some(Shard { k, n: *n }),
            );
            expected_total += jobs.len();
            problems.push(format!(
                "shard {k}/{n} is not among the inputs ({} jobs; written as {}.shard-{k}-of-{n}.csv)",
                jobs.len(),
                reference.experiment
            ));
        }
    }
    Ok((problems, expected_total))
}

/// The merged run's manifest: the experiment's fields, the shards' run fields summed (peak
/// memory is the largest shard's), and what is missing when the merge was partial.
fn merged_manifest(
    mut m: Manifest,
    shards: &[&Manifest],
    jobs_total: usize,
    missing: Vec<String>,
) -> Manifest {
    m.shard = None;
    m.variants_run = {
        let runs: BTreeSet<&Vec<String>> = shards.iter().map(|s| &s.variants_run).collect();
        if runs.len() == 1 {
            runs.into_iter().next().cloned().unwrap_or_default()
        } else {
            Vec::new()
        }
    };
    m.jobs_total = jobs_total;
    m.jobs_run = shards.iter().map(|s| s.jobs_run).sum();
    m.jobs_resumed = shards.iter().map(|s| s.jobs_resumed).sum();
    m.provenance = Provenance::merged(&m.provenance, shards.iter().map(|s| &s.provenance));
    m.interrupted = !missing.is_empty();
    m.merged_from = shards.iter().filter_map(|s| s.shard.clone()).collect();
    m.missing = missing;
    m
}

/// The indices of the variants a run was limited to (all when `variants_run` is empty).
fn chosen(names: &[String], variants_run: &[String]) -> Vec<usize> {
    if variants_run.is_empty() {
        return (0..names.len()).collect();
    }
    variants_run
        .iter()
        .filter_map(|v| names.iter().position(|n| n == v))
        .collect()
}

/// Each item once, in order of first appearance.
fn first_appearance<'a>(items: impl Iterator<Item = &'a String>) -> Vec<String> {
    let mut order: Vec<String> = Vec::new();
    for item in items {
        if !order.contains(item) {
            order.push(item.clone());
        }
    }
    order
}
