//! Whether a move gives check, read from the board before the move is played.
//!
//! The pruning steps decide whether to skip a quiet move by whether it gives check; playing
//! the move to find out costs a full make (cozy-chess recomputes pins and checkers), and most
//! of those moves are then skipped. This answers the same question from attack tables.

use cozy_chess::{
    get_between_rays, get_bishop_moves, get_bishop_rays, get_knight_moves, get_line_rays,
    get_pawn_attacks, get_rook_moves, get_rook_rays, BitBoard, Board, File, Move, Piece, Rank,
    Square,
};

/// Where each of our pieces would give check from, worked out once for a position, so that
/// many moves can be tested at the cost of a lookup each (Stockfish's check squares).
#[derive(Debug, Clone, Copy)]
pub struct CheckSquares {
    /// For each piece kind, the squares from which it attacks the opponent's king.
    direct: [BitBoard; 6],
    /// Our pieces that alone stand between one of our sliders and the opponent's king.
    discoverers: BitBoard,
    their_king: Square,
}

impl CheckSquares {
    /// The check squares of the side to move on `board`.
    pub fn new(board: &Board) -> Self {
        let us = board.side_to_move();
        let their_king = board.king(!us);
        let occupied = board.occupied();
        let bishop = get_bishop_moves(their_king, occupied);
        let rook = get_rook_moves(their_king, occupied);
        let ours = board.colors(us);
        let diagonal = ours & (board.pieces(Piece::Bishop) | board.pieces(Piece::Queen));
        let orthogonal = ours & (board.pieces(Piece::Rook) | board.pieces(Piece::Queen));
        let sliders =
            (get_bishop_rays(their_king) & diagonal) | (get_rook_rays(their_king) & orthogonal);
        let mut discoverers = BitBoard::EMPTY;
        for slider in sliders {
            let between = get_between_rays(slider, their_king) & occupied;
            if between.len() == 1 && !(between & ours).is_empty() {
                discoverers |= between;
            }
        }
        CheckSquares {
            direct: [
                get_pawn_attacks(their_king, !us),
                get_knight_moves(their_king),
                bishop,
                rook,
                bishop | rook,
                BitBoard::EMPTY,
            ],
            discoverers,
            their_king,
        }
    }

    /// The targets from which `piece` on `from` gives check by an ordinary move (not castling,
    /// en passant or a promotion): directly, or by leaving a line to the king.
    #[inline]
    pub fn checking_targets(&self, piece: Piece, from: Square) -> BitBoard {
        let discovered = if self.discoverers.has(from) {
            !get_line_rays(self.their_king, from)
        } else {
            BitBoard::EMPTY
        };
        self.direct[piece as usize] | discovered
    }

    /// `gives_check(board, mv)` for the position these squares were made for.
    #[inline]
    pub fn gives_check(&self, board: &Board, mv: Move) -> bool {
        match board.piece_on(mv.from) {
            Some(piece) => self.gives_check_by(board, piece, mv),
            None => false,
        }
    }

    /// `gives_check` of a move whose piece (`piece`, on `mv.from`) the caller already knows,
    /// as the move generators do.
    #[inline]
    pub fn gives_check_by(&self, board: &Board, piece: Piece, mv: Move) -> bool {
        let special = mv.promotion.is_some()
            || (piece == Piece::King && board.colors(board.side_to_move()).has(mv.to))
            || (piece == Piece::Pawn
                && mv.from.file() != mv.to.file()
                && !board.occupied().has(mv.to));
        if special {
            // Castling, en passant and promotions move more than one piece or change one.
            return gives_check(board, mv);
        }
        self.direct[piece as usize].has(mv.to)
            || (self.discoverers.has(mv.from)
                && !get_line_rays(self.their_king, mv.from).has(mv.to))
    }
}

/// True when `mv` (legal on `board`) leaves the opponent in check: exactly
/// `!child.checkers().is_empty()` after `child.play_unchecked(mv)`.
#[inline]
pub fn gives_check(board: &Board, mv: Move) -> bool {
    let us = board.side_to_move();
    let ours = board.colors(us);
    let their_king = board.king(!us);
    let Some(moved) = board.piece_on(mv.from) else {
        return false;
    };
    // After the move: where our pieces stand, and what is occupied.
    let (mut occupied, mut pieces) = (board.occupied(), [BitBoard::EMPTY; 6]);
    for piece in [
        Piece::Pawn,
        Piece::Knight,
        Piece::Bishop,
        Piece::Rook,
        Piece::Queen,
    ] {
        pieces[piece as usize] = board.colored_pieces(us, piece);
    }
    if moved == Piece::King && ours.has(mv.to) {
        // cozy-chess castles as king-takes-own-rook: the rook lands beside the king's square.
        let rank = Rank::First.relative_to(us);
        let (king_file, rook_file) = if mv.to.file() > mv.from.file() {
            (File::G, File::F)
        } else {
            (File::C, File::D)
        };
        let rook_to = Square::new(rook_file, rank);
        occupied ^= mv.from.bitboard() | mv.to.bitboard();
        occupied |= Square::new(king_file, rank).bitboard() | rook_to.bitboard();
        let rooks = &mut pieces[Piece::Rook as usize];
        *rooks = (*rooks ^ mv.to.bitboard()) | rook_to.bitboard();
    } else {
        occupied = (occupied ^ mv.from.bitboard()) | mv.to.bitboard();
        if moved == Piece::Pawn && mv.from.file() != mv.to.file() && !board.occupied().has(mv.to) {
            // En passant: the taken pawn leaves a square beside the target.
            occupied ^= Square::new(mv.to.file(), mv.from.rank()).bitboard();
        }
        if moved != Piece::King {
            pieces[moved as usize] ^= mv.from.bitboard();
            pieces[mv.promotion.unwrap_or(moved) as usize] |= mv.to.bitboard();
        }
    }
    let diagonal = pieces[Piece::Bishop as usize] | pieces[Piece::Queen as usize];
    let orthogonal = pieces[Piece::Rook as usize] | pieces[Piece::Queen as usize];
    !(get_knight_moves(their_king) & pieces[Piece::Knight as usize]).is_empty()
        || !(get_pawn_attacks(their_king, !us) & pieces[Piece::Pawn as usize]).is_empty()
        || !(get_bishop_moves(their_king, occupied) & diagonal).is_empty()
        || !(get_rook_moves(their_king, occupied) & orthogonal).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::legal_moves;

    /// Every move of every position within `depth` plies of `board` agrees with a real make.
    fn agrees(board: &Board, depth: u32, checked: &mut usize) {
        let squares = CheckSquares::new(board);
        for mv in legal_moves(board) {
            let mut child = board.clone();
            child.play_unchecked(mv);
            let checks = !child.checkers().is_empty();
            assert_eq!(gives_check(board, mv), checks, "{board} {mv}");
            assert_eq!(squares.gives_check(board, mv), checks, "{board} {mv}");
            let piece = board.piece_on(mv.from).unwrap();
            let castles = board.colors(board.side_to_move()).has(mv.to);
            let en_passant = piece == Piece::Pawn
                && mv.from.file() != mv.to.file()
                && !board.occupied().has(mv.to);
            if mv.promotion.is_none() && !castles && !en_passant {
                let by_targets = squares.checking_targets(piece, mv.from).has(mv.to);
                assert_eq!(by_targets, checks, "{board} {mv}");
            }
            *checked += 1;
            if depth > 1 {
                agrees(&child, depth - 1, checked);
            }
        }
    }

    #[test]
    fn agrees_with_playing_the_move() {
        let mut checked = 0;
        for (fen, depth) in [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                4,
            ),
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                3,
            ),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
            (
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                3,
            ),
            (
                "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                3,
            ),
            ("4k3/8/8/2KpP2r/8/8/8/8 w - d6 0 1", 4),
            ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 3),
            ("3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1", 3),
        ] {
            let board = Board::from_fen(fen, false).unwrap();
            agrees(&board, depth, &mut checked);
        }
        assert!(checked > 500_000, "{checked} moves checked");
    }
}
