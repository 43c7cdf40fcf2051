//! The plan that re-makes every committed result: each fixed-depth results CSV with the
//! command that made it, each run its configs declare (`[runs.NAME]`), and the reports beside
//! them; cheapest first, by the wall time their own manifests record (a run never played
//! last). "The command that made it" is found, not guessed: of the minimal-tree modes, the one
//! whose hash today's build computes equal to the manifest's; when none does (a variant's
//! identity changed since), the step says so and re-running it replaces the file.

use super::{prepare_silently, RunOptions};
use crate::config::experiment::Experiment;
use crate::config::minimal_mode::MinimalMode;
use crate::config::runs::Run;
use crate::storage::manifest::{joined_games_path, Manifest, ManifestFile};
use crate::storage::provenance::Provenance;
use std::path::{Path, PathBuf};

/// Which steps a plan holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    /// Fixed-depth results and declared runs.
    All,
    /// Fixed-depth results only.
    Fixed,
    /// Declared runs only.
    Runs,
}

/// One command of the plan.
#[derive(Debug, Clone)]
pub struct Step {
    /// `ablate`'s arguments.
    pub args: Vec<String>,
    /// What its files record it took, in seconds (`None`: never played). A report carries its
    /// run's, so that it sorts right after it; it takes moments itself.
    pub seconds: Option<f64>,
    /// A report of the step before it: not counted in the plan's time.
    pub is_report: bool,
    /// What it makes, and anything a reader should know.
    pub note: String,
}

/// Every step under `root` (the repository: its `configs/` and `results/`), cheapest first.
pub fn plan(root: &Path, which: Which) -> anyhow::Result<Vec<Step>> {
    let mut steps = Vec::new();
    if which != Which::Runs {
        for json in result_files(&root.join("results"), ".json")? {
            if let Some(manifest) = Manifest::read(&json).ok().flatten() {
                steps.extend(fixed_steps(root, &json, &manifest));
            }
        }
    }
    if which != Which::Fixed {
        let mut configs: Vec<PathBuf> = std::fs::read_dir(root.join("configs"))?
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<_, _>>()?;
        configs.retain(|p| p.extension().is_some_and(|e| e == "toml"));
        configs.sort();
        for config in configs {
            steps.extend(run_steps(root, &config)?);
        }
    }
    // Stable: equal times keep the order above.
    steps.sort_by(|a, b| match (a.seconds, b.seconds) {
        (Some(x), Some(y)) => x.total_cmp(&y),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
    Ok(steps)
}

/// The run that wrote `json`'s CSV, then its report when one is committed beside it.
fn fixed_steps(root: &Path, json: &Path, manifest: &Manifest) -> Vec<Step> {
    let csv = relative(root, &json.with_extension("csv"));
    let config = root.join(&manifest.config_file);
    let depths: Vec<String> = manifest.depths.iter().map(|d| d.to_string()).collect();
    let options = |minimal: Option<MinimalMode>| RunOptions {
        depths: Some(manifest.depths.clone()),
        variants: manifest.variants_run.clone(),
        minimal,
        quiet: true,
        ..RunOptions::default()
    };
    let modes = [
        None,
        Some(MinimalMode::Exact),
        Some(MinimalMode::Oracle),
        Some(MinimalMode::Off),
    ];
    let found = modes.into_iter().find(|mode| {
        prepare_silently(&config, &options(*mode))
            .is_ok_and(|p| p.config_hash == manifest.config_hash)
    });
    let mut args = vec!["--config".to_string(), manifest.config_file.clone()];
    args.extend(["--depths".to_string(), depths.join(",")]);
    // No hash matches: the rows still say which minimal-tree figures they hold.
    let mode = found.unwrap_or_else(|| minimal_in_rows(&json.with_extension("csv")));
    if let Some(mode) = mode {
        args.extend(["--minimal".into(), MinimalMode::NAMES[mode as usize].into()]);
    }
    for variant in &manifest.variants_run {
        args.extend(["--variant".to_string(), variant.clone()]);
    }
    args.extend([
        "--out".to_string(),
        csv.clone(),
        "--force".into(),
        "--quiet".into(),
    ]);
    let note = match found {
        Some(_) => csv.clone(),
        None => format!(
            "{csv} (its hash {} is not one today's build computes for this command: a variant \
             changed since; this run replaces it)",
            manifest.config_hash
        ),
    };
    let seconds = Some(manifest.provenance.wall_seconds);
    let mut steps = vec![Step {
        args,
        seconds,
        is_report: false,
        note,
    }];
    let markdown = json.with_extension("md");
    if markdown.exists() {
        let svg = relative(root, &json.with_extension("svg"));
        let report = vec![
            "report".into(),
            csv.clone(),
            "--markdown".into(),
            relative(root, &markdown),
            "--svg".into(),
            svg,
        ];
        steps.push(Step {
            args: report,
            seconds,
            is_report: true,
            note: format!("the report of {csv}"),
        });
    }
    steps
}

/// The minimal-tree figures the CSV's first row holds: the exact tree's full-width leaves,
/// else the oracle's estimate alone; `None` (the config's own mode) when it holds neither.
fn minimal_in_rows(csv: &Path) -> Option<MinimalMode> {
    let mut reader = csv::Reader::from_path(csv).ok()?;
    let header = reader.headers().ok()?.clone();
    let row = reader.records().next()?.ok()?;
    let filled = |name: &str| {
        let at = header.iter().position(|h| h == name);
        at.and_then(|i| row.get(i)).is_some_and(|v| !v.is_empty())
    };
    if filled("fullwidth_leaves") {
        Some(MinimalMode::Exact)
    } else if filled("oracle_nodes") {
        Some(MinimalMode::Oracle)
    } else {
        None
    }
}

/// Each run `config` declares, with the time its committed games took, and the report of each
/// games file it writes.
fn run_steps(root: &Path, config: &Path) -> anyhow::Result<Vec<Step>> {
    let experiment = Experiment::load(config)?;
    let file = relative(root, config);
    let mut steps = Vec::new();
    for run in &experiment.runs {
        let outs = run.outs();
        let times: Vec<Option<f64>> = outs
            .iter()
            .map(|o| wall_seconds(&root.join(o).with_extension("json")))
            .collect();
        let seconds = times
            .iter()
            .all(Option::is_some)
            .then(|| times.iter().flatten().sum());
        let args = ["match", "--config", &file, "--run", &run.name];
        steps.push(Step {
            args: args.iter().map(|a| a.to_string()).collect(),
            seconds: if outs.is_empty() { None } else { seconds },
            is_report: false,
            note: format!("{} (declared in {file})", outs.join(", ")),
        });
        for out in outs
            .iter()
            .filter(|o| root.join(o).with_extension("md").exists())
        {
            let mut args = vec!["report".to_string(), out.clone()];
            args.extend(run.report.args());
            steps.push(Step {
                args,
                seconds,
                is_report: true,
                note: format!("the report of {out}"),
            });
        }
        steps.extend(joined_report(root, run, &outs, seconds));
    }
    Ok(steps)
}

/// The report of a run's games fitted with the runs its `fit_with` names (`ablate report OUT
/// --with F`), where one is committed: the fit its precision target was checked on.
fn joined_report(root: &Path, run: &Run, outs: &[String], seconds: Option<f64>) -> Vec<Step> {
    let with = &run.settings.fit_with;
    let joined_md = |out: &str| joined_games_path(Path::new(out), with).with_extension("md");
    (outs.iter())
        .filter(|out| !with.is_empty() && root.join(joined_md(out)).exists())
        .map(|out| {
            let mut args = vec!["report".to_string(), out.clone()];
            for csv in with {
                args.extend(["--with".to_string(), csv.display().to_string()]);
            }
            Step {
                args,
                seconds,
                is_report: true,
                note: format!("the report of {out} fitted with {}", display_list(with)),
            }
        })
        .collect()
}

/// Paths joined by commas, for a step's note.
fn display_list(paths: &[PathBuf]) -> String {
    let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    shown.join(", ")
}

/// Files under `results` and its experiment folders (not `runs/`) ending with `suffix`.
fn result_files(results: &Path, suffix: &str) -> std::io::Result<Vec<PathBuf>> {
    let mut folders = vec![results.to_path_buf()];
    let mut files = Vec::new();
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder)? {
            let path = entry?.path();
            if path.is_dir() && folder == results && !path.ends_with("runs") {
                folders.push(path);
            } else if path.is_file() && path.to_string_lossy().ends_with(suffix) {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

/// The wall time a manifest of either kind records (its provenance is flattened into it).
fn wall_seconds(json: &Path) -> Option<f64> {
    let text = std::fs::read_to_string(json).ok()?;
    let provenance: Provenance = serde_json::from_str(&text).ok()?;
    Some(provenance.wall_seconds)
}

/// `path` relative to `root`, as a command run from the root names it.
fn relative(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}
