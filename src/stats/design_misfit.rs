//! Whether a design's misfit is systematic, and what it holds its intervals to.
//!
//! The fit (`design_fit`) widens every interval by the dispersion φ = χ²/df, Pearson's χ² of
//! the points about the model. Two things make φ exceed 1: chance, which more games average
//! away, and interactions of more steps than the model holds, which they do not. A point's
//! departure from the model that is an interaction is the same in every game it plays; one
//! that is chance is not. So the pairs are split in two halves (even and odd pair numbers, the
//! same openings in each half at every point), each half's residuals are standardized, and
//! their product is summed over the directions the model leaves free:
//!
//! T = z₀ᵀ M z₁,  z_h,i = (ȳ_h,i − μ_i) / √(κ μ_i (1 − μ_i) / n_i),
//!
//! with μ_i the model's score at point i (fitted to every pair), n_i the point's pairs, κ a
//! pair's spread over μ(1 − μ) pooled over the points (each point's own spread, from a few
//! dozen pairs, is too rough to standardize by) and M the projection onto the complement of
//! the model's directions in these units (the fit's own error, shared by both halves, lies in
//! those directions and drops out). The halves' chance is independent, so with no misfit
//! E[T] = 0, and its variance is Σ M_ij² V₀,i V₁,j = tr(M V₀ M V₁), V_h,i the variance of
//! z_h,i: the point's own spread of a pair about its own mean (`PointPairs::own_spread`, in
//! which a misfit does not enter) over the half's pairs, in these units. A misfit m (in the
//! same units) gives E[T] = mᵀ M m, the part of Pearson's χ² that the model's misfit
//! contributes.
//!
//! That part grows in proportion to the games, while the chance part does not. So φ grows
//! with the games, and every half-width, which scales as √(φ / games), tends to a floor: its
//! value now times √(T / (df · φ)). The rest of its square is chance, which shrinks as one
//! over the games. The floor is an extrapolation from one design's games; the report gives it
//! with a one-sided 95% lower bound (T less 1.645 of its standard error with that misfit in
//! place, which is larger than with none).

use super::design_fit::{Fit, PointPairs, Reference};
use super::distributions::chi_square_difference_sf;
use super::linear::{from_rows, inverse};
use nalgebra::{DMatrix, DVector};

/// The one-sided 95% normal quantile.
const Z95_ONE_SIDED: f64 = 1.644_853_626_951_472_2;

/// What the two halves of a design's pairs say of its misfit.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Misfit {
    /// The directions the model leaves free: Pearson's degrees of freedom.
    pub df: usize,
    /// T: the misfit's part of Pearson's χ², as the halves agree on it.
    pub excess: f64,
    /// T's standard error with no misfit (given the halves' sizes), and with the misfit T
    /// measures.
    pub se: f64,
    pub se_with_misfit: f64,
    /// The fit's dispersion φ and its worst 95% half-width, from which the floor is read.
    pub dispersion: f64,
    pub worst_half_width: f64,
}

impl Misfit {
    /// One-sided p of T with no misfit. T sums, over the free directions, the product of two
    /// independent halves' chance, each of variance about 2 in these units; scaled to variance
    /// 4·df, it is a difference of two independent χ²_df (the normal alone rejects too often:
    /// a product of two normals has long tails).
    pub fn p(&self) -> f64 {
        let df = self.df as f64;
        chi_square_difference_sf(self.excess / self.se * 2.0 * df.sqrt(), df)
    }

    /// Whether the halves agree beyond chance at 5%.
    pub fn systematic(&self) -> bool {
        self.p() < 0.05
    }

    /// The worst half-width's floor at this misfit, however many more games the points play.
    pub fn floor(&self) -> f64 {
        self.floor_at(self.excess)
    }

    /// The floor's one-sided 95% lower bound.
    pub fn floor_at_least(&self) -> f64 {
        self.floor_at(self.excess - Z95_ONE_SIDED * self.se_with_misfit)
    }

    fn floor_at(&self, excess: f64) -> f64 {
        self.worst_half_width * (excess.max(0.0) / (self.df as f64 * self.dispersion)).sqrt()
    }

    /// The worst half-width expected after `times` as many games at every point: the chance
    /// part shrinks as 1/√times, the misfit's does not.
    pub fn half_width_after(&self, times: f64) -> f64 {
        let (chance, floor) = self.parts();
        (chance / times + floor).sqrt()
    }

    /// How many times the games played the worst half-width needs to come down to `target`;
    /// `None` when the floor is at or above it, which no number of games goes below.
    pub fn times_to(&self, target: f64) -> Option<f64> {
        let (chance, floor) = self.parts();
        (floor < target * target).then(|| chance / (target * target - floor))
    }

    /// The worst half-width's square, split: chance (which shrinks as one over the games) and
    /// the floor's square (which does not).
    fn parts(&self) -> (f64, f64) {
        let floor = self.floor().min(self.worst_half_width).powi(2);
        (self.worst_half_width.powi(2) - floor, floor)
    }
}

/// The halves' test for `fit`, fitted to `all` (every point's pairs), with `halves` the same
/// points' pairs split in two. `None` when the model leaves no direction free, or a point has
/// no pair in one half.
pub fn split_half(fit: &Fit, all: &[PointPairs], halves: [&[PointPairs]; 2]) -> Option<Misfit> {
    if fit.df == 0 {
        return None;
    }
    let find = |set: &[PointPairs], of: &PointPairs| {
        (set.iter())
            .find(|p| p.point == of.point && p.against == of.against)
            .copied()
    };
    // Each informative point's pairs (not a point's against itself): its direction of the fit's
    // own error, its halves' standardized residuals and their variances with no misfit.
    let informative: Vec<&PointPairs> = all
        .iter()
        .filter(|p| p.pairs() > 0 && p.against != Reference::Point(p.point))
        .collect();
    // A pair's spread at a point is κ μ(1 − μ), κ pooled over the points: each point's own
    // spread, from a few dozen pairs, is too rough to standardize by (a simulation with no
    // misfit rejected 8% of the time at 5% with it).
    let binomial = |p: &PointPairs| {
        let mu = fit.score_of(p);
        p.pairs() as f64 * mu * (1.0 - mu)
    };
    let kappa = informative
        .iter()
        .map(|p| p.pairs() as f64 * p.own_spread(fit.score_of(p)))
        .sum::<f64>()
        / informative.iter().map(|p| binomial(p)).sum::<f64>();
    let (mut rows, mut z, mut d) = (Vec::new(), [Vec::new(), Vec::new()], [vec![], vec![]]);
    for p in informative {
        let mu = fit.score_of(p);
        let n = p.pairs() as f64;
        let sd = (kappa * mu * (1.0 - mu) / n).sqrt();
        let slope = mu * (1.0 - mu) / sd;
        rows.push(fit.free_row(p).iter().map(|x| x * slope).collect());
        for h in 0..2 {
            let half = find(halves[h], p).filter(|q| q.pairs() > 0)?;
            z[h].push((half.mean() - mu) / sd);
            // The half's variance in these units, from the point's own spread of a pair.
            d[h].push(p.own_spread(mu) / half.pairs() as f64 / (sd * sd));
        }
    }
    let q = from_rows(&rows);
    let m = DMatrix::identity(rows.len(), rows.len())
        - &q * inverse(&(q.transpose() * &q))? * q.transpose();
    let (z0, z1) = (
        DVector::from_vec(z[0].clone()),
        DVector::from_vec(z[1].clone()),
    );
    let excess = (z0.transpose() * &m * &z1)[(0, 0)];
    let variance = (&m
        * DMatrix::from_diagonal(&DVector::from_vec(d[0].clone()))
        * &m
        * DMatrix::from_diagonal(&DVector::from_vec(d[1].clone())))
    .trace();
    // A misfit m adds mᵀ M (D₀ + D₁) M m ≈ mean(D₀ + D₁) T to T's variance: the bound on the
    // floor reads that spread.
    let more = (d[0].iter().chain(&d[1]).sum::<f64>() / d[0].len() as f64) * excess.max(0.0);
    Some(Misfit {
        df: fit.df,
        excess,
        se: variance.sqrt(),
        se_with_misfit: (variance + more).sqrt(),
        dispersion: fit.dispersion,
        worst_half_width: fit.worst_half_width(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn misfit(excess: f64) -> Misfit {
        Misfit {
            df: 27,
            excess,
            se: 10.0,
            se_with_misfit: 12.0,
            dispersion: 1.5,
            worst_half_width: 30.0,
        }
    }

    #[test]
    fn the_floor_is_zero_without_misfit_and_the_half_width_then_shrinks_as_the_root() {
        let none = misfit(-3.0);
        assert_eq!(none.floor(), 0.0);
        assert!((none.half_width_after(4.0) - 15.0).abs() < 1e-9);
        assert!(!none.systematic());
    }

    #[test]
    fn a_misfit_holds_the_half_width_at_its_share_of_the_dispersion() {
        // φ = 1.5 with df 27 and T = 27: the misfit is two thirds of χ² (40.5), and T is 2.7
        // standard errors from 0.
        let m = misfit(27.0);
        assert!((m.floor() - 30.0 * (2.0f64 / 3.0).sqrt()).abs() < 1e-9);
        assert!(m.floor_at_least() < m.floor());
        assert!((m.half_width_after(1e12) - m.floor()).abs() < 1e-3);
        assert!((m.half_width_after(1.0) - 30.0).abs() < 1e-9);
        // A target above the floor: the games that bring the half-width down to it.
        let times = m.times_to(26.0).unwrap();
        assert!((m.half_width_after(times) - 26.0).abs() < 1e-9);
        assert_eq!(m.times_to(m.floor()), None);
        assert!(m.systematic());
    }
}
