//! AdamW as bullet's CPU and GPU kernels apply it (crates/trainer/src/optimiser/adam.rs at
//! cebc78a): decay first, then the moments, then the step m / (√v + ε), then every weight
//! clipped to [−1.98, 1.98], with no bias correction of the moments. The clipping is what
//! keeps the quantised weights inside i16.

/// The optimiser's settings: bullet's `AdamWParams::default()`.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct AdamWParams {
    pub decay: f32,
    pub beta1: f32,
    pub beta2: f32,
    pub min_weight: f32,
    pub max_weight: f32,
}

impl Default for AdamWParams {
    fn default() -> Self {
        AdamWParams {
            decay: 0.01,
            beta1: 0.9,
            beta2: 0.999,
            min_weight: -1.98,
            max_weight: 1.98,
        }
    }
}

const EPSILON: f32 = 1e-8;

/// The moments of every parameter.
#[derive(Debug, Clone, PartialEq)]
pub struct AdamW {
    pub params: AdamWParams,
    pub momentum: Vec<f32>,
    pub velocity: Vec<f32>,
}

impl AdamW {
    /// Zero moments for `n` parameters.
    pub fn new(n: usize, params: AdamWParams) -> AdamW {
        AdamW {
            params,
            momentum: vec![0.0; n],
            velocity: vec![0.0; n],
        }
    }

    /// One step of `rate` along `grad`.
    pub fn step(&mut self, weights: &mut [f32], grad: &[f32], rate: f32) {
        let p = self.params;
        let moments = self.momentum.iter_mut().zip(self.velocity.iter_mut());
        for ((w, g), (m, v)) in weights.iter_mut().zip(grad).zip(moments) {
            *w *= 1.0 - p.decay * rate;
            *m = p.beta1 * *m + (1.0 - p.beta1) * g;
            *v = p.beta2 * *v + (1.0 - p.beta2) * g * g;
            *w -= rate * *m / (v.sqrt() + EPSILON);
            *w = w.clamp(p.min_weight, p.max_weight);
        }
    }
}
