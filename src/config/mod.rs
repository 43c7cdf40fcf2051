//! Configuration: the search knobs, key paths and overrides, depths, and experiment files.

pub mod choices;
pub mod comparison;
pub mod descriptor;
pub mod design;
pub mod design_model;
pub mod design_points;
pub mod engine;
pub mod experiment;
pub mod extends;
pub mod file_tables;
pub mod fractions;
pub mod identity;
pub mod keys;
pub mod knob;
pub mod layer;
pub mod lint;
pub mod minimal_mode;
pub mod names;
pub mod paths;
pub mod resolve;
pub mod runs;
pub mod search_config;
pub mod table_paths;
pub mod typed_tables;

pub use search_config::SearchConfig;

/// The depth bound and its check live with the values both the command line and the files
/// take (`settings::values`), which stand below the configuration.
pub use crate::settings::values::{check_depth, MAX_DEPTH};
