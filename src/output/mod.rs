//! What the user sees: tables in the terminal, the progress bar, and tidy tables as data for
//! CSV and JSON.

pub mod progress_bar;
pub mod table;
pub mod tidy;
