//! The games CSV: one row per finished game, streamed as games end; read back for resume,
//! merge and reports.
//!
//! A game is stored once: each move's notes (`score/depth nodes`) are in the PGN beside the
//! CSV, as comments, and a CSV written since issue 68 has no `notes` column. Files written
//! before keep theirs, and are read and extended in their own form (`NotesKept`): the committed
//! games stay as they are.

use crate::error::InputError;
use crate::game_record::GameRow;
use crate::search_record::{escape_text, unescape_text};
use std::path::Path;

/// Where a games CSV keeps each move's notes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotesKept {
    /// In a `notes` column of the CSV (and the PGN): files written before issue 68.
    InCsv,
    /// In the PGN beside it only: every file written since.
    InPgn,
}

/// How the games CSV at `path` keeps its notes: as its header says; a file not yet written
/// (or empty) takes the present form.
pub fn notes_kept(path: &Path) -> NotesKept {
    use std::io::BufRead;
    let header = std::fs::File::open(path)
        .ok()
        .and_then(|f| std::io::BufReader::new(f).lines().next()?.ok());
    match header {
        Some(h) if h.split(',').any(|column| column == "notes") => NotesKept::InCsv,
        _ => NotesKept::InPgn,
    }
}

/// Whether `path` holds at least one game: a file past its header line (a match started and
/// stopped before its first game has none).
pub fn holds_games(path: &Path) -> bool {
    std::fs::read_to_string(path).is_ok_and(|t| t.lines().skip(1).any(|l| !l.trim().is_empty()))
}

/// Reads a games CSV, with each move's notes from its column or from the PGN beside it
/// (`x.games.pgn`); errors name the file and line.
pub fn read_games(path: &Path) -> Result<Vec<GameRow>, InputError> {
    read_games_with(path, &path.with_extension("pgn"))
}

/// `read_games`, with the notes of a CSV of the present form from the PGN at `pgn`.
pub fn read_games_with(path: &Path, pgn: &Path) -> Result<Vec<GameRow>, InputError> {
    let shown = path.display().to_string();
    let mut reader = csv::Reader::from_path(path)
        .map_err(|e| InputError::in_file(&shown, format!("cannot read: {e}")))?;
    let headers = reader
        .headers()
        .map_err(|e| InputError::in_file(&shown, format!("cannot read: {e}")))?
        .clone();
    let notes_at = headers.iter().position(|column| column == "notes");
    let in_csv = notes_at.is_some();
    let mut rows = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let bad =
            |e: csv::Error| InputError::at_line(&shown, i + 2, format!("not a games row: {e}"));
        let record = record.map_err(bad)?;
        let mut row: GameRow = record.deserialize(Some(&headers)).map_err(bad)?;
        if let Some(at) = notes_at {
            row.notes = unescape_text(record.get(at).unwrap_or(""));
        }
        rows.push(row);
    }
    if !in_csv {
        if !rows.is_empty() && !pgn.exists() {
            eprintln!(
                "note: {shown}: each move's notes (score, depth, nodes) are kept in {}, which is not there; its games are read without them",
                pgn.display()
            );
        }
        let notes =
            super::games_notes::notes_by_game(pgn).map_err(|m| InputError::in_file(&shown, m))?;
        for row in &mut rows {
            // The game as its PGN names it (`games_pgn::round_pgn`).
            let round = format!("{}.{}", row.pair + 1, row.game + 1);
            let Some(notes) = notes.get(&(round, row.white.clone(), row.black.clone())) else {
                continue;
            };
            let moves = row.moves.split_whitespace();
            row.notes = moves
                .zip(notes)
                .map(|(uci, note)| format!("{uci} {note}"))
                .collect::<Vec<_>>()
                .join(";");
        }
    }
    Ok(rows)
}

/// Writes games CSV rows in the form `kept` (header first when the file is empty).
pub fn write_games(
    path: &Path,
    rows: &[GameRow],
    append: bool,
    kept: NotesKept,
) -> anyhow::Result<()> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(append)
        .write(true)
        .truncate(!append)
        .open(path)
        .map_err(|e| {
            InputError::in_file(path.display().to_string(), format!("cannot write: {e}"))
        })?;
    let empty = file.metadata()?.len() == 0;
    let mut writer = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(file);
    if empty {
        writer.write_record(&columns(&GameRow::default(), kept).0)?;
    }
    for row in rows {
        writer.write_record(&columns(row, kept).1)?;
    }
    writer.flush()?;
    Ok(())
}

/// The header and the record of `row`, in the form `kept`: the old form has the notes,
/// escaped, before the match hash, where its files have them.
fn columns(row: &GameRow, kept: NotesKept) -> (csv::StringRecord, csv::StringRecord) {
    let mut text = csv::Writer::from_writer(Vec::new());
    // Serializing plain text and numbers into memory cannot fail.
    text.serialize(row).expect("a games row serializes");
    let bytes = text.into_inner().expect("an in-memory writer flushes");
    let mut reader = csv::Reader::from_reader(bytes.as_slice());
    let header = reader.headers().cloned().unwrap_or_default();
    let record = reader
        .records()
        .next()
        .and_then(Result::ok)
        .unwrap_or_default();
    match kept {
        NotesKept::InPgn => (header, record),
        NotesKept::InCsv => {
            let notes = escape_text(&row.notes);
            let before_last = |r: &csv::StringRecord, extra: &str| {
                let n = r.len().saturating_sub(1);
                let mut out: csv::StringRecord = r.iter().take(n).collect();
                out.push_field(extra);
                r.iter().skip(n).for_each(|f| out.push_field(f));
                out
            };
            (before_last(&header, "notes"), before_last(&record, &notes))
        }
    }
}
