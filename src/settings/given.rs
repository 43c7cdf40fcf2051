//! A setting read once, at the start, from the text the user gave: the value the stages use
//! and the text the manifest records (`sprt = "elo0=0 elo1=5"` stays as written).

use std::str::FromStr;

/// A value with the text it was read from.
#[derive(Debug, Clone, PartialEq)]
pub struct Given<T> {
    /// As the command line or the file gave it.
    pub text: String,
    /// As read.
    pub value: T,
}

impl<T: FromStr<Err = String>> FromStr for Given<T> {
    type Err = String;

    fn from_str(text: &str) -> Result<Given<T>, String> {
        Ok(Given {
            text: text.to_string(),
            value: text.parse()?,
        })
    }
}

impl<'de, T: FromStr<Err = String>> serde::Deserialize<'de> for Given<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Given<T>, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
