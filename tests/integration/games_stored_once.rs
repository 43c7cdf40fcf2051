//! A game is stored once (issue 68, item 6): a games CSV written now has no `notes` column,
//! and each move's notes live in the PGN beside it. Every reader takes both forms, so the same
//! games in the old form and the new give the same report, byte for byte.

use crate::common::{ablate, ROOT};
use ablate::matches::games_csv::{notes_kept, read_games, write_games, NotesKept};
use ablate::matches::games_manifest::MatchManifest;
use ablate::matches::games_pgn::{write_pgn, PgnTags};
use ablate::storage::manifest::ManifestFile;
use std::path::Path;

/// `results/<stem>.games.csv` and its manifest copied into `old/`, and the same games written
/// in the present form into `new/` (the CSV without notes, the PGN with them).
fn both_forms(dir: &Path, stem: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let name = Path::new(stem)
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let (old, new) = (dir.join("old"), dir.join("new"));
    for d in [&old, &new] {
        std::fs::create_dir_all(d).unwrap();
        std::fs::copy(
            Path::new(ROOT).join(format!("results/{stem}.games.json")),
            d.join(format!("{name}.games.json")),
        )
        .unwrap();
    }
    let old_csv = old.join(format!("{name}.games.csv"));
    std::fs::copy(
        Path::new(ROOT).join(format!("results/{stem}.games.csv")),
        &old_csv,
    )
    .unwrap();
    assert_eq!(notes_kept(&old_csv), NotesKept::InCsv);
    let rows = read_games(&old_csv).unwrap();
    let new_csv = new.join(format!("{name}.games.csv"));
    write_games(&new_csv, &rows, false, NotesKept::InPgn).unwrap();
    let manifest = MatchManifest::beside(&new_csv);
    let tags = PgnTags::of(manifest.as_ref());
    write_pgn(&new_csv.with_extension("pgn"), &rows, &tags, &new_csv).unwrap();
    (old_csv, new_csv)
}

#[test]
fn a_games_file_without_notes_reads_them_from_its_pgn() {
    let dir = tempfile::tempdir().unwrap();
    let (old_csv, new_csv) = both_forms(dir.path(), "pruning/pruning");
    let header = std::fs::read_to_string(&new_csv).unwrap();
    let header = header.lines().next().unwrap();
    assert!(!header.split(',').any(|c| c == "notes"), "{header}");
    assert_eq!(notes_kept(&new_csv), NotesKept::InPgn);
    let (old_size, new_size) = (
        std::fs::metadata(&old_csv).unwrap().len(),
        std::fs::metadata(&new_csv).unwrap().len(),
    );
    assert!(
        new_size * 2 < old_size,
        "{new_size} bytes against {old_size}"
    );
    let (old_rows, new_rows) = (read_games(&old_csv).unwrap(), read_games(&new_csv).unwrap());
    assert_eq!(old_rows.len(), new_rows.len());
    assert!(old_rows.iter().all(|r| !r.notes.is_empty()));
    // Each move's note in full: the move, then its comment (the old CSV's earliest rows hold
    // the comment alone, as the PGN does).
    let full = |row: &ablate::game_record::GameRow| -> Vec<String> {
        let moves = row.moves.split_whitespace();
        let notes = row.notes.split(';');
        moves
            .zip(notes)
            .map(|(m, n)| match n.starts_with(m) {
                true => n.to_string(),
                false => format!("{m} {n}"),
            })
            .collect()
    };
    for (old, new) in old_rows.iter().zip(&new_rows) {
        let strip = |r: &ablate::game_record::GameRow| {
            let mut r = r.clone();
            r.notes.clear();
            r
        };
        assert!(
            strip(old) == strip(new),
            "{} pair {}: the rows differ",
            old.variant,
            old.pair
        );
        assert!(
            full(old) == full(new),
            "{} pair {}: the notes differ",
            old.variant,
            old.pair
        );
    }
    // Without its PGN, the new form's games still read, without their notes.
    std::fs::remove_file(new_csv.with_extension("pgn")).unwrap();
    let bare = read_games(&new_csv).unwrap();
    assert_eq!(bare.len(), old_rows.len());
    assert!(bare.iter().all(|r| r.notes.is_empty()));
}

/// The report of a match and the design report (which reads each side's depth from the notes)
/// are the same for both forms, and so is the PGN each writes.
#[test]
fn the_old_form_and_the_new_give_the_same_report() {
    for (stem, files) in [
        ("pruning/pruning", &["games.md", "games.pgn"][..]),
        (
            "engines/fruit-shallow-clock",
            &[
                "games.md",
                "games.pgn",
                "games.effects.csv",
                "games.effects.json",
            ][..],
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let (old_csv, new_csv) = both_forms(dir.path(), stem);
        for csv in [&old_csv, &new_csv] {
            let out = ablate(csv.parent().unwrap(), &["report", csv.to_str().unwrap()]);
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let name = Path::new(stem)
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        for file in files {
            let read = |csv: &Path| {
                std::fs::read(csv.with_file_name(format!("{name}.{file}")))
                    .unwrap_or_else(|e| panic!("{stem} {file}: {e}"))
            };
            assert!(read(&old_csv) == read(&new_csv), "{stem}: {file} differs");
        }
        if stem == "engines/fruit-shallow-clock" {
            let md = std::fs::read_to_string(new_csv.with_extension("md")).unwrap();
            assert!(md.contains("depth"), "the design report gives depths: {md}");
        }
    }
}
