//! Training data from games already played: every games CSV of `ablate match` keeps each
//! move's search score (its `score/depth nodes` note), so the positions its own searches scored
//! are data in the same text form as self-play's, at whatever budget the match played, with no
//! game played again (`ablate datagen --from-games`).
//!
//! A position is a candidate only where one of ablate's own searches with the evaluation of the
//! data's variant was to move: an external engine's score is on its own scale, and a search
//! whose evaluation lacks a term scores by another (the match's manifest, beside the CSV, gives
//! each side's settings). The candidates are then kept or dropped as self-play's are
//! (`kept_positions`), and a position already written from an earlier game of the run is
//! dropped as a duplicate: the games of a design replay the same openings at every point, and
//! their first moves would otherwise be learnt once a point.

use super::kept_positions::{kept_positions_where, Dropped};
use crate::error::InputError;
use crate::game_record::{GameResult, GameRow};
use crate::matches::games_csv::read_games;
use crate::matches::side::MoveNote;
use crate::storage::atomic::temp_path;
use cozy_chess::{Board, Color};
use sha2::{Digest, Sha256};
use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime};

/// What one games CSV gave.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct FileTotals {
    /// The games CSV, as given.
    pub path: String,
    /// SHA-256 of the CSV.
    pub sha256: String,
    /// Its sides whose positions are candidates: ablate's own searches with the variant's
    /// evaluation (the others are engines, or searches that evaluate otherwise).
    pub sides: Vec<String>,
    /// Games read.
    pub games: usize,
    /// Games without a note for every move (a CSV whose PGN is missing): none of their
    /// positions is read.
    pub games_without_notes: usize,
    /// Lines written.
    pub positions: usize,
    /// Candidates dropped, by reason (`kept_positions`).
    pub dropped: Dropped,
    /// Lines not written because an earlier game of the run wrote the same position.
    pub duplicates: usize,
    /// Positions with another side to move (an engine, or a search that evaluates otherwise).
    pub others_to_move: usize,
}

/// The manifest beside the data (`<data>.json`).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct FromGamesManifest {
    /// Always "datagen-from-games".
    pub kind: String,
    /// Each games CSV, in the order read.
    pub files: Vec<FileTotals>,
    /// Lines written in all.
    pub positions: usize,
    /// Games read in all.
    pub games: usize,
    /// ablate's version and the commit the binary was built from.
    pub ablate_version: String,
    pub git_commit: Option<String>,
    /// Whether the build's sources differed from that commit.
    pub build_changes: bool,
    /// Start and end, UTC, RFC 3339, and the wall time in seconds.
    pub started: String,
    pub finished: String,
    pub wall_seconds: f64,
}

/// The sides of a match as its manifest lists them; only a search's evaluation is read, so
/// that manifests of every form since the first are read alike (an engine has no `config`).
#[derive(serde::Deserialize)]
struct MatchSides {
    variants: Vec<MatchSide>,
}

#[derive(serde::Deserialize)]
struct MatchSide {
    name: String,
    #[serde(default)]
    config: Option<serde_json::Value>,
}

/// Whether a manifest's `eval` is `reference` (the data's variant's, as its manifest would
/// write it): the same value at every key the manifest has. A manifest written before a knob
/// was declared lacks its key, and then evaluated as its default does, which the
/// variant's must then be for the two to match; the first manifests wrote the kind alone.
fn same_evaluation(manifest: &serde_json::Value, reference: &serde_json::Value) -> bool {
    match manifest {
        serde_json::Value::String(_) => reference.get("kind") == Some(manifest),
        serde_json::Value::Object(keys) => keys.iter().all(|(k, v)| reference.get(k) == Some(v)),
        _ => false,
    }
}

/// The sides of the games CSV at `csv` whose positions are candidates (its manifest beside it
/// gives each side's settings): ablate's own searches with the evaluation `reference`.
fn candidate_sides(csv: &Path, reference: &serde_json::Value) -> Result<Vec<String>, InputError> {
    let manifest = csv.with_extension("json");
    let shown = manifest.display().to_string();
    let text = std::fs::read_to_string(&manifest).map_err(|e| {
        InputError::in_file(
            csv.display().to_string(),
            format!("cannot read its match manifest {shown} ({e}); it says which sides are ablate's own searches"),
        )
    })?;
    let sides: MatchSides = serde_json::from_str(&text)
        .map_err(|e| InputError::in_file(&shown, format!("not a match manifest: {e}")))?;
    Ok(sides
        .variants
        .into_iter()
        .filter(|v| {
            let eval = v.config.as_ref().and_then(|c| c.get("eval"));
            eval.is_some_and(|e| same_evaluation(e, reference))
        })
        .map(|v| v.name)
        .collect())
}

/// Writes the data from `csvs` to `out` (through a temporary file, renamed when every game is
/// read, so that a failed run leaves no partial data), its manifest beside it: the positions
/// where a search with the evaluation `reference` (a variant's `eval` table, as its manifest
/// writes it) was to move.
pub fn data_from_games(
    csvs: &[PathBuf],
    reference: &serde_json::Value,
    out: &Path,
) -> anyhow::Result<FromGamesManifest> {
    let (started, clock) = (SystemTime::now(), Instant::now());
    let tmp = temp_path(out);
    let cannot_write = |e: std::io::Error| {
        InputError::in_file(out.display().to_string(), format!("cannot write: {e}"))
    };
    let mut data = std::io::BufWriter::new(std::fs::File::create(&tmp).map_err(cannot_write)?);
    let mut seen = HashSet::new();
    let mut files = Vec::new();
    for csv in csvs {
        let totals = write_file(csv, reference, &mut seen, &mut data)?;
        files.push(totals);
    }
    data.flush().map_err(cannot_write)?;
    drop(data);
    std::fs::rename(&tmp, out).map_err(cannot_write)?;
    let manifest = FromGamesManifest {
        kind: "datagen-from-games".to_string(),
        positions: files.iter().map(|f| f.positions).sum(),
        games: files.iter().map(|f| f.games).sum(),
        files,
        ablate_version: env!("CARGO_PKG_VERSION").to_string(),
        git_commit: crate::storage::provenance::build_commit(),
        build_changes: env!("ABLATE_BUILD_CHANGES") == "1",
        started: crate::storage::provenance::rfc3339(started),
        finished: crate::storage::provenance::rfc3339(SystemTime::now()),
        wall_seconds: clock.elapsed().as_secs_f64(),
    };
    let mut text = serde_json::to_string_pretty(&manifest)?;
    text.push('\n');
    crate::storage::atomic::write_atomically(&out.with_extension("json"), text.as_bytes())?;
    Ok(manifest)
}

/// Writes the lines of one games CSV's games to `data`; errors name the file and the row.
fn write_file(
    csv: &Path,
    reference: &serde_json::Value,
    seen: &mut HashSet<u128>,
    data: &mut impl Write,
) -> anyhow::Result<FileTotals> {
    let shown = csv.display().to_string();
    let bytes =
        std::fs::read(csv).map_err(|e| InputError::in_file(&shown, format!("cannot read: {e}")))?;
    let own = candidate_sides(csv, reference)?;
    let rows = read_games(csv)?;
    let mut totals = FileTotals {
        path: shown.clone(),
        sha256: crate::digest::sha256_hex(&bytes),
        sides: own.clone(),
        ..FileTotals::default()
    };
    for (i, row) in rows.iter().enumerate() {
        // The CSV's line: its header is line 1.
        let at = |m: String| InputError::at_line(&shown, i + 2, m);
        totals.games += 1;
        let Some(moves) = notes_of(row) else {
            totals.games_without_notes += 1;
            continue;
        };
        let start = Board::from_fen(&row.fen, false)
            .map_err(|e| at(format!("fen \"{}\": {e:?}", row.fen)))?;
        let result = GameResult::parse(&row.result).ok_or_else(|| {
            at(format!(
                "result \"{}\": expected 1-0, 0-1 or 1/2-1/2",
                row.result
            ))
        })?;
        let own_to_move = [own.contains(&row.white), own.contains(&row.black)];
        let mut others_to_move = 0;
        let kept = kept_positions_where(&start, result, &moves, |board| {
            let own = own_to_move[usize::from(board.side_to_move() == Color::Black)];
            others_to_move += usize::from(!own);
            own
        })
        .map_err(at)?;
        totals.others_to_move += others_to_move;
        totals.dropped = totals.dropped.plus(kept.dropped);
        for line in kept.lines.lines() {
            if seen.insert(position_key(line)) {
                writeln!(data, "{line}")?;
                totals.positions += 1;
            } else {
                totals.duplicates += 1;
            }
        }
    }
    Ok(totals)
}

/// Each move of `row` with its note, or `None` when a move has none (or one not of the note's
/// form): a game is read whole or not at all.
fn notes_of(row: &GameRow) -> Option<Vec<MoveNote>> {
    let moves: Vec<&str> = row.moves.split_whitespace().collect();
    let notes: Vec<&str> = row.notes.split(';').filter(|n| !n.is_empty()).collect();
    if notes.len() != moves.len() {
        return None;
    }
    moves
        .iter()
        .zip(notes)
        .map(|(uci, note)| MoveNote::read(uci, note))
        .collect()
}

/// A line's position without its move counters (the FEN's first four fields: the same
/// position reached at another move number is the same position to learn), as the first 128
/// bits of its SHA-256, which two of a billion positions share by a chance under 10^-20.
fn position_key(line: &str) -> u128 {
    let fen: Vec<&str> = line.split_whitespace().take(4).collect();
    let digest = Sha256::digest(fen.join(" ").as_bytes());
    u128::from_le_bytes(digest[..16].try_into().expect("a SHA-256 has 32 bytes"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::games_csv::{write_games, NotesKept};

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// A game from the start of `moves` (each `uci score`), `white` against `black`.
    fn game(white: &str, black: &str, moves: &[(&str, &str)], result: &str) -> GameRow {
        GameRow {
            variant: white.into(),
            opponent: black.into(),
            fen: START.into(),
            white: white.into(),
            black: black.into(),
            result: result.into(),
            plies: moves.len(),
            moves: moves.iter().map(|(m, _)| *m).collect::<Vec<_>>().join(" "),
            notes: moves
                .iter()
                .map(|(m, s)| format!("{m} {s}/5 100"))
                .collect::<Vec<_>>()
                .join(";"),
            ..GameRow::default()
        }
    }

    /// The games CSV of `rows` with a manifest of three sides: `a`, a search with the
    /// reference's evaluation (written before `net` was a knob); `b`, one without mobility; and
    /// an engine.
    fn write(dir: &Path, rows: &[GameRow]) -> PathBuf {
        let csv = dir.join("m.games.csv");
        write_games(&csv, rows, false, NotesKept::InCsv).unwrap();
        let manifest = r#"{"variants": [
            {"name": "a", "config": {"eval": {"kind": "tapered", "mobility": true}}},
            {"name": "b", "config": {"eval": {"kind": "tapered", "mobility": false}}},
            {"name": "engine", "engine": {"command": "x"}}]}"#;
        std::fs::write(dir.join("m.games.json"), manifest).unwrap();
        csv
    }

    fn reference() -> serde_json::Value {
        serde_json::json!({"kind": "tapered", "net": "", "mobility": true})
    }

    #[test]
    fn only_the_variant_s_own_evaluation_is_kept_and_a_repeated_position_once() {
        let dir = tempfile::tempdir().unwrap();
        // Game 1: a (white) plays e4 and Nf3; the engine's d5 is no candidate. Game 2 (the
        // engine white): a's ...e5 and ...Nc6 (a mate score: dropped). Game 3 repeats game 1:
        // both of a's positions are duplicates. Game 4: b's positions are no candidates.
        let one = game(
            "a",
            "engine",
            &[("e2e4", "+0.30"), ("d7d5", "-0.10"), ("g1f3", "+0.25")],
            "1-0",
        );
        let two = game(
            "engine",
            "a",
            &[
                ("e2e4", "+0.30"),
                ("e7e5", "-0.20"),
                ("g1f3", "+0.20"),
                ("b8c6", "-M3"),
            ],
            "0-1",
        );
        let four = game("b", "a", &[("d2d4", "+0.10"), ("d7d5", "-0.05")], "1/2-1/2");
        let csv = write(dir.path(), &[one.clone(), two, one, four]);
        let out = dir.path().join("data.txt");
        let m = data_from_games(&[csv], &reference(), &out).unwrap();
        let f = &m.files[0];
        assert_eq!((f.games, f.positions, f.duplicates), (4, 4, 2));
        assert_eq!(f.dropped.mate, 1, "...Nc6 was scored as a mate");
        assert_eq!(f.others_to_move, 1 + 2 + 1 + 1);
        assert_eq!(f.sides, vec!["a".to_string()]);
        let text = std::fs::read_to_string(&out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], format!("{START} | 30 | 1.0"));
        // Black's -0.20 is white's +20; the game's result 0-1 is white's 0.0.
        assert_eq!(
            lines[2],
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 | 20 | 0.0"
        );
        assert!(
            lines[3].ends_with(" b KQkq d3 0 1 | 5 | 0.5"),
            "{}",
            lines[3]
        );
        assert!(dir.path().join("data.json").exists());
    }

    #[test]
    fn an_illegal_move_and_a_missing_manifest_are_named() {
        let dir = tempfile::tempdir().unwrap();
        let bad = game(
            "a",
            "engine",
            &[("e2e4", "+0.30"), ("e7e4", "-0.10")],
            "1-0",
        );
        let csv = write(dir.path(), &[bad]);
        let out = dir.path().join("data.txt");
        let e = data_from_games(std::slice::from_ref(&csv), &reference(), &out)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("m.games.csv:2: ply 2: move \"e7e4\" is not legal"),
            "{e}"
        );
        assert!(!out.exists(), "no partial data is left");
        std::fs::remove_file(dir.path().join("m.games.json")).unwrap();
        let e = data_from_games(&[csv], &reference(), &out)
            .unwrap_err()
            .to_string();
        assert!(e.contains("cannot read its match manifest"), "{e}");
    }
}
