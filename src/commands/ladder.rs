//! `ablate report` over several games CSVs at node budgets: the budget ladder's report.

use crate::cli::ReportArgs;
use crate::config::experiment::ResolvedVariant;
use crate::error::InputError;
use crate::matches::games_csv::read_games;
use crate::matches::ladder::{Ladder, Rung};
use crate::matches::manifest::MatchManifest;
use crate::reports::field::{read_budgets, read_published};
use crate::storage::manifest::manifest_path;
use std::path::{Path, PathBuf};

/// One games CSV of the ladder, with what its manifest says.
struct Match {
    path: PathBuf,
    manifest: MatchManifest,
    budget: u64,
}

fn load(path: &Path) -> Result<Match, InputError> {
    let shown = manifest_path(path).display().to_string();
    let text = std::fs::read_to_string(manifest_path(path)).map_err(|e| {
        InputError::in_file(
            &shown,
            format!("cannot read: {e}; a ladder needs each match's manifest"),
        )
    })?;
    let manifest: MatchManifest = serde_json::from_str(&text)
        .map_err(|e| InputError::in_file(&shown, format!("not a match manifest: {e}")))?;
    let budget = manifest
        .limit
        .strip_prefix("nodes ")
        .and_then(|n| n.parse::<u64>().ok())
        .ok_or_else(|| {
            InputError::in_file(
                &shown,
                format!(
                    "limit \"{}\"; a ladder's matches are played at node budgets (--nodes)",
                    manifest.limit
                ),
            )
        })?;
    Ok(Match {
        path: path.to_path_buf(),
        manifest,
        budget,
    })
}

/// The baseline: the opponent of the first match's first pairing.
fn baseline_of(first: &Match) -> Result<String, InputError> {
    first
        .manifest
        .pairings
        .first()
        .map(|p| p.1.clone())
        .ok_or_else(|| InputError::in_file(first.path.display().to_string(), "no pairing"))
}

fn variant<'a>(m: &'a Match, name: &str) -> Option<&'a ResolvedVariant> {
    m.manifest.variants.iter().find(|v| v.name == name)
}

/// The variant that is the baseline at twice the budget, if the match has one.
fn doubling_of(m: &Match, baseline: &ResolvedVariant) -> Option<String> {
    let base = crate::config::knob::values(&baseline.config);
    m.manifest.variants.iter().find_map(|v| {
        let mut config = v.config.clone();
        (v.engine.is_none() && config.game.node_factor == 2).then_some(())?;
        config.game.node_factor = baseline.config.game.node_factor;
        (crate::config::knob::values(&config) == base).then(|| v.name.clone())
    })
}

/// Writes the ladder's Markdown and chart from the games CSVs in `args`.
pub fn run(args: &ReportArgs, csvs: &[PathBuf]) -> anyhow::Result<()> {
    let matches: Vec<Match> = csvs.iter().map(|p| load(p)).collect::<Result<_, _>>()?;
    let baseline = baseline_of(&matches[0])?;
    let reference = variant(&matches[0], &baseline)
        .ok_or_else(|| InputError::in_file(matches[0].path.display().to_string(), "no baseline"))?
        .clone();
    let same = crate::config::knob::values(&reference.config);
    let mut doubling = None;
    for m in &matches {
        let theirs = variant(m, &baseline).map(|v| crate::config::knob::values(&v.config));
        if theirs.as_ref() != Some(&same) {
            return Err(InputError::in_file(
                m.path.display().to_string(),
                format!("its \"{baseline}\" is not the first file's: a ladder compares one baseline at every budget"),
            )
            .into());
        }
        doubling = doubling.or_else(|| doubling_of(m, &reference));
    }
    let rungs: Vec<Rung> = matches
        .iter()
        .map(|m| {
            Ok(Rung {
                budget: m.budget,
                rows: read_games(&m.path)?,
            })
        })
        .collect::<Result<_, InputError>>()?;
    let ladder = Ladder::build(&rungs, &baseline, doubling.as_deref().unwrap_or(""));
    let published = read_published(&args.published)?;
    let budgets = read_budgets(&args.field_budgets)?;
    let folder = csvs[0].parent().unwrap_or(Path::new("."));
    let markdown = args
        .markdown
        .clone()
        .unwrap_or_else(|| folder.join("ladder.md"));
    let svg = args
        .svg
        .clone()
        .unwrap_or_else(|| folder.join("ladder.svg"));
    let text = crate::reports::ladder::markdown(&ladder, &published, &budgets);
    crate::storage::write_atomically(&markdown, text.as_bytes())?;
    crate::reports::ladder::chart(&ladder, &published, &budgets, &svg)?;
    print!("{text}");
    if doubling.is_none() {
        eprintln!("note: no match has the baseline at twice the budget (game.node_factor = 2): no Elo per doubling, no node factors");
    }
    println!("wrote {} and {}", markdown.display(), svg.display());
    Ok(())
}
