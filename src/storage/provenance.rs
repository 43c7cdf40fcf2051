//! Provenance: who wrote a file, from which code, on what machine, from which suite, and
//! when. One record, shared by the run manifest and the match manifest.

use serde::{Deserialize, Serialize};
use std::time::{Instant, SystemTime};

/// Who wrote a results or games file, where and when.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Provenance {
    /// ablate's version.
    pub ablate_version: String,
    /// The git commit the binary was built from (before issue 76: the commit checked out
    /// where it ran), when known.
    pub git_commit: Option<String>,
    /// Whether the build's sources differed from that commit.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub build_changes: bool,
    /// The suite (for a match: the openings) path.
    #[serde(alias = "openings")]
    pub suite: String,
    /// SHA-256 of the suite file.
    #[serde(alias = "openings_sha256")]
    pub suite_sha256: String,
    /// Logical cores on the machine.
    #[serde(default)]
    pub cores: usize,
    /// The CPU model, when known.
    #[serde(default)]
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
    #[serde(default)]
    pub peak_rss_kb: Option<u64>,
}

impl Provenance {
    /// The record of a run that began at `started` (`clock` then) and has gone on until now.
    pub fn until_now(
        suite: &str,
        suite_sha256: &str,
        threads: usize,
        started: SystemTime,
        clock: Instant,
    ) -> Provenance {
        Provenance {
            ablate_version: env!("CARGO_PKG_VERSION").to_string(),
            git_commit: build_commit(),
            build_changes: env!("ABLATE_BUILD_CHANGES") == "1",
            suite: suite.to_string(),
            suite_sha256: suite_sha256.to_string(),
            cores: available_cores(),
            cpu_model: cpu_model(),
            threads,
            started: rfc3339(started),
            finished: rfc3339(SystemTime::now()),
            wall_seconds: clock.elapsed().as_secs_f64(),
            peak_rss_kb: peak_rss_kb(),
        }
    }

    /// The record of shards run apart, as one: their threads and wall times summed, the
    /// earliest start, the latest end, the largest peak memory.
    pub fn merged<'a>(
        first: &Provenance,
        shards: impl Iterator<Item = &'a Provenance>,
    ) -> Provenance {
        let shards: Vec<&Provenance> = shards.collect();
        let mut merged = first.clone();
        merged.threads = shards.iter().map(|s| s.threads).sum();
        merged.wall_seconds = shards.iter().map(|s| s.wall_seconds).sum();
        merged.peak_rss_kb = shards.iter().filter_map(|s| s.peak_rss_kb).max();
        merged.started = shards
            .iter()
            .map(|s| &s.started)
            .min()
            .cloned()
            .unwrap_or_default();
        merged.finished = shards
            .iter()
            .map(|s| &s.finished)
            .max()
            .cloned()
            .unwrap_or_default();
        merged
    }
}

/// Logical cores on this machine.
pub fn available_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The commit this binary was built from, when the build was in a git checkout.
pub fn build_commit() -> Option<String> {
    Some(env!("ABLATE_BUILD_COMMIT").to_string()).filter(|c| !c.is_empty())
}

/// Where a file's times were measured: the build and the machine, as a label (times differ
/// from machine to machine and build to build; that makes them no less current).
pub fn times_label(p: &Provenance) -> String {
    let commit = p
        .git_commit
        .as_deref()
        .map_or("an unknown commit".to_string(), |c| {
            format!("commit {}", &c[..c.len().min(7)])
        });
    let cpu = p.cpu_model.as_deref().unwrap_or("an unrecorded CPU");
    format!(
        "times measured by ablate {} at {commit}, on {cpu} ({} cores, {} threads)",
        p.ablate_version, p.cores, p.threads
    )
}

/// Why results written at `commit` may hold counts this build would not, when git can tell: a
/// later commit changed a count the reference held (`results/ci/reference.csv`, re-blessed
/// whenever node counts change; a bless that only adds rows changes none). The stand-in for
/// a file no row of which can be searched again (`runner::spot_check`). `None` when the
/// counts are current, or outside a git checkout that knows the commit.
pub fn counts_changed_since(commit: &str) -> Option<String> {
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .stderr(std::process::Stdio::null())
            .output()
            .ok()
    };
    let change = last_count_change(&git)?;
    let hash = change.split_whitespace().next()?;
    let out = git(&["merge-base", "--is-ancestor", hash, commit])?;
    let short = &commit[..commit.len().min(7)];
    (out.status.code() == Some(1)).then(|| {
        format!(
            "written by commit {short}, before node counts last changed ({change}, when the reference was re-blessed): its counts may differ from this build's; run it again"
        )
    })
}

/// The newest commit at which the reference's node counts changed (as `%h %cs`): a bless that
/// only adds rows (a new variant), or rewrites the file with more columns, changes no count
/// that was there, so results written before it are as current as they were.
fn last_count_change(git: &dyn Fn(&[&str]) -> Option<std::process::Output>) -> Option<String> {
    const REFERENCE: &str = "results/ci/reference.csv";
    // The reference is followed through renames (results/ moved to one folder per experiment)
    // and only its content changes count: a move re-blesses nothing.
    let out = git(&[
        "log",
        "--follow",
        "--diff-filter=AM",
        "--name-only",
        "--format=commit %H %h %cs",
        "--",
        REFERENCE,
    ])?;
    // Each change as (full hash, "%h %cs", the file's path at that commit).
    let log = String::from_utf8_lossy(&out.stdout).to_string();
    let mut changes: Vec<(String, String, String)> = Vec::new();
    for line in log.lines().filter(|l| !l.trim().is_empty()) {
        if let Some(rest) = line.strip_prefix("commit ") {
            let (full, shown) = rest.split_once(' ')?;
            changes.push((full.to_string(), shown.to_string(), REFERENCE.to_string()));
        } else if let Some(last) = changes.last_mut() {
            last.2 = line.trim().to_string();
        }
    }
    let counts = |rev: &str, path: &str| -> Option<std::collections::HashMap<String, String>> {
        let text = git(&["show", &format!("{rev}:{path}")])?;
        text.status
            .success()
            .then(|| reference_counts(&text.stdout))
    };
    for (i, (full, shown, path)) in changes.iter().enumerate() {
        // The version before this commit: the next (older) commit that changed the file.
        let Some((older, _, older_path)) = changes.get(i + 1) else {
            return Some(shown.clone());
        };
        match (counts(older, older_path), counts(full, path)) {
            (Some(before), Some(after)) => {
                if before
                    .iter()
                    .any(|(key, value)| after.get(key) != Some(value))
                {
                    return Some(shown.clone());
                }
            }
            _ => return Some(shown.clone()),
        }
    }
    None
}

/// A reference CSV's node counts by row: (variant, position, depth) to "nodes qnodes".
fn reference_counts(text: &[u8]) -> std::collections::HashMap<String, String> {
    let mut reader = csv::Reader::from_reader(text);
    let Ok(headers) = reader.headers().cloned() else {
        return Default::default();
    };
    let column = |name: &str| headers.iter().position(|h| h == name);
    let (Some(v), Some(p), Some(d), Some(n), Some(q)) = (
        column("variant"),
        column("position"),
        column("depth"),
        column("nodes"),
        column("qnodes"),
    ) else {
        return Default::default();
    };
    reader
        .records()
        .filter_map(Result::ok)
        .map(|r| {
            (
                format!("{}/{}/{}", &r[v], &r[p], &r[d]),
                format!("{} {}", &r[n], &r[q]),
            )
        })
        .collect()
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
