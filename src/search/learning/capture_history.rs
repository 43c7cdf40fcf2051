//! Stockfish 88f17a814's capture history (`captureHistory`, a `CapturePieceToHistory`): a score
//! per moving piece, destination square and captured piece type, learnt as the quiet moves'
//! history is. It orders the captures (`movepick.cpp`: `6 * PieceValue[MG][captured] +
//! captureHistory[...]`) and widens the futility margin of a capture (`search.cpp` step 13:
//! `+ captureHistory[...] / 8`).
//!
//! Learning follows `update_all_stats`: the best move, when a capture or promotion, gains
//! `stat_bonus(depth + 1)`; every capture and promotion searched before it that did not
//! raise alpha loses as much; entries move by Stockfish's gravity towards ±10,692.
//! Differences: ablate learns at a cutoff, where Stockfish learns whenever a move raised
//! alpha (the same at a null-window node); the table lives as long as the other tables
//! (`OrderingTables`), one search or, with `keep_tables`, one game.

use crate::chess::is_tactical;
use crate::search::counters::SearchStats;
use crate::search::score::from_stockfish;
use cozy_chess::{Board, Move, Piece};

/// Stockfish's bound for the table (`CapturePieceToHistory`, `D = 10692`).
const LIMIT: i32 = 10_692;

/// `PieceValue[MG]` at 88f17a814, by ablate's piece order (pawn to king).
const MIDGAME_VALUE: [i32; 6] = [126, 781, 825, 1276, 2538, 0];

/// One entry per (side and moving piece, destination, captured type or none).
pub struct CaptureHistory {
    entries: Vec<i16>,
}

impl Default for CaptureHistory {
    fn default() -> Self {
        CaptureHistory {
            entries: vec![0; 12 * 64 * 7],
        }
    }
}

impl CaptureHistory {
    /// The entry of `mv` by `attacker`. As Stockfish's `type_of(pos.piece_on(to_sq(m)))`, the
    /// captured type is the piece on the destination: none for en passant or a promotion
    /// that captures nothing.
    #[inline]
    fn index(board: &Board, mv: Move, attacker: Piece) -> usize {
        let piece = board.side_to_move() as usize * 6 + attacker as usize;
        let captured = board.piece_on(mv.to).map_or(0, |p| p as usize + 1);
        (piece * 64 + mv.to as usize) * 7 + captured
    }

    fn entry(&self, board: &Board, mv: Move) -> i32 {
        let attacker = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
        i32::from(self.entries[Self::index(board, mv, attacker)])
    }

    /// Stockfish's capture score: `6 * PieceValue[MG][captured] + captureHistory[...]`.
    #[inline]
    pub fn order(&self, board: &Board, mv: Move, attacker: Piece) -> i32 {
        let victim = board
            .piece_on(mv.to)
            .map_or(0, |p| MIDGAME_VALUE[p as usize]);
        6 * victim + i32::from(self.entries[Self::index(board, mv, attacker)])
    }

    /// `captureHistory[...] / 8` in centipawns, for the capture futility margin.
    #[inline]
    pub fn margin(&self, board: &Board, mv: Move) -> i32 {
        from_stockfish(self.entry(board, mv) / 8)
    }

    /// A cutoff by `best` at remaining `depth` after `tactical`: `update_all_stats`.
    pub fn learn(
        &mut self,
        board: &Board,
        best: Move,
        tactical: &[Move],
        depth: u32,
        stats: &mut SearchStats,
    ) {
        let bonus = stat_bonus(depth + 1);
        if is_tactical(board, best) {
            self.add(board, best, bonus);
            stats.capture_history_updates += 1;
        }
        for &mv in tactical {
            self.add(board, mv, -bonus);
        }
        stats.capture_history_updates += tactical.len() as u64;
    }

    /// Stockfish's `StatsEntry::operator<<`: `entry += bonus - entry * abs(bonus) / D`.
    fn add(&mut self, board: &Board, mv: Move, bonus: i32) {
        let attacker = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
        let entry = &mut self.entries[Self::index(board, mv, attacker)];
        let old = i32::from(*entry);
        *entry = (old + bonus - old * bonus.abs() / LIMIT) as i16;
    }
}

/// Stockfish 88f17a814's `stat_bonus(d)`: `min((6 * d + 229) * d - 215, 2000)`.
fn stat_bonus(depth: u32) -> i32 {
    let d = depth.min(64) as i32;
    ((6 * d + 229) * d - 215).min(2000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stockfish_bonus_and_gravity() {
        assert_eq!(stat_bonus(1), 20);
        assert_eq!(stat_bonus(2), 267);
        assert_eq!(stat_bonus(6), 1375);
        assert_eq!(stat_bonus(7), 1682);
        assert_eq!(stat_bonus(8), 2000);
        // Rxe5 in a position where it captures a pawn: the entry saturates below the bound.
        let board: Board = "4k3/8/8/4p3/8/8/8/4R1K1 w - - 0 1".parse().unwrap();
        let mv: Move = "e1e5".parse().unwrap();
        let mut table = CaptureHistory::default();
        let mut stats = SearchStats::default();
        assert_eq!(table.order(&board, mv, Piece::Rook), 6 * 126);
        for _ in 0..200 {
            table.learn(&board, mv, &[], 10, &mut stats);
        }
        let entry = table.entry(&board, mv);
        assert!((10_000..=LIMIT).contains(&entry), "{entry}");
        assert_eq!(table.order(&board, mv, Piece::Rook), 6 * 126 + entry);
        assert_eq!(table.margin(&board, mv), from_stockfish(entry / 8));
        assert_eq!(stats.capture_history_updates, 200);
        // A capture searched before a quiet cut loses what a cut would gain.
        let quiet: Move = "g1h1".parse().unwrap();
        let mut fresh = CaptureHistory::default();
        fresh.learn(&board, quiet, &[mv], 1, &mut stats);
        assert_eq!(fresh.entry(&board, mv), -stat_bonus(2));
        assert_eq!(fresh.entry(&board, quiet), 0);
    }
}
