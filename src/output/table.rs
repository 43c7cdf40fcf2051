//! A table as data: titled, aligned columns and rows of cells, each cell holding what a reader
//! sees and the value a spreadsheet reads. Every report builds its tables as this, and one
//! writer a format (`output::export`) renders them as aligned text, Markdown, CSV and JSON, so
//! no format is written by hand twice and the four cannot disagree.

use super::number_format::spreadsheet_number;

/// Where a column's cells sit in the text formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// What a cell holds for CSV and JSON.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// Text, written as it is (the CSV writer quotes it when it must).
    Text(String),
    /// A measured number; empty (JSON `null`) when there is none.
    Number(Option<f64>),
    /// A count.
    Whole(u64),
}

/// One cell: what the text formats show, and its value for CSV and JSON.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    shown: String,
    value: Value,
}

impl Cell {
    /// Text, shown and stored as it is.
    pub fn text(text: impl Into<String>) -> Cell {
        let text = text.into();
        Cell {
            shown: text.clone(),
            value: Value::Text(text),
        }
    }

    /// A measured number, shown in the spreadsheet's form (empty when there is none).
    pub fn number(value: Option<f64>) -> Cell {
        Cell {
            shown: value.map_or(String::new(), spreadsheet_number),
            value: Value::Number(value),
        }
    }

    /// A count.
    pub fn whole(value: u64) -> Cell {
        Cell {
            shown: value.to_string(),
            value: Value::Whole(value),
        }
    }

    /// An optional count: empty when there is none.
    pub fn whole_or_empty(value: Option<u64>) -> Cell {
        value.map_or(Cell::number(None), Cell::whole)
    }

    /// The same value, shown otherwise in the text formats (`0.889 [0.85, 0.93]`, `1,000`).
    pub fn shown_as(self, shown: impl Into<String>) -> Cell {
        Cell {
            shown: shown.into(),
            ..self
        }
    }

    /// What the text formats show.
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// What CSV and JSON hold.
    pub fn value(&self) -> &Value {
        &self.value
    }
}

impl From<String> for Cell {
    fn from(text: String) -> Cell {
        Cell::text(text)
    }
}

impl From<&str> for Cell {
    fn from(text: &str) -> Cell {
        Cell::text(text)
    }
}

/// A column: its title (also its CSV header and JSON key) and its alignment.
#[derive(Debug, Clone)]
pub struct Column {
    pub title: String,
    pub align: Align,
}

/// A table: its columns and its rows, one cell per column.
#[derive(Debug, Clone, Default)]
pub struct Table {
    columns: Vec<Column>,
    rows: Vec<Vec<Cell>>,
    gap: usize,
}

impl Table {
    /// A table with these column titles: the first left-aligned, the others right-aligned.
    pub fn new(titles: &[&str]) -> Table {
        let align: String = (0..titles.len())
            .map(|i| if i == 0 { 'l' } else { 'r' })
            .collect();
        Table::aligned(titles, &align)
    }

    /// A table whose alignment is given as an `l` or `r` per column.
    pub fn aligned(titles: &[&str], align: &str) -> Table {
        let columns = titles
            .iter()
            .enumerate()
            .map(|(i, title)| Column {
                title: title.to_string(),
                align: match align.as_bytes().get(i) {
                    Some(b'r') => Align::Right,
                    _ => Align::Left,
                },
            })
            .collect();
        Table {
            columns,
            rows: Vec::new(),
            gap: 2,
        }
    }

    /// Spaces between columns in aligned text (default 2); 1 keeps wide tables within 80
    /// columns.
    pub fn with_gap(mut self, gap: usize) -> Table {
        self.gap = gap.max(1);
        self
    }

    /// Appends a row; it must have one cell per column (a programming error otherwise).
    pub fn row<C: Into<Cell>>(&mut self, cells: Vec<C>) {
        assert_eq!(cells.len(), self.columns.len(), "one cell per column");
        self.rows.push(cells.into_iter().map(Into::into).collect());
    }

    /// The table with these rows appended.
    pub fn with_rows<C: Into<Cell>>(mut self, rows: Vec<Vec<C>>) -> Table {
        for row in rows {
            self.row(row);
        }
        self
    }

    /// The columns.
    pub fn columns(&self) -> &[Column] {
        &self.columns
    }

    /// The rows.
    pub fn rows(&self) -> &[Vec<Cell>] {
        &self.rows
    }

    /// Spaces between columns in aligned text.
    pub fn gap(&self) -> usize {
        self.gap
    }
}
