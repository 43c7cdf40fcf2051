//! What limits each move of a game: a depth, a node count, a clock with an increment, or a fixed
//! time per move, as `--depth`, `--nodes`, `--tc` and `--st` (or a run's `depth`, `nodes`, `tc`
//! and `st`) give it.

/// The limit on every move of a match.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Limit {
    /// A fixed nominal depth: games are deterministic.
    Depth(u32),
    /// About this many nodes per move (polled every 4096): games are deterministic.
    Nodes(u64),
    /// A clock per side: games depend on the machine.
    Clock(TimeControl),
    /// The same time for every move (`go movetime`, cutechess's `st`): games depend on the
    /// machine, but no engine's time management decides how deep a move is searched.
    MoveTime(MoveTime),
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

impl std::str::FromStr for TimeControl {
    type Err = String;

    fn from_str(text: &str) -> Result<TimeControl, String> {
        TimeControl::parse(text)
    }
}

/// A fixed time per move, in seconds as cutechess and fastchess write `st=0.05`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveTime {
    /// Milliseconds for every move.
    pub ms: u64,
}

impl MoveTime {
    /// Reads `0.05` (seconds): 1 ms to an hour, in whole milliseconds.
    pub fn parse(text: &str) -> Result<MoveTime, String> {
        let bad = || format!("\"{text}\"; expected seconds per move such as 0.05");
        let seconds: f64 = text.trim().parse().map_err(|_| bad())?;
        let ms = seconds * 1000.0;
        if !(1.0..=3_600_000.0).contains(&ms) || (ms - ms.round()).abs() > 1e-6 {
            return Err(bad());
        }
        Ok(MoveTime {
            ms: ms.round() as u64,
        })
    }
}

impl std::str::FromStr for MoveTime {
    type Err = String;

    fn from_str(text: &str) -> Result<MoveTime, String> {
        MoveTime::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_per_move_is_read_in_seconds_to_the_millisecond() {
        assert_eq!(MoveTime::parse("0.05"), Ok(MoveTime { ms: 50 }));
        assert_eq!(MoveTime::parse("2"), Ok(MoveTime { ms: 2000 }));
        for bad in ["0", "0.0004", "0.0505", "-1", "fast", "7200"] {
            let message = MoveTime::parse(bad).unwrap_err();
            assert!(message.contains("seconds per move"), "{bad}: {message}");
        }
    }
}
