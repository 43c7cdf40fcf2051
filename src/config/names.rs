//! Names of experiments and variants, and the variants a grid names (`key=value,key=value`).

use super::keys;
use toml::{Table, Value};

/// What an experiment name may be, in words.
pub const EXPERIMENT_NAME: &str =
    "a letter, then letters, digits, - _ or . (it names files, and spreadsheets must read it as text)";
/// What a variant name may be, in words.
pub const VARIANT_NAME: &str =
    "a letter, then letters, digits, - _ . = or , (grid names are key=value,key=value)";

/// A letter first, so that no spreadsheet reads the name as a number or a formula.
fn is_name(name: &str, allowed: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || allowed.contains(c))
}

/// Experiment names become file names and CSV cells.
pub fn is_experiment_name(name: &str) -> bool {
    is_name(name, "-_.")
}

/// Variant names become CSV cells; grid names (`key=value,key=value`) are among them.
pub fn is_variant_name(name: &str) -> bool {
    is_name(name, "-_.=,")
}

/// Every combination of the grid's values, last key varying fastest, named `k=v,k=v`.
pub fn grid_variants(grid: &Table) -> Result<Vec<(String, Table)>, String> {
    let mut axes: Vec<(&String, &Vec<Value>)> = Vec::new();
    for (key, values) in grid {
        match values {
            Value::Array(list) if !list.is_empty() => axes.push((key, list)),
            other => {
                return Err(format!(
                    "\"{key}\" = {other}; expected a non-empty list of values"
                ))
            }
        }
    }
    let mut combos: Vec<(Vec<String>, Table)> = vec![(Vec::new(), Table::new())];
    for (key, values) in axes {
        let mut next = Vec::new();
        for (names, table) in &combos {
            for value in values {
                let mut names = names.clone();
                let shown = match value {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                names.push(format!("{key}={shown}"));
                let mut table = table.clone();
                keys::insert(&mut table, key, value.clone());
                next.push((names, table));
            }
        }
        combos = next;
    }
    Ok(combos
        .into_iter()
        .filter(|(n, _)| !n.is_empty())
        .map(|(n, t)| (n.join(","), t))
        .collect())
}
