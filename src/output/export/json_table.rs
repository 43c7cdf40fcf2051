//! JSON: an array of objects, one per row, keyed by the column titles in column order.

use super::exporter::Exporter;
use crate::output::number_format::spreadsheet_number;
use crate::output::table::{Table, Value};

/// One object a row, a field a line, the numbers as the CSV writes them.
pub struct Json;

/// A value as JSON.
fn json_value(value: &Value) -> serde_json::Value {
    match value {
        Value::Text(text) => serde_json::Value::String(text.clone()),
        Value::Number(value) => value
            .map(spreadsheet_number)
            .and_then(|n| serde_json::from_str(&n).ok())
            .unwrap_or(serde_json::Value::Null),
        Value::Whole(value) => serde_json::Value::from(*value),
    }
}

impl Exporter for Json {
    fn render(&self, table: &Table) -> String {
        let objects: Vec<String> = table
            .rows()
            .iter()
            .map(|row| {
                let fields: Vec<String> = table
                    .columns()
                    .iter()
                    .zip(row)
                    .map(|(column, cell)| {
                        let key = serde_json::Value::from(column.title.as_str());
                        format!("    {key}: {}", json_value(cell.value()))
                    })
                    .collect();
                format!("  {{\n{}\n  }}", fields.join(",\n"))
            })
            .collect();
        format!("[\n{}\n]\n", objects.join(",\n"))
    }
}
