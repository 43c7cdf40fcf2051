//! The ladder report: what each step is worth as the node budget grows, from one match a rung
//! (each removal against the baseline) or one factorial a rung (`[design]`), with the
//! doubling beside it, the trends, the field's figures at their budgets and one chart. Both
//! kinds write the same four files: the Markdown, the tidy table as CSV and JSON, the chart.

pub mod factorial_tables;
pub mod factorial_tidy;
pub mod ladder_chart;
pub mod ladder_files;
pub mod removal_tables;
pub mod tidy_rows;

use crate::error::InputError;
use crate::matches::games_manifest::MatchManifest;
use crate::output::table::Table;
use crate::reports::field::{FieldBudget, Published};
use crate::stats::budget_ladder::{Ladder, Point as LadderPoint};
use crate::stats::design_ladder::{as_ladder, DesignRung, Figure};
use crate::storage::manifest::ManifestFile;
use ladder_files::{design_rung, doublings_in, from_files};
use std::path::{Path, PathBuf};

/// The rungs, as played.
pub enum Rungs {
    /// One match a rung: each removal against the baseline (`stats::budget_ladder`).
    Removals(Ladder),
    /// One factorial a rung, with the doublings played beside them (`stats::design_ladder`).
    Factorials {
        rungs: Vec<DesignRung>,
        doublings: Vec<LadderPoint>,
    },
}

impl Rungs {
    /// The rungs in `csvs`: factorials when the first one's manifest declares a design (the
    /// doublings are read from its folder), else one match a rung.
    pub fn load(csvs: &[PathBuf]) -> Result<Rungs, InputError> {
        let designed = MatchManifest::beside(&csvs[0]).is_some_and(|m| m.design.is_some());
        if !designed {
            return Ok(Rungs::Removals(from_files(csvs)?));
        }
        let mut rungs = csvs
            .iter()
            .map(|csv| design_rung(csv))
            .collect::<Result<Vec<_>, _>>()?;
        rungs.sort_by_key(|r| r.budget);
        let doublings = doublings_in(&folder_of(&csvs[0]))?;
        Ok(Rungs::Factorials { rungs, doublings })
    }
}

/// The folder a games file is in ("." for a bare file name, whose parent is "").
pub fn folder_of(csv: &Path) -> PathBuf {
    csv.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_path_buf()
}

/// What the chart shows besides each step: the interactions the caller names (a finding is
/// the reader's to pick, not the code's), and its title when the caller gives one.
#[derive(Default)]
pub struct ChartChoice {
    /// Pairs of the design's steps, as `(first, second)`; either order names the pair.
    pub interactions: Vec<(String, String)>,
    pub title: Option<String>,
}

/// The ladder with the field's figures it is set beside.
pub struct LadderReport {
    pub rungs: Rungs,
    pub published: Vec<Published>,
    pub budgets: Vec<FieldBudget>,
}

impl LadderReport {
    /// The report's Markdown: its tables and their notes.
    pub fn markdown(&self) -> String {
        let (published, budgets) = (&self.published, &self.budgets);
        match &self.rungs {
            Rungs::Removals(ladder) => removal_tables::markdown(ladder, published, budgets),
            Rungs::Factorials { rungs, doublings } => format!(
                "{}\n{}\n{}\n{}",
                factorial_tables::rungs_table(rungs),
                factorial_tables::effects_table(rungs),
                factorial_tables::trends_table(rungs, doublings, budgets),
                factorial_tables::field_table(rungs, doublings, published, budgets, None)
            ),
        }
    }

    /// The same figures as one tidy table, for the CSV and the JSON.
    pub fn tidy(&self) -> Table {
        match &self.rungs {
            Rungs::Removals(ladder) => removal_tables::tidy(ladder, &self.budgets),
            Rungs::Factorials { rungs, doublings } => {
                factorial_tidy::tidy(rungs, doublings, &self.budgets)
            }
        }
    }

    /// The chart: each removal's Elo lost, or each step's worth at the factorials' baseline and
    /// the interactions `choice` names.
    pub fn chart(&self, path: &Path, choice: &ChartChoice) -> anyhow::Result<()> {
        let (ladder, title) = self.drawn(choice)?;
        let title = choice.title.clone().unwrap_or(title);
        ladder_chart::chart(&ladder, &self.published, &self.budgets, path, &title)
    }

    /// Whether the chart can draw what `choice` asks, before anything is written: a pair the
    /// design does not have, or any pair on a ladder of removals, is an error naming it.
    pub fn check(&self, choice: &ChartChoice) -> anyhow::Result<()> {
        self.drawn(choice).map(|_| ())
    }

    /// The ladder the chart draws, and its title unless the caller gives one.
    fn drawn(&self, choice: &ChartChoice) -> anyhow::Result<(Ladder, String)> {
        match &self.rungs {
            Rungs::Removals(ladder) => {
                if let Some((a, b)) = choice.interactions.first() {
                    anyhow::bail!("--interaction {a},{b}: a ladder of removals has no interactions; a ladder of factorials (a [design] at every rung) has")
                }
                let title = "Elo lost by removal, by nodes a move (95% intervals; steps set slightly apart)";
                Ok((ladder.clone(), title.to_string()))
            }
            Rungs::Factorials { rungs, doublings } => {
                let baseline = rungs.first().map_or("", |r| r.baseline.as_str());
                let shown = match rungs.first() {
                    Some(first) => shown_figures(first, &choice.interactions)?,
                    None => Vec::new(),
                };
                let pairs: Vec<&str> = (shown.iter())
                    .filter(|(_, f)| matches!(f, Figure::Pair(_)))
                    .map(|(name, _)| name.trim_end_matches(" (interaction)"))
                    .collect();
                let title = factorial_title(baseline, &pairs);
                Ok((as_ladder(rungs, doublings, &shown, baseline), title))
            }
        }
    }
}

/// The chart's figures for a ladder of factorials: each step's worth at the baseline, named
/// as its removal variant so that the field's rows mark their budgets, then each pair asked.
fn shown_figures(
    rung: &DesignRung,
    interactions: &[(String, String)],
) -> anyhow::Result<Vec<(String, Figure)>> {
    let a = &rung.analysis;
    let mut shown: Vec<(String, Figure)> = (a.steps.iter().enumerate())
        .map(|(i, s)| (format!("no_{}", s.step), Figure::AtBaseline(i)))
        .collect();
    for (first, second) in interactions {
        let same = |p: &str, q: &str| (p, q) == (first, second) || (q, p) == (first, second);
        let Some(i) = a.pairs.iter().position(|p| same(&p.first, &p.second)) else {
            let pairs: Vec<String> = (a.pairs.iter())
                .map(|p| format!("{},{}", p.first, p.second))
                .collect();
            anyhow::bail!(
                "--interaction {first},{second}: not a pair of the design's steps; expected one of {}",
                pairs.join(" ")
            );
        };
        let p = &a.pairs[i];
        shown.push((
            format!("{} × {} (interaction)", p.first, p.second),
            Figure::Pair(i),
        ));
    }
    Ok(shown)
}

/// The title a ladder of factorials' chart has unless the caller gives one.
fn factorial_title(baseline: &str, pairs: &[&str]) -> String {
    let besides = match pairs.len() {
        0 => String::new(),
        1 => format!(", and the {} interaction", pairs[0]),
        _ => format!(", and the {} interactions", pairs.join(", ")),
    };
    format!("What each step is worth at {baseline}{besides} (95% intervals)")
}
