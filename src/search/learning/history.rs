//! History heuristic: how often a move was good anywhere in the tree, weighted by depth.

use crate::config::search_config::{HistoryBonus, HistoryShape};
use cozy_chess::{Board, Move};

/// The bound an entry may not pass; reaching it halves every entry.
pub const HISTORY_MAX: u32 = 1 << 30;

/// History scores under one of the table shapes.
pub struct HistoryTable {
    shape: HistoryShape,
    bonus: HistoryBonus,
    entries: Vec<u32>,
}

impl HistoryTable {
    /// A zeroed table.
    pub fn new(shape: HistoryShape, bonus: HistoryBonus) -> Self {
        HistoryTable {
            shape,
            bonus,
            entries: vec![0; 2 * 64 * 64],
        }
    }

    #[inline]
    fn index(&self, board: &Board, mv: Move) -> usize {
        let from_to = mv.from as usize * 64 + mv.to as usize;
        match self.shape {
            HistoryShape::FromTo => from_to,
            HistoryShape::SideFromTo => board.side_to_move() as usize * 4096 + from_to,
            HistoryShape::PieceTo => {
                let piece = board.piece_on(mv.from).map_or(0, |p| p as usize);
                (board.side_to_move() as usize * 6 + piece) * 64 + mv.to as usize
            }
        }
    }

    /// The score of `mv` in `board`.
    #[inline]
    pub fn score(&self, board: &Board, mv: Move) -> u32 {
        self.entries[self.index(board, mv)]
    }

    /// Adds `factor` times the depth bonus to a good move, halving the whole table first if it
    /// would overflow.
    pub fn reward(&mut self, board: &Board, mv: Move, depth: u32, factor: u32) {
        let bonus = bonus(self.bonus, depth)
            .saturating_mul(factor)
            .min(HISTORY_MAX / 2);
        let i = self.index(board, mv);
        while self.entries[i] + bonus > HISTORY_MAX {
            self.entries.iter_mut().for_each(|e| *e /= 2);
        }
        self.entries[i] += bonus;
    }

    /// Multiplies every entry by `factor` (rounding down): aging between iterations.
    pub fn decay(&mut self, factor: f64) {
        if factor >= 1.0 {
            return;
        }
        self.entries
            .iter_mut()
            .for_each(|e| *e = (*e as f64 * factor) as u32);
    }
}

/// The bonus at remaining depth `n`, capped at half the bound so one reward always fits.
pub fn bonus(kind: HistoryBonus, n: u32) -> u32 {
    let n = n as u64;
    let raw: u64 = match kind {
        HistoryBonus::Depth => n,
        HistoryBonus::DepthSquared => n * n,
        HistoryBonus::TwoPowDepth => 1u64.checked_shl(n as u32).unwrap_or(u64::MAX),
        HistoryBonus::Fibonacci => {
            let (mut a, mut b) = (0u64, 1u64);
            for _ in 0..n.min(90) {
                (a, b) = (b, a.saturating_add(b));
            }
            a
        }
    };
    raw.min(HISTORY_MAX as u64 / 2) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bonus_schemes() {
        let at = |k| (1..=6).map(|n| bonus(k, n)).collect::<Vec<_>>();
        assert_eq!(at(HistoryBonus::Depth), [1, 2, 3, 4, 5, 6]);
        assert_eq!(at(HistoryBonus::DepthSquared), [1, 4, 9, 16, 25, 36]);
        assert_eq!(at(HistoryBonus::TwoPowDepth), [2, 4, 8, 16, 32, 64]);
        assert_eq!(at(HistoryBonus::Fibonacci), [1, 1, 2, 3, 5, 8]);
        assert_eq!(bonus(HistoryBonus::TwoPowDepth, 64), HISTORY_MAX / 2);
    }

    #[test]
    fn overflow_halves_every_entry() {
        let board = Board::default();
        let a: Move = "e2e4".parse().unwrap();
        let b: Move = "d2d4".parse().unwrap();
        let mut h = HistoryTable::new(HistoryShape::FromTo, HistoryBonus::TwoPowDepth);
        h.reward(&board, b, 2, 1);
        h.reward(&board, a, 40, 1);
        h.reward(&board, a, 40, 1);
        assert_eq!(h.score(&board, a), HISTORY_MAX);
        h.reward(&board, a, 40, 1);
        assert_eq!(h.score(&board, a), HISTORY_MAX / 2 + HISTORY_MAX / 2);
        assert_eq!(h.score(&board, b), 2, "b's 4 was halved once");
    }

    #[test]
    fn shapes_share_or_split_by_side() {
        let white = Board::default();
        let black = Board::from_fen(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            false,
        )
        .unwrap();
        let mv: Move = "g1f3".parse().unwrap();
        for (shape, shared) in [
            (HistoryShape::FromTo, true),
            (HistoryShape::SideFromTo, false),
        ] {
            let mut h = HistoryTable::new(shape, HistoryBonus::Depth);
            h.reward(&white, mv, 3, 1);
            assert_eq!(h.score(&black, mv) == 3, shared);
        }
        let mut h = HistoryTable::new(HistoryShape::PieceTo, HistoryBonus::Depth);
        h.reward(&white, mv, 3, 1);
        // [piece][to]: any white knight to f3 shares the entry; a pawn to f3 does not.
        assert_eq!(h.score(&white, "b1f3".parse().unwrap()), 3);
        assert_eq!(h.score(&white, "e2f3".parse().unwrap()), 0);
        h.decay(0.5);
        assert_eq!(h.score(&white, mv), 1);
    }

    #[test]
    fn a_factor_multiplies_the_bonus() {
        let board = Board::default();
        let mv: Move = "e2e4".parse().unwrap();
        let mut h = HistoryTable::new(HistoryShape::FromTo, HistoryBonus::DepthSquared);
        h.reward(&board, mv, 3, 4);
        assert_eq!(h.score(&board, mv), 36);
        h.reward(&board, mv, 64, 16);
        assert_eq!(h.score(&board, mv), 36 + 64 * 64 * 16);
    }
}
