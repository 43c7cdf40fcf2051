//! Move notation at the edges: UCI output, and SAN input read with shakmaty.

use cozy_chess::{Board, File, Move, Piece, Square};
use shakmaty::{CastlingMode, Chess};

/// UCI text for a move; cozy-chess encodes castling as king-takes-rook, UCI as the king's two-step.
pub fn uci(board: &Board, mv: Move) -> String {
    let us = board.side_to_move();
    let mut mv = mv;
    if mv.from == board.king(us) && board.colored_pieces(us, Piece::Rook).has(mv.to) {
        let file = if mv.to.file() > mv.from.file() {
            File::G
        } else {
            File::C
        };
        mv.to = Square::new(file, mv.from.rank());
    }
    mv.to_string()
}

/// UCI text for a line of moves played from `board`.
pub fn uci_line(board: &Board, line: &[Move]) -> String {
    let mut board = board.clone();
    let mut out = String::new();
    for &mv in line {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&uci(&board, mv));
        board.play_unchecked(mv);
    }
    out
}

/// A shakmaty position for SAN reading; `fen` has all six FEN fields.
pub fn san_position(fen: &str) -> Result<Chess, String> {
    let parsed: shakmaty::fen::Fen = fen.parse().map_err(|e| format!("{e}"))?;
    // Same policy as the board: an unreachable but well-defined position (two checkers on one
    // diagonal, as perftsuite.051) is still a position whose moves can be named.
    match parsed.into_position::<Chess>(CastlingMode::Standard) {
        Ok(pos) => Ok(pos),
        Err(e) => e.ignore_impossible_check().map_err(|e| format!("{e}")),
    }
}

/// Reads one SAN move (with or without `+`/`#`) and returns the cozy-chess move.
pub fn san_to_move(pos: &Chess, san: &str) -> Result<Move, String> {
    let parsed: shakmaty::san::SanPlus = san
        .parse()
        .or_else(|_| with_promotion_sign(san).parse())
        .map_err(|_| "not SAN".to_string())?;
    let mv = parsed.san.to_move(pos).map_err(|e| match e {
        shakmaty::san::SanError::AmbiguousSan => "ambiguous here".to_string(),
        shakmaty::san::SanError::IllegalSan => "not a legal move here".to_string(),
    })?;
    Ok(to_cozy(&mv))
}

/// Old EPD files write promotions as `e8N`; shakmaty wants `e8=N`.
fn with_promotion_sign(san: &str) -> String {
    let body = san.trim_end_matches(['+', '#']);
    let marks = &san[body.len()..];
    let bytes = body.as_bytes();
    match bytes {
        [.., rank, piece]
            if matches!(rank, b'1' | b'8') && matches!(piece, b'Q' | b'R' | b'B' | b'N') =>
        {
            format!("{}={}{}", &body[..body.len() - 1], *piece as char, marks)
        }
        _ => san.to_string(),
    }
}

fn to_cozy(mv: &shakmaty::Move) -> Move {
    let sq = |s: shakmaty::Square| Square::index(u32::from(s) as usize);
    match *mv {
        shakmaty::Move::Normal {
            from,
            to,
            promotion,
            ..
        } => Move {
            from: sq(from),
            to: sq(to),
            promotion: promotion.map(|role| match role {
                shakmaty::Role::Knight => Piece::Knight,
                shakmaty::Role::Bishop => Piece::Bishop,
                shakmaty::Role::Rook => Piece::Rook,
                _ => Piece::Queen,
            }),
        },
        shakmaty::Move::EnPassant { from, to } => Move {
            from: sq(from),
            to: sq(to),
            promotion: None,
        },
        // cozy-chess, like shakmaty's Castle, names the rook's square as the target.
        shakmaty::Move::Castle { king, rook } => Move {
            from: sq(king),
            to: sq(rook),
            promotion: None,
        },
        shakmaty::Move::Put { to, .. } => Move {
            from: sq(to),
            to: sq(to),
            promotion: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castling_prints_as_the_king_two_step() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let board = Board::from_fen(fen, false).unwrap();
        let pos = san_position(fen).unwrap();
        let short = san_to_move(&pos, "O-O").unwrap();
        let long = san_to_move(&pos, "O-O-O").unwrap();
        assert!(board.is_legal(short) && board.is_legal(long));
        assert_eq!(uci(&board, short), "e1g1");
        assert_eq!(uci(&board, long), "e1c1");
    }

    #[test]
    fn san_with_check_marks_and_promotion() {
        let fen = "8/P6k/8/8/8/8/8/K7 w - - 0 1";
        let pos = san_position(fen).unwrap();
        let board = Board::from_fen(fen, false).unwrap();
        let mv = san_to_move(&pos, "a8=Q").unwrap();
        assert_eq!(uci(&board, mv), "a7a8q");
        assert_eq!(san_to_move(&pos, "a8=Q+").unwrap(), mv);
        assert_eq!(san_to_move(&pos, "a8Q").unwrap(), mv);
        assert_eq!(san_to_move(&pos, "Qh9").unwrap_err(), "not SAN");
        assert_eq!(
            san_to_move(&pos, "Kb3").unwrap_err(),
            "not a legal move here"
        );
    }
}
