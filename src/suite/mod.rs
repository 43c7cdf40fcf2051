//! Test suites: EPD files read into positions with their solutions and perft counts.

pub mod epd;
pub mod fen;
pub mod movetext;
pub mod pgn;

pub use epd::{parse_epd_line, EpdPosition};

use crate::digest::sha256_hex;
use crate::error::InputError;
use std::path::Path;

/// A loaded EPD file: its positions in file order, and the file's SHA-256.
#[derive(Debug, Clone)]
pub struct Suite {
    /// The path as the user gave it.
    pub path: String,
    /// Positions in file order.
    pub positions: Vec<EpdPosition>,
    /// Hex SHA-256 of the file's bytes, recorded in manifests.
    pub sha256: String,
}

impl Suite {
    /// Reads and validates every line; the first bad line is the error.
    pub fn load(path: &Path) -> Result<Suite, InputError> {
        let shown = path.display().to_string();
        let bytes = std::fs::read(path)
            .map_err(|e| InputError::in_file(&shown, format!("cannot read the suite: {e}")))?;
        let is_pgn = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
        let text = String::from_utf8(bytes.clone()).map_err(|e| {
            let kind = if is_pgn { "a PGN file" } else { "an EPD file" };
            let line = bytes[..e.utf8_error().valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1;
            InputError::at_line(&shown, line, format!("not UTF-8 text; expected {kind}"))
        })?;
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        // A byte-order mark is invisible in an editor; it would make the first board unreadable.
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        let positions = if is_pgn {
            pgn::parse_pgn(text).map_err(|e| InputError::in_file(&shown, e))?
        } else {
            Self::parse(&shown, &stem, text)?
        };
        if positions.is_empty() {
            return Err(InputError::in_file(
                &shown,
                "the suite has no positions; expected one EPD line per position",
            ));
        }
        let sha256 = sha256_hex(&bytes);
        Ok(Suite {
            path: shown,
            positions,
            sha256,
        })
    }

    /// A match's openings: an EPD file's positions, or a PGN book's (`pgn::parse_book`): the
    /// position each game's line ends in, or the one after its first `plies` plies. `plies`
    /// belongs to a book; beside an EPD file it is an error that says so.
    pub fn load_openings(path: &Path, plies: Option<usize>) -> Result<Suite, InputError> {
        let shown = path.display().to_string();
        let is_pgn = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
        if !is_pgn {
            if let Some(n) = plies {
                return Err(InputError::in_file(
                    "--opening-plies",
                    format!("{n}: the plies of a PGN book's lines, but {shown} is no .pgn file; expected a PGN book, or no --opening-plies (opening_plies) beside an EPD file"),
                ));
            }
            return Suite::load(path);
        }
        let bytes = std::fs::read(path)
            .map_err(|e| InputError::in_file(&shown, format!("cannot read the openings: {e}")))?;
        let text = std::str::from_utf8(&bytes)
            .map_err(|_| InputError::in_file(&shown, "not UTF-8 text; expected a PGN book"))?;
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let positions =
            pgn::parse_book(text, &stem, plies).map_err(|e| InputError::in_file(&shown, e))?;
        Ok(Suite {
            path: shown,
            positions,
            sha256: sha256_hex(&bytes),
        })
    }

    /// Parses EPD text; blank lines and lines starting with `#` are skipped.
    pub fn parse(file: &str, stem: &str, text: &str) -> Result<Vec<EpdPosition>, InputError> {
        let mut positions: Vec<EpdPosition> = Vec::new();
        let mut seen = std::collections::HashMap::new();
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let position = parse_epd_line(trimmed, &format!("{stem}:{number}"))
                .map_err(|message| InputError::at_line(file, number, message))?;
            if let Some(first) = seen.insert(position.id.clone(), number) {
                return Err(InputError::at_line(
                    file,
                    number,
                    format!(
                        "id \"{}\" is already used on line {first}; expected unique ids",
                        position.id
                    ),
                ));
            }
            positions.push(EpdPosition {
                line: number,
                ..position
            });
        }
        Ok(positions)
    }
}

#[cfg(test)]
mod tests {
    use super::Suite;

    #[test]
    fn text_that_is_not_utf8_names_the_kind_of_file_and_the_line() {
        let dir = tempfile::tempdir().unwrap();
        for (name, kind) in [
            ("games.pgn", "expected a PGN file"),
            ("suite.epd", "expected an EPD file"),
        ] {
            let path = dir.path().join(name);
            std::fs::write(&path, b"[Event \"x\"]\n\n1. e4 \xff e5 *\n").unwrap();
            let err = Suite::load(&path).unwrap_err().to_string();
            assert!(err.contains(kind) && err.contains(":3"), "{err}");
        }
    }
}
