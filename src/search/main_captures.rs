//! The main search's capture stage: legal captures (and, when asked, promotions) in exactly
//! the order cozy-chess's `generate_moves` lists them, without generating anything else.
//!
//! Capture orders that leave ties (`first`, and MVV/LVA between equal gains) hand the tied
//! moves out in generator order, so the order is part of every node count. The full
//! generator computes every piece's quiet moves and the king's safety on each square before
//! a mask throws them away; this visits the same pieces in the same order (pawns, en passant,
//! knights, bishops, rooks, queens, king; unpinned before pinned) with the targets narrowed
//! first. The test below holds it to the full generator, move for move.

use super::movegen::{king_captures, MoveList, ScoredMove};
use super::quiescence_captures::en_passant_takers;
use cozy_chess::{
    get_between_rays, get_bishop_moves, get_knight_moves, get_line_rays, get_pawn_attacks,
    get_pawn_quiets, get_rook_moves, BitBoard, Board, Move, Piece, PieceMoves, Rank, Square,
};

/// Appends the legal captures (en passant included), and the non-capturing promotions when
/// `promotions`, in cozy-chess's generator order, each scored by `score(piece, victim, move)`
/// (`None` leaves it out); the victim of en passant is a pawn, a promotion may have none.
#[inline]
pub fn generate_tactical(
    board: &Board,
    promotions: bool,
    list: &mut MoveList,
    mut score: impl FnMut(Piece, Option<Piece>, Move) -> Option<i32>,
) {
    let us = board.side_to_move();
    let them = board.colors(!us);
    let king = board.king(us);
    let checkers = board.checkers();
    // A macro, not a closure: each call site inlines, and most groups are empty.
    macro_rules! push {
        ($piece:expr, $from:expr, $to:expr) => {{
            let to: BitBoard = $to;
            if !to.is_empty() {
                let (piece, from) = ($piece, $from);
                for mv in (PieceMoves { piece, from, to }) {
                    let victim = if them.has(mv.to) {
                        board.piece_on(mv.to)
                    } else if piece == Piece::Pawn && mv.from.file() != mv.to.file() {
                        Some(Piece::Pawn)
                    } else {
                        None
                    };
                    if let Some(score) = score(piece, victim, mv) {
                        list.push(ScoredMove { mv, piece, score });
                    }
                }
            }
        }};
    }
    // Under double check only the king may move.
    if checkers.len() < 2 {
        let in_check = !checkers.is_empty();
        let targets = match checkers.next_square() {
            Some(checker) => get_between_rays(checker, king) | checker.bitboard(),
            None => BitBoard::FULL,
        };
        let captures = them & targets;
        let occupied = board.occupied();
        let pushes = if promotions {
            Rank::Eighth.relative_to(us).bitboard() & targets
        } else {
            BitBoard::EMPTY
        };
        let pinned = board.pinned();
        let pawn_targets = |from: Square| {
            (get_pawn_attacks(from, us) & captures) | (get_pawn_quiets(from, us, occupied) & pushes)
        };
        let pawns = board.colored_pieces(us, Piece::Pawn);
        for from in pawns & !pinned {
            push!(Piece::Pawn, from, pawn_targets(from));
        }
        if !in_check {
            for from in pawns & pinned {
                push!(
                    Piece::Pawn,
                    from,
                    pawn_targets(from) & get_line_rays(king, from)
                );
            }
        }
        if let Some(file) = board.en_passant() {
            let dest = Square::new(file, Rank::Sixth.relative_to(us));
            for from in en_passant_takers(board, us, file, pawns, king) {
                push!(Piece::Pawn, from, dest.bitboard());
            }
        }
        for from in board.colored_pieces(us, Piece::Knight) & !pinned {
            push!(Piece::Knight, from, get_knight_moves(from) & captures);
        }
        // One expansion per slider kind, so each kind's attack lookup is inlined.
        macro_rules! slider {
            ($piece:expr, $reach:expr) => {{
                let ours = board.colored_pieces(us, $piece);
                for from in ours & !pinned {
                    push!($piece, from, $reach(from) & captures);
                }
                // In check a pinned piece can never take the checker.
                if !in_check {
                    for from in ours & pinned {
                        push!(
                            $piece,
                            from,
                            $reach(from) & captures & get_line_rays(king, from)
                        );
                    }
                }
            }};
        }
        slider!(Piece::Bishop, |from| get_bishop_moves(from, occupied));
        slider!(Piece::Rook, |from| get_rook_moves(from, occupied));
        slider!(Piece::Queen, |from| get_bishop_moves(from, occupied)
            | get_rook_moves(from, occupied));
    }
    push!(Piece::King, king, king_captures(board, us, king, them));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::movegen::{generate, Gen};

    #[test]
    fn the_full_generators_order_move_for_move() {
        let boards = crate::chess::sample::positions();
        for board in &boards {
            for (promotions, gen) in [(true, Gen::Tactical), (false, Gen::Captures)] {
                let mut fast = MoveList::new();
                let mut victims = Vec::new();
                generate_tactical(board, promotions, &mut fast, |piece, victim, mv| {
                    assert_eq!(board.piece_on(mv.from), Some(piece));
                    victims.push((victim, crate::chess::captured_piece(board, mv)));
                    Some(0)
                });
                assert!(victims.iter().all(|(fast, full)| fast == full), "{board}");
                let mut full = MoveList::new();
                generate(board, gen, &mut full);
                let fast: Vec<_> = fast.iter().map(|m| m.mv).collect();
                let full: Vec<_> = full.iter().map(|m| m.mv).collect();
                assert_eq!(fast, full, "{board} {gen:?}");
            }
        }
    }
}
