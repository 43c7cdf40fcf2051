//! Match statistics from game pairs: score, Elo with a 95% interval from the pentanomial
//! variance, normalized Elo, LOS, and the pentanomial GSPRT's log-likelihood ratio, with the
//! models of fishtest and fastchess (`logistic` Elo, or `normalized` Elo, the default of both).
//!
//! The maximum-likelihood distributions under each hypothesis follow Michel Van den Bergh,
//! "Comments on Normalized Elo" (proposition 1.1 for a fixed mean, section 4.1 for a fixed
//! normalized score), as fastchess's `sprt.cpp` and fishtest's `stat_util.py` do; the roots are
//! found here by bisection to machine precision.

use super::distributions::{normal_cdf, Z95};
pub use crate::settings::sprt::{Sprt, SprtModel, MAX_SPRT_ELO, MAX_SPRT_NELO};
use std::collections::HashMap;

/// The score of each pentanomial bucket: a pair scoring 0, ½, 1, 1½ or 2 points of 2.
pub const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];
/// 800 / ln 10: logistic Elo per unit of normalized score near 0.
const NELO_SCALE: f64 = 800.0 / std::f64::consts::LN_10;

/// Pairs of games (same opening, colours swapped) by the points one side scored in the pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    /// The number of pairs.
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    /// Counts one complete pair from its two games' points (each 0, ½ or 1).
    pub fn add_pair(&mut self, first: f64, second: f64) {
        self.0[((first + second) * 2.0).round() as usize] += 1;
    }

    /// Mean score per game and the variance of a pair's mean score, from the frequencies.
    fn mean_and_variance(&self) -> Option<(f64, f64)> {
        let n = self.pairs() as f64;
        if n == 0.0 {
            return None;
        }
        let p = self.0.map(|c| c as f64 / n);
        let mean: f64 = PAIR_SCORES.iter().zip(&p).map(|(a, p)| a * p).sum();
        let var: f64 = PAIR_SCORES
            .iter()
            .zip(&p)
            .map(|(a, p)| p * (a - mean) * (a - mean))
            .sum();
        Some((mean, var))
    }
}

/// The one tally of games into pairs: each game's points as it ends, a pair counted once both
/// its games are in, whatever order games end in (a pair waits only for its second game).
#[derive(Debug, Clone, Default)]
pub struct PairTally {
    /// The complete pairs.
    pub ptnml: Pentanomial,
    /// The first game's points of pairs whose second game has not ended.
    open: HashMap<usize, f64>,
}

impl PairTally {
    /// Counts a game of pair `pair` in which the side tallied scored `points`; true when it
    /// completed its pair.
    pub fn add(&mut self, pair: usize, points: f64) -> bool {
        match self.open.remove(&pair) {
            Some(first) => {
                self.ptnml.add_pair(first, points);
                true
            }
            None => {
                self.open.insert(pair, points);
                false
            }
        }
    }
}

/// Logistic Elo of a mean score.
pub fn elo_of_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score of a logistic Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// What a set of pairs says about the strength difference.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct EloEstimate {
    /// Mean points per game.
    pub score: f64,
    /// Logistic Elo (infinite when every game was won or lost).
    pub elo: f64,
    /// The 95% interval's ends, from the pentanomial variance of the mean.
    pub elo_lo: f64,
    /// Upper end.
    pub elo_hi: f64,
    /// Normalized Elo: (score − ½) over the per-game standard deviation, scaled by 800/ln 10.
    pub nelo: f64,
    /// Likelihood of superiority: P(the true score > ½) under the normal approximation.
    pub los: f64,
}

impl EloEstimate {
    /// Whether the 95% interval exists: its pairs' scores spread (from one pair, or from pairs
    /// that all scored alike, the spread is zero and the interval would have no width), and
    /// neither end lies at a score of 0 or 1, whose Elo is infinite, not a bound. Two pairs won
    /// 1½–½ each give 190.8 with no spread; such an interval is "too few games", never ±0.
    pub fn has_interval(&self) -> bool {
        self.has_spread() && self.elo_lo.is_finite() && self.elo_hi.is_finite()
    }

    /// Whether the pairs' scores spread at all: without a spread, neither the interval nor
    /// the LOS says anything (the LOS of two pairs won alike would be 100%).
    pub fn has_spread(&self) -> bool {
        self.elo_hi > self.elo_lo
    }
}

/// What a report says where an interval does not exist (`EloEstimate::has_interval`).
pub const NO_INTERVAL: &str = "too few games";

/// Elo, interval, normalized Elo and LOS from the pentanomial counts; `None` without pairs.
/// From a single pair the interval and the LOS are NaN, not available: one pair has no spread
/// to measure, and a zero-width interval would claim a certainty it does not have.
pub fn estimate(ptnml: &Pentanomial) -> Option<EloEstimate> {
    let (mean, var) = ptnml.mean_and_variance()?;
    let n = ptnml.pairs() as f64;
    if ptnml.pairs() < 2 {
        return Some(EloEstimate {
            score: mean,
            elo: elo_of_score(mean),
            elo_lo: f64::NAN,
            elo_hi: f64::NAN,
            nelo: f64::NAN,
            los: f64::NAN,
        });
    }
    let stderr = (var / n).sqrt();
    let clamp = |s: f64| s.clamp(0.0, 1.0);
    let los = if stderr > 0.0 {
        normal_cdf((mean - 0.5) / stderr)
    } else if mean > 0.5 {
        1.0
    } else if mean < 0.5 {
        0.0
    } else {
        0.5
    };
    // A pair's mean has the variance of two games, so a game's deviation is √2 times larger.
    let nelo = if var > 0.0 {
        (mean - 0.5) / (2.0 * var).sqrt() * NELO_SCALE
    } else if mean == 0.5 {
        0.0
    } else {
        // Every pair scored the same, away from even: no spread to normalize by.
        f64::INFINITY.copysign(mean - 0.5)
    };
    Some(EloEstimate {
        score: mean,
        elo: elo_of_score(mean),
        elo_lo: elo_of_score(clamp(mean - Z95 * stderr)),
        elo_hi: elo_of_score(clamp(mean + Z95 * stderr)),
        nelo,
        los,
    })
}

/// Which hypothesis a finished SPRT accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Hypothesis {
    /// elo ≤ elo0.
    H0,
    /// elo ≥ elo1.
    H1,
}

impl Sprt {
    /// (lower, upper): accept H0 at or below the lower bound, H1 at or above the upper.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for these pairs. Empty buckets count as 0.001
    /// pairs, as in fastchess, so that the likelihoods stay defined.
    pub fn llr(&self, ptnml: &Pentanomial) -> f64 {
        let counts = ptnml.0.map(|c| if c == 0 { 1e-3 } else { c as f64 });
        let total: f64 = counts.iter().sum();
        let p = counts.map(|c| c / total);
        let (p0, p1) = match self.model {
            SprtModel::Logistic => (
                mle_with_mean(&p, score_of_elo(self.elo0)),
                mle_with_mean(&p, score_of_elo(self.elo1)),
            ),
            SprtModel::Normalized => {
                // A pair's t is √2 times a game's: the pair's deviation is the smaller.
                let t = |elo: f64| std::f64::consts::SQRT_2 * elo / NELO_SCALE;
                (mle_with_t(&p, t(self.elo0)), mle_with_t(&p, t(self.elo1)))
            }
        };
        total
            * (0..5)
                .map(|i| p[i] * (p1[i].ln() - p0[i].ln()))
                .sum::<f64>()
    }

    /// The hypothesis the LLR accepts, if it crossed a bound.
    pub fn decide(&self, llr: f64) -> Option<Hypothesis> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Hypothesis::H1)
        } else if llr <= lower {
            Some(Hypothesis::H0)
        } else {
            None
        }
    }
}

/// The root of an increasing or decreasing `f` between `a` and `b` (signs differ), by bisection.
fn bisect(f: impl Fn(f64) -> f64, mut a: f64, mut b: f64) -> f64 {
    let mut fa = f(a);
    for _ in 0..200 {
        let m = 0.5 * (a + b);
        if m == a || m == b {
            break;
        }
        let fm = f(m);
        if (fm < 0.0) == (fa < 0.0) {
            a = m;
            fa = fm;
        } else {
            b = m;
        }
    }
    0.5 * (a + b)
}

/// The distribution closest (in likelihood) to `p` whose mean is `s` (proposition 1.1).
fn mle_with_mean(p: &[f64; 5], s: f64) -> [f64; 5] {
    let phi = PAIR_SCORES.map(|a| a - s);
    mle_with_phi(p, &phi)
}

/// p̂ᵢ / (1 + θφᵢ) with θ solving Σ p̂ᵢ φᵢ / (1 + θφᵢ) = 0, θ inside (−1/max φ, −1/min φ).
fn mle_with_phi(p: &[f64; 5], phi: &[f64; 5]) -> [f64; 5] {
    let (lo, hi) = phi
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &v| {
            (l.min(v), h.max(v))
        });
    let f = |theta: f64| -> f64 { (0..5).map(|i| p[i] * phi[i] / (1.0 + theta * phi[i])).sum() };
    // Just inside the open interval, where every 1 + θφᵢ stays positive.
    let (a, b) = (-1.0 / hi, -1.0 / lo);
    let shrink = 1e-12 * (b - a);
    let theta = bisect(f, a + shrink, b - shrink);
    let q = std::array::from_fn(|i| p[i] / (1.0 + theta * phi[i]));
    let sum: f64 = q.iter().sum();
    q.map(|x| x / sum)
}

/// The distribution closest to `p` whose normalized score (μ − ½)/σ is `t` (section 4.1): a
/// fixed point, each step the mean-constrained solution for the current μ and σ.
fn mle_with_t(p: &[f64; 5], t: f64) -> [f64; 5] {
    let mut q = [0.2; 5];
    for _ in 0..1000 {
        let mu: f64 = (0..5).map(|i| PAIR_SCORES[i] * q[i]).sum();
        let var: f64 = (0..5).map(|i| q[i] * (PAIR_SCORES[i] - mu).powi(2)).sum();
        let sigma = var.sqrt();
        let phi =
            PAIR_SCORES.map(|a| a - 0.5 - 0.5 * t * sigma * (1.0 + ((a - mu) / sigma).powi(2)));
        let next = mle_with_phi(p, &phi);
        let diff = (0..5).map(|i| (next[i] - q[i]).abs()).fold(0.0, f64::max);
        q = next;
        if diff < 1e-15 {
            break;
        }
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference values from `scripts/elo-reference.py`, an independent implementation: the
    /// constrained maximum-likelihood distributions are found there by scipy's SLSQP
    /// optimizer over the five probabilities (no θ equation), and Elo, the interval and LOS
    /// from the textbook formulas with scipy's normal distribution.
    #[test]
    fn figures_match_an_independent_implementation() {
        let ptnml = Pentanomial([12, 55, 130, 70, 20]);
        let e = estimate(&ptnml).unwrap();
        let close = |got: f64, want: f64, what: &str| {
            assert!((got - want).abs() < 1e-6, "{what}: {got} against {want}");
        };
        close(e.score, REF_SCORE, "score");
        close(e.elo, REF_ELO, "elo");
        close(e.elo_lo, REF_ELO_LO, "elo_lo");
        close(e.elo_hi, REF_ELO_HI, "elo_hi");
        close(e.los, REF_LOS, "los");
        close(e.nelo, REF_NELO, "nelo");
        let logistic = Sprt::parse("elo0=0,elo1=5,alpha=0.05,beta=0.05,model=logistic").unwrap();
        close(logistic.llr(&ptnml), REF_LLR_LOGISTIC, "llr logistic");
        let normalized = Sprt::parse("elo0=0,elo1=5").unwrap();
        close(normalized.llr(&ptnml), REF_LLR_NORMALIZED, "llr normalized");
        let (lower, upper) = normalized.bounds();
        close(lower, -2.944_438_979_166_44, "lower bound");
        close(upper, 2.944_438_979_166_44, "upper bound");
        let sparse = Pentanomial([0, 3, 10, 4, 0]);
        close(
            logistic.llr(&sparse),
            REF_LLR_SPARSE,
            "llr with empty buckets",
        );
    }

    #[test]
    fn sprt_settings_are_checked() {
        assert!(Sprt::parse("elo0=5,elo1=0")
            .unwrap_err()
            .contains("must be below"));
        assert!(Sprt::parse("elo0=0")
            .unwrap_err()
            .contains("both elo0 and elo1"));
        assert!(Sprt::parse("elo0=0,elo1=5,alpha=2")
            .unwrap_err()
            .contains("alpha = 2"));
        assert!(Sprt::parse("elo0=0,elo1=5,gamma=1")
            .unwrap_err()
            .contains("unknown key \"gamma\""));
        // What an outside audit got through: infinite, huge, NaN and repeated settings.
        let err = |text: &str| Sprt::parse(text).unwrap_err();
        assert!(err("elo0=-inf,elo1=inf").contains("elo0=-inf; expected a finite number"));
        assert!(err("elo0=0,elo1=1e308").contains("elo1=100000000"));
        assert!(err("elo0=0,elo1=1e308").contains("expected a normalized Elo from -200 to 200"));
        assert!(err("elo0=nan,elo1=5").contains("elo0=nan; expected a finite number"));
        assert!(err("elo0=0,elo1=5,elo1=6").contains("elo1 is given twice"));
        assert!(err("elo0=0,elo1=5,beta=0.5").contains("beta = 0.5; expected an error rate"));
        // fastchess's form, and the widest bounds still give a finite LLR.
        let wide = Sprt::parse("elo0=-200 elo1=200 alpha=0.05").unwrap();
        assert!(wide.llr(&Pentanomial([3, 10, 40, 12, 5])).is_finite());
        for (model, limit) in [("logistic", 1000), ("normalized", 200)] {
            for (elo0, elo1) in [(-limit, limit), (0, limit), (-limit, 0)] {
                let s = Sprt::parse(&format!("elo0={elo0},elo1={elo1},model={model}")).unwrap();
                for counts in [
                    [3, 10, 40, 12, 5],
                    [0, 0, 9, 0, 0],
                    [0, 0, 0, 0, 9],
                    [9, 0, 0, 0, 0],
                ] {
                    let llr = s.llr(&Pentanomial(counts));
                    assert!(
                        llr.is_finite(),
                        "{model} [{elo0}, {elo1}] {counts:?}: {llr}"
                    );
                }
            }
        }
    }

    #[test]
    fn an_even_match_estimates_zero() {
        let e = estimate(&Pentanomial([5, 20, 50, 20, 5])).unwrap();
        assert!(e.elo.abs() < 1e-9 && (e.los - 0.5).abs() < 1e-12);
        assert!(e.elo_lo < 0.0 && e.elo_hi > 0.0);
    }

    const REF_SCORE: f64 = 0.5270034843205575;
    const REF_ELO: f64 = 18.78221802544882;
    const REF_ELO_LO: f64 = 0.019279382465093753;
    const REF_ELO_HI: f64 = 37.65535501683463;
    const REF_LOS: f64 = 0.9751175854203533;
    const REF_NELO: f64 = 28.45200634837368;
    const REF_LLR_LOGISTIC: f64 = 0.8801849002480964;
    const REF_LLR_NORMALIZED: f64 = 0.6130655167338572;
    const REF_LLR_SPARSE: f64 = 0.05286389591223166;
}
