//! The triangular principal-variation table: the PV is read from here, never from the TT.

use super::score::MAX_PLY;
use cozy_chess::{Move, Square};

const NO_MOVE: Move = Move {
    from: Square::A1,
    to: Square::A1,
    promotion: None,
};

/// PV lines per ply; line `ply` is the best continuation found below that node.
pub struct PvTable {
    moves: Vec<[Move; MAX_PLY + 1]>,
    len: [usize; MAX_PLY + 2],
}

impl PvTable {
    /// An empty table.
    pub fn new() -> Self {
        PvTable {
            moves: vec![[NO_MOVE; MAX_PLY + 1]; MAX_PLY + 1],
            len: [0; MAX_PLY + 2],
        }
    }

    /// A node starts with an empty line.
    #[inline]
    pub fn clear(&mut self, ply: usize) {
        self.len[ply] = 0;
    }

    /// `mv` is the new best move at `ply`: the line becomes `mv` plus the child's line.
    #[inline]
    pub fn update(&mut self, ply: usize, mv: Move) {
        let child_len = if ply < MAX_PLY { self.len[ply + 1] } else { 0 };
        let (head, tail) = self.moves.split_at_mut(ply + 1);
        head[ply][0] = mv;
        if child_len > 0 {
            head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        }
        self.len[ply] = child_len + 1;
    }

    /// The line found at `ply`.
    pub fn line(&self, ply: usize) -> &[Move] {
        &self.moves[ply][..self.len[ply]]
    }
}

impl Default for PvTable {
    fn default() -> Self {
        Self::new()
    }
}
