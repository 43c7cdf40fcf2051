//! The experiment driver every command calls: resolve an experiment with its overrides, plan
//! its jobs, run them in parallel, stream the rows and write the manifest.

pub mod bench_suite;
pub mod reference_check;
pub mod reproduce_plan;
pub mod results_merge;
pub mod spot_check;

use crate::config::experiment::{normalise_depths, Experiment, MinimalMode, ResolvedVariant};
use crate::config::knob::{score_check, ScoreCheck};
use crate::digest::short_sha256;
use crate::error::InputError;
use crate::jobs::{
    chains, plan_chains, run_jobs, EnginePool, Job, JobContext, MinimalCache, Shard, TablePool,
};
use crate::output::progress_bar::JobProgress;
use crate::storage::manifest::EngineRecord;
use crate::storage::manifest::{self, manifest_path, CsvKind, Manifest, ManifestFile};
use crate::storage::provenance::{available_cores, build_commit, Provenance};
use crate::storage::results_csv::{
    existing_hash, finished_jobs, rewrite_canonical, JobKey, ResultsFile,
};
use crate::suite::{EpdPosition, Suite};
use std::collections::{HashMap, HashSet};
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
    /// Minimal-tree figures instead of the file's `minimal`.
    pub minimal: Option<MinimalMode>,
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
    /// Which minimal-tree figures the rows get.
    pub minimal: MinimalMode,
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
    let prepared = prepare_silently(config, args)?;
    for note in prepared.experiment.lint(&prepared.variants) {
        eprintln!("warning: {note}");
    }
    Ok(prepared)
}

/// `prepare` without the warnings about the config (for a plan that only compares hashes).
pub fn prepare_silently(config: &Path, args: &RunOptions) -> anyhow::Result<PreparedRun> {
    let experiment = Experiment::load(config)?;
    let variants = experiment.resolve(&args.sets)?;
    let suite_path = match &args.suite {
        Some(suite) => suite.clone(),
        None => experiment.search_suite()?.to_path_buf(),
    };
    let depths = match &args.depths {
        Some(d) => normalise_depths(d.clone()).map_err(|m| InputError::in_file("--depths", m))?,
        None => experiment.search_depths()?,
    };
    let suite = Suite::load(&suite_path).map_err(|e| {
        if args.suite.is_none() && !suite_path.exists() {
            InputError::in_file(&experiment.file, format!("suite \"{}\" does not exist; expected an EPD or PGN file from the current directory, beside the config, or from the folder above the config's", suite_path.display()))
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
    let minimal = args.minimal.unwrap_or(experiment.minimal);
    let deepest = depths.last().copied().unwrap_or(0);
    if minimal == MinimalMode::Exact && deepest > experiment.minimal_max_depth {
        return Err(InputError::in_file(
            &experiment.file,
            format!(
                "minimal = \"exact\" at depth {deepest}: the exact minimal tree costs a full-width search, \
                 practical to depth {} here; use minimal = \"oracle\" for deeper searches, or set \
                 minimal_max_depth = {deepest} to force it",
                experiment.minimal_max_depth
            ),
        )
        .into());
    }
    let mut config_hash = experiment_hash(
        &experiment.name,
        &variants,
        &suite.sha256,
        &positions,
        &depths,
    );
    if minimal != MinimalMode::Off {
        // Other columns, another run: the figures join the hash only when asked for.
        let tagged = format!("{config_hash}{}", MinimalMode::NAMES[minimal as usize]);
        config_hash = format!("h{}", short_sha256(&tagged));
    }
    if experiment.keep_tables {
        // Kept tables change the counts; like the minimal figures, they join the hash when on.
        let tagged = format!("{config_hash}keep_tables");
        config_hash = format!("h{}", short_sha256(&tagged));
    }
    Ok(PreparedRun {
        experiment,
        variants,
        suite,
        positions,
        depths,
        config_hash,
        minimal,
    })
}

/// SHA-256 over everything that decides the rows (each variant by its `identity`: what it
/// sets away from the defaults): `h` and 16 hex digits (the letter keeps spreadsheets from
/// reading `0e39…` or `5701…e8` as a number).
pub fn experiment_hash(
    name: &str,
    variants: &[ResolvedVariant],
    suite_sha: &str,
    positions: &[EpdPosition],
    depths: &[u32],
) -> String {
    let ids: Vec<&str> = positions.iter().map(|p| p.id.as_str()).collect();
    let identities: Vec<serde_json::Value> = variants.iter().map(|v| v.identity()).collect();
    let canonical = serde_json::json!({
        "name": name,
        "variants": identities,
        "suite_sha256": suite_sha,
        "positions": ids,
        "depths": depths,
    });
    format!("h{}", short_sha256(&canonical.to_string()))
}

/// Where runs go unless `--out` says otherwise; ignored by git, so a run never touches the
/// committed reproductions in `results/`.
pub const RUNS_DIR: &str = "results/runs";

/// The CSV a run writes: `--out`, else `results/runs/<name>.csv`, or
/// `results/runs/<name>.shard-K-of-N.csv` for a shard.
pub fn output_csv(prepared: &PreparedRun, args: &RunOptions) -> Result<PathBuf, InputError> {
    let shard = args.shard.as_deref().map(Shard::parse).transpose()?;
    if shard.is_some() && prepared.experiment.keep_tables {
        return Err(InputError::in_file(
            "--shard",
            format!(
                "{}: keep_tables = true searches each game as one chain, and such runs are not \
                 split; expected no --shard (run it whole, with --jobs)",
                prepared.experiment.file
            ),
        ));
    }
    let name = &prepared.experiment.name;
    Ok(match (&args.out, shard) {
        (Some(out), _) => out.clone(),
        (None, Some(s)) => Path::new(RUNS_DIR).join(format!("{name}.shard-{}-of-{}.csv", s.k, s.n)),
        (None, None) => Path::new(RUNS_DIR).join(format!("{name}.csv")),
    })
}

/// `--jobs`: 0 is refused; more than the cores is capped, with a notice (unless quiet).
pub fn worker_threads(requested: Option<usize>, quiet: bool) -> Result<usize, InputError> {
    let cores = available_cores();
    match requested {
        None => Ok(cores),
        Some(0) => Err(InputError::in_file(
            "--jobs",
            format!("0; expected 1 to {cores} worker threads (this machine's cores)"),
        )),
        Some(n) if n > cores => {
            if !quiet {
                eprintln!("note: --jobs {n} capped at {cores}, this machine's cores: jobs are single-threaded searches, so more threads only compete");
            }
            Ok(cores)
        }
        Some(n) => Ok(n),
    }
}

/// Whether to resume what `csv` holds: a run of the same configuration does (unfinished, only
/// by the same build, where both are known), unless `--force` asks for a fresh one. A file of
/// another configuration is refused when the user named it with `--out` (unless `--force`);
/// in the default folder it is moved aside, finished or not.
fn decide_resume(csv: &Path, config_hash: &str, args: &RunOptions) -> anyhow::Result<bool> {
    let shown = csv.display().to_string();
    if csv.is_dir() {
        return Err(
            InputError::in_file(&shown, "is a folder; expected the path of a CSV file").into(),
        );
    }
    // In the default folder, a run of this configuration moved aside earlier comes back.
    let take_back = |why: &str| -> anyhow::Result<bool> {
        if args.out.is_some() {
            return Ok(false);
        }
        let hash = config_hash.trim_start_matches('h');
        let back =
            crate::storage::aside::take_back(csv, hash, &crate::storage::aside::RESULTS_FILES)
                .map_err(|e| {
                    InputError::in_file(
                        &shown,
                        format!("cannot take back the run moved aside: {e}"),
                    )
                })?;
        if let (Some(from), false) = (&back, args.quiet) {
            eprintln!("note: {why}took back this run from {}", from.display());
        }
        Ok(back.is_some())
    };
    let Some(previous) = existing_hash(csv)? else {
        if take_back("")? {
            return decide_resume(csv, config_hash, args);
        }
        return Ok(false);
    };
    let old = Manifest::beside(csv);
    let finished = old
        .as_ref()
        .is_some_and(|m| !m.interrupted && m.jobs_run + m.jobs_resumed == m.jobs_total);
    let same_build = old.as_ref().is_none_or(|m| {
        m.provenance.ablate_version == env!("CARGO_PKG_VERSION")
            && (m.provenance.git_commit.is_none() || m.provenance.git_commit == build_commit())
    });
    let note = |text: String| {
        if !args.quiet {
            eprintln!("note: {text}");
        }
    };
    if previous == config_hash && finished && args.force {
        note(format!(
            "{shown} holds a finished run of this configuration; running it again (--force)"
        ));
        return Ok(false);
    }
    if previous == config_hash && (finished || same_build) {
        // A finished run is resumed too: what it holds is kept, and only the jobs it lacks
        // (other variants, other depths) run.
        return Ok(true);
    }
    let what = if previous == config_hash {
        format!("an unfinished run of another ablate build (config hash {previous})")
    } else if finished {
        format!("a finished run of config hash {previous}, but this run's hash is {config_hash}")
    } else {
        format!("an unfinished run of config hash {previous}, but this run's hash is {config_hash}")
    };
    if args.force {
        return Ok(false);
    }
    if args.out.is_some() {
        return Err(InputError::in_file(
            &shown,
            format!("holds {what}; use --force to overwrite it or --out to write elsewhere"),
        )
        .into());
    }
    // In the default folder nothing is lost: the older run is moved aside, never replaced.
    let aside = crate::storage::aside::move_aside(
        csv,
        previous.trim_start_matches('h'),
        &crate::storage::aside::RESULTS_FILES,
    )
    .map_err(|e| InputError::in_file(&shown, format!("cannot move the older run aside: {e}")))?;
    // The CSV's new place ends its line (scripts read it); every other file moved follows.
    note(format!(
        "{shown} held {what}; moved it to {}{}",
        aside.csv.display(),
        aside.others_line()
    ));
    // Never the run just moved aside (the same configuration, from another build).
    if previous != config_hash && take_back("")? {
        return decide_resume(csv, config_hash, args);
    }
    Ok(false)
}

/// The score check each variant gets against the baseline (the first variant).
pub fn score_checks(variants: &[ResolvedVariant]) -> HashMap<String, ScoreCheck> {
    let Some(baseline) = variants.first() else {
        return HashMap::new();
    };
    variants
        .iter()
        .skip(1)
        .map(|v| {
            // Another program's score is its own: never compared.
            let check = match (&baseline.engine, &v.engine) {
                (None, None) => score_check(&baseline.config, &v.config),
                _ => ScoreCheck::None,
            };
            (v.name.clone(), check)
        })
        .collect()
}

impl PreparedRun {
    /// Whether `done` holds every position of `job`: a chain is finished only when every
    /// position of it is, its rows coming in one piece.
    fn is_done(&self, job: &Job, done: &HashSet<JobKey>) -> bool {
        let variant = &self.variants[job.variant].name;
        let id = |p: usize| self.positions[p].id.clone();
        job.positions()
            .all(|p| done.contains(&(variant.clone(), id(p))))
    }
}

/// The variants `--variant` names, by index (every one when it names none); a name the
/// experiment does not have is refused with the nearest.
fn chosen_variants(names: &[String], args: &RunOptions) -> Result<Vec<usize>, InputError> {
    let mut chosen = Vec::new();
    for wanted in &args.variants {
        match names.iter().position(|n| n == wanted) {
            Some(i) => chosen.push(i),
            None => {
                let hint = crate::config::keys::hint(wanted, names);
                let message = format!("no variant \"{wanted}\"; {hint}");
                return Err(InputError::in_file("--variant", message));
            }
        }
    }
    if chosen.is_empty() {
        chosen = (0..names.len()).collect();
    } else if !chosen.contains(&0) && !args.quiet {
        // A match always adds its baseline; a run does what it is told (one engine variant, one
        // shard of it), so it says what that means for the summary.
        eprintln!(
            "note: --variant leaves out the baseline \"{}\": ratios are taken against \"{}\", the first variant run (add --variant {} to compare against the baseline)",
            names[0], names[chosen[0]], names[0]
        );
    }
    Ok(chosen)
}

/// Starts each engine variant of `chosen` into `engines` before any file is touched, so that a
/// missing program or a wrong option fails at once, and returns which program each is, for
/// the manifest; the workers reuse them.
fn start_engines(
    prepared: &PreparedRun,
    chosen: &[usize],
    engines: &EnginePool,
) -> anyhow::Result<Vec<EngineRecord>> {
    let mut records = Vec::new();
    for variant in chosen.iter().map(|&i| &prepared.variants[i]) {
        let Some(spec) = &variant.engine else {
            continue;
        };
        let engine = engines
            .take(&variant.name, spec)
            .map_err(|m| anyhow::anyhow!("variant \"{}\": {m}", variant.name))?;
        records.push(EngineRecord {
            variant: variant.name.clone(),
            command: spec.command.clone(),
            id_name: engine.identity.name.clone(),
            id_author: engine.identity.author.clone(),
            options: spec.options.clone(),
        });
        engines.give_back(&variant.name, engine);
    }
    Ok(records)
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
    let chosen = chosen_variants(&names, args)?;
    let engines = EnginePool::default();
    let engine_records = start_engines(prepared, &chosen, &engines)?;
    let shard = args.shard.as_deref().map(Shard::parse).transpose()?;
    let name = &prepared.experiment.name;
    let csv_path = output_csv(prepared, args)?;
    let json_path = manifest_path(&csv_path);
    let resume = decide_resume(&csv_path, &prepared.config_hash, args)?;
    let keep_tables = prepared.experiment.keep_tables;
    let games: Vec<_> = prepared.positions.iter().map(|p| p.game).collect();
    let all_jobs = plan_chains(names.len(), &chains(&games, keep_tables), &chosen, shard);
    if resume {
        // Everything asked for is there already: the files stay exactly as they are.
        let (_, done) = finished_jobs(&csv_path, &prepared.config_hash, &prepared.depths)?;
        if all_jobs.iter().all(|job| prepared.is_done(job, &done)) {
            return Ok(RunOutcome {
                csv: csv_path,
                jobs_run: 0,
                jobs_resumed: all_jobs.len(),
                interrupted: false,
            });
        }
    }
    let (mut file, resumed) =
        ResultsFile::prepare(&csv_path, &prepared.config_hash, &prepared.depths, resume)?;

    let pending: Vec<Job> = (all_jobs.iter())
        .filter(|job| !prepared.is_done(job, &resumed.finished))
        .copied()
        .collect();
    let threads = worker_threads(args.jobs, args.quiet)?;
    let manifest = |jobs_run: usize, interrupted: bool| Manifest {
        experiment: name.clone(),
        description: prepared.experiment.description.clone(),
        config_file: prepared.experiment.file.clone(),
        config_hash: prepared.config_hash.clone(),
        kind: CsvKind::Results,
        provenance: Provenance::until_now(
            &prepared.suite.path,
            &prepared.suite.sha256,
            threads,
            started,
            clock,
        ),
        positions: prepared.positions.iter().map(|p| p.id.clone()).collect(),
        depths: prepared.depths.clone(),
        variants: prepared.variants.clone(),
        variants_run: args.variants.clone(),
        shard: args.shard.clone(),
        jobs_total: all_jobs.len(),
        jobs_resumed: all_jobs.len() - pending.len(),
        jobs_run,
        interrupted,
        counters: manifest::counter_docs(),
        engines: engine_records.clone(),
        merged_from: Vec::new(),
        missing: Vec::new(),
    };
    // Until the run ends, the manifest says it is unfinished: a killed run resumes.
    manifest(0, true).write(&json_path).map_err(|e| {
        InputError::in_file(
            json_path.display().to_string(),
            format!("cannot write the manifest: {e}"),
        )
    })?;
    let tables = TablePool::default();
    let minimal_cache = MinimalCache::default();
    let context = JobContext {
        tables: &tables,
        minimal: prepared.minimal,
        minimal_cache: &minimal_cache,
        engines: &engines,
        keep_tables,
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
    manifest(jobs_run, interrupted).write(&json_path)?;
    Ok(RunOutcome {
        csv: csv_path,
        jobs_run,
        jobs_resumed: all_jobs.len() - pending.len(),
        interrupted,
    })
}
