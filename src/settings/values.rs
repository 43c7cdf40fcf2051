//! The values the command line and the experiment files take alike (`--games 40` and
//! `games = 40`): one parser for each, so both say the same thing about a bad value.

use serde::de::{Deserialize, Deserializer, Error};
use toml::Value;

/// The deepest nominal depth a user may ask for.
pub const MAX_DEPTH: u32 = 64;

/// The one depth check: a whole number from 1 to `MAX_DEPTH`.
pub fn check_depth(depth: i64) -> Result<u32, String> {
    if (1..=MAX_DEPTH as i64).contains(&depth) {
        Ok(depth as u32)
    } else {
        Err(format!("{depth}; expected a depth from 1 to {MAX_DEPTH}"))
    }
}

/// A whole number, 0 or more; `expected` says in ablate's words what the option takes (the
/// commands check the range that makes sense and say so).
fn whole<T: TryFrom<u128>>(text: &str, expected: &str) -> Result<T, String> {
    match text.trim().parse::<i128>() {
        Ok(n) if n >= 0 => {
            T::try_from(n as u128).map_err(|_| format!("too large; expected {expected}"))
        }
        _ => Err(format!("expected {expected}")),
    }
}

pub fn parse_threads(text: &str) -> Result<usize, String> {
    // 0 is refused here, where every command reads it, and not only when threads are started:
    // a finished run starts none, and took --jobs 0 without a word.
    let expected = "a whole number of worker threads, 1 or more";
    match whole(text, expected)? {
        0 => Err(format!("0; expected {expected}")),
        n => Ok(n),
    }
}

pub fn parse_depth(text: &str) -> Result<u32, String> {
    let max = MAX_DEPTH;
    whole(
        text,
        &format!("a depth in plies, a whole number from 1 to {max}"),
    )
}

pub fn parse_nodes(text: &str) -> Result<u64, String> {
    whole(text, "a whole number of nodes per move, 1 or more")
}

pub fn parse_games(text: &str) -> Result<usize, String> {
    whole(text, "an even whole number of games per pairing, 2 or more")
}

pub fn parse_positions(text: &str) -> Result<usize, String> {
    whole(text, "a whole number of positions, 1 or more")
}

pub fn parse_plies(text: &str) -> Result<usize, String> {
    let expected = "a whole number of plies, 1 or more";
    match whole(text, expected)? {
        0 => Err(format!("0; expected {expected}")),
        n => Ok(n),
    }
}

pub fn parse_millis(text: &str) -> Result<u64, String> {
    whole(text, "a whole number of milliseconds, 0 or more")
}

pub fn parse_precision(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if x > 0.0 && x.is_finite() => Ok(x),
        _ => Err("expected a half-width in Elo above 0, e.g. 10".into()),
    }
}

pub fn parse_seed(text: &str) -> Result<u64, String> {
    whole(text, "a seed, a whole number from 0")
}

/// `ablate datagen --games`: the whole run's games, none refused here, before a file is written.
pub fn parse_game_count(text: &str) -> Result<usize, String> {
    let expected = "a whole number of games, 1 or more";
    match whole(text, expected)? {
        0 => Err(format!("0; expected {expected}")),
        n => Ok(n),
    }
}

/// A count the command checks the range of itself (`--epochs`, `--hidden`): only its sign and
/// form here, so that `-5` reaches a parser that names the flag instead of being taken for one.
pub fn parse_count<T: TryFrom<u128>>(
    what: &'static str,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |text| whole(text, &format!("a whole number of {what}"))
}

/// A TOML number for a key the command line reads with `parse`: the same checks, the same
/// words. A string, even of digits, is refused: the file's types are TOML's.
pub fn number<'de, D: Deserializer<'de>, T>(
    deserializer: D,
    parse: fn(&str) -> Result<T, String>,
) -> Result<T, D::Error> {
    let value = Value::deserialize(deserializer)?;
    let text = match &value {
        Value::Integer(n) => n.to_string(),
        Value::Float(x) => x.to_string(),
        _ => String::new(),
    };
    // The parser's own words for what it expects, without the value it would repeat.
    parse(&text).map_err(|m| D::Error::custom(m.trim_start_matches(&format!("{text}; "))))
}

/// Strings, or one string split on whitespace (as the command line would split it).
pub fn words<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    match Value::deserialize(deserializer)? {
        Value::String(s) => Ok(s.split_whitespace().map(str::to_string).collect()),
        Value::Array(items) => items
            .into_iter()
            .map(|v| match v {
                Value::String(s) => Ok(s),
                other => Err(D::Error::custom(format!(
                    "{other}: expected a string or an array of strings"
                ))),
            })
            .collect(),
        _ => Err(D::Error::custom("expected a string or an array of strings")),
    }
}
