//! CSV: the header, then a record a row, each cell's value (not its shown text).

use super::exporter::Exporter;
use crate::output::number_format::spreadsheet_number;
use crate::output::table::{Table, Value};

/// RFC 4180 CSV, quoted only where a field needs it.
pub struct Csv;

/// A value as the CSV holds it.
fn field(value: &Value) -> String {
    match value {
        Value::Text(text) => text.clone(),
        Value::Number(value) => value.map_or(String::new(), spreadsheet_number),
        Value::Whole(value) => value.to_string(),
    }
}

impl Exporter for Csv {
    fn render(&self, table: &Table) -> String {
        let mut writer = csv::Writer::from_writer(Vec::new());
        let records = std::iter::once(table.columns().iter().map(|c| c.title.clone()).collect())
            .chain(
                table
                    .rows()
                    .iter()
                    .map(|row| row.iter().map(|c| field(c.value())).collect()),
            );
        for record in records {
            let record: Vec<String> = record;
            // Writing to memory fails only on a bug in the csv crate.
            writer.write_record(&record).expect("CSV to memory");
        }
        String::from_utf8(writer.into_inner().expect("CSV to memory")).expect("CSV of UTF-8")
    }
}
