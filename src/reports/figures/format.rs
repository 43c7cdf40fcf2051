//! How a figure block writes its numbers: the terminal's formats (`output::number_format`), tables
//! written by the one Markdown writer, and Elo with its interval and true minus signs.

/// A figure block's table: built as data and written by the one Markdown writer.
pub use crate::output::export::markdown_table::markdown_of as table;
pub use crate::output::number_format::{interval, sig3, signed, Minus};
use crate::stats::pairing_summary::PairingSummary;

/// 1234567 → "1,234,567", as the terminal prints counts.
pub fn thousands(value: u64) -> String {
    crate::output::number_format::thousands(value)
}

/// Millions with one decimal: 123,700,000 → "123.7 M".
pub fn millions(value: u64) -> String {
    format!("{:.1} M", value as f64 / 1e6)
}

/// Three decimals: a work ratio.
pub fn three_decimals(value: f64) -> String {
    format!("{value:.3}")
}

/// An owned cell.
pub fn text_cell(text: &str) -> String {
    text.to_string()
}

/// `x` with one decimal and a true minus.
pub fn plain(x: f64) -> String {
    format!("{x:.1}").replace('-', "−")
}

/// `+21.7 [+9.2, +34.4]`; `—` when the games give no interval (every game won or lost).
pub fn elo_interval(p: &PairingSummary) -> String {
    match (p.elo, p.elo_lo, p.elo_hi) {
        (Some(elo), Some(lo), Some(hi)) => interval(elo, lo, hi, 1, Minus::True),
        _ => text_cell("—"),
    }
}

/// A row's games against what its run declares: "1,000", or "448 of 1,000" while it plays.
/// The second value is true when they are all played, so that a verdict may be given.
pub fn games_against_goal(games: usize, goal: usize) -> (String, bool) {
    if games < goal {
        (
            format!("{} of {}", thousands(games as u64), thousands(goal as u64)),
            false,
        )
    } else {
        (thousands(games as u64), true)
    }
}

/// What removing (or changing) a heuristic did, by the sign of the interval.
pub fn removal_verdict(p: &PairingSummary) -> &'static str {
    match (p.elo_lo, p.elo_hi) {
        (_, Some(hi)) if hi < 0.0 => "helps",
        (Some(lo), _) if lo > 0.0 => "hurts",
        _ => "not resolved",
    }
}

/// The smallest and largest 95% half-width of `pairings` (those with an interval).
pub fn half_widths(pairings: &[PairingSummary]) -> (f64, f64) {
    pairings
        .iter()
        .filter_map(|p| Some((p.elo_hi? - p.elo_lo?) / 2.0))
        .fold((f64::MAX, 0.0), |(lo, hi), h| (lo.min(h), hi.max(h)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_the_terminal_prints_them() {
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(millions(123_700_000), "123.7 M");
        assert_eq!(signed(-3.04, 1, Minus::True), "−3.0");
        assert_eq!(
            table(&["a", "b"], "lr", &[vec![text_cell("x"), text_cell("1")]]),
            "| a | b |\n|---|---:|\n| x | 1 |\n"
        );
    }

    #[test]
    fn an_interval_that_is_not_there_is_a_dash() {
        let none = PairingSummary::default();
        assert_eq!(elo_interval(&none), "—");
        assert_eq!(removal_verdict(&none), "not resolved");
    }
}
