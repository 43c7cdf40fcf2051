//! One design's effects over another's: the same factorial steps measured twice, in a design
//! and in a reference (against a gauntlet and in self-play, with the NNUE evaluation and the
//! handcrafted one, at two budgets), each step's ratio and one ratio over the steps, with 95%
//! intervals, and which interactions each resolves.
//!
//! The two worths come from apart experiments, each an estimate with its standard error.
//! - One step: Fieller's interval for d / r (design over reference), the set of ratios q with
//!   (d − q r)² ≤ z²(v_d + q² v_r). It is a bounded interval only when r is itself told from 0
//!   (r² > z² v_r); else it is unbounded, and a report says so rather than print a ratio of
//!   noise.
//! - Over the steps: the errors-in-variables fit of the design's worths on the reference's
//!   through the origin (a step worth nothing in one is taken to be worth nothing in the
//!   other), each point with its own known variances: b minimises S(b) = Σ (y − b x)² / (v_y +
//!   b² v_x), Deming's criterion with each point's own variance ratio. Its interval is the set
//!   of b with S(b) − S(b̂) ≤ φ z², φ = max(1, S(b̂) / (n − 1)) the dispersion of the steps about
//!   the line (a step whose own ratio differs from the others' widens it). With one step it is
//!   Fieller's interval.
//!
//! The steps are matched by name, not by place, so that two designs that list their factors
//! in another order still compare; a step one has and the other has not is an error.

use super::design_effects::DesignAnalysis;
use super::design_fit::Estimate;
use super::distributions::Z95;
use super::gauntlet_fit::GauntletAnalysis;

/// A step's worth switched on, averaged over the other steps, in one design.
#[derive(Debug, Clone, serde::Serialize)]
pub struct StepEffect {
    /// The step's name (`design_effects::step_name`), what the two designs are matched by.
    pub step: String,
    /// Its factor's name, for an error that says which factor does not match.
    pub factor: String,
    pub effect: Estimate,
}

/// A pair's interaction (on-coded) in one design, with Holm's p-value over its pairs.
#[derive(Debug, Clone, serde::Serialize)]
pub struct PairEffect {
    /// The two steps, in the design's order.
    pub first: String,
    pub second: String,
    pub effect: Estimate,
    pub p_holm: f64,
}

impl PairEffect {
    /// `first × second`, as the reports name a pair.
    pub fn name(&self) -> String {
        format!("{} × {}", self.first, self.second)
    }

    /// The same pair whichever of the two designs lists first.
    fn key(&self) -> (&str, &str) {
        match self.first <= self.second {
            true => (&self.first, &self.second),
            false => (&self.second, &self.first),
        }
    }
}

/// What one design says of its steps: what a comparison needs of it, whether it was played in
/// self-play (`of_design`) or against several opponents (`of_gauntlet`).
#[derive(Debug, Clone, serde::Serialize)]
pub struct DesignEffects {
    pub steps: Vec<StepEffect>,
    pub pairs: Vec<PairEffect>,
}

impl DesignEffects {
    /// A design against one opponent (self-play against its corner, or a baseline).
    pub fn of_design(a: &DesignAnalysis) -> Self {
        DesignEffects {
            steps: a
                .steps
                .iter()
                .map(|s| StepEffect {
                    step: s.step.clone(),
                    factor: s.factor.clone(),
                    effect: s.averaged,
                })
                .collect(),
            pairs: a
                .pairs
                .iter()
                .map(|p| PairEffect {
                    first: p.first.clone(),
                    second: p.second.clone(),
                    effect: p.effect,
                    p_holm: p.p_holm,
                })
                .collect(),
        }
    }

    /// A design against a gauntlet: each figure the mean over the opponents.
    pub fn of_gauntlet(g: &GauntletAnalysis) -> Self {
        let first = &g.each[0];
        DesignEffects {
            steps: g
                .steps
                .iter()
                .zip(&first.steps)
                .map(|(pooled, s)| StepEffect {
                    step: pooled.name.clone(),
                    factor: s.factor.clone(),
                    effect: pooled.pooled,
                })
                .collect(),
            pairs: g
                .pairs
                .iter()
                .zip(&first.pairs)
                .map(|(pooled, p)| PairEffect {
                    first: p.first.clone(),
                    second: p.second.clone(),
                    effect: pooled.pooled,
                    p_holm: pooled.p_holm,
                })
                .collect(),
        }
    }
}

/// A step's worth in the design and in the reference, and their ratio.
#[derive(Debug, Clone, serde::Serialize)]
pub struct StepComparison {
    pub step: String,
    pub reference: Estimate,
    pub design: Estimate,
    /// The design's worth over the reference's, Fieller's interval.
    pub ratio: Ratio,
}

/// A pair's interaction in the reference and in the design, each with Holm's p-value over its
/// own design's pairs.
#[derive(Debug, Clone, serde::Serialize)]
pub struct PairComparison {
    pub pair: String,
    pub reference: Estimate,
    pub reference_p_holm: f64,
    pub design: Estimate,
    pub design_p_holm: f64,
}

/// Which of the two resolves a pair's interaction, at Holm's 5% in each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Agreement {
    /// Both, with the same sign.
    Both,
    BothOppositeSigns,
    ReferenceOnly,
    DesignOnly,
    Neither,
}

impl PairComparison {
    /// What the two say together; a report puts it in its own words.
    pub fn agreement(&self) -> Agreement {
        let (r, d) = (self.reference_p_holm < 0.05, self.design_p_holm < 0.05);
        let same_sign = self.reference.value.signum() == self.design.value.signum();
        match (r, d) {
            (true, true) if same_sign => Agreement::Both,
            (true, true) => Agreement::BothOppositeSigns,
            (true, false) => Agreement::ReferenceOnly,
            (false, true) => Agreement::DesignOnly,
            (false, false) => Agreement::Neither,
        }
    }
}

/// The design beside the reference, step by step and over the steps.
#[derive(Debug, Clone, serde::Serialize)]
pub struct DesignComparison {
    pub steps: Vec<StepComparison>,
    pub pairs: Vec<PairComparison>,
    /// The design's worths over the reference's, over every step.
    pub pooled_ratio: Ratio,
}

/// The steps one design has and the other has not (by name), each with its factor.
#[derive(Debug, Clone, PartialEq)]
pub struct FactorMismatch {
    pub only_in_design: Vec<String>,
    pub only_in_reference: Vec<String>,
}

impl FactorMismatch {
    /// The mismatch in words, the two designs called by `design` and `reference` (their files,
    /// or what they are to the reader).
    pub fn describe(&self, design: &str, reference: &str) -> String {
        let list = |v: &[String]| match v.is_empty() {
            true => "none".to_string(),
            false => v.join(", "),
        };
        format!(
            "the designs' factors differ: only {design} has {}; only {reference} has {}; expected the same factors (by name)",
            list(&self.only_in_design),
            list(&self.only_in_reference)
        )
    }
}

/// The steps of `a` that `b` has not, as `factor` (or `factor (step s)` where they differ).
fn missing(a: &DesignEffects, b: &DesignEffects) -> Vec<String> {
    a.steps
        .iter()
        .filter(|s| !b.steps.iter().any(|t| t.step == s.step))
        .map(|s| match s.step == s.factor {
            true => s.factor.clone(),
            false => format!("{} (step {})", s.factor, s.step),
        })
        .collect()
}

/// Matches the design's steps and pairs to the reference's by name, in the design's order.
pub fn compare(
    reference: &DesignEffects,
    design: &DesignEffects,
) -> Result<DesignComparison, FactorMismatch> {
    let mismatch = FactorMismatch {
        only_in_design: missing(design, reference),
        only_in_reference: missing(reference, design),
    };
    if !mismatch.only_in_design.is_empty() || !mismatch.only_in_reference.is_empty() {
        return Err(mismatch);
    }
    let steps: Vec<StepComparison> = design
        .steps
        .iter()
        .filter_map(|d| {
            let r = reference.steps.iter().find(|r| r.step == d.step)?;
            Some(StepComparison {
                step: d.step.clone(),
                reference: r.effect,
                design: d.effect,
                ratio: fieller(d.effect, r.effect),
            })
        })
        .collect();
    // A pair one design aliases and the other estimates is left out: there is nothing to set
    // beside it.
    let pairs = design
        .pairs
        .iter()
        .filter_map(|d| {
            let r = reference.pairs.iter().find(|r| r.key() == d.key())?;
            Some(PairComparison {
                pair: d.name(),
                reference: r.effect,
                reference_p_holm: r.p_holm,
                design: d.effect,
                design_p_holm: d.p_holm,
            })
        })
        .collect();
    let points: Vec<(Estimate, Estimate)> = steps.iter().map(|s| (s.reference, s.design)).collect();
    Ok(DesignComparison {
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

/// Fieller's 95% interval for `numerator / denominator`, the two estimates apart.
pub fn fieller(numerator: Estimate, denominator: Estimate) -> Ratio {
    through_origin(&[(denominator, numerator)])
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
    fn a_reference_worth_not_told_from_zero_leaves_the_ratio_unbounded() {
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
