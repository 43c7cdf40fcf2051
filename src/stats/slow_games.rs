//! Games a loaded machine may have played. Under a clock, a side that searched far fewer nodes
//! a second than the same player usually does saw less of the tree than its clock promised,
//! and another program running beside the match is the usual cause. A game is flagged when
//! either side's nodes a second fell under `SLOW_FRACTION` of that player's median over the
//! games given; the design report says how many, and whether dropping them moves an effect.

use crate::game_record::GameRow;
use std::collections::HashMap;

/// A side under this share of its player's median nodes a second flags its game.
pub const SLOW_FRACTION: f64 = 0.5;

/// A side's nodes a second in one game: `None` without a time or a count.
fn speed(row: &GameRow, who: &str) -> Option<f64> {
    let (nodes, _, ms) = row.side_work(who);
    (nodes > 0 && ms > 0.0).then(|| nodes as f64 / ms * 1000.0)
}

/// For each game, whether a side searched under `SLOW_FRACTION` of its player's median.
pub fn slow_games(rows: &[GameRow]) -> Vec<bool> {
    let mut speeds: HashMap<&str, Vec<f64>> = HashMap::new();
    for row in rows {
        for who in [row.white.as_str(), row.black.as_str()] {
            speeds.entry(who).or_default().extend(speed(row, who));
        }
    }
    let medians: HashMap<&str, f64> = speeds
        .into_iter()
        .filter(|(_, v)| !v.is_empty())
        .map(|(who, mut v)| {
            v.sort_by(f64::total_cmp);
            (who, v[v.len() / 2])
        })
        .collect();
    rows.iter()
        .map(|row| {
            [row.white.as_str(), row.black.as_str()].iter().any(|who| {
                let (Some(s), Some(m)) = (speed(row, who), medians.get(who)) else {
                    return false;
                };
                s < SLOW_FRACTION * m
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(pair: usize, white: &str, black: &str, white_ms: f64, black_ms: f64) -> GameRow {
        GameRow {
            variant: "v".into(),
            opponent: "o".into(),
            pair,
            white: white.into(),
            black: black.into(),
            plies: 80,
            white_nodes: 4_000_000,
            black_nodes: 4_000_000,
            white_time_ms: white_ms,
            black_time_ms: black_ms,
            ..GameRow::default()
        }
    }

    #[test]
    fn a_side_far_under_its_median_speed_flags_its_game_and_only_its_game() {
        // Every side searches 4 M nodes in about 4 s, but in game 2 the opponent took 12 s:
        // a third of its usual speed (a loaded machine).
        let rows: Vec<GameRow> = (0..6)
            .map(|i| match i {
                2 => game(i, "o", "v", 12_000.0, 4_100.0),
                _ if i % 2 == 0 => game(i, "v", "o", 4_000.0, 3_900.0),
                _ => game(i, "o", "v", 4_200.0, 4_000.0),
            })
            .collect();
        let flagged = slow_games(&rows);
        assert_eq!(flagged, [false, false, true, false, false, false]);
        // A game at 60% of the median is slower, not flagged.
        let mut mild = rows.clone();
        mild[2].white_time_ms = 6_600.0;
        assert!(slow_games(&mild).iter().all(|f| !f));
    }
}
