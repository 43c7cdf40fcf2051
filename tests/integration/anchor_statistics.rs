//! The design fit when the points play a point of the design, an anchor, rather than the
//! corner (configs/engines-stockfish.toml's anchored runs): a pair against the anchor is
//! modelled as the Elo between the two points, so every figure stays measured from the corner.
//! Games simulated from a known model are fitted back: with the points against the anchor
//! alone, and together with the same points against the corner (`ablate report --with`), the
//! corner's Elo is 0, every effect is unbiased, and its 95% interval covers the truth 93–97% of
//! the time over 200 experiments. Where the corner is far above the points, pairs against a
//! middling anchor measure the effects more closely than as many pairs against the corner.

use crate::common::simulated_games::{pentanomial, Rng, EFFECTS};
use ablate::stats::design_fit::{column, fit, model_terms, Fit, PointPairs, Reference};

/// Five factors, a full 2^5 factorial.
const K: usize = 5;

/// The known model's Elo at `point` against the corner, with every effect `scale` times
/// `EFFECTS`'s (large: the corner far above the points applying most factors).
fn true_elo(point: u32, scale: f64) -> f64 {
    EFFECTS
        .iter()
        .map(|(t, b)| scale * b * (column(*t, point) - column(*t, 0)))
        .sum()
}

/// `pairs` pairs of `point` against `against`, simulated from the model.
fn pairs_of(rng: &mut Rng, point: u32, against: u32, pairs: usize, scale: f64) -> PointPairs {
    let elo = true_elo(point, scale) - true_elo(against, scale);
    PointPairs {
        point,
        against: Reference::Point(against),
        ptnml: pentanomial(rng, elo, pairs),
    }
}

/// The point nearest the middle of the points' strengths: the anchor.
fn middle_point(scale: f64) -> u32 {
    let mut elos: Vec<(f64, u32)> = (0..1u32 << K).map(|p| (true_elo(p, scale), p)).collect();
    elos.sort_by(|a, b| a.0.total_cmp(&b.0));
    elos[elos.len() / 2].1
}

/// The fraction of effects whose interval held the truth, and the worst half-width's mean.
fn coverage(seed: u64, scale: f64, with_corner: bool) -> (f64, f64) {
    let (terms, _) = model_terms(K, &[]);
    let anchor = middle_point(scale);
    let mut rng = Rng(seed);
    let (mut covered, mut total, mut worst) = (0usize, 0usize, 0.0);
    for _ in 0..200 {
        let mut points: Vec<PointPairs> = (0..1u32 << K)
            .filter(|&p| p != anchor)
            .map(|p| pairs_of(&mut rng, p, anchor, 40, scale))
            .collect();
        if with_corner {
            points.extend((0..1u32 << K).map(|p| pairs_of(&mut rng, p, 0, 40, scale)));
        }
        let f: Fit = fit(&points, &terms).unwrap();
        assert!(!f.fitted_intercept);
        assert!(f.elo_at(0).abs() < 1e-9, "the corner is 0: {}", f.elo_at(0));
        for &t in terms.iter().filter(|t| **t != 0) {
            let (lo, hi) = f.effect(t).interval();
            let truth = 2.0 * scale * EFFECTS.iter().find(|(u, _)| *u == t).map_or(0.0, |e| e.1);
            covered += usize::from(lo <= truth && truth <= hi);
            total += 1;
        }
        worst += f.worst_half_width() / 200.0;
    }
    (covered as f64 / total as f64, worst)
}

#[test]
fn against_an_anchor_the_effects_are_measured_from_the_corner_and_cover_95_percent() {
    for (what, with_corner) in [("the anchor alone", false), ("anchor and corner", true)] {
        let (share, worst) = coverage(90, 1.0, with_corner);
        println!("{what}: effects covered {share:.3}, worst half-width ±{worst:.1}");
        assert!((0.93..=0.97).contains(&share), "{what}: {share:.3}");
    }
}

#[test]
fn a_middling_anchor_measures_a_wide_design_more_closely_than_the_corner() {
    // Effects four times EFFECTS's: the corner some hundreds of Elo above the weakest points.
    let (terms, _) = model_terms(K, &[]);
    let scale = 4.0;
    let anchor = middle_point(scale);
    let spread = (0..1u32 << K)
        .map(|p| true_elo(p, scale))
        .fold(0.0f64, |m, e| m.min(e));
    assert!(
        spread < -300.0,
        "the weakest point {spread:.0} Elo below the corner"
    );
    let mut rng = Rng(91);
    let (mut at_corner, mut at_anchor) = (0.0, 0.0);
    for _ in 0..50 {
        let corner: Vec<PointPairs> = (0..1u32 << K)
            .map(|p| pairs_of(&mut rng, p, 0, 40, scale))
            .collect();
        // As many pairs in all: the anchor's own pairs against the corner, and the others'.
        let mut anchored: Vec<PointPairs> = (0..1u32 << K)
            .filter(|&p| p != anchor)
            .map(|p| pairs_of(&mut rng, p, anchor, 40, scale))
            .collect();
        anchored.push(pairs_of(&mut rng, anchor, 0, 40, scale));
        at_corner += fit(&corner, &terms).unwrap().worst_half_width() / 50.0;
        at_anchor += fit(&anchored, &terms).unwrap().worst_half_width() / 50.0;
    }
    println!(
        "worst half-width: ±{at_corner:.1} against the corner, ±{at_anchor:.1} against the anchor"
    );
    assert!(
        at_anchor < 0.9 * at_corner,
        "{at_anchor:.1} against {at_corner:.1}"
    );
}
