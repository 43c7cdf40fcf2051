//! A design's points against a gauntlet (`opponents = [...]`): every point plays each opponent,
//! and each opponent is a block with a strength of its own.
//!
//! The model is the design's (`design_fit`: main effects and two-step interactions) fitted
//! against each opponent apart, with that opponent's strength as its free intercept: the full
//! model with every term crossed with the opponent. A figure against the gauntlet is the mean
//! of its figures against the opponents, each opponent counting the same, so that it answers
//! "what is the step worth against this gauntlet" whatever the opponents' draw rates; its
//! variance is the sum of theirs over the count squared (the opponents' games are apart).
//!
//! Whether a figure depends on whom the points play is Cochran's heterogeneity test: Q, the
//! inverse-variance weighted squares of the opponents' figures about their weighted mean, is
//! χ² with (opponents − 1) degrees of freedom when every opponent sees the same worth.

use super::design_effects::{analyse, holm, DesignAnalysis};
use super::design_fit::{mean_of, Estimate};
use super::distributions::{chi_square_sf, two_sided_p};
use super::precision::opponents_of;
use crate::config::design::Design;
use crate::config::experiment::ResolvedVariant;
use crate::game_record::GameRow;

/// One figure (a step's averaged worth, or a pair's interaction) against every opponent and
/// against the gauntlet.
#[derive(Debug, Clone, serde::Serialize)]
pub struct PooledFigure {
    /// The step's name, or the pair's, `first × second`.
    pub name: String,
    /// Against the gauntlet: the mean over the opponents.
    pub pooled: Estimate,
    /// Against each opponent, in the gauntlet's order.
    pub by_opponent: Vec<Estimate>,
    /// Cochran's Q about the opponents' weighted mean, and its p-value (χ², opponents − 1).
    pub q: f64,
    pub p_depends: f64,
    /// The pooled figure's two-sided p-value, and Holm's adjustment over its kind (the steps,
    /// or the pairs).
    pub p: f64,
    pub p_holm: f64,
}

/// What a gauntlet's games say.
#[derive(Debug, Clone)]
pub struct GauntletAnalysis {
    /// The opponents, in the order the pairings name them.
    pub opponents: Vec<String>,
    /// The design's analysis against each.
    pub each: Vec<DesignAnalysis>,
    /// Each step's worth switched on, averaged over the other steps (design order).
    pub steps: Vec<PooledFigure>,
    /// Each pair's interaction, on-coded (design order).
    pub pairs: Vec<PooledFigure>,
}

impl GauntletAnalysis {
    /// The largest 95% half-width among the pooled figures (steps and pairs).
    pub fn worst_half_width(&self) -> f64 {
        self.steps
            .iter()
            .chain(&self.pairs)
            .map(|f| f.pooled.half_width())
            .fold(0.0, f64::max)
    }
}

/// Fits the design against each opponent and pools the figures.
pub fn analyse_gauntlet(
    design: &Design,
    variants: &[ResolvedVariant],
    pairings: &[(String, String)],
    rows: &[GameRow],
) -> Result<GauntletAnalysis, String> {
    let opponents = opponents_of(design, pairings);
    let each = opponents
        .iter()
        .map(|o| {
            let own: Vec<(String, String)> =
                pairings.iter().filter(|(_, x)| x == o).cloned().collect();
            analyse(design, variants, &own, rows).map_err(|m| format!("against {o}: {m}"))
        })
        .collect::<Result<Vec<DesignAnalysis>, String>>()?;
    let first = &each[0];
    let mut steps: Vec<PooledFigure> = (0..first.steps.len())
        .map(|i| {
            let by: Vec<Estimate> = each.iter().map(|a| a.steps[i].averaged).collect();
            pooled_figure(first.steps[i].step.clone(), by)
        })
        .collect();
    let mut pairs: Vec<PooledFigure> = (0..first.pairs.len())
        .map(|i| {
            let p = &first.pairs[i];
            let by: Vec<Estimate> = each.iter().map(|a| a.pairs[i].effect).collect();
            pooled_figure(format!("{} × {}", p.first, p.second), by)
        })
        .collect();
    for figures in [&mut steps, &mut pairs] {
        let adjusted = holm(&figures.iter().map(|f| f.p).collect::<Vec<_>>());
        for (f, a) in figures.iter_mut().zip(adjusted) {
            f.p_holm = a;
        }
    }
    Ok(GauntletAnalysis {
        opponents,
        each,
        steps,
        pairs,
    })
}

fn pooled_figure(name: String, by_opponent: Vec<Estimate>) -> PooledFigure {
    let pooled = mean_of(&by_opponent);
    let q = cochran_q(&by_opponent);
    PooledFigure {
        name,
        pooled,
        q,
        p_depends: chi_square_sf(q, by_opponent.len().saturating_sub(1) as f64),
        p: two_sided_p(pooled.value / pooled.se),
        p_holm: 0.0,
        by_opponent,
    }
}

/// Cochran's Q: Σ w (e − ē_w)², w = 1/se².
pub fn cochran_q(estimates: &[Estimate]) -> f64 {
    let w: Vec<f64> = estimates.iter().map(|e| 1.0 / (e.se * e.se)).collect();
    let mean = estimates
        .iter()
        .zip(&w)
        .map(|(e, w)| w * e.value)
        .sum::<f64>()
        / w.iter().sum::<f64>();
    estimates
        .iter()
        .zip(&w)
        .map(|(e, w)| w * (e.value - mean).powi(2))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pooled_figure_is_the_mean_and_q_measures_the_spread() {
        let e = |value: f64, se: f64| Estimate { value, se };
        let m = mean_of(&[e(10.0, 3.0), e(20.0, 4.0)]);
        assert!((m.value - 15.0).abs() < 1e-12 && (m.se - 2.5).abs() < 1e-12);
        assert_eq!(cochran_q(&[e(5.0, 1.0), e(5.0, 2.0)]), 0.0);
        // Equal weights: Q = Σ (e − ē)² / se² = (1 + 1) / 1.
        assert!((cochran_q(&[e(4.0, 1.0), e(6.0, 1.0)]) - 2.0).abs() < 1e-12);
    }
}
