//! What a knob is: its key, meaning, allowed values and kind. Each knob is declared once, in
//! `search_config.rs`; validation, `config --explain`, the score check and the invariance tests
//! all read these descriptors.

use super::keys::flatten;
use super::SearchConfig;
use toml::Value;

/// One search knob, as declared.
#[derive(Debug, Clone, Copy)]
pub struct Knob {
    /// The TOML key path, e.g. `ordering.killers`.
    pub key: &'static str,
    /// One line for people.
    pub meaning: &'static str,
    /// The values it accepts.
    pub domain: Domain,
    /// Whether it may change the root score.
    pub kind: Kind,
}

/// The values a knob accepts.
#[derive(Debug, Clone, Copy)]
pub enum Domain {
    /// true or false.
    Bool,
    /// A whole number from `min` to `max` (`None`: no upper bound), in `unit`.
    Int {
        /// Smallest value.
        min: i64,
        /// Largest value, if any.
        max: Option<i64>,
        /// Shown after the range in messages, e.g. " centipawns".
        unit: &'static str,
    },
    /// A number from `min` to `max`.
    Float {
        /// Smallest value.
        min: f64,
        /// Largest value.
        max: f64,
    },
    /// One of these words.
    Choice(&'static [&'static str]),
    /// A list of whole numbers, each from `min` to `max`, exactly `len` long.
    IntList {
        /// Smallest element.
        min: i64,
        /// Largest element.
        max: i64,
        /// Required length.
        len: usize,
    },
}

/// Whether a knob may change the root score.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    /// Changes which nodes are visited, never the root score.
    Ordering,
    /// Defines what is searched (evaluation, quiescence): changes the score by design.
    Definition,
    /// May change the root score while `active` holds for the configuration (`when` says when,
    /// for people); otherwise it changes at most the order, or nothing.
    TreeWhen(fn(&SearchConfig) -> bool, &'static str),
}

impl Knob {
    /// True when, in `config`, this knob may change the root score.
    pub fn changes_tree(&self, config: &SearchConfig) -> bool {
        matches!(self.kind, Kind::TreeWhen(active, _) if active(config))
    }

    /// The kind as `config --explain` prints it.
    pub fn kind_label(&self) -> String {
        match self.kind {
            Kind::Ordering => "ordering".into(),
            Kind::Definition => "definition".into(),
            Kind::TreeWhen(_, when) => format!("tree when {when}"),
        }
    }

    /// The accepted values in words.
    pub fn expected(&self) -> String {
        match self.domain {
            Domain::Bool => "true or false".into(),
            Domain::Int { min, max, unit } => match max {
                Some(max) => format!("{min} to {max}{unit}"),
                None => format!("{min} or more{unit}"),
            },
            Domain::Float { min, max } => format!("{min:?} to {max:?}"),
            Domain::Choice(names) => names.join(" | "),
            Domain::IntList { min, max, len } => {
                format!("a list of {len} whole numbers from {min} to {max}")
            }
        }
    }

    /// Checks a value's range (its type was checked when it was read).
    pub fn check(&self, value: &Value) -> Result<(), String> {
        let fits = match (self.domain, value) {
            (Domain::Int { min, max, .. }, Value::Integer(v)) => {
                *v >= min && max.is_none_or(|m| *v <= m)
            }
            (Domain::Float { min, max }, Value::Float(v)) => (min..=max).contains(v),
            (Domain::IntList { min, max, len }, Value::Array(items)) => {
                let fits = |v: &Value| v.as_integer().is_some_and(|i| (min..=max).contains(&i));
                items.len() == len && items.iter().all(fits)
            }
            _ => true,
        };
        if fits {
            Ok(())
        } else {
            Err(format!(
                "{} = {value}; expected {}",
                self.key,
                self.expected()
            ))
        }
    }

    /// Values that exercise the knob: every value of a small domain, the ends and a middle of a
    /// large one. The invariance tests search each pure-ordering one.
    pub fn sample_values(&self) -> Vec<Value> {
        match self.domain {
            Domain::Bool => vec![Value::Boolean(false), Value::Boolean(true)],
            Domain::Choice(names) => names.iter().map(|n| Value::String(n.to_string())).collect(),
            Domain::Int { min, max, .. } => match max {
                Some(max) if max - min <= 8 => (min..=max).map(Value::Integer).collect(),
                Some(max) => vec![min, (min + max) / 2, max]
                    .into_iter()
                    .map(Value::Integer)
                    .collect(),
                None => vec![min, min + 10, min + 100]
                    .into_iter()
                    .map(Value::Integer)
                    .collect(),
            },
            Domain::Float { min, max } => vec![min, (min + max) / 2.0, max]
                .into_iter()
                .map(Value::Float)
                .collect(),
            Domain::IntList { min, max, len } => [min, max]
                .iter()
                .map(|&v| Value::Array(vec![Value::Integer(v); len]))
                .collect(),
        }
    }
}

/// Every knob, in the order of the TOML keys (`SearchConfig`'s fields, then its tables').
pub fn all() -> Vec<&'static Knob> {
    SearchConfig::all_knobs()
}

/// The knob declared under `key`.
pub fn find(key: &str) -> Option<&'static Knob> {
    all().into_iter().find(|k| k.key == key)
}

/// A configuration's values as (key, value), in the order of `all()`.
pub fn values(config: &SearchConfig) -> Vec<(String, Value)> {
    match Value::try_from(config) {
        Ok(Value::Table(t)) => flatten(&t),
        _ => Vec::new(),
    }
}

/// Checks every knob's value against its declared range.
pub fn check_ranges(config: &SearchConfig) -> Result<(), String> {
    for (key, value) in values(config) {
        if let Some(knob) = find(&key) {
            knob.check(&value)?;
        }
    }
    Ok(())
}

/// True when `variant` can only differ from `baseline` in the tree's size: neither uses a knob
/// that changes the tree, and every knob on which they differ is pure ordering (or inert).
/// Then the root scores must be equal, position by position.
pub fn scores_must_match(baseline: &SearchConfig, variant: &SearchConfig) -> bool {
    let knobs = all();
    if knobs
        .iter()
        .any(|k| k.changes_tree(baseline) || k.changes_tree(variant))
    {
        return false;
    }
    values(baseline)
        .iter()
        .zip(values(variant).iter())
        .filter(|(a, b)| a != b)
        .all(|((key, _), _)| {
            // Not changing the tree (checked above), a TreeWhen knob changes at most the order.
            find(key).is_some_and(|k| !matches!(k.kind, Kind::Definition))
        })
}

/// How a variant's root scores compare with its baseline's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ScoreCheck {
    /// Only pure ordering differs: the scores must be equal, or something is wrong.
    Exact,
    /// They would have to be equal but for the full transposition table's cutoffs, which may
    /// legitimately change a score (a stored bound from another path or depth): differences
    /// are counted, for information.
    ExceptTt,
    /// The variant or the baseline changes the tree or the definition: scores may differ.
    None,
}

/// Which score check applies between `baseline` and `variant`, derived from the knobs' kinds.
pub fn score_check(baseline: &SearchConfig, variant: &SearchConfig) -> ScoreCheck {
    use super::search_config::TtMode;
    let without_cutoffs = |c: &SearchConfig| SearchConfig {
        tt: if c.tt == TtMode::Full {
            TtMode::Move
        } else {
            c.tt
        },
        ..c.clone()
    };
    if scores_must_match(baseline, variant) {
        ScoreCheck::Exact
    } else if (baseline.tt == TtMode::Full || variant.tt == TtMode::Full)
        && scores_must_match(&without_cutoffs(baseline), &without_cutoffs(variant))
    {
        ScoreCheck::ExceptTt
    } else {
        ScoreCheck::None
    }
}

/// The tree-changing knobs active in `config`, by key (for messages).
pub fn tree_changing_in(config: &SearchConfig) -> Vec<&'static str> {
    all()
        .into_iter()
        .filter(|k| k.changes_tree(config))
        .map(|k| k.key)
        .collect()
}

/// Every (key, value) that is pure ordering on the default search with the table off: what the
/// score-invariance tests must search. A TreeWhen knob contributes the values that leave the
/// tree alone (`tt = "move"`, `quiescence.prune = "none"`) when some other value of its own
/// changes it; a sub-knob of a heuristic that is off (`null_move.reduction`) is inert, and
/// has nothing to test.
pub fn ordering_values() -> Vec<(&'static str, Value)> {
    let mut out = Vec::new();
    for knob in all() {
        if matches!(knob.kind, Kind::Definition) {
            continue;
        }
        let configs: Vec<(Value, SearchConfig)> = knob
            .sample_values()
            .into_iter()
            .filter_map(|value| {
                let mut table = toml::Table::new();
                super::keys::insert(&mut table, "tt", Value::String("off".into()));
                super::keys::insert(&mut table, knob.key, value.clone());
                let config = Value::Table(table).try_into::<SearchConfig>().ok()?;
                Some((value, config))
            })
            .collect();
        let decides = matches!(knob.kind, Kind::Ordering)
            || configs.iter().any(|(_, c)| knob.changes_tree(c));
        if decides {
            out.extend(
                configs
                    .into_iter()
                    .filter(|(_, c)| !knob.changes_tree(c))
                    .map(|(value, _)| (knob.key, value)),
            );
        }
    }
    out
}
