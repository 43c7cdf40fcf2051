//! A comparison of designs over different engines (`ablate report results/engines/compared.toml`,
//! whose report is written beside it): which factor of each engine's design is which shared
//! step. Typed to the bottom; an unknown key, a missing one or a wrong type is placed by the
//! TOML parser's span. Paths are from the repository root, as a config's are.
//!
//! ```toml
//! title = "The same steps in four engines"
//!
//! [[engine]]
//! name = "toga"
//! label = "Toga II 3.0"
//! games = "results/engines/toga.games.csv"
//!
//! [[step]]
//! name = "null_move"
//! field = "no_null_move"                    # its removal in docs/published-elo.csv
//! factors = { toga = "no_null_move", ablate = "no_null_move" }
//! unlike = { ablate = "Ethereal's reduction" }
//! ```

use crate::error::InputError;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The whole file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Comparison {
    /// The report's title.
    pub title: String,
    /// The engines, in the order every table shows them.
    #[serde(rename = "engine")]
    pub engines: Vec<ComparedEngine>,
    /// The shared steps, in the order every table shows them.
    #[serde(rename = "step")]
    pub steps: Vec<ComparedStep>,
}

/// One engine and its design's games.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComparedEngine {
    /// Its short name, as the steps' `factors` use it.
    pub name: String,
    /// Its name in tables.
    pub label: String,
    /// Its design's games CSV (the manifest beside it says the design).
    pub games: PathBuf,
}

/// One step and the factor that switches it in each engine that has it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComparedStep {
    /// The step's name.
    pub name: String,
    /// Its removal in the field's published figures (`docs/published-elo.csv`), if any.
    #[serde(default)]
    pub field: Option<String>,
    /// Engine name → the factor of its design.
    pub factors: BTreeMap<String, String>,
    /// Engine name → how its form differs from the others' (shown under the table).
    #[serde(default)]
    pub unlike: BTreeMap<String, String>,
}

impl Comparison {
    /// Reads and checks `path`: every engine a step names is declared, and every step has two.
    pub fn read(path: &Path) -> Result<Comparison, InputError> {
        let file = path.display().to_string();
        let text =
            std::fs::read_to_string(path).map_err(|e| InputError::in_file(&file, e.to_string()))?;
        let parsed: Comparison = toml::from_str(&text).map_err(|e| {
            let line = e
                .span()
                .map_or(1, |s| text[..s.start].lines().count().max(1));
            InputError::at_line(&file, line, e.message().trim().to_string())
        })?;
        parsed.check().map_err(|m| InputError::in_file(&file, m))?;
        Ok(parsed)
    }

    fn check(&self) -> Result<(), String> {
        let names: Vec<&str> = self.engines.iter().map(|e| e.name.as_str()).collect();
        for step in &self.steps {
            for engine in step.factors.keys().chain(step.unlike.keys()) {
                if !names.contains(&engine.as_str()) {
                    return Err(format!(
                        "[[step]] \"{}\": engine \"{engine}\" is not declared; expected one of {}",
                        step.name,
                        names.join(", ")
                    ));
                }
            }
            if step.factors.len() < 2 {
                return Err(format!(
                    "[[step]] \"{}\": factors names {} engine; a shared step needs two or more",
                    step.name,
                    step.factors.len()
                ));
            }
        }
        Ok(())
    }

    /// The factor of `step` in each engine, in the engines' declared order.
    pub fn factors_in_order(&self, step: &ComparedStep) -> Vec<(String, String)> {
        self.engines
            .iter()
            .filter_map(|e| Some((e.name.clone(), step.factors.get(&e.name)?.clone())))
            .collect()
    }
}
