//! A config's knob tables typed when read. `[search]`, each variant, each combination of a grid,
//! each design factor, `--set` and a UCI option become one `SearchLayer`: every knob an `Option`
//! of its own type, generated beside `SearchConfig` from the one declaration of each knob. A
//! table is read once: its keys by name first (with the key it may have meant, and for a
//! choice the word), then its values' types by serde; a refusal names its key, so that a file's
//! reader places it at the key's own line. A variant's configuration is then its layers laid
//! over the defaults in order, typed values over typed values, and checked once whole.

use super::keys::{check_name, known_keys, parse_set};
use super::search_config::{SearchConfig, SearchLayer};
use super::table_paths::{canonical, flatten, insert};
use crate::error::InputError;
use toml::{Table, Value};

/// A table of knobs refused: why, and the dotted key at fault, so that a file's reader can place
/// the message at the key's own line rather than at its table's header.
#[derive(Debug, Clone, PartialEq)]
pub struct LayerError {
    /// The key as flattened (`ordering.killer`).
    pub key: String,
    pub message: String,
}

impl std::fmt::Display for LayerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<LayerError> for String {
    fn from(e: LayerError) -> String {
        e.message
    }
}

impl SearchLayer {
    /// Reads one table of knobs, its keys dotted or nested as TOML writes them (`eval = "pst"`
    /// stands for `eval.kind`). The names first, each key and choice word with the one it may
    /// have meant; then the values' types, the bad key found by its serde path.
    pub fn read(table: &Table) -> Result<SearchLayer, LayerError> {
        let known = known_keys();
        let leaves = flatten(table);
        let mut written = Table::new();
        for (key, value) in &leaves {
            check_name(key, value, &known).map_err(|message| LayerError {
                key: key.clone(),
                message,
            })?;
            insert(&mut written, key, value.clone());
        }
        let read = serde_path_to_error::deserialize::<_, SearchLayer>(Value::Table(written));
        read.map_err(|e| {
            use serde_path_to_error::Segment;
            let keys = e.path().iter().filter_map(|s| match s {
                Segment::Map { key } => Some(key.as_str()),
                _ => None,
            });
            let key = keys.collect::<Vec<_>>().join(".");
            let value = leaves.iter().find(|(k, _)| *k == key).map(|(_, v)| v);
            let value = value.map_or(String::new(), Value::to_string);
            let message = format!("key \"{key}\" = {value}: {}", e.inner().message().trim());
            LayerError { key, message }
        })
    }

    /// One `KEY=VALUE` (a `--set`, a UCI option) as a layer.
    pub fn from_set(text: &str) -> Result<SearchLayer, String> {
        let (key, value) = parse_set(text)?;
        let mut table = Table::new();
        insert(&mut table, canonical(&key), value);
        Ok(SearchLayer::read(&table)?)
    }

    /// `--set KEY=VALUE` options as one layer, a later setting of a key over an earlier one;
    /// errors are located at `--set`.
    pub fn from_sets(sets: &[String]) -> Result<SearchLayer, InputError> {
        let mut layer = SearchLayer::default();
        for set in sets {
            let one = SearchLayer::from_set(set).map_err(|m| InputError::in_file("--set", m))?;
            layer.merge(&one);
        }
        Ok(layer)
    }

    /// The knobs it sets, as (dotted key, value), in the order they are declared.
    pub fn values(&self) -> Vec<(String, Value)> {
        match Value::try_from(self) {
            Ok(Value::Table(t)) => flatten(&t),
            _ => Vec::new(),
        }
    }

    /// Whether it sets no knob.
    pub fn is_empty(&self) -> bool {
        self.values().is_empty()
    }
}

/// Lays `layers` over the defaults in order and checks the search they make whole (ranges, and
/// knobs that contradict each other: `SearchConfig::validate`); the caller adds the file and
/// the variant to an error.
pub fn resolve(layers: &[&SearchLayer]) -> Result<SearchConfig, String> {
    let mut config = SearchConfig::default();
    for layer in layers {
        layer.apply(&mut config);
    }
    config.validate()?;
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::search_config::CaptureOrder;

    fn table(text: &str) -> Table {
        text.parse().unwrap()
    }

    fn layer(table: Table) -> SearchLayer {
        SearchLayer::read(&table).unwrap()
    }

    /// One table read and resolved alone: a refusal of either, as the caller is given it.
    fn resolved(table: &Table) -> Result<SearchConfig, String> {
        let layer = SearchLayer::read(table)?;
        resolve(&[&layer])
    }

    #[test]
    fn a_layer_holds_only_what_its_table_sets_typed() {
        let read = layer(table("eval = \"material\"\n[ordering]\nkillers = 1"));
        assert_eq!(read.ordering.as_ref().and_then(|o| o.killers), Some(1));
        assert_eq!(read.ordering.as_ref().and_then(|o| o.history), None);
        assert_eq!(
            read.values(),
            [
                ("eval.kind".to_string(), Value::String("material".into())),
                ("ordering.killers".to_string(), Value::Integer(1)),
            ]
        );
        let mut over = layer(table("ordering.history = false"));
        over.merge(&read);
        assert_eq!(over.values().len(), 3);
        assert!(layer(Table::new()).is_empty());
    }

    #[test]
    fn layers_merge_in_order() {
        let base = table("ordering.killers = 0\ntt = \"off\"");
        let variant = table("[ordering]\nkillers = 2\ncaptures = \"first\"");
        let cfg = resolve(&[&layer(base), &layer(variant)]).unwrap();
        assert_eq!(cfg.ordering.killers, 2);
        assert_eq!(cfg.ordering.captures, CaptureOrder::First);
        assert_eq!(cfg.tt, crate::config::search_config::TtMode::Off);
    }

    #[test]
    fn unknown_keys_get_a_suggestion() {
        let e = resolved(&table("ordering.killer = 2")).unwrap_err();
        assert_eq!(
            e,
            "unknown key \"ordering.killer\"; did you mean \"ordering.killers\"?"
        );
        let e = resolved(&table("killers = 2")).unwrap_err();
        assert_eq!(
            e,
            "unknown key \"killers\"; did you mean \"ordering.killers\"?"
        );
        let e = resolved(&table("zzzzzzzzzzzzzzzz = 2")).unwrap_err();
        assert!(e.contains("config --explain"), "{e}");
    }

    #[test]
    fn bad_values_name_the_key_and_the_valid_ones() {
        let e = resolved(&table("ordering.captures = \"mvvlva\"")).unwrap_err();
        assert!(
            e.starts_with("key \"ordering.captures\" = \"mvvlva\": expected one of \"none\""),
            "{e}"
        );
        assert!(e.ends_with("did you mean \"mvv_lva\"?"), "{e}");
        let e = resolved(&table("tt = \"fulll\"")).unwrap_err();
        assert_eq!(
            e,
            "key \"tt\" = \"fulll\": expected one of \"off\", \"move\", \"full\"; did you mean \"full\"?"
        );
        let e = resolved(&table("eval = \"tapred\"")).unwrap_err();
        assert!(e.contains("did you mean \"tapered\"?"), "{e}");
        let e = resolved(&table("ordering.killers = \"two\"")).unwrap_err();
        assert!(e.starts_with("key \"ordering.killers\" = \"two\""), "{e}");
        let e = resolved(&table("aspiration.window = -5")).unwrap_err();
        assert_eq!(e, "aspiration.window = -5; expected 0 or more centipawns");
        let e = resolved(&table("tt_mb = 0")).unwrap_err();
        assert_eq!(e, "tt_mb = 0; expected 1 to 4096");
        let e = resolved(&table("ordering.history_decay = 1.5")).unwrap_err();
        assert_eq!(e, "ordering.history_decay = 1.5; expected 0.0 to 1.0");
        let e = resolved(&table("ordering.killers = 5")).unwrap_err();
        assert_eq!(e, "ordering.killers = 5; expected 0 to 4");
    }

    #[test]
    fn minimax_rejects_window_knobs() {
        let e = resolved(&table("alphabeta = false")).unwrap_err();
        assert!(e.starts_with("alphabeta = false (minimax) does not combine with pvs = true, aspiration.enabled = true, tt = \"full\""), "{e}");
        let ok = table("alphabeta = false\npvs = false\naspiration.enabled = false\ntt = \"move\"");
        assert!(resolved(&ok).is_ok());
    }
}
