//! What identifies a variant in an experiment's or a match's hash: what it sets away from the
//! defaults, so that a knob added at its default moves no hash and older results still resume.

use super::experiment::ResolvedVariant;
use super::SearchConfig;

impl ResolvedVariant {
    /// Whether two variants play the same games: the same engine, or the same value of every
    /// knob (their names aside).
    pub fn plays_as(&self, other: &ResolvedVariant) -> bool {
        match (&self.engine, &other.engine) {
            (Some(a), Some(b)) => a == b,
            (None, None) => super::knob::values(&self.config) == super::knob::values(&other.config),
            _ => false,
        }
    }

    /// What identifies the variant in an experiment's hash: its name, and the engine it runs,
    /// or its evaluation and the knobs it sets away from their defaults. A knob added at its
    /// default therefore moves no hash.
    pub fn identity(&self) -> serde_json::Value {
        if let Some(engine) = &self.engine {
            return serde_json::json!({ "name": self.name, "engine": engine });
        }
        let defaults = super::knob::values(&SearchConfig::default());
        let changed: Vec<(String, String)> = super::knob::values(&self.config)
            .into_iter()
            .filter(|(key, value)| {
                key != "eval.kind" && !defaults.iter().any(|(k, v)| k == key && v == value)
            })
            .map(|(key, value)| (key, value.to_string()))
            .collect();
        let mut identity = serde_json::json!({
            "name": self.name,
            "eval": crate::chess::eval::EvalKind::NAMES[self.config.eval.kind as usize],
            "changed": changed,
        });
        // A net is its bytes, not its path: another file at the same path is another variant.
        if self.config.eval.kind == crate::chess::eval::EvalKind::Nnue {
            if let Ok(net) = crate::chess::nnue::network_at(&self.config.eval.net) {
                identity["net_sha256"] = crate::digest::sha256_hex(&net.to_bytes()).into();
            }
        }
        identity
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_knob_added_at_its_default_moves_no_identity() {
        let mut config = SearchConfig::default();
        config.null_move.enabled = true;
        config.eval.kind = crate::chess::eval::EvalKind::Material;
        let variant = ResolvedVariant {
            name: "v".into(),
            config,
            engine: None,
        };
        // An older build's manifest: the same configuration, written before the see_pruning,
        // game and eval.* knobs existed (the evaluation then a bare string).
        let mut json = serde_json::to_value(&variant.config).unwrap();
        let table = json.as_object_mut().unwrap();
        table.remove("see_pruning");
        table.remove("game");
        table.insert("eval".into(), serde_json::json!("material"));
        table["null_move"]
            .as_object_mut()
            .unwrap()
            .remove("eval_guard");
        let older = ResolvedVariant {
            name: "v".into(),
            config: serde_json::from_value(json).unwrap(),
            engine: None,
        };
        assert_eq!(older.identity(), variant.identity());
        // What a variant sets away from the defaults is all its identity holds.
        assert_eq!(
            variant.identity(),
            serde_json::json!({
                "name": "v",
                "eval": "material",
                "changed": [["null_move.enabled", "true"]],
            })
        );
    }
}
