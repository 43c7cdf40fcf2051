//! How deep a player searched in its games, from each move's depth (an engine's own
//! `info depth`, ablate's last finished iteration). A limit in nodes or milliseconds is not a
//! depth, and a clock an engine manages badly can leave it searching a ply or two a move (Fruit
//! 2.1 at 1+0.01 searched 29% of its moves to depth 1), so that removing a pruning step there
//! measures nothing. Two figures say whether a player searched: its median depth after move 10,
//! once the opening and the clock's first moves are behind it, and the share of all its moves
//! searched to depth 2 or less. A design is read where every player's median is at least 7 and
//! at most 5% of its moves are that shallow.

use crate::game_record::MoveDepth;

/// Moves up to this move number are left out of the median: the opening's.
pub const OPENING_MOVES: u32 = 10;
/// A move searched to this depth or less is a shallow one.
pub const SHALLOW_DEPTH: u32 = 2;
/// The median depth after the opening a player must reach to be said to search.
pub const LEAST_MEDIAN: f64 = 7.0;
/// The largest share of shallow moves a player that searches may have.
pub const MOST_SHALLOW: f64 = 0.05;

/// A player's depths over its games.
#[derive(Debug, Clone, PartialEq)]
pub struct DepthProfile {
    /// Moves with a depth.
    pub moves: usize,
    /// Of them, played after move `OPENING_MOVES`.
    pub after_opening: usize,
    /// The median depth after the opening (`None` without such a move).
    pub median: Option<f64>,
    /// The 10th and 90th percentiles after the opening.
    pub decile_low: Option<f64>,
    pub decile_high: Option<f64>,
    /// The share of all moves searched to `SHALLOW_DEPTH` or less.
    pub shallow_share: f64,
}

impl DepthProfile {
    /// Whether the player searched: a median of `LEAST_MEDIAN` or more after the opening, and
    /// at most `MOST_SHALLOW` of its moves shallow.
    pub fn searches(&self) -> bool {
        self.median.is_some_and(|m| m >= LEAST_MEDIAN) && self.shallow_share <= MOST_SHALLOW
    }
}

/// The profile of one player's moves (in any order).
pub fn profile(moves: &[MoveDepth]) -> DepthProfile {
    let mut later: Vec<f64> = moves
        .iter()
        .filter(|m| m.move_number > OPENING_MOVES)
        .map(|m| f64::from(m.depth))
        .collect();
    later.sort_by(f64::total_cmp);
    let shallow = moves.iter().filter(|m| m.depth <= SHALLOW_DEPTH).count();
    DepthProfile {
        moves: moves.len(),
        after_opening: later.len(),
        median: quantile(&later, 0.5),
        decile_low: quantile(&later, 0.1),
        decile_high: quantile(&later, 0.9),
        shallow_share: match moves.len() {
            0 => 0.0,
            n => shallow as f64 / n as f64,
        },
    }
}

/// The `q` quantile of sorted values, interpolated between neighbours (R's and numpy's default,
/// type 7), so that the median of an even count is the mean of the middle two.
fn quantile(sorted: &[f64], q: f64) -> Option<f64> {
    let last = sorted.len().checked_sub(1)?;
    let at = q * last as f64;
    let (below, above) = (at.floor() as usize, at.ceil() as usize);
    Some(sorted[below] + (at - below as f64) * (sorted[above] - sorted[below]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(list: &[(u32, u32)]) -> Vec<MoveDepth> {
        list.iter()
            .map(|&(move_number, depth)| MoveDepth { move_number, depth })
            .collect()
    }

    #[test]
    fn the_median_leaves_out_the_opening_and_the_shallow_share_takes_every_move() {
        // Fruit at 1+0.01: depth 1 through the opening, then 4 to 6.
        let list = moves(&[(5, 1), (8, 1), (10, 1), (11, 4), (12, 5), (13, 6), (14, 5)]);
        let p = profile(&list);
        assert_eq!((p.moves, p.after_opening), (7, 4));
        assert_eq!(p.median, Some(5.0));
        assert!((p.shallow_share - 3.0 / 7.0).abs() < 1e-12);
        assert!(!p.searches());
    }

    #[test]
    fn a_player_searches_at_a_median_of_seven_with_five_percent_shallow_at_most() {
        let mut list: Vec<(u32, u32)> = (11..30).map(|n| (n, 7)).collect();
        list.push((30, 2));
        assert!(profile(&moves(&list)).searches(), "1 shallow move of 20");
        list.push((31, 1));
        assert!(!profile(&moves(&list)).searches(), "2 of 21");
        let six: Vec<(u32, u32)> = (11..40).map(|n| (n, 6 + n % 2)).collect();
        let p = profile(&moves(&six));
        assert_eq!(p.median, Some(7.0), "15 sevens among 29");
        assert_eq!(profile(&moves(&[])).median, None);
    }

    #[test]
    fn quantiles_interpolate_as_numpy_does() {
        let sorted = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(quantile(&sorted, 0.5), Some(2.5));
        assert_eq!(quantile(&sorted, 0.1), Some(1.3));
        assert_eq!(quantile(&[5.0], 0.9), Some(5.0));
        assert_eq!(quantile(&[], 0.5), None);
    }
}
