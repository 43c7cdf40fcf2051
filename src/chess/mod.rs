//! Chess helpers around cozy-chess: evaluation, notation, perft.

pub mod attacks;
pub mod eval;
pub mod eval_cache;
pub mod gives_check;
pub mod nnue;
pub mod notation;
pub mod pawn_cache;
pub mod pawn_terms;
pub mod perft_count;
pub mod pesto;
#[cfg(test)]
pub(crate) mod sample;
pub mod terms;

use cozy_chess::{Board, Move, Piece};
pub use gives_check::{gives_check, CheckSquares};

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

/// The position's identity for repetition, as the rules have it: the en-passant square counts
/// only when a legal en-passant capture exists. cozy-chess's `hash` keeps the en-passant file
/// after every double push, so a position reached by a double push would never repeat.
#[inline]
pub fn repetition_key(board: &Board) -> u64 {
    match board.en_passant() {
        Some(file) if !has_legal_en_passant(board, file) => board.hash_without_ep(),
        _ => board.hash(),
    }
}

/// Whether a pawn of the side to move can legally take en passant on `file`.
fn has_legal_en_passant(board: &Board, file: cozy_chess::File) -> bool {
    use cozy_chess::{get_pawn_attacks, Rank, Square};
    let us = board.side_to_move();
    let target = Square::new(file, Rank::Sixth.relative_to(us));
    let takers = board.colored_pieces(us, Piece::Pawn) & get_pawn_attacks(target, !us);
    let mut found = false;
    board.generate_moves_for(takers, |moves| {
        found |= moves.into_iter().any(|m| m.to == target);
        found
    });
    found
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
