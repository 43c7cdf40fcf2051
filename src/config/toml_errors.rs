//! A config's TOML and serde errors in ablate's words, placed by the parser's span: `file:line:
//! column: key = value; expected ...`, and "did you mean" for a misspelt key.

use super::keys;
use crate::error::InputError;

/// `error`, from reading `text` (the file `file`) with serde, as a located input error.
pub fn located(file: &str, text: &str, error: &toml::de::Error) -> InputError {
    let Some(span) = error.span() else {
        return InputError::in_file(file, said(error.message(), None));
    };
    let before = &text[..span.start.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before
        .rsplit('\n')
        .next()
        .unwrap_or_default()
        .chars()
        .count()
        + 1;
    // The key a value error is about: the line's own `key = `, before the value.
    let own_line = before.rsplit('\n').next().unwrap_or_default();
    let key = own_line
        .split_once('=')
        .map(|(k, _)| k.trim().trim_matches('"'))
        .filter(|k| !k.is_empty() && !k.starts_with('['));
    let raw = text.get(span).unwrap_or_default().trim();
    let message = said(error.message(), key.map(|k| (k, raw)));
    InputError::at_column(file, line, column, message)
}

/// serde's words in ablate's: an unknown field as an unknown key with the one it may have
/// meant, a wrong type as `key = value; expected ...`.
pub fn said(message: &str, key_and_value: Option<(&str, &str)>) -> String {
    if message.starts_with("unknown field") {
        return keys::unknown_field_said(message);
    }
    let expected = match message.split_once(", expected ") {
        Some((_, expected)) if message.starts_with("invalid") => format!("expected {expected}"),
        _ => message.to_string(),
    };
    match key_and_value {
        Some((key, value)) => format!("{key} = {value}; {expected}"),
        None => expected,
    }
}
