//! The progress line of a match in progress, written from `stats::running_score`'s figures:
//! each pairing's score, Elo (±, or its interval where lopsided) and LLR; past three
//! pairings, the first three and how many more; with a precision target, the worst
//! half-width first.

use crate::output::number_format::{signed, Minus};
use crate::stats::elo::NO_INTERVAL;
use crate::stats::running_score::{PairingScore, RunningScore};

/// Pairings the line names before it says how many more.
const SHOWN: usize = 3;

/// One short line for the progress bar.
pub fn score_line(score: &RunningScore) -> String {
    let mut parts: Vec<String> = score.pairings().take(SHOWN).map(pairing_part).collect();
    if score.pairing_count() > SHOWN {
        parts.push(format!("{} more pairings", score.pairing_count() - SHOWN));
    }
    // The figure a precision run waits on comes first: the worst half-width so far.
    if let Some((worst, target)) = score.precision() {
        let worst = match worst.is_finite() {
            true => format!("±{worst:.1}"),
            false => "not yet estimable".to_string(),
        };
        parts.insert(0, format!("worst {worst} (target ±{target})"));
    }
    parts.join(" | ")
}

fn pairing_part(p: PairingScore) -> String {
    let mut part = format!(
        "{} vs {} {:.1}%",
        p.variant,
        p.opponent,
        100.0 * p.points / p.games.max(1) as f64
    );
    if let Some(e) = p.elo {
        // number_format's one zero rule: an Elo that rounds to 0 keeps the side it lies on.
        let elo = signed(e.elo, 0, Minus::Ascii);
        // ± only where it is half the interval and the estimate ± it its bounds to the printed
        // digit; logistic Elo's interval is lopsided far from even.
        let (below, above) = (e.elo - e.elo_lo, e.elo_hi - e.elo);
        if !e.has_interval() {
            part.push_str(&format!(" Elo {elo} ({NO_INTERVAL})"));
        } else if (below - above).abs() <= 1.0 {
            part.push_str(&format!(" Elo {elo} +/- {:.0}", (below + above) / 2.0));
        } else {
            let (lo, hi) = (
                signed(e.elo_lo, 0, Minus::Ascii),
                signed(e.elo_hi, 0, Minus::Ascii),
            );
            part.push_str(&format!(" Elo {elo} [{lo}, {hi}]"));
        }
    }
    if let Some(llr) = p.llr {
        part.push_str(&format!(" LLR {llr:.2}"));
    }
    part
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game_record::GameRow;

    #[test]
    fn the_line_starts_with_the_score() {
        let mut score = RunningScore::new(None);
        score.add(&GameRow::a_against_b(0, "a", "1-0"));
        score.add(&GameRow::a_against_b(1, "a", "1/2-1/2"));
        score.add(&GameRow::a_against_b(0, "b", "1-0"));
        assert!(
            score_line(&score).starts_with("a vs b 50.0%"),
            "{}",
            score_line(&score)
        );
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
            even.add(&GameRow::a_against_b(pair, "a", first));
            even.add(&GameRow::a_against_b(pair, "b", second));
            for (won, score) in [(14, &mut lopsided), (17, &mut edge)] {
                let (first, second) = if pair < won {
                    ("1-0", "0-1")
                } else {
                    ("1/2-1/2", "1/2-1/2")
                };
                score.add(&GameRow::a_against_b(pair, "a", first));
                score.add(&GameRow::a_against_b(pair, "b", second));
            }
        }
        assert!(
            score_line(&even).contains("Elo +0 +/- "),
            "{}",
            score_line(&even)
        );
        let line = score_line(&lopsided);
        assert!(line.contains(" [+") && !line.contains("+/-"), "{line}");
        let line = score_line(&edge);
        assert!(
            line.contains("(too few games)") && !line.contains("inf"),
            "{line}"
        );
    }
}
