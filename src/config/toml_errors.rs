//! A config's TOML and serde errors in ablate's words, placed by the parser's span: `file:line:
//! column: key = value; expected ...`, and "did you mean" for a misspelt key.

use super::keys;
use crate::error::InputError;

/// `message`, about what starts at `span` of `text` (the file `file`), at its line and column.
pub fn at(file: &str, text: &str, span: std::ops::Range<usize>, message: String) -> InputError {
    let before = &text[..span.start.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before
        .rsplit('\n')
        .next()
        .unwrap_or_default()
        .chars()
        .count()
        + 1;
    InputError::at_column(file, line, column, message)
}

/// `error`, from reading `text` (the file `file`) with serde, as a located input error.
pub fn located(file: &str, text: &str, error: &toml::de::Error) -> InputError {
    let Some(span) = error.span() else {
        return InputError::in_file(file, said(error.message(), None));
    };
    let before = &text[..span.start.min(text.len())];
    // The key a value error is about: the line's own `key = `, before the value.
    let own_line = before.rsplit('\n').next().unwrap_or_default();
    let key = own_line
        .split_once('=')
        .map(|(k, _)| k.trim().trim_matches('"'))
        .filter(|k| !k.is_empty() && !k.starts_with('['));
    let raw = text.get(span.clone()).unwrap_or_default().trim();
    let message = said(error.message(), key.map(|k| (k, raw)));
    at(file, text, span, message)
}

/// serde's words in ablate's: an unknown field as an unknown key with the one it may have
/// meant, a wrong type as `key = value; expected ...`.
pub fn said(message: &str, key_and_value: Option<(&str, &str)>) -> String {
    if message.starts_with("unknown field") {
        return keys::unknown_field_said(message);
    }
    let expected = plain(message);
    match key_and_value {
        Some((key, value)) => format!("{key} = {value}; {expected}"),
        None => expected,
    }
}

/// serde's "invalid type: integer `5`, expected a string" as "expected a string": the value is
/// said beside its key. Other messages are returned as they are.
fn plain(message: &str) -> String {
    match message.split_once(", expected ") {
        Some((_, expected)) if message.starts_with("invalid") => format!("expected {expected}"),
        _ => message.to_string(),
    }
}

/// `table` read as `T` by serde, key by key first, so that an error names its key and value:
/// `said(key, value, serde's message)` words it (the key is empty for an error of the whole).
pub fn read_table<T: serde::de::DeserializeOwned>(
    table: &toml::Table,
    said: impl Fn(&str, &toml::Value, &str) -> String,
) -> Result<T, String> {
    for (key, value) in table {
        let one = toml::Table::from_iter([(key.clone(), value.clone())]);
        match T::deserialize(one) {
            // A key read alone lacks the others a table must have: not its error.
            Err(e) if !e.message().starts_with("missing field") => {
                return Err(said(key, value, &plain(e.message())))
            }
            _ => {}
        }
    }
    T::deserialize(table.clone()).map_err(|e| said("", &toml::Value::from(""), &plain(e.message())))
}
