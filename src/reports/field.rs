//! The field's figures, as the project quotes them in `docs/`: each engine's published Elo of
//! removing a step (`published-elo.csv`), the node budget per move its tests ran at
//! (`field-budgets.csv`: a clock and the speed the engine ran at on it), and the figures the
//! seeds publish (Ifrit's killer table, `ifrit-killers.csv`; the others, `seed-figures.csv`). Kept as data beside the pages that quote them, each
//! with its source, rather than in the code that sets ours beside them.

use crate::error::InputError;
use std::path::Path;

/// One published removal figure.
#[derive(Debug, Clone, PartialEq, serde::Deserialize)]
pub struct Published {
    /// The engine that published it.
    pub engine: String,
    /// The step, in the engine's words.
    pub step: String,
    /// ablate's removal variant that matches it.
    pub removal: String,
    /// Elo of the engine without the step (negative: it costs strength).
    pub elo: f64,
    /// The published 95% half-width, when the source gives one.
    pub half_width: Option<f64>,
    /// Games behind it, when the source gives them.
    pub games: Option<u64>,
    /// The clock it was played at.
    pub time_control: String,
    /// Where the figure is quoted from.
    pub source: String,
    /// What ablate's variant does not measure of the source's step, when it cannot measure it
    /// like for like (empty when it does).
    #[serde(default)]
    pub unlike: String,
}

/// `engine`'s published figure for `removal`, as Elo lost.
pub fn published_lost(published: &[Published], engine: &str, removal: &str) -> Option<f64> {
    published
        .iter()
        .find(|p| p.engine == engine && p.removal == removal)
        .map(|p| -p.elo)
}

/// The node budget per move of an engine's published tests.
#[derive(Debug, Clone, PartialEq, serde::Deserialize)]
pub struct FieldBudget {
    /// The engine.
    pub engine: String,
    /// Its tests' clock, base+increment.
    pub time_control: String,
    /// The clock's base, seconds.
    pub base_seconds: f64,
    /// Its increment, seconds.
    pub increment_seconds: f64,
    /// The engine's speed on its testers' machines then, nodes per second.
    pub nodes_per_second: f64,
    /// The game length assumed, moves per side.
    pub moves_per_side: f64,
    /// Where the speed is quoted from.
    pub source: String,
}

impl FieldBudget {
    /// Nodes per move: the speed times the time per move, the base spread over the moves plus
    /// the increment.
    pub fn nodes(&self) -> f64 {
        self.nodes_per_second * (self.base_seconds / self.moves_per_side + self.increment_seconds)
    }
}

/// One node count a seed publishes: Ifrit b2.5's killer table, as the seed notes give it.
#[derive(Debug, Clone, PartialEq, serde::Deserialize)]
pub struct SeedNodes {
    /// The configuration, in the seed's words.
    pub configuration: String,
    /// ablate's variant that plays it.
    pub variant: String,
    /// The depth searched.
    pub depth: u32,
    /// The nodes searched; none where the seed gives none.
    pub nodes: Option<u64>,
    /// Where the figure is quoted from.
    pub source: String,
}

/// One figure a seed publishes, as the seed notes print it: a count, a time, a score, a
/// principal variation or a finding in words.
#[derive(Debug, Clone, PartialEq, serde::Deserialize)]
pub struct SeedFigure {
    /// The figures block that sets it beside ours.
    pub block: String,
    /// What it is, in words.
    pub what: String,
    /// ablate's variant it stands beside; empty where it is not one variant's.
    pub variant: String,
    /// The depth searched, where the seed gives one.
    pub depth: Option<u32>,
    /// The figure as the seed prints it ("25.50 M", "125 s", "+1.19", "about 99%").
    pub value: String,
    /// Where the figure is quoted from.
    pub source: String,
}

/// Every row of a CSV, errors naming the file and line.
fn read<T: serde::de::DeserializeOwned>(path: &Path) -> Result<Vec<T>, InputError> {
    let shown = path.display().to_string();
    let mut reader = csv::Reader::from_path(path)
        .map_err(|e| InputError::in_file(&shown, format!("cannot read: {e}")))?;
    reader
        .deserialize()
        .enumerate()
        .map(|(i, r)| r.map_err(|e| InputError::at_line(&shown, i + 2, e.to_string())))
        .collect()
}

/// The published removal figures.
pub fn read_published(path: &Path) -> Result<Vec<Published>, InputError> {
    read(path)
}

/// The field's budgets.
pub fn read_budgets(path: &Path) -> Result<Vec<FieldBudget>, InputError> {
    let budgets: Vec<FieldBudget> = read(path)?;
    for (i, b) in budgets.iter().enumerate() {
        if !(b.nodes_per_second > 0.0 && b.moves_per_side > 0.0 && b.base_seconds >= 0.0) {
            return Err(InputError::at_line(
                path.display().to_string(),
                i + 2,
                "expected positive nodes_per_second and moves_per_side and a base of 0 or more",
            ));
        }
    }
    Ok(budgets)
}

/// A seed's node counts.
pub fn read_seed_nodes(path: &Path) -> Result<Vec<SeedNodes>, InputError> {
    read(path)
}

/// The seeds' other figures.
pub fn read_seed_figures(path: &Path) -> Result<Vec<SeedFigure>, InputError> {
    read(path)
}
