//! The one trait every table writer implements.

use crate::output::table::Table;

/// A format a table is written in.
pub trait Exporter {
    /// The table in this format.
    fn render(&self, table: &Table) -> String;
}
