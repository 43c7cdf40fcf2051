//! The design fit when the reference is one of the design's points (issue 67): the baseline
//! plays exactly what the point that applies no factor plays, so that point's Elo is 0 and its
//! pairs are the same game with colours swapped, 1–1. Games simulated from a known model with
//! that corner are fitted back with the corner fixed: every effect and every "at the corner"
//! figure (a factor applied alone) is unbiased, and its 95% interval covers the truth 93–97%
//! of the time over 200 experiments, with and without overdispersion (each point's true Elo
//! off the model by its own amount, and varying from opening to opening), which the fit's
//! dispersion φ carries into the intervals.

use crate::common::simulated_games::{self, pair, score_of, Rng, EFFECTS};
use ablate::stats::design_fit::{column, fit, model_terms, Fit, PointPairs, Reference, CORNER};

/// Five factors, every two-step interaction in the model (a full 2^5 factorial).
const K: usize = 5;

/// The model's Elo at `point` against the corner: 0 there by construction.
fn true_elo(point: u32) -> f64 {
    EFFECTS
        .iter()
        .map(|(t, b)| b * (column(*t, point) - column(*t, 0)))
        .sum()
}

/// A term's true coefficient (the intercept's is not a free one here).
fn true_coef(term: u32) -> f64 {
    simulated_games::true_coef(term, 0.0)
}

/// One point's pairs against the corner. The corner itself plays the reference's own games:
/// every pair 1–1. `point_sd` moves the point's true Elo off the model once (a three-step
/// interaction the model leaves out, say); `opening_sd` moves it afresh at every opening.
fn point_pairs(
    rng: &mut Rng,
    point: u32,
    pairs: usize,
    point_sd: f64,
    opening_sd: f64,
) -> PointPairs {
    let mut ptnml = [0u64; 5];
    if point == 0 {
        ptnml[2] = pairs as u64;
        return PointPairs {
            point,
            against: CORNER,
            ptnml,
        };
    }
    let normal = |rng: &mut Rng| {
        // Box–Muller: one standard normal from two uniforms.
        let (u, v) = (rng.next().max(1e-12), rng.next());
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    };
    let off = point_sd * normal(rng);
    for _ in 0..pairs {
        let elo = true_elo(point) + off + opening_sd * normal(rng);
        let (a, b) = pair(rng, score_of(elo));
        ptnml[((a + b) * 2.0).round() as usize] += 1;
    }
    PointPairs {
        point,
        against: CORNER,
        ptnml,
    }
}

/// How often, over `experiments`, the 95% intervals held the truth: every effect, and every
/// factor applied alone at the corner. Also the mean error of the corner figures and the
/// mean dispersion.
struct Coverage {
    effects: f64,
    corner: f64,
    corner_bias: f64,
    dispersion: f64,
}

fn coverage(seed: u64, experiments: usize, point_sd: f64, opening_sd: f64) -> Coverage {
    let (terms, _) = model_terms(K, &[]);
    let mut rng = Rng(seed);
    let (mut effects, mut corner, mut n_effects, mut n_corner) = (0, 0, 0, 0);
    let (mut bias, mut dispersion) = (0.0, 0.0);
    for _ in 0..experiments {
        let points: Vec<PointPairs> = (0..1u32 << K)
            .map(|p| point_pairs(&mut rng, p, 60, point_sd, opening_sd))
            .collect();
        let f: Fit = fit(&points, &terms).unwrap();
        assert!(f.elo_at(0).abs() < 1e-9, "the corner is 0: {}", f.elo_at(0));
        dispersion += f.dispersion;
        for &t in terms.iter().filter(|t| **t != 0) {
            let (lo, hi) = f.effect(t).interval();
            let truth = 2.0 * true_coef(t);
            effects += usize::from(lo <= truth && truth <= hi);
            n_effects += 1;
        }
        for i in 0..K {
            // The factor applied alone: the model's Elo at that point, against the corner.
            let main = 1u32 << i;
            let mut alone = vec![(main, 2.0)];
            for j in (0..K).filter(|&j| j != i) {
                alone.push((main | 1 << j, -2.0));
            }
            let e = f.combine(&alone);
            let truth = true_elo(main);
            let (lo, hi) = e.interval();
            corner += usize::from(lo <= truth && truth <= hi);
            bias += e.value - truth;
            n_corner += 1;
        }
    }
    Coverage {
        effects: effects as f64 / n_effects as f64,
        corner: corner as f64 / n_corner as f64,
        corner_bias: bias / n_corner as f64,
        dispersion: dispersion / experiments as f64,
    }
}

fn assert_covers(c: &Coverage, what: &str) {
    println!(
        "{what}: effects covered {:.3}, the corner's figures {:.3} (mean error {:+.2} Elo), mean φ {:.2}",
        c.effects, c.corner, c.corner_bias, c.dispersion
    );
    assert!(
        (0.93..=0.97).contains(&c.effects),
        "{what}: effects {:.3}",
        c.effects
    );
    assert!(
        (0.93..=0.97).contains(&c.corner),
        "{what}: corner {:.3}",
        c.corner
    );
    assert!(
        c.corner_bias.abs() < 1.5,
        "{what}: corner biased by {:.2}",
        c.corner_bias
    );
}

#[test]
fn with_the_reference_a_point_the_corner_is_fixed_and_its_figures_cover_95_percent() {
    let c = coverage(67, 200, 0.0, 0.0);
    assert_covers(&c, "no overdispersion");
    assert!(
        c.dispersion < 1.2,
        "φ {:.2} without overdispersion",
        c.dispersion
    );
}

#[test]
fn overdispersed_games_widen_the_intervals_by_the_dispersion_and_still_cover_95_percent() {
    let c = coverage(68, 200, 14.0, 25.0);
    assert_covers(&c, "overdispersed");
    assert!(
        c.dispersion > 1.3,
        "φ {:.2}: the overdispersion is not seen",
        c.dispersion
    );
}

/// A free intercept where the corner is known lets the fit put the reference anywhere: on
/// the same games, the corner is not 0 and the corner's figures move with it.
#[test]
fn a_free_intercept_on_the_same_games_does_not_hold_the_corner_at_zero() {
    let (terms, _) = model_terms(K, &[]);
    let mut rng = Rng(69);
    let points: Vec<PointPairs> = (0..1u32 << K)
        .map(|p| point_pairs(&mut rng, p, 60, 14.0, 0.0))
        .collect();
    let other: Vec<PointPairs> = (points.iter())
        .map(|p| PointPairs {
            against: Reference::Other,
            ..*p
        })
        .collect();
    let free = fit(&other, &terms).unwrap();
    let fixed = fit(&points, &terms).unwrap();
    assert!(fixed.elo_at(0).abs() < 1e-9);
    assert!(free.elo_at(0).abs() > 0.1, "{}", free.elo_at(0));
}
