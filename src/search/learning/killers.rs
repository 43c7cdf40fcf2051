//! Killer moves: per ply, the quiet moves that were good at a sibling node.

use crate::search::score::MAX_PLY;
use cozy_chess::Move;

/// Up to four killer slots per ply, most recent first.
pub struct KillerTable {
    slots: usize,
    table: Vec<[Option<Move>; 4]>,
}

impl KillerTable {
    /// An empty table with `slots` (0–4) slots per ply.
    pub fn new(slots: u8) -> Self {
        KillerTable {
            slots: slots.min(4) as usize,
            table: vec![[None; 4]; MAX_PLY + 1],
        }
    }

    /// The killers at `ply`, most recent first; unused slots are `None`.
    #[inline]
    pub fn at(&self, ply: usize) -> [Option<Move>; 4] {
        self.table[ply]
    }

    /// Shift-in: the new killer takes slot 1 and the others move down; a move already present moves up.
    #[inline]
    pub fn record(&mut self, ply: usize, mv: Move) {
        if self.slots == 0 {
            return;
        }
        let row = &mut self.table[ply][..self.slots];
        let end = row
            .iter()
            .position(|k| *k == Some(mv))
            .unwrap_or(self.slots - 1);
        row[..=end].rotate_right(1);
        row[0] = Some(mv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(s: &str) -> Move {
        s.parse().unwrap()
    }

    #[test]
    fn shift_in_keeps_the_most_recent_first() {
        let mut k = KillerTable::new(2);
        k.record(3, m("e2e4"));
        k.record(3, m("d2d4"));
        assert_eq!(k.at(3)[..2], [Some(m("d2d4")), Some(m("e2e4"))]);
        k.record(3, m("g1f3"));
        assert_eq!(k.at(3)[..2], [Some(m("g1f3")), Some(m("d2d4"))]);
        // Re-recording slot 2 swaps, never duplicates.
        k.record(3, m("d2d4"));
        assert_eq!(k.at(3)[..2], [Some(m("d2d4")), Some(m("g1f3"))]);
        assert_eq!(k.at(2), [None; 4]);
    }

    #[test]
    fn zero_slots_store_nothing() {
        let mut k = KillerTable::new(0);
        k.record(1, m("e2e4"));
        assert_eq!(k.at(1), [None; 4]);
    }
}
