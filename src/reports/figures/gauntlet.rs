//! docs/gauntlet.md's blocks: the gauntlet of `configs/gauntlet.toml`, read by the same fits as
//! `ablate report --self-play` (`stats::gauntlet_fit`, `stats::design_ratio`): each opponent's
//! calibration, the run's state, each step's worth in self-play and against the gauntlet with
//! their ratio, and the interactions.

use super::format::{elo_interval, table, thousands};
use super::sources::Sources;
use crate::matches::games_manifest::MatchManifest;
use crate::output::export::{Exporter, Markdown};
use crate::reports::gauntlet_report::{pairs_table, pooled_ratio_line, steps_table};
use crate::stats::design_effects::analyse;
use crate::stats::design_ratio::{compare, DesignComparison as Comparison, DesignEffects};
use crate::stats::gauntlet_fit::{analyse_gauntlet, GauntletAnalysis};
use crate::storage::manifest::ManifestFile;

const CALIBRATION: &str = "gauntlet/calibration.games";
const GAMES: &str = "gauntlet/gauntlet-10000.games";
const SELF_PLAY: &str = "budget-ladder-today/factorial-10000.games";

/// The manifest beside `results/<name>.csv`, or a problem.
fn manifest(src: &Sources, name: &str) -> Option<MatchManifest> {
    let found = MatchManifest::beside(&src.path(name, "csv"));
    if found.is_none() {
        src.problem(format!("results/{name}.json: cannot read the manifest"));
    }
    found
}

/// Each opponent's limit and strongest's score against it at 10,000 nodes.
pub(super) fn calibration(src: &Sources) -> String {
    let (_, pairings) = src.pairings(CALIBRATION);
    let Some(m) = manifest(src, CALIBRATION) else {
        return String::new();
    };
    let rows: Vec<Vec<String>> = pairings
        .iter()
        .map(|p| {
            let engine = m.variants.iter().find(|v| v.name == p.opponent);
            let spec = engine.and_then(|v| v.engine.as_ref());
            let limit =
                spec.and_then(|s| s.limit.as_ref())
                    .map_or("the match's".to_string(), |l| {
                        serde_json::to_string(l)
                            .unwrap_or_default()
                            .replace(['{', '}', '"'], "")
                            .replace(':', " ")
                    });
            vec![
                p.opponent.clone(),
                format!("`{}`", spec.map_or("", |s| s.command.as_str())),
                limit,
                thousands(p.games as u64),
                format!("{:.1}%", 100.0 * p.score.unwrap_or(f64::NAN)),
                elo_interval(p),
            ]
        })
        .collect();
    table(
        &[
            "opponent",
            "engine",
            "its limit",
            "games",
            "strongest's score",
            "strongest's Elo [95%]",
        ],
        "lllrrr",
        &rows,
    )
}

/// The gauntlet's fit and, beside it, self-play's; `None` (and a problem) without them.
fn fitted(src: &Sources) -> Option<(GauntletAnalysis, Comparison, MatchManifest, usize)> {
    let m = manifest(src, GAMES)?;
    let own = manifest(src, SELF_PLAY)?;
    let (Some(design), Some(own_design)) = (m.design.clone(), own.design.clone()) else {
        src.problem(format!(
            "results/{GAMES}.json or {SELF_PLAY}.json: no design"
        ));
        return None;
    };
    let rows = src.games(GAMES);
    let result = analyse_gauntlet(&design, &m.variants, &m.pairings, &rows).and_then(|g| {
        let s = analyse(
            &own_design,
            &own.variants,
            &own.pairings,
            &src.games(SELF_PLAY),
        )?;
        let c = compare(
            &DesignEffects::of_design(&s),
            &DesignEffects::of_gauntlet(&g),
        )
        .map_err(|m| m.describe("the gauntlet", "self-play"))?;
        Ok((g, c))
    });
    match result {
        Ok((g, c)) => Some((g, c, m, rows.len())),
        Err(e) => {
            src.problem(format!("results/{GAMES}.csv: {e}"));
            None
        }
    }
}

/// The run's state: games, the worst pooled half-width against the target.
pub(super) fn state(src: &Sources) -> String {
    let Some((g, _, m, games)) = fitted(src) else {
        return String::new();
    };
    let target = m.precision.unwrap_or(f64::NAN);
    let worst = g.worst_half_width();
    let state = match worst <= target {
        true => "met".to_string(),
        false => {
            "not met yet: the run goes on (`ablate match --config gauntlet.toml --run gauntlet`)"
                .to_string()
        }
    };
    let fits: Vec<String> = g
        .opponents
        .iter()
        .zip(&g.each)
        .map(|(o, a)| format!("{o} {:.2}", a.fit.dispersion))
        .collect();
    format!(
        "{} games: {} points against {} opponents. Every pooled main effect and interaction has a \
         95% half-width of **±{worst:.1} Elo** or less; the run's target is ±{target}: {state}. \
         Each opponent's fit carries its own dispersion φ ({}).\n",
        thousands(games as u64),
        g.each[0].design.points.len(),
        g.opponents.len(),
        fits.join(", ")
    )
}

/// Each step: self-play, each opponent, the gauntlet, Cochran's p, the ratio; then the ratio
/// over the steps.
pub(super) fn steps(src: &Sources) -> String {
    let Some((g, c, _, _)) = fitted(src) else {
        return String::new();
    };
    format!(
        "{}\n{}.\n",
        Markdown.render(&steps_table(&g, Some(&c))),
        pooled_ratio_line(&c)
    )
}

/// Each pair: self-play and the gauntlet, and what the two say together.
pub(super) fn pairs(src: &Sources) -> String {
    let Some((g, c, _, _)) = fitted(src) else {
        return String::new();
    };
    Markdown.render(&pairs_table(&g, Some(&c)))
}
