//! What a knob is: its key, meaning, allowed values, kind and the condition under which it acts.
//! Each knob is declared once, in `search_config.rs`; `knob.rs` derives the rest from these
//! descriptors.

use toml::Value;

/// A group of knobs under one TOML table (`knob_group!`), and the type of what one table of a
/// config sets of it: a sub-table's layer is named through its group, so that a group names
/// only its sub-groups.
pub trait KnobGroup {
    /// Its knobs, each `None` where a table leaves it to the layers below.
    type Layer;
}

/// One search knob, as declared.
#[derive(Debug, Clone, Copy)]
pub struct Knob {
    /// The TOML key path, e.g. `ordering.killers`.
    pub key: &'static str,
    /// One line for people.
    pub meaning: &'static str,
    /// The values it accepts.
    pub domain: Domain,
    /// Whether it may change the root score, and when.
    pub kind: Kind,
    /// Where it acts: the steps of `search::searcher`'s negamax (`"10"`, `"4, 30"`), a step of
    /// its quiescence (`"q2"`), or `"root"` (between iterations, between a game's moves).
    pub step: &'static str,
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
    /// Any text (a file's path).
    Text,
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

/// One term of a knob's condition: a value a knob (another, or the knob itself) must have.
/// The terms are the one declaration of the condition: what the search is told, what
/// `config --explain` prints and what the lint names all come from them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Term {
    /// The bool knob is true.
    On(&'static str),
    /// The bool knob is false.
    Off(&'static str),
    /// The choice knob has this value.
    Is(&'static str, &'static str),
    /// The choice knob has another value than this.
    Not(&'static str, &'static str),
    /// The whole-number knob is above this.
    Above(&'static str, i64),
    /// At least one of these bool knobs is true.
    AnyOn(&'static [&'static str]),
}

/// A configuration's knob values by key (`knob::value_map`): what a condition is judged on.
pub type Values = std::collections::HashMap<String, Value>;

impl Term {
    /// The knobs the term reads.
    pub fn keys(&self) -> Vec<&'static str> {
        match *self {
            Term::On(k) | Term::Off(k) | Term::Is(k, _) | Term::Not(k, _) | Term::Above(k, _) => {
                vec![k]
            }
            Term::AnyOn(keys) => keys.to_vec(),
        }
    }

    /// Whether the term holds for these values (a knob missing from them holds nothing).
    pub fn holds(&self, values: &Values) -> bool {
        let is = |k: &str, v: &Value| values.get(k) == Some(v);
        let word = |w: &str| Value::String(w.to_string());
        match *self {
            Term::On(k) => is(k, &Value::Boolean(true)),
            Term::Off(k) => is(k, &Value::Boolean(false)),
            Term::Is(k, w) => is(k, &word(w)),
            Term::Not(k, w) => values.get(k).is_some_and(|v| *v != word(w)),
            Term::Above(k, n) => values
                .get(k)
                .and_then(Value::as_integer)
                .is_some_and(|v| v > n),
            Term::AnyOn(keys) => keys.iter().any(|k| is(k, &Value::Boolean(true))),
        }
    }

    /// The term in words; a switch, a count or an exclusion on the knob `own` itself is said of
    /// its value alone (`true`, `above 0`, `not "none"`), as a condition on itself reads.
    pub fn label(&self, own: &str) -> String {
        match *self {
            Term::On(k) if k == own => "true".into(),
            Term::Above(k, n) if k == own => format!("above {n}"),
            Term::Not(k, w) if k == own => format!("not \"{w}\""),
            Term::On(k) => k.into(),
            Term::Off(k) => format!("{k} = false"),
            Term::Is(k, w) => format!("{k} = \"{w}\""),
            Term::Not(k, w) => format!("{k} not \"{w}\""),
            Term::Above(k, n) => format!("{k} above {n}"),
            Term::AnyOn(keys) => format!("({})", keys.join(" or ")),
        }
    }
}

/// Whether a knob may change the root score.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    /// Changes which nodes are visited, never the root score.
    Ordering,
    /// Defines what is searched (evaluation, quiescence): changes the score by design.
    Definition,
    /// May change the root score while every term holds; otherwise it changes at most the
    /// order, or nothing.
    TreeWhen(&'static [Term]),
    /// Changes the order only, and only while every term holds; otherwise nothing at all.
    OrderingWhen(&'static [Term]),
    /// Changes the order on its own, and may change the root score too while every term holds
    /// (the other knobs a step that reads it needs: capture history's entry in the capture
    /// futility margin, `futility.captures`).
    OrderingTreeWith(&'static [Term]),
}

impl Knob {
    /// The knob's condition: the terms under which it acts (none for an ordering or
    /// definition knob, which always does).
    pub fn requires(&self) -> &'static [Term] {
        match self.kind {
            Kind::Ordering | Kind::Definition => &[],
            Kind::TreeWhen(t) | Kind::OrderingWhen(t) | Kind::OrderingTreeWith(t) => t,
        }
    }

    /// What the knob depends on: the terms of its condition on other knobs (a step's own
    /// switch depends on nothing), for an ordering or tree knob that has a condition.
    pub fn depends_on(&self) -> Vec<Term> {
        match self.kind {
            Kind::TreeWhen(t) | Kind::OrderingWhen(t) => t
                .iter()
                .filter(|term| term.keys() != [self.key])
                .copied()
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Whether every term of the knob's condition holds for `values`.
    pub fn active(&self, values: &Values) -> bool {
        self.requires().iter().all(|t| t.holds(values))
    }

    /// True when, for a configuration with these values, this knob may change the root score.
    pub fn changes_tree_given(&self, values: &Values) -> bool {
        matches!(self.kind, Kind::TreeWhen(_) | Kind::OrderingTreeWith(_)) && self.active(values)
    }

    /// The condition in words, its terms joined by "and". "When set so" is understood, so a
    /// term on the knob itself is said only when it is the whole condition (`true`, `above 0`).
    pub fn condition_label(&self) -> String {
        let others: Vec<&Term> = self
            .requires()
            .iter()
            .filter(|t| t.keys() != [self.key])
            .collect();
        let said: Vec<String> = match others.is_empty() {
            true => self.requires().iter().map(|t| t.label(self.key)).collect(),
            false => others.iter().map(|t| t.label(self.key)).collect(),
        };
        said.join(" and ")
    }

    /// The kind as `config --explain` prints it.
    pub fn kind_label(&self) -> String {
        let when = self.condition_label();
        match self.kind {
            Kind::Ordering => "ordering".into(),
            Kind::Definition => "definition".into(),
            Kind::TreeWhen(_) => format!("tree when {when}"),
            Kind::OrderingWhen(_) => format!("ordering when {when}"),
            Kind::OrderingTreeWith(_) => format!("ordering; tree with {when}"),
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
            Domain::Text => "a string".into(),
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
            Domain::Text => vec![Value::String(String::new())],
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
