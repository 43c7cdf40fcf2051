//! The table writers: one per format, each behind `Exporter`, so that a report builds its
//! tables once as data and says which formats it wants.

pub mod csv_table;
pub mod exporter;
pub mod json_table;
pub mod markdown_table;
pub mod text_table;

pub use csv_table::Csv;
pub use exporter::Exporter;
pub use json_table::Json;
pub use markdown_table::Markdown;
pub use text_table::Text;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::table::{Cell, Table};

    #[test]
    fn text_and_markdown_show_the_same_cells() {
        let mut t = Table::new(&["id", "n"]);
        t.row(vec![Cell::text("a"), Cell::whole(1000).shown_as("1,000")]);
        assert_eq!(Text.render(&t), "id      n\na   1,000\n");
        assert_eq!(
            Markdown.render(&t),
            "| id | n |\n|---|---:|\n| a | 1,000 |\n"
        );
        let left = Table::aligned(&["a", "b"], "ll").with_rows(vec![vec!["x", "1"]]);
        assert_eq!(Markdown.render(&left), "| a | b |\n|---|---|\n| x | 1 |\n");
    }

    #[test]
    fn csv_and_json_hold_the_same_values() {
        let mut t = Table::new(&["name", "ratio", "count"]);
        t.row(vec![
            Cell::text("a,\"b\""),
            Cell::number(Some(0.5)).shown_as("0.500"),
            Cell::whole(3),
        ]);
        t.row(vec![
            Cell::text("c"),
            Cell::number(None),
            Cell::whole_or_empty(None),
        ]);
        assert_eq!(
            Csv.render(&t),
            "name,ratio,count\n\"a,\"\"b\"\"\",0.5,3\nc,,\n"
        );
        let json: serde_json::Value = serde_json::from_str(&Json.render(&t)).unwrap();
        assert_eq!(json[0]["name"], "a,\"b\"");
        assert_eq!(json[0]["ratio"], 0.5);
        assert_eq!(json[0]["count"], 3);
        assert!(json[1]["ratio"].is_null() && json[1]["count"].is_null());
    }
}
