//! What the user sees in the terminal: tables, the progress bar, the summary.

pub mod table;
