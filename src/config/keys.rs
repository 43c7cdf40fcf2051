//! Dotted key paths over TOML tables: merging overrides, `--set KEY=VALUE`, unknown-key suggestions.

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

/// `--set KEY=VALUE` options as one override table, applied in order; errors are located at `--set`.
pub fn sets_table(sets: &[String]) -> Result<Table, crate::error::InputError> {
    let mut table = Table::new();
    for set in sets {
        let (key, value) =
            parse_set(set).map_err(|m| crate::error::InputError::in_file("--set", m))?;
        insert(&mut table, canonical(&key), value);
    }
    check_layer(&table).map_err(|m| crate::error::InputError::in_file("--set", m))?;
    Ok(table)
}

/// A layer refused: why, and the dotted key at fault, so that a file's reader can place the
/// message at the key's own line rather than at its table's header.
#[derive(Debug, Clone, PartialEq)]
pub struct LayerError {
    /// The key as flattened (`ordering.killer`).
    pub key: String,
    pub message: String,
}

impl std::fmt::Display for LayerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<LayerError> for String {
    fn from(e: LayerError) -> String {
        e.message
    }
}

/// Checks one override table on its own: every key known, every value of the right type.
pub fn check_layer(layer: &Table) -> Result<(), LayerError> {
    check_layer_against(layer, &known_keys())
}

/// `check_layer` with the known keys worked out already (they come from serialising the
/// default configuration: a config's every variant and layer need them once, not each). The
/// names first, each key and choice word with the one it may have meant; then the values'
/// types, the layer read whole as a configuration, the bad key found by its serde path.
fn check_layer_against(layer: &Table, known: &[String]) -> Result<(), LayerError> {
    let leaves = flatten(layer);
    let mut written = Table::new();
    for (key, value) in &leaves {
        check_name(key, value, known).map_err(|message| LayerError {
            key: key.clone(),
            message,
        })?;
        insert(&mut written, key, value.clone());
    }
    let read = serde_path_to_error::deserialize::<_, SearchConfig>(Value::Table(written));
    read.map(|_| ()).map_err(|e| {
        use serde_path_to_error::Segment;
        let keys = e.path().iter().filter_map(|s| match s {
            Segment::Map { key } => Some(key.as_str()),
            _ => None,
        });
        let key = keys.collect::<Vec<_>>().join(".");
        let value = leaves.iter().find(|(k, _)| *k == key).map(|(_, v)| v);
        let value = value.map_or(String::new(), Value::to_string);
        let message = format!("key \"{key}\" = {value}: {}", e.inner().message().trim());
        LayerError { key, message }
    })
}

/// Merges override tables over the defaults, in order, and reads a validated `SearchConfig`.
///
/// Errors name the key and say what was expected; the caller adds the file and variant.
pub fn resolve(layers: &[&Table]) -> Result<SearchConfig, String> {
    let mut merged = Table::new();
    let known = known_keys();
    for layer in layers {
        check_layer_against(layer, &known)?;
        for (key, value) in flatten(layer) {
            insert(&mut merged, &key, value);
        }
    }
    let config: SearchConfig = Value::Table(merged)
        .try_into()
        .map_err(|e: toml::de::Error| e.message().to_string())?;
    config.validate()?;
    Ok(config)
}

/// One key: is it known, and, for a choice, is its word one of the choice's?
fn check_name(key: &str, value: &Value, known: &[String]) -> Result<(), String> {
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
    use crate::config::search_config::CaptureOrder;

    fn table(text: &str) -> Table {
        text.parse().unwrap()
    }

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
    fn layers_merge_in_order() {
        let base = table("ordering.killers = 0\ntt = \"off\"");
        let variant = table("[ordering]\nkillers = 2\ncaptures = \"first\"");
        let cfg = resolve(&[&base, &variant]).unwrap();
        assert_eq!(cfg.ordering.killers, 2);
        assert_eq!(cfg.ordering.captures, CaptureOrder::First);
        assert_eq!(cfg.tt, crate::config::search_config::TtMode::Off);
    }

    #[test]
    fn unknown_keys_get_a_suggestion() {
        let e = resolve(&[&table("ordering.killer = 2")]).unwrap_err();
        assert_eq!(
            e,
            "unknown key \"ordering.killer\"; did you mean \"ordering.killers\"?"
        );
        let e = resolve(&[&table("killers = 2")]).unwrap_err();
        assert_eq!(
            e,
            "unknown key \"killers\"; did you mean \"ordering.killers\"?"
        );
        let e = resolve(&[&table("zzzzzzzzzzzzzzzz = 2")]).unwrap_err();
        assert!(e.contains("config --explain"), "{e}");
    }

    #[test]
    fn a_short_name_gets_a_suggestion_only_when_it_is_a_near_miss() {
        let names: Vec<String> = ["baseline", "all", "none"].map(String::from).to_vec();
        assert_eq!(suggest("foo", &names), None);
        assert_eq!(hint("foo", &names), "expected one of: baseline, all, none");
        assert_eq!(suggest("al", &names), Some("all"));
        assert_eq!(suggest("nnoe", &names), Some("none"));
    }

    #[test]
    fn bad_values_name_the_key_and_the_valid_ones() {
        let e = resolve(&[&table("ordering.captures = \"mvvlva\"")]).unwrap_err();
        assert!(
            e.starts_with("key \"ordering.captures\" = \"mvvlva\": expected one of \"none\""),
            "{e}"
        );
        assert!(e.ends_with("did you mean \"mvv_lva\"?"), "{e}");
        let e = resolve(&[&table("tt = \"fulll\"")]).unwrap_err();
        assert_eq!(
            e,
            "key \"tt\" = \"fulll\": expected one of \"off\", \"move\", \"full\"; did you mean \"full\"?"
        );
        let e = resolve(&[&table("eval = \"tapred\"")]).unwrap_err();
        assert!(e.contains("did you mean \"tapered\"?"), "{e}");
        let e = resolve(&[&table("ordering.killers = \"two\"")]).unwrap_err();
        assert!(e.starts_with("key \"ordering.killers\" = \"two\""), "{e}");
        let e = resolve(&[&table("aspiration.window = -5")]).unwrap_err();
        assert_eq!(e, "aspiration.window = -5; expected 0 or more centipawns");
        let e = resolve(&[&table("tt_mb = 0")]).unwrap_err();
        assert_eq!(e, "tt_mb = 0; expected 1 to 4096");
        let e = resolve(&[&table("ordering.history_decay = 1.5")]).unwrap_err();
        assert_eq!(e, "ordering.history_decay = 1.5; expected 0.0 to 1.0");
        let e = resolve(&[&table("ordering.killers = 5")]).unwrap_err();
        assert_eq!(e, "ordering.killers = 5; expected 0 to 4");
    }

    #[test]
    fn minimax_rejects_window_knobs() {
        let e = resolve(&[&table("alphabeta = false")]).unwrap_err();
        assert!(e.starts_with("alphabeta = false (minimax) does not combine with pvs = true, aspiration.enabled = true, tt = \"full\""), "{e}");
        let ok = table("alphabeta = false\npvs = false\naspiration.enabled = false\ntt = \"move\"");
        assert!(resolve(&[&ok]).is_ok());
    }
}
