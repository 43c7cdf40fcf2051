//! A Markdown pipe table, as the docs' figure blocks and the reports write it.

use super::exporter::Exporter;
use crate::output::table::{Align, Cell, Table};

/// `| a | b |`, then `|---|---:|`, then a line a row.
pub struct Markdown;

impl Exporter for Markdown {
    fn render(&self, table: &Table) -> String {
        let line = |cells: Vec<&str>| format!("| {} |\n", cells.join(" | "));
        let mut out = line(table.columns().iter().map(|c| c.title.as_str()).collect());
        out.push('|');
        for column in table.columns() {
            out.push_str(match column.align {
                Align::Left => "---|",
                Align::Right => "---:|",
            });
        }
        out.push('\n');
        for row in table.rows() {
            out.push_str(&line(row.iter().map(Cell::shown).collect()));
        }
        out
    }
}
