//! The gauntlet's statistics tested like code (issue 66): a simulated gauntlet with known
//! opponent strengths, known effects and a known inflation is fitted back. Self-play: the 2^5
//! factorial against its corner (each point's Elo the model's, 0 at the corner). Gauntlet: the
//! same points against three opponents, each of its own strength, every effect the self-play
//! one times a known ratio, and two opponents seeing the first step's worth differently, one
//! more and one less (so that the pooled figure is a mean over opponents that disagree). Over 1,000 simulated experiments
//! the 95% intervals of the pooled effects, of each step's Fieller ratio and of the ratio over
//! the steps cover the truth 93–97% of the time; Cochran's test rejects at about its level
//! where the opponents agree, and finds the step that depends on the opponent.

use crate::common::simulated_games::{pair, score_of, Rng, EFFECTS};
use ablate::stats::design_fit::{
    column, fit, mean_of, model_terms, Estimate, PointPairs, Reference, CORNER,
};
use ablate::stats::design_ratio::{fieller, through_origin};
use ablate::stats::distributions::chi_square_sf;
use ablate::stats::gauntlet_fit::cochran_q;

const K: usize = 5;
/// The gauntlet's worth of every effect over its self-play worth.
const RATIO: f64 = 0.6;
/// Each opponent's strength against the corner, Elo (the points' intercept against it).
const OPPONENTS: [f64; 3] = [-60.0, 0.0, 40.0];
/// How much more the first step's effect (term 1) is against the third opponent, and less
/// against the first, Elo: the opponents disagree about it, their mean stays the model's.
const DEPENDS: f64 = 60.0;

/// The self-play model's Elo at `point` against the corner.
fn self_play_elo(point: u32) -> f64 {
    EFFECTS
        .iter()
        .map(|(t, b)| b * (column(*t, point) - column(*t, 0)))
        .sum()
}

/// The Elo of `point` against opponent `o`: the opponent's strength, the inflated model, and
/// the third opponent's own view of term 1.
fn gauntlet_elo(point: u32, o: usize) -> f64 {
    let own = match o {
        0 => -DEPENDS / 2.0 * column(1, point),
        2 => DEPENDS / 2.0 * column(1, point),
        _ => 0.0,
    };
    let model: f64 = EFFECTS
        .iter()
        .map(|(t, b)| RATIO * b * column(*t, point))
        .sum();
    -OPPONENTS[o] + model + own
}

/// A term's true effect (2β): in self-play, and pooled over the gauntlet (the mean over the
/// opponents of each one's effect).
fn true_effect(term: u32, gauntlet: bool) -> f64 {
    let b = EFFECTS
        .iter()
        .find(|(t, _)| *t == term)
        .map_or(0.0, |(_, b)| *b);
    match gauntlet {
        false => 2.0 * b,
        true => 2.0 * RATIO * b,
    }
}

fn pairs_at(rng: &mut Rng, point: u32, pairs: usize, elo: f64, corner: bool) -> PointPairs {
    let mut ptnml = [0u64; 5];
    for _ in 0..pairs {
        if corner {
            // The corner against itself: the same game with colours swapped.
            ptnml[2] += 1;
            continue;
        }
        let (a, b) = pair(rng, score_of(elo));
        ptnml[((a + b) * 2.0).round() as usize] += 1;
    }
    // Against an opponent of its own; the self-play's points are set to play the corner.
    PointPairs {
        point,
        against: Reference::Other,
        ptnml,
    }
}

fn covers(e: Estimate, truth: f64) -> bool {
    let (lo, hi) = e.interval();
    lo <= truth && truth <= hi
}

#[derive(Default)]
struct Tally {
    effects: (usize, usize),
    ratios: (usize, usize),
    pooled_ratio: (usize, usize),
    agree_rejected: (usize, usize),
    depends_found: usize,
    experiments: usize,
}

fn share((hit, all): (usize, usize)) -> f64 {
    100.0 * hit as f64 / all as f64
}

#[test]
fn a_simulated_gauntlet_is_fitted_back_with_intervals_that_cover() {
    let (terms, _) = model_terms(K, &[]);
    let mains: Vec<u32> = (0..K).map(|i| 1u32 << i).collect();
    let mut rng = Rng(66);
    let mut t = Tally::default();
    for _ in 0..1000 {
        let self_play: Vec<PointPairs> = (0..1u32 << K)
            .map(|p| PointPairs {
                against: CORNER,
                ..pairs_at(&mut rng, p, 100, self_play_elo(p), p == 0)
            })
            .collect();
        let s = fit(&self_play, &terms).unwrap();
        let against: Vec<_> = (0..OPPONENTS.len())
            .map(|o| {
                let points: Vec<PointPairs> = (0..1u32 << K)
                    .map(|p| pairs_at(&mut rng, p, 35, gauntlet_elo(p, o), false))
                    .collect();
                fit(&points, &terms).unwrap()
            })
            .collect();
        let mut steps = Vec::new();
        for &term in terms.iter().filter(|t| **t != 0) {
            let by: Vec<Estimate> = against.iter().map(|f| f.effect(term)).collect();
            let pooled = mean_of(&by);
            t.effects.1 += 1;
            t.effects.0 += usize::from(covers(pooled, true_effect(term, true)));
            let p = chi_square_sf(cochran_q(&by), 2.0);
            if term == 1 {
                t.depends_found += usize::from(p < 0.05);
            } else {
                t.agree_rejected.1 += 1;
                t.agree_rejected.0 += usize::from(p < 0.05);
            }
            // Every step enters the ratio over the steps; a step's own ratio only where it is
            // worth something in self-play (a ratio to 0 has no truth).
            if mains.contains(&term) {
                steps.push((s.effect(term), pooled));
            }
            if mains.contains(&term) && true_effect(term, false) != 0.0 {
                let sp = s.effect(term);
                let truth = true_effect(term, true) / true_effect(term, false);
                let r = fieller(pooled, sp);
                if r.bounded() {
                    t.ratios.1 += 1;
                    t.ratios.0 += usize::from(r.lo <= truth && truth <= r.hi);
                }
            }
        }
        let r = through_origin(&steps);
        t.pooled_ratio.1 += 1;
        t.pooled_ratio.0 += usize::from(r.lo <= RATIO && RATIO <= r.hi);
        t.experiments += 1;
    }
    let (effects, ratios, pooled) = (share(t.effects), share(t.ratios), share(t.pooled_ratio));
    let false_alarms = share(t.agree_rejected);
    let power = 100.0 * t.depends_found as f64 / t.experiments as f64;
    eprintln!(
        "coverage over {} experiments: pooled effects {effects:.1}% of {}, step ratios {ratios:.1}% of {} (bounded), ratio over the steps {pooled:.1}%; Cochran's test rejects {false_alarms:.1}% where the opponents agree, finds the dependent step {power:.1}%",
        t.experiments, t.effects.1, t.ratios.1
    );
    for (what, c) in [
        ("pooled effects", effects),
        ("step ratios", ratios),
        ("ratio over the steps", pooled),
    ] {
        assert!((93.0..=97.0).contains(&c), "{what}: {c:.1}%");
    }
    assert!((2.0..=7.0).contains(&false_alarms), "{false_alarms:.1}%");
    assert!(power > 60.0, "{power:.1}%");
}
