//! ablate: an ablation harness for alpha-beta move ordering with exact, deterministic node counts.
//!
//! The pipeline: config → suite → jobs → search → records → exporters; `runner` drives it and
//! `commands` are thin front ends over it.

mod macros;

pub mod chess;
pub mod cli;
pub mod commands;
pub mod config;
pub mod error;
pub mod jobs;
pub mod matches;
pub mod output;
pub mod records;
pub mod reports;
pub mod runner;
pub mod search;
pub mod signals;
pub mod storage;
pub mod suite;
pub mod uci;
