//! What a config says that does nothing: a knob set under other knobs that leave it without
//! effect (`lmr.min_depth` with LMR off, `eval.mobility` under `eval = "pst"`), and a variant
//! that resolves to the same search as another. A variant whose only change is such a knob
//! measures ×1.000, and a reader would conclude the knob is worth nothing; so each is said
//! before anything is searched.

use super::experiment::{Experiment, ResolvedVariant};
use super::knob::{self, Term};
use super::search_config::SearchLayer;
use crate::chess::eval::EvalKind;

impl Experiment {
    /// One line per design factor that some points leave without effect: a step nested in
    /// another (a null move's verification, at the points with no null move). That is what a
    /// design of both means, not a mistake, but a reader should know: there the factor's
    /// interaction with the other is minus its own worth.
    fn nested_factors(&self, resolved: &[ResolvedVariant]) -> Vec<String> {
        let Some(design) = &self.design else {
            return Vec::new();
        };
        // (factor, the knobs it leaves idle, why, at how many points)
        let mut inert_at: Vec<(String, Vec<String>, String, usize)> = Vec::new();
        for variant in resolved.iter().filter(|v| v.engine.is_none()) {
            let Some(point) = design.point_of(&variant.name) else {
                continue;
            };
            for (i, factor) in design.factors.iter().enumerate() {
                if point & (1 << i) == 0 {
                    continue;
                }
                let idle: Vec<(String, String)> = (factor.overrides.values().into_iter())
                    .filter_map(|(key, _)| inert(&key, &variant.config).map(|n| (key, n)))
                    .collect();
                let Some((_, needs)) = idle.first() else {
                    continue;
                };
                let keys: Vec<String> = idle.iter().map(|(k, _)| k.clone()).collect();
                match inert_at
                    .iter_mut()
                    .find(|(f, k, n, _)| *f == factor.name && *k == keys && n == needs)
                {
                    Some(entry) => entry.3 += 1,
                    None => inert_at.push((factor.name.clone(), keys, needs.clone(), 1)),
                }
            }
        }
        inert_at
            .into_iter()
            .map(|(factor, keys, needs, points)| {
                let verb = if keys.len() == 1 { "has" } else { "have" };
                format!(
                    "{}: [design]: factor \"{factor}\" is nested: {} {verb} no effect while {needs}, at {points} of its points; there its interaction with the factor that sets it is minus its own worth",
                    self.file,
                    keys.join(" and ")
                )
            })
            .collect()
    }

    /// One line per knob a variant sets that has no effect there, and per variant that repeats
    /// another's search, each naming the file and the variant.
    pub fn lint(&self, resolved: &[ResolvedVariant]) -> Vec<String> {
        let mut notes = Vec::new();
        // A design's points are said once a factor (`nested_factors`), not once a point.
        let is_point = |v: &ResolvedVariant| {
            self.design
                .as_ref()
                .is_some_and(|d| d.point_of(&v.name).is_some())
        };
        for variant in resolved
            .iter()
            .filter(|v| v.engine.is_none() && !is_point(v))
        {
            let Ok(stack) = self.stack(&variant.name) else {
                continue;
            };
            // Only what the variant itself sets: a removal variant switches a step off and
            // leaves the step's inherited settings idle, which is its purpose.
            // [search] is also the layer every other variant starts from: a knob set there for
            // them (`killer_placement` beside `killers = 0`) is inert only if inert in all.
            let is_base = variant.name == self.baseline_name;
            let own = stack.last().map(SearchLayer::values).unwrap_or_default();
            for (key, _) in own {
                let active_elsewhere = is_base
                    && resolved
                        .iter()
                        .filter(|v| v.engine.is_none())
                        .any(|v| inert(&key, &v.config).is_none());
                if active_elsewhere {
                    continue;
                }
                if let Some(needs) = inert(&key, &variant.config) {
                    notes.push(format!(
                        "{}: variant \"{}\": {key} has no effect while {needs}",
                        self.file, variant.name
                    ));
                }
            }
        }
        notes.extend(self.nested_factors(resolved));
        // A design's point that applies no factor is the baseline's search on purpose.
        let searches: Vec<&ResolvedVariant> = resolved
            .iter()
            .filter(|v| v.engine.is_none() && !is_point(v))
            .collect();
        for (i, v) in searches.iter().enumerate() {
            if let Some(same) = searches[..i].iter().find(|o| o.config == v.config) {
                notes.push(format!(
                    "{}: variant \"{}\" resolves to the same search as \"{}\": the two measure the same thing",
                    self.file, v.name, same.name
                ));
            }
        }
        notes
    }
}

impl Experiment {
    /// A design factor must change the search it is applied to: one that resolves to the
    /// baseline's search, or sets a knob that has no effect there, would measure nothing and
    /// be read as a step worth nothing. Errors name the factor and the knob.
    pub fn check_design(&self) -> Result<(), String> {
        let Some(design) = &self.design else {
            return Ok(());
        };
        // An engine's design is checked against what the engine declares, when it starts
        // (`matches::engine_factors`): it has no knobs to resolve.
        if self.engines.iter().any(|(n, _)| *n == self.baseline_name) {
            return Ok(());
        }
        let base = self.stack(&self.baseline_name).map_err(|e| e.to_string())?;
        let layers = |extra: Option<&SearchLayer>| {
            let mut all: Vec<&SearchLayer> = base.iter().collect();
            all.extend(extra);
            super::layer::resolve(&all)
        };
        let baseline = layers(None)?;
        for factor in &design.factors {
            let applied = layers(Some(&factor.overrides))
                .map_err(|m| format!("[design]: factor \"{}\": {m}", factor.name))?;
            if applied == baseline {
                return Err(format!(
                    "[design]: factor \"{}\" changes nothing: the baseline \"{}\" already searches so; expected a factor that changes the search",
                    factor.name, self.baseline_name
                ));
            }
            for (key, _) in factor.overrides.values() {
                if let Some(needs) = inert(&key, &applied) {
                    return Err(format!(
                        "[design]: factor \"{}\": {key} has no effect while {needs}",
                        factor.name
                    ));
                }
            }
        }
        Ok(())
    }
}

/// The knob `key` depends on, said as a condition that does not hold in `config`, when `key`
/// has no effect there: a pruning step's parameter while the step is off, an evaluation term
/// outside the tapered evaluation.
fn inert(key: &str, config: &super::SearchConfig) -> Option<String> {
    let kind = config.eval.kind;
    if key == "eval.net" && kind != EvalKind::Nnue {
        return Some(format!(
            "eval.kind is \"{}\" (the net belongs to \"nnue\")",
            EvalKind::NAMES[kind as usize]
        ));
    }
    if key.starts_with("eval.")
        && !["eval.kind", "eval.net"].contains(&key)
        && kind != EvalKind::Tapered
    {
        return Some(format!(
            "eval.kind is \"{}\" (its terms belong to \"tapered\")",
            EvalKind::NAMES[kind as usize]
        ));
    }
    let knob = knob::find(key)?;
    let values = knob::value_map(config);
    // The terms on other knobs: a switch of its own (`continuation.pruning`), whose own value
    // is part of when it acts, is judged switched on, so that only what it depends on can make
    // it inert.
    let failing: Vec<String> = knob
        .depends_on()
        .iter()
        .filter(|t| !t.holds(&values))
        .map(|t| failed(t, &values))
        .collect();
    (!failing.is_empty()).then(|| failing.join(" and "))
}

/// A term that does not hold, said with the value that breaks it: `lmr.enabled is false`,
/// `tt is "move"`.
fn failed(term: &Term, values: &knob::Values) -> String {
    let value = |k: &str| values.get(k).map_or("unset".into(), |v| v.to_string());
    match term {
        Term::AnyOn(keys) => format!("{} are false", keys.join(" and ")),
        other => {
            let k = other.keys()[0];
            format!("{k} is {}", value(k))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_knob_that_declares_a_dependency_is_said_inert_naming_it() {
        let mut walked = Vec::new();
        for knob in knob::all() {
            let depends = knob.depends_on();
            if depends.is_empty() {
                continue;
            }
            // What it depends on, broken term by term; the knob itself set away from its
            // default.
            let mut table = toml::Table::new();
            for term in &depends {
                for (k, v) in knob::setting(term, false) {
                    super::super::keys::insert(&mut table, k, v);
                }
            }
            let default = knob::values(&crate::config::SearchConfig::default())
                .into_iter()
                .find(|(k, _)| k == knob.key)
                .map(|(_, v)| v);
            let Some(value) = knob
                .sample_values()
                .into_iter()
                .find(|v| Some(v) != default.as_ref())
            else {
                continue;
            };
            super::super::keys::insert(&mut table, knob.key, value);
            let layer = SearchLayer::read(&table).unwrap_or_else(|e| panic!("{}: {e}", knob.key));
            let config = super::super::layer::resolve(&[&layer])
                .unwrap_or_else(|e| panic!("{}: {e}", knob.key));
            let note = inert(knob.key, &config).unwrap_or_else(|| {
                panic!(
                    "{} is not said inert while {} fails",
                    knob.key,
                    knob.condition_label()
                )
            });
            for k in depends.iter().flat_map(|t| t.keys()) {
                assert!(note.contains(k), "{}: \"{note}\" names {k}", knob.key);
            }
            walked.push(knob.key);
        }
        // The ordering knobs that depend on another, and every step's parameters.
        for key in [
            "ordering.killer_placement",
            "ordering.history_decay",
            "aspiration.window",
            "quiescence.ordering",
            "lmr.min_depth",
            "null_move.reduction",
        ] {
            assert!(
                walked.contains(&key),
                "{key} declares its dependency: {walked:?}"
            );
        }
        assert!(walked.len() >= 60, "{} knobs walked", walked.len());
    }

    #[test]
    fn a_knob_under_a_step_that_is_off_and_a_repeated_search_are_said() {
        let text = "suite = \"x.epd\"\ndepths = [1]\n[search]\nlmr.enabled = false\n\
                    [variants.deeper]\nlmr.min_depth = 5\n\
                    [variants.terms]\neval.mobility = false\n\
                    [variants.on]\nlmr.enabled = true\nlmr.min_depth = 5\n\
                    [variants.same]\n";
        let e = Experiment::parse("configs/k.toml", text).unwrap();
        let notes = e.lint(&e.resolve(&[]).unwrap());
        assert!(notes.contains(&"configs/k.toml: variant \"deeper\": lmr.min_depth has no effect while lmr.enabled is false".to_string()), "{notes:?}");
        assert!(
            notes.iter().any(|n| n.contains(
                "variant \"terms\": eval.mobility has no effect while eval.kind is \"pst\""
            )),
            "{notes:?}"
        );
        assert!(notes.contains(&"configs/k.toml: variant \"same\" resolves to the same search as \"baseline\": the two measure the same thing".to_string()), "{notes:?}");
        assert!(!notes.iter().any(|n| n.contains("\"on\"")), "{notes:?}");
        // A switch of its own is inert only when what it depends on is off: removing
        // continuation pruning from a search that has it says nothing.
        let text = "suite = \"x.epd\"\ndepths = [1]\n[search]\ncontinuation.enabled = true\n\
                    continuation.pruning = true\n[variants.removed]\ncontinuation.pruning = false\n\
                    [variants.orphan]\ncontinuation.enabled = false\ncontinuation.extension = true\n";
        let e = Experiment::parse("configs/c.toml", text).unwrap();
        let notes = e.lint(&e.resolve(&[]).unwrap());
        assert!(
            !notes.iter().any(|n| n.contains("\"removed\"")),
            "{notes:?}"
        );
        assert!(notes.iter().any(|n| n.contains("variant \"orphan\": continuation.extension has no effect while continuation.enabled is false")), "{notes:?}");
        // A knob under a switch that is not a step's `.enabled`, and one under two switches.
        let text = "suite = \"x.epd\"\ndepths = [1]\n[search]\nnull_move.enabled = true\n\
                    [variants.guard]\nnull_move.eval_guard_min_depth = 5\n\
                    [variants.both]\ncontinuation.lmr = true\n";
        let e = Experiment::parse("configs/g.toml", text).unwrap();
        let notes = e.lint(&e.resolve(&[]).unwrap());
        assert!(notes.iter().any(|n| n.contains("variant \"guard\": null_move.eval_guard_min_depth has no effect while null_move.eval_guard is false")), "{notes:?}");
        assert!(notes.iter().any(|n| n.contains("variant \"both\": continuation.lmr has no effect while continuation.enabled is false and lmr.enabled is false")), "{notes:?}");
        // The shipped removal table says nothing.
        let text =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/configs/pruning.toml"))
                .unwrap();
        let e = Experiment::parse("configs/pruning.toml", &text).unwrap();
        assert_eq!(e.lint(&e.resolve(&[]).unwrap()), Vec::<String>::new());
    }

    #[test]
    fn a_factor_nested_in_another_is_said_once_not_at_every_point() {
        let text = "suite = \"x.epd\"\ndepths = [1]\n[search]\nnull_move.enabled = true\n\
                    [design]\nfraction = \"full\"\n[design.factors]\n\
                    no_null_move = { \"null_move.enabled\" = false }\n\
                    with_verification = { \"null_move.verify\" = \"endgame\", \"null_move.verify_reduction\" = 5 }\n\
                    with_lmr = { \"lmr.enabled\" = true }\n";
        let e = Experiment::parse("configs/n.toml", text).unwrap();
        let notes = e.lint(&e.resolve(&[]).unwrap());
        assert_eq!(
            notes,
            vec!["configs/n.toml: [design]: factor \"with_verification\" is nested: null_move.verify and null_move.verify_reduction have no effect while null_move.enabled is false, at 2 of its points; there its interaction with the factor that sets it is minus its own worth".to_string()],
        );
    }
}
