//! A sample of positions for tests that hold a fast form to a plain one: positions rich in
//! pins, checks, en passant and promotions (`positions/perft.epd`), and every position a fixed
//! pseudo-random walk reaches from each.

use super::{captured_piece, legal_moves};
use cozy_chess::Board;

/// Positions rich in pins, checks, en passant and promotions, then every position a fixed
/// pseudo-random walk reaches from each.
pub fn positions() -> Vec<Board> {
    let suite = include_str!("../../positions/perft.epd");
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut boards = Vec::new();
    for line in suite.lines().filter(|l| !l.trim().is_empty()) {
        let fen: Vec<&str> = line.split_whitespace().take(4).collect();
        let Ok(start) = Board::from_fen(&format!("{} 0 1", fen.join(" ")), false) else {
            continue;
        };
        for _ in 0..16 {
            let mut board = start.clone();
            for _ in 0..40 {
                boards.push(board.clone());
                let moves = legal_moves(&board);
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Prefer captures now and then, so walks reach sparse, tactical endgames.
                let captures: Vec<_> = moves
                    .iter()
                    .copied()
                    .filter(|&mv| captured_piece(&board, mv).is_some())
                    .collect();
                let pool = if !captures.is_empty() && seed % 3 == 0 {
                    &captures
                } else {
                    &moves
                };
                board.play_unchecked(pool[(seed >> 8) as usize % pool.len()]);
            }
        }
    }
    boards
}
