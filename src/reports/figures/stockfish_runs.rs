//! docs/stockfish.md's two runs as committed: the designs of `configs/engines-stockfish.toml`
//! over Stockfish 15.1's switches, each read from its games and manifest and refitted by the
//! fit `ablate report` uses, for every block of the page.

use super::format::{interval, Minus};
use super::sources::Sources;
use crate::game_record::GameRow;
use crate::matches::games_manifest::MatchManifest;
use crate::stats::design_effects::{analyse, DesignAnalysis};
use crate::stats::design_fit::Estimate;
use crate::storage::manifest::ManifestFile;

/// The two runs, cheapest first: (games file under results/, its node limit as written).
const RUNS: [(&str, &str); 2] = [
    ("engines/stockfish-25k.games", "25,000"),
    ("engines/stockfish-100k.games", "100,000"),
];

/// The same designs with every point playing the anchor, a point of the design, in place of
/// the full engine (the config says why): the page's status gives them beside the two runs.
const ANCHORED: [(&str, &str); 2] = [
    ("engines/stockfish-25k-anchored.games", "25,000"),
    ("engines/stockfish-100k-anchored.games", "100,000"),
];

/// The full engine: every switch on, the design's baseline and every point's opponent.
pub(super) const FULL: &str = "stockfish";

/// One run as committed: its games, manifest and, where the games allow it, the fit.
pub(super) struct Run {
    /// Its games file under results/, without `.csv`.
    pub(super) name: &'static str,
    /// Its node limit as the page writes it.
    pub(super) label: &'static str,
    pub(super) rows: Vec<GameRow>,
    pub(super) manifest: MatchManifest,
    pub(super) fit: Result<DesignAnalysis, String>,
}

/// One run's games and manifest under results/ (`name` without `.csv`), fitted where it can be.
pub(super) fn read_run(src: &Sources, name: &'static str, label: &'static str) -> Option<Run> {
    let path = src.path(name, "csv");
    let Some(manifest) = MatchManifest::beside(&path) else {
        src.problem(format!("results/{name}.json: cannot read the manifest"));
        return None;
    };
    let Some(design) = manifest.design.clone() else {
        src.problem(format!("results/{name}.json: no design"));
        return None;
    };
    let rows = src.games(name);
    let fit = analyse(&design, &manifest.variants, &manifest.pairings, &rows);
    Some(Run {
        name,
        label,
        rows,
        manifest,
        fit,
    })
}

/// Both runs, cheapest first; one without its files is a problem and left out.
pub(super) fn runs(src: &Sources) -> Vec<Run> {
    RUNS.iter()
        .filter_map(|(name, label)| read_run(src, name, label))
        .collect()
}

/// Both anchored runs, cheapest first, as `runs`.
pub(super) fn anchored_runs(src: &Sources) -> Vec<Run> {
    ANCHORED
        .iter()
        .filter_map(|(name, label)| read_run(src, name, label))
        .collect()
}

impl Run {
    /// Whom the points played: the full engine, or the anchor.
    pub(super) fn opponent(&self) -> &str {
        (self.manifest.pairings.first()).map_or(FULL, |(_, o)| o.as_str())
    }

    /// The opponent as the page names it.
    pub(super) fn opponent_named(&self) -> String {
        match self.opponent() {
            FULL => "the full engine".to_string(),
            anchor => format!("the anchor ({anchor})"),
        }
    }
}

/// An estimate and its 95% interval, with the page's minus sign.
pub(super) fn with_interval(e: &Estimate) -> String {
    let (lo, hi) = e.interval();
    interval(e.value, lo, hi, 1, Minus::True)
}
