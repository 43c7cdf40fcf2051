//! What the user sees: tables as data (`table`), the writers that render them as aligned text,
//! Markdown, CSV and JSON (`export`), how numbers are written (`number_format`), and the
//! progress bar.

pub mod export;
pub mod number_format;
pub mod progress_bar;
pub mod relative_link;
pub mod table;
