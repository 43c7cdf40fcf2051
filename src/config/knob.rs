//! Everything that follows from the knob declarations (`search_config.rs`): the list of knobs,
//! validation, which knobs may change the tree, the score check and the invariance tests' values.

use super::descriptor;
pub use super::descriptor::{Domain, Kind, Term, Values};
use super::search_config::{QuiescencePrune, SearchConfig, TtMode};
use super::table_paths::flatten;
use toml::Value;

/// One knob of the search, as declared.
pub type Knob = descriptor::Knob;

impl Knob {
    /// True when, in `config`, this knob may change the root score.
    pub fn changes_tree(&self, config: &SearchConfig) -> bool {
        self.changes_tree_given(&value_map(config))
    }
}

/// Tree-changing knobs that the plain search (`X = false`) obeys as well: the table's cutoffs
/// and quiescence's capture filters. Every other tree-changing knob is a pruning, reduction or
/// extension step, compiled in only when one is on. Forgetting a key here costs speed, never
/// a wrong count.
const IN_PLAIN_SEARCH: &[&str] = &["tt", "tt_mb", "quiescence.prune_losing", "quiescence.prune"];

impl SearchConfig {
    /// Rejects values out of their declared range and knobs that contradict each other
    /// (the one rule: reject, never ignore).
    pub fn validate(&self) -> Result<(), String> {
        check_ranges(self)?;
        if self.eval.kind == crate::chess::eval::EvalKind::Nnue {
            crate::chess::nnue::network_at(&self.eval.net)
                .map_err(|e| format!("eval.net = \"{}\": {e}", self.eval.net))?;
        }
        if self.quiescence.prune_losing && self.quiescence.prune != QuiescencePrune::None {
            return Err(format!(
                "quiescence.prune_losing = true (the old name of prune = \"losing_mvv\") does not combine with quiescence.prune = \"{}\"; keep one",
                QuiescencePrune::NAMES[self.quiescence.prune as usize]
            ));
        }
        if !self.alphabeta {
            let mut clash = Vec::new();
            if self.pvs {
                clash.push("pvs = true");
            }
            if self.aspiration.enabled {
                clash.push("aspiration.enabled = true");
            }
            if self.tt == TtMode::Full {
                clash.push("tt = \"full\"");
            }
            if self.null_move.enabled {
                clash.push("null_move.enabled = true");
            }
            if self.lmr.enabled {
                clash.push("lmr.enabled = true");
            }
            if !clash.is_empty() {
                return Err(format!(
                    "alphabeta = false (minimax) does not combine with {}: windows and bound cutoffs need alpha-beta; \
                     set pvs = false, aspiration.enabled = false and tt = \"off\" or \"move\" (and no null move or LMR)",
                    clash.join(", ")
                ));
            }
        }
        Ok(())
    }

    /// Some pruning, reduction or extension knob is on, so the search needs every step compiled
    /// in. Derived from the declarations: a knob that may change the tree here and is not one
    /// the plain search obeys (`IN_PLAIN_SEARCH`), so a new pruning knob counts unlisted.
    pub fn selective(&self) -> bool {
        let values = value_map(self);
        all()
            .into_iter()
            .any(|k| k.changes_tree_given(&values) && !IN_PLAIN_SEARCH.contains(&k.key))
    }
}

/// Every knob, in the order of the TOML keys (`SearchConfig`'s fields, then its tables').
pub fn all() -> Vec<&'static Knob> {
    SearchConfig::all_knobs()
}

/// The knob declared under `key`.
pub fn find(key: &str) -> Option<&'static Knob> {
    SearchConfig::find_knob(key)
}

/// A configuration's values as (key, value), in the order of `all()`.
pub fn values(config: &SearchConfig) -> Vec<(String, Value)> {
    match Value::try_from(config) {
        Ok(Value::Table(t)) => flatten(&t),
        _ => Vec::new(),
    }
}

/// A configuration's values by key: what a knob's condition is judged on.
pub fn value_map(config: &SearchConfig) -> Values {
    values(config).into_iter().collect()
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
    let (b, v) = (value_map(baseline), value_map(variant));
    if all()
        .iter()
        .any(|k| k.changes_tree_given(&b) || k.changes_tree_given(&v))
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

/// The pruning, reduction and extension knobs on which `a` and `b` differ, by key: each knob
/// that may change the tree in either and that the plain search does not obey too
/// (`IN_PLAIN_SEARCH`, the same rule `selective` compiles the steps in by). At a fixed depth
/// the nodes such a step saves or adds are never charged, which `ablate match` warns of.
pub fn steps_differing(a: &SearchConfig, b: &SearchConfig) -> Vec<&'static str> {
    let (va, vb) = (value_map(a), value_map(b));
    all()
        .into_iter()
        .filter(|k| !IN_PLAIN_SEARCH.contains(&k.key) && va.get(k.key) != vb.get(k.key))
        .filter(|k| k.changes_tree_given(&va) || k.changes_tree_given(&vb))
        .map(|k| k.key)
        .collect()
}

/// The tree-changing knobs active in `config`, by key (for messages).
pub fn tree_changing_in(config: &SearchConfig) -> Vec<&'static str> {
    let values = value_map(config);
    all()
        .into_iter()
        .filter(|k| k.changes_tree_given(&values))
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
                super::table_paths::insert(&mut table, "tt", Value::String("off".into()));
                super::table_paths::insert(&mut table, knob.key, value.clone());
                let config = Value::Table(table).try_into::<SearchConfig>().ok()?;
                Some((value, config))
            })
            .collect();
        let decides = matches!(
            knob.kind,
            Kind::Ordering | Kind::OrderingWhen(..) | Kind::OrderingTreeWith(..)
        ) || configs.iter().any(|(_, c)| knob.changes_tree(c));
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

/// Knob values that make `term` hold (`meet`) or fail: how the tests walk a condition.
pub fn setting(term: &Term, meet: bool) -> Vec<(&'static str, Value)> {
    // Another word of a choice knob than `word`.
    let other = |key: &str, word: &str| match find(key).map(|k| k.domain) {
        Some(Domain::Choice(names)) => names.iter().find(|n| **n != word).map(|n| n.to_string()),
        _ => None,
    };
    let text = |w: Option<String>| Value::String(w.unwrap_or_default());
    match *term {
        Term::On(k) => vec![(k, Value::Boolean(meet))],
        Term::Off(k) => vec![(k, Value::Boolean(!meet))],
        Term::Is(k, w) if meet => vec![(k, text(Some(w.into())))],
        Term::Is(k, w) => vec![(k, text(other(k, w)))],
        Term::Not(k, w) if meet => vec![(k, text(other(k, w)))],
        Term::Not(k, w) => vec![(k, text(Some(w.into())))],
        Term::Above(k, n) => vec![(k, Value::Integer(if meet { n + 1 } else { n }))],
        Term::AnyOn(keys) => keys
            .iter()
            .enumerate()
            .map(|(i, k)| (*k, Value::Boolean(meet && i == 0)))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tree-changing knob says when it is in effect: never in the default search, which is
    /// the plain search and compares with a pure-ordering variant up to the full table (a knob that called
    /// itself active whenever the table is on made every search selective and every score
    /// check "not compared").
    #[test]
    fn the_default_search_changes_nothing_and_is_plain() {
        let default = SearchConfig::default();
        // The full table is the default's own, and the plain search obeys it.
        assert_eq!(tree_changing_in(&default), ["tt", "tt_mb"]);
        assert!(!default.selective());
        let mut no_killers = default.clone();
        no_killers.ordering.killers = 0;
        assert_eq!(score_check(&default, &no_killers), ScoreCheck::ExceptTt);
    }

    /// The steps two searches differ in are their pruning, reduction and extension knobs only:
    /// not the move order, the table's size or the evaluation, and not a sub-knob of a step
    /// that is off in both.
    #[test]
    fn the_steps_two_searches_differ_in_are_their_pruning_knobs() {
        let default = SearchConfig::default();
        let mut null_move = default.clone();
        null_move.null_move.enabled = true;
        assert_eq!(steps_differing(&default, &null_move), ["null_move.enabled"]);
        assert_eq!(steps_differing(&null_move, &default), ["null_move.enabled"]);
        let mut other = default.clone();
        other.ordering.killers = 0;
        other.tt_mb = 1;
        other.eval.kind = crate::chess::eval::EvalKind::Material;
        other.null_move.reduction = default.null_move.reduction + 1;
        assert_eq!(steps_differing(&default, &other), Vec::<&str>::new());
    }

    /// A knob's condition is one declaration: every term names a declared knob of the
    /// domain the term reads, the label says every term, and the condition the search is
    /// given holds when every term is met and fails when any one is broken.
    #[test]
    fn every_condition_is_what_its_label_says() {
        let mut conditional = 0;
        for knob in all() {
            let terms = knob.requires();
            if terms.is_empty() {
                continue;
            }
            conditional += 1;
            let label = knob.condition_label();
            for term in terms {
                for key in term.keys() {
                    let Some(read) = find(key) else {
                        panic!("{}: its condition reads {key}, which is no knob", knob.key);
                    };
                    let fits = match (term, read.domain) {
                        (Term::On(_) | Term::Off(_) | Term::AnyOn(_), Domain::Bool) => true,
                        (Term::Is(_, w) | Term::Not(_, w), Domain::Choice(names)) => {
                            names.contains(w)
                        }
                        (Term::Above(..), Domain::Int { .. }) => true,
                        _ => false,
                    };
                    assert!(fits, "{}: {term:?} does not fit {key}'s values", knob.key);
                    assert!(
                        key == knob.key || label.contains(key),
                        "{}: \"{label}\" leaves out {key}",
                        knob.key
                    );
                }
            }
            let config = |broken: Option<usize>| {
                let mut table = toml::Table::new();
                for (i, term) in terms.iter().enumerate() {
                    for (k, v) in setting(term, broken != Some(i)) {
                        super::super::table_paths::insert(&mut table, k, v);
                    }
                }
                let config: SearchConfig = Value::Table(table).try_into().unwrap();
                knob.active(&value_map(&config))
            };
            assert!(
                config(None),
                "{}: \"{label}\" met, but not active",
                knob.key
            );
            for (i, term) in terms.iter().enumerate() {
                assert!(
                    !config(Some(i)),
                    "{}: active with {term:?} broken",
                    knob.key
                );
            }
        }
        assert!(conditional >= 80, "{conditional} knobs with a condition");
    }

    #[test]
    fn quiescence_tt_says_it_needs_the_full_table() {
        let knob = find("quiescence.tt").unwrap();
        assert_eq!(knob.kind_label(), "tree when tt = \"full\"");
        assert_eq!(
            find("quiescence.tt_value_as_eval").unwrap().kind_label(),
            "tree when quiescence.tt and tt = \"full\""
        );
    }
}
