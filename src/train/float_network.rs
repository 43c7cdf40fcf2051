//! The network in floating point while it learns: (768→H)×2→1, SCReLU, the output read
//! through a sigmoid against the target `wdl·result + (1 − wdl)·sigmoid(score / 400)`, with
//! the squared error as the loss (bullet's `simple` example at cebc78a). Forward and backward
//! passes are written for the sparse input: a position touches about 30 of the 768 rows of
//! the first layer from each perspective, so its cost is those rows, not the matrix.

use super::training_data::{flipped, Sample, TrainingSet};
use crate::chess::nnue::network::{Network, INPUTS, QA, QB, SCALE};

/// The parameters, in one block: the feature weights (768 rows of H), the feature bias (H),
/// the output weights (2H: the side to move's first), the output bias (1).
#[derive(Debug, Clone, PartialEq)]
pub struct FloatNetwork {
    pub hidden: usize,
    pub params: Vec<f32>,
}

/// Where each part of the block starts.
struct Layout {
    bias: usize,
    output: usize,
    output_bias: usize,
}

fn layout(hidden: usize) -> Layout {
    let bias = INPUTS * hidden;
    Layout {
        bias,
        output: bias + hidden,
        output_bias: bias + 3 * hidden,
    }
}

/// The number of parameters of a network of `hidden` neurons.
pub fn parameter_count(hidden: usize) -> usize {
    INPUTS * hidden + 3 * hidden + 1
}

#[inline(always)]
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// A training target: the blend of the result and the score, both from the side to move.
#[inline(always)]
pub fn target(sample: &Sample, wdl: f32) -> f32 {
    wdl * sample.result + (1.0 - wdl) * sigmoid(sample.score / SCALE as f32)
}

/// Scratch space for one thread's passes.
pub struct Scratch {
    ours: Vec<f32>,
    theirs: Vec<f32>,
}

impl Scratch {
    pub fn new(hidden: usize) -> Scratch {
        Scratch {
            ours: vec![0.0; hidden],
            theirs: vec![0.0; hidden],
        }
    }
}

impl FloatNetwork {
    /// A network of `hidden` neurons, its weights drawn uniformly from ±1/√(fan-in) by `draw`
    /// (a uniform number in [0, 1)), its biases zero.
    pub fn new(hidden: usize, mut draw: impl FnMut() -> f32) -> FloatNetwork {
        let at = layout(hidden);
        let mut params = vec![0.0; parameter_count(hidden)];
        let first = 1.0 / (INPUTS as f32).sqrt();
        for p in &mut params[..at.bias] {
            *p = (2.0 * draw() - 1.0) * first;
        }
        let second = 1.0 / ((2 * hidden) as f32).sqrt();
        for p in &mut params[at.output..at.output_bias] {
            *p = (2.0 * draw() - 1.0) * second;
        }
        FloatNetwork { hidden, params }
    }

    /// The accumulators of a sample, before the activation.
    #[inline]
    fn accumulate(&self, sample: &Sample, scratch: &mut Scratch) {
        let (h, at) = (self.hidden, layout(self.hidden));
        let bias = &self.params[at.bias..at.bias + h];
        scratch.ours.copy_from_slice(bias);
        scratch.theirs.copy_from_slice(bias);
        // The side to move's perspective: white's features as they are for white to move,
        // flipped for black; the other perspective the other way round.
        for &f in sample.ours {
            let (mine, other) = match sample.black_to_move {
                false => (f, flipped(f)),
                true => (flipped(f), f),
            };
            let row = &self.params[usize::from(mine) * h..][..h];
            scratch.ours.iter_mut().zip(row).for_each(|(a, w)| *a += w);
            let row = &self.params[usize::from(other) * h..][..h];
            scratch
                .theirs
                .iter_mut()
                .zip(row)
                .for_each(|(a, w)| *a += w);
        }
    }

    /// The output (in units of 400 cp) of an accumulated sample.
    #[inline]
    fn output(&self, scratch: &Scratch) -> f32 {
        let (h, at) = (self.hidden, layout(self.hidden));
        let w = &self.params[at.output..at.output_bias];
        let screlu = |x: f32| x.clamp(0.0, 1.0) * x.clamp(0.0, 1.0);
        let ours: f32 = scratch
            .ours
            .iter()
            .zip(&w[..h])
            .map(|(a, w)| screlu(*a) * w)
            .sum();
        let theirs: f32 = scratch
            .theirs
            .iter()
            .zip(&w[h..])
            .map(|(a, w)| screlu(*a) * w)
            .sum();
        ours + theirs + self.params[at.output_bias]
    }

    /// The squared error of sample `i` of `set`.
    pub fn loss(&self, set: &TrainingSet, i: usize, wdl: f32, scratch: &mut Scratch) -> f32 {
        let sample = set.sample(i);
        self.accumulate(&sample, scratch);
        let error = sigmoid(self.output(scratch)) - target(&sample, wdl);
        error * error
    }

    /// Adds the gradient of sample `i`'s squared error to `grad` (laid out as the
    /// parameters); returns the error.
    pub fn backward(
        &self,
        set: &TrainingSet,
        i: usize,
        wdl: f32,
        scratch: &mut Scratch,
        grad: &mut [f32],
    ) -> f32 {
        let sample = set.sample(i);
        self.accumulate(&sample, scratch);
        let (h, at) = (self.hidden, layout(self.hidden));
        let p = sigmoid(self.output(scratch));
        let error = p - target(&sample, wdl);
        // d(error²)/d(output) through the sigmoid.
        let g = 2.0 * error * p * (1.0 - p);
        grad[at.output_bias] += g;
        let (w_ours, w_theirs) = self.params[at.output..at.output_bias].split_at(h);
        let (g_out, _) = grad[at.output..at.output_bias + 1].split_at_mut(2 * h);
        let (g_ours, g_theirs) = g_out.split_at_mut(h);
        // SCReLU's derivative, 2x on (0, 1), folded into the accumulators' gradient in place.
        for (j, a) in scratch.ours.iter_mut().enumerate() {
            let c = a.clamp(0.0, 1.0);
            g_ours[j] += g * c * c;
            *a = if *a > 0.0 && *a < 1.0 {
                g * w_ours[j] * 2.0 * *a
            } else {
                0.0
            };
        }
        for (j, a) in scratch.theirs.iter_mut().enumerate() {
            let c = a.clamp(0.0, 1.0);
            g_theirs[j] += g * c * c;
            *a = if *a > 0.0 && *a < 1.0 {
                g * w_theirs[j] * 2.0 * *a
            } else {
                0.0
            };
        }
        let g_bias = &mut grad[at.bias..at.bias + h];
        for ((b, o), t) in g_bias.iter_mut().zip(&scratch.ours).zip(&scratch.theirs) {
            *b += o + t;
        }
        for &f in sample.ours {
            let (mine, other) = match sample.black_to_move {
                false => (f, flipped(f)),
                true => (flipped(f), f),
            };
            let row = &mut grad[usize::from(mine) * h..][..h];
            row.iter_mut().zip(&scratch.ours).for_each(|(r, d)| *r += d);
            let row = &mut grad[usize::from(other) * h..][..h];
            row.iter_mut()
                .zip(&scratch.theirs)
                .for_each(|(r, d)| *r += d);
        }
        error * error
    }

    /// The quantised network, rounded as bullet's `.round()` does: feature weights and bias
    /// ×QA, output weights ×QB, output bias ×QA·QB, each to i16; a value out of i16's range
    /// is an error, as in bullet.
    pub fn quantise(&self) -> Result<Network, String> {
        let (h, at) = (self.hidden, layout(self.hidden));
        let q = |values: &[f32], factor: i32| -> Result<Vec<i16>, String> {
            values
                .iter()
                .map(|&v| {
                    let x = (f64::from(v) * f64::from(factor)).round();
                    i16::try_from(x as i64)
                        .map_err(|_| format!("{v} × {factor} = {x} does not fit an i16"))
                })
                .collect()
        };
        Ok(Network::from_parts(
            q(&self.params[..at.bias], QA)?,
            q(&self.params[at.bias..at.bias + h], QA)?,
            q(&self.params[at.output..at.output_bias], QB)?,
            q(&self.params[at.output_bias..], QA * QB)?[0],
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every parameter's gradient agrees with a finite difference of the loss.
    #[test]
    fn the_gradient_is_the_losss_derivative() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("d.txt");
        std::fs::write(
            &path,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1 | 80 | 0.0\n",
        )
        .unwrap();
        let mut set = TrainingSet::default();
        set.read_file(&path, None).unwrap();
        let mut seed = 12345u32;
        let mut draw = || {
            seed = seed.wrapping_mul(1664525).wrapping_add(1013904223);
            (seed >> 8) as f32 / (1u32 << 24) as f32
        };
        let mut net = FloatNetwork::new(4, &mut draw);
        // Biases away from zero, and accumulators inside SCReLU's slope.
        let at = layout(4);
        for j in 0..4 {
            net.params[at.bias + j] = 0.3 + 0.1 * j as f32;
        }
        net.params[at.output_bias] = 0.2;
        let mut scratch = Scratch::new(4);
        let mut grad = vec![0.0; net.params.len()];
        net.backward(&set, 0, 0.4, &mut scratch, &mut grad);
        let touched: Vec<usize> = (0..net.params.len()).filter(|&i| grad[i] != 0.0).collect();
        assert!(touched.len() > 100, "{}", touched.len());
        for &i in touched.iter().step_by(7).chain(&[at.output_bias]) {
            let eps = 1e-2;
            let mut plus = net.clone();
            plus.params[i] += eps;
            let mut minus = net.clone();
            minus.params[i] -= eps;
            let numeric = (plus.loss(&set, 0, 0.4, &mut scratch)
                - minus.loss(&set, 0, 0.4, &mut scratch))
                / (2.0 * eps);
            assert!(
                (numeric - grad[i]).abs() <= 1e-3 + 0.05 * grad[i].abs(),
                "parameter {i}: {numeric} by difference, {} by backward",
                grad[i]
            );
        }
    }
}
