//! PeSTO's piece values and middlegame and endgame piece-square tables (Ronald Friedrich, as
//! published on the Chessprogramming Wiki, "PeSTO's Evaluation Function"), the material and
//! placement part of the `tapered` evaluation, kept incrementally as one packed score.

use cozy_chess::{Board, Color, File, Move, Piece, Square};

/// A middlegame and an endgame score in one integer (Stockfish's `make_score`), so that one
/// addition updates both: the endgame in the high half, the middlegame in the low half.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Packed(pub i32);

impl Packed {
    /// The pair (`mg`, `eg`).
    #[inline(always)]
    pub const fn new(mg: i32, eg: i32) -> Packed {
        Packed(((eg as u32) << 16).wrapping_add(mg as u32) as i32)
    }

    /// The middlegame half.
    #[inline(always)]
    pub fn mg(self) -> i32 {
        self.0 as u16 as i16 as i32
    }

    /// The endgame half.
    #[inline(always)]
    pub fn eg(self) -> i32 {
        ((self.0 as u32).wrapping_add(0x8000) >> 16) as u16 as i16 as i32
    }
}

impl std::ops::Add for Packed {
    type Output = Packed;
    #[inline(always)]
    fn add(self, other: Packed) -> Packed {
        Packed(self.0.wrapping_add(other.0))
    }
}

impl std::ops::Sub for Packed {
    type Output = Packed;
    #[inline(always)]
    fn sub(self, other: Packed) -> Packed {
        Packed(self.0.wrapping_sub(other.0))
    }
}

impl std::ops::Neg for Packed {
    type Output = Packed;
    #[inline(always)]
    fn neg(self) -> Packed {
        Packed(self.0.wrapping_neg())
    }
}

/// PeSTO's middlegame piece values: pawn, knight, bishop, rook, queen, king.
pub const MG_VALUE: [i32; 6] = [82, 337, 365, 477, 1025, 0];
/// PeSTO's endgame piece values.
pub const EG_VALUE: [i32; 6] = [94, 281, 297, 512, 936, 0];
/// The game phase each piece is worth (24 with every piece on the board: the middlegame).
pub static PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase of the full set of pieces.
pub const PHASE_MAX: i32 = 24;

/// One piece's value plus its table entry, from White's side (`color` reads the tables
/// mirrored for Black); the unit an incremental update adds or removes.
#[inline(always)]
pub fn term(piece: Piece, color: Color, sq: Square) -> Packed {
    TERMS[color as usize][piece as usize][sq as usize]
}

/// `term` for every colour, piece and square, packed once at compile time: a move's update
/// reads two or three of them.
static TERMS: [[[Packed; 64]; 6]; 2] = {
    let mut terms = [[[Packed(0); 64]; 6]; 2];
    let mut color = 0;
    while color < 2 {
        let mut p = 0;
        while p < 6 {
            let mut sq = 0;
            while sq < 64 {
                // The tables are printed rank 8 first: White's a8 is entry 0.
                let i = if color == 0 { sq ^ 56 } else { sq };
                terms[color][p][sq] = Packed::new(
                    MG_VALUE[p] + MG_TABLE[p][i] as i32,
                    EG_VALUE[p] + EG_TABLE[p][i] as i32,
                );
                sq += 1;
            }
            p += 1;
        }
        color += 1;
    }
    terms
};

/// White's sum of `term` minus Black's, over every piece, kings included.
pub fn psq(board: &Board) -> Packed {
    let mut score = Packed::default();
    for &piece in &Piece::ALL {
        for sq in board.colored_pieces(Color::White, piece) {
            score = score + term(piece, Color::White, sq);
        }
        for sq in board.colored_pieces(Color::Black, piece) {
            score = score - term(piece, Color::Black, sq);
        }
    }
    score
}

/// How `mv` (legal, moving `piece`) changes `psq`; read before the move is played.
#[inline(always)]
pub fn delta(board: &Board, mv: Move, piece: Piece) -> Packed {
    let us = board.side_to_move();
    let mut change;
    if piece == Piece::King && board.colors(us).has(mv.to) {
        // cozy-chess castles as king-takes-own-rook.
        let rank = mv.from.rank();
        let (king_file, rook_file) = if mv.to.file() > mv.from.file() {
            (File::G, File::F)
        } else {
            (File::C, File::D)
        };
        change = term(Piece::King, us, Square::new(king_file, rank))
            - term(Piece::King, us, mv.from)
            + term(Piece::Rook, us, Square::new(rook_file, rank))
            - term(Piece::Rook, us, mv.to);
    } else {
        change = term(mv.promotion.unwrap_or(piece), us, mv.to) - term(piece, us, mv.from);
        if board.colors(!us).has(mv.to) {
            if let Some(victim) = board.piece_on(mv.to) {
                change = change + term(victim, !us, mv.to);
            }
        } else if piece == Piece::Pawn && mv.from.file() != mv.to.file() {
            // En passant: the pawn taken stands beside the target square.
            change = change + term(Piece::Pawn, !us, Square::new(mv.to.file(), mv.from.rank()));
        }
    }
    if us == Color::White {
        change
    } else {
        -change
    }
}

/// The game phase: `PHASE_MAX` with all pieces on, 0 with pawns and kings alone.
#[inline]
pub fn phase(board: &Board) -> i32 {
    let count = |p: Piece| board.pieces(p).len() as i32 * PHASE_WEIGHT[p as usize];
    (count(Piece::Knight) + count(Piece::Bishop) + count(Piece::Rook) + count(Piece::Queen))
        .min(PHASE_MAX)
}

/// The blend of a (middlegame, endgame) pair at `phase`, PeSTO's way.
#[inline(always)]
pub fn taper(mg: i32, eg: i32, phase: i32) -> i32 {
    (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX
}

const MG_TABLE: [[i16; 64]; 6] = [MG_PAWN, MG_KNIGHT, MG_BISHOP, MG_ROOK, MG_QUEEN, MG_KING];
const EG_TABLE: [[i16; 64]; 6] = [EG_PAWN, EG_KNIGHT, EG_BISHOP, EG_ROOK, EG_QUEEN, EG_KING];

#[rustfmt::skip]
const MG_PAWN: [i16; 64] = [
       0,    0,    0,    0,    0,    0,    0,    0,
      98,  134,   61,   95,   68,  126,   34,  -11,
      -6,    7,   26,   31,   65,   56,   25,  -20,
     -14,   13,    6,   21,   23,   12,   17,  -23,
     -27,   -2,   -5,   12,   17,    6,   10,  -25,
     -26,   -4,   -4,  -10,    3,    3,   33,  -12,
     -35,   -1,  -20,  -23,  -15,   24,   38,  -22,
       0,    0,    0,    0,    0,    0,    0,    0,
];
#[rustfmt::skip]
const EG_PAWN: [i16; 64] = [
       0,    0,    0,    0,    0,    0,    0,    0,
     178,  173,  158,  134,  147,  132,  165,  187,
      94,  100,   85,   67,   56,   53,   82,   84,
      32,   24,   13,    5,   -2,    4,   17,   17,
      13,    9,   -3,   -7,   -7,   -8,    3,   -1,
       4,    7,   -6,    1,    0,   -5,   -1,   -8,
      13,    8,    8,   10,   13,    0,    2,   -7,
       0,    0,    0,    0,    0,    0,    0,    0,
];
#[rustfmt::skip]
const MG_KNIGHT: [i16; 64] = [
    -167,  -89,  -34,  -49,   61,  -97,  -15, -107,
     -73,  -41,   72,   36,   23,   62,    7,  -17,
     -47,   60,   37,   65,   84,  129,   73,   44,
      -9,   17,   19,   53,   37,   69,   18,   22,
     -13,    4,   16,   13,   28,   19,   21,   -8,
     -23,   -9,   12,   10,   19,   17,   25,  -16,
     -29,  -53,  -12,   -3,   -1,   18,  -14,  -19,
    -105,  -21,  -58,  -33,  -17,  -28,  -19,  -23,
];
#[rustfmt::skip]
const EG_KNIGHT: [i16; 64] = [
     -58,  -38,  -13,  -28,  -31,  -27,  -63,  -99,
     -25,   -8,  -25,   -2,   -9,  -25,  -24,  -52,
     -24,  -20,   10,    9,   -1,   -9,  -19,  -41,
     -17,    3,   22,   22,   22,   11,    8,  -18,
     -18,   -6,   16,   25,   16,   17,    4,  -18,
     -23,   -3,   -1,   15,   10,   -3,  -20,  -22,
     -42,  -20,  -10,   -5,   -2,  -20,  -23,  -44,
     -29,  -51,  -23,  -15,  -22,  -18,  -50,  -64,
];
#[rustfmt::skip]
const MG_BISHOP: [i16; 64] = [
     -29,    4,  -82,  -37,  -25,  -42,    7,   -8,
     -26,   16,  -18,  -13,   30,   59,   18,  -47,
     -16,   37,   43,   40,   35,   50,   37,   -2,
      -4,    5,   19,   50,   37,   37,    7,   -2,
      -6,   13,   13,   26,   34,   12,   10,    4,
       0,   15,   15,   15,   14,   27,   18,   10,
       4,   15,   16,    0,    7,   21,   33,    1,
     -33,   -3,  -14,  -21,  -13,  -12,  -39,  -21,
];
#[rustfmt::skip]
const EG_BISHOP: [i16; 64] = [
     -14,  -21,  -11,   -8,   -7,   -9,  -17,  -24,
      -8,   -4,    7,  -12,   -3,  -13,   -4,  -14,
       2,   -8,    0,   -1,   -2,    6,    0,    4,
      -3,    9,   12,    9,   14,   10,    3,    2,
      -6,    3,   13,   19,    7,   10,   -3,   -9,
     -12,   -3,    8,   10,   13,    3,   -7,  -15,
     -14,  -18,   -7,   -1,    4,   -9,  -15,  -27,
     -23,   -9,  -23,   -5,   -9,  -16,   -5,  -17,
];
#[rustfmt::skip]
const MG_ROOK: [i16; 64] = [
      32,   42,   32,   51,   63,    9,   31,   43,
      27,   32,   58,   62,   80,   67,   26,   44,
      -5,   19,   26,   36,   17,   45,   61,   16,
     -24,  -11,    7,   26,   24,   35,   -8,  -20,
     -36,  -26,  -12,   -1,    9,   -7,    6,  -23,
     -45,  -25,  -16,  -17,    3,    0,   -5,  -33,
     -44,  -16,  -20,   -9,   -1,   11,   -6,  -71,
     -19,  -13,    1,   17,   16,    7,  -37,  -26,
];
#[rustfmt::skip]
const EG_ROOK: [i16; 64] = [
      13,   10,   18,   15,   12,   12,    8,    5,
      11,   13,   13,   11,   -3,    3,    8,    3,
       7,    7,    7,    5,    4,   -3,   -5,   -3,
       4,    3,   13,    1,    2,    1,   -1,    2,
       3,    5,    8,    4,   -5,   -6,   -8,  -11,
      -4,    0,   -5,   -1,   -7,  -12,   -8,  -16,
      -6,   -6,    0,    2,   -9,   -9,  -11,   -3,
      -9,    2,    3,   -1,   -5,  -13,    4,  -20,
];
#[rustfmt::skip]
const MG_QUEEN: [i16; 64] = [
     -28,    0,   29,   12,   59,   44,   43,   45,
     -24,  -39,   -5,    1,  -16,   57,   28,   54,
     -13,  -17,    7,    8,   29,   56,   47,   57,
     -27,  -27,  -16,  -16,   -1,   17,   -2,    1,
      -9,  -26,   -9,  -10,   -2,   -4,    3,   -3,
     -14,    2,  -11,   -2,   -5,    2,   14,    5,
     -35,   -8,   11,    2,    8,   15,   -3,    1,
      -1,  -18,   -9,   10,  -15,  -25,  -31,  -50,
];
#[rustfmt::skip]
const EG_QUEEN: [i16; 64] = [
      -9,   22,   22,   27,   27,   19,   10,   20,
     -17,   20,   32,   41,   58,   25,   30,    0,
     -20,    6,    9,   49,   47,   35,   19,    9,
       3,   22,   24,   45,   57,   40,   57,   36,
     -18,   28,   19,   47,   31,   34,   39,   23,
     -16,  -27,   15,    6,    9,   17,   10,    5,
     -22,  -23,  -30,  -16,  -16,  -23,  -36,  -32,
     -33,  -28,  -22,  -43,   -5,  -32,  -20,  -41,
];
#[rustfmt::skip]
const MG_KING: [i16; 64] = [
     -65,   23,   16,  -15,  -56,  -34,    2,   13,
      29,   -1,  -20,   -7,   -8,   -4,  -38,  -29,
      -9,   24,    2,  -16,  -20,    6,   22,  -22,
     -17,  -20,  -12,  -27,  -30,  -25,  -14,  -36,
     -49,   -1,  -27,  -39,  -46,  -44,  -33,  -51,
     -14,  -14,  -22,  -46,  -44,  -30,  -15,  -27,
       1,    7,   -8,  -64,  -43,  -16,    9,    8,
     -15,   36,   12,  -54,    8,  -28,   24,   14,
];
#[rustfmt::skip]
const EG_KING: [i16; 64] = [
     -74,  -35,  -18,  -18,  -11,   15,    4,  -17,
     -12,   17,   14,   17,   17,   38,   23,   11,
      10,   17,   23,   15,   20,   45,   44,   13,
      -8,   22,   24,   27,   26,   33,   26,    3,
     -18,   -4,   21,   24,   27,   23,    9,  -11,
     -19,   -3,   11,   21,   23,   16,    7,   -9,
     -27,  -11,    4,   13,   14,    4,   -5,  -17,
     -53,  -34,  -21,  -11,  -28,  -14,  -24,  -43,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_scores_add_both_halves() {
        for (mg, eg) in [(0, 0), (5, -7), (-1200, 900), (30000, -30000), (-1, -1)] {
            let p = Packed::new(mg, eg);
            assert_eq!((p.mg(), p.eg()), (mg, eg));
            let q = p + Packed::new(17, -3) - Packed::new(-2, 40);
            assert_eq!((q.mg(), q.eg()), (mg + 19, eg - 43));
            assert_eq!(((-p).mg(), (-p).eg()), (-mg, -eg));
        }
    }

    #[test]
    fn the_start_is_level_and_phase_full() {
        let board = Board::default();
        assert_eq!(psq(&board), Packed::default());
        assert_eq!(phase(&board), PHASE_MAX);
        // A white pawn on e4 reads the table's fifth row from the top (PeSTO's rank 4).
        let e4 = term(Piece::Pawn, Color::White, Square::E4);
        assert_eq!((e4.mg(), e4.eg()), (82 + 17, 94 - 7));
        let e5 = term(Piece::Pawn, Color::Black, Square::E5);
        assert_eq!(e4, e5, "Black reads the tables mirrored");
    }
}
