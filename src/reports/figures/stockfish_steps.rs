//! docs/stockfish.md's blocks: the two designs of `configs/engines-stockfish.toml` over
//! Stockfish 15.1's switches, refitted from their committed games by the fit `ablate report`
//! uses, beside the `(~N Elo)` comments of sf_15.1 (`docs/stockfish-15.1-elo.csv`). While a
//! design cannot be fitted yet, its block says what it holds and why, so that the page is
//! always what the games say however far the runs are.

use super::format::{interval, table, thousands, Minus};
use super::sources::Sources;
use crate::game_record::GameRow;
use crate::matches::games_manifest::MatchManifest;
use crate::reports::design_report::design_depths;
use crate::stats::design_effects::{analyse, DesignAnalysis};
use crate::stats::design_fit::{column, Estimate};
use crate::stats::faults::{faulted_pair_count, without_faulted_pairs, FaultCounts};
use crate::storage::manifest::ManifestFile;
use std::collections::BTreeMap;

/// The two runs, cheapest first: (games file under results/, its node limit as written).
const RUNS: [(&str, &str); 2] = [
    ("engines/stockfish-25k.games", "25,000"),
    ("engines/stockfish-100k.games", "100,000"),
];

/// The full engine: every switch on, the design's baseline and every point's opponent.
const FULL: &str = "stockfish";

/// One row of `docs/stockfish-15.1-elo.csv`: a step's `(~N Elo)` comment at sf_15.1.
#[derive(Debug, Clone, serde::Deserialize)]
struct Comment {
    step: String,
    /// The design's factor; empty for Step 14 as a whole, which is three factors.
    factor: String,
    elo: f64,
    line: u32,
    set_by: String,
}

/// One run as committed: its games, manifest and, where the games allow it, the fit.
pub(super) struct Run {
    /// Its games file under results/, without `.csv`.
    pub(super) name: &'static str,
    /// Its node limit as the page writes it.
    pub(super) label: &'static str,
    rows: Vec<GameRow>,
    manifest: MatchManifest,
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

/// Each point's share of the points it scored, by variant name.
fn point_scores(rows: &[GameRow]) -> BTreeMap<&str, (f64, usize)> {
    let mut scores: BTreeMap<&str, (f64, usize)> = BTreeMap::new();
    for row in rows.iter().filter(|r| r.variant != FULL) {
        let entry = scores.entry(row.variant.as_str()).or_default();
        entry.0 += row.variant_points();
        entry.1 += 1;
    }
    scores
}

/// What one run holds: games and rounds, points still at 0% or 100%, depths, and the fit's
/// state against the run's target.
fn run_state(run: &Run) -> String {
    let points = run.manifest.design.as_ref().map_or(0, |d| d.points.len());
    let round = 2 * points.max(1);
    let games = run.rows.len();
    let (whole, rest) = (games / round, games % round);
    // As the fit counts them: without the pairs an engine's fault ended.
    let fitted = without_faulted_pairs(&run.rows);
    let scores = point_scores(&fitted);
    let faults = FaultCounts::of(&run.rows);
    let faults = match faults.total() {
        0 => "no game lost by a fault".to_string(),
        n => {
            let kinds: Vec<String> = [
                (faults.forfeits, "time forfeit"),
                (faults.crashes, "crash"),
                (faults.other, "other fault"),
            ]
            .iter()
            .filter(|(k, _)| *k > 0)
            .map(|(k, what)| counted(*k, what))
            .collect();
            let pairs = counted(faulted_pair_count(&run.rows), "pair");
            format!(
                "{} lost by a fault ({}; {pairs} left out of the fit)",
                counted(n, "game"),
                kinds.join(", ")
            )
        }
    };
    let edge = scores
        .values()
        .filter(|(s, n)| *s == 0.0 || *s == *n as f64)
        .count();
    let depths = design_depths(&run.rows, FULL);
    let median = |i: usize| {
        depths
            .get(i)
            .and_then(|p| p.profile.median)
            .map_or("—".to_string(), |m| format!("{m:.0}"))
    };
    let target = run.manifest.precision.unwrap_or(f64::NAN);
    let fit = match &run.fit {
        Ok(a) => format!(
            "fitted: every main effect and two-step interaction to ±{:.1} or less, against \
             the run's ±{target}{}",
            a.fit.worst_half_width(),
            if a.fit.worst_half_width() <= target {
                " (met)"
            } else {
                " (not met yet)"
            }
        ),
        // A point that lost (or won) every game has no finite Elo of its own, and the model
        // cannot place it until it has drawn or won one: the usual state of a long design.
        Err(_) if edge > 0 => "not fitted yet, for those points".to_string(),
        Err(why) => format!("not fitted yet: {why}"),
    };
    format!(
        "- **{} nodes a move**: {} games ({whole} whole round{} of {round} and {rest} games), \
         {faults}; {edge} of the {} points with games fitted still at 0% or 100%; the median \
         depth after move 10 is {} for the full engine and {} for the points together; {}; \
         {fit}.\n",
        run.label,
        thousands(games as u64),
        if whole == 1 { "" } else { "s" },
        scores.len(),
        median(0),
        median(1),
        thinking_time(&run.rows),
    )
}

/// How long the games took: both sides' thinking, from each `go` to its `bestmove`, summed
/// over the games, and a game's median. It is wall-clock time under whatever else the machine
/// ran, so it says how long the run took here, not what a game costs on an idle core.
fn thinking_time(rows: &[GameRow]) -> String {
    let mut seconds: Vec<f64> = rows
        .iter()
        .map(|r| (r.white_time_ms + r.black_time_ms) / 1000.0)
        .collect();
    seconds.sort_by(f64::total_cmp);
    let total: f64 = seconds.iter().sum();
    let median = match seconds.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => seconds[n / 2],
        n => (seconds[n / 2 - 1] + seconds[n / 2]) / 2.0,
    };
    format!(
        "the engines thought for {:.1} hours in all, a median of {median:.1} s a game",
        total / 3600.0
    )
}

/// "1 game", "2 games", "3 crashes".
fn counted(n: usize, what: &str) -> String {
    match (n, what.ends_with("sh")) {
        (1, _) => format!("1 {what}"),
        (_, true) => format!("{n} {what}es"),
        _ => format!("{n} {what}s"),
    }
}

/// The state of both runs.
pub(super) fn status(src: &Sources) -> String {
    runs(src).iter().map(run_state).collect()
}

/// An estimate and its 95% interval, with the page's minus sign.
pub(super) fn with_interval(e: &Estimate) -> String {
    let (lo, hi) = e.interval();
    interval(e.value, lo, hi, 1, Minus::True)
}

/// The worth of switching a set of factors back on at the full engine: minus the model's Elo
/// of applying them together at the corner (Step 14's three parts at once).
fn removed_together(a: &DesignAnalysis, factors: &[&str]) -> Option<Estimate> {
    let mut point = 0u32;
    for f in factors {
        let i = a.design.factors.iter().position(|d| d.name == *f)?;
        point |= 1 << i;
    }
    let weights: Vec<(u32, f64)> = a
        .fit
        .terms
        .iter()
        .map(|&t| (t, column(t, 0) - column(t, point)))
        .collect();
    Some(a.fit.combine(&weights))
}

/// A step's two cells in one run: at the full engine (what a fishtest removal measures) and
/// averaged over the other steps' settings; `—` while the run cannot be fitted.
fn cells(run: &Run, comment: &Comment, step14: &[&str]) -> [String; 2] {
    let Ok(a) = &run.fit else {
        return ["—".into(), "—".into()];
    };
    if comment.factor.is_empty() {
        let whole = removed_together(a, step14).map_or("—".into(), |e| with_interval(&e));
        return [whole, "—".into()];
    }
    match a.steps.iter().find(|s| s.factor == comment.factor) {
        Some(s) => [with_interval(&s.at_baseline), with_interval(&s.averaged)],
        None => ["—".into(), "—".into()],
    }
}

/// Each step's comment beside its worth in both designs.
pub(super) fn steps(src: &Sources) -> String {
    let comments: Vec<Comment> = src.rows_at("docs/stockfish-15.1-elo.csv");
    let runs = runs(src);
    let step14: Vec<&str> = comments
        .iter()
        .filter(|c| c.step.contains("Step 14") && !c.factor.is_empty())
        .map(|c| c.factor.as_str())
        .collect();
    let mut header = vec![
        "step".to_string(),
        "sf_15.1 comment (search.cpp line; set by)".to_string(),
    ];
    for run in &runs {
        header.push(format!("at the full engine, {} nodes", run.label));
        header.push(format!("averaged, {} nodes", run.label));
    }
    let rows: Vec<Vec<String>> = comments
        .iter()
        .map(|c| {
            let mut row = vec![
                c.step.clone(),
                format!("~{} ({}; {})", c.elo, c.line, c.set_by),
            ];
            row.extend(runs.iter().flat_map(|r| cells(r, c, &step14)));
            row
        })
        .collect();
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let align = format!("ll{}", "r".repeat(2 * runs.len()));
    table(&header, &align, &rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::design_fit::{fit, model_terms, PointPairs, Reference};

    /// Step 14 as a whole is its parts applied together: one part alone gives back the step's
    /// own figure at the full engine, and two parts the model's Elo at their point, negated.
    #[test]
    fn steps_removed_together_are_the_models_elo_at_their_point() {
        let text = "[factors]\na = { \"null_move.enabled\" = false }\n\
                    b = { \"lmr.enabled\" = false }\nc = { \"probcut.enabled\" = false }\n";
        let design = crate::config::design::parse(text.parse().unwrap()).unwrap();
        let (terms, aliased) = model_terms(3, &design.relation);
        // Pairs whose scores fall with each factor applied, unevenly, so that every term moves.
        let ptnml = [
            [2, 5, 20, 5, 2],
            [3, 8, 20, 4, 1],
            [4, 9, 18, 3, 1],
            [6, 10, 16, 2, 1],
            [5, 9, 18, 3, 1],
            [7, 10, 15, 2, 1],
            [8, 11, 13, 2, 1],
            [10, 12, 11, 1, 1],
        ];
        let points: Vec<PointPairs> = (0..8u32)
            .map(|point| PointPairs {
                point,
                ptnml: ptnml[point as usize],
            })
            .collect();
        let fit = fit(&points, &terms, Reference::Other).unwrap();
        let a = DesignAnalysis {
            design,
            fit: fit.clone(),
            steps: Vec::new(),
            pairs: Vec::new(),
            aliased,
            all_on_vs_off: fit.effect(1),
            pairs_played: 0,
            points_played: 8,
            fewest_pairs: 0,
        };
        let alone = removed_together(&a, &["b"]).unwrap();
        let step = fit.combine(&[(2, 2.0), (3, -2.0), (6, -2.0)]);
        assert!(
            (alone.value + step.value).abs() < 1e-9,
            "{alone:?} {step:?}"
        );
        assert!((alone.se - step.se).abs() < 1e-9);
        let both = removed_together(&a, &["a", "c"]).unwrap();
        let model = fit.elo_at(0b101) - fit.elo_at(0);
        assert!((both.value + model).abs() < 1e-9, "{both:?} {model}");
        assert!(both.value > 0.0, "the points lose with a and c applied");
        assert!(removed_together(&a, &["a", "no_such_factor"]).is_none());
    }
}
