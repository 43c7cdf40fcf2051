//! The tapered evaluation's cache: a position's whole static evaluation, kept by its Zobrist
//! key. The tapered evaluation costs about a thousand instructions, and a search asks it again
//! for the same positions: a leaf of one iteration is a pruning node of the next, and a game's
//! searches overlap from move to move. Each slot holds the whole 64-bit key, as the
//! transposition table's entries do, so a lookup returns what the evaluation would compute
//! (the key covers the side to move, castling rights and the en-passant file; the evaluation
//! reads nothing else), and no count depends on what the cache holds.

use super::eval::EvalKind;
use super::pawn_cache::PawnCache;
use super::terms::Terms;
use std::cell::Cell;

/// The caches a search evaluates through, which a game keeps from move to move with its other
/// tables: both are exact, so keeping them moves no count. Empty for evaluations other than
/// `tapered`, which need none.
#[derive(Debug, Default)]
pub struct EvalCaches {
    /// Fruit's pawn table.
    pub pawns: PawnCache,
    /// Whole evaluations.
    pub evals: EvalCache,
}

impl EvalCaches {
    /// Empty caches for a search evaluating with `kind` and `terms`.
    pub fn new(kind: EvalKind, terms: Terms) -> Self {
        match kind {
            EvalKind::Tapered => EvalCaches {
                pawns: PawnCache::new(),
                evals: EvalCache::new(terms),
            },
            _ => EvalCaches::default(),
        }
    }

    /// True when these caches serve a search evaluating with `kind` and `terms`.
    pub fn serve(&self, kind: EvalKind, terms: &Terms) -> bool {
        kind == EvalKind::Tapered && self.evals.is_for(terms)
    }
}

/// Slots in a cache (16 bytes each: 1 MiB).
const SLOTS: usize = 1 << 14;

/// One slot: the key and the evaluation, `filled` false while empty.
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    key: u64,
    value: i32,
    filled: bool,
}

/// A direct-mapped cache of evaluations made with one set of terms; empty (and
/// unallocated) for evaluations cheaper than a lookup.
#[derive(Debug, Default)]
pub struct EvalCache {
    slots: Box<[Cell<Slot>]>,
    terms: Option<Terms>,
}

impl EvalCache {
    /// A cache for the tapered evaluation with `terms`.
    pub fn new(terms: Terms) -> Self {
        EvalCache {
            slots: (0..SLOTS).map(|_| Cell::new(Slot::default())).collect(),
            terms: Some(terms),
        }
    }

    /// True when this cache holds evaluations made with `terms`.
    pub fn is_for(&self, terms: &Terms) -> bool {
        !self.slots.is_empty() && self.terms.as_ref() == Some(terms)
    }

    /// The evaluation of the position with Zobrist key `key`: from the cache when it holds
    /// it, else from `evaluate`, then kept.
    #[inline]
    pub fn get_or(&self, key: u64, evaluate: impl FnOnce() -> i32) -> i32 {
        if self.slots.is_empty() {
            return evaluate();
        }
        let cell = &self.slots[(key as usize) & (SLOTS - 1)];
        let slot = cell.get();
        if slot.filled && slot.key == key {
            return slot.value;
        }
        let value = evaluate();
        cell.set(Slot {
            key,
            value,
            filled: true,
        });
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::eval::{evaluate, EvalKind};
    use cozy_chess::Board;

    #[test]
    fn a_lookup_returns_the_evaluation_and_a_key_its_own() {
        let cache = EvalCache::new(Terms::ALL);
        let mut evaluated = 0;
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ] {
            let board = Board::from_fen(fen, false).unwrap();
            let direct = evaluate(&board, EvalKind::Tapered);
            let mut count = |_: ()| {
                evaluated += 1;
                direct
            };
            assert_eq!(cache.get_or(board.hash(), || count(())), direct, "a miss");
            assert_eq!(cache.get_or(board.hash(), || count(())), direct, "a hit");
            // Another key in the same slot is not taken for this one.
            let other = board.hash() ^ (1 << 40);
            assert_eq!(cache.get_or(other, || 12345), 12345);
        }
        assert_eq!(evaluated, 3, "each position evaluated once");
        assert!(cache.is_for(&Terms::ALL));
        let fewer = Terms {
            mobility: false,
            ..Terms::ALL
        };
        assert!(!cache.is_for(&fewer));
        assert!(!EvalCache::default().is_for(&Terms::ALL));
        // A key of 0 in an empty slot is not a hit.
        assert_eq!(cache.get_or(0, || 7), 7);
    }
}
