//! The games CSV: one row per finished game, streamed as games end; read back for resume,
//! merge and reports.

use super::rules::GameResult;
use crate::error::InputError;
use crate::records::{escape_text, unescape_text};
use std::path::Path;

/// One row of the games CSV.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GameRow {
    /// The experiment's name.
    #[serde(rename = "match")]
    pub match_name: String,
    /// The variant results are given for.
    pub variant: String,
    /// Its opponent.
    pub opponent: String,
    /// The pair (0-based) within the pairing.
    pub pair: usize,
    /// 0: the variant had white; 1: black.
    pub game: usize,
    /// The opening's id.
    pub opening: String,
    /// The opening position's FEN.
    pub fen: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// 1-0, 0-1 or 1/2-1/2.
    pub result: String,
    /// Why it ended.
    pub termination: String,
    /// Half-moves played from the opening.
    pub plies: usize,
    /// Nodes searched by white.
    pub white_nodes: u64,
    /// Nodes searched by black.
    pub black_nodes: u64,
    /// White's thinking time, milliseconds.
    pub white_time_ms: f64,
    /// Black's thinking time, milliseconds.
    pub black_time_ms: f64,
    /// The moves in UCI, space-separated.
    pub moves: String,
    /// Per move, `;`-separated: the move in UCI, then `score/depth nodes` from the mover's side
    /// (`e2e4 +0.25/5 1234`): the cell starts with a move, so no spreadsheet takes it for a formula.
    pub notes: String,
    /// Hash of everything that decides the games.
    pub match_hash: String,
}

impl GameRow {
    /// Whether a side's engine died in this game (it exited, or was killed by a signal, while
    /// ablate waited for its move): the game was not finished at the board, and cutechess and
    /// fastchess score it as that side's loss.
    pub fn crashed(&self) -> bool {
        self.termination.starts_with("abandoned") && self.termination.contains("exited")
    }

    /// Points the row's variant scored.
    pub fn variant_points(&self) -> f64 {
        let white = GameResult::parse(&self.result).map_or(0.5, |r| r.white_points());
        if self.white == self.variant {
            white
        } else {
            1.0 - white
        }
    }

    /// Nodes, moves and thinking time of `who` in this game.
    pub fn side_work(&self, who: &str) -> (u64, usize, f64) {
        let white_first = self.fen.split_whitespace().nth(1) != Some("b");
        let (first, second) = (self.plies.div_ceil(2), self.plies / 2);
        let (white_moves, black_moves) = if white_first {
            (first, second)
        } else {
            (second, first)
        };
        if self.white == who {
            (self.white_nodes, white_moves.max(1), self.white_time_ms)
        } else {
            (self.black_nodes, black_moves.max(1), self.black_time_ms)
        }
    }

    /// The depths `who` reached, summed, and the moves whose notes give one: each note is
    /// `move score/depth nodes`, movers alternating from the opening's side to move.
    pub fn side_depths(&self, who: &str) -> (u64, usize) {
        let white_first = self.fen.split_whitespace().nth(1) != Some("b");
        let mover_is_white = |i: usize| (i % 2 == 0) == white_first;
        let is_white = self.white == who;
        let (mut sum, mut count) = (0u64, 0usize);
        for (i, note) in self.notes.split(';').enumerate() {
            if mover_is_white(i) != is_white {
                continue;
            }
            let depth = note
                .split_whitespace()
                .nth(1)
                .and_then(|eval| eval.rsplit_once('/'))
                .and_then(|(_, d)| d.parse::<u64>().ok());
            if let Some(d) = depth {
                sum += d;
                count += 1;
            }
        }
        (sum, count)
    }
}

/// Reads a games CSV; errors name the file and line.
pub fn read_games(path: &Path) -> Result<Vec<GameRow>, InputError> {
    let shown = path.display().to_string();
    let mut reader = csv::Reader::from_path(path)
        .map_err(|e| InputError::in_file(&shown, format!("cannot read: {e}")))?;
    let mut rows = Vec::new();
    for (i, record) in reader.deserialize::<GameRow>().enumerate() {
        let mut row = record
            .map_err(|e| InputError::at_line(&shown, i + 2, format!("not a games row: {e}")))?;
        row.notes = unescape_text(&row.notes);
        rows.push(row);
    }
    Ok(rows)
}

/// Writes games CSV rows (header first when `header`).
pub fn write_games(path: &Path, rows: &[GameRow], append: bool) -> anyhow::Result<()> {
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
        .has_headers(empty)
        .from_writer(file);
    for row in rows {
        let mut row = row.clone();
        row.notes = escape_text(&row.notes);
        writer.serialize(&row)?;
    }
    writer.flush()?;
    Ok(())
}
