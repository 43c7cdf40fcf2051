//! Perft with a full make at every leaf: the move-generation yardstick and its correctness check.

use cozy_chess::Board;

/// Counts leaf positions at `depth`, making every move, leaves included (no bulk counting).
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += perft(&child, depth - 1);
        }
        false
    });
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initial_position_to_depth_4() {
        let b = Board::default();
        let counts: Vec<u64> = (0..=4).map(|d| perft(&b, d)).collect();
        assert_eq!(counts, vec![1, 20, 400, 8_902, 197_281]);
    }

    #[test]
    fn kiwipete_to_depth_3() {
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let b = Board::from_fen(fen, false).unwrap();
        assert_eq!(perft(&b, 3), 97_862);
    }
}
