//! Move scores for the picker: capture orders, losing captures.

use crate::chess::{captured_piece, piece_value};
use crate::config::search_config::CaptureOrder;
use cozy_chess::{Board, Move, Piece};

/// Attacker value for ordering: the king is the last attacker to try.
#[inline]
fn attacker_value(piece: Piece) -> i32 {
    match piece {
        Piece::King => 1000,
        other => piece_value(other),
    }
}

/// Least-valuable-attacker rank: pawn 1 … king 6.
#[inline]
pub fn attacker_rank(piece: Piece) -> i32 {
    piece as i32 + 1
}

/// Material a capture or promotion wins at once: the victim plus the promotion's gain.
#[inline]
pub fn gain(board: &Board, mv: Move) -> i32 {
    let victim = captured_piece(board, mv).map_or(0, piece_value);
    let promotion = mv
        .promotion
        .map_or(0, |p| piece_value(p) - piece_value(Piece::Pawn));
    victim + promotion
}

/// MVV/LVA from known pieces: the quiescence hot path, with no board lookups.
#[inline]
pub fn mvv_lva_known(attacker: Piece, victim: Piece, promotion: Option<Piece>) -> i32 {
    let gain =
        piece_value(victim) + promotion.map_or(0, |p| piece_value(p) - piece_value(Piece::Pawn));
    gain * 16 - attacker_rank(attacker)
}

/// `is_losing_capture` from known pieces.
#[inline]
pub fn is_losing_known(attacker: Piece, victim: Piece, promotion: Option<Piece>) -> bool {
    promotion.is_none() && piece_value(attacker) > piece_value(victim)
}

/// Score of a capture or promotion under `order`; higher is tried first.
#[inline]
pub fn capture_score(board: &Board, mv: Move, order: CaptureOrder) -> i32 {
    let attacker = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
    capture_score_known(board, mv, attacker, gain(board, mv), order)
}

/// Material a capture of `victim` (or a promotion) wins at once, from known pieces.
#[inline]
pub fn gain_known(victim: Option<Piece>, promotion: Option<Piece>) -> i32 {
    victim.map_or(0, piece_value)
        + promotion.map_or(0, |p| piece_value(p) - piece_value(Piece::Pawn))
}

/// `capture_score` with the attacker and the gain known (the generator knows them).
#[inline]
pub fn capture_score_known(
    board: &Board,
    mv: Move,
    attacker: Piece,
    gain: i32,
    order: CaptureOrder,
) -> i32 {
    match order {
        CaptureOrder::None | CaptureOrder::First => 0,
        CaptureOrder::Mvv => gain,
        // Victim values differ by at least 10, so ×16 keeps MVV strict and the rank only breaks ties.
        CaptureOrder::MvvLva => gain * 16 - attacker_rank(attacker),
        CaptureOrder::VictimMinusAttacker => gain - attacker_value(attacker),
        CaptureOrder::ScaledVictimMinusAttacker => 100 * gain - attacker_value(attacker),
        // The exchange's outcome first; equal outcomes by the cheaper attacker.
        CaptureOrder::See => {
            super::see::see_known(board, mv, attacker, gain) * 16 - attacker_rank(attacker)
        }
    }
}

/// A capture whose attacker is worth more than what it wins (Kornilov's "losing" capture).
/// The king counts 0: a legal king capture can never lose the king. The search asks
/// `is_losing_known_gain` with what it already knows; this form is the tests'.
#[cfg(test)]
pub fn is_losing_capture(board: &Board, mv: Move) -> bool {
    let attacker = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
    is_losing_known_gain(mv, attacker, gain(board, mv))
}

/// `is_losing_capture` with the attacker and the gain known.
#[inline]
pub fn is_losing_known_gain(mv: Move, attacker: Piece, gain: i32) -> bool {
    mv.promotion.is_none() && piece_value(attacker) > gain
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mvv_lva_orders_pawn_takes_queen_first_and_king_last() {
        // A black queen on d5 attacked by a pawn, knight, bishop, rook, queen and king.
        let board = Board::from_fen("k7/8/8/3q4/2P1K3/1N1R4/1B6/3Q4 w - - 0 1", false).unwrap();
        let score = |s: &str| capture_score(&board, s.parse().unwrap(), CaptureOrder::MvvLva);
        assert!(score("d3d5") > score("d1d5"));
        assert!(score("d1d5") > score("e4d5"));
        assert!(score("c4d5") > score("d3d5"));
    }

    #[test]
    fn the_two_ifrit_formulas() {
        let board = Board::from_fen("k7/8/8/3p4/8/8/8/K2Q4 w - - 0 1", false).unwrap();
        let qxp: Move = "d1d5".parse().unwrap();
        assert_eq!(
            capture_score(&board, qxp, CaptureOrder::VictimMinusAttacker),
            100 - 900
        );
        assert_eq!(
            capture_score(&board, qxp, CaptureOrder::ScaledVictimMinusAttacker),
            100 * 100 - 900
        );
        assert!(is_losing_capture(&board, qxp));
    }

    #[test]
    fn promotions_rank_with_captures_and_king_captures_never_lose() {
        let board = Board::from_fen("7k/P7/8/8/8/8/8/K7 w - - 0 1", false).unwrap();
        let promo: Move = "a7a8q".parse().unwrap();
        assert_eq!(gain(&board, promo), 800);
        assert!(!is_losing_capture(&board, promo));
        let board = Board::from_fen("7k/8/8/8/8/8/1p6/K7 w - - 0 1", false).unwrap();
        assert!(!is_losing_capture(&board, "a1b2".parse().unwrap()));
    }
}
