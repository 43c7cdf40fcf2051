//! ablate: an ablation harness for alpha-beta search heuristics, with exact, deterministic node
//! counts.
//!
//! The pipeline: config → suite → jobs → search → records → storage → reports, with matches
//! (pairings → games) and the statistics of games beside it and thin commands on top.
//!
//! # Layers
//!
//! Lowest first. A module imports only from its own line and the lines above it; no file
//! imports one that imports it back. `tests/integration/layers.rs` reads this list and checks
//! every `use`.
//!
//! - `error` `macros` `signals` `output` `digest`: errors, declaration macros, Ctrl-C, terminal
//!   tables, SHA-256 and the short names resumption keys are given
//! - `chess`: board helpers, evaluation, notation, perft
//! - `settings`: a match's settings, as the command line and a config's `[runs]` give them, and
//!   the values both take
//! - `config`: the knobs (each declared once), experiment files, `--set`
//! - `suite`: EPD and PGN position suites
//! - `search`: the one search, its move picker, tables and time budget
//! - `search_record` `game_record`: one results row per (variant, position, depth); one finished
//!   game as the statistics read it (its games CSV row, its result, its moves' depths)
//! - `uci`: UCI both ways: the server (`ablate uci`) and the client (engine variants)
//! - `storage`: the results CSV, resume, atomic writes, the manifest and its provenance
//! - `jobs`: the job list, shards, and executing jobs in parallel
//! - `runner`: an experiment run end to end; merge and check of results
//! - `stats`: what games show (Elo, SPRT, the design fit, trends, precision), from games handed
//!   to it: it reads no file and writes no text
//! - `matches` `datagen` `train`: pairings, games and the games CSV; self-play games as training
//!   data, and the trainer of a network from them
//! - `reports`: the run summary, Markdown, SVG and PGN
//! - `cli`: the command line's arguments and help
//! - `commands`: one thin front end per command

mod macros;

pub mod chess;
pub mod cli;
pub mod commands;
pub mod config;
pub mod datagen;
pub mod digest;
pub mod error;
pub mod game_record;
pub mod jobs;
pub mod matches;
pub mod output;
pub mod reports;
pub mod runner;
pub mod search;
pub mod search_record;
pub mod settings;
pub mod signals;
pub mod stats;
pub mod storage;
pub mod suite;
pub mod train;
pub mod uci;
