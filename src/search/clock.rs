//! A clock's budget for one move: how long to think with what is left and the increment.

pub use crate::settings::move_limit::{Limit, MoveTime, TimeControl};
use std::time::Duration;

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
