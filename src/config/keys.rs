//! The knobs' keys by name: which are known, a key checked by name (with the one it may have
//! meant), `--set KEY=VALUE` read, and the near-miss suggestions every message shares.

use super::search_config::SearchConfig;
pub use super::table_paths::{canonical, flatten, insert};
use toml::{Table, Value};

/// Every leaf key of `SearchConfig`, dotted (`ordering.killers`), in declaration order.
pub fn known_keys() -> Vec<String> {
    let table = Value::try_from(SearchConfig::default()).expect("the default config serialises");
    match table {
        Value::Table(t) => flatten(&t).into_iter().map(|(k, _)| k).collect(),
        _ => Vec::new(),
    }
}

/// Reads `KEY=VALUE`: VALUE as a TOML value (`true`, `2`, `0.5`, `"x"`), or a bare word as a string.
pub fn parse_set(text: &str) -> Result<(String, Value), String> {
    let Some((key, raw)) = text.split_once('=') else {
        return Err(format!(
            "--set \"{text}\"; expected KEY=VALUE, e.g. ordering.killers=2"
        ));
    };
    let key = key.trim();
    let raw = raw.trim();
    if key.is_empty() || raw.is_empty() {
        return Err(format!(
            "--set \"{text}\"; expected KEY=VALUE with both sides non-empty"
        ));
    }
    let value = match format!("v = {raw}").parse::<Table>() {
        Ok(mut t) => t
            .remove("v")
            .unwrap_or_else(|| Value::String(raw.to_string())),
        Err(_) => Value::String(raw.to_string()),
    };
    Ok((key.to_string(), value))
}

/// One key: is it known, and, for a choice, is its word one of the choice's? `known` is
/// `known_keys()`, worked out once for a table rather than once a key.
pub fn check_name(key: &str, value: &Value, known: &[String]) -> Result<(), String> {
    if !known.iter().any(|k| k == key) {
        return Err(match suggest(key, known) {
            Some(best) => format!("unknown key \"{key}\"; did you mean \"{best}\"?"),
            None => {
                format!("unknown key \"{key}\"; `ablate config --explain` lists the valid keys")
            }
        });
    }
    let Some(super::descriptor::Domain::Choice(names)) = super::knob::find(key).map(|k| k.domain)
    else {
        return Ok(());
    };
    if value.as_str().is_some_and(|v| names.contains(&v)) {
        return Ok(());
    }
    let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
    let mut message = format!(
        "key \"{key}\" = {value}: expected one of {}",
        quoted.join(", ")
    );
    if let Some(near) = value.as_str().and_then(|v| suggest(v, &names)) {
        message.push_str(&format!("; did you mean \"{near}\"?"));
    }
    Err(message)
}

/// "did you mean "x"?" when a candidate is near, else "expected one of: …".
pub fn hint(name: &str, candidates: &[String]) -> String {
    match suggest(name, candidates) {
        Some(best) => format!("did you mean \"{best}\"?"),
        None => format!("expected one of: {}", candidates.join(", ")),
    }
}

/// The nearest valid key by edit distance (two letters swapped count as one edit), when it is
/// near enough to be a typo: a few edits, and at most half the longer name's letters (three
/// edits turn `foo` into `all`, which is no near miss).
pub fn suggest<'a>(key: &str, candidates: &'a [String]) -> Option<&'a str> {
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        let d = damerau_distance(key, candidate);
        let last = candidate.rsplit('.').next().unwrap_or(candidate);
        let d = d.min(damerau_distance(key, last) + 1);
        if best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, candidate));
        }
    }
    let longer = |c: &str| c.chars().count().max(key.chars().count());
    best.filter(|(d, c)| *d <= 3.max(c.len() / 4) && 2 * *d <= longer(c))
        .map(|(_, c)| c)
}

/// Damerau's distance in characters (optimal string alignment): Levenshtein's, with two
/// neighbouring letters swapped counted as one edit, so that `plian` is one edit from `plain`.
pub fn damerau_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::knob;

    #[test]
    fn knob_list_matches_the_struct() {
        // Declaration order is TOML order: a group's prefix that disagrees with its field shows here.
        let declared: Vec<String> = knob::all().iter().map(|k| k.key.to_string()).collect();
        assert_eq!(known_keys(), declared);
    }

    #[test]
    fn set_reads_toml_values_and_bare_words() {
        assert_eq!(
            parse_set("ordering.killers=2").unwrap(),
            ("ordering.killers".into(), Value::Integer(2))
        );
        assert_eq!(parse_set("pvs=false").unwrap().1, Value::Boolean(false));
        assert_eq!(
            parse_set("ordering.history_decay=0.5").unwrap().1,
            Value::Float(0.5)
        );
        assert_eq!(
            parse_set("eval=material").unwrap().1,
            Value::String("material".into())
        );
        assert_eq!(
            parse_set("eval=\"pst\"").unwrap().1,
            Value::String("pst".into())
        );
        assert!(parse_set("eval")
            .unwrap_err()
            .contains("expected KEY=VALUE"));
    }

    #[test]
    fn a_short_name_gets_a_suggestion_only_when_it_is_a_near_miss() {
        let names: Vec<String> = ["baseline", "all", "none"].map(String::from).to_vec();
        assert_eq!(suggest("foo", &names), None);
        assert_eq!(hint("foo", &names), "expected one of: baseline, all, none");
        assert_eq!(suggest("al", &names), Some("all"));
        assert_eq!(suggest("nnoe", &names), Some("none"));
    }
}
