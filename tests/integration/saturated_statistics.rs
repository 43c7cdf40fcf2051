//! The saturated model (`[design] model = "saturated"`) against the two-step model, on a
//! fraction whose points interact three steps at a time: games simulated from a known model
//! with two three-step interactions are fitted both ways. The two-step model reads those
//! interactions as dispersion, so its half-widths stop narrowing with more games; the
//! saturated model fits them as terms, its main effects' intervals cover the truth 93–97% of
//! the time, and their half-widths keep shrinking as one over the root of the games.

use crate::common::simulated_games::{pentanomial, Rng, EFFECTS};
use ablate::config::design::{parse, Design};
use ablate::stats::design_fit::{column, fit, terms_of, Fit, PointPairs, CORNER};

/// Three-step interactions the two-step model leaves out: (term, coefficient).
const THREE_STEP: &[(u32, f64)] = &[(0b000111, 30.0), (0b011100, -25.0)];

/// Six factors in the half fraction of resolution VI, fitted with `model`.
fn design(model: &str) -> Design {
    let text = format!(
        "[design]\nfraction = \"resolution 6\"\nmodel = \"{model}\"\n[design.factors]\n\
         a = {{ \"null_move.enabled\" = false }}\nb = {{ \"probcut.enabled\" = false }}\n\
         c = {{ \"lmr.enabled\" = false }}\nd = {{ \"futility.enabled\" = false }}\n\
         e = {{ \"iir.enabled\" = true }}\nf = {{ \"razoring.enabled\" = true }}\n"
    );
    let mut table: toml::Table = text.parse().unwrap();
    match table.remove("design") {
        Some(toml::Value::Table(design)) => parse(design).unwrap(),
        _ => unreachable!("the text has a [design]"),
    }
}

/// The known model's Elo at `point` against the corner.
fn true_elo(point: u32) -> f64 {
    (EFFECTS.iter().chain(THREE_STEP))
        .map(|(t, b)| b * (column(*t, point) - column(*t, 0)))
        .sum()
}

fn simulate(rng: &mut Rng, d: &Design, pairs: usize) -> Vec<PointPairs> {
    (d.points.iter())
        .map(|&point| PointPairs {
            point,
            against: CORNER,
            ptnml: pentanomial(rng, true_elo(point), pairs),
        })
        .collect()
}

/// The largest half-width among the main effects.
fn worst_main(f: &Fit) -> f64 {
    (0..6)
        .map(|i| f.effect(1 << i).half_width())
        .fold(0.0, f64::max)
}

#[test]
fn the_saturated_model_has_a_term_for_every_point() {
    let (two, _) = terms_of(&design("two-step"));
    let (all, _) = terms_of(&design("saturated"));
    assert_eq!(two.len(), 1 + 6 + 15);
    assert_eq!(all.len(), 32, "as many terms as the fraction's 32 points");
    assert!(all.iter().skip(two.len()).all(|t| t.count_ones() == 3));
}

#[test]
fn fitted_three_step_terms_keep_the_main_effects_narrowing_and_covering() {
    let (two_step, saturated) = (design("two-step"), design("saturated"));
    let (two_terms, _) = terms_of(&two_step);
    let (all_terms, _) = terms_of(&saturated);
    let mut rng = Rng(93);
    // Coverage of the main effects under the saturated model, 200 experiments.
    let (mut covered, mut total) = (0usize, 0usize);
    for _ in 0..200 {
        let f = fit(&simulate(&mut rng, &saturated, 60), &all_terms).unwrap();
        assert_eq!(f.df, 0);
        for (i, truth) in (0..6).map(|i| {
            (
                i,
                2.0 * EFFECTS.iter().find(|e| e.0 == 1 << i).map_or(0.0, |e| e.1),
            )
        }) {
            let (lo, hi) = f.effect(1 << i).interval();
            covered += usize::from(lo <= truth && truth <= hi);
            total += 1;
        }
    }
    let share = covered as f64 / total as f64;
    println!("saturated: main effects covered {share:.3}");
    assert!((0.93..=0.97).contains(&share), "{share:.3}");
    // Sixteen times the games: the saturated half-width falls to about a quarter, the two-step
    // model's much less, for the misfit it reads as dispersion grows with the games.
    let few = simulate(&mut rng, &two_step, 60);
    let many = simulate(&mut rng, &two_step, 960);
    let shrink = |terms: &[u32]| {
        worst_main(&fit(&many, terms).unwrap()) / worst_main(&fit(&few, terms).unwrap())
    };
    let (saturated_ratio, two_step_ratio) = (shrink(&all_terms), shrink(&two_terms));
    println!("at 16× the games: saturated ×{saturated_ratio:.2}, two-step ×{two_step_ratio:.2}");
    assert!(
        (0.2..0.3).contains(&saturated_ratio),
        "{saturated_ratio:.2}"
    );
    assert!(two_step_ratio > 0.4, "{two_step_ratio:.2}");
}
