//! What a figure block reads: committed results under `results/`, named by their path there
//! without the extension (`killers/killers`, `elo-worth/elo-worth-nodes.games`).
//!
//! A renderer asks for rows, pairings and manifest numbers and gets them, or a stand-in
//! (no rows, a zero, an empty pairing) while the failure is recorded here with the file and
//! what was missing. The block is then refused with every problem listed, so one missing
//! variant names itself instead of stopping the render in the middle of a table.

use crate::game_record::GameRow;

use crate::matches::games_csv::read_games;
use crate::reports::field::{
    read_budgets, read_published, read_seed_figures, read_seed_nodes, FieldBudget, Published,
    SeedFigure, SeedNodes,
};
use crate::stats::pairing_summary::{summarize, PairingSummary};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The repository a block is rendered from, and the problems met so far.
pub struct Sources {
    root: PathBuf,
    problems: RefCell<Vec<String>>,
}

/// One row of a fixed-depth results CSV: the columns the figures quote.
#[derive(Debug, Clone, Default, serde::Deserialize)]
pub struct Row {
    pub variant: String,
    pub position: String,
    pub depth: u32,
    pub nodes: u64,
    pub qnodes: u64,
    pub leaves: u64,
    pub nodes_cum: u64,
    pub time_ms: f64,
    pub score_cp: i64,
    pub pv: String,
    pub bm_ok: String,
    pub beta_cutoffs: u64,
    pub first_move_cutoffs: u64,
    #[serde(default)]
    pub minimal_nodes: Option<u64>,
    #[serde(default)]
    pub oracle_nodes: Option<u64>,
    #[serde(default)]
    pub fullwidth_leaves: Option<u64>,
}

/// An engine variant's row: the columns an external engine fills (the counters stay empty).
#[derive(Debug, Clone, Default, serde::Deserialize)]
pub struct EngineRow {
    pub variant: String,
    pub depth: u32,
    pub nodes_cum: u64,
    pub time_ms_cum: f64,
    pub bm_ok: String,
}

/// A committed fixed-depth result (or several read as one), with lookups by variant and depth.
pub struct Results<'s> {
    pub name: String,
    pub rows: Vec<Row>,
    sources: &'s Sources,
}

impl Sources {
    /// Figures from the repository at `root` (the folder holding `results/` and `docs/`).
    pub fn new(root: &Path) -> Sources {
        Sources {
            root: root.to_path_buf(),
            problems: RefCell::new(Vec::new()),
        }
    }

    /// Records what a block could not find; the block is refused at the end.
    pub fn problem(&self, message: String) {
        self.problems.borrow_mut().push(message);
    }

    /// Every problem recorded so far, emptied.
    pub fn take_problems(&self) -> Vec<String> {
        std::mem::take(&mut self.problems.borrow_mut())
    }

    /// `results/<name>.<extension>` under the root.
    pub fn path(&self, name: &str, extension: &str) -> PathBuf {
        self.file(&format!("results/{name}.{extension}"))
    }

    /// A file under the root (`docs/published-elo.csv`).
    pub fn file(&self, relative: &str) -> PathBuf {
        // From the current folder, errors name the file as the user would type it.
        if self.root == Path::new(".") {
            PathBuf::from(relative)
        } else {
            self.root.join(relative)
        }
    }

    /// Every row of `results/<name>.csv`, as `T`; none (and a problem) when it cannot be read.
    pub fn rows<T: serde::de::DeserializeOwned>(&self, name: &str) -> Vec<T> {
        self.rows_at(&format!("results/{name}.csv"))
    }

    /// Every row of the CSV file `relative` under the root (`docs/stockfish-15.1-elo.csv`), as
    /// `T`; none (and a problem) when it cannot be read.
    pub fn rows_at<T: serde::de::DeserializeOwned>(&self, relative: &str) -> Vec<T> {
        let path = self.file(relative);
        let shown = relative;
        let mut reader = match csv::Reader::from_path(&path) {
            Ok(r) => r,
            Err(e) => {
                self.problem(format!("{shown}: cannot read: {e}"));
                return Vec::new();
            }
        };
        let mut rows = Vec::new();
        for (i, row) in reader.deserialize().enumerate() {
            match row {
                Ok(row) => rows.push(row),
                Err(e) => {
                    // Line 1 is the header.
                    self.problem(format!("{shown}:{}: {e}", i + 2));
                    return rows;
                }
            }
        }
        rows
    }

    /// A fixed-depth result.
    pub fn results(&self, name: &str) -> Results<'_> {
        self.results_of(&[name])
    }

    /// One result split over files by depth (`killers.csv` and `killers-deep.csv`), as one.
    pub fn results_of(&self, names: &[&str]) -> Results<'_> {
        Results {
            name: names
                .iter()
                .map(|n| format!("results/{n}.csv"))
                .collect::<Vec<_>>()
                .join(" + "),
            rows: names.iter().flat_map(|n| self.rows::<Row>(n)).collect(),
            sources: self,
        }
    }

    /// The games of `results/<name>.csv`.
    pub fn games(&self, name: &str) -> Vec<GameRow> {
        let path = self.path(name, "csv");
        read_games(&path).unwrap_or_else(|e| {
            self.problem(e.to_string());
            Vec::new()
        })
    }

    /// A games CSV's number of games and its pairings, as `ablate report` summarises them.
    pub fn pairings(&self, name: &str) -> (usize, Vec<PairingSummary>) {
        let games = self.games(name);
        (games.len(), summarize(&games, None))
    }

    /// The pairing of `variant` in `pairings` (read from `name`).
    pub fn pairing(
        &self,
        pairings: &[PairingSummary],
        variant: &str,
        name: &str,
    ) -> PairingSummary {
        match pairings.iter().find(|p| p.variant == variant) {
            Some(p) => p.clone(),
            None => {
                self.problem(format!("results/{name}.csv has no games of {variant}"));
                PairingSummary::default()
            }
        }
    }

    /// The manifest `results/<name>.json`.
    pub fn manifest(&self, name: &str) -> serde_json::Value {
        let path = self.path(name, "json");
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                self.problem(format!("results/{name}.json: cannot read: {e}"));
                return serde_json::Value::Null;
            }
        };
        serde_json::from_str(&text).unwrap_or_else(|e| {
            self.problem(format!("results/{name}.json: {e}"));
            serde_json::Value::Null
        })
    }

    /// A number from a manifest.
    pub fn manifest_number(&self, name: &str, key: &str) -> f64 {
        self.number(&self.manifest(name), name, key)
    }

    /// A number from a manifest already read.
    pub fn number(&self, manifest: &serde_json::Value, name: &str, key: &str) -> f64 {
        // A manifest that could not be read has said so already.
        manifest[key].as_f64().unwrap_or_else(|| {
            if !manifest.is_null() {
                self.problem(format!("results/{name}.json: no number \"{key}\""));
            }
            0.0
        })
    }

    /// How long a committed run took, in seconds.
    pub fn wall_seconds(&self, name: &str) -> f64 {
        self.manifest_number(name, "wall_seconds")
    }

    /// The worker threads a committed run used (`--jobs`).
    pub fn jobs_of(&self, name: &str) -> u64 {
        self.manifest_number(name, "threads") as u64
    }

    /// Every committed manifest, `results/<experiment>/*.json`, by name (`killers/killers`).
    pub fn manifest_names(&self) -> Vec<String> {
        let results = self.root.join("results");
        let mut names = Vec::new();
        let Ok(folders) = std::fs::read_dir(&results) else {
            self.problem(format!("{}: cannot read the folder", results.display()));
            return names;
        };
        for folder in folders.flatten().map(|e| e.path()) {
            // results/runs/ holds runs without --out: not committed results.
            if !folder.is_dir() || folder.ends_with("runs") {
                continue;
            }
            let experiment = folder.file_name().unwrap_or_default().to_string_lossy();
            for file in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
                let name = file.file_name().to_string_lossy().into_owned();
                // A manifest sits beside its results or games CSV; other JSON (a report's
                // tidy effects, say) is not one.
                let Some(stem) = name.strip_suffix(".json") else {
                    continue;
                };
                let csv = folder.join(format!("{stem}.csv"));
                if crate::storage::manifest::CsvKind::of(&csv).is_some() {
                    names.push(format!("{experiment}/{stem}"));
                }
            }
        }
        names.sort();
        names
    }

    /// The field's published figures (`docs/published-elo.csv`).
    pub fn published(&self) -> Vec<Published> {
        read_published(&self.file("docs/published-elo.csv")).unwrap_or_else(|e| {
            self.problem(e.to_string());
            Vec::new()
        })
    }

    /// The field's node budgets (`docs/field-budgets.csv`).
    pub fn budgets(&self) -> Vec<FieldBudget> {
        read_budgets(&self.file("docs/field-budgets.csv")).unwrap_or_else(|e| {
            self.problem(e.to_string());
            Vec::new()
        })
    }

    /// Ifrit b2.5's killer table (`docs/ifrit-killers.csv`).
    pub fn ifrit_killers(&self) -> Vec<SeedNodes> {
        read_seed_nodes(&self.file("docs/ifrit-killers.csv")).unwrap_or_else(|e| {
            self.problem(e.to_string());
            Vec::new()
        })
    }

    /// The seeds' other figures (`docs/seed-figures.csv`).
    pub fn seed_figures(&self) -> Vec<SeedFigure> {
        read_seed_figures(&self.file("docs/seed-figures.csv")).unwrap_or_else(|e| {
            self.problem(e.to_string());
            Vec::new()
        })
    }
}

impl Results<'_> {
    /// The rows of `variant` at `depth`; none (and a problem) when the file has none.
    pub fn at(&self, variant: &str, depth: u32) -> Vec<&Row> {
        let rows: Vec<&Row> = self
            .rows
            .iter()
            .filter(|r| r.variant == variant && r.depth == depth)
            .collect();
        if rows.is_empty() {
            self.sources.problem(format!(
                "{} has no rows of variant \"{variant}\" at depth {depth}",
                self.name
            ));
        }
        rows
    }

    /// The first row of `variant` at `depth` (one-position results).
    pub fn first(&self, variant: &str, depth: u32) -> Row {
        self.at(variant, depth)
            .first()
            .map_or_else(Row::default, |r| (*r).clone())
    }

    /// Σ `nodes_cum`: the work every summary uses.
    pub fn work(&self, variant: &str, depth: u32) -> u64 {
        self.at(variant, depth).iter().map(|r| r.nodes_cum).sum()
    }

    /// Σ of one column.
    pub fn sum(&self, variant: &str, depth: u32, column: impl Fn(&Row) -> u64) -> u64 {
        self.at(variant, depth).iter().map(|r| column(r)).sum()
    }

    /// Σ of a column the file may lack (the minimal tree's); a problem when a row lacks it.
    pub fn sum_of(&self, variant: &str, depth: u32, column: impl Fn(&Row) -> Option<u64>) -> u64 {
        let rows = self.at(variant, depth);
        if rows.iter().any(|r| column(r).is_none()) {
            self.sources.problem(format!(
                "{}: rows of \"{variant}\" at depth {depth} lack the minimal-tree columns",
                self.name
            ));
        }
        rows.iter().filter_map(|r| column(r)).sum()
    }

    /// Σ `nodes` over every iteration up to `depth`: main-search work without quiescence.
    pub fn main_nodes_through(&self, variant: &str, depth: u32) -> u64 {
        (1..=depth).map(|d| self.sum(variant, d, |r| r.nodes)).sum()
    }

    /// Work of `variant` over work of `over`.
    pub fn ratio(&self, variant: &str, over: &str, depth: u32) -> f64 {
        self.work(variant, depth) as f64 / self.work(over, depth) as f64
    }

    /// Positions whose best move was found.
    pub fn solved(&self, variant: &str, depth: u32) -> usize {
        self.at(variant, depth)
            .iter()
            .filter(|r| r.bm_ok == "true")
            .count()
    }

    /// Σ `time_ms`.
    pub fn time_ms(&self, variant: &str, depth: u32) -> f64 {
        self.at(variant, depth).iter().map(|r| r.time_ms).sum()
    }

    /// The variants in file order.
    pub fn variants(&self) -> Vec<String> {
        let mut seen: Vec<String> = Vec::new();
        for row in &self.rows {
            if !seen.contains(&row.variant) {
                seen.push(row.variant.clone());
            }
        }
        seen
    }

    /// Rows of `variant` whose score differs from `baseline`'s at the same position and depth.
    pub fn scores_changed(&self, variant: &str, baseline: &str) -> (usize, usize) {
        let base: BTreeMap<(&str, u32), i64> = self
            .rows
            .iter()
            .filter(|r| r.variant == baseline)
            .map(|r| ((r.position.as_str(), r.depth), r.score_cp))
            .collect();
        let rows: Vec<&Row> = self.rows.iter().filter(|r| r.variant == variant).collect();
        let changed = rows
            .iter()
            .filter(|r| base.get(&(r.position.as_str(), r.depth)) != Some(&r.score_cp))
            .count();
        (changed, rows.len())
    }
}
