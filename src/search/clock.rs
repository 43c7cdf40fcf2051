//! What limits each move of a game: a depth, a node count, or a clock with an increment.

use crate::error::InputError;
use std::time::Duration;

/// The limit on every move of a match.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Limit {
    /// A fixed nominal depth: games are deterministic.
    Depth(u32),
    /// About this many nodes per move (polled every 4096): games are deterministic.
    Nodes(u64),
    /// A clock per side: games depend on the machine.
    Clock(TimeControl),
}

impl Limit {
    /// The limit the command line asks for (`--nodes`, else `--tc`, else `--depth`, else depth
    /// 4), with its words for the manifest; errors name the option.
    pub fn from_options(
        depth: Option<u32>,
        nodes: Option<u64>,
        tc: Option<&str>,
    ) -> Result<(Limit, String), InputError> {
        let limit = match (depth, nodes, tc) {
            (_, Some(0), _) => {
                return Err(InputError::in_file(
                    "--nodes",
                    "0; expected 1 or more nodes per move",
                ))
            }
            (_, Some(n), _) => Limit::Nodes(n),
            (_, _, Some(tc)) => {
                Limit::Clock(TimeControl::parse(tc).map_err(|m| InputError::in_file("--tc", m))?)
            }
            (Some(d), _, _) => Limit::Depth(
                crate::config::check_depth(d.into())
                    .map_err(|m| InputError::in_file("--depth", m))?,
            ),
            (None, None, None) => Limit::Depth(4),
        };
        let words = match limit {
            Limit::Depth(d) => format!("depth {d}"),
            Limit::Nodes(n) => format!("nodes {n}"),
            Limit::Clock(_) => format!("tc {}", tc.unwrap_or("")),
        };
        Ok((limit, words))
    }
}

/// `BASE+INC` in seconds, as cutechess and fastchess write it (`10+0.1`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimeControl {
    /// Each side's starting time, milliseconds.
    pub base_ms: u64,
    /// Added after each of the side's moves, milliseconds.
    pub inc_ms: u64,
}

impl TimeControl {
    /// Reads `10+0.1` or `60` (no increment).
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let bad = || format!("\"{text}\"; expected seconds+increment such as 10+0.1");
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        let seconds = |s: &str| -> Result<u64, String> {
            let v: f64 = s.trim().parse().map_err(|_| bad())?;
            if !(0.0..=86_400.0).contains(&v) {
                return Err(bad());
            }
            Ok((v * 1000.0).round() as u64)
        };
        let tc = TimeControl {
            base_ms: seconds(base)?,
            inc_ms: seconds(inc)?,
        };
        if tc.base_ms == 0 {
            return Err(bad());
        }
        Ok(tc)
    }
}

/// How long to think with `left_ms` on the clock: a share of it (the remaining time over the
/// moves to go, 30 when not given, plus three quarters of the increment), never more than a
/// third of what is left, less 15 ms for the reply to travel. Returns (soft, hard): no new
/// iteration starts after the soft limit; the hard one stops the search.
pub fn budget(left_ms: u64, inc_ms: u64, moves_to_go: Option<u64>) -> (Duration, Duration) {
    let share = left_ms / moves_to_go.unwrap_or(30).max(1) + inc_ms * 3 / 4;
    let hard = share.min(left_ms / 3).saturating_sub(15).max(5);
    (Duration::from_millis(hard / 2), Duration::from_millis(hard))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_and_budgets() {
        assert_eq!(
            TimeControl::parse("10+0.1"),
            Ok(TimeControl {
                base_ms: 10_000,
                inc_ms: 100
            })
        );
        assert_eq!(TimeControl::parse("60").unwrap().inc_ms, 0);
        assert!(TimeControl::parse("ten").is_err());
        assert!(TimeControl::parse("0+1").is_err());
        // 10000/30 + 75 = 408, less 15.
        assert_eq!(budget(10_000, 100, None).1, Duration::from_millis(393));
        // 600/30 = 20, at most 200, less 15.
        assert_eq!(budget(600, 0, None).1, Duration::from_millis(5));
    }
}
