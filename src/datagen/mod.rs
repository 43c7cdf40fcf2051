//! `ablate datagen`: self-play games of one variant at a node budget, from the openings with
//! random plies after the book, written as training data in the field's text form, one
//! `FEN | score | result` a line (white's view), as bullet's and marlinflow's converters read
//! it.
//!
//! A run is a pipeline as a match is: plan (`datagen_plan`: the variant, the budget, each
//! game's start from the seed), play (`datagen_session`, on `matches::game::play_game`, the
//! match's own game under its rules and adjudication), keep (`kept_positions`: which positions
//! of a game become lines, and why the others are dropped), record (`data_index`: the data file
//! and its index of finished games, resume, canonical order; `datagen_manifest`). Game `i` is
//! decided by the seed and `i` alone, so the data is the same for any `--jobs`, any shards
//! merged (`datagen_merge`), and any number of sittings. `from_games` takes the same lines from
//! the games of matches already played, whose every move keeps its search score.

pub mod data_index;
pub mod datagen_manifest;
pub mod datagen_merge;
pub mod datagen_plan;
pub mod datagen_session;
pub mod from_games;
pub mod kept_positions;
pub mod random_plies;
