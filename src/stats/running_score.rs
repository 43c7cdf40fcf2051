//! The running score of a match in progress, kept game by game in constant memory per pairing
//! (a pair waits only until its second game ends): the progress line's score, Elo and LLR.

use super::elo::{estimate, PairTally, Sprt, NO_INTERVAL};
use crate::matches::games_csv::GameRow;

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
    /// An empty score; with an SPRT, the line shows each pairing's LLR.
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

    /// One short line: each pairing's score, Elo +/- (from its complete pairs) and LLR; past
    /// three pairings, the first three and how many more.
    pub fn line(&self) -> String {
        let mut parts: Vec<String> = self
            .pairings
            .iter()
            .take(3)
            .map(|((variant, opponent), t)| {
                let mut part = format!(
                    "{variant} vs {opponent} {:.1}%",
                    100.0 * t.points / t.games.max(1) as f64
                );
                if let Some(e) = estimate(&t.pairs.ptnml).filter(|e| e.elo.is_finite()) {
                    // Under half an Elo prints as 0, never +0 or -0.
                    let elo = if e.elo.abs() < 0.5 {
                        "0".to_string()
                    } else {
                        format!("{:+.0}", e.elo)
                    };
                    // ± only where it is half the interval and the estimate ± it its bounds to
                    // the printed digit; logistic Elo's interval is lopsided far from even.
                    let (below, above) = (e.elo - e.elo_lo, e.elo_hi - e.elo);
                    if !e.has_interval() {
                        part.push_str(&format!(" Elo {elo} ({NO_INTERVAL})"));
                    } else if (below - above).abs() <= 1.0 {
                        part.push_str(&format!(" Elo {elo} +/- {:.0}", (below + above) / 2.0));
                    } else {
                        part.push_str(&format!(" Elo {elo} [{:+.0}, {:+.0}]", e.elo_lo, e.elo_hi));
                    }
                }
                if let Some(sprt) = &self.sprt {
                    part.push_str(&format!(" LLR {:.2}", sprt.llr(&t.pairs.ptnml)));
                }
                part
            })
            .collect();
        if self.pairings.len() > 3 {
            parts.push(format!("{} more pairings", self.pairings.len() - 3));
        }
        // The figure a precision run waits on comes first: the worst half-width so far.
        if let Some((worst, target)) = self.precision {
            let worst = match worst.is_finite() {
                true => format!("±{worst:.1}"),
                false => "not yet estimable".to_string(),
            };
            parts.insert(0, format!("worst {worst} (target ±{target})"));
        }
        parts.join(" | ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::elo::Pentanomial;

    fn game(pair: usize, white: &str, result: &str) -> GameRow {
        GameRow {
            variant: "a".into(),
            opponent: "b".into(),
            pair,
            white: white.into(),
            black: if white == "a" { "b" } else { "a" }.into(),
            result: result.into(),
            ..GameRow::default()
        }
    }

    #[test]
    fn pairs_count_once_both_games_end() {
        let mut score = RunningScore::new(None);
        score.add(&game(0, "a", "1-0"));
        score.add(&game(1, "a", "1/2-1/2"));
        assert_eq!(score.pairings[0].1.pairs.ptnml, Pentanomial::default());
        score.add(&game(0, "b", "1-0"));
        assert_eq!(score.pairings[0].1.pairs.ptnml.0, [0, 0, 1, 0, 0]);
        assert!(score.line().starts_with("a vs b 50.0%"), "{}", score.line());
    }

    #[test]
    fn plus_minus_is_half_the_interval_and_a_lopsided_one_is_given_whole() {
        let mut even = RunningScore::new(None);
        let mut lopsided = RunningScore::new(None);
        let mut edge = RunningScore::new(None);
        for pair in 0..20 {
            // Even: pairs won and lost in turn. Lopsided: 14 pairs won 2-0, 6 drawn 1-1. At the
            // edge: 17 won, 3 drawn, whose interval reaches a score of 1 (an end at +inf).
            let (first, second) = if pair % 2 == 0 {
                ("1-0", "0-1")
            } else {
                ("0-1", "1-0")
            };
            even.add(&game(pair, "a", first));
            even.add(&game(pair, "b", second));
            for (won, score) in [(14, &mut lopsided), (17, &mut edge)] {
                let (first, second) = if pair < won {
                    ("1-0", "0-1")
                } else {
                    ("1/2-1/2", "1/2-1/2")
                };
                score.add(&game(pair, "a", first));
                score.add(&game(pair, "b", second));
            }
        }
        assert!(even.line().contains("Elo 0 +/- "), "{}", even.line());
        let line = lopsided.line();
        assert!(line.contains(" [+") && !line.contains("+/-"), "{line}");
        let line = edge.line();
        assert!(
            line.contains("(too few games)") && !line.contains("inf"),
            "{line}"
        );
    }
}
