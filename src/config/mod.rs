//! Configuration: the search knobs, key paths and overrides, depths, and experiment files.

pub mod choices;
pub mod comparison;
pub mod descriptor;
pub mod design;
pub mod design_points;
pub mod engine;
pub mod engine_args;
pub mod experiment;
pub mod extends;
pub mod fractions;
pub mod identity;
pub mod keys;
pub mod knob;
pub mod lint;
pub mod minimal_mode;
pub mod names;
pub mod paths;
pub mod resolve;
pub mod runs;
pub mod search_config;
pub mod table_paths;
pub mod toml_errors;

pub use search_config::SearchConfig;

/// The deepest nominal depth a user may ask for.
pub const MAX_DEPTH: u32 = 64;

/// The one depth check: a whole number from 1 to `MAX_DEPTH`.
pub fn check_depth(depth: i64) -> Result<u32, String> {
    if (1..=MAX_DEPTH as i64).contains(&depth) {
        Ok(depth as u32)
    } else {
        Err(format!("{depth}; expected a depth from 1 to {MAX_DEPTH}"))
    }
}
