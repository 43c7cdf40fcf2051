//! A Markdown pipe table, as the docs' figure blocks and the reports write it.

use super::exporter::Exporter;
use crate::output::table::{Align, Cell, Table};

/// `| a | b |`, then `|---|---:|`, then a line a row.
pub struct Markdown;

/// Rows of text cells as a Markdown table, by the one writer; `align` has an `l` or `r` a
/// column (the figure blocks' and the ladder report's tables).
pub fn markdown_of(header: &[&str], align: &str, rows: &[Vec<String>]) -> String {
    Markdown.render(&Table::aligned(header, align).with_rows(rows.to_vec()))
}

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
