//! What limits each move of a game: a depth, a node count, a clock with an increment, or a fixed
//! time per move, as `--depth`, `--nodes`, `--tc` and `--st` (or a run's `depth`, `nodes`, `tc`
//! and `st`) give it. A manifest records it in the command line's words (`nodes 20000`),
//! written from the value and read back into it, so that nothing past the manifest's edge
//! reads the words.

use std::fmt;
use std::str::FromStr;

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

impl Limit {
    /// The node budget, under `--nodes`.
    pub fn nodes(&self) -> Option<u64> {
        match self {
            Limit::Nodes(n) => Some(*n),
            _ => None,
        }
    }

    /// The depth, under `--depth` (or with no limit given).
    pub fn depth(&self) -> Option<u32> {
        match self {
            Limit::Depth(d) => Some(*d),
            _ => None,
        }
    }
}

impl fmt::Display for Limit {
    /// The command line's words: `depth 4`, `nodes 20000`, `tc 10+0.1`, `st 0.05`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Depth(d) => write!(f, "depth {d}"),
            Limit::Nodes(n) => write!(f, "nodes {n}"),
            Limit::Clock(tc) => write!(f, "tc {tc}"),
            Limit::MoveTime(st) => write!(f, "st {st}"),
        }
    }
}

impl FromStr for Limit {
    type Err = String;

    /// Reads the words `Display` writes, as a manifest records them.
    fn from_str(text: &str) -> Result<Limit, String> {
        let bad = || format!("\"{text}\"; expected depth N, nodes N, tc BASE+INC or st SECONDS");
        let (word, value) = text.split_once(' ').ok_or_else(bad)?;
        match word {
            "depth" => super::values::parse_depth(value)
                .and_then(|d| super::values::check_depth(d.into()))
                .map(Limit::Depth),
            "nodes" => match super::values::parse_nodes(value)? {
                0 => Err(bad()),
                n => Ok(Limit::Nodes(n)),
            },
            "tc" => TimeControl::parse(value).map(Limit::Clock),
            "st" => MoveTime::parse(value).map(Limit::MoveTime),
            _ => Err(bad()),
        }
    }
}

impl serde::Serialize for Limit {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Limit {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Limit, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Milliseconds as seconds in the fewest digits that say them: 1000 → `1`, 50 → `0.05`.
fn seconds(ms: u64) -> String {
    (ms as f64 / 1000.0).to_string()
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

impl fmt::Display for TimeControl {
    /// `10+0.1`, or `60` without an increment (PGN's TimeControl).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.inc_ms {
            0 => write!(f, "{}", seconds(self.base_ms)),
            inc => write!(f, "{}+{}", seconds(self.base_ms), seconds(inc)),
        }
    }
}

impl FromStr for TimeControl {
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

impl fmt::Display for MoveTime {
    /// Seconds, as `st` takes them: `0.05`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&seconds(self.ms))
    }
}

impl FromStr for MoveTime {
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

    /// The words a manifest records are read back into the limit they were written from, in
    /// the forms every committed manifest holds.
    #[test]
    fn a_limit_is_written_in_the_command_line_s_words_and_read_back() {
        for text in [
            "depth 5",
            "nodes 10000",
            "tc 1+0.01",
            "tc 4+0.05",
            "tc 60",
            "st 0.04",
            "st 0.1",
        ] {
            let limit: Limit = text.parse().unwrap();
            assert_eq!(limit.to_string(), text);
        }
        assert_eq!(
            "tc 10+0.10".parse::<Limit>().unwrap().to_string(),
            "tc 10+0.1"
        );
        assert_eq!("nodes 5000".parse::<Limit>().unwrap().nodes(), Some(5000));
        assert_eq!("depth 6".parse::<Limit>().unwrap().depth(), Some(6));
        for bad in ["depth 0", "nodes 0", "nodes", "moves 40", "tc fast"] {
            assert!(bad.parse::<Limit>().is_err(), "{bad}");
        }
    }
}
