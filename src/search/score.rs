//! The score scale: centipawns from the side to move's point of view, mates at the ends.

/// A score in centipawns from the side to move's point of view.
pub type Score = i32;
/// Larger than any score.
pub const INF: Score = 32_000;
/// Being mated at ply p scores −(MATE − p).
pub const MATE: Score = 30_000;
/// Scores beyond this are mate scores.
pub const MATE_BOUND: Score = MATE - MAX_PLY as Score;
/// The deepest ply the search and quiescence may reach.
pub const MAX_PLY: usize = 128;
/// The network's output stops one below the mate band (`chess` sits below `search`, so it
/// keeps its own constant, held here to this one).
const _: () = assert!(crate::chess::nnue::network::MAX_OUTPUT == MATE_BOUND - 1);
/// A draw: repetition or stalemate.
pub const DRAW: Score = 0;

/// Stockfish's internal units per pawn at 88f17a814 (`PawnValueEg`, what its UCI output
/// divides by: `cp = v * 100 / PawnValueEg`).
const STOCKFISH_PAWN: Score = 208;

/// A margin of Stockfish's at 88f17a814, in its internal units, as centipawns (rounded): the
/// forms that follow its code keep its margins at ablate's scale.
pub const fn from_stockfish(units: Score) -> Score {
    let scaled = units * 100;
    (scaled + scaled.signum() * STOCKFISH_PAWN / 2) / STOCKFISH_PAWN
}

/// Centipawns in Stockfish's internal units at 88f17a814 (for a formula that scales an
/// evaluation, such as its evaluation-difference bonus).
pub const fn to_stockfish(cp: Score) -> Score {
    cp * STOCKFISH_PAWN / 100
}

/// Mate distance in moves for a mate score (positive: the side to move mates).
pub fn mate_in(score: Score) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-((MATE + score) / 2))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stockfish_units_are_read_at_its_uci_scale() {
        assert_eq!(from_stockfish(208), 100);
        assert_eq!(from_stockfish(409), 197);
        assert_eq!(from_stockfish(-75), -36);
        assert_eq!(from_stockfish(0), 0);
        assert_eq!(to_stockfish(100), 208);
    }
}
