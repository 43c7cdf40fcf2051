//! Dotted key paths over TOML tables (`ordering.killers`): a table's leaves as paths, a value
//! set at a path, and the aliases a path may be written as. What keys and knobs both build on,
//! so neither imports the other for it.

use toml::{Table, Value};

/// The leaves of a table as (dotted key, value) pairs.
pub fn flatten(table: &Table) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    flatten_into("", table, &mut out);
    out
}

/// Keys that stand for another: `eval = "pst"` names the evaluation's kind, as it did before
/// the evaluation had terms.
const ALIASES: &[(&str, &str)] = &[("eval", "eval.kind")];

/// The key `key` stands for (itself unless it is an alias).
pub fn canonical(key: &str) -> &str {
    ALIASES
        .iter()
        .find(|(alias, _)| *alias == key)
        .map_or(key, |(_, real)| real)
}

fn flatten_into(prefix: &str, table: &Table, out: &mut Vec<(String, Value)>) {
    for (key, value) in table {
        let path = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        let path = if value.is_table() {
            path
        } else {
            canonical(&path).to_string()
        };
        match value {
            Value::Table(inner) => flatten_into(&path, inner, out),
            other => out.push((path, other.clone())),
        }
    }
}

/// Sets `a.b.c = value`, creating intermediate tables; a later set of the same key wins.
pub fn insert(table: &mut Table, key: &str, value: Value) {
    let mut parts = key.split('.').peekable();
    let mut current = table;
    while let Some(part) = parts.next() {
        if parts.peek().is_none() {
            current.insert(part.to_string(), value);
            return;
        }
        let entry = current
            .entry(part.to_string())
            .or_insert_with(|| Value::Table(Table::new()));
        if !entry.is_table() {
            *entry = Value::Table(Table::new());
        }
        current = match entry {
            Value::Table(t) => t,
            _ => unreachable!("made a table just above"),
        };
    }
}
