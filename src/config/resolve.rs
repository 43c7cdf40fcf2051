//! Resolving an experiment's variants: each one's stack of layers (`[search]`, the variants it
//! extends, its own) and `--set`, laid over the defaults.

use super::experiment::{Experiment, ResolvedVariant, BASELINE};
use super::keys;
use super::layer;
use super::search_config::SearchLayer;
use super::SearchConfig;
use crate::error::InputError;

impl Experiment {
    /// The suite a search run reads: a config only `ablate match` reads may leave it out, so
    /// its absence is an error only here.
    pub fn search_suite(&self) -> Result<&std::path::Path, InputError> {
        self.suite.as_deref().ok_or_else(|| {
            InputError::in_file(
                &self.file,
                "missing key \"suite\"; expected the path of an EPD or PGN file, e.g. suite = \"positions/bk.epd\" (a search run needs it; `ablate match` does not)",
            )
        })
    }

    /// The depths a search run reports, for a config that leaves them out only for matches.
    pub fn search_depths(&self) -> Result<Vec<u32>, InputError> {
        if self.depths.is_empty() {
            return Err(InputError::in_file(
                &self.file,
                "missing key \"depths\"; expected a list such as depths = [5, 6] (a search run needs it, or --depths; `ablate match` does not)",
            ));
        }
        Ok(self.depths.clone())
    }

    /// Every variant's name, the baseline first.
    pub fn variant_names(&self) -> Vec<String> {
        std::iter::once(self.baseline_name.clone())
            .chain(self.variants.iter().cloned())
            .collect()
    }

    /// Resolves every variant with `--set` applied after it; errors name the variant.
    pub fn resolve(&self, sets: &[String]) -> Result<Vec<ResolvedVariant>, InputError> {
        self.variant_names()
            .iter()
            .map(|name| self.resolve_one(name, sets))
            .collect()
    }

    /// The layers of one variant down its `extends` chain, `[search]`'s first (for an
    /// engine that adds its own).
    pub fn layers(&self, variant: &str) -> Result<Vec<SearchLayer>, InputError> {
        let resolved = self.resolve_one(variant, &[])?;
        if let Some(spec) = &resolved.engine {
            return Err(InputError::in_file(
                &self.file,
                format!(
                    "variant \"{}\" is the external engine \"{}\", not a configuration of ablate's search; run that program for it",
                    resolved.name, spec.command
                ),
            ));
        }
        self.stack(&resolved.name)
    }

    fn resolve_one(&self, name: &str, sets: &[String]) -> Result<ResolvedVariant, InputError> {
        let name = if name == BASELINE {
            self.baseline_name.as_str()
        } else {
            name
        };
        let set_layer = SearchLayer::from_sets(sets)?;
        if let Some((_, spec)) = self.engines.iter().find(|(n, _)| n == name) {
            // Another program searches: ablate's knobs, --set among them, do not reach it.
            return Ok(ResolvedVariant {
                name: name.to_string(),
                config: SearchConfig::default(),
                engine: Some(spec.clone()),
            });
        }
        if !self.variant_names().iter().any(|n| n == name) {
            let names = self.variant_names();
            return Err(InputError::in_file(
                &self.file,
                format!("no variant \"{name}\"; {}", keys::hint(name, &names)),
            ));
        }
        let stack = self.stack(name)?;
        let mut layers: Vec<&SearchLayer> = stack.iter().collect();
        // A value the file gives and --set breaks is --set's fault, and said so.
        layer::resolve(&layers)
            .map_err(|m| InputError::in_file(&self.file, format!("variant \"{name}\": {m}")))?;
        layers.push(&set_layer);
        let config = layer::resolve(&layers).map_err(|m| {
            InputError::in_file("--set", format!("{m} (applied to variant \"{name}\")"))
        })?;
        Ok(ResolvedVariant {
            name: name.to_string(),
            config,
            engine: None,
        })
    }

    /// A variant's stack of layers down its `extends` chain, `[search]`'s first.
    pub fn stack(&self, variant: &str) -> Result<Vec<SearchLayer>, InputError> {
        let name = if variant == BASELINE {
            self.baseline_name.as_str()
        } else {
            variant
        };
        match self.stacks.iter().find(|(n, _)| n == name) {
            Some((_, stack)) => Ok(stack.clone()),
            None => {
                let names = self.variant_names();
                Err(InputError::in_file(
                    &self.file,
                    format!(
                        "no variant \"{name}\" of ablate's search; {}",
                        keys::hint(name, &names)
                    ),
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_only_config_parses_and_a_search_run_says_what_is_missing() {
        let text = "[search]\npvs = false\n[variants.alpha]\npvs = true\n";
        let e = Experiment::parse("configs/k.toml", text).unwrap();
        let suite = e.search_suite().unwrap_err().to_string();
        assert!(suite.contains("missing key \"suite\""), "{suite}");
        let depths = e.search_depths().unwrap_err().to_string();
        assert!(depths.contains("missing key \"depths\""), "{depths}");
    }
}
