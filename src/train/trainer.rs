//! The training loop: epochs over a shuffled training set in batches, each batch's gradient
//! summed over fixed slices of it in parallel (rayon), then one AdamW step; after each epoch
//! the held-out positions' loss, a checkpoint and the quantised net. The slices are fixed by
//! the batch, not by the threads, and summed in order, so the net is the same for any
//! `--jobs`; the shuffles come from the seed and the epoch, so a resumed run is the run that
//! was not interrupted.

use super::adamw::{AdamW, AdamWParams};
use super::float_network::{parameter_count, FloatNetwork, Scratch};
use super::training_data::TrainingSet;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Positions whose gradients one task sums: fixed, so that the sum's order does not depend on
/// the threads.
const SLICE: usize = 512;

/// How a net is trained.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TrainSettings {
    /// The hidden layer, H.
    pub hidden: usize,
    /// Passes over the training positions.
    pub epochs: u32,
    /// Positions a step.
    pub batch: usize,
    /// The learning rate at the start.
    pub lr: f32,
    /// The rate is multiplied by `lr_gamma` every `lr_step` epochs (bullet's `StepLR`).
    pub lr_gamma: f32,
    pub lr_step: u32,
    /// The target's weight on the game's result (1 − it on the search score): bullet's `wdl`.
    pub wdl: f32,
    /// The share of positions held out for the validation loss.
    pub validation: f64,
    /// The seed of the initial weights, the split and the shuffles.
    pub seed: u64,
    /// AdamW's settings.
    pub adamw: AdamWParams,
}

impl TrainSettings {
    /// Settings that cannot train, refused with the flag.
    pub fn check(&self) -> Result<(), crate::error::InputError> {
        let settings = self;
        let bad =
            |flag: &str, message: String| Err(crate::error::InputError::in_file(flag, message));
        if !(1..=crate::chess::nnue::network::MAX_HIDDEN).contains(&settings.hidden) {
            return bad(
                "--hidden",
                format!("{}; expected 1 to 4096", settings.hidden),
            );
        }
        if settings.batch == 0 {
            return bad("--batch", "0; expected 1 or more positions a step".into());
        }
        if !(0.0..=1.0).contains(&settings.wdl) {
            return bad(
                "--wdl",
                format!(
                    "{}; expected 0.0 (the score alone) to 1.0 (the result alone)",
                    settings.wdl
                ),
            );
        }
        if !(0.0..1.0).contains(&settings.validation) {
            return bad(
                "--validation",
                format!(
                    "{}; expected a share from 0.0 to below 1.0",
                    settings.validation
                ),
            );
        }
        if settings.lr.is_nan() || settings.lr <= 0.0 {
            return bad("--lr", format!("{}; expected a positive rate", settings.lr));
        }
        // A factor of 0 or less would zero the rate, or flip its sign, at the first drop.
        if settings.lr_gamma.is_nan() || settings.lr_gamma <= 0.0 {
            let message = format!("{}; expected a factor above 0", settings.lr_gamma);
            return bad("--lr-gamma", message);
        }
        Ok(())
    }

    /// The rate of epoch `epoch` (0-based).
    pub fn rate(&self, epoch: u32) -> f32 {
        self.lr * self.lr_gamma.powi((epoch / self.lr_step.max(1)) as i32)
    }
}

/// One epoch's figures.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct EpochRecord {
    /// 1-based.
    pub epoch: u32,
    pub lr: f32,
    /// Mean squared error over the epoch's batches, as they were trained.
    pub train_loss: f64,
    /// Mean squared error of the held-out positions after the epoch.
    pub validation_loss: f64,
    /// Training positions a second, the validation aside.
    pub positions_per_second: f64,
    pub seconds: f64,
}

/// Where a run stands: the net, the optimiser and what each epoch gave.
#[derive(Debug, Clone, PartialEq)]
pub struct TrainState {
    pub net: FloatNetwork,
    pub adam: AdamW,
    pub history: Vec<EpochRecord>,
}

impl TrainState {
    /// A new net from the settings' seed.
    pub fn start(settings: &TrainSettings) -> TrainState {
        let mut rng = ChaCha8Rng::seed_from_u64(settings.seed);
        let net = FloatNetwork::new(settings.hidden, || rng.random::<f32>());
        let adam = AdamW::new(parameter_count(settings.hidden), settings.adamw);
        TrainState {
            net,
            adam,
            history: Vec::new(),
        }
    }
}

/// The positions trained on and those held out, split by the seed.
pub struct Split {
    pub train: Vec<u32>,
    pub validation: Vec<u32>,
}

/// Holds out `settings.validation` of `set` (at least one position when there are two).
pub fn split(set: &TrainingSet, settings: &TrainSettings) -> Split {
    let mut all: Vec<u32> = (0..set.len() as u32).collect();
    all.shuffle(&mut ChaCha8Rng::seed_from_u64(settings.seed ^ 0x5EED));
    let held =
        ((set.len() as f64 * settings.validation).ceil() as usize).min(set.len().saturating_sub(1));
    let train = all.split_off(held);
    Split {
        train,
        validation: all,
    }
}

/// The mean squared error of `indices`.
pub fn mean_loss(net: &FloatNetwork, set: &TrainingSet, indices: &[u32], wdl: f32) -> f64 {
    if indices.is_empty() {
        return 0.0;
    }
    let sums: Vec<f64> = indices
        .par_chunks(SLICE)
        .map(|slice| {
            let mut scratch = Scratch::new(net.hidden);
            slice
                .iter()
                .map(|&i| f64::from(net.loss(set, i as usize, wdl, &mut scratch)))
                .sum()
        })
        .collect();
    sums.iter().sum::<f64>() / indices.len() as f64
}

/// Trains epoch after epoch from `state` until `settings.epochs`, calling `after_epoch` with
/// each finished one (to checkpoint and report) and `on_batch` with the positions trained so
/// far in the epoch. Returns early, with the epochs finished, when `stop` is set.
pub fn train(
    set: &TrainingSet,
    split: &Split,
    settings: &TrainSettings,
    state: &mut TrainState,
    stop: &AtomicBool,
    on_batch: &mut dyn FnMut(usize, f64),
    after_epoch: &mut dyn FnMut(&TrainState) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let n = parameter_count(settings.hidden);
    let slices = settings.batch.div_ceil(SLICE);
    let mut grads: Vec<Vec<f32>> = vec![vec![0.0; n]; slices];
    let mut total = vec![0.0f32; n];
    while (state.history.len() as u32) < settings.epochs {
        let epoch = state.history.len() as u32;
        let rate = settings.rate(epoch);
        let mut order = split.train.clone();
        order.shuffle(&mut ChaCha8Rng::seed_from_u64(
            settings.seed.wrapping_add(u64::from(epoch) + 1),
        ));
        let started = Instant::now();
        let (mut loss_sum, mut seen) = (0.0f64, 0usize);
        for batch in order.chunks(settings.batch) {
            if stop.load(Ordering::Relaxed) {
                return Ok(());
            }
            let net = &state.net;
            let used = batch.len().div_ceil(SLICE);
            let losses: Vec<f64> = grads[..used]
                .par_iter_mut()
                .zip(batch.par_chunks(SLICE))
                .map(|(grad, slice)| {
                    grad.iter_mut().for_each(|g| *g = 0.0);
                    let mut scratch = Scratch::new(net.hidden);
                    slice
                        .iter()
                        .map(|&i| {
                            let e = net.backward(set, i as usize, settings.wdl, &mut scratch, grad);
                            f64::from(e)
                        })
                        .sum()
                })
                .collect();
            total.copy_from_slice(&grads[0]);
            for grad in &grads[1..used] {
                total.iter_mut().zip(grad).for_each(|(t, g)| *t += g);
            }
            let scale = 1.0 / batch.len() as f32;
            total.iter_mut().for_each(|t| *t *= scale);
            state.adam.step(&mut state.net.params, &total, rate);
            loss_sum += losses.iter().sum::<f64>();
            seen += batch.len();
            on_batch(seen, loss_sum / seen as f64);
        }
        let seconds = started.elapsed().as_secs_f64();
        let validation_loss = mean_loss(&state.net, set, &split.validation, settings.wdl);
        state.history.push(EpochRecord {
            epoch: epoch + 1,
            lr: rate,
            train_loss: loss_sum / seen.max(1) as f64,
            validation_loss,
            positions_per_second: seen as f64 / seconds.max(1e-9),
            seconds,
        });
        after_epoch(state)?;
    }
    Ok(())
}

/// The mean squared error of `indices` as the quantised `network` evaluates them: integer
/// accumulators and the integer output in centipawns, read through the same sigmoid.
pub fn quantised_loss(
    network: &crate::chess::nnue::Network,
    set: &TrainingSet,
    indices: &[u32],
    wdl: f32,
) -> f64 {
    use super::training_data::flipped;
    if indices.is_empty() {
        return 0.0;
    }
    let h = network.hidden();
    let sums: Vec<f64> = indices
        .par_chunks(SLICE)
        .map(|slice| {
            let (mut ours, mut theirs) = (vec![0i16; h], vec![0i16; h]);
            let mut sum = 0.0;
            for &i in slice {
                let sample = set.sample(i as usize);
                ours.copy_from_slice(network.bias());
                theirs.copy_from_slice(network.bias());
                for &f in sample.ours {
                    let (mine, other) = match sample.black_to_move {
                        false => (f, flipped(f)),
                        true => (flipped(f), f),
                    };
                    let row = network.feature_row(usize::from(mine));
                    ours.iter_mut()
                        .zip(row)
                        .for_each(|(a, w)| *a = a.wrapping_add(*w));
                    let row = network.feature_row(usize::from(other));
                    theirs
                        .iter_mut()
                        .zip(row)
                        .for_each(|(a, w)| *a = a.wrapping_add(*w));
                }
                let cp = network.evaluate(&ours, &theirs) as f32;
                let p = 1.0 / (1.0 + (-cp / crate::chess::nnue::network::SCALE as f32).exp());
                let error = p - super::float_network::target(&sample, wdl);
                sum += f64::from(error * error);
            }
            sum
        })
        .collect();
    sums.iter().sum::<f64>() / indices.len() as f64
}
