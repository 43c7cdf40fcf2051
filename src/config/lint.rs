//! What a config says that does nothing: a knob set under other knobs that leave it without
//! effect (`lmr.min_depth` with LMR off, `eval.mobility` under `eval = "pst"`), and a variant
//! that resolves to the same search as another. A variant whose only change is such a knob
//! measures ×1.000, and a reader would conclude the knob is worth nothing; so each is said
//! before anything is searched.

use super::descriptor::Kind;
use super::experiment::{Experiment, ResolvedVariant};
use super::keys::flatten;
use super::knob;
use crate::chess::eval::EvalKind;

impl Experiment {
    /// One line per knob a variant sets that has no effect there, and per variant that repeats
    /// another's search, each naming the file and the variant.
    pub fn lint(&self, resolved: &[ResolvedVariant]) -> Vec<String> {
        let mut notes = Vec::new();
        for variant in resolved.iter().filter(|v| v.engine.is_none()) {
            let Ok(stack) = self.stack(&variant.name) else {
                continue;
            };
            // Only what the variant itself sets: a removal variant switches a step off and
            // leaves the step's inherited settings idle, which is its purpose.
            for (key, _) in stack.last().map(flatten).unwrap_or_default() {
                if let Some(needs) = inert(&key, &variant.config) {
                    notes.push(format!(
                        "{}: variant \"{}\": {key} has no effect while {needs}",
                        self.file, variant.name
                    ));
                }
            }
        }
        // A design's point that applies no factor is the baseline's search on purpose.
        let is_point = |v: &ResolvedVariant| {
            self.design
                .as_ref()
                .is_some_and(|d| d.point_of(&v.name).is_some())
        };
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
        let base = self.stack(&self.baseline_name).map_err(|e| e.to_string())?;
        let layers = |extra: Option<&toml::Table>| {
            let mut all: Vec<&toml::Table> = base.iter().collect();
            all.extend(extra);
            super::keys::resolve(&all)
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
            for (key, _) in flatten(&factor.overrides) {
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
    if key.starts_with("eval.") && key != "eval.kind" && kind != EvalKind::Tapered {
        return Some(format!(
            "eval.kind is \"{}\" (its terms belong to \"tapered\")",
            EvalKind::NAMES[kind as usize]
        ));
    }
    let knob = knob::find(key)?;
    match knob.kind {
        // A step's own switch, and knobs that act whatever else is set, are never inert; a
        // condition said as switches ("continuation.enabled and lmr.enabled") names those of
        // them that are off.
        Kind::TreeWhen(active, when) if when != key => {
            let switches: Vec<&str> = when.split(" and ").collect();
            if !switches.iter().all(|s| knob::find(s).is_some()) {
                return None;
            }
            // A switch of its own (`continuation.pruning`), whose own value is part of when it
            // acts, is judged switched on: only what it depends on can make it inert.
            let on = switched_on(config, key);
            if active(on.as_ref().unwrap_or(config)) {
                return None;
            }
            let values = knob::values(config);
            let off: Vec<&str> = switches
                .into_iter()
                .filter(|s| {
                    values
                        .iter()
                        .any(|(k, v)| k == s && *v == toml::Value::Boolean(false))
                })
                .collect();
            let verb = if off.len() > 1 { "are" } else { "is" };
            (!off.is_empty()).then(|| format!("{} {verb} false", off.join(" and ")))
        }
        _ => None,
    }
}

/// `config` with the bool knob `key` set to true, when it is a bool set to false.
fn switched_on(config: &super::SearchConfig, key: &str) -> Option<super::SearchConfig> {
    let mut table = match toml::Value::try_from(config).ok()? {
        toml::Value::Table(t) => t,
        _ => return None,
    };
    let (_, value) = knob::values(config).into_iter().find(|(k, _)| k == key)?;
    if value != toml::Value::Boolean(false) {
        return None;
    }
    super::keys::insert(&mut table, key, toml::Value::Boolean(true));
    super::keys::resolve(&[&table]).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(notes.iter().any(|n| n.contains("variant \"both\": continuation.lmr has no effect while continuation.enabled and lmr.enabled are false")), "{notes:?}");
        // The shipped removal table says nothing.
        let text =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/configs/pruning.toml"))
                .unwrap();
        let e = Experiment::parse("configs/pruning.toml", &text).unwrap();
        assert_eq!(e.lint(&e.resolve(&[]).unwrap()), Vec::<String>::new());
    }
}
