//! The same steps in several engines, each measured by a design of its own: per shared step,
//! each engine's worth (averaged over its design's other steps, and at its corner as shipped),
//! their mean, and whether the engines differ; per pair of shared steps, each engine's
//! interaction beside the others'.
//!
//! The engines' designs are apart experiments (other games, other opponents), so their figures
//! are independent: the mean over the engines counts each engine the same, as the gauntlet's
//! pooling does (`gauntlet_fit`), and Cochran's Q about their inverse-variance weighted mean is
//! χ² with (engines − 1) degrees of freedom when every engine sees the same worth. Its p-value
//! says whether the figures differ by more than their errors; Holm's adjustment runs over the
//! steps (and, apart, over the pairs). Each figure keeps its design's dispersion widening.

use super::design_effects::{holm, DesignAnalysis, StepWorth};
use super::design_fit::{mean_of, Estimate};
use super::distributions::chi_square_sf;
use super::gauntlet_fit::cochran_q;

/// One engine's figures for a shared step.
#[derive(Debug, Clone, serde::Serialize)]
pub struct EngineWorth {
    /// The engine's name in the comparison.
    pub engine: String,
    /// The factor of its design that is the step.
    pub factor: String,
    /// Its worth switched on, averaged over the design's other steps (its Shapley share).
    pub averaged: Estimate,
    /// Its worth switched on at the engine's corner as shipped (no factor applied).
    pub at_corner: Estimate,
}

/// Whether a figure's engines agree: Cochran's Q about their weighted mean.
#[derive(Debug, Clone, Copy, serde::Serialize)]
pub struct Heterogeneity {
    /// Q, its degrees of freedom (engines − 1) and its p-value.
    pub q: f64,
    pub df: usize,
    pub p: f64,
    /// Holm's adjustment of `p` over the figures of its kind (the steps, or the pairs).
    pub p_holm: f64,
    /// I² = (Q − df)/Q, floored at 0: the share of the spread beyond the errors.
    pub i_squared: f64,
}

/// A step shared by two or more engines.
#[derive(Debug, Clone, serde::Serialize)]
pub struct SharedStep {
    /// The step's name in the comparison.
    pub step: String,
    /// Each engine that has it, in the comparison's order.
    pub engines: Vec<EngineWorth>,
    /// The mean of the engines' averaged worths, each engine counting the same.
    pub mean: Estimate,
    /// Whether the engines' averaged worths differ.
    pub differ: Heterogeneity,
}

/// A pair of shared steps, each engine's interaction of the two (on-coded: positive when each
/// step is worth more with the other on).
#[derive(Debug, Clone, serde::Serialize)]
pub struct SharedPair {
    /// The two steps, in the comparison's order.
    pub first: String,
    pub second: String,
    /// Each engine whose design has both, with its interaction.
    pub engines: Vec<(String, Estimate)>,
    /// Whether the engines' interactions differ.
    pub differ: Heterogeneity,
}

/// Everything the comparison shows.
#[derive(Debug, Clone)]
pub struct AcrossEngines {
    pub steps: Vec<SharedStep>,
    pub pairs: Vec<SharedPair>,
}

/// One engine's fitted design and its name.
pub struct EngineDesign<'a> {
    pub engine: &'a str,
    pub analysis: &'a DesignAnalysis,
}

/// Which factor of which engine is a step: (step, [(engine, factor)]) in the comparison's order.
pub type StepMap = [(String, Vec<(String, String)>)];

fn step_of<'a>(designs: &'a [EngineDesign], engine: &str, factor: &str) -> Option<&'a StepWorth> {
    let design = designs.iter().find(|d| d.engine == engine)?;
    design.analysis.steps.iter().find(|s| s.factor == factor)
}

/// Q, its p-value and I² for independent estimates (at least two).
pub fn heterogeneity(estimates: &[Estimate]) -> Heterogeneity {
    let q = cochran_q(estimates);
    let df = estimates.len().saturating_sub(1);
    Heterogeneity {
        q,
        df,
        p: chi_square_sf(q, df as f64),
        p_holm: 0.0,
        i_squared: if q > 0.0 {
            ((q - df as f64) / q).max(0.0)
        } else {
            0.0
        },
    }
}

/// Compares the engines' designs over the shared steps. An error names a factor that is not in
/// its engine's design, or a step that fewer than two engines have.
pub fn compare(designs: &[EngineDesign], map: &StepMap) -> Result<AcrossEngines, String> {
    let mut steps = Vec::new();
    for (step, factors) in map {
        let mut engines = Vec::new();
        for (engine, factor) in factors {
            let Some(worth) = step_of(designs, engine, factor) else {
                let known = designs.iter().find(|d| d.engine == engine).map_or_else(
                    || "no such engine in the comparison".to_string(),
                    |d| {
                        let names: Vec<&str> =
                            d.analysis.steps.iter().map(|s| s.factor.as_str()).collect();
                        format!("its factors are {}", names.join(", "))
                    },
                );
                return Err(format!(
                    "step \"{step}\": engine \"{engine}\" has no factor \"{factor}\"; {known}"
                ));
            };
            engines.push(EngineWorth {
                engine: engine.clone(),
                factor: factor.clone(),
                averaged: worth.averaged,
                at_corner: worth.at_baseline,
            });
        }
        if engines.len() < 2 {
            return Err(format!(
                "step \"{step}\" is in {} engine; a shared step needs two or more",
                engines.len()
            ));
        }
        let averaged: Vec<Estimate> = engines.iter().map(|e| e.averaged).collect();
        steps.push(SharedStep {
            step: step.clone(),
            mean: mean_of(&averaged),
            differ: heterogeneity(&averaged),
            engines,
        });
    }
    let mut pairs = shared_pairs(designs, &steps);
    adjust(steps.iter_mut().map(|s| &mut s.differ));
    adjust(pairs.iter_mut().map(|p| &mut p.differ));
    Ok(AcrossEngines { steps, pairs })
}

/// Holm over one kind of figure.
fn adjust<'a>(figures: impl Iterator<Item = &'a mut Heterogeneity>) {
    let mut figures: Vec<&mut Heterogeneity> = figures.collect();
    let adjusted = holm(&figures.iter().map(|h| h.p).collect::<Vec<_>>());
    for (h, a) in figures.iter_mut().zip(adjusted) {
        h.p_holm = a;
    }
}

/// Every pair of shared steps that two or more engines' designs both estimate.
fn shared_pairs(designs: &[EngineDesign], steps: &[SharedStep]) -> Vec<SharedPair> {
    let mut pairs = Vec::new();
    for (i, a) in steps.iter().enumerate() {
        for b in &steps[i + 1..] {
            let engines: Vec<(String, Estimate)> = a
                .engines
                .iter()
                .filter_map(|ea| {
                    let eb = b.engines.iter().find(|e| e.engine == ea.engine)?;
                    let interaction = interaction_of(designs, &ea.engine, &ea.factor, &eb.factor)?;
                    Some((ea.engine.clone(), interaction))
                })
                .collect();
            if engines.len() >= 2 {
                let estimates: Vec<Estimate> = engines.iter().map(|(_, e)| *e).collect();
                pairs.push(SharedPair {
                    first: a.step.clone(),
                    second: b.step.clone(),
                    differ: heterogeneity(&estimates),
                    engines,
                });
            }
        }
    }
    pairs
}

/// The interaction of two factors in one engine's design, in either order.
fn interaction_of(
    designs: &[EngineDesign],
    engine: &str,
    first: &str,
    second: &str,
) -> Option<Estimate> {
    let design = designs.iter().find(|d| d.engine == engine)?;
    let a = &step_of(designs, engine, first)?.step;
    let b = &step_of(designs, engine, second)?.step;
    design
        .analysis
        .pairs
        .iter()
        .find(|p| (&p.first == a && &p.second == b) || (&p.first == b && &p.second == a))
        .map(|p| p.effect)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(value: f64, se: f64) -> Estimate {
        Estimate { value, se }
    }

    #[test]
    fn equal_figures_do_not_differ_and_far_ones_do() {
        let same = heterogeneity(&[e(50.0, 10.0), e(50.0, 20.0), e(50.0, 15.0)]);
        assert!(same.q < 1e-20, "{}", same.q); // 0 but for rounding
        assert_eq!(same.df, 2);
        assert!((same.p - 1.0).abs() < 1e-12);
        assert_eq!(same.i_squared, 0.0);
        // Two figures 60 apart, each ±10: Q = (60/√200)² = 18 on 1 degree of freedom.
        let apart = heterogeneity(&[e(0.0, 10.0), e(60.0, 10.0)]);
        assert!((apart.q - 18.0).abs() < 1e-9);
        assert!(apart.p < 1e-4, "{}", apart.p);
        assert!((apart.i_squared - 17.0 / 18.0).abs() < 1e-12);
    }

    /// Simulation with known truth: engines that share one worth are called different by Q at
    /// about the test's size, and engines whose worths differ by three errors nearly always.
    #[test]
    fn q_holds_its_size_and_finds_a_real_difference() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut normal = || {
            // Box-Muller from a xorshift: enough for a size check.
            let mut uniform = || {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state >> 11) as f64 / (1u64 << 53) as f64
            };
            let (u, v) = (uniform().max(1e-300), uniform());
            (-2.0 * u.ln()).sqrt() * (2.0 * std::f64::consts::PI * v).cos()
        };
        let trials = 4000;
        let ses = [10.0, 20.0, 15.0, 8.0];
        let (mut false_calls, mut true_calls) = (0, 0);
        for _ in 0..trials {
            let same: Vec<Estimate> = ses.iter().map(|&s| e(40.0 + s * normal(), s)).collect();
            false_calls += usize::from(heterogeneity(&same).p < 0.05);
            let truths = [0.0, 0.0, 0.0, 60.0];
            let apart: Vec<Estimate> = ses
                .iter()
                .zip(truths)
                .map(|(&s, t)| e(t + s * normal(), s))
                .collect();
            true_calls += usize::from(heterogeneity(&apart).p < 0.05);
        }
        let size = false_calls as f64 / trials as f64;
        assert!((0.035..0.065).contains(&size), "size {size}");
        assert!(
            true_calls as f64 / trials as f64 > 0.9,
            "power {true_calls}"
        );
    }
}
