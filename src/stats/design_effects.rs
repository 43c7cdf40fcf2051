//! What a designed match's games say, read from the fitted model (`design_fit`) in the words
//! of the steps: each step's worth switched on, averaged over the other steps' settings (its
//! Shapley share) and at the baseline's corner (what removing or adding it alone would do),
//! every pair's interaction, the all-on corner against the all-off one, and how well the model
//! fits.
//!
//! "On" is each factor's steps-on level: a removal's step is on where the factor is not
//! applied, an addition's (or a swap's) where it is. With s = −1 for a removal and +1 for the
//! others, the on-coded coefficients are s_i β_i and s_i s_j β_ij.
//!
//! Shapley's value of a step in a model with main effects and two-step interactions is, in
//! closed form, its averaged worth: a ±1 product term adds nothing to the difference between
//! the all-on and all-off corners and splits its marginal contributions evenly, so
//! φ_i = 2 s_i β_i, and Σ φ_i is exactly the all-on corner's Elo against the all-off one.
//! A saturated model's terms of three steps break that: there the averaged worth is the main
//! effect, not the Shapley share, and the report says so.

use super::design_fit::{fit, terms_of, Estimate, Fit, PointPairs, Reference};
use super::design_misfit::{split_half, Misfit};
pub use super::distributions::holm;
use super::distributions::two_sided_p;
use super::faults::without_faulted_pairs;
use super::precision::design_points;
use crate::config::design::{Design, Role};
use crate::config::experiment::ResolvedVariant;
use crate::game_record::GameRow;

/// A step's name from its factor's: `no_null_move` (a removal) → `null_move`, `with_iir` (an
/// addition) → `iir`; any other name as it is.
pub fn step_name(factor: &str, role: Role) -> String {
    let prefix = match role {
        Role::Removal => "no_",
        Role::Addition => "with_",
        Role::Swap => "",
    };
    factor
        .strip_prefix(prefix)
        .filter(|s| !s.is_empty())
        .unwrap_or(factor)
        .to_string()
}

/// One step's figures.
#[derive(Debug, Clone, serde::Serialize)]
pub struct StepWorth {
    /// The step's name (`step_name`).
    pub step: String,
    /// The factor's name.
    pub factor: String,
    /// Removal, addition or swap.
    pub role: Role,
    /// Its worth switched on, averaged over the other steps' settings: its Shapley share.
    pub averaged: Estimate,
    /// Its worth switched on at the baseline's corner (no factor applied).
    pub at_baseline: Estimate,
    /// The model's Elo of applying the factor alone, against the baseline (a removal row's
    /// figure: negative when the step is worth something).
    pub applied_alone: Estimate,
}

/// One pair's interaction, on-coded: positive when each step is worth more with the other on
/// (they compound), negative when less (one covers for the other).
#[derive(Debug, Clone, serde::Serialize)]
pub struct PairInteraction {
    /// The two steps (`step_name`), in design order.
    pub first: String,
    pub second: String,
    /// The factorial interaction effect, on-coded.
    pub effect: Estimate,
    /// Its two-sided p-value, and Holm's adjustment over all the pairs.
    pub p: f64,
    pub p_holm: f64,
}

/// Everything a design's report shows.
#[derive(Debug, Clone)]
pub struct DesignAnalysis {
    /// The design.
    pub design: Design,
    /// The fit behind every figure.
    pub fit: Fit,
    /// Per step, in design order.
    pub steps: Vec<StepWorth>,
    /// Every estimable pair, in design order.
    pub pairs: Vec<PairInteraction>,
    /// Model terms the design aliases, each with the term it is aliased with (as sets).
    pub aliased: Vec<(u32, u32)>,
    /// All steps on against all off, from the model; equal to Σ of the Shapley shares.
    pub all_on_vs_off: Estimate,
    /// The points of the design other than the corner that the points played (anchors), in
    /// the order of the pairings.
    pub anchors: Vec<u32>,
    /// Complete pairs, points with games, and (point, opponent) pairings with games: more than
    /// the points when they played an anchor too.
    pub pairs_played: u64,
    pub points_played: usize,
    pub pairings_played: usize,
    /// The fewest complete pairs any point with games has.
    pub fewest_pairs: u64,
    /// Whether the model's misfit repeats in both halves of the pairs, and the floor it holds
    /// the half-widths to (`design_misfit`); none when the model leaves no direction free.
    pub misfit: Option<Misfit>,
}

impl DesignAnalysis {
    /// Each figure of the fit by name, in one order for every fit of the same design: each
    /// step's averaged worth and its worth at the baseline, then each pair's interaction. Two
    /// fits of one design (with and without some games) are compared figure by figure on it.
    pub fn named_figures(&self) -> Vec<(String, Estimate)> {
        let steps = self.steps.iter().flat_map(|s| {
            [
                (format!("{} averaged", s.step), s.averaged),
                (format!("{} at the baseline", s.step), s.at_baseline),
            ]
        });
        let pairs = self
            .pairs
            .iter()
            .map(|p| (format!("{} × {}", p.first, p.second), p.effect));
        steps.chain(pairs).collect()
    }
}

fn sign(role: Role) -> f64 {
    match role {
        Role::Removal => -1.0,
        Role::Addition | Role::Swap => 1.0,
    }
}

/// Fits the design to the games each of its points played (pairs complete), and reads it,
/// leaving out every pair in which a game ended by an engine's fault (`faults`): the fit every
/// report of a design reads.
pub fn analyse(
    design: &Design,
    variants: &[ResolvedVariant],
    pairings: &[(String, String)],
    rows: &[GameRow],
) -> Result<DesignAnalysis, String> {
    let kept = without_faulted_pairs(rows);
    analyse_with_faults_as_losses(design, variants, pairings, &kept)
}

/// As `analyse`, with every game as it ended: a fault scored as the faulting side's loss, as
/// cutechess and fastchess score it. The reports show it beside `analyse`'s fit.
pub fn analyse_with_faults_as_losses(
    design: &Design,
    variants: &[ResolvedVariant],
    pairings: &[(String, String)],
    rows: &[GameRow],
) -> Result<DesignAnalysis, String> {
    let against = Reference::of_each(design, variants, pairings);
    let [points, even, odd] = design_points((design, &against), pairings, rows, usize::MAX);
    let k = design.factors.len();
    let (terms, aliased) = terms_of(design);
    let fit = fit(&points, &terms).map_err(|why| why_no_fit(design, &points, why))?;
    let s: Vec<f64> = design.factors.iter().map(|f| sign(f.role)).collect();
    let has = |t: u32| terms.contains(&t);
    let steps = (0..k)
        .map(|i| {
            let main = 1u32 << i;
            // Applying the factor alone flips the sign of every term that holds it: +2 for a
            // term of odd order (the main effect's, three steps), −2 for one of even order.
            let alone: Vec<(u32, f64)> = (terms.iter())
                .filter(|t| *t & main != 0)
                .map(|t| (*t, -2.0 * super::design_fit::column(*t, 0)))
                .collect();
            let applied_alone = fit.combine(&alone);
            let scaled = |e: Estimate| Estimate {
                value: s[i] * e.value,
                se: e.se,
            };
            StepWorth {
                step: step_name(&design.factors[i].name, design.factors[i].role),
                factor: design.factors[i].name.clone(),
                role: design.factors[i].role,
                averaged: scaled(fit.effect(main)),
                at_baseline: scaled(applied_alone),
                applied_alone,
            }
        })
        .collect();
    let mut pairs: Vec<PairInteraction> = Vec::new();
    let name = |i: usize| step_name(&design.factors[i].name, design.factors[i].role);
    for i in 0..k {
        for j in i + 1..k {
            let t = (1u32 << i) | (1 << j);
            if !has(t) {
                continue;
            }
            let e = fit.effect(t);
            let effect = Estimate {
                value: s[i] * s[j] * e.value,
                se: e.se,
            };
            pairs.push(PairInteraction {
                first: name(i),
                second: name(j),
                effect,
                p: two_sided_p(effect.value / effect.se),
                p_holm: 0.0,
            });
        }
    }
    let adjusted = holm(&pairs.iter().map(|p| p.p).collect::<Vec<_>>());
    for (pair, a) in pairs.iter_mut().zip(adjusted) {
        pair.p_holm = a;
    }
    let all_on: u32 = (0..k).filter(|&i| s[i] > 0.0).fold(0, |m, i| m | 1 << i);
    let all_off: u32 = !all_on & ((1u32 << k) - 1);
    let corners: Vec<(u32, f64)> = terms
        .iter()
        .map(|&t| {
            let c = super::design_fit::column;
            (t, c(t, all_on) - c(t, all_off))
        })
        .collect();
    let all_on_vs_off = fit.combine(&corners);
    let misfit = split_half(&fit, &points, [&even, &odd]);
    let mut anchors: Vec<u32> = Vec::new();
    for p in &points {
        if let Reference::Point(q) = p.against {
            if q != 0 && p.pairs() > 0 && !anchors.contains(&q) {
                anchors.push(q);
            }
        }
    }
    Ok(DesignAnalysis {
        misfit,
        anchors,
        design: design.clone(),
        steps,
        pairs,
        aliased,
        all_on_vs_off,
        pairs_played: points.iter().map(|p| p.ptnml.iter().sum::<u64>()).sum(),
        points_played: {
            let mut played: Vec<u32> = (points.iter())
                .filter(|p| p.pairs() > 0)
                .map(|p| p.point)
                .collect();
            played.sort_unstable();
            played.dedup();
            played.len()
        },
        pairings_played: points.iter().filter(|p| p.pairs() > 0).count(),
        fewest_pairs: points
            .iter()
            .map(PointPairs::pairs)
            .filter(|n| *n > 0)
            .min()
            .unwrap_or(0),
        fit,
    })
}

/// Fewer pairs than this at a point and a failed fit is put down to too few games, and a
/// fitted one's intervals are not to be read.
pub const FEWEST_PAIRS: u64 = 4;

/// What a failed fit means, with the figures: points at 0% or 100% (their Elo has no finite
/// estimate), too few games at a point, or terms the points cannot separate.
fn why_no_fit(design: &Design, points: &[PointPairs], why: String) -> String {
    let played: Vec<&PointPairs> = points.iter().filter(|p| p.pairs() > 0).collect();
    use super::design_fit::{NOT_CONVERGED, NOT_SEPARATED};
    if why != NOT_SEPARATED && why != NOT_CONVERGED {
        return why;
    }
    // A joined fit holds a point's games against each opponent apart: a point's Elo has no
    // finite estimate only when it scored 0% (or 100%) against every opponent it played.
    let several = (played.iter()).any(|p| Some(p.against) != played.first().map(|q| q.against));
    let name = |p: &PointPairs| match p.against {
        Reference::Point(q) if several && q != 0 => {
            format!(
                "{} against {}",
                design.point_name(p.point),
                design.point_name(q)
            )
        }
        _ => design.point_name(p.point),
    };
    let mut by_point: Vec<(u32, Vec<f64>)> = Vec::new();
    for p in &played {
        match by_point.iter_mut().find(|(q, _)| *q == p.point) {
            Some((_, scores)) => scores.push(p.mean()),
            None => by_point.push((p.point, vec![p.mean()])),
        }
    }
    let edge: Vec<String> = (by_point.iter())
        .filter_map(|(point, scores)| {
            let at = |edge: f64| scores.iter().all(|s| *s == edge);
            let score = [0.0, 1.0].into_iter().find(|&e| at(e))?;
            Some(format!(
                "{} {:.0}%",
                design.point_name(*point),
                100.0 * score
            ))
        })
        .collect();
    let fewest = played.iter().min_by_key(|p| p.pairs());
    let games = |p: &PointPairs| 2 * p.pairs();
    let fewest_text = fewest.map_or(String::new(), |p| {
        format!("the fewest games at a point: {} ({})", games(p), name(p))
    });
    if !edge.is_empty() {
        let shown: Vec<&str> = edge.iter().take(4).map(String::as_str).collect();
        let more = edge.len().saturating_sub(shown.len());
        let against = if several {
            " against every opponent"
        } else {
            ""
        };
        return format!(
            "{} of {} points scored 0% or 100% of their games{against} ({}{}): such a point's Elo has no finite estimate; play more games ({fewest_text})",
            edge.len(),
            by_point.len(),
            shown.join(", "),
            if more > 0 { format!(" and {more} more") } else { String::new() }
        );
    }
    if let Some(p) = fewest.filter(|p| p.pairs() < FEWEST_PAIRS) {
        return format!(
            "too few games: {} at point {}; expected at least {} games at every point",
            games(p),
            name(p),
            2 * FEWEST_PAIRS
        );
    }
    format!("{why}: the design's points, as played, alias two of its terms ({fewest_text})")
}

/// A term's name: its factors' names joined by ×, "intercept" for none.
pub fn term_name(design: &Design, term: u32) -> String {
    if term == 0 {
        return "intercept".to_string();
    }
    (0..design.factors.len())
        .filter(|i| term & (1 << i) != 0)
        .map(|i| design.factors[i].name.as_str())
        .collect::<Vec<_>>()
        .join(" × ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn three_factors() -> Design {
        let text = "[factors]\na = { \"null_move.enabled\" = false }\n\
                    b = { \"lmr.enabled\" = false }\nc = { \"probcut.enabled\" = false }\n";
        crate::config::design::parse(text.parse().unwrap()).unwrap()
    }

    /// Each way a fit fails says its own cause, with the figures (issue 69, item 5).
    #[test]
    fn a_failed_fit_says_whether_games_scores_at_the_edge_or_the_design_are_the_cause() {
        let d = three_factors();
        let why = || super::super::design_fit::NOT_SEPARATED.to_string();
        let at = |point: u32, ptnml: [u64; 5]| PointPairs {
            point,
            against: super::super::design_fit::CORNER,
            ptnml,
        };
        // Seven of eight points at 87.5% to 100% in 4 games: the edge, not the design.
        let mut edge: Vec<PointPairs> = (1..8).map(|p| at(p, [0, 0, 0, 0, 2])).collect();
        edge.push(at(0, [0, 0, 2, 0, 0]));
        edge[0] = at(1, [0, 0, 0, 1, 1]);
        let e = why_no_fit(&d, &edge, why());
        assert!(e.starts_with("6 of 8 points scored 0% or 100%"), "{e}");
        assert!(e.contains("b 100%") && e.contains("and 2 more"), "{e}");
        assert!(e.contains("the fewest games at a point: 4"), "{e}");
        // No point at the edge, but 2 games at one.
        let few: Vec<PointPairs> = (0..8)
            .map(|p| at(p, [0, 1, 0, u64::from(p != 3), 0]))
            .collect();
        let e = why_no_fit(&d, &few, why());
        assert_eq!(
            e,
            "too few games: 2 at point a,b; expected at least 8 games at every point"
        );
        // Enough games everywhere: the points cannot separate the terms.
        let many: Vec<PointPairs> = (0..8).map(|p| at(p, [1, 3, 4, 3, 1])).collect();
        let e = why_no_fit(&d, &many, why());
        assert!(e.starts_with("the points played cannot separate the model's terms: the design's points, as played, alias"), "{e}");
        // A joined fit: a point at 0% against the corner but not against the anchor (point 1,
        // `a`) has a finite Elo; one at 0% against both (point 6, `b,c`) has none.
        let against = |point: u32, anchor: u32, ptnml: [u64; 5]| PointPairs {
            point,
            against: super::super::design_fit::Reference::Point(anchor),
            ptnml,
        };
        let mut joined: Vec<PointPairs> = (1..8).map(|p| at(p, [1, 3, 4, 3, 1])).collect();
        joined.extend(
            (0..8)
                .filter(|&p| p != 3)
                .map(|p| against(p, 3, [1, 3, 4, 3, 1])),
        );
        joined[0] = at(1, [2, 0, 0, 0, 0]);
        joined[5] = at(6, [2, 0, 0, 0, 0]);
        joined[12] = against(6, 3, [3, 0, 0, 0, 0]);
        let e = why_no_fit(&d, &joined, why());
        assert!(
            e.starts_with(
                "1 of 8 points scored 0% or 100% of their games against every opponent (b,c 0%)"
            ),
            "{e}"
        );
        assert!(e.contains("(the fewest games at a point: 4 (a))"), "{e}");
        // Any other failure is passed on as it is.
        assert_eq!(
            why_no_fit(&d, &many, "2 points with games for 7 terms".into()),
            "2 points with games for 7 terms"
        );
    }
}
