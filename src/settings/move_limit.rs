//! What limits each move of a game: a depth, a node count, or a clock with an increment, as
//! `--depth`, `--nodes` and `--tc` (or a run's `depth`, `nodes` and `tc`) give it.

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
