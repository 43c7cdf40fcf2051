//! The distributions the figures lean on (normal, Student's t, χ²), each from statrs: one
//! place for the 95% quantile and the tails, rather than a copy per estimator; and Holm's
//! adjustment of many p-values, which every family of tests shares.

use statrs::distribution::{ChiSquared, Continuous, ContinuousCDF, Normal, StudentsT};

/// The standard normal's 97.5% quantile: the half-width of a 95% interval in standard errors.
/// A constant so that it can stand in constant expressions; a test checks it against statrs.
pub const Z95: f64 = 1.959_963_984_540_054;

fn standard_normal() -> Normal {
    // Mean 0 and standard deviation 1 are valid parameters.
    Normal::new(0.0, 1.0).expect("the standard normal")
}

/// P(Z ≤ z) for the standard normal.
pub fn normal_cdf(z: f64) -> f64 {
    standard_normal().cdf(z)
}

/// The standard normal's two-sided tail beyond |z|.
pub fn two_sided_p(z: f64) -> f64 {
    2.0 * standard_normal().sf(z.abs())
}

/// The `p` quantile of Student's t with `dof` degrees of freedom (more than 0).
pub fn t_quantile(p: f64, dof: f64) -> f64 {
    match StudentsT::new(0.0, 1.0, dof) {
        Ok(t) => t.inverse_cdf(p),
        Err(_) => f64::NAN,
    }
}

/// P(χ²_df > x); 1 without a degree of freedom (nothing to test), 0 at an infinite x.
pub fn chi_square_sf(x: f64, df: f64) -> f64 {
    if !x.is_finite() {
        return 0.0;
    }
    if df <= 0.0 || x <= 0.0 {
        return 1.0;
    }
    match ChiSquared::new(df) {
        Ok(chi) => chi.sf(x),
        Err(_) => f64::NAN,
    }
}

/// P(A − B > t) for A and B independent χ²_df: the law of Σ 2·X_k·Y_k over df independent
/// pairs of standard normals (2XY = ((X+Y)² − (X−Y)²)/2), the sum of two independent halves'
/// products (`design_misfit`). Read as ∫ f(b) P(A > b + t) db with b = x², which takes the
/// density's pole at 0 (one or two degrees) out of the integrand: a midpoint rule on 4,000
/// steps of x up to where B's tail is below 10⁻¹².
pub fn chi_square_difference_sf(t: f64, df: f64) -> f64 {
    let Ok(chi) = ChiSquared::new(df) else {
        return f64::NAN;
    };
    const STEPS: usize = 4000;
    let top = (df + 40.0 * (2.0 * df).sqrt() + 60.0).sqrt();
    let dx = top / STEPS as f64;
    (0..STEPS)
        .map(|i| {
            let x = (i as f64 + 0.5) * dx;
            let b = x * x;
            let above = if b + t <= 0.0 { 1.0 } else { chi.sf(b + t) };
            chi.pdf(b) * 2.0 * x * above * dx
        })
        .sum()
}

/// Holm's step-down adjustment of p-values, in their given order.
pub fn holm(p: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..p.len()).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    let mut adjusted = vec![0.0; p.len()];
    let mut running: f64 = 0.0;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max(((p.len() - rank) as f64 * p[i]).min(1.0));
        adjusted[i] = running;
    }
    adjusted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_difference_of_two_chi_squares_is_symmetric_and_normal_for_many_degrees() {
        for df in [1.0, 4.0, 27.0] {
            let half = chi_square_difference_sf(0.0, df);
            assert!((half - 0.5).abs() < 1e-3, "{df}: {half}");
            let (up, down) = (
                chi_square_difference_sf(3.0, df),
                chi_square_difference_sf(-3.0, df),
            );
            assert!((up + down - 1.0).abs() < 1e-3, "{df}: {up} {down}");
        }
        // Variance 4·df: at 400 degrees, 1.645 standard deviations hold 95%, nearly.
        let p = chi_square_difference_sf(1.645 * 40.0, 400.0);
        assert!((p - 0.05).abs() < 0.004, "{p}");
        // Two degrees: A − B is Laplace with scale 2 (a difference of two exponentials of
        // mean 2), whose tail beyond t is e^(−t/2)/2.
        let p = chi_square_difference_sf(5.0, 2.0);
        assert!((p - (-2.5f64).exp() / 2.0).abs() < 1e-3, "{p}");
    }

    #[test]
    fn holm_multiplies_the_smallest_by_the_count_and_keeps_the_order() {
        let a = holm(&[0.01, 0.04, 0.03, 0.5]);
        assert!((a[0] - 0.04).abs() < 1e-12);
        assert!((a[2] - 0.09).abs() < 1e-12);
        assert!((a[1] - 0.09).abs() < 1e-12);
        assert!((a[3] - 0.5).abs() < 1e-12);
    }

    #[test]
    fn z95_is_the_normal_quantile() {
        let q = standard_normal().inverse_cdf(0.975);
        assert!((q - Z95).abs() < 1e-12, "{q}");
        // statrs's complementary error function is good to about 10⁻¹¹ here.
        assert!((two_sided_p(Z95) - 0.05).abs() < 1e-10);
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-15);
    }

    #[test]
    fn student_t_quantiles_are_the_tables() {
        // Two-sided 95%: 12.706 (1 dof), 4.303 (2), 2.776 (4), 2.228 (10), → 1.960.
        for (dof, t) in [(1.0, 12.706), (2.0, 4.303), (4.0, 2.776), (10.0, 2.228)] {
            let q = t_quantile(0.975, dof);
            assert!((q - t).abs() < 2e-3, "{dof} dof: {q} against {t}");
        }
        assert!((t_quantile(0.975, 1e6) - Z95).abs() < 1e-3);
        // One-sided 80% at 5 dof: 0.920.
        assert!((t_quantile(0.8, 5.0) - 0.920).abs() < 1e-3);
    }

    #[test]
    fn the_chi_square_tail_matches_its_tables() {
        // χ² table values: 3.841 (1 df), 5.991 (2), 7.815 (3), 11.070 (5) at p = 0.05.
        for (x, df) in [(3.841, 1.0), (5.991, 2.0), (7.815, 3.0), (11.070, 5.0)] {
            let p = chi_square_sf(x, df);
            assert!((p - 0.05).abs() < 2e-4, "{x} {df}: {p}");
        }
        // Two degrees of freedom: exactly e^(−x/2).
        assert!((chi_square_sf(1.3, 2.0) - (-0.65f64).exp()).abs() < 1e-12);
        assert_eq!(chi_square_sf(0.0, 3.0), 1.0);
        assert_eq!(chi_square_sf(f64::INFINITY, 3.0), 0.0);
    }
}
