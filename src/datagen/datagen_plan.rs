//! A datagen run's plan: the variant that plays itself, its budget, and each game's start,
//! decided by the seed and the game's number alone.

use super::random_plies::random_start;
use crate::chess::notation::uci;
use crate::config::experiment::ResolvedVariant;
use crate::digest::short_sha256;
use crate::error::InputError;
use crate::settings::adjudication_rules::Adjudication;
use crate::settings::shard::Shard;
use crate::suite::{EpdPosition, Suite};
use cozy_chess::Board;
use sha2::{Digest, Sha256};
use std::path::Path;

/// What a run plays, as the command line gives it.
#[derive(Debug, Clone)]
pub struct DatagenSettings {
    /// The config file the variant comes from, as given.
    pub config_file: String,
    /// Games in the whole run (all shards); a later sitting may ask for more.
    pub games: usize,
    /// Nodes a move.
    pub nodes: u64,
    /// The seed of the openings' order and of the random plies.
    pub seed: u64,
    /// Plies played at random after the book.
    pub random_plies: u32,
    /// The book.
    pub openings: std::path::PathBuf,
    /// `--adjudicate`, as given.
    pub adjudicate: Vec<String>,
    /// `--shard K/N`: the games whose number mod N is K.
    pub shard: Option<Shard>,
}

/// A run ready to play.
pub struct DatagenPlan {
    /// The variant that plays both sides.
    pub variant: ResolvedVariant,
    /// What was asked.
    pub settings: DatagenSettings,
    /// The openings in the order games take them (shuffled by the seed).
    pub openings: Vec<EpdPosition>,
    /// SHA-256 of the openings file.
    pub openings_sha256: String,
    /// The adjudication rule.
    pub adjudication: Adjudication,
    /// Everything that decides a game's lines, hashed: the variant's identity, budget, seed,
    /// random plies, openings and adjudication. Not the number of games, so that a run may be
    /// extended, nor the shard, whose games are the same games.
    pub hash: String,
}

/// A game's start: its opening, the random plies and the position after them.
pub struct GameStart {
    /// The opening's id.
    pub opening: String,
    /// The random plies in UCI, space-separated.
    pub random_plies: String,
    /// The position the game is played from.
    pub board: Board,
}

impl DatagenPlan {
    /// Reads the openings and the adjudication rule and hashes the run.
    pub fn new(variant: ResolvedVariant, settings: DatagenSettings) -> anyhow::Result<Self> {
        if variant.engine.is_some() {
            let message = format!(
                "variant \"{}\" is an external engine; expected one of ablate's own search, whose scores it writes",
                variant.name
            );
            return Err(InputError::in_file(&settings.config_file, message).into());
        }
        if settings.nodes == 0 {
            return Err(
                InputError::in_file("--nodes", "0; expected 1 or more nodes a move").into(),
            );
        }
        // No game to play would write an empty data file and index and succeed: refused before
        // a file is made (the command line's parser refuses 0 too; this is the library's door).
        let (k, n) = settings.shard.map_or((0, 1), |s| (s.k, s.n));
        if settings.games <= k {
            let message = match n {
                1 => "0; expected 1 or more games".to_string(),
                _ => format!(
                    "{}; shard {k}/{n} plays the games whose number mod {n} is {k}, so none; expected more than {k} games",
                    settings.games
                ),
            };
            return Err(InputError::in_file("--games", message).into());
        }
        let adjudication = Adjudication::parse(&settings.adjudicate)
            .map_err(|m| InputError::in_file("--adjudicate", m))?;
        let suite = Suite::load(&settings.openings)?;
        if suite.positions.is_empty() {
            let shown = settings.openings.display().to_string();
            return Err(
                InputError::in_file(shown, "no position; expected a book of openings").into(),
            );
        }
        let mut openings = suite.positions.clone();
        let seed = settings.seed;
        openings.sort_by_cached_key(|p| Sha256::digest(format!("{seed}:{}", p.id).as_bytes()));
        let canonical = serde_json::json!({
            "datagen": 1,
            "variant": variant.identity(),
            "nodes": settings.nodes,
            "seed": seed,
            "random_plies": settings.random_plies,
            "openings_sha256": suite.sha256,
            "adjudication": adjudication.key_text(),
        });
        let hash = format!("d{}", short_sha256(&canonical.to_string()));
        Ok(DatagenPlan {
            variant,
            settings,
            openings,
            openings_sha256: suite.sha256,
            adjudication,
            hash,
        })
    }

    /// The games this run (or shard) plays, by number, in order.
    pub fn games(&self) -> Vec<usize> {
        let (k, n) = self.settings.shard.map_or((0, 1), |s| (s.k, s.n));
        (k..self.settings.games).step_by(n).collect()
    }

    /// Game `game`'s start: opening `game` of the shuffled book (wrapping around), then the
    /// random plies drawn for it.
    pub fn start(&self, game: usize) -> GameStart {
        let opening = &self.openings[game % self.openings.len()];
        let plies = self.settings.random_plies;
        let (board, moves) = random_start(&opening.board, self.settings.seed, game, plies);
        let mut before = opening.board.clone();
        let random_plies = moves
            .iter()
            .map(|&mv| {
                let text = uci(&before, mv);
                before.play_unchecked(mv);
                text
            })
            .collect::<Vec<_>>()
            .join(" ");
        GameStart {
            opening: opening.id.clone(),
            random_plies,
            board,
        }
    }

    /// The openings file, as given.
    pub fn openings_path(&self) -> &Path {
        &self.settings.openings
    }
}
