//! Configuration: the search knobs, key paths and overrides, and experiment files.

pub mod experiment;
pub mod keys;
pub mod search_config;

pub use search_config::SearchConfig;
