//! An experiment file as written, each of its tables read into a type of its own: serde
//! checks their keys and TOML types, each table's reader what its values mean where only the
//! table can say (a variant's knobs, an engine's keys, a run's settings, a design's factors),
//! and the parser places every error (`typed_tables::Source`). What the tables mean together
//! (names, chains, points) is checked after, in `Experiment::parse_at`.
//!
//! A table of knobs is read into its typed layer here, as the file is read; a refusal is kept
//! with its key rather than returned to serde, which could place it only at the table's
//! header, so that `Experiment::parse_at` places it at the key's own line.

use super::design::Design;
use super::engine::EngineSpec;
use super::extends::{take_extends, Base};
use super::layer::LayerError;
use super::minimal_mode::MinimalMode;
use super::runs::RunEntry;
use super::search_config::SearchLayer;
use super::typed_tables::{boolean, string};
use indexmap::IndexMap as Map;
use serde::Deserialize;
use toml::{Table, Value};

/// The whole file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExperimentFile {
    #[serde(default, deserialize_with = "string")]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "string")]
    pub description: Option<String>,
    #[serde(default, deserialize_with = "string")]
    pub suite: Option<String>,
    pub depths: Option<Vec<i64>>,
    pub limit: Option<i64>,
    #[serde(default, deserialize_with = "minimal")]
    pub minimal: Option<MinimalMode>,
    pub minimal_max_depth: Option<i64>,
    pub ids: Option<Vec<String>>,
    #[serde(default, deserialize_with = "boolean")]
    pub keep_tables: bool,
    #[serde(default, deserialize_with = "string")]
    pub baseline: Option<String>,
    #[serde(default)]
    pub search: SearchTable,
    #[serde(default)]
    pub variants: Map<String, Variant>,
    /// Knob keys, each with the list of values the grid crosses.
    pub grid: Option<Table>,
    #[serde(default, deserialize_with = "super::design::from_file")]
    pub design: Option<Design>,
    #[serde(default)]
    pub runs: Map<String, RunEntry>,
}

/// `minimal = "exact"`: one of the modes' words.
fn minimal<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<MinimalMode>, D::Error> {
    let word = string(d)?.unwrap_or_default();
    word.parse().map(Some).map_err(serde::de::Error::custom)
}

/// `[search]`: the baseline's name, what it starts from, and its knobs.
#[derive(Deserialize)]
#[serde(try_from = "Table")]
pub struct SearchTable {
    pub name: Option<String>,
    pub base: Option<Base>,
    /// Its knobs typed, or the refusal with its key, for `Experiment::parse_at` to place.
    pub knobs: Result<SearchLayer, LayerError>,
}

impl Default for SearchTable {
    /// No `[search]`: the defaults, under the name "baseline".
    fn default() -> SearchTable {
        SearchTable {
            name: None,
            base: None,
            knobs: Ok(SearchLayer::default()),
        }
    }
}

impl TryFrom<Table> for SearchTable {
    type Error = String;

    fn try_from(mut knobs: Table) -> Result<SearchTable, String> {
        let name = match knobs.remove("name") {
            None => None,
            Some(Value::String(name)) => Some(name),
            Some(other) => return Err(format!("[search]: name = {other}; expected a string")),
        };
        let base = take_extends(&mut knobs).map_err(|m| format!("[search]: {m}"))?;
        let knobs = SearchLayer::read(&knobs);
        Ok(SearchTable { name, base, knobs })
    }
}

/// `[variants.NAME]`: ablate's search, its knobs over what it starts from; or another
/// program (`engine = "..."`), which takes an engine's keys only.
#[derive(Debug, Clone, Deserialize)]
#[serde(try_from = "Value")]
pub enum Variant {
    /// ablate's own search (its layer boxed: every knob's `Option` is larger than an engine).
    Search {
        base: Option<Base>,
        /// Its knobs typed, or the refusal with its key, for `Experiment::parse_at` to place.
        knobs: Result<Box<SearchLayer>, LayerError>,
    },
    /// An external UCI engine.
    Engine(EngineSpec),
}

impl TryFrom<Value> for Variant {
    type Error = String;

    fn try_from(value: Value) -> Result<Variant, String> {
        let Value::Table(mut knobs) = value else {
            return Err(format!(
                "{value}; expected a table of knobs, or of an engine's keys"
            ));
        };
        if knobs.contains_key("engine") {
            return EngineSpec::from_table(knobs).map(Variant::Engine);
        }
        let base = take_extends(&mut knobs)?;
        let knobs = SearchLayer::read(&knobs).map(Box::new);
        Ok(Variant::Search { base, knobs })
    }
}
