//! `--adjudicate`: ending a game early when both sides agree on its result, as cutechess-cli's
//! `-draw` and `-resign` do.

use crate::game_record::GameResult;

use super::rules::Termination;
use crate::search::MATE_BOUND;
pub use crate::settings::adjudication_rules::Adjudication;

/// A draw or a resignation both sides agree on, when `--adjudicate` asks for it.
pub fn adjudicate(
    rule: &Adjudication,
    scores: &[Vec<i32>; 2],
    move_number: u32,
) -> Option<(GameResult, Termination)> {
    let last = |side: usize, n: usize| -> Option<&[i32]> {
        let s = &scores[side];
        (s.len() >= n).then(|| &s[s.len() - n..])
    };
    if let Some((score, count)) = rule.resign {
        for (loser, result) in [(0, GameResult::BlackWins), (1, GameResult::WhiteWins)] {
            let (mine, theirs) = (last(loser, count), last(1 - loser, count));
            if let (Some(mine), Some(theirs)) = (mine, theirs) {
                if mine.iter().all(|s| *s <= -score) && theirs.iter().all(|s| *s >= score) {
                    return Some((result, Termination::AdjudicatedResign));
                }
            }
        }
    }
    if let Some((from_move, score, count)) = rule.draw {
        if move_number >= from_move {
            let small = |side: usize| {
                last(side, count)
                    .is_some_and(|s| s.iter().all(|v| v.abs() <= score && v.abs() < MATE_BOUND))
            };
            if small(0) && small(1) {
                return Some((GameResult::Draw, Termination::AdjudicatedDraw));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjudication_is_read_and_needs_both_sides() {
        let rule = Adjudication::parse(&["draw=40,10,8 resign=1000,4".to_string()]).unwrap();
        assert_eq!(rule.draw, Some((40, 10, 8)));
        assert_eq!(rule.resign, Some((1000, 4)));
        assert!(Adjudication::parse(&["draw=40,10".to_string()])
            .unwrap_err()
            .contains("expected draw=MOVE,SCORE,COUNT"));
        let lost = [
            vec![0, -1000, -1200, -1500, -2000],
            vec![900, 1000, 1100, 1200],
        ];
        assert_eq!(
            adjudicate(&rule, &lost, 20),
            None,
            "black said 900 four moves ago"
        );
        let lost = [
            vec![0, -1000, -1200, -1500, -2000],
            vec![1000, 1000, 1100, 1200],
        ];
        assert_eq!(
            adjudicate(&rule, &lost, 20),
            Some((GameResult::BlackWins, Termination::AdjudicatedResign))
        );
        let quiet = [vec![5; 8], vec![-3; 8]];
        assert_eq!(adjudicate(&rule, &quiet, 39), None);
        assert_eq!(
            adjudicate(&rule, &quiet, 40),
            Some((GameResult::Draw, Termination::AdjudicatedDraw))
        );
    }
}
