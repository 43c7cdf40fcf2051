//! The match's third stage, record: each finished game appended to the CSV and the PGN as it
//! ends, the manifest marked unfinished until the end, and at the end the games the match
//! keeps written in canonical order with their PGN and the manifest of every sitting.

use crate::game_record::GameRow;

use super::games_csv::{notes_kept, write_games, NotesKept};
use super::games_manifest::MatchManifest;
use super::games_pgn::{write_pgn, PgnLog, PgnTags};
use super::match_files::{FoundFiles, SessionOptions};
use super::pairings::PreparedMatch;
use crate::storage::manifest::{manifest_path, ManifestFile};
use crate::storage::provenance::Provenance;
use std::path::PathBuf;
use std::time::{Instant, SystemTime};

/// The record stage's state through one sitting.
pub struct Recorder<'a> {
    options: &'a SessionOptions,
    found: &'a FoundFiles,
    json_path: PathBuf,
    pgn_path: PathBuf,
    manifest: MatchManifest,
    tags: PgnTags,
    /// Open once the first game of a resumed match is played (at once for a fresh one).
    pgn_log: Option<PgnLog>,
    /// The CSV's form: a match the CSV already holds keeps the form it was written in.
    form: NotesKept,
    started: SystemTime,
    clock: Instant,
}

/// How a sitting ended, for the manifest.
pub struct Ending {
    pub played: usize,
    pub resumed: usize,
    pub interrupted: bool,
    /// Nothing played and nothing dropped: the games are those the sitting found.
    pub unchanged: bool,
}

impl<'a> Recorder<'a> {
    /// Starts the sitting's files: a fresh match marks its manifest unfinished at once and
    /// starts its CSV and PGN; a resumed one only once a game is played, so that a sitting that
    /// finds the match complete leaves every file as it was.
    pub fn start(
        prepared: &PreparedMatch,
        options: &'a SessionOptions,
        found: &'a FoundFiles,
        kept: &[GameRow],
    ) -> anyhow::Result<Recorder<'a>> {
        let (started, clock) = (SystemTime::now(), Instant::now());
        let manifest =
            MatchManifest::starting(prepared, provenance(options, found, started, clock));
        let mut recorder = Recorder {
            options,
            found,
            json_path: manifest_path(&options.csv),
            pgn_path: options.pgn_path(),
            tags: PgnTags::of(Some(&manifest)),
            manifest,
            pgn_log: None,
            form: match found.holds_this_match {
                true => notes_kept(&options.csv),
                false => NotesKept::InPgn,
            },
            started,
            clock,
        };
        if !found.resuming {
            recorder.manifest.write(&recorder.json_path)?;
        }
        if !found.holds_this_match {
            write_games(&options.csv, kept, false, recorder.form)?;
        }
        if !found.resuming {
            recorder.pgn_log = Some(recorder.open_log(kept)?);
        }
        Ok(recorder)
    }

    /// The PGN started with the games kept from earlier sittings.
    fn open_log(&self, kept: &[GameRow]) -> anyhow::Result<PgnLog> {
        let (date, time_control) = (&self.tags.date, &self.tags.time_control);
        PgnLog::start(&self.pgn_path, kept, date, time_control)
            .map_err(|e| e.context(format!("{}", self.pgn_path.display())))
    }

    /// Appends a finished game to the CSV and the PGN (a resumed match's first game marks
    /// the manifest unfinished and starts the PGN with `before`, the games before it).
    pub fn record(&mut self, row: &GameRow, before: &[GameRow]) -> anyhow::Result<()> {
        if self.pgn_log.is_none() {
            self.manifest.write(&self.json_path)?;
            self.pgn_log = Some(self.open_log(before)?);
        }
        // The PGN first: it holds the game's notes, and a game the CSV has is never one the
        // PGN lacks (a game in the PGN only is played again when the match resumes).
        if let Some(log) = self.pgn_log.as_mut() {
            log.append(row)
                .map_err(|e| e.context(format!("{}", self.pgn_path.display())))?;
        }
        write_games(
            &self.options.csv,
            std::slice::from_ref(row),
            true,
            self.form,
        )?;
        Ok(())
    }

    /// Ends the sitting: `kept` (the games the match keeps, in canonical order) replaces the
    /// CSV when anything changed, the manifest records the sitting, and the PGN is written in
    /// the CSV's order. A sitting that found the match complete leaves the files as they were.
    pub fn finish(mut self, kept: &[GameRow], ending: &Ending) -> anyhow::Result<()> {
        let csv = &self.options.csv;
        if !ending.interrupted && !ending.unchanged {
            let tmp = csv.with_extension("csv.tmp");
            write_games(&tmp, kept, false, self.form)?;
            std::fs::rename(&tmp, csv)?;
        }
        let earlier_done = self.found.earlier.as_ref().is_some_and(|m| !m.interrupted);
        // Nothing played and nothing missing: the files stay as the sitting that finished the
        // match wrote them.
        let untouched = ending.played == 0
            && !ending.interrupted
            && earlier_done
            && ending.resumed == kept.len();
        let leave_as_found = untouched && self.found.resuming;
        match &self.found.earlier_text {
            _ if leave_as_found => {}
            Some(text) if ending.played == 0 && !ending.interrupted && earlier_done => {
                crate::storage::write_atomically(&self.json_path, text)?;
            }
            _ => {
                self.manifest.provenance =
                    provenance(self.options, self.found, self.started, self.clock);
                self.manifest.games_played = ending.played;
                self.manifest.games_resumed = ending.resumed;
                self.manifest.interrupted = ending.interrupted;
                self.manifest.write(&self.json_path)?;
            }
        }
        if !ending.interrupted && !leave_as_found {
            write_pgn(&self.pgn_path, kept, &self.tags, csv)?;
        }
        Ok(())
    }
}

/// The provenance until now: a resumed match's cost is that of every sitting; its date, that
/// of the first.
fn provenance(
    options: &SessionOptions,
    found: &FoundFiles,
    started: SystemTime,
    clock: Instant,
) -> Provenance {
    let openings = found.openings.display().to_string();
    let (sha, threads) = (&found.openings_sha256, options.threads);
    let mut now = Provenance::until_now(&openings, sha, threads, started, clock);
    if let Some(earlier) = &found.earlier {
        now.started = earlier.provenance.started.clone();
        now.wall_seconds += earlier.provenance.wall_seconds;
    }
    now
}
