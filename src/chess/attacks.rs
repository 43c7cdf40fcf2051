//! Knight, king and pawn attack sets from `static` tables.
//!
//! cozy-chess's `get_knight_moves`, `get_king_moves` and `get_pawn_attacks` index a `const`
//! table inside a `const fn`; where the compiler materialises that table as a temporary, each
//! call copies 512 bytes onto the stack first (callgrind showed `memcpy` at 4% of a game's
//! instructions, from the evaluation's king zone and knight mobility). The same sets, built
//! once from those functions into statics, are read in place.

use cozy_chess::{BitBoard, Color, Square};

/// A table of `$set(square)` for every square, built at compile time.
macro_rules! table {
    ($set:path $(, $arg:expr)?) => {{
        let mut table = [BitBoard::EMPTY; 64];
        let mut i = 0;
        while i < 64 {
            table[i] = $set(Square::index_const(i) $(, $arg)?);
            i += 1;
        }
        table
    }};
}

static KNIGHT: [BitBoard; 64] = table!(cozy_chess::get_knight_moves);
static KING: [BitBoard; 64] = table!(cozy_chess::get_king_moves);
static PAWN: [[BitBoard; 64]; 2] = [
    table!(cozy_chess::get_pawn_attacks, Color::White),
    table!(cozy_chess::get_pawn_attacks, Color::Black),
];

/// The squares a knight on `sq` attacks.
#[inline(always)]
pub fn knight(sq: Square) -> BitBoard {
    KNIGHT[sq as usize]
}

/// The squares a king on `sq` attacks.
#[inline(always)]
pub fn king(sq: Square) -> BitBoard {
    KING[sq as usize]
}

/// The squares a pawn of `color` on `sq` attacks.
#[inline(always)]
pub fn pawn(sq: Square, color: Color) -> BitBoard {
    PAWN[color as usize][sq as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_are_cozy_chess_sets() {
        for sq in Square::ALL {
            assert_eq!(knight(sq), cozy_chess::get_knight_moves(sq));
            assert_eq!(king(sq), cozy_chess::get_king_moves(sq));
            for color in Color::ALL {
                assert_eq!(pawn(sq, color), cozy_chess::get_pawn_attacks(sq, color));
            }
        }
    }
}
