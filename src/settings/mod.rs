//! A match's settings as the command line and a config's `[runs]` give them alike: the limit
//! per move, the SPRT, adjudication, shards and the rest, each read once, at the start.

pub mod adjudication_rules;
pub mod given;
pub mod key_text;
pub mod match_settings;
pub mod move_limit;
pub mod shard;
pub mod sprt;
pub mod values;

pub use match_settings::MatchSettings;
