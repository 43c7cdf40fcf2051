//! Fruit's history success counts (`lmr.history_threshold`): how often a quiet move that was
//! tried at a node was the one that cut, per coloured piece and destination.

use cozy_chess::{Board, Move, Piece};

/// (cutoffs, tries) per coloured piece and destination square, both starting at 1.
pub struct SuccessTable {
    counts: Box<[[(u32, u32); 64]; 12]>,
}

impl SuccessTable {
    /// Every entry at (1, 1).
    pub fn new() -> Self {
        SuccessTable {
            counts: Box::new([[(1, 1); 64]; 12]),
        }
    }

    /// True when `mv`'s success rate is at least `threshold` percent.
    #[inline]
    pub fn at_least(&self, board: &Board, mv: Move, threshold: u32) -> bool {
        let (hits, tries) = self.counts[piece_index(board, mv)][mv.to as usize];
        u64::from(hits) * 100 >= u64::from(threshold) * u64::from(tries)
    }

    /// Every quiet move tried at a node counts a try, and the one that cut a success; counts
    /// halve before they outgrow 16 bits.
    pub fn record(&mut self, board: &Board, cut: Move, quiets: &[Move]) {
        for &mv in quiets {
            let entry = &mut self.counts[piece_index(board, mv)][mv.to as usize];
            entry.1 += 1;
            if mv == cut {
                entry.0 += 1;
            }
            if entry.1 >= 1 << 16 {
                *entry = (entry.0 / 2 + 1, entry.1 / 2 + 1);
            }
        }
    }
}

impl Default for SuccessTable {
    fn default() -> Self {
        Self::new()
    }
}

/// The table's row: coloured piece, 0..12.
fn piece_index(board: &Board, mv: Move) -> usize {
    let piece = board.piece_on(mv.from).unwrap_or(Piece::Pawn) as usize;
    piece + 6 * board.side_to_move() as usize
}
