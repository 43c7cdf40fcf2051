//! A config's tables read into their types by serde, and what went wrong said in ablate's
//! words: a key the type has no field for is an unknown key, with the field it may have meant
//! taken from the type's own field list; a bad value is said with its key (`games = "many";
//! expected ...`), the key found by `serde_path_to_error` rather than read back from serde's
//! message. A whole file is parsed once (`Source::read`), and every error is placed by the
//! parser's own spans: a value's where it stands, a table's at its header.

use crate::error::InputError;
use serde::de::{self, DeserializeOwned};
use serde::Deserialize as _;
use std::ops::Range;
use toml::{Table, Value};
use toml_edit::{ImDocument, Item};

/// Why a table was not read as its type.
#[derive(Debug)]
pub enum Refused {
    /// A key the type has no field for, with the type's fields.
    Key {
        key: String,
        fields: &'static [&'static str],
    },
    /// A bad value: its path (the key, then the keys inside its value), the value, and what
    /// was expected.
    Value {
        path: Vec<String>,
        value: Value,
        message: String,
    },
}

impl Refused {
    /// The key as written: `games`, `engine_options."Hash"`.
    pub fn key(&self) -> String {
        match self {
            Refused::Key { key, .. } => key.clone(),
            Refused::Value { path, .. } => {
                let inner = path.iter().skip(1).map(|k| format!(".\"{k}\""));
                path.first().cloned().unwrap_or_default() + &inner.collect::<String>()
            }
        }
    }

    /// In the usual words: `unknown key "gmes"; did you mean "games"?`, `games = "many";
    /// expected ...`.
    pub fn said(&self) -> String {
        match self {
            Refused::Key { key, fields } => {
                let known: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
                format!("unknown key \"{key}\"; {}", super::keys::hint(key, &known))
            }
            Refused::Value { value, message, .. } => format!("{} = {value}; {message}", self.key()),
        }
    }
}

/// `table` read as `T`: its keys first, against `T`'s fields (a type that takes any key, a map
/// or a struct with a flattened table, has none to check), then its values.
pub fn read_table<T: DeserializeOwned>(table: Table) -> Result<T, Refused> {
    if let Some(fields) = fields_of::<T>() {
        if let Some(key) = table.keys().find(|k| !fields.contains(&k.as_str())) {
            let key = key.clone();
            return Err(Refused::Key { key, fields });
        }
    }
    let whole = Value::Table(table);
    serde_path_to_error::deserialize(whole.clone()).map_err(|e| {
        let path = keys_of(e.path());
        let value = path
            .iter()
            .try_fold(&whole, |v, k| v.get(k))
            .unwrap_or(&whole);
        Refused::Value {
            value: value.clone(),
            path,
            message: e.inner().message().trim().to_string(),
        }
    })
}

/// The map keys (and list indices) down a serde path.
fn keys_of(path: &serde_path_to_error::Path) -> Vec<String> {
    use serde_path_to_error::Segment;
    path.iter()
        .filter_map(|s| match s {
            Segment::Map { key } => Some(key.clone()),
            Segment::Seq { index } => Some(index.to_string()),
            _ => None,
        })
        .collect()
}

/// A file's text parsed once, kept for the spans of its tables and keys.
pub struct Source {
    /// The file, as messages name it.
    pub file: String,
    document: ImDocument<String>,
}

/// For TOML's "dotted key `eval` attempted to extend non-table type": a key given a value
/// (`eval = "nnue"`) and then a key under it (`eval.net = ...`) in one table, which TOML
/// forbids. Says the forms that are accepted; nothing for any other error.
fn value_and_table_hint(message: &str) -> String {
    let Some(key) = message
        .split_once("dotted key `")
        .and_then(|(_, rest)| rest.split_once("` attempted to extend non-table type"))
        .map(|(key, _)| key)
    else {
        return String::new();
    };
    let long = super::table_paths::canonical(key);
    if long == key {
        return format!("; `{key}` is given a value and a key under it in one table: a key is a value or a table, not both");
    }
    let sub = long.strip_prefix(&format!("{key}.")).unwrap_or(long);
    format!(
        "; `{key} = ...` is short for `{long}`, and TOML does not let one table give `{key}` a value and a key under it: write `{long} = ...` beside the other `{key}.` keys, e.g. `{key}.{sub} = \"nnue\"` and `{key}.net = \"FILE\"`, or one inline table, `{key} = {{ {sub} = \"nnue\", net = \"FILE\" }}`"
    )
}

impl Source {
    /// Parses `text` (a syntax error is "not valid TOML" at its line), checks its top-level keys
    /// against `T`'s fields and reads `T` from it. A top-level value's error says its key and
    /// value as written; an error inside a table is said as the table's reader words it, after
    /// `place(path)` (a variant's or a run's name, which only its key gives).
    pub fn read<T: DeserializeOwned>(
        file: &str,
        text: &str,
        place: impl Fn(&[String]) -> String,
    ) -> Result<(T, Source), InputError> {
        let document = ImDocument::parse(text.to_string()).map_err(|e| {
            let message = format!(
                "not valid TOML: {}{}",
                e.message().trim(),
                value_and_table_hint(e.message())
            );
            // The line the parser stopped on: at an unclosed list's end of file, the list's.
            match e.span() {
                Some(span) => {
                    let line = text[..span.start].lines().count().max(1);
                    InputError::at_line(file, line, message)
                }
                None => InputError::in_file(file, message),
            }
        })?;
        let source = Source {
            file: file.to_string(),
            document,
        };
        let root = source.document.as_table();
        let fields = fields_of::<T>().unwrap_or_default();
        if let Some((key, _)) = root.iter().find(|(k, _)| !fields.contains(k)) {
            let refused = Refused::Key {
                key: key.to_string(),
                fields,
            };
            let span = root.key(key).and_then(|k| k.span());
            return Err(source.error_at(span, refused.said()));
        }
        let deserializer = toml_edit::de::Deserializer::from(source.document.clone());
        let read = serde_path_to_error::deserialize(deserializer).map_err(|e| {
            let path = keys_of(e.path());
            let (span, message) = (e.inner().span(), e.inner().message().trim());
            let top = path.first().and_then(|k| root.get(k));
            let message = match (top, &span) {
                (Some(Item::Value(v)), Some(span)) if !v.is_inline_table() => {
                    format!("{} = {}; {message}", path[0], &text[span.clone()])
                }
                _ => format!("{}{message}", place(&path)),
            };
            source.error_at(span, message)
        })?;
        Ok((read, source))
    }

    /// `message` placed at the table (or value) the path names: at its header, or at its key
    /// for a table no header opens (`[design.factors]` alone opens `design` too); in the file
    /// when the path names nothing written.
    pub fn error(&self, path: &[&str], message: String) -> InputError {
        let mut table = self.document.as_table() as &dyn toml_edit::TableLike;
        let mut span = None;
        for (i, key) in path.iter().enumerate() {
            let Some(item) = table.get(key) else {
                break;
            };
            span = item
                .span()
                .or_else(|| table.key(key).and_then(|k| k.span()));
            match item.as_table_like() {
                Some(inner) if i + 1 < path.len() => table = inner,
                _ => break,
            }
        }
        self.error_at(span, message)
    }

    /// `message` placed at `key` (dotted, as `keys::flatten` writes it) inside the table
    /// `table` names: at the key's own line, wherever it is written (`a.b = 1`, `[t.a]` then
    /// `b = 1`, or `a = { b = 1 }`); at the table as `error` places it when the key is not found.
    pub fn error_at_key(&self, table: &[&str], key: &str, message: String) -> InputError {
        let mut at = self.document.as_table() as &dyn toml_edit::TableLike;
        for name in table {
            match at.get(name).and_then(Item::as_table_like) {
                Some(inner) => at = inner,
                None => return self.error(table, message),
            }
        }
        let mut rest: Vec<&str> = key.split('.').collect();
        while !rest.is_empty() {
            // The longest run of segments written as one key: a quoted "a.b" is one key.
            let Some(n) = (1..=rest.len())
                .rev()
                .find(|&n| at.contains_key(&rest[..n].join(".")))
            else {
                break;
            };
            let written = rest[..n].join(".");
            if n == rest.len() {
                let span = at.key(&written).and_then(|k| k.span());
                return self.error_at(span, message);
            }
            match at.get(&written).and_then(Item::as_table_like) {
                Some(inner) => at = inner,
                None => break,
            }
            rest.drain(..n);
        }
        self.error(table, message)
    }

    fn error_at(&self, span: Option<Range<usize>>, message: String) -> InputError {
        match span {
            Some(span) => {
                let (line, column) = line_column(self.document.raw(), span);
                InputError::at_column(&self.file, line, column, message)
            }
            None => InputError::in_file(&self.file, message),
        }
    }
}

/// The line and column (both from 1) where `span` starts in `text`.
fn line_column(text: &str, span: Range<usize>) -> (usize, usize) {
    let before = &text[..span.start.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before
        .rsplit('\n')
        .next()
        .unwrap_or_default()
        .chars()
        .count()
        + 1;
    (line, column)
}

/// The fields serde reads `T` from, as its derive declares them; `None` for a type that
/// takes any key (a map, or a struct with a flattened table, which serde reads as a map).
pub fn fields_of<T: DeserializeOwned>() -> Option<&'static [&'static str]> {
    let fields = serde_aux::serde_introspection::serde_introspect::<T>();
    (!fields.is_empty()).then_some(fields)
}

/// A TOML string, refused in ablate's words (`name = 5; expected a string`).
pub fn string<'de, D: de::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    match Value::deserialize(d)? {
        Value::String(s) => Ok(Some(s)),
        _ => Err(de::Error::custom("expected a string")),
    }
}

/// A TOML boolean, refused in ablate's words (`keep_tables = "yes"; expected a boolean`).
pub fn boolean<'de, D: de::Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    match Value::deserialize(d)? {
        Value::Boolean(b) => Ok(b),
        _ => Err(de::Error::custom("expected a boolean")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Two {
        games: u32,
        #[serde(default)]
        nodes: Option<u64>,
    }

    #[test]
    fn keys_are_checked_against_the_fields_and_values_said_with_their_key() {
        assert_eq!(fields_of::<Two>(), Some(&["games", "nodes"][..]));
        assert_eq!(fields_of::<Table>(), None);
        let read = |t: &str| read_table::<Two>(t.parse().unwrap()).unwrap_err().said();
        assert_eq!(
            read("gmes = 2"),
            "unknown key \"gmes\"; did you mean \"games\"?"
        );
        assert_eq!(
            read("games = true"),
            "games = true; invalid type: boolean `true`, expected u32"
        );
    }
}
