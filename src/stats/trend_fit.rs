//! A trend that can bend: Elo against log2 of the nodes a move, fitted by weighted least squares
//! as a line and as a quadratic, with the choice between them stated (the quadratic only where
//! its curvature is told apart from zero at 95%, Student's t at its residual degrees of freedom)
//! and small-sample intervals: where the points scatter more than their own intervals allow,
//! the errors are scaled by √(χ²/dof) and the quantile is Student's t at those degrees of
//! freedom, not 1.96 (issue 54).

use super::distributions::{t_quantile, Z95};
use super::linear::{from_rows, inverse, to_rows};

/// One point: log2 nodes, the figure, and its standard error.
#[derive(Debug, Clone, Copy)]
pub struct Point {
    pub x: f64,
    pub y: f64,
    pub se: f64,
}

/// Which curve the data support.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Line,
    Quadratic,
}

/// A weighted least-squares polynomial fit.
#[derive(Debug, Clone)]
pub struct Fit {
    pub shape: Shape,
    /// Coefficients, lowest power first.
    pub coef: Vec<f64>,
    /// Their covariance, from the points' errors, already scaled.
    cov: Vec<Vec<f64>>,
    /// √(χ²/dof), at least 1: how much more the points scatter than their errors allow.
    pub scale: f64,
    /// Residual degrees of freedom.
    pub dof: usize,
}

impl Fit {
    /// The fit of `shape` through `points`; `None` without a residual degree of freedom for a
    /// quadratic (under 4 points), or under 2 distinct budgets for a line.
    pub fn new(points: &[Point], shape: Shape) -> Option<Fit> {
        let terms = match shape {
            Shape::Line => 2,
            Shape::Quadratic => 3,
        };
        let need = if shape == Shape::Quadratic { 4 } else { 2 };
        if points.len() < need || points.iter().any(|p| p.se.is_nan() || p.se <= 0.0) {
            return None;
        }
        // Normal equations: (Xᵀ W X) b = Xᵀ W y.
        let mut a = vec![vec![0.0; terms]; terms];
        let mut v = vec![0.0; terms];
        for p in points {
            let w = 1.0 / (p.se * p.se);
            let row: Vec<f64> = (0..terms).map(|k| p.x.powi(k as i32)).collect();
            for i in 0..terms {
                v[i] += w * row[i] * p.y;
                for j in 0..terms {
                    a[i][j] += w * row[i] * row[j];
                }
            }
        }
        let a_inv = to_rows(&inverse(&from_rows(&a))?);
        let coef: Vec<f64> = (0..terms)
            .map(|i| (0..terms).map(|j| a_inv[i][j] * v[j]).sum())
            .collect();
        let dof = points.len() - terms;
        let chi2: f64 = points
            .iter()
            .map(|p| ((p.y - poly(&coef, p.x)) / p.se).powi(2))
            .sum();
        let scale = if dof > 0 {
            (chi2 / dof as f64).sqrt().max(1.0)
        } else {
            1.0
        };
        let cov = a_inv
            .iter()
            .map(|r| r.iter().map(|c| c * scale * scale).collect())
            .collect();
        Some(Fit {
            shape,
            coef,
            cov,
            scale,
            dof,
        })
    }

    /// The 97.5% quantile its intervals use: Student's t at the residual degrees of freedom
    /// where the errors were scaled from the scatter, the normal one where they were not.
    pub fn quantile(&self) -> f64 {
        if self.scale > 1.0 && self.dof > 0 {
            t_quantile(0.975, self.dof as f64)
        } else {
            Z95
        }
    }

    /// The curve's value at `x`.
    pub fn value(&self, x: f64) -> f64 {
        poly(&self.coef, x)
    }

    /// The standard error of g·b, a linear combination of the coefficients.
    fn se_of(&self, g: &[f64]) -> f64 {
        let n = self.coef.len();
        let var: f64 = (0..n)
            .map(|i| (0..n).map(|j| g[i] * self.cov[i][j] * g[j]).sum::<f64>())
            .sum();
        var.max(0.0).sqrt()
    }

    /// The standard error of the curve at `x`.
    pub fn se_at(&self, x: f64) -> f64 {
        let g: Vec<f64> = (0..self.coef.len()).map(|k| x.powi(k as i32)).collect();
        self.se_of(&g)
    }

    /// The standard error of the linear coefficient (a line's slope).
    pub fn slope_se(&self) -> f64 {
        self.se_of(&[0.0, 1.0, 0.0])
    }

    /// The curve at `x`, with its 95% interval: (value, lo, hi).
    pub fn at(&self, x: f64) -> (f64, f64, f64) {
        let value = self.value(x);
        let half = self.quantile() * self.se_at(x);
        (value, value - half, value + half)
    }

    /// The slope at `x` (Elo per doubling there), with its 95% interval.
    pub fn slope_at(&self, x: f64) -> (f64, f64, f64) {
        // d/dx (b0 + b1 x + b2 x²) = b1 + 2 b2 x.
        let g = [0.0, 1.0, 2.0 * x];
        let n = self.coef.len();
        let value = self.coef[1] + if n > 2 { 2.0 * self.coef[2] * x } else { 0.0 };
        let half = self.quantile() * self.se_of(&g);
        (value, value - half, value + half)
    }

    /// The curvature's t statistic (quadratic only).
    fn curvature_t(&self) -> Option<f64> {
        (self.shape == Shape::Quadratic).then(|| self.coef[2] / self.cov[2][2].sqrt())
    }
}

/// The straight-line test's power: the smallest slope (Elo a doubling) that a line through
/// `points` tells apart from zero at 95% (two-sided) 80% of the time, from the points' own
/// errors: (t₀.₉₇₅ + t₀.₈₀) × the slope's standard error, Student's t at the line's residual
/// degrees of freedom. With the degrees of freedom too. `None` under 3 points.
pub fn detectable_slope(points: &[Point]) -> Option<(f64, usize)> {
    let line = Fit::new(points, Shape::Line)?;
    if line.dof == 0 {
        return None;
    }
    let dof = line.dof as f64;
    let se = line.cov[1][1].sqrt() / line.scale;
    let power = t_quantile(0.975, dof) + t_quantile(0.8, dof);
    Some((power * se, line.dof))
}

/// The stated criterion: the quadratic where its curvature differs from zero at 95% (two-sided,
/// Student's t at its residual degrees of freedom), else the line; the line alone under 4
/// points.
pub fn choose(points: &[Point]) -> Option<Fit> {
    let line = Fit::new(points, Shape::Line)?;
    let Some(quadratic) = Fit::new(points, Shape::Quadratic) else {
        return Some(line);
    };
    let t = quadratic.curvature_t().unwrap_or(0.0);
    let critical = t_quantile(0.975, quadratic.dof as f64);
    Some(if t.abs() > critical { quadratic } else { line })
}

fn poly(coef: &[f64], x: f64) -> f64 {
    coef.iter().rev().fold(0.0, |acc, c| acc * x + c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift) and Box-Muller normals, so that the test
    /// reads the same draws on every machine.
    struct Draws(u64);
    impl Draws {
        fn uniform(&mut self) -> f64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 >> 11) as f64 / (1u64 << 53) as f64
        }
        fn normal(&mut self) -> f64 {
            let (u, v) = (self.uniform().max(1e-300), self.uniform());
            (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
        }
    }

    /// Simulated ladders of 7 rungs (log2 nodes 12.3 to 18.3) whose errors are understated
    /// twofold, as when games scatter more than their intervals say: the intervals at a point
    /// two doublings past the last rung cover the truth about 95% of the time, with the line's
    /// truth and with the quadratic's; the choice finds a real bend and seldom invents one.
    #[test]
    fn intervals_cover_the_truth_and_the_choice_finds_a_bend() {
        let xs: Vec<f64> = (0..7).map(|i| 12.3 + i as f64).collect();
        let beyond = 20.3;
        let mut draws = Draws(0x9e37_79b9_7f4a_7c15);
        for (truth, bends) in [([10.0, 3.0, 0.0], false), ([-2000.0, 300.0, -8.0], true)] {
            let f = |x: f64| truth[0] + truth[1] * x + truth[2] * x * x;
            let (mut covered, mut bent, runs) = (0, 0, 2000);
            for _ in 0..runs {
                let points: Vec<Point> = xs
                    .iter()
                    .map(|&x| Point {
                        x,
                        y: f(x) + 2.0 * 5.0 * draws.normal(),
                        se: 5.0,
                    })
                    .collect();
                // Coverage of the fit of the true shape.
                let shape = if bends { Shape::Quadratic } else { Shape::Line };
                let fit = Fit::new(&points, shape).unwrap();
                let (_, lo, hi) = fit.at(beyond);
                covered += usize::from((lo..=hi).contains(&f(beyond)));
                bent += usize::from(choose(&points).unwrap().shape == Shape::Quadratic);
            }
            let coverage = covered as f64 / runs as f64;
            assert!(
                (0.93..=0.97).contains(&coverage),
                "{truth:?}: coverage {coverage}"
            );
            let rate = bent as f64 / runs as f64;
            eprintln!("{truth:?}: coverage {coverage:.3}, quadratic chosen in {rate:.3}");
            if bends {
                assert!(rate > 0.8, "a real bend found in {rate} of ladders");
            } else {
                assert!(rate < 0.08, "a bend invented in {rate} of ladders");
            }
        }
    }
}
