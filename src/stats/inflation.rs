//! Does self-play exaggerate? A step's worth against a gauntlet of other engines over its
//! worth in self-play, each step's ratio and one ratio over the steps, with 95% intervals.
//!
//! The two worths come from apart experiments, each an estimate with its standard error.
//! - One step: Fieller's interval for g / s, the set of ratios r with (g − r s)² ≤ z²(v_g +
//!   r² v_s). It is a bounded interval only when s is itself told from 0 (s² > z² v_s); else
//!   it is unbounded, and the report says so rather than print a ratio of noise.
//! - Over the steps: the errors-in-variables fit of the gauntlet worths on the self-play ones
//!   through the origin (a step worth nothing in self-play is worth nothing against others),
//!   each point with its own known variances: b minimises S(b) = Σ (y − b x)² / (v_y + b² v_x),
//!   Deming's criterion with each point's own variance ratio. Its interval is the set of b
//!   with S(b) − S(b̂) ≤ φ z², φ = max(1, S(b̂) / (n − 1)) the dispersion of the steps about the
//!   line (a step whose own ratio differs from the others' widens it). With one step it is
//!   Fieller's interval.

use super::design_effects::DesignAnalysis;
use super::design_fit::Estimate;
use super::distributions::Z95;
use super::gauntlet_fit::GauntletAnalysis;

/// A step's worth (switched on, averaged over the other steps) in self-play and against the
/// gauntlet, and their ratio.
#[derive(Debug, Clone, serde::Serialize)]
pub struct StepComparison {
    pub step: String,
    pub self_play: Estimate,
    pub gauntlet: Estimate,
    /// Gauntlet over self-play, Fieller's interval.
    pub ratio: Ratio,
}

/// A pair's interaction (on-coded) in self-play and against the gauntlet, each with Holm's
/// p-value over the pairs.
#[derive(Debug, Clone, serde::Serialize)]
pub struct PairComparison {
    pub pair: String,
    pub self_play: Estimate,
    pub self_play_p_holm: f64,
    pub gauntlet: Estimate,
    pub gauntlet_p_holm: f64,
}

impl PairComparison {
    /// What the two say together, at Holm's 5% on each side.
    pub fn reading(&self) -> &'static str {
        let (s, g) = (self.self_play_p_holm < 0.05, self.gauntlet_p_holm < 0.05);
        let same_sign = self.self_play.value.signum() == self.gauntlet.value.signum();
        match (s, g) {
            (true, true) if same_sign => "holds against other engines",
            (true, true) => "resolved both ways, with opposite signs",
            (true, false) => "resolved in self-play only",
            (false, true) => "resolved against the gauntlet only",
            (false, false) => "resolved in neither",
        }
    }
}

/// Self-play beside the gauntlet, step by step and over the steps.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Comparison {
    pub steps: Vec<StepComparison>,
    pub pairs: Vec<PairComparison>,
    /// The gauntlet's worths over the self-play ones, over every step.
    pub pooled_ratio: Ratio,
}

/// Matches the two analyses step by step (by the steps' names); an error names a step one has
/// and the other has not.
pub fn compare(
    self_play: &DesignAnalysis,
    gauntlet: &GauntletAnalysis,
) -> Result<Comparison, String> {
    let names = |v: Vec<&String>| v.into_iter().cloned().collect::<Vec<_>>();
    let (mine, theirs) = (
        names(self_play.steps.iter().map(|s| &s.step).collect()),
        names(gauntlet.steps.iter().map(|s| &s.name).collect()),
    );
    if mine != theirs {
        return Err(format!(
            "the self-play design's steps ({}) are not the gauntlet's ({}); expected the same factors in the same order",
            mine.join(", "),
            theirs.join(", ")
        ));
    }
    let steps: Vec<StepComparison> = self_play
        .steps
        .iter()
        .zip(&gauntlet.steps)
        .map(|(s, g)| StepComparison {
            step: s.step.clone(),
            self_play: s.averaged,
            gauntlet: g.pooled,
            ratio: fieller(g.pooled, s.averaged),
        })
        .collect();
    let pairs = self_play
        .pairs
        .iter()
        .zip(&gauntlet.pairs)
        .map(|(s, g)| PairComparison {
            pair: g.name.clone(),
            self_play: s.effect,
            self_play_p_holm: s.p_holm,
            gauntlet: g.pooled,
            gauntlet_p_holm: g.p_holm,
        })
        .collect();
    let points: Vec<(Estimate, Estimate)> =
        steps.iter().map(|s| (s.self_play, s.gauntlet)).collect();
    Ok(Comparison {
        pooled_ratio: through_origin(&points),
        steps,
        pairs,
    })
}

/// A ratio and its 95% interval; an end at ±∞ means the data do not bound it on that side.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Ratio {
    pub value: f64,
    pub lo: f64,
    pub hi: f64,
}

impl Ratio {
    /// Whether both ends are finite.
    pub fn bounded(&self) -> bool {
        self.lo.is_finite() && self.hi.is_finite()
    }
}

/// Fieller's 95% interval for `g / s`, the two estimates apart.
pub fn fieller(g: Estimate, s: Estimate) -> Ratio {
    through_origin(&[(s, g)])
}

/// The grid the fit searches, and how far: ratios from −`REACH` to `REACH`.
const REACH: f64 = 8.0;
const STEPS: usize = 16_000;

/// The slope through the origin of `y` on `x` (pairs (x, y)), both measured with error, and its
/// 95% interval.
pub fn through_origin(points: &[(Estimate, Estimate)]) -> Ratio {
    let s = |b: f64| -> f64 {
        points
            .iter()
            .map(|(x, y)| (y.value - b * x.value).powi(2) / (y.se * y.se + b * b * x.se * x.se))
            .sum()
    };
    let grid: Vec<f64> = (0..=STEPS)
        .map(|i| -REACH + 2.0 * REACH * i as f64 / STEPS as f64)
        .collect();
    let best = grid
        .iter()
        .copied()
        .min_by(|a, b| s(*a).total_cmp(&s(*b)))
        .unwrap_or(0.0);
    let value = golden_minimum(
        &s,
        best - 2.0 * REACH / STEPS as f64,
        best + 2.0 * REACH / STEPS as f64,
    );
    let s_min = s(value);
    let df = points.len().saturating_sub(1) as f64;
    let dispersion = if df > 0.0 { (s_min / df).max(1.0) } else { 1.0 };
    let limit = s_min + dispersion * Z95 * Z95;
    let inside = |b: f64| s(b) <= limit;
    // As b grows without end S tends to Σ x² / v_x: below the limit, the set is unbounded.
    let far = points
        .iter()
        .map(|(x, _)| x.value * x.value / (x.se * x.se))
        .sum::<f64>();
    let unbounded = far <= limit;
    let edge = |from: f64, toward: f64| -> f64 {
        // The last b inside, walking from the estimate outwards, refined by bisection.
        let step = (toward - from).signum() * 2.0 * REACH / STEPS as f64;
        let mut b = from;
        while inside(b + step) {
            b += step;
            if b.abs() > REACH {
                return toward.signum() * f64::INFINITY;
            }
        }
        let (mut a, mut c) = (b, b + step);
        for _ in 0..60 {
            let m = (a + c) / 2.0;
            if inside(m) {
                a = m;
            } else {
                c = m;
            }
        }
        a
    };
    let (lo, hi) = match unbounded {
        true => (f64::NEG_INFINITY, f64::INFINITY),
        false => (edge(value, -REACH), edge(value, REACH)),
    };
    Ratio { value, lo, hi }
}

/// The minimum of a unimodal `f` on [a, b], by golden-section search.
fn golden_minimum(f: &dyn Fn(f64) -> f64, mut a: f64, mut b: f64) -> f64 {
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..100 {
        let (c, d) = (b - g * (b - a), a + g * (b - a));
        if f(c) < f(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(value: f64, se: f64) -> Estimate {
        Estimate { value, se }
    }

    #[test]
    fn fieller_solves_its_quadratic() {
        // g = 30 ± 5, s = 60 ± 5: the roots of (g − r s)² = z²(v_g + r² v_s).
        let r = fieller(e(30.0, 5.0), e(60.0, 5.0));
        let z2 = Z95 * Z95;
        let (a, b, c) = (3600.0 - z2 * 25.0, -2.0 * 30.0 * 60.0, 900.0 - z2 * 25.0);
        let root = |sign: f64| (-b + sign * (b * b - 4.0 * a * c).sqrt()) / (2.0 * a);
        assert!((r.value - 0.5).abs() < 1e-6, "{r:?}");
        assert!(
            (r.lo - root(-1.0)).abs() < 1e-6 && (r.hi - root(1.0)).abs() < 1e-6,
            "{r:?}"
        );
    }

    #[test]
    fn a_self_play_worth_not_told_from_zero_leaves_the_ratio_unbounded() {
        let r = fieller(e(10.0, 5.0), e(4.0, 5.0));
        assert!(!r.bounded(), "{r:?}");
    }

    #[test]
    fn points_on_a_line_give_its_slope_and_scatter_widens_the_interval() {
        let on: Vec<(Estimate, Estimate)> = [20.0, 40.0, 60.0, 80.0]
            .iter()
            .map(|x| (e(*x, 4.0), e(0.7 * x, 4.0)))
            .collect();
        let r = through_origin(&on);
        assert!((r.value - 0.7).abs() < 1e-6 && r.bounded(), "{r:?}");
        let mut off = on.clone();
        off[1].1.value += 25.0;
        off[2].1.value -= 25.0;
        let wide = through_origin(&off);
        assert!(wide.hi - wide.lo > 1.5 * (r.hi - r.lo), "{r:?} {wide:?}");
    }
}
