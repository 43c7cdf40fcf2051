//! The fits' linear algebra, by nalgebra: small symmetric systems solved and inverted through
//! an LU decomposition with partial pivoting, refused where they are singular to working
//! precision (a pivot at or below 10⁻¹² of the largest entry), as when the points played
//! cannot separate a model's terms.

use nalgebra::{DMatrix, DVector, LU};

/// A matrix from its rows.
pub fn from_rows(rows: &[Vec<f64>]) -> DMatrix<f64> {
    let cols = rows.first().map_or(0, Vec::len);
    DMatrix::from_fn(rows.len(), cols, |i, j| rows[i][j])
}

/// A matrix's rows.
pub fn to_rows(m: &DMatrix<f64>) -> Vec<Vec<f64>> {
    m.row_iter().map(|r| r.iter().copied().collect()).collect()
}

/// The decomposition of square `a`; `None` when it is singular to working precision.
fn decompose(a: &DMatrix<f64>) -> Option<LU<f64, nalgebra::Dyn, nalgebra::Dyn>> {
    let lu = a.clone().lu();
    if a.is_empty() {
        return Some(lu);
    }
    let scale = a.amax();
    let smallest = lu.u().diagonal().amin();
    (smallest > scale * 1e-12).then_some(lu)
}

/// x with a x = y; `None` when `a` is singular.
pub fn solve(a: &DMatrix<f64>, y: &[f64]) -> Option<Vec<f64>> {
    let x = decompose(a)?.solve(&DVector::from_column_slice(y))?;
    Some(x.iter().copied().collect())
}

/// a⁻¹; `None` when `a` is singular.
pub fn inverse(a: &DMatrix<f64>) -> Option<DMatrix<f64>> {
    decompose(a)?.try_inverse()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_inverts_and_refuses_a_singular_matrix() {
        let a = from_rows(&[vec![4.0, 2.0], vec![2.0, 3.0]]);
        let x = solve(&a, &[2.0, 5.0]).unwrap();
        assert!(
            (x[0] + 0.5).abs() < 1e-12 && (x[1] - 2.0).abs() < 1e-12,
            "{x:?}"
        );
        let product = &a * inverse(&a).unwrap();
        assert!((product - DMatrix::identity(2, 2)).amax() < 1e-12);
        let singular = from_rows(&[vec![1.0, 2.0], vec![2.0, 4.0]]);
        assert!(inverse(&singular).is_none() && solve(&singular, &[1.0, 1.0]).is_none());
        assert_eq!(to_rows(&a), [[4.0, 2.0], [2.0, 3.0]]);
    }
}
