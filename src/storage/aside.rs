//! Moving an older run out of the way, the one way for results and games alike: the CSV goes
//! to `<name>.<hash>.csv` beside it (`<name>.<hash>.2.csv` and so on when that is taken), and
//! every file that belongs to it (its manifest, a match's PGN) goes with it under the same
//! stem, so that nothing of the older run is overwritten by the next.

use super::manifest::manifest_path;
use std::path::{Path, PathBuf};

/// The files that summarise a results CSV `x.csv` (`x.summary.csv`, `x.summary.json`), as the
/// extensions that replace its `csv`: they are the run's, so they move aside and come back
/// with its rows.
pub const SUMMARY_FILES: [&str; 2] = ["summary.csv", "summary.json"];

/// Moves `csv`, its manifest and each of `companions` (extensions, e.g. `"pgn"`) that exists
/// aside, named by `hash`; returns where the CSV went.
pub fn move_aside(csv: &Path, hash: &str, companions: &[&str]) -> std::io::Result<PathBuf> {
    let aside = aside_path(csv, hash);
    std::fs::rename(csv, &aside)?;
    let manifest = manifest_path(csv);
    if manifest.exists() {
        std::fs::rename(manifest, manifest_path(&aside))?;
    }
    for extension in companions {
        let companion = csv.with_extension(extension);
        if companion.exists() {
            std::fs::rename(companion, aside.with_extension(extension))?;
        }
    }
    Ok(aside)
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
    for extension in companions {
        let companion = aside.with_extension(extension);
        if companion.exists() {
            std::fs::rename(companion, csv.with_extension(extension))?;
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
            let aside = move_aside(&csv, "h1", &["pgn"]).unwrap();
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
        }
    }
}
