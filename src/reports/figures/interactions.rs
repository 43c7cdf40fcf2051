//! docs/interactions.md's blocks: the designed experiment of `configs/interactions.toml`, read
//! by the same fit as `ablate report` (`stats::design_effects`): the run's state, each step's
//! worth (averaged, which is its Shapley share, and at the strongest corner), the model's
//! one-step removals beside the committed removal table's rows, and the resolved pairs.

use super::format::{table, text_cell};
use super::sources::Sources;
use crate::matches::games_manifest::MatchManifest;
use crate::output::number_format::{interval, signed, Minus};
use crate::stats::design_effects::{analyse, DesignAnalysis};
use crate::stats::design_fit::Estimate;
use crate::stats::distributions::Z95;
use crate::stats::pairing_summary::{summarize, PairingSummary};
use crate::storage::manifest::ManifestFile;
use std::fmt::Write;

const GAMES: &str = "interactions/interactions.games";

/// The fit of the committed games, with its manifest; `None` (and a problem) without them.
fn fitted(src: &Sources) -> Option<(DesignAnalysis, MatchManifest, usize)> {
    let path = src.path(GAMES, "csv");
    let Some(manifest) = MatchManifest::beside(&path) else {
        src.problem(format!("results/{GAMES}.json: cannot read the manifest"));
        return None;
    };
    let Some(design) = manifest.design.clone() else {
        src.problem(format!("results/{GAMES}.json: no design"));
        return None;
    };
    let rows = src.games(GAMES);
    match analyse(&design, &manifest.variants, &manifest.pairings, &rows) {
        Ok(a) => Some((a, manifest, rows.len())),
        Err(e) => {
            src.problem(format!("results/{GAMES}.csv: {e}"));
            None
        }
    }
}

fn with_interval(e: &Estimate) -> String {
    let (lo, hi) = e.interval();
    interval(e.value, lo, hi, 1, Minus::True)
}

/// What the run holds: games, rounds, the worst half-width against the target, the fit.
pub(super) fn design(src: &Sources) -> String {
    let Some((a, manifest, games)) = fitted(src) else {
        return String::new();
    };
    let target = manifest.precision.unwrap_or(f64::NAN);
    let worst = a.fit.worst_half_width();
    let state = if worst <= target {
        "met".to_string()
    } else {
        "not met yet: the run goes on (`ablate match --config interactions.toml`)".to_string()
    };
    format!(
        "{} points, {games} games ({} game pairs), at {}. Every main effect and two-step \
         interaction has a 95% half-width of **±{worst:.1} Elo** or less; the run's target is \
         ±{target}: {state}. The model's Pearson χ² is {:.1} on {} degrees of freedom: its \
         dispersion φ = {:.2} widens every interval and p-value by √φ. All steps on against all \
         off: {} Elo.\n",
        a.design.points.len(),
        a.pairs_played,
        manifest.limit,
        a.fit.pearson,
        a.fit.df,
        a.fit.dispersion,
        with_interval(&a.all_on_vs_off),
    )
}

/// The removal table's pairing of `variant`, from the run that played it most.
fn removal_row<'a>(rows: &'a [PairingSummary], variant: &str) -> Option<&'a PairingSummary> {
    rows.iter()
        .filter(|p| p.variant == variant)
        .max_by_key(|p| p.games)
}

/// The model's prediction and the committed row: consistent when the difference lies within
/// 1.96 times the standard error of the difference (the two are independent games).
fn cross_check(predicted: &Estimate, row: &PairingSummary) -> String {
    let (Some(elo), Some(lo), Some(hi)) = (row.elo, row.elo_lo, row.elo_hi) else {
        return text_cell("—");
    };
    let row_se = (hi - lo) / 2.0 / Z95;
    let se = (predicted.se.powi(2) + row_se.powi(2)).sqrt();
    let gap = predicted.value - elo;
    if gap.abs() <= Z95 * se {
        format!("consistent (gap {})", signed(gap, 1, Minus::True))
    } else {
        format!(
            "**differs** (gap {} ± {:.0})",
            signed(gap, 1, Minus::True),
            Z95 * se
        )
    }
}

/// Per step: its worth averaged (its Shapley share), at the strongest corner, and the model's
/// Elo of removing (or adding) it alone beside the committed removal table's row.
pub(super) fn steps(src: &Sources) -> String {
    let Some((a, _, _)) = fitted(src) else {
        return String::new();
    };
    let mut removal: Vec<PairingSummary> = Vec::new();
    for name in super::removal::runs(src) {
        if src.path(&name, "csv").exists() {
            removal.extend(summarize(&src.games(&name), None));
        }
    }
    let rows: Vec<Vec<String>> = a
        .steps
        .iter()
        .map(|step| {
            let row = removal_row(&removal, &step.factor);
            vec![
                format!("`{}`", step.factor),
                with_interval(&step.averaged),
                with_interval(&step.at_baseline),
                with_interval(&step.applied_alone),
                row.map_or(text_cell("no row"), |r| {
                    format!("{} ({} games)", super::format::elo_interval(r), r.games)
                }),
                row.map_or(text_cell("—"), |r| cross_check(&step.applied_alone, r)),
            ]
        })
        .collect();
    table(
        &[
            "factor",
            "step's worth, averaged (Shapley)",
            "at strongest",
            "model: factor alone",
            "removal table",
            "model against table",
        ],
        "lrrrrl",
        &rows,
    )
}

/// The pairs whose interval excludes 0, largest first, with Holm's adjusted p over all pairs.
pub(super) fn pairs(src: &Sources) -> String {
    let Some((a, _, _)) = fitted(src) else {
        return String::new();
    };
    let mut pairs: Vec<_> = a
        .pairs
        .iter()
        .filter(|p| {
            let (lo, hi) = p.effect.interval();
            lo > 0.0 || hi < 0.0
        })
        .collect();
    pairs.sort_by(|x, y| y.effect.value.abs().total_cmp(&x.effect.value.abs()));
    let rows: Vec<Vec<String>> = pairs
        .iter()
        .map(|p| {
            vec![
                format!("{} × {}", p.first, p.second),
                with_interval(&p.effect),
                with_interval(&crate::reports::design_report::twice(&p.effect)),
                text_cell(crate::reports::design_report::verdict(&p.effect)),
                format!("{:.3}", p.p_holm),
            ]
        })
        .collect();
    let mut out = table(
        &[
            "pair",
            "interaction",
            "one's worth changes with the other on by",
            "reading",
            "Holm's p",
        ],
        "lrrlr",
        &rows,
    );
    let _ = write!(
        out,
        "\n{} of {} pairs exclude 0 at 95% each; about {:.1} would by chance. {} survive Holm's \
         correction for {} tests (p below 0.05).\n",
        pairs.len(),
        a.pairs.len(),
        a.pairs.len() as f64 * 0.05,
        a.pairs.iter().filter(|p| p.p_holm < 0.05).count(),
        a.pairs.len()
    );
    out
}
