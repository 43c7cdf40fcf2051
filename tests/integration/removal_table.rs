//! Issue 40's removal table holds what it claims, recomputed from the committed games: every
//! row of `docs/published-elo.csv` has a removal variant with at least 1,000 games, a row the
//! field rates at 20 Elo or more at least 2,000 with a 95% half-width of 15 Elo or less, and
//! every evaluation term at least 1,000 games against today's `strongest`.

use crate::common::ROOT;
use ablate::chess::terms::Terms;
use ablate::config::experiment::Experiment;
use ablate::matches::games_csv::read_games;
use ablate::reports::field::read_published;
use ablate::stats::pairing_summary::{summarize, PairingSummary};
use std::path::Path;

/// Every pairing of the runs `configs` declare, read from each run's `out`.
fn pairings(configs: &[&str], runs: impl Fn(&str) -> bool) -> Vec<PairingSummary> {
    let mut found = Vec::new();
    for config in configs {
        let path = Path::new(ROOT).join("configs").join(config);
        let experiment = Experiment::load(&path).unwrap_or_else(|e| panic!("{e}"));
        for run in experiment.runs.iter().filter(|r| runs(&r.name)) {
            let out = run
                .settings
                .out
                .as_deref()
                .expect("a removal run names its games file");
            let games = Path::new(ROOT).join(out);
            // A run not started yet: a row read from it says "no games".
            if !games.exists() {
                continue;
            }
            let games = read_games(&games).unwrap_or_else(|e| panic!("{}: {e}", games.display()));
            found.extend(summarize(&games, None));
        }
    }
    found
}

/// The pairing of `variant` that has played most (a step may be in two runs).
fn most_played<'a>(pairings: &'a [PairingSummary], variant: &str) -> Option<&'a PairingSummary> {
    pairings
        .iter()
        .filter(|p| p.variant == variant)
        .max_by_key(|p| p.games)
}

#[test]
fn every_published_row_has_its_games_and_its_interval() {
    let published = read_published(&Path::new(ROOT).join("docs/published-elo.csv")).unwrap();
    // Every step's run: removal.toml's but the evaluation terms', and those of the steps
    // played over a base of their own (configs/removal-*.toml).
    let mut configs: Vec<String> = std::fs::read_dir(Path::new(ROOT).join("configs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.starts_with("removal") && name.ends_with(".toml"))
        .collect();
    configs.sort();
    assert!(configs.len() > 2, "{configs:?}");
    let configs: Vec<&str> = configs.iter().map(String::as_str).collect();
    let pairings = pairings(&configs, |run| run != "eval-terms");
    let mut short = Vec::new();
    for row in &published {
        assert!(
            !row.removal.is_empty(),
            "{} \"{}\" has no removal variant",
            row.engine,
            row.step
        );
        let Some(p) = most_played(&pairings, &row.removal) else {
            short.push(format!("{}: no games", row.removal));
            continue;
        };
        let large = row.elo.abs() >= 20.0;
        let goal = if large { 2_000 } else { 1_000 };
        if p.games < goal {
            short.push(format!("{}: {} of {goal} games", row.removal, p.games));
        }
        let (lo, hi) = (p.elo_lo.unwrap(), p.elo_hi.unwrap());
        if large && (hi - lo) / 2.0 > 15.0 {
            short.push(format!(
                "{} (the field: {}): half-width {:.1} > 15",
                row.removal,
                row.elo,
                (hi - lo) / 2.0
            ));
        }
    }
    assert!(short.is_empty(), "{}", short.join("\n"));
}

#[test]
fn every_evaluation_term_has_its_games_from_todays_strongest() {
    let pairings = pairings(&["removal.toml"], |run| run == "eval-terms");
    for term in Terms::NAMES {
        let variant = format!("no_eval_{term}");
        let p = most_played(&pairings, &variant).unwrap_or_else(|| panic!("no games of {variant}"));
        assert!(p.games >= 1_000, "{variant}: {} games", p.games);
        assert_eq!(p.opponent, "full", "{variant} plays today's strongest");
    }
}
