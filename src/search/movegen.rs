//! Stage-wise generation into stack lists: captures, tactical moves, quiet moves.

use arrayvec::ArrayVec;
use cozy_chess::{
    get_bishop_moves, get_king_moves, get_knight_moves, get_pawn_attacks, get_rook_moves, BitBoard,
    Board, Color, Move, Piece, PieceMoves, Rank, Square,
};

/// A move with its ordering score.
#[derive(Debug, Clone, Copy)]
pub struct ScoredMove {
    /// The move.
    pub mv: Move,
    /// The piece that moves, as the generator found it (in what would be padding: the entry
    /// stays 8 bytes), so that scoring need not look it up again.
    pub piece: Piece,
    /// Higher is tried first; ties keep generator order.
    pub score: i32,
}

/// A stack-allocated move list (218 is the most legal moves any position has).
pub type MoveList = ArrayVec<ScoredMove, 256>;

/// Which moves a generation pass produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gen {
    /// Every legal move.
    All,
    /// Captures (en passant included) and promotions.
    Tactical,
    /// Captures only (quiescence).
    Captures,
    /// Everything that is not tactical.
    Quiet,
    /// Everything that is not a capture: quiet moves and non-capturing promotions.
    NonCaptures,
}

/// Appends the legal moves of kind `gen` to `list`, in cozy-chess generator order, with score 0
/// (the capture stage's `tactical::generate_tactical` gives captures faster, in this order).
#[inline]
pub fn generate(board: &Board, gen: Gen, list: &mut MoveList) {
    for_each_group(board, gen, |piece_moves| {
        let piece = piece_moves.piece;
        for mv in piece_moves {
            list.push(ScoredMove {
                mv,
                piece,
                score: 0,
            });
        }
        false
    });
}

/// Hands the legal moves of kind `gen` to `listener` one piece at a time, in cozy-chess
/// generator order, never empty; the listener returns true to stop.
#[inline]
pub fn for_each_group(board: &Board, gen: Gen, mut listener: impl FnMut(PieceMoves) -> bool) {
    let us = board.side_to_move();
    let them = board.colors(!us);
    let ep: BitBoard = match board.en_passant() {
        Some(file) => Square::new(file, Rank::Sixth.relative_to(us)).bitboard(),
        None => BitBoard::EMPTY,
    };
    let promo_rank = Rank::Eighth.relative_to(us).bitboard();
    board.generate_moves(|mut piece_moves| {
        let is_pawn = piece_moves.piece == Piece::Pawn;
        let captures = if is_pawn { them | ep } else { them };
        let tactical = if is_pawn {
            captures | promo_rank
        } else {
            captures
        };
        match gen {
            Gen::All => {}
            Gen::Tactical => piece_moves.to &= tactical,
            Gen::Captures => piece_moves.to &= captures,
            Gen::Quiet => piece_moves.to &= !tactical,
            Gen::NonCaptures => piece_moves.to &= !captures,
        }
        !piece_moves.to.is_empty() && listener(piece_moves)
    });
}

/// The squares of `them` our king may legally capture on.
#[inline]
pub fn king_captures(board: &Board, us: Color, king: Square, them: BitBoard) -> BitBoard {
    (get_king_moves(king) & them)
        .into_iter()
        .filter(|&to| king_safe_on(board, us, king, to))
        .fold(BitBoard::EMPTY, |set, to| set | to.bitboard())
}

/// Whether our king could stand on `square` (an enemy piece's square) once it has moved there.
#[inline]
fn king_safe_on(board: &Board, us: Color, king: Square, square: Square) -> bool {
    let their = board.colors(!us);
    let occupied = board.occupied() ^ king.bitboard() | square.bitboard();
    let attacked = (get_bishop_moves(square, occupied)
        & (board.pieces(Piece::Bishop) | board.pieces(Piece::Queen)))
        | (get_rook_moves(square, occupied)
            & (board.pieces(Piece::Rook) | board.pieces(Piece::Queen)))
        | (get_knight_moves(square) & board.pieces(Piece::Knight))
        | (get_king_moves(square) & board.pieces(Piece::King))
        | (get_pawn_attacks(square, us) & board.pieces(Piece::Pawn));
    (attacked & their).is_empty()
}

/// Sorts by score, highest first, keeping generator order among equals; no allocation.
#[inline]
pub fn sort_stable(list: &mut [ScoredMove]) {
    for i in 1..list.len() {
        let item = list[i];
        let mut j = i;
        while j > 0 && list[j - 1].score < item.score {
            list[j] = list[j - 1];
            j -= 1;
        }
        list[j] = item;
    }
}

/// A list entry with an ordering score.
pub trait Scored {
    /// Higher is tried first.
    fn score(&self) -> i32;
}

impl Scored for ScoredMove {
    #[inline]
    fn score(&self) -> i32 {
        self.score
    }
}

/// Moves the best-scored entry at or after `start` to `start`, keeping the others in order.
#[inline]
pub fn select_best<T: Scored>(list: &mut [T], start: usize) {
    let mut best = start;
    for i in start + 1..list.len() {
        if list[i].score() > list[best].score() {
            best = i;
        }
    }
    if best != start {
        list[start..=best].rotate_right(1);
    }
}

/// The best entry from `next` on (the next one as it stands when `sorted`), and advances.
#[inline]
pub fn take_best<T: Scored + Copy>(list: &mut [T], next: &mut usize, sorted: bool) -> Option<T> {
    if *next >= list.len() {
        return None;
    }
    if !sorted {
        select_best(list, *next);
    }
    *next += 1;
    Some(list[*next - 1])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{is_tactical, legal_moves};

    #[test]
    fn stages_partition_the_legal_moves() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        ] {
            let board = Board::from_fen(fen, false).unwrap();
            let (mut all, mut tactical, mut quiet, mut captures) = (
                MoveList::new(),
                MoveList::new(),
                MoveList::new(),
                MoveList::new(),
            );
            generate(&board, Gen::All, &mut all);
            generate(&board, Gen::Tactical, &mut tactical);
            generate(&board, Gen::Quiet, &mut quiet);
            generate(&board, Gen::Captures, &mut captures);
            assert_eq!(all.len(), legal_moves(&board).len());
            // The capture-only path keeps the full generator's order.
            let masked: Vec<Move> = all
                .iter()
                .map(|m| m.mv)
                .filter(|&mv| is_tactical(&board, mv))
                .collect();
            let tactical_moves: Vec<Move> = tactical.iter().map(|m| m.mv).collect();
            assert_eq!(tactical_moves, masked, "{fen}");
            assert_eq!(tactical.len() + quiet.len(), all.len(), "{fen}");
            assert!(tactical.iter().all(|m| is_tactical(&board, m.mv)));
            assert!(quiet.iter().all(|m| !is_tactical(&board, m.mv)));
            assert!(captures
                .iter()
                .all(|m| crate::chess::captured_piece(&board, m.mv).is_some()));
        }
    }

    #[test]
    fn selection_is_stable_on_ties() {
        let m = |s: &str, score| ScoredMove {
            mv: s.parse().unwrap(),
            piece: Piece::Pawn,
            score,
        };
        let mut list = vec![m("a2a3", 0), m("b2b3", 5), m("c2c3", 0), m("d2d3", 5)];
        let mut order = Vec::new();
        for i in 0..list.len() {
            select_best(&mut list, i);
            order.push(list[i].mv.to_string());
        }
        assert_eq!(order, ["b2b3", "d2d3", "a2a3", "c2c3"]);
    }
}
