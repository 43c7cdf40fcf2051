//! The match's first stage, prepare, second half: its files as this sitting finds them, read
//! once. An older match's files are moved aside (or refused), this match's are taken back, and
//! what the CSV and the manifest hold of this match is handed on: the games to resume, the
//! earlier sitting's manifest, and whether its PGN is there.

use crate::game_record::GameRow;

use super::games_csv::read_games_with;
use super::games_manifest::MatchManifest;
use super::pairings::PreparedMatch;
use crate::error::InputError;
use crate::storage::aside::GAMES_FILES;
use crate::storage::manifest::{manifest_path, ManifestFile};
use std::path::PathBuf;

/// Where and how this sitting plays a prepared match (what it plays is the prepared match's
/// `MatchSettings`).
pub struct SessionOptions {
    /// The games CSV.
    pub csv: PathBuf,
    /// The PGN, when not beside the CSV.
    pub pgn: Option<PathBuf>,
    /// Worker threads.
    pub threads: usize,
    /// Replace a CSV of another match instead of refusing.
    pub force: bool,
    /// The CSV is in the default folder: a CSV of another match there is moved aside.
    pub move_aside: bool,
    /// No progress line.
    pub quiet: bool,
}

impl SessionOptions {
    /// The PGN: `--pgn`, or beside the CSV.
    pub fn pgn_path(&self) -> PathBuf {
        self.pgn
            .clone()
            .unwrap_or_else(|| self.csv.with_extension("pgn"))
    }
}

/// What the files hold of this match before a game is played, beside the games themselves.
pub struct FoundFiles {
    /// The CSV already holds this match's games: it is left as it is until a game changes it.
    pub holds_this_match: bool,
    /// The manifest of an earlier sitting of this match, and its text as it was.
    pub earlier: Option<MatchManifest>,
    pub earlier_text: Option<Vec<u8>>,
    /// An earlier sitting left its manifest and its PGN: this one resumes it.
    pub resuming: bool,
    /// The openings and their SHA-256, for the provenance.
    pub openings: PathBuf,
    pub openings_sha256: String,
}

/// Finds the match's files as `options` name them, moving aside or refusing another match's,
/// and returns them with the games of this match the CSV holds (none when it holds another's,
/// under --force). `prepared` may take the hash of an earlier sitting of the same match
/// (`adopt_first_hash`).
pub fn find_files(
    prepared: &mut PreparedMatch,
    options: &SessionOptions,
) -> anyhow::Result<(FoundFiles, Vec<GameRow>)> {
    let openings = prepared.options.openings();
    let openings_sha256 =
        crate::suite::Suite::load_openings(&openings, prepared.options.opening_plies)
            .map(|s| s.sha256)
            .unwrap_or_default();
    adopt_first_hash(prepared, options, &openings_sha256);
    let (csv, hash) = (&options.csv, prepared.hash.as_str());
    if let Some(parent) = csv.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    let mut rows = if csv.exists() {
        read_games_with(csv, &options.pgn_path())?
    } else {
        Vec::new()
    };
    let other = |rows: &[GameRow]| rows.first().is_some_and(|r| r.match_hash != hash);
    if options.move_aside && !options.force {
        if other(&rows) {
            // The PGN holds the same games: it goes with them, or this match would overwrite
            // it; so do the reports made from them, or they would describe games not there.
            let old = &rows[0].match_hash;
            let aside = crate::storage::aside::move_aside(csv, old, &GAMES_FILES)?;
            if !options.quiet {
                let (from, to) = (csv.display(), aside.csv.display());
                eprintln!(
                    "note: {from} held games of another match; moved them to {to}{}",
                    aside.others_line()
                );
            }
            rows.clear();
        }
        // This match's games, moved aside by another match earlier, come back to be resumed.
        if let Some(from) = crate::storage::aside::take_back(csv, hash, &GAMES_FILES)? {
            if !options.quiet {
                eprintln!("note: took back this match's games from {}", from.display());
            }
            rows = read_games_with(csv, &options.pgn_path())?;
        }
    }
    // Before the manifest is written: a refused match must leave the other one's as it was.
    if other(&rows) {
        if !options.force {
            let message = format!("holds games of match {}, but this match is {hash}; use --force to replace it or --out to write elsewhere", rows[0].match_hash);
            return Err(InputError::in_file(csv.display().to_string(), message).into());
        }
        rows.clear();
    }
    let json_path = manifest_path(csv);
    let earlier = MatchManifest::beside(csv).filter(|m| m.match_hash == hash);
    let resuming = earlier.is_some() && options.pgn_path().exists();
    let found = FoundFiles {
        holds_this_match: !rows.is_empty(),
        earlier,
        earlier_text: std::fs::read(&json_path).ok(),
        resuming,
        openings,
        openings_sha256,
    };
    Ok((found, rows))
}

/// Matches hashed before the identity took its present form (a variant's knobs that differ
/// from the defaults, 229b660; before, every knob) carry another hash for the same match. When
/// the manifest beside the CSV records this match (the same variants knob for knob as today's
/// build resolves them, the same pairings, games, limit, seed, SPRT, adjudication, shard and
/// openings) under another hash, the match keeps that first hash, so its games are resumed, not
/// moved aside and played again.
fn adopt_first_hash(prepared: &mut PreparedMatch, options: &SessionOptions, openings_sha256: &str) {
    let Some(first) = MatchManifest::beside(&options.csv) else {
        return;
    };
    if first.match_hash == prepared.hash {
        return;
    }
    let mut provenance = first.provenance.clone();
    provenance.suite_sha256 = openings_sha256.to_string();
    let today = MatchManifest::starting(prepared, provenance);
    if !openings_sha256.is_empty() && today.same_match(&first) {
        prepared.hash = first.match_hash;
    }
}
