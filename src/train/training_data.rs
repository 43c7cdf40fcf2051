//! Training data read from the field's text form, one `FEN | score | result` a line (score in
//! centipawns and result as 1.0, 0.5 or 0.0, both from white's side; bulletformat 1.8.0's
//! `ChessBoard::from_str` reads the same lines), kept compact in memory: each position's
//! pieces as their white-perspective Chess768 features, its side to move, score and result.
//! A line that is not of this form is an error naming its file and line.

use crate::error::InputError;
use sha2::{Digest, Sha256};
use std::io::BufRead;
use std::path::Path;

/// The most pieces a position has.
pub const MAX_PIECES: usize = 32;

/// Positions, column by column.
#[derive(Default)]
pub struct TrainingSet {
    /// `MAX_PIECES` white-perspective features per position (the first `counts[i]` used).
    features: Vec<u16>,
    counts: Vec<u8>,
    /// 0: white to move, 1: black.
    black_to_move: Vec<u8>,
    /// White's score in centipawns.
    scores: Vec<i16>,
    /// White's result in halves: 2 a win, 1 a draw, 0 a loss.
    results: Vec<u8>,
    /// SHA-256 over every file's bytes, in the order read.
    hasher: Sha256,
}

/// One position as the trainer reads it: the side to move's features and the other side's,
/// and the score and result from the side to move's view.
pub struct Sample<'a> {
    pub ours: &'a [u16],
    pub black_to_move: bool,
    pub score: f32,
    pub result: f32,
}

/// A white-perspective feature seen from black: the colours swapped, the board flipped.
#[inline(always)]
pub fn flipped(feature: u16) -> u16 {
    let (theirs, rest) = (feature / 384, feature % 384);
    384 * (1 - theirs) + (rest & !63) + ((rest & 63) ^ 56)
}

impl TrainingSet {
    /// Positions read so far.
    pub fn len(&self) -> usize {
        self.counts.len()
    }

    /// Whether none was read.
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// SHA-256 of the bytes read, in hex.
    pub fn sha256(&self) -> String {
        crate::digest::hex(&self.hasher.clone().finalize())
    }

    /// Position `i`.
    #[inline]
    pub fn sample(&self, i: usize) -> Sample<'_> {
        let n = usize::from(self.counts[i]);
        let black = self.black_to_move[i] == 1;
        let (score, result) = (f32::from(self.scores[i]), f32::from(self.results[i]) / 2.0);
        Sample {
            ours: &self.features[i * MAX_PIECES..i * MAX_PIECES + n],
            black_to_move: black,
            score: if black { -score } else { score },
            result: if black { 1.0 - result } else { result },
        }
    }

    /// Reads `path`, adding its positions; at most `limit` in all.
    pub fn read_file(&mut self, path: &Path, limit: Option<usize>) -> Result<(), InputError> {
        let shown = path.display().to_string();
        let file = std::fs::File::open(path)
            .map_err(|e| InputError::in_file(&shown, format!("cannot read the data: {e}")))?;
        let mut reader = std::io::BufReader::with_capacity(1 << 20, file);
        let mut line = String::new();
        let mut number = 0;
        loop {
            if limit.is_some_and(|l| self.len() >= l) {
                return Ok(());
            }
            line.clear();
            let read = reader.read_line(&mut line).map_err(|e| {
                InputError::at_line(&shown, number + 1, format!("cannot read: {e}"))
            })?;
            if read == 0 {
                return Ok(());
            }
            number += 1;
            self.hasher.update(line.as_bytes());
            let text = line.trim_end();
            if text.is_empty() {
                continue;
            }
            self.push_line(text)
                .map_err(|m| InputError::at_line(&shown, number, format!("{m}; expected FEN | score | result, e.g. rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 35 | 0.5")))?;
        }
    }

    /// Adds one line's position.
    fn push_line(&mut self, text: &str) -> Result<(), String> {
        let fields: Vec<&str> = text.split('|').map(str::trim).collect();
        let [fen, score, result] = fields[..] else {
            return Err(format!("\"{text}\" has {} fields", fields.len()));
        };
        let score: i16 = score.parse().map_err(|_| {
            format!("score \"{score}\" is not a whole number of centipawns from -32768 to 32767")
        })?;
        let result = match result {
            "1.0" | "[1.0]" | "1" => 2,
            "0.5" | "[0.5]" | "1/2" => 1,
            "0.0" | "[0.0]" | "0" => 0,
            other => return Err(format!("result \"{other}\" is not 1.0, 0.5 or 0.0")),
        };
        let mut parts = fen.split_whitespace();
        let placement = parts.next().unwrap_or("");
        let black = match parts.next() {
            Some("w") => 0,
            Some("b") => 1,
            other => {
                return Err(format!(
                    "FEN \"{fen}\": side to move {other:?} is not w or b"
                ))
            }
        };
        let start = self.features.len();
        self.features.resize(start + MAX_PIECES, 0);
        let count = read_placement(placement, &mut self.features[start..])
            .map_err(|m| format!("FEN \"{fen}\": {m}"));
        let count = match count {
            Ok(count) => count,
            Err(m) => {
                self.features.truncate(start);
                return Err(m);
            }
        };
        self.counts.push(count);
        self.black_to_move.push(black);
        self.scores.push(score);
        self.results.push(result);
        Ok(())
    }
}

/// Reads a FEN's piece placement into white-perspective features; returns how many.
fn read_placement(placement: &str, out: &mut [u16]) -> Result<u8, String> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!("{} ranks in the placement, not 8", ranks.len()));
    }
    let mut count = 0usize;
    for (i, rank) in ranks.iter().enumerate() {
        let rank_index = 7 - i;
        let mut file = 0usize;
        for ch in rank.chars() {
            if let Some(empty) = ch.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += empty as usize;
                continue;
            }
            let piece = "pnbrqk"
                .find(ch.to_ascii_lowercase())
                .ok_or_else(|| format!("'{ch}' is not a piece"))?;
            if file >= 8 {
                return Err(format!("rank {} has more than 8 squares", rank_index + 1));
            }
            if count == MAX_PIECES {
                return Err("more than 32 pieces".into());
            }
            let theirs = usize::from(ch.is_ascii_lowercase());
            out[count] = (384 * theirs + 64 * piece + 8 * rank_index + file) as u16;
            count += 1;
            file += 1;
        }
        if file != 8 {
            return Err(format!("rank {} has {file} squares, not 8", rank_index + 1));
        }
    }
    Ok(count as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::nnue::network::feature;
    use cozy_chess::{Board, Color};

    #[test]
    fn features_are_those_of_the_network_for_both_perspectives() {
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1";
        let mut set = TrainingSet::default();
        set.push_line(&format!("{fen} | -35 | 0.0")).unwrap();
        let board = Board::from_fen(fen, false).unwrap();
        let mut expected: Vec<u16> = Vec::new();
        for color in Color::ALL {
            for piece in cozy_chess::Piece::ALL {
                for sq in board.colored_pieces(color, piece) {
                    expected.push(feature(Color::White, color, piece, sq) as u16);
                    let black = feature(Color::Black, color, piece, sq) as u16;
                    assert_eq!(flipped(*expected.last().unwrap()), black);
                }
            }
        }
        let sample = set.sample(0);
        let mut ours = sample.ours.to_vec();
        ours.sort_unstable();
        expected.sort_unstable();
        assert_eq!(ours, expected);
        assert!(sample.black_to_move);
        assert_eq!((sample.score, sample.result), (35.0, 1.0));
    }

    #[test]
    fn an_unreadable_line_is_named_with_its_file_and_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("d.txt");
        let good = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 0 | 0.5";
        for (bad, says) in [
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 0", "2 fields"),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 | x | 0.5", "score \"x\""),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 0 | 2", "result \"2\""),
            ("4k3/8/8/8/8/8/4K3 w - - 0 1 | 0 | 0.5", "7 ranks"),
            (
                "4k3/8/8/8/8/8/8/4KX2 w - - 0 1 | 0 | 0.5",
                "'X' is not a piece",
            ),
            ("4k3/8/8/8/8/8/8/4K3 x - - 0 1 | 0 | 0.5", "side to move"),
        ] {
            std::fs::write(&path, format!("{good}\n{good}\n{bad}\n")).unwrap();
            let error = TrainingSet::default().read_file(&path, None).unwrap_err();
            assert_eq!(error.line, Some(3), "{bad}");
            assert!(error.message.contains(says), "{}", error.message);
            assert!(error.to_string().contains("d.txt:3:"), "{error}");
        }
    }
}
