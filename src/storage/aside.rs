//! Moving an older run out of the way, the one way for results and games alike: the CSV goes
//! to `<name>.<hash>.csv` beside it (`<name>.<hash>.2.csv` and so on when that is taken), and
//! every file that belongs to it (its manifest, a match's PGN, the reports made from it) goes
//! with it under the same stem, so that nothing of the older run is overwritten by the next,
//! and nothing left under the plain name describes rows that are no longer there.

use super::manifest::manifest_path;
use std::path::{Path, PathBuf};

/// The files made from a results CSV `x.csv`, by what follows its stem `x`: its summary as
/// data (`x.summary.csv`, `x.summary.json`) and the report `ablate report` writes beside it
/// (`x.md`, `x.svg` and the charts beside that). They are the run's: they move aside and come
/// back with its rows.
pub const RESULTS_FILES: [&str; 7] = [
    ".summary.csv",
    ".summary.json",
    ".md",
    ".svg",
    "-ratio.svg",
    "-quality.svg",
    "-grid.svg",
];

/// The files made from a games CSV `x.games.csv`, by what follows its stem `x.games`: its PGN,
/// and the reports `ablate report` writes beside it: a match's Markdown, forest plot and cost
/// chart; a design's effects as CSV and JSON, its heat map and its steps' forest plot; a
/// gauntlet's self-play chart. `tests/integration/engine_author.rs` checks that every file a
/// report writes is among them.
pub const GAMES_FILES: [&str; 11] = [
    ".pgn",
    ".md",
    ".depths.csv",
    ".depths.json",
    ".svg",
    "-cost.svg",
    ".effects.csv",
    ".effects.json",
    "-interactions.svg",
    "-effects.svg",
    "-self-play.svg",
];

/// The file of `csv`'s stem followed by `tail` (`x.games.csv` and `-cost.svg` →
/// `x.games-cost.svg`).
fn companion(csv: &Path, tail: &str) -> PathBuf {
    let stem = csv.file_stem().unwrap_or_default().to_string_lossy();
    csv.with_file_name(format!("{stem}{tail}"))
}

/// Where a run moved aside went: the CSV, and every other file that went with it.
#[derive(Debug, Clone, PartialEq)]
pub struct MovedAside {
    /// The CSV's new path.
    pub csv: PathBuf,
    /// Its manifest's and its companions' new paths, in the order they moved.
    pub others: Vec<PathBuf>,
}

impl MovedAside {
    /// A line naming every other file moved (`\n  with it: x.h.json, x.h.pgn`), to follow a
    /// note that names the CSV's new place; empty when none moved.
    pub fn others_line(&self) -> String {
        let names: Vec<String> = self
            .others
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        match names.is_empty() {
            true => String::new(),
            false => format!("\n  with it: {}", names.join(", ")),
        }
    }
}

/// Moves `csv`, its manifest and each of `companions` (what follows the CSV's stem, e.g.
/// `".pgn"`) that exists aside, named by `hash`; returns where each went.
pub fn move_aside(csv: &Path, hash: &str, companions: &[&str]) -> std::io::Result<MovedAside> {
    let aside = aside_path(csv, hash);
    std::fs::rename(csv, &aside)?;
    let mut others = Vec::new();
    let pairs = std::iter::once((manifest_path(csv), manifest_path(&aside))).chain(
        companions
            .iter()
            .map(|tail| (companion(csv, tail), companion(&aside, tail))),
    );
    for (from, to) in pairs {
        if from.exists() {
            std::fs::rename(from, &to)?;
            others.push(to);
        }
    }
    Ok(MovedAside { csv: aside, others })
}

/// Takes back the run moved aside under `hash` (its latest copy, when several), with its
/// manifest and companions, to `csv`, which must not exist; returns where it came from.
/// Asking again for a run that was moved aside resumes it instead of searching it again.
pub fn take_back(csv: &Path, hash: &str, companions: &[&str]) -> std::io::Result<Option<PathBuf>> {
    if csv.exists() {
        return Ok(None);
    }
    let mut latest = None;
    let mut candidate = csv.with_extension(format!("{hash}.csv"));
    let mut k = 2;
    while candidate.exists() {
        latest = Some(candidate);
        candidate = csv.with_extension(format!("{hash}.{k}.csv"));
        k += 1;
    }
    let Some(aside) = latest else {
        return Ok(None);
    };
    std::fs::rename(&aside, csv)?;
    let manifest = manifest_path(&aside);
    if manifest.exists() {
        std::fs::rename(manifest, manifest_path(csv))?;
    }
    for tail in companions {
        let from = companion(&aside, tail);
        if from.exists() {
            std::fs::rename(from, companion(csv, tail))?;
        }
    }
    Ok(Some(aside))
}

/// `<name>.<hash>.csv` beside `csv`, or `<name>.<hash>.2.csv` and so on when that is taken.
fn aside_path(csv: &Path, hash: &str) -> PathBuf {
    let mut aside = csv.with_extension(format!("{hash}.csv"));
    let mut k = 2;
    while aside.exists() {
        aside = csv.with_extension(format!("{hash}.{k}.csv"));
        k += 1;
    }
    aside
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_moved_aside_is_taken_back_with_its_files() {
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("k.csv");
        std::fs::write(&csv, "first").unwrap();
        std::fs::write(manifest_path(&csv), "{}").unwrap();
        move_aside(&csv, "aaaa", &[]).unwrap();
        std::fs::write(&csv, "second").unwrap();
        assert_eq!(
            take_back(&csv, "aaaa", &[]).unwrap(),
            None,
            "never over a run"
        );
        move_aside(&csv, "bbbb", &[]).unwrap();
        let back = take_back(&csv, "aaaa", &[]).unwrap();
        assert_eq!(back, Some(dir.path().join("k.aaaa.csv")));
        assert_eq!(std::fs::read_to_string(&csv).unwrap(), "first");
        assert!(manifest_path(&csv).exists());
        assert!(!dir.path().join("k.aaaa.csv").exists());
        assert_eq!(
            take_back(&dir.path().join("x.csv"), "cccc", &[]).unwrap(),
            None
        );
    }

    #[test]
    fn the_csv_its_manifest_and_its_companions_move_together_and_nothing_is_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("m.games.csv");
        for round in 0..2 {
            std::fs::write(&csv, format!("rows {round}")).unwrap();
            std::fs::write(manifest_path(&csv), "{}").unwrap();
            std::fs::write(csv.with_extension("pgn"), "pgn").unwrap();
            std::fs::write(dir.path().join("m.games-cost.svg"), "chart").unwrap();
            let moved = move_aside(&csv, "h1", &[".pgn", "-cost.svg", ".md"]).unwrap();
            let aside = moved.csv.clone();
            let expected = if round == 0 {
                "m.games.h1.csv"
            } else {
                "m.games.h1.2.csv"
            };
            assert_eq!(aside, dir.path().join(expected));
            assert_eq!(
                std::fs::read_to_string(&aside).unwrap(),
                format!("rows {round}")
            );
            assert!(manifest_path(&aside).exists() && aside.with_extension("pgn").exists());
            assert!(!csv.exists() && !csv.with_extension("pgn").exists());
            // Every file moved is named, and only those that were there.
            let stem = expected.strip_suffix(".csv").unwrap();
            let named: Vec<PathBuf> = ["json", "pgn"]
                .iter()
                .map(|e| dir.path().join(format!("{stem}.{e}")))
                .chain([dir.path().join(format!("{stem}-cost.svg"))])
                .collect();
            assert_eq!(moved.others, named);
            assert!(!dir.path().join("m.games-cost.svg").exists());
        }
    }
}
