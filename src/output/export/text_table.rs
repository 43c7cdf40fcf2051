//! Aligned text for the terminal: the widest cell sets a column's width.

use super::exporter::Exporter;
use crate::output::table::{Align, Cell, Table};

/// Aligned columns, `Table::gap` spaces apart, the header first.
pub struct Text;

impl Exporter for Text {
    fn render(&self, table: &Table) -> String {
        let titles: Vec<&str> = table.columns().iter().map(|c| c.title.as_str()).collect();
        let mut widths: Vec<usize> = titles.iter().map(|t| t.chars().count()).collect();
        for row in table.rows() {
            for (width, cell) in widths.iter_mut().zip(row) {
                *width = (*width).max(cell.shown().chars().count());
            }
        }
        let line = |cells: &[&str]| {
            let mut text = String::new();
            for (i, (cell, column)) in cells.iter().zip(table.columns()).enumerate() {
                let w = widths[i];
                if i > 0 {
                    text.push_str(&" ".repeat(table.gap()));
                }
                match column.align {
                    Align::Left => text.push_str(&format!("{cell:<w$}")),
                    Align::Right => text.push_str(&format!("{cell:>w$}")),
                }
            }
            format!("{}\n", text.trim_end())
        };
        let mut out = line(&titles);
        for row in table.rows() {
            out.push_str(&line(&row.iter().map(Cell::shown).collect::<Vec<_>>()));
        }
        out
    }
}
