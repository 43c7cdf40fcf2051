//! Chess helpers around cozy-chess: evaluation, notation, perft.

pub mod eval;
pub mod notation;
pub mod perft;

use cozy_chess::{Board, Move, Piece};

/// Material values in centipawns, as `eval.md` gives them (the king is worth 0).
pub const fn piece_value(piece: Piece) -> i32 {
    match piece {
        Piece::Pawn => 100,
        Piece::Knight => 320,
        Piece::Bishop => 330,
        Piece::Rook => 500,
        Piece::Queen => 900,
        Piece::King => 0,
    }
}

/// The piece a move takes, if any; en passant takes a pawn from an empty target square.
#[inline]
pub fn captured_piece(board: &Board, mv: Move) -> Option<Piece> {
    if board.colors(!board.side_to_move()).has(mv.to) {
        return board.piece_on(mv.to);
    }
    if is_en_passant(board, mv) {
        return Some(Piece::Pawn);
    }
    None
}

/// True for an en-passant capture: a pawn changing file onto the empty en-passant square.
#[inline]
pub fn is_en_passant(board: &Board, mv: Move) -> bool {
    match board.en_passant() {
        Some(file) => {
            mv.to.file() == file
                && mv.from.file() != mv.to.file()
                && board.pieces(Piece::Pawn).has(mv.from)
                && !board.occupied().has(mv.to)
        }
        None => false,
    }
}

/// Captures and promotions: the moves that change material.
#[inline]
pub fn is_tactical(board: &Board, mv: Move) -> bool {
    mv.promotion.is_some() || captured_piece(board, mv).is_some()
}

/// Every legal move in generator order.
pub fn legal_moves(board: &Board) -> Vec<Move> {
    let mut moves = Vec::with_capacity(64);
    board.generate_moves(|piece_moves| {
        moves.extend(piece_moves);
        false
    });
    moves
}
