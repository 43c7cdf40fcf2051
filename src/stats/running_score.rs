//! The running score of a match in progress, kept game by game in constant memory per pairing
//! (a pair waits only until its second game ends): the figures of the progress line (score,
//! Elo and LLR), which `matches::score_line` writes.

use super::elo::{estimate, EloEstimate, PairTally, Sprt};
use crate::game_record::GameRow;

/// One pairing so far.
#[derive(Default)]
struct Tally {
    points: f64,
    games: usize,
    pairs: PairTally,
}

/// Every pairing's score so far, in the order the pairings first finished a game.
#[derive(Default)]
pub struct RunningScore {
    pairings: Vec<((String, String), Tally)>,
    sprt: Option<Sprt>,
    /// The last precision check: the worst half-width and the target.
    precision: Option<(f64, f64)>,
}

impl RunningScore {
    /// An empty score; with an SPRT, each pairing also has its LLR.
    pub fn new(sprt: Option<Sprt>) -> Self {
        RunningScore {
            pairings: Vec::new(),
            sprt,
            precision: None,
        }
    }

    /// Records a precision check on whole rounds.
    pub fn checked(&mut self, worst: f64, target: f64) {
        self.precision = Some((worst, target));
    }

    /// Counts one finished game.
    pub fn add(&mut self, row: &GameRow) {
        let key = (row.variant.clone(), row.opponent.clone());
        let i = match self.pairings.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                self.pairings.push((key, Tally::default()));
                self.pairings.len() - 1
            }
        };
        let tally = &mut self.pairings[i].1;
        let points = row.variant_points();
        tally.points += points;
        tally.games += 1;
        tally.pairs.add(row.pair, points);
    }

    /// Each pairing's figures so far, in the order the pairings first finished a game; each
    /// computed as it is taken (an LLR is a search of its own).
    pub fn pairings(&self) -> impl Iterator<Item = PairingScore<'_>> {
        self.pairings
            .iter()
            .map(|((variant, opponent), t)| PairingScore {
                variant,
                opponent,
                points: t.points,
                games: t.games,
                elo: estimate(&t.pairs.ptnml).filter(|e| e.elo.is_finite()),
                llr: self.sprt.as_ref().map(|sprt| sprt.llr(&t.pairs.ptnml)),
            })
    }

    /// How many pairings have finished a game.
    pub fn pairing_count(&self) -> usize {
        self.pairings.len()
    }

    /// The last precision check on whole rounds: the worst half-width and the target.
    pub fn precision(&self) -> Option<(f64, f64)> {
        self.precision
    }
}

/// One pairing's running figures.
#[derive(Debug, Clone, Copy)]
pub struct PairingScore<'a> {
    pub variant: &'a str,
    pub opponent: &'a str,
    /// Points and games so far.
    pub points: f64,
    pub games: usize,
    /// The Elo of its complete pairs, where finite.
    pub elo: Option<EloEstimate>,
    /// The SPRT's log-likelihood ratio, when the match runs one.
    pub llr: Option<f64>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::elo::Pentanomial;

    #[test]
    fn pairs_count_once_both_games_end() {
        let mut score = RunningScore::new(None);
        score.add(&GameRow::a_against_b(0, "a", "1-0"));
        score.add(&GameRow::a_against_b(1, "a", "1/2-1/2"));
        assert_eq!(score.pairings[0].1.pairs.ptnml, Pentanomial::default());
        assert!(score.pairings().next().unwrap().elo.is_none());
        score.add(&GameRow::a_against_b(0, "b", "1-0"));
        assert_eq!(score.pairings[0].1.pairs.ptnml.0, [0, 0, 1, 0, 0]);
        let first = score.pairings().next().unwrap();
        assert_eq!((first.variant, first.opponent), ("a", "b"));
        assert_eq!((first.points, first.games), (1.5, 3));
    }
}
