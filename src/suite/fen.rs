//! FEN reading with messages that say which field is wrong.

use cozy_chess::{Board, FenParseError};

/// The initial position, accepted wherever a FEN is.
pub const STARTPOS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Reads a FEN with 4 to 6 fields, or the word `startpos`; missing counters mean 0 and 1.
pub fn parse_fen(text: &str) -> Result<(Board, String), String> {
    let text = text.trim();
    if text == "startpos" {
        return parse_fen(STARTPOS_FEN);
    }
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 4 || fields.len() > 6 {
        return Err(format!(
            "FEN \"{text}\" has {} fields; expected 4 to 6 (board, side, castling, en passant, [half-move clock, move number])",
            fields.len()
        ));
    }
    let halfmove = fields.get(4).copied().unwrap_or("0");
    let fullmove = fields.get(5).copied().unwrap_or("1");
    board_from_fields(&fields[..4], halfmove, fullmove)
}

/// Builds a board from the 4 EPD fields plus counters, naming the field at fault.
pub fn board_from_fields(
    fields: &[&str],
    halfmove: &str,
    fullmove: &str,
) -> Result<(Board, String), String> {
    // The search has no 50-move rule: the clock only bounds how far back a repetition may
    // lie, and cozy-chess caps it at 100, so a larger clock (EPDs have them) reads as 100.
    let halfmove = match halfmove.parse::<u64>() {
        Ok(n) if n > 100 => "100",
        _ => halfmove,
    };
    let fen = format!(
        "{} {} {} {} {} {}",
        fields[0], fields[1], fields[2], fields[3], halfmove, fullmove
    );
    match Board::from_fen(&fen, false) {
        Ok(board) => Ok((board, fen)),
        Err(err) => Err(describe(err, fields, halfmove, fullmove)),
    }
}

fn describe(err: FenParseError, fields: &[&str], halfmove: &str, fullmove: &str) -> String {
    match err {
        FenParseError::InvalidBoard => format!(
            "board \"{}\" (side {}) is not a valid position; expected 8 ranks of pieces/digits, one king each, \
             no pawns on the back ranks, and the side not to move not in check",
            fields[0], fields[1]
        ),
        FenParseError::InvalidSideToMove => format!("side to move \"{}\"; expected w or b", fields[1]),
        FenParseError::InvalidCastlingRights => {
            format!("castling \"{}\"; expected - or a subset of KQkq that matches the kings and rooks", fields[2])
        }
        FenParseError::InvalidEnPassant => {
            format!("en-passant square \"{}\"; expected - or a square behind a pawn that just moved two", fields[3])
        }
        FenParseError::InvalidHalfMoveClock => {
            format!("half-move clock \"{halfmove}\"; expected a whole number")
        }
        FenParseError::InvalidFullmoveNumber => format!("move number \"{fullmove}\"; expected a whole number from 1"),
        FenParseError::MissingField | FenParseError::TooManyFields => {
            "FEN; expected 4 fields (board, side, castling, en passant)".to_string()
        }
    }
}
