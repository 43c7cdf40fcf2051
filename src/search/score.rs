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
/// A draw: repetition or stalemate.
pub const DRAW: Score = 0;

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
