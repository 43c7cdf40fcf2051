//! Whether a heuristic's node ratio moves with the evaluation: the same variant and baseline
//! searched under two evaluations (the handcrafted one and the learned one) on the same
//! positions. A heuristic's worth under one evaluation is its node ratio to the baseline,
//! position by position; the question is whether that ratio differs under the other.
//!
//! Each position gives one paired difference, log(variant/baseline) under the learned
//! evaluation minus the same under the handcrafted one: the position's own size (which spans
//! orders of magnitude across a suite) cancels within each ratio, so what is left is the change
//! in the heuristic's effect there. Their mean, exponentiated, is the ratio of ratios: the
//! geometric mean over positions of (learned ratio / handcrafted ratio). A Student's t interval
//! over the positions gives its 95% interval; one that contains 1 does not tell the two
//! evaluations apart. A single position has no spread to measure, so it gets the ratio alone.
//!
//! It takes numbers and returns figures: it reads no file and knows no experiment.

use super::distributions::t_quantile;

/// One position's work (nodes) for the variant and the baseline under each evaluation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PositionWork {
    /// The variant's and the baseline's work under the handcrafted evaluation.
    pub handcrafted: (u64, u64),
    /// The same under the learned evaluation.
    pub learned: (u64, u64),
}

/// The ratio of ratios over a suite's positions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatioOfRatios {
    /// Positions paired.
    pub positions: usize,
    /// The geometric mean over positions of variant/baseline, handcrafted evaluation.
    pub handcrafted: f64,
    /// The same, learned evaluation.
    pub learned: f64,
    /// learned / handcrafted: the geometric mean of the positions' ratios of ratios.
    pub ratio: f64,
    /// Its 95% t interval; `None` for a single position.
    pub interval: Option<(f64, f64)>,
}

impl RatioOfRatios {
    /// Whether the interval excludes 1 (the evaluations told apart); `None` without one.
    pub fn told_apart(&self) -> Option<bool> {
        self.interval.map(|(lo, hi)| !(lo..=hi).contains(&1.0))
    }
}

/// log(variant / baseline). Work counts the root, so a searched position's work is at least 1;
/// a zero would be a row that never searched and is kept out by the caller.
fn log_ratio((variant, baseline): (u64, u64)) -> f64 {
    (variant as f64).ln() - (baseline as f64).ln()
}

/// The ratio of ratios over `positions`, with a 95% interval from two positions on; `None`
/// without a position or when a position's work is zero.
pub fn ratio_of_ratios(positions: &[PositionWork]) -> Option<RatioOfRatios> {
    let searched = |(v, b): (u64, u64)| v > 0 && b > 0;
    if positions.is_empty()
        || positions
            .iter()
            .any(|p| !searched(p.handcrafted) || !searched(p.learned))
    {
        return None;
    }
    let n = positions.len() as f64;
    let mean = |f: &dyn Fn(&PositionWork) -> f64| positions.iter().map(f).sum::<f64>() / n;
    let handcrafted = mean(&|p| log_ratio(p.handcrafted));
    let learned = mean(&|p| log_ratio(p.learned));
    let difference = |p: &PositionWork| log_ratio(p.learned) - log_ratio(p.handcrafted);
    let centre = learned - handcrafted;
    let interval = (positions.len() >= 2).then(|| {
        let variance = positions
            .iter()
            .map(|p| (difference(p) - centre).powi(2))
            .sum::<f64>()
            / (n - 1.0);
        let half = t_quantile(0.975, n - 1.0) * (variance / n).sqrt();
        ((centre - half).exp(), (centre + half).exp())
    });
    Some(RatioOfRatios {
        positions: positions.len(),
        handcrafted: handcrafted.exp(),
        learned: learned.exp(),
        ratio: centre.exp(),
        interval,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn work(handcrafted: (u64, u64), learned: (u64, u64)) -> PositionWork {
        PositionWork {
            handcrafted,
            learned,
        }
    }

    #[test]
    fn one_position_gives_the_ratio_without_an_interval() {
        // Killers halve the work under one evaluation and quarter it under the other.
        let r = ratio_of_ratios(&[work((500, 1000), (250, 1000))]).unwrap();
        assert!((r.handcrafted - 0.5).abs() < 1e-12);
        assert!((r.learned - 0.25).abs() < 1e-12);
        assert!((r.ratio - 0.5).abs() < 1e-12);
        assert_eq!((r.interval, r.told_apart()), (None, None));
    }

    #[test]
    fn the_positions_size_cancels_and_the_mean_is_geometric() {
        // A small and a huge position with the same ratios give the ratios exactly.
        let same = [
            work((10, 20), (30, 20)),
            work((10_000, 20_000), (30_000, 20_000)),
        ];
        let r = ratio_of_ratios(&same).unwrap();
        assert!((r.ratio - 3.0).abs() < 1e-12, "{r:?}");
        let (lo, hi) = r.interval.unwrap();
        assert!(
            (lo - 3.0).abs() < 1e-9 && (hi - 3.0).abs() < 1e-9,
            "no spread: {r:?}"
        );
        assert_eq!(r.told_apart(), Some(true));
        // Ratios of ratios 2 and 1/2: a geometric mean of 1, an interval around it.
        let spread = [work((1, 1), (2, 1)), work((2, 1), (1, 1))];
        let r = ratio_of_ratios(&spread).unwrap();
        assert!((r.ratio - 1.0).abs() < 1e-12);
        assert_eq!(r.told_apart(), Some(false));
    }

    #[test]
    fn no_position_or_an_unsearched_one_gives_nothing() {
        assert_eq!(ratio_of_ratios(&[]), None);
        assert_eq!(ratio_of_ratios(&[work((0, 5), (1, 5))]), None);
    }

    /// A standard normal by Box-Muller from a seeded generator, the same draws everywhere.
    fn normal(rng: &mut ChaCha8Rng) -> f64 {
        let (u, v): (f64, f64) = (rng.random::<f64>().max(1e-300), rng.random());
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }

    /// One simulated suite of `n` positions whose true ratio of ratios is `truth`: each
    /// position's size spans three orders of magnitude, the heuristic's handcrafted ratio
    /// scatters about 0.6 and the learned one about 0.6 × truth, each log with sd 0.3.
    fn suite(rng: &mut ChaCha8Rng, n: usize, truth: f64) -> Vec<PositionWork> {
        let nodes = |log: f64| log.exp().round() as u64;
        (0..n)
            .map(|_| {
                let size = 12.0 + 3.5 * rng.random::<f64>();
                let learned_size = size + 0.4 + 0.5 * normal(rng);
                let handcrafted = 0.6f64.ln() + 0.3 * normal(rng);
                let learned = (0.6 * truth).ln() + 0.3 * normal(rng);
                work(
                    (nodes(size + handcrafted), nodes(size)),
                    (nodes(learned_size + learned), nodes(learned_size)),
                )
            })
            .collect()
    }

    /// 1000 simulated suites of 24 positions (Bratko-Kopec's size), for a true ratio of ratios
    /// of 1 and of 0.8: the 95% interval covers the truth 93% to 97% of the time.
    #[test]
    fn the_interval_covers_the_truth_95_percent_of_the_time() {
        let mut rng = ChaCha8Rng::seed_from_u64(80);
        for truth in [1.0, 0.8] {
            let runs = 1000;
            let covered = (0..runs)
                .filter(|_| {
                    let r = ratio_of_ratios(&suite(&mut rng, 24, truth)).unwrap();
                    let (lo, hi) = r.interval.unwrap();
                    (lo..=hi).contains(&truth)
                })
                .count();
            let coverage = covered as f64 / runs as f64;
            eprintln!("truth {truth}: coverage {coverage:.3}");
            assert!(
                (0.93..=0.97).contains(&coverage),
                "truth {truth}: coverage {coverage}"
            );
        }
    }
}
