//! The model of a designed experiment, fitted to its game pairs: each point's Elo against its
//! reference is intercept + Σ main effects + Σ two-factor interactions, in the ±1 coding of
//! the factorial texts (a factor's column is +1 where the point applies it, −1 where not).
//!
//! The fit is maximum quasi-likelihood on the pairs: every pair of games (one opening, colours
//! swapped) is one observation, its mean score y in {0, ¼, ½, ¾, 1}, with mean
//! logistic(Elo / 400 · ln 10) at its point. The estimating equations Σ x (y − μ) = 0 are
//! those of a binomial model with the logit link, solved by Newton's method; the variance is
//! the sandwich A⁻¹ B A⁻¹ with B summed over pairs, so that the pentanomial spread (draws, and
//! the correlation of a pair's two games) is measured from the games, not assumed.
//!
//! Effects are the texts' (Box, Hunter & Hunter; Montgomery): a main effect is the average
//! change from applying the factor, over the other factors' settings (2β); a two-factor
//! interaction is half the difference between one factor's effect with the other applied and
//! without (2β).
//!
//! The opponent: when a pair's opponent plays exactly what a point of the design plays
//! (`Reference::Point`: the baseline is the corner, the point that applies no factor; an anchor
//! is any other point), the model's Elo against it is the model's Elo at the pair's point less
//! its Elo at the opponent's, 0 when they are the same point. With every opponent such a point
//! the model has no free intercept: it is fixed so that the model's Elo at the corner is 0, and
//! every Elo is against the corner. Only another player as the opponent (`Reference::Other`)
//! has a strength of its own, the intercept. One fit takes pairs against several opponents at
//! once: the corner's and an anchor's, say, from two runs of the same design.
//!
//! Overdispersion: Pearson's χ² of the points about the model, over its degrees of freedom, is
//! the dispersion φ = max(1, χ²/df) of quasi-likelihood (McCullagh & Nelder, §4.5); every
//! variance is multiplied by it, so that a model that misses (three-step interactions it leaves
//! out, a point's score varying more than its pairs show) widens every interval and p-value.

use super::distributions::Z95;
use super::elo::PAIR_SCORES;
use super::linear::{from_rows, inverse, solve, to_rows};
use nalgebra::{DMatrix, DVector};
use std::f64::consts::LN_10;

/// d(score)/d(Elo) at a score of ½, divided by ¼: logistic Elo's scale.
const C: f64 = LN_10 / 400.0;

/// One design point's pairs against one opponent: the factors it applies (a bit set), who it
/// played, and its pentanomial counts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PointPairs {
    /// Bit i: the i-th factor applied.
    pub point: u32,
    /// The opponent, as the model knows it.
    pub against: Reference,
    /// Pairs scoring 0, ½, 1, 1½ and 2 points of 2.
    pub ptnml: [u64; 5],
}

impl PointPairs {
    /// Its complete pairs.
    pub fn pairs(&self) -> u64 {
        self.ptnml.iter().sum()
    }

    /// Its score, the mean of its pairs' means: 0 or 1 when every pair was lost or won.
    pub fn mean(&self) -> f64 {
        let n = self.pairs() as f64;
        PAIR_SCORES
            .iter()
            .zip(&self.ptnml)
            .map(|(s, c)| s * *c as f64)
            .sum::<f64>()
            / n
    }

    /// A pair's spread about its own mean, with a floor where every pair scored alike: a
    /// quarter of a drawless pair's variance at the model's score `mu`. Pearson's χ² and the
    /// misfit's halves (`design_misfit`) divide by it.
    pub fn own_spread(&self, mu: f64) -> f64 {
        (self.squares_about(self.mean()) / self.pairs() as f64).max(mu * (1.0 - mu) / 8.0)
    }

    /// Σ over pairs of (y − mu)².
    fn squares_about(&self, mu: f64) -> f64 {
        PAIR_SCORES
            .iter()
            .zip(&self.ptnml)
            .map(|(s, c)| *c as f64 * (s - mu) * (s - mu))
            .sum()
    }
}

/// The model's terms for `k` factors: the intercept (the empty set), every main effect and
/// every two-factor interaction that the design's defining `relation` leaves estimable, and
/// the terms left out, each with the kept term (or the intercept, 0) it is aliased with.
pub fn model_terms(k: usize, relation: &[u32]) -> (Vec<u32>, Vec<(u32, u32)>) {
    let mut kept = vec![0u32];
    let mut left_out = Vec::new();
    let candidates = (0..k)
        .map(|i| 1u32 << i)
        .chain((0..k).flat_map(|i| (i + 1..k).map(move |j| (1u32 << i) | (1 << j))));
    for t in candidates {
        match kept.iter().find(|&&u| relation.contains(&(t ^ u))) {
            Some(&u) => left_out.push((t, u)),
            None => kept.push(t),
        }
    }
    (kept, left_out)
}

/// The terms of a design's model (`[design] model`): `model_terms`'s, and with the saturated
/// model one more for each alias class the fraction leaves, each by its smallest interaction
/// (of three steps or more), so that the model has as many terms as the design has points.
pub fn terms_of(design: &crate::config::design::Design) -> (Vec<u32>, Vec<(u32, u32)>) {
    use crate::config::design_model::DesignModel;
    let k = design.factors.len();
    let (mut kept, left_out) = model_terms(k, &design.relation);
    if design.model == DesignModel::Saturated {
        let mut higher: Vec<u32> = (0..1u32 << k).filter(|t| t.count_ones() >= 3).collect();
        higher.sort_by_key(|t| (t.count_ones(), *t));
        for t in higher {
            let aliased = |u: &u32| *u == t || design.relation.contains(&(t ^ u));
            if !kept.iter().any(aliased) {
                kept.push(t);
            }
        }
    }
    (kept, left_out)
}

/// The ±1 column of `term` at `point`: the product of the factors' signs.
pub fn column(term: u32, point: u32) -> f64 {
    if (term & !point).count_ones() % 2 == 0 {
        1.0
    } else {
        -1.0
    }
}

/// Who a design's point played, as the model needs to know it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reference {
    /// A player that plays exactly what this point of the design plays (0: the corner, which
    /// the baseline the points are built on plays): the model's Elo against it is the
    /// difference of the model's Elo at the two points, nothing fitted of its own.
    Point(u32),
    /// Another player: its strength against the points is the intercept, fitted.
    Other,
}

/// The corner, the point that applies no factor: the baseline plays it.
pub const CORNER: Reference = Reference::Point(0);

impl Reference {
    /// Who `opponent` is to a design's model, from the players as the match resolved them: a
    /// point of the design by its name (an anchor), the corner when it plays exactly what the
    /// corner plays (as the baseline the points are built on does), else another player. A
    /// match whose manifest does not hold the players is read from the design: no declared
    /// opponent means the baseline.
    pub fn of(
        design: &crate::config::design::Design,
        variants: &[crate::config::experiment::ResolvedVariant],
        opponent: &str,
    ) -> Reference {
        if let Some(point) = design.point_of(opponent) {
            return Reference::Point(point);
        }
        let find = |name: &str| variants.iter().find(|v| v.name == name);
        match (find(&design.point_name(0)), find(opponent)) {
            (Some(a), Some(b)) if a.plays_as(b) => CORNER,
            (Some(_), Some(_)) => Reference::Other,
            _ if design.opponent.is_none() => CORNER,
            _ => Reference::Other,
        }
    }

    /// Each pairing's opponent (`of`), in the pairings' order.
    pub fn of_each(
        design: &crate::config::design::Design,
        variants: &[crate::config::experiment::ResolvedVariant],
        pairings: &[(String, String)],
    ) -> Vec<Reference> {
        (pairings.iter())
            .map(|(_, o)| Reference::of(design, variants, o))
            .collect()
    }
}

/// A fitted model.
#[derive(Debug, Clone)]
pub struct Fit {
    /// The terms, intercept first.
    pub terms: Vec<u32>,
    /// Each term's coefficient β, in Elo (with the corner fixed, the intercept is the value
    /// that makes the model's Elo at the corner 0).
    pub coef: Vec<f64>,
    /// Their covariance (the sandwich, times the dispersion), Elo².
    pub cov: Vec<Vec<f64>>,
    /// Pearson's χ² of the points about the model, and its degrees of freedom.
    pub pearson: f64,
    pub df: usize,
    /// The dispersion φ = max(1, χ²/df) that `cov` carries (1 with no degrees of freedom).
    pub dispersion: f64,
    /// Whether the intercept was fitted (some pairs played another player) or fixed so that
    /// the model's Elo at the corner is 0.
    pub fitted_intercept: bool,
    /// Points whose own 95% interval excludes the model's Elo against their opponent there:
    /// (point, opponent, observed Elo, model Elo).
    pub misses: Vec<(u32, Reference, f64, f64)>,
}

/// A linear combination of the coefficients with its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Estimate {
    /// The value, Elo.
    pub value: f64,
    /// Its standard error.
    pub se: f64,
}

impl Estimate {
    /// The 95% half-width.
    pub fn half_width(&self) -> f64 {
        Z95 * self.se
    }

    /// The interval's ends.
    pub fn interval(&self) -> (f64, f64) {
        (
            self.value - self.half_width(),
            self.value + self.half_width(),
        )
    }
}

/// The mean of estimates from apart experiments, with its standard error.
pub fn mean_of(estimates: &[Estimate]) -> Estimate {
    let n = estimates.len() as f64;
    Estimate {
        value: estimates.iter().map(|e| e.value).sum::<f64>() / n,
        se: estimates.iter().map(|e| e.se * e.se).sum::<f64>().sqrt() / n,
    }
}

impl Fit {
    /// Σ g·β with its standard error, g given as (term, weight) pairs.
    pub fn combine(&self, weights: &[(u32, f64)]) -> Estimate {
        let g: Vec<f64> = self
            .terms
            .iter()
            .map(|t| weights.iter().filter(|(u, _)| u == t).map(|(_, w)| w).sum())
            .collect();
        let value = g.iter().zip(&self.coef).map(|(a, b)| a * b).sum();
        let var: f64 = (0..g.len())
            .flat_map(|i| (0..g.len()).map(move |j| (i, j)))
            .map(|(i, j)| g[i] * g[j] * self.cov[i][j])
            .sum();
        Estimate {
            value,
            se: var.max(0.0).sqrt(),
        }
    }

    /// The factorial effect of a term (a main effect or a two-factor interaction): 2β.
    pub fn effect(&self, term: u32) -> Estimate {
        self.combine(&[(term, 2.0)])
    }

    /// The model's Elo at a point.
    pub fn elo_at(&self, point: u32) -> f64 {
        self.terms
            .iter()
            .zip(&self.coef)
            .map(|(t, b)| column(*t, point) * b)
            .sum()
    }

    /// The model's expected score of a point's pairs against their opponent.
    pub fn score_of(&self, pairs: &PointPairs) -> f64 {
        let eta: f64 = (self.terms.iter().zip(&self.coef))
            .map(|(t, b)| row_entry(*t, pairs) * b)
            .sum();
        1.0 / (1.0 + (-C * eta).exp())
    }

    /// The pairs' row of the fit's free terms (`free_terms`).
    pub fn free_row(&self, pairs: &PointPairs) -> Vec<f64> {
        free_terms(&self.terms, self.fitted_intercept)
            .iter()
            .map(|t| row_entry(*t, pairs))
            .collect()
    }

    /// The largest 95% half-width among the main effects and two-step interactions (a
    /// saturated model's terms of three steps or more are not among the figures).
    pub fn worst_half_width(&self) -> f64 {
        self.terms
            .iter()
            .filter(|t| (1..=2).contains(&t.count_ones()))
            .map(|t| self.effect(*t).half_width())
            .fold(0.0, f64::max)
    }
}

/// A term's entry in the row of a point's pairs: its column at the point, less its column at
/// the opponent's point when the opponent is one (so that the intercept's entry is 0 there, and
/// a point's pairs against itself have a row of zeros).
fn row_entry(term: u32, pairs: &PointPairs) -> f64 {
    let at_opponent = match pairs.against {
        Reference::Point(q) => column(term, q),
        Reference::Other => 0.0,
    };
    column(term, pairs.point) - at_opponent
}

/// The terms a fit estimates: all of them when it fits the intercept, else all but it.
fn free_terms(terms: &[u32], fitted_intercept: bool) -> &[u32] {
    if fitted_intercept {
        terms
    } else {
        &terms[1..]
    }
}

/// Fits `terms` (the intercept first) to the points' pairs. An error when the points with
/// pairs cannot separate the terms (too few points played yet, points at 0% or 100%, or a
/// design that aliases them); `design_effects` says which.
pub fn fit(points: &[PointPairs], terms: &[u32]) -> Result<Fit, String> {
    let points: Vec<&PointPairs> = points.iter().filter(|p| p.pairs() > 0).collect();
    let fitted_intercept = points.iter().any(|p| p.against == Reference::Other);
    let free = free_terms(terms, fitted_intercept);
    // A point's pairs against the same point (the corner's against the baseline) carry no
    // information: their row is all zeros. They stay in Pearson's χ², as a score of ½ expected.
    let informative = (points.iter())
        .filter(|p| p.against != Reference::Point(p.point))
        .count();
    let m = free.len();
    if informative < m {
        return Err(format!(
            "{informative} points with games for {m} terms; expected at least as many points as terms"
        ));
    }
    let rows: Vec<Vec<f64>> = points
        .iter()
        .map(|p| free.iter().map(|t| row_entry(*t, p)).collect())
        .collect();
    let beta = newton(&points, &rows)?;
    let mu_at = |row: &[f64]| {
        let eta: f64 = row.iter().zip(&beta).map(|(x, b)| x * b).sum();
        1.0 / (1.0 + (-C * eta).exp())
    };
    let mut a = vec![vec![0.0; m]; m];
    let mut b = vec![vec![0.0; m]; m];
    let (mut pearson, mut misses, mut spread) = (0.0, Vec::new(), 0.0);
    for (p, row) in points.iter().zip(&rows) {
        let mu = mu_at(row);
        let (n, w, s) = (p.pairs() as f64, C * mu * (1.0 - mu), p.squares_about(mu));
        spread += s;
        for i in 0..m {
            for j in 0..m {
                a[i][j] += row[i] * row[j] * n * w;
                b[i][j] += row[i] * row[j] * s;
            }
        }
        let own = p.own_spread(mu);
        let se = (own / n).sqrt();
        pearson += (p.mean() - mu).powi(2) / (se * se);
        let (lo, hi) = (p.mean() - Z95 * se, p.mean() + Z95 * se);
        if mu < lo || mu > hi {
            let elo = |s: f64| super::elo::elo_of_score(s.clamp(1e-9, 1.0 - 1e-9));
            misses.push((p.point, p.against, elo(p.mean()), elo(mu)));
        }
    }
    // Every pair where the model puts it (pairs that all scored alike, at points the model fits
    // exactly): the sandwich would be zero, an interval of ±0 that no game measured.
    if spread == 0.0 {
        return Err(NO_SPREAD.to_string());
    }
    let a_inv = inverse(&from_rows(&a)).ok_or("the model's information matrix is singular")?;
    let df = informative - m;
    let dispersion = if df > 0 {
        (pearson / df as f64).max(1.0)
    } else {
        1.0
    };
    let sandwich = &a_inv * from_rows(&b) * &a_inv * dispersion;
    // Back to every term, intercept first: with the corner fixed, the intercept is
    // −Σ column(t, corner) β_t, a linear map L of the free terms (coef = L β, cov = L V Lᵀ).
    let map = match fitted_intercept {
        false => DMatrix::from_fn(m + 1, m, |i, j| match i {
            0 => -column(free[j], 0),
            _ => f64::from(i - 1 == j),
        }),
        true => DMatrix::identity(m, m),
    };
    let coef = (&map * DVector::from_vec(beta)).iter().copied().collect();
    let cov = to_rows(&(&map * sandwich * map.transpose()));
    Ok(Fit {
        terms: terms.to_vec(),
        coef,
        cov,
        pearson,
        df,
        dispersion,
        fitted_intercept,
        misses,
    })
}

/// The estimating equations' root by Newton's method, from β = 0.
fn newton(points: &[&PointPairs], rows: &[Vec<f64>]) -> Result<Vec<f64>, String> {
    let m = rows.first().map_or(0, Vec::len);
    let mut beta = vec![0.0; m];
    for _ in 0..100 {
        let mut a = vec![vec![0.0; m]; m];
        let mut u = vec![0.0; m];
        for (p, row) in points.iter().zip(rows) {
            let eta: f64 = row.iter().zip(&beta).map(|(x, b)| x * b).sum();
            let mu = 1.0 / (1.0 + (-C * eta).exp());
            let (n, w) = (p.pairs() as f64, C * mu * (1.0 - mu));
            for i in 0..m {
                u[i] += row[i] * n * (p.mean() - mu);
                for j in 0..m {
                    a[i][j] += row[i] * row[j] * n * w;
                }
            }
        }
        let step = solve(&from_rows(&a), &u).ok_or(NOT_SEPARATED)?;
        // A point won or lost every pair pulls its Elo to infinity: cap each step so that
        // Newton's method stays inside the region where the others still hold it.
        let largest = step.iter().fold(0.0f64, |s, x| s.max(x.abs()));
        let scale = if largest > 200.0 {
            200.0 / largest
        } else {
            1.0
        };
        for (b, s) in beta.iter_mut().zip(&step) {
            *b += s * scale;
        }
        if largest < 1e-9 {
            return Ok(beta);
        }
    }
    Err(NOT_CONVERGED.into())
}

/// The fit's errors when its equations have no single root, or Newton's method finds none:
/// `design_effects` reads them for their cause (points at the edge, too few games, aliasing).
pub const NOT_SEPARATED: &str = "the points played cannot separate the model's terms";
pub const NOT_CONVERGED: &str = "the fit did not converge";
pub const NO_SPREAD: &str = "every game pair scored exactly what the model expects of its point (pairs that all scored alike, say), so the games show no spread to measure an interval from; play more games";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resolution_three_design_leaves_out_the_aliased_interactions() {
        // 2^(3-1), C = AB: every interaction is a main effect's column.
        let relation = [0b111];
        let (kept, left_out) = model_terms(3, &relation);
        assert_eq!(kept, [0, 1, 2, 4]);
        assert_eq!(left_out, [(0b011, 0b100), (0b101, 0b010), (0b110, 0b001)]);
    }

    #[test]
    fn pairs_without_spread_give_no_interval_rather_than_zero() {
        // Four points whose every pair drew: the model fits them exactly, and no pair says
        // how far a point's score could be from it.
        let drew = |point| PointPairs {
            point,
            against: Reference::Other,
            ptnml: [0, 0, 6, 0, 0],
        };
        let points: Vec<PointPairs> = (0..4).map(drew).collect();
        let (terms, _) = model_terms(2, &[]);
        assert_eq!(fit(&points, &terms).unwrap_err(), NO_SPREAD);
        // One pair won at one point: the spread is there, and so are the intervals.
        let mut points = points;
        points[1].ptnml = [0, 0, 5, 0, 1];
        let fitted = fit(&points, &terms).unwrap();
        assert!(fitted.worst_half_width() > 0.0);
    }

    #[test]
    fn exact_scores_give_back_their_effects() {
        // Two factors, full factorial: Elo = 10 + 20 x1 − 5 x2 + 3 x1 x2.
        let elo = |p: u32| 10.0 + 20.0 * column(1, p) - 5.0 * column(2, p) + 3.0 * column(3, p);
        let points: Vec<PointPairs> = (0..4u32)
            .map(|p| {
                // 10,000 pairs split between ½ and 1½ points to hit the score exactly.
                let s = super::super::elo::score_of_elo(elo(p));
                let high = ((s - 0.25) / 0.5 * 1e6).round() as u64;
                PointPairs {
                    point: p,
                    against: Reference::Other,
                    ptnml: [0, 1_000_000 - high, 0, high, 0],
                }
            })
            .collect();
        let f = fit(&points, &[0, 1, 2, 3]).unwrap();
        for (got, want) in f.coef.iter().zip([10.0, 20.0, -5.0, 3.0]) {
            assert!((got - want).abs() < 0.01, "{:?}", f.coef);
        }
        assert!((f.effect(1).value - 40.0).abs() < 0.02);
        assert_eq!(f.df, 0);
    }
}
