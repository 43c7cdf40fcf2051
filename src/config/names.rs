//! Names of experiments and variants, and the variants a grid names (`key=value,key=value`).

use super::keys;
use toml::{Table, Value};

/// The default name of the unmodified `[search]` configuration.
pub const BASELINE: &str = "baseline";

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

/// `baseline` must name something: [search] by its declared name (or "baseline" when it
/// declares none), or an engine variant. A name that matches nothing is a typo, and would
/// otherwise run [search] under that name.
pub fn check_baseline(
    baseline: &str,
    search_name: Option<&str>,
    variants: &[String],
    engines: &[String],
) -> Result<(), String> {
    let search_named = search_name.unwrap_or(BASELINE);
    if baseline == search_named || engines.iter().any(|n| n == baseline) {
        return Ok(());
    }
    let mut names: Vec<&str> = vec![search_named];
    names.extend(variants.iter().map(String::as_str));
    let near = names
        .iter()
        .min_by_key(|n| keys::damerau_distance(n, baseline))
        .filter(|n| keys::damerau_distance(n, baseline) <= 2.max(n.len() / 3));
    let hint = near.map_or(String::new(), |n| format!("did you mean \"{n}\"? "));
    let declared = match search_name {
        Some(n) => format!("[search] is \"{n}\""),
        None => "[search] declares no name (name = \"...\" in [search]), so it is \"baseline\""
            .to_string(),
    };
    Err(format!(
        "baseline = \"{baseline}\" names no variant; {hint}expected [search]'s name or an engine variant's; {declared}; the variants are {}",
        names[1..].join(", ")
    ))
}
