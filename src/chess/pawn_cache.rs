//! The tapered evaluation's pawn table, as Fruit 2.1 keeps one (`pawn.cpp`): the terms that
//! depend only on the pawns, the kings' squares and the castling rights (pawn structure,
//! passed pawns, king shelter and storm) change at few of a search's nodes, so each is worked
//! out once per search and looked up after. An entry holds its whole key, so a lookup returns
//! exactly what the terms would compute: no count depends on what the table holds.

use super::pawn_terms::{pawn_terms, PawnTerms};
use super::terms::Terms;
use cozy_chess::{Board, Color, Piece};
use std::cell::Cell;

/// Slots in a table (32 bytes each: 512 KiB).
const SLOTS: usize = 1 << 14;

/// One slot: the full key and the terms it stands for.
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    white_pawns: u64,
    black_pawns: u64,
    /// Kings' squares, castling rights and which pawn terms are on (`key_rest`).
    rest: u32,
    terms: PawnTerms,
}

/// A direct-mapped table of `PawnTerms`, empty (and unallocated) for evaluations without them.
#[derive(Debug, Default)]
pub struct PawnCache {
    slots: Box<[Cell<Slot>]>,
}

impl PawnCache {
    /// A table for a search with `tapered` evaluation; `PawnCache::default()` for any other.
    pub fn new() -> Self {
        PawnCache {
            slots: (0..SLOTS).map(|_| Cell::new(Slot::default())).collect(),
        }
    }

    /// The pawn terms of `board`, from the table when it holds them.
    #[inline]
    pub fn lookup(&self, board: &Board, enabled: &Terms) -> PawnTerms {
        if self.slots.is_empty() {
            return pawn_terms(board, enabled.pawn_switches());
        }
        let white_pawns = board.colored_pieces(Color::White, Piece::Pawn).0;
        let black_pawns = board.colored_pieces(Color::Black, Piece::Pawn).0;
        let rest = key_rest(board, enabled);
        let hash = (white_pawns ^ black_pawns.rotate_left(29) ^ u64::from(rest).rotate_left(43))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        // The hash's top bits pick the slot (the multiplication mixes best into them).
        let cell = &self.slots[(hash >> (64 - SLOTS.trailing_zeros())) as usize];
        let slot = cell.get();
        // Two kings never share a square, so the empty slot's key (all zero) matches no board.
        if slot.white_pawns == white_pawns && slot.black_pawns == black_pawns && slot.rest == rest {
            return slot.terms;
        }
        let terms = pawn_terms(board, enabled.pawn_switches());
        cell.set(Slot {
            white_pawns,
            black_pawns,
            rest,
            terms,
        });
        terms
    }
}

/// The key beside the pawns: both kings' squares, the four castling rights, and the two
/// knobs that change the pawn terms.
#[inline]
fn key_rest(board: &Board, enabled: &Terms) -> u32 {
    let rights = |color: Color| {
        let r = board.castle_rights(color);
        u32::from(r.short.is_some()) | u32::from(r.long.is_some()) << 1
    };
    board.king(Color::White) as u32
        | (board.king(Color::Black) as u32) << 6
        | rights(Color::White) << 12
        | rights(Color::Black) << 14
        | u32::from(enabled.pawn_structure) << 16
        | u32::from(enabled.passed_pawns) << 17
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lookup_returns_what_the_terms_compute() {
        let cache = PawnCache::new();
        let none = PawnCache::default();
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b - - 3 3",
        ] {
            let board = Board::from_fen(fen, false).unwrap();
            for enabled in [
                Terms::ALL,
                Terms {
                    passed_pawns: false,
                    ..Terms::ALL
                },
            ] {
                let direct = pawn_terms(&board, enabled.pawn_switches());
                assert_eq!(cache.lookup(&board, &enabled), direct, "{fen}, a miss");
                assert_eq!(cache.lookup(&board, &enabled), direct, "{fen}, a hit");
                assert_eq!(none.lookup(&board, &enabled), direct, "{fen}, no table");
            }
        }
    }
}
