//! The terminal table of what a match's games say (`stats::pairing_summary`), per pairing and,
//! for a round robin, as standings.

use crate::stats::elo::{estimate, Hypothesis, Pentanomial, NO_INTERVAL};
use crate::stats::pairing_summary::PairingSummary;

/// The summary as a terminal table with a legend.
pub fn render_summary(summaries: &[PairingSummary]) -> String {
    let mut out = String::new();
    let f = |x: Option<f64>, d: usize| x.map_or("-".to_string(), |v| format!("{v:.d$}"));
    for (i, s) in summaries.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&conventional_lines(s));
        out.push_str(&format!(
            "{} vs {}: {} games, +{} ={} -{} (W/D/L), pairs [0, ½, 1, 1½, 2] = {:?}\n",
            s.variant, s.opponent, s.games, s.wins, s.draws, s.losses, s.ptnml
        ));
        let interval = match (s.elo_lo, s.elo_hi) {
            (Some(lo), Some(hi)) => format!("[{lo:.1}, {hi:.1}]"),
            _ => format!("({})", no_interval_reason(s)),
        };
        out.push_str(&format!(
            "  score {}  Elo {} {interval}  nElo {}  LOS {}  draws {:.1}%\n",
            f(s.score, 3),
            f(s.elo, 1),
            f(s.nelo, 1),
            s.los.map_or("-".into(), |l| format!("{:.1}%", l * 100.0)),
            s.draw_ratio * 100.0
        ));
        if let (Some(llr), Some((lo, hi))) = (s.llr, s.llr_bounds) {
            let verdict = match s.sprt {
                Some(Hypothesis::H0) => "H0 accepted",
                Some(Hypothesis::H1) => "H1 accepted",
                None => "undecided",
            };
            out.push_str(&format!(
                "  SPRT: LLR {llr:.2} ({lo:.2}, {hi:.2}): {verdict}\n"
            ));
        }
        out.push_str(&format!(
            "  cost: {:.0} nodes/move against {:.0} (×{}), {:.1} ms/move against {:.1} (×{}){}\n",
            s.nodes_per_move,
            s.opponent_nodes_per_move,
            ratio_text(s.nodes_per_move, s.opponent_nodes_per_move),
            s.ms_per_move,
            s.opponent_ms_per_move,
            ratio_text(s.ms_per_move, s.opponent_ms_per_move),
            speed_text(s)
        ));
    }
    if let Some(table) = standings(summaries) {
        out.push('\n');
        out.push_str(&table);
    }
    out.push_str(
        "Elo: logistic, 95% interval from the pentanomial variance of game pairs; nElo: normalized\n\
         Elo; LOS: likelihood of superiority; SPRT: pentanomial GSPRT (fishtest/fastchess model)\n",
    );
    out
}

/// The standings of a round robin (two variants or more meet more than one opponent), in
/// cutechess-cli's columns: each variant's games against every opponent it met, pooled from
/// its side, with the Elo of its score against that field and half its 95% interval.
pub fn standings(summaries: &[PairingSummary]) -> Option<String> {
    let mut names: Vec<&str> = Vec::new();
    for s in summaries {
        for name in [&s.variant, &s.opponent] {
            if !names.contains(&name.as_str()) {
                names.push(name);
            }
        }
    }
    let opponents = |name: &str| {
        summaries
            .iter()
            .filter(|s| s.variant == name || s.opponent == name)
            .count()
    };
    // Variants against one baseline are no round robin: there only the baseline meets more
    // than one opponent.
    if names.iter().filter(|n| opponents(n) > 1).count() < 2 {
        return None;
    }
    struct Standing<'a> {
        name: &'a str,
        ptnml: Pentanomial,
        games: usize,
        draws: usize,
    }
    let mut table: Vec<Standing> = names
        .iter()
        .map(|&name| {
            let mut ptnml = Pentanomial::default();
            let (mut games, mut draws) = (0, 0);
            for s in summaries {
                let counts = if s.variant == name {
                    s.ptnml
                } else if s.opponent == name {
                    // The opponent's side: a pair scoring k for the variant scores 2 − k for it.
                    let mut reversed = s.ptnml;
                    reversed.reverse();
                    reversed
                } else {
                    continue;
                };
                for (total, count) in ptnml.0.iter_mut().zip(counts) {
                    *total += count;
                }
                games += s.games;
                draws += s.draws;
            }
            Standing {
                name,
                ptnml,
                games,
                draws,
            }
        })
        .collect();
    let score = |s: &Standing| estimate(&s.ptnml).map_or(0.5, |e| e.score);
    table.sort_by(|a, b| score(b).total_cmp(&score(a)));
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut out = format!(
        "Standings (round robin; Elo of each score against the opponents it met)\n\
         Rank {:<width$}     Elo  95% interval  Games   Score    Draw\n",
        "Name"
    );
    for (rank, s) in table.iter().enumerate() {
        let (elo, interval) = match estimate(&s.ptnml) {
            Some(e) if e.elo.is_finite() => (
                // A value that rounds to zero prints as 0.0, never -0.0.
                format!("{:.1}", if e.elo.abs() < 0.05 { 0.0 } else { e.elo }),
                match e.has_interval() {
                    true => format!("[{:.1}, {:.1}]", e.elo_lo, e.elo_hi),
                    false => NO_INTERVAL.into(),
                },
            ),
            _ => ("-".into(), "-".into()),
        };
        out.push_str(&format!(
            "{:>4} {:<width$} {:>7} {:>14} {:>6} {:>6.1}% {:>6.1}%\n",
            rank + 1,
            s.name,
            elo,
            interval,
            s.games,
            100.0 * score(s),
            100.0 * s.draws as f64 / s.games.max(1) as f64,
        ));
    }
    Some(out)
}

/// A variant's cost over its opponent's, to three decimals; `-` when the opponent's is 0.
pub fn ratio_text(variant: f64, opponent: f64) -> String {
    if opponent > 0.0 {
        format!("{:.3}", variant / opponent)
    } else {
        "-".into()
    }
}

/// Each side's nodes a second (nodes per move over time per move, which is its nodes over
/// its time), and their ratio: how fast each searches in the same games. Empty when a side's
/// time is not known.
fn speed_text(s: &PairingSummary) -> String {
    if s.ms_per_move <= 0.0 || s.opponent_ms_per_move <= 0.0 {
        return String::new();
    }
    let per_second = |nodes: f64, ms: f64| nodes / ms * 1000.0;
    let (ours, theirs) = (
        per_second(s.nodes_per_move, s.ms_per_move),
        per_second(s.opponent_nodes_per_move, s.opponent_ms_per_move),
    );
    format!(
        ", {:.2} M nodes/s against {:.2} M (×{})",
        ours / 1e6,
        theirs / 1e6,
        ratio_text(ours, theirs)
    )
}

/// Half the 95% interval, when `elo` ± that half gives the interval's bounds to within 0.05
/// (the last printed digit); `None` when it does not. Logistic Elo's interval is not
/// symmetric about the estimate far from an even score: 240.8 with [106.2, 518.3] has no ±
/// that is both half the interval and its bounds.
pub fn symmetric_half(elo: f64, lo: f64, hi: f64) -> Option<f64> {
    let (below, above) = (elo - lo, hi - elo);
    (below.is_finite() && above.is_finite() && (below - above).abs() <= 0.1)
        .then(|| (hi - lo) / 2.0)
}

/// Why a pairing with an Elo has no interval (`EloEstimate::has_interval`): too few games,
/// and what about them.
pub fn no_interval_reason(s: &PairingSummary) -> String {
    let pairs: u64 = s.ptnml.iter().sum();
    let why = if pairs < 2 {
        "fewer than 2 pairs".to_string()
    } else if s.ptnml.iter().filter(|&&c| c > 0).count() == 1 {
        format!("all {pairs} pairs scored alike")
    } else {
        "the interval reaches a score of 0 or 1".to_string()
    };
    format!("{NO_INTERVAL}: {why}")
}

/// One pairing in the lines cutechess-cli and fastchess print (the same labels and order:
/// wins - losses - draws, the score in brackets, the game count), so that engine authors read
/// it as they read theirs. `E +/- H` is said only where H is half the 95% interval and the
/// interval is E - H to E + H at the printed digits (`symmetric_half`); otherwise the line
/// gives the interval itself, `E [lo, hi]`.
pub fn conventional_lines(s: &PairingSummary) -> String {
    let fixed = |x: f64, d: usize| {
        let text = format!("{x:.d$}");
        // A value that rounds to zero prints as zero, never "-0.00".
        if text
            .trim_start_matches('-')
            .chars()
            .all(|c| c == '0' || c == '.')
        {
            text.trim_start_matches('-').to_string()
        } else {
            text
        }
    };
    let mut out = format!(
        "Score of {} vs {}: {} - {} - {}  [{}] {}\n",
        s.variant,
        s.opponent,
        s.wins,
        s.losses,
        s.draws,
        s.score.map_or("-".into(), |v| fixed(v, 3)),
        s.games
    );
    let elo = match (s.elo, s.elo_lo, s.elo_hi) {
        (Some(e), Some(lo), Some(hi)) => match symmetric_half(e, lo, hi) {
            Some(half) => format!("{} +/- {}", fixed(e, 1), fixed(half, 1)),
            None => format!("{} [{}, {}]", fixed(e, 1), fixed(lo, 1), fixed(hi, 1)),
        },
        // An interval that does not exist is said to, never printed as ±0 or half known.
        (Some(e), _, _) => format!("{} +/- n/a ({})", fixed(e, 1), no_interval_reason(s)),
        _ => "-".into(),
    };
    out.push_str(&format!(
        "Elo difference: {elo}, LOS: {} %, DrawRatio: {} %\n",
        s.los.map_or("-".into(), |l| fixed(l * 100.0, 1)),
        fixed(s.draw_ratio * 100.0, 1)
    ));
    let ptnml: Vec<String> = s.ptnml.iter().map(u64::to_string).collect();
    out.push_str(&format!("Ptnml(0-2): [{}]\n", ptnml.join(", ")));
    if let (Some(llr), Some((lo, hi)), Some((elo0, elo1))) = (s.llr, s.llr_bounds, s.sprt_elo) {
        out.push_str(&format!(
            "LLR: {} ({}, {}) [{}, {}]\n",
            fixed(llr, 2),
            fixed(lo, 2),
            fixed(hi, 2),
            fixed(elo0, 2),
            fixed(elo1, 2)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game_record::GameRow;
    use crate::stats::pairing_summary::summarize;

    fn pairing(variant: &str, opponent: &str, ptnml: [u64; 5]) -> PairingSummary {
        let pairs: u64 = ptnml.iter().sum();
        PairingSummary {
            variant: variant.into(),
            opponent: opponent.into(),
            games: 2 * pairs as usize,
            wins: 0,
            draws: ptnml[2] as usize,
            losses: 0,
            ptnml,
            score: None,
            elo: None,
            elo_lo: None,
            elo_hi: None,
            nelo: None,
            los: None,
            draw_ratio: 0.0,
            llr: None,
            llr_bounds: None,
            sprt: None,
            sprt_elo: None,
            nodes_per_move: 0.0,
            opponent_nodes_per_move: 0.0,
            ms_per_move: 0.0,
            opponent_ms_per_move: 0.0,
        }
    }

    #[test]
    fn the_cost_line_gives_each_side_s_nodes_a_second() {
        let mut s = pairing("strongest", "fruit", [0, 0, 5, 5, 0]);
        (s.nodes_per_move, s.ms_per_move) = (176_909.0, 83.5);
        (s.opponent_nodes_per_move, s.opponent_ms_per_move) = (203_815.0, 88.4);
        let text = render_summary(&[s.clone()]);
        assert!(
            text.contains("88.4 (×0.945), 2.12 M nodes/s against 2.31 M (×0.919)\n"),
            "{text}"
        );
        // With no time recorded for a side, no speed is claimed.
        s.opponent_ms_per_move = 0.0;
        assert!(!render_summary(&[s]).contains("nodes/s"));
    }

    #[test]
    fn a_lopsided_interval_is_given_whole_and_a_symmetric_one_as_plus_minus() {
        // A lopsided score: the interval reaches further above the estimate than below, so no
        // ± is both half of it and its bounds; the line gives the interval itself.
        let mut s = pairing("strong", "weak", [0, 1, 2, 10, 7]);
        let est = estimate(&Pentanomial(s.ptnml)).unwrap();
        (s.elo, s.elo_lo, s.elo_hi) = (Some(est.elo), Some(est.elo_lo), Some(est.elo_hi));
        let (e, lo, hi) = (est.elo, est.elo_lo, est.elo_hi);
        assert!(hi - e > e - lo + 10.0, "asymmetric: {lo} {e} {hi}");
        let text = conventional_lines(&s);
        assert!(
            text.contains(&format!("Elo difference: {e:.1} [{lo:.1}, {hi:.1}], LOS")),
            "{text}"
        );
        assert!(!text.contains("+/-"), "{text}");
        // An even score: ± is half the interval, and the estimate ± it gives its bounds.
        let mut s = pairing("a", "b", [2, 5, 6, 5, 2]);
        let est = estimate(&Pentanomial(s.ptnml)).unwrap();
        (s.elo, s.elo_lo, s.elo_hi) = (Some(est.elo), Some(est.elo_lo), Some(est.elo_hi));
        let text = conventional_lines(&s);
        let half = (est.elo_hi - est.elo_lo) / 2.0;
        assert!(text.contains(&format!("+/- {half:.1}, LOS")), "{text}");
    }

    /// A pairing's figures as `summarize` fills them from its pentanomial alone.
    fn summarized(ptnml: [u64; 5]) -> PairingSummary {
        let mut rows = Vec::new();
        for (bucket, &count) in ptnml.iter().enumerate() {
            for _ in 0..count {
                let pair = rows.len() / 2;
                // A pair scoring `bucket` halves: the variant's two results, white first.
                let (first, second) =
                    [(0.0, 0.0), (0.5, 0.0), (0.5, 0.5), (1.0, 0.5), (1.0, 1.0)][bucket];
                for (game, points) in [(0usize, first), (1, second)] {
                    let (white, black) = if game == 0 { ("v", "o") } else { ("o", "v") };
                    let white_points = if game == 0 { points } else { 1.0 - points };
                    rows.push(GameRow {
                        variant: "v".into(),
                        opponent: "o".into(),
                        pair,
                        game,
                        white: white.into(),
                        black: black.into(),
                        result: match white_points {
                            1.0 => "1-0",
                            0.0 => "0-1",
                            _ => "1/2-1/2",
                        }
                        .into(),
                        ..GameRow::default()
                    });
                }
            }
        }
        summarize(&rows, None).remove(0)
    }

    #[test]
    fn an_interval_that_does_not_exist_is_said_to_never_printed_as_zero_or_half_known() {
        // Two pairs lost ½–1½ alike: an Elo, but no spread, so no interval (it was -190.8 +/- 0.0).
        let alike = summarized([0, 2, 0, 0, 0]);
        assert!((alike.elo.unwrap() + 190.8).abs() < 0.05);
        assert_eq!((alike.elo_lo, alike.elo_hi, alike.los), (None, None, None));
        let lines = conventional_lines(&alike);
        assert!(
            lines.contains("Elo difference: -190.8 +/- n/a (too few games: all 2 pairs scored alike), LOS: - %"),
            "{lines}"
        );
        let table = render_summary(&[alike]);
        assert!(table.contains("Elo -190.8 (too few games"), "{table}");
        assert!(
            !table.contains("+/- 0.0") && !table.contains("[-"),
            "{table}"
        );
        // Three pairs whose interval reaches a score of 1: its upper end is no number (it was
        // printed as [lo, -] or [-, hi]); the whole interval is then "too few games".
        let edge = summarized([0, 0, 1, 0, 2]);
        assert!(edge.elo.is_some() && edge.elo_hi.is_none() && edge.elo_lo.is_none());
        let lines = conventional_lines(&edge);
        assert!(
            lines.contains("+/- n/a (too few games: the interval reaches a score of 0 or 1)"),
            "{lines}"
        );
        assert!(!render_summary(&[edge]).contains(", -]"));
        // One pair, as before.
        let one = summarized([0, 0, 0, 1, 0]);
        assert!(conventional_lines(&one).contains("+/- n/a (too few games: fewer than 2 pairs)"));
        // With a spread and finite ends, the interval is given as ever.
        let fine = summarized([1, 2, 3, 2, 1]);
        assert!(fine.elo_lo.is_some() && fine.elo_hi.is_some());
        assert!(conventional_lines(&fine).contains("+/- "));
    }

    #[test]
    fn standings_pool_each_variant_s_pairs_from_its_side() {
        // strong beats both, weak loses to both: strong 75%, middle 50%, weak 25%.
        let rr = [
            pairing("strong", "middle", [0, 0, 5, 5, 0]),
            pairing("middle", "weak", [0, 0, 5, 5, 0]),
            pairing("strong", "weak", [0, 0, 0, 10, 0]),
        ];
        let table = standings(&rr).expect("a round robin");
        let ranked: Vec<&str> = table
            .lines()
            .skip(2)
            .map(|l| l.split_whitespace().nth(1).unwrap())
            .collect();
        assert_eq!(ranked, ["strong", "middle", "weak"], "{table}");
        assert!(table.contains("   1 strong "), "{table}");
        let strong = estimate(&Pentanomial([0, 0, 5, 15, 0])).unwrap();
        assert!(table.contains(&format!("{:.1}", strong.elo)), "{table}");
        // Against the baseline only, there are no standings, however many variants play it.
        assert!(standings(&rr[..1]).is_none());
        let against_baseline = [
            pairing("a", "base", [0, 0, 5, 5, 0]),
            pairing("b", "base", [0, 0, 5, 5, 0]),
            pairing("c", "base", [0, 0, 5, 5, 0]),
        ];
        assert!(standings(&against_baseline).is_none());
    }
}
