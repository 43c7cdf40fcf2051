//! External UCI engines as variants: `engine = "stockfish"` in a `[variants.NAME]` table.

use super::typed_tables::{read_table, Refused};
use crate::settings::values::number;
use serde::de::{Deserializer, Error};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use toml::{Table, Value};

/// Seconds an engine may take to answer (a handshake, or one `go` to its `bestmove`) unless
/// `engine_timeout` says otherwise.
pub const DEFAULT_ENGINE_TIMEOUT_S: u64 = 600;

/// An external UCI engine standing in for a variant, as its table declares it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EngineSpec {
    /// The command line, as written; words split as a POSIX shell would, no shell run.
    pub command: String,
    /// `setoption name K value V` for each, sent after `uci`.
    pub options: BTreeMap<String, String>,
    /// Seconds before an engine that does not answer is called hung and killed.
    pub timeout_s: u64,
    /// A node cap sent with every `go` (`go depth D nodes N`), when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit_nodes: Option<u64>,
    /// The engine's own limit per move in a match, over the match's: so that an opponent in a
    /// gauntlet plays at the strength its calibration chose while the points keep theirs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<SideLimit>,
}

/// A side's own limit per move (`limit = { depth = 6 }`, `{ nodes = 50000 }`,
/// `{ tc = "4+0.05" }` or `{ st = 0.05 }`); the clock's text is read where matches read `--tc`,
/// the time per move as `--st` is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
pub enum SideLimit {
    /// A fixed depth, which no load on the machine changes.
    Depth(u32),
    /// `go nodes N`, for an engine that honours it.
    Nodes(u64),
    /// A clock per side, BASE+INC seconds.
    Tc(String),
    /// A fixed time per move, seconds (`go movetime`).
    St(f64),
}

impl EngineSpec {
    /// The program and its arguments.
    pub fn argv(&self) -> Result<Vec<String>, String> {
        let words = shell_words::split(&self.command)
            .map_err(|e| format!("engine = \"{}\": {e}", self.command))?;
        if words.is_empty() {
            return Err("engine = \"\"; expected a command line such as \"stockfish\"".into());
        }
        Ok(words)
    }

    /// Reads a variant table that has an `engine` key; errors name the key.
    pub fn from_table(table: Table) -> Result<EngineSpec, String> {
        let written: EngineTable = read_table(table).map_err(|refused| match refused {
            Refused::Key { key, fields } => format!(
                "key \"{key}\": an engine variant runs another program, so ablate's search \
                 keys do not apply; expected only {}",
                fields.join(", ")
            ),
            value => value.said(),
        })?;
        let spec = EngineSpec {
            command: written.engine,
            options: written.engine_options.unwrap_or_default().0,
            timeout_s: written.engine_timeout,
            limit_nodes: written.limit_nodes,
            limit: written.limit,
        };
        spec.argv()?;
        Ok(spec)
    }
}

/// An engine variant's table as written: serde checks its keys and types.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EngineTable {
    #[serde(deserialize_with = "command")]
    engine: String,
    engine_options: Option<EngineOptions>,
    #[serde(default = "default_timeout", deserialize_with = "seconds")]
    engine_timeout: u64,
    #[serde(default, deserialize_with = "nodes")]
    limit_nodes: Option<u64>,
    #[serde(default, deserialize_with = "own_limit")]
    limit: Option<SideLimit>,
}

fn default_timeout() -> u64 {
    DEFAULT_ENGINE_TIMEOUT_S
}

fn command<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    match Value::deserialize(d)? {
        Value::String(s) if !s.trim().is_empty() => Ok(s),
        _ => Err(D::Error::custom(
            "expected a command line such as \"stockfish\" or \"gnuchess -u\"",
        )),
    }
}

fn seconds<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    number(d, |t| match t.parse::<u64>() {
        Ok(s) if s >= 1 => Ok(s),
        _ => Err("expected whole seconds, 1 or more".into()),
    })
}

fn nodes<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    number(d, |t| match t.parse::<u64>() {
        Ok(n) if n >= 1 => Ok(Some(n)),
        _ => Err("expected a whole number of nodes, 1 or more".into()),
    })
}

/// `limit = { depth = D }`, `{ nodes = N }` or `{ tc = "BASE+INC" }`: one of them, positive.
fn own_limit<'de, D: Deserializer<'de>>(d: D) -> Result<Option<SideLimit>, D::Error> {
    let expected =
        "expected one of { depth = 6 }, { nodes = 50000 }, { tc = \"4+0.05\" } or { st = 0.05 }";
    match SideLimit::deserialize(Value::deserialize(d)?) {
        Ok(SideLimit::Depth(d)) if !(1..=super::MAX_DEPTH).contains(&d) => {
            Err(D::Error::custom(expected))
        }
        Ok(SideLimit::Nodes(0)) | Err(_) => Err(D::Error::custom(expected)),
        Ok(SideLimit::St(s))
            if crate::settings::move_limit::MoveTime::parse(&s.to_string()).is_err() =>
        {
            Err(D::Error::custom(expected))
        }
        Ok(limit) => Ok(Some(limit)),
    }
}

/// `engine_options = { K = V, ... }`: each value as the text `setoption` sends.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EngineOptions(pub BTreeMap<String, String>);

impl<'de> Deserialize<'de> for EngineOptions {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<EngineOptions, D::Error> {
        struct Options;
        impl<'de> serde::de::Visitor<'de> for Options {
            type Value = EngineOptions;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a table such as { Hash = 16, Threads = 1 }")
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(
                self,
                mut map: M,
            ) -> Result<Self::Value, M::Error> {
                let mut options = BTreeMap::new();
                while let Some((name, OptionText(text))) = map.next_entry::<String, OptionText>()? {
                    options.insert(name, text);
                }
                Ok(EngineOptions(options))
            }
        }
        d.deserialize_map(Options)
    }
}

/// One option's value, a string, a whole number or true/false, as `setoption` sends it.
struct OptionText(String);

impl<'de> Deserialize<'de> for OptionText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<OptionText, D::Error> {
        match Value::deserialize(d)? {
            Value::String(s) => Ok(OptionText(s)),
            Value::Integer(i) => Ok(OptionText(i.to_string())),
            Value::Boolean(b) => Ok(OptionText(b.to_string())),
            _ => Err(D::Error::custom(
                "expected a string, a whole number or true/false",
            )),
        }
    }
}

/// The value `options` gives option `name`, its name matched as UCI matches option names,
/// without regard to case.
pub fn option_value<'a>(options: &'a BTreeMap<String, String>, name: &str) -> Option<&'a str> {
    options
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> Result<EngineSpec, String> {
        EngineSpec::from_table(text.parse::<Table>().unwrap())
    }

    #[test]
    fn reads_command_options_and_limits() {
        let s = spec(
            "engine = \"gnuchess -u\"\nengine_options = { Hash = 16, \"NullMove Pruning\" = \"Never\", Ponder = false }\nengine_timeout = 30\nlimit_nodes = 5000",
        )
        .unwrap();
        assert_eq!(s.argv().unwrap(), ["gnuchess", "-u"]);
        assert_eq!(s.options["Hash"], "16");
        assert_eq!(s.options["NullMove Pruning"], "Never");
        assert_eq!(s.options["Ponder"], "false");
        assert_eq!((s.timeout_s, s.limit_nodes), (30, Some(5000)));
        assert_eq!(s.limit, None);
        let own = |l: &str| spec(&format!("engine = \"toga2\"\nlimit = {l}"));
        assert_eq!(
            own("{ depth = 6 }").unwrap().limit,
            Some(SideLimit::Depth(6))
        );
        assert_eq!(
            own("{ nodes = 50000 }").unwrap().limit,
            Some(SideLimit::Nodes(50000))
        );
        assert_eq!(
            own("{ tc = \"4+0.05\" }").unwrap().limit,
            Some(SideLimit::Tc("4+0.05".into()))
        );
        for bad in [
            "{ depth = 0 }",
            "{ depth = 6, nodes = 9 }",
            "6",
            "{ time = 3 }",
        ] {
            let e = own(bad).unwrap_err();
            assert!(
                e.starts_with("limit = ") && e.contains("{ depth = 6 }"),
                "{e}"
            );
        }
        assert_eq!(
            spec("engine = \"'/opt/my engine/sf' --uci\"")
                .unwrap()
                .argv()
                .unwrap(),
            ["/opt/my engine/sf", "--uci"]
        );
    }

    #[test]
    fn knob_keys_and_bad_values_are_refused() {
        let e = spec("engine = \"stockfish\"\nordering.killers = 2").unwrap_err();
        assert!(e.starts_with("key \"ordering\": an engine variant"), "{e}");
        assert!(spec("engine = \"\"")
            .unwrap_err()
            .contains("expected a command line"));
        assert!(spec("engine = 3").unwrap_err().contains("engine = 3"));
        assert!(spec("engine = \"sf\"\nengine_timeout = 0")
            .unwrap_err()
            .contains("expected whole seconds"));
        assert!(spec("engine = \"sf\"\nengine_options = { Hash = 1.5 }")
            .unwrap_err()
            .contains("engine_options.\"Hash\" = 1.5"));
        assert!(spec("engine = \"sf 'unclosed\"")
            .unwrap_err()
            .contains("engine = \"sf 'unclosed\""));
    }
}
