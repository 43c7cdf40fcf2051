//! The match hash: the name every row of a match's games carries, and the key it resumes by.
//! Games whose hash is not this match's are another match's: moved aside, or refused. So the
//! key's text is written out here, field by field, and no refactor of the types it names can
//! move it (`settings::key_text` holds the texts of the limit, the adjudication and the SPRT);
//! `tests/integration/match_keys.rs` recomputes every committed games file's hash from its
//! config.

use crate::config::experiment::ResolvedVariant;
use crate::digest::short_sha256;
use crate::settings::match_settings::DEFAULT_TIME_MARGIN_MS;
use crate::settings::move_limit::Limit;
use crate::settings::MatchSettings;

/// What decides which games a match plays, and so its hash.
pub struct MatchKey<'a> {
    /// The experiment's name.
    pub experiment: &'a str,
    /// The variants that play, in the config's order: each by its identity (what it sets away
    /// from the defaults), so that a variant added to the config, or one that does not play,
    /// leaves the match as it was (matches hashed before 2026-11-26 took every variant, and keep
    /// that first hash: `match_files::adopt_first_hash`).
    pub players: Vec<&'a ResolvedVariant>,
    /// Who plays whom, by name: a variant moved within the config is the same match.
    pub pairings: Vec<(&'a str, &'a str)>,
    /// The openings file's SHA-256.
    pub openings_sha256: &'a str,
    /// The limit per move of the match.
    pub limit: Limit,
    /// The rest: games, seed, adjudication, SPRT, time margin, a book's plies.
    pub options: &'a MatchSettings,
}

impl MatchKey<'_> {
    /// `m` and the short SHA-256 of the key's text (the letter keeps a spreadsheet from reading
    /// the digits as a number).
    pub fn hash(&self) -> String {
        format!("m{}", short_sha256(&self.text()))
    }

    /// The key's text: one JSON object, its keys in alphabetical order and no space between
    /// its tokens (serde_json's compact form). Each value is written here, not derived: the
    /// texts of every committed match depend on it.
    pub fn text(&self) -> String {
        let options = self.options;
        let identities: Vec<serde_json::Value> =
            self.players.iter().map(|v| v.identity()).collect();
        let mut key = serde_json::json!({
            "experiment": self.experiment,
            "variants": identities,
            "pairings": self.pairings,
            "openings_sha256": self.openings_sha256,
            "seed": options.seed,
            "games": options.games(),
            "limit": self.limit.key_text(),
            "adjudication": options.adjudication().key_text(),
            "sprt": options.sprt().map(|s| s.key_text()),
        });
        // Only a margin other than the default enters the key, so matches keyed before the
        // option existed keep their hash.
        if options.time_margin_ms() != DEFAULT_TIME_MARGIN_MS {
            key["time_margin_ms"] = options.time_margin_ms().into();
        }
        // Likewise a book's plies: the same file cut elsewhere is other openings.
        if let Some(plies) = options.opening_plies {
            key["opening_plies"] = plies.into();
        }
        key.to_string()
    }
}
