//! What the user sees in the terminal: tables, the progress bar.

pub mod progress_bar;
pub mod table;
