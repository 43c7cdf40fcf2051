//! What a knob is: its key, meaning, allowed values and kind, for any configuration type `C`.
//! Each knob is declared once, in `search_config.rs`; `knob.rs` derives the rest from these
//! descriptors.

use toml::Value;

/// One search knob, as declared.
pub struct Knob<C: 'static> {
    /// The TOML key path, e.g. `ordering.killers`.
    pub key: &'static str,
    /// One line for people.
    pub meaning: &'static str,
    /// The values it accepts.
    pub domain: Domain,
    /// Whether it may change the root score.
    pub kind: Kind<C>,
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

/// A condition on a configuration, and the same in words.
pub type Condition<C> = (fn(&C) -> bool, &'static str);

/// Whether a knob may change the root score.
pub enum Kind<C: 'static> {
    /// Changes which nodes are visited, never the root score.
    Ordering,
    /// Defines what is searched (evaluation, quiescence): changes the score by design.
    Definition,
    /// May change the root score while `active` holds for the configuration (`when` says when,
    /// for people); otherwise it changes at most the order, or nothing.
    TreeWhen(fn(&C) -> bool, &'static str),
    /// Changes the order only, and only while `active` holds (`when`, said with the knobs it
    /// depends on: `ordering.killers > 0`); otherwise nothing at all.
    OrderingWhen(fn(&C) -> bool, &'static str),
    /// Changes the order on its own, and may change the root score too while `active` holds
    /// (`with`, the other knobs a step that reads it needs: capture history's entry in the
    /// capture futility margin, `futility.captures`). It depends on nothing.
    OrderingTreeWith(fn(&C) -> bool, &'static str),
}

impl<C> Knob<C> {
    /// What the knob depends on, when it declares it: the condition under which it has any
    /// effect, said with the knobs it names (`lmr.enabled`, `ordering.killers > 0`). A step's
    /// own switch depends on nothing.
    pub fn depends_on(&self) -> Option<Condition<C>> {
        match self.kind {
            Kind::TreeWhen(active, when) | Kind::OrderingWhen(active, when) if when != self.key => {
                Some((active, when))
            }
            _ => None,
        }
    }

    /// True when, in `config`, this knob may change the root score.
    pub fn changes_tree(&self, config: &C) -> bool {
        matches!(self.kind, Kind::TreeWhen(active, _) | Kind::OrderingTreeWith(active, _) if active(config))
    }

    /// The kind as `config --explain` prints it.
    pub fn kind_label(&self) -> String {
        match self.kind {
            Kind::Ordering => "ordering".into(),
            Kind::Definition => "definition".into(),
            Kind::TreeWhen(_, when) => format!("tree when {when}"),
            Kind::OrderingWhen(_, when) => format!("ordering when {when}"),
            Kind::OrderingTreeWith(_, with) => format!("ordering; tree with {with}"),
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

// Derived Clone/Copy/Debug would ask the same of `C`; a descriptor copies whatever `C` is.
impl<C> Clone for Kind<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C> Copy for Kind<C> {}
impl<C> std::fmt::Debug for Kind<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Kind::Ordering => f.write_str("Ordering"),
            Kind::Definition => f.write_str("Definition"),
            Kind::TreeWhen(_, when) => write!(f, "TreeWhen({when:?})"),
            Kind::OrderingWhen(_, when) => write!(f, "OrderingWhen({when:?})"),
            Kind::OrderingTreeWith(_, with) => write!(f, "OrderingTreeWith({with:?})"),
        }
    }
}
impl<C> Clone for Knob<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C> Copy for Knob<C> {}
impl<C> std::fmt::Debug for Knob<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Knob")
            .field("key", &self.key)
            .field("domain", &self.domain)
            .field("kind", &self.kind)
            .finish()
    }
}
