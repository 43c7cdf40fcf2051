//! Tidy tables as data: named columns, one row per observation, rendered as CSV and as JSON
//! from the same cells, so the two files cannot disagree and no format is written twice.

/// One cell of a tidy table.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    /// Text, written as it is (the CSV writer quotes it when it must).
    Text(String),
    /// A measured number; empty (JSON `null`) when there is none.
    Number(Option<f64>),
    /// A count.
    Whole(u64),
}

impl Cell {
    /// An optional count: empty when there is none.
    pub fn whole_or_empty(value: Option<u64>) -> Cell {
        value.map_or(Cell::Number(None), Cell::Whole)
    }

    /// The cell as the CSV holds it.
    fn csv(&self) -> String {
        match self {
            Cell::Text(text) => text.clone(),
            Cell::Number(value) => value.map_or(String::new(), number),
            Cell::Whole(value) => value.to_string(),
        }
    }

    /// The cell as a JSON value.
    fn json(&self) -> serde_json::Value {
        match self {
            Cell::Text(text) => serde_json::Value::String(text.clone()),
            Cell::Number(value) => value
                .map(number)
                .and_then(|n| serde_json::from_str(&n).ok())
                .unwrap_or(serde_json::Value::Null),
            Cell::Whole(value) => serde_json::Value::from(*value),
        }
    }
}

/// A number as a spreadsheet writes it back: six decimals at most, no trailing zeros, no
/// exponent, no negative zero (LibreOffice reads `1.0` and writes `1`). So a tidy CSV comes
/// back from Calc as it went.
pub fn number(x: f64) -> String {
    let rounded = (x * 1e6).round() / 1e6 + 0.0;
    format!("{rounded}")
}

/// A tidy table: its column names and its rows of cells, one cell per column.
#[derive(Debug, Clone, Default)]
pub struct Tidy {
    columns: Vec<&'static str>,
    rows: Vec<Vec<Cell>>,
}

impl Tidy {
    /// An empty table with these columns.
    pub fn new(columns: &[&'static str]) -> Tidy {
        Tidy {
            columns: columns.to_vec(),
            rows: Vec::new(),
        }
    }

    /// Adds a row; it must have one cell per column (a programming error otherwise).
    pub fn row(&mut self, cells: Vec<Cell>) {
        assert_eq!(cells.len(), self.columns.len(), "one cell per column");
        self.rows.push(cells);
    }

    /// The rows.
    pub fn rows(&self) -> &[Vec<Cell>] {
        &self.rows
    }

    /// The table as CSV, header first.
    pub fn csv(&self) -> anyhow::Result<String> {
        let mut writer = csv::Writer::from_writer(Vec::new());
        writer.write_record(&self.columns)?;
        for row in &self.rows {
            writer.write_record(row.iter().map(Cell::csv))?;
        }
        Ok(String::from_utf8(writer.into_inner()?)?)
    }

    /// The table as a JSON array of objects, one per row, keys in column order.
    pub fn json(&self) -> String {
        let objects: Vec<String> = self
            .rows
            .iter()
            .map(|row| {
                let fields: Vec<String> = self
                    .columns
                    .iter()
                    .zip(row)
                    .map(|(column, cell)| {
                        format!("    {}: {}", serde_json::Value::from(*column), cell.json())
                    })
                    .collect();
                format!("  {{\n{}\n  }}", fields.join(",\n"))
            })
            .collect();
        format!("[\n{}\n]\n", objects.join(",\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_as_a_spreadsheet_writes_them_back() {
        assert_eq!(number(1.0), "1");
        assert_eq!(number(-0.0000001), "0");
        assert_eq!(number(2.345_678_9), "2.345679");
        assert_eq!(number(1e-7), "0");
    }

    #[test]
    fn csv_and_json_hold_the_same_cells() {
        let mut t = Tidy::new(&["name", "ratio", "count"]);
        t.row(vec![
            Cell::Text("a,\"b\"".into()),
            Cell::Number(Some(0.5)),
            Cell::Whole(3),
        ]);
        t.row(vec![
            Cell::Text("c".into()),
            Cell::Number(None),
            Cell::whole_or_empty(None),
        ]);
        assert_eq!(
            t.csv().unwrap(),
            "name,ratio,count\n\"a,\"\"b\"\"\",0.5,3\nc,,\n"
        );
        let json: serde_json::Value = serde_json::from_str(&t.json()).unwrap();
        assert_eq!(json[0]["name"], "a,\"b\"");
        assert_eq!(json[0]["ratio"], 0.5);
        assert_eq!(json[0]["count"], 3);
        assert!(json[1]["ratio"].is_null() && json[1]["count"].is_null());
    }
}
