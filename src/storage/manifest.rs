//! The JSON manifest beside each results CSV: what ran, on what, with which exact configuration.

use crate::config::experiment::ResolvedVariant;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

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
    /// ablate's version.
    pub ablate_version: String,
    /// The git commit of the working directory, when known.
    pub git_commit: Option<String>,
    /// The suite path.
    pub suite: String,
    /// SHA-256 of the suite file.
    pub suite_sha256: String,
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
    /// Logical cores on the machine.
    pub cores: usize,
    /// The CPU model, when known.
    pub cpu_model: Option<String>,
    /// Worker threads used.
    pub threads: usize,
    /// Start, UTC, RFC 3339.
    pub started: String,
    /// End, UTC, RFC 3339.
    pub finished: String,
    /// Wall time in seconds.
    pub wall_seconds: f64,
    /// Peak resident memory of the process in KiB, when known.
    pub peak_rss_kb: Option<u64>,
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

impl Manifest {
    /// Writes the manifest atomically.
    pub fn write(&self, path: &Path) -> anyhow::Result<()> {
        let mut text = serde_json::to_string_pretty(self)?;
        text.push('\n');
        super::atomic::write_atomically(path, text.as_bytes())?;
        Ok(())
    }

    /// Reads a manifest, or `None` when there is none.
    pub fn read(path: &Path) -> anyhow::Result<Option<Manifest>> {
        if !path.exists() {
            return Ok(None);
        }
        let text = std::fs::read_to_string(path)?;
        let manifest = serde_json::from_str(&text).map_err(|e| {
            crate::error::InputError::in_file(
                path.display().to_string(),
                format!("not an ablate manifest: {e}"),
            )
        })?;
        Ok(Some(manifest))
    }
}

/// The commit checked out in the current directory, if git knows it.
pub fn git_commit() -> Option<String> {
    let out = std::process::Command::new("git")
        .args(["rev-parse", "HEAD"])
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Why results written at `commit` may be out of date, when git can tell: the reference
/// signature (`results/ci-reference.csv`, re-blessed whenever node counts change) or the search
/// code (which sets the times) changed in a later commit. `None` when they are current, or
/// outside a git checkout that knows the commit.
pub fn staleness(commit: &str) -> Option<String> {
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .stderr(std::process::Stdio::null())
            .output()
            .ok()
    };
    let last_change = |paths: &[&str]| -> Option<String> {
        let mut args = vec!["log", "-1", "--format=%h %cs", "--"];
        args.extend(paths);
        let out = git(&args)?;
        let text = String::from_utf8_lossy(&out.stdout).trim().to_string();
        (!text.is_empty()).then_some(text)
    };
    let contains = |change: &str| -> Option<bool> {
        let hash = change.split_whitespace().next()?;
        let out = git(&["merge-base", "--is-ancestor", hash, commit])?;
        match out.status.code() {
            Some(0) => Some(true),
            Some(1) => Some(false),
            _ => None,
        }
    };
    let short = &commit[..commit.len().min(7)];
    if let Some(change) = last_change(&["results/ci-reference.csv"]) {
        if contains(&change) == Some(false) {
            return Some(format!(
                "written by commit {short}, before node counts last changed ({change}, when the reference was re-blessed): its counts may differ from this build's; run it again"
            ));
        }
    }
    if let Some(change) = last_change(&["src/search", "src/chess"]) {
        if contains(&change) == Some(false) {
            return Some(format!(
                "written by commit {short}, before the search code last changed ({change}); no node count changed since (the reference was not re-blessed), but its time columns come from an older build"
            ));
        }
    }
    None
}

/// The CPU model from /proc/cpuinfo.
pub fn cpu_model() -> Option<String> {
    let info = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    info.lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split(':').nth(1))
        .map(|s| s.trim().to_string())
}

/// Peak resident set size of this process (VmHWM), in KiB.
pub fn peak_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// A system time as UTC RFC 3339, to the second.
pub fn rfc3339(time: std::time::SystemTime) -> String {
    let secs = time
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0) as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Howard Hinnant's civil-from-days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        let t = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_795_000_000);
        assert_eq!(rfc3339(t), "2026-11-18T11:06:40Z");
        assert_eq!(rfc3339(std::time::UNIX_EPOCH), "1970-01-01T00:00:00Z");
    }
}
