//! `ablate train`: a (768→H)×2→1 network learnt from `FEN | score | result` lines on the CPU,
//! written in bullet's quantised `simple` layout (`chess::nnue::network`).
//!
//! `training_data` reads the lines into compact columns; `float_network` is the net in f32
//! with its sparse forward and backward passes; `adamw` the optimiser as bullet applies it;
//! `trainer` the epochs, batches (rayon), validation loss and determinism; `train_files` the
//! checkpoint and the manifest; `training_run` a run's hash, its resumption and the files it
//! leaves after each epoch.

pub mod adamw;
pub mod float_network;
pub mod train_files;
pub mod trainer;
pub mod training_data;
pub mod training_run;
