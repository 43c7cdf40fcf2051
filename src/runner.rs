//! The experiment driver every command calls: resolve an experiment with its overrides, plan
//! its jobs, run them in parallel, stream the rows and write the manifest.

use crate::config::experiment::{normalise_depths, Experiment, ResolvedVariant};
use crate::config::knob::scores_must_match;
use crate::error::InputError;
use crate::export::csv_file::{rewrite_canonical, ResultsFile};
use crate::export::manifest::{self, manifest_path, Manifest};
use crate::jobs::{plan_jobs, run_jobs, JobContext, Shard, TablePool};
use crate::output::progress_bar::JobProgress;
use crate::suite::{hex, EpdPosition, Suite};
use sha2::{Digest, Sha256};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Instant, SystemTime};

/// How to run an experiment beyond what its file says: the main job's options.
#[derive(Debug, Clone, Default)]
pub struct RunOptions {
    /// Worker threads [default: all cores].
    pub jobs: Option<usize>,
    /// Output CSV [default: results/<name>.csv].
    pub out: Option<PathBuf>,
    /// Depths instead of the file's.
    pub depths: Option<Vec<u32>>,
    /// Suite instead of the file's.
    pub suite: Option<PathBuf>,
    /// Only the first N positions.
    pub limit: Option<usize>,
    /// `KEY=VALUE` overrides for every variant, applied last.
    pub sets: Vec<String>,
    /// Only these variants [default: all].
    pub variants: Vec<String>,
    /// No progress bar.
    pub quiet: bool,
    /// Overwrite an output CSV made by a different configuration.
    pub force: bool,
    /// `K/N`: one shard of the jobs.
    pub shard: Option<String>,
}

/// An experiment with command-line overrides applied: everything a run needs.
pub struct PreparedRun {
    /// The experiment as read.
    pub experiment: Experiment,
    /// Every variant, resolved, baseline first.
    pub variants: Vec<ResolvedVariant>,
    /// The loaded suite.
    pub suite: Suite,
    /// The selected positions.
    pub positions: Vec<EpdPosition>,
    /// Depths, ascending.
    pub depths: Vec<u32>,
    /// The experiment hash written in every row.
    pub config_hash: String,
}

/// What a finished (or interrupted) run produced.
pub struct RunOutcome {
    /// The CSV written.
    pub csv: PathBuf,
    /// Jobs run now.
    pub jobs_run: usize,
    /// Jobs skipped as already finished.
    pub jobs_resumed: usize,
    /// True when Ctrl-C stopped it.
    pub interrupted: bool,
}

/// Loads the config and applies --depths, --suite, --limit and --set.
pub fn prepare(config: &Path, args: &RunOptions) -> anyhow::Result<PreparedRun> {
    let experiment = Experiment::load(config)?;
    let variants = experiment.resolve(&args.sets)?;
    let depths = match &args.depths {
        Some(d) => normalise_depths(d.clone()).map_err(|m| InputError::in_file("--depths", m))?,
        None => experiment.depths.clone(),
    };
    let suite_path = args
        .suite
        .clone()
        .unwrap_or_else(|| experiment.suite.clone());
    let suite = Suite::load(&suite_path).map_err(|e| {
        if args.suite.is_none() && !suite_path.exists() {
            InputError::in_file(&experiment.file, format!("suite \"{}\" does not exist; expected an EPD file relative to the current directory", suite_path.display()))
        } else {
            e
        }
    })?;
    let mut positions = suite.positions.clone();
    if let Some(ids) = &experiment.ids {
        for id in ids {
            if !positions.iter().any(|p| &p.id == id) {
                return Err(InputError::in_file(
                    &experiment.file,
                    format!("ids: \"{id}\" is not in {}", suite.path),
                )
                .into());
            }
        }
        positions.retain(|p| ids.contains(&p.id));
    }
    if let Some(limit) = args.limit.or(experiment.limit) {
        if limit == 0 {
            return Err(InputError::in_file("--limit", "0; expected 1 or more positions").into());
        }
        positions.truncate(limit);
    }
    let config_hash = experiment_hash(
        &experiment.name,
        &variants,
        &suite.sha256,
        &positions,
        &depths,
    );
    Ok(PreparedRun {
        experiment,
        variants,
        suite,
        positions,
        depths,
        config_hash,
    })
}

/// SHA-256 over everything that decides the rows; 16 hex digits.
pub fn experiment_hash(
    name: &str,
    variants: &[ResolvedVariant],
    suite_sha: &str,
    positions: &[EpdPosition],
    depths: &[u32],
) -> String {
    let ids: Vec<&str> = positions.iter().map(|p| p.id.as_str()).collect();
    let canonical = serde_json::json!({
        "name": name,
        "variants": variants,
        "suite_sha256": suite_sha,
        "positions": ids,
        "depths": depths,
    });
    hex(&Sha256::digest(canonical.to_string().as_bytes()))[..16].to_string()
}

/// Variants whose root scores must equal the baseline's.
pub fn score_checked_variants(variants: &[ResolvedVariant]) -> HashSet<String> {
    let Some(baseline) = variants.first() else {
        return HashSet::new();
    };
    variants
        .iter()
        .skip(1)
        .filter(|v| scores_must_match(&baseline.config, &v.config))
        .map(|v| v.name.clone())
        .collect()
}

/// Runs a prepared experiment into its CSV and manifest; the caller decides what to print.
pub fn execute(
    prepared: &PreparedRun,
    args: &RunOptions,
    stop: &AtomicBool,
) -> anyhow::Result<RunOutcome> {
    let started = SystemTime::now();
    let clock = Instant::now();
    let names: Vec<String> = prepared.variants.iter().map(|v| v.name.clone()).collect();
    let mut chosen = Vec::new();
    for wanted in &args.variants {
        match names.iter().position(|n| n == wanted) {
            Some(i) => chosen.push(i),
            None => {
                return Err(InputError::in_file(
                    "--variant",
                    format!(
                        "no variant \"{wanted}\"; {}",
                        crate::config::keys::hint(wanted, &names)
                    ),
                )
                .into());
            }
        }
    }
    if chosen.is_empty() {
        chosen = (0..names.len()).collect();
    }
    let shard = args.shard.as_deref().map(Shard::parse).transpose()?;
    let name = &prepared.experiment.name;
    let csv_path = match (&args.out, shard) {
        (Some(out), _) => out.clone(),
        (None, Some(s)) => PathBuf::from(format!("results/{name}.shard-{}-of-{}.csv", s.k, s.n)),
        (None, None) => PathBuf::from(format!("results/{name}.csv")),
    };
    let json_path = manifest_path(&csv_path);
    let (mut file, resumed) = ResultsFile::prepare(
        &csv_path,
        &prepared.config_hash,
        &prepared.depths,
        args.force,
    )?;
    // The manifest must be writable too, before any search starts.
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&json_path)
        .map_err(|e| {
            InputError::in_file(
                json_path.display().to_string(),
                format!("cannot write the manifest: {e}"),
            )
        })?;

    let all_jobs = plan_jobs(names.len(), prepared.positions.len(), &chosen, shard);
    let pending: Vec<_> = all_jobs
        .iter()
        .filter(|j| {
            !resumed.finished.contains(&(
                names[j.variant].clone(),
                prepared.positions[j.position].id.clone(),
            ))
        })
        .copied()
        .collect();
    let threads = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let tables = TablePool::default();
    let context = JobContext {
        tables: &tables,
        experiment: name,
        variants: &prepared.variants,
        positions: &prepared.positions,
        depths: &prepared.depths,
        config_hash: &prepared.config_hash,
    };
    let mut progress = JobProgress::new(pending.len(), args.quiet);
    let mut jobs_run = 0;
    run_jobs(&context, &pending, threads, stop, |_, rows| {
        file.append(&rows)?;
        jobs_run += 1;
        progress.job_done(rows.last().map_or(0, |r| r.nodes_cum));
        Ok(())
    })?;
    progress.finish();
    let interrupted = stop.load(Ordering::SeqCst) && jobs_run < pending.len();
    if !interrupted {
        let ids: Vec<String> = prepared.positions.iter().map(|p| p.id.clone()).collect();
        rewrite_canonical(file.path(), &names, &ids)?;
    }
    let manifest = Manifest {
        experiment: name.clone(),
        description: prepared.experiment.description.clone(),
        config_file: prepared.experiment.file.clone(),
        config_hash: prepared.config_hash.clone(),
        ablate_version: env!("CARGO_PKG_VERSION").to_string(),
        git_commit: manifest::git_commit(),
        suite: prepared.suite.path.clone(),
        suite_sha256: prepared.suite.sha256.clone(),
        positions: prepared.positions.iter().map(|p| p.id.clone()).collect(),
        depths: prepared.depths.clone(),
        variants: prepared.variants.clone(),
        variants_run: args.variants.clone(),
        shard: args.shard.clone(),
        jobs_total: all_jobs.len(),
        jobs_resumed: all_jobs.len() - pending.len(),
        jobs_run,
        interrupted,
        cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
        cpu_model: manifest::cpu_model(),
        threads,
        started: manifest::rfc3339(started),
        finished: manifest::rfc3339(SystemTime::now()),
        wall_seconds: clock.elapsed().as_secs_f64(),
        peak_rss_kb: manifest::peak_rss_kb(),
        counters: manifest::counter_docs(),
    };
    manifest.write(&json_path)?;
    Ok(RunOutcome {
        csv: csv_path,
        jobs_run,
        jobs_resumed: all_jobs.len() - pending.len(),
        interrupted,
    })
}
