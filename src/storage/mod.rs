//! Where runs and matches are kept: the results CSV (streamed rows, resume, canonical rewrite),
//! the JSON manifest beside it with its provenance, and atomic writes.

pub mod aside;
pub mod atomic;
pub mod manifest;
pub mod provenance;
pub mod results_csv;

pub use atomic::write_atomically;
