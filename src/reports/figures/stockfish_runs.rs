//! docs/stockfish.md's two runs as committed: the designs of `configs/engines-stockfish.toml`
//! over Stockfish 15.1's switches, each read from its games and manifest and refitted by the
//! fit `ablate report` uses, for every block of the page.

use super::format::{interval, thousands, Minus};
use super::sources::Sources;
use crate::config::design_model::DesignModel;
use crate::game_record::GameRow;
use crate::matches::games_manifest::MatchManifest;
use crate::matches::joined_runs::{joined, RunGames};
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

/// Each budget's two runs fitted together, as the anchored run's `fit_with` checks its target
/// and `ablate report ANCHORED --with FULL` writes its report: (that report's games name,
/// the anchored run, the run against the full engine).
const JOINED: [(&str, usize, usize); 2] = [
    ("engines/stockfish-25k-anchored+stockfish-25k.games", 0, 0),
    ("engines/stockfish-100k-anchored+stockfish-100k.games", 1, 1),
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
    Some(Run::fitted(name, label, src.games(name), manifest, &design))
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

/// Each budget's runs fitted together (`JOINED`), where both are committed.
pub(super) fn joined_runs(src: &Sources) -> Vec<Run> {
    JOINED
        .iter()
        .filter_map(|&(name, anchored, full)| {
            let (a, f) = (ANCHORED[anchored], RUNS[full]);
            joined_run(
                src,
                read_run(src, a.0, a.1)?,
                read_run(src, f.0, f.1)?,
                name,
            )
        })
        .collect()
}

/// The games files a joined run is fitted from, as `ablate report` names them: the anchored
/// run's, then the full engine's (empty for a run that is not joined).
pub(super) fn joined_files(run: &Run) -> [String; 2] {
    let csv = |name: &str| format!("results/{name}.csv");
    match JOINED.iter().find(|(name, _, _)| *name == run.name) {
        Some(&(_, a, f)) => [csv(ANCHORED[a].0), csv(RUNS[f].0)],
        None => [String::new(), String::new()],
    }
}

/// The runs the page's tables read, one a budget: both runs fitted together once that fit can
/// be made, else the run against the full engine alone.
pub(super) fn table_runs(src: &Sources) -> Vec<Run> {
    let mut joined = joined_runs(src).into_iter();
    runs(src)
        .into_iter()
        .map(|alone| match joined.find(|j| j.label == alone.label) {
            Some(j) if j.fit.is_ok() => j,
            _ => alone,
        })
        .collect()
}

/// Two runs' games as one fit, as `matches::joined_runs::joined` reads them for the report.
fn joined_run(src: &Sources, anchored: Run, full: Run, name: &'static str) -> Option<Run> {
    let label = full.label;
    let part = |run: Run| RunGames {
        csv: run.name.into(),
        rows: run.rows,
        manifest: run.manifest,
    };
    let joined =
        joined(vec![part(anchored), part(full)]).map_err(|e| format!("results/{name}: {e:#}"));
    let (rows, manifest) = joined.map_err(|m| src.problem(m)).ok()?;
    let design = manifest.design.clone()?;
    Some(Run::fitted(name, label, rows, manifest, &design))
}

impl Run {
    /// A run of `design`'s games, fitted as `ablate report` fits them.
    fn fitted(
        name: &'static str,
        label: &'static str,
        rows: Vec<GameRow>,
        manifest: MatchManifest,
        design: &crate::config::design::Design,
    ) -> Run {
        let fit = analyse(design, &manifest.variants, &manifest.pairings, &rows);
        Run {
            name,
            label,
            rows,
            manifest,
            fit,
        }
    }

    /// Whether the run is two runs fitted together.
    pub(super) fn is_joined(&self) -> bool {
        self.name.contains('+')
    }

    /// Which games and model the run's figures come from, as the page says it.
    pub(super) fn fitted_from(&self) -> String {
        let model = match self.manifest.design.as_ref().map(|d| d.model) {
            Some(DesignModel::Saturated) => "the saturated model",
            _ => "main effects and two-step interactions",
        };
        let games = thousands(self.rows.len() as u64);
        if self.fit.is_err() {
            return format!(
                "{} nodes: not fitted yet (the status above says why)",
                self.label
            );
        }
        match self.is_joined() {
            true => format!("{} nodes: the points' games against the full engine and against the anchor, fitted together ({games} games; {model})", self.label),
            false => format!("{} nodes: the points' games against the full engine ({games} games; {model})", self.label),
        }
    }

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

#[cfg(test)]
mod tests {
    use super::*;

    /// A budget's joined run holds both runs' games, the full engine's pairings first (so its
    /// tables name that opponent), and names the two files `ablate report --with` joins.
    #[test]
    fn a_joined_run_is_both_runs_games_with_the_full_engines_pairings_first() {
        let src = Sources::new(std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
        let joined = joined_runs(&src);
        assert_eq!(joined.len(), 2, "{:?}", src.take_problems());
        for (run, (&(name, a, f), label)) in
            joined.iter().zip(JOINED.iter().zip(["25,000", "100,000"]))
        {
            let anchored = read_run(&src, ANCHORED[a].0, ANCHORED[a].1).unwrap();
            let full = read_run(&src, RUNS[f].0, RUNS[f].1).unwrap();
            assert_eq!((run.name, run.label), (name, label));
            assert_eq!(run.rows.len(), anchored.rows.len() + full.rows.len());
            assert_eq!(run.opponent(), FULL);
            let pairings = anchored.manifest.pairings.len() + full.manifest.pairings.len();
            assert_eq!(run.manifest.pairings.len(), pairings);
            assert!(run.is_joined() && !full.is_joined());
            for csv in joined_files(run) {
                assert!(
                    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                        .join(&csv)
                        .exists(),
                    "{csv}"
                );
            }
        }
        // The tables read a joined run only once it is fitted.
        for (table, alone) in table_runs(&src).iter().zip(runs(&src)) {
            let joined = joined.iter().find(|j| j.label == table.label).unwrap();
            assert_eq!(table.is_joined(), joined.fit.is_ok());
            assert_eq!(table.label, alone.label);
        }
        assert!(src.take_problems().is_empty());
    }
}
