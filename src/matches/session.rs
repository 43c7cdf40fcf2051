//! One sitting of a match, end to end, as `ablate match` runs it: move an older match's files
//! aside, write the manifest (marked unfinished until the end), play or resume the games with
//! the PGN kept beside the CSV, then the manifest and the PGN in the CSV's canonical order.
//! The command only turns its options into `SessionOptions` and prints what comes back.

use super::game_pool::{move_aside_other_match, refuse_other_match, run_match, MatchEvent};
use super::games_csv::{read_games, GameRow};
use super::games_manifest::MatchManifest;
use super::games_pgn::{write_pgn, PgnLog, PgnTags};
use super::pairings::PreparedMatch;
use super::running_score::RunningScore;
use crate::output::progress_bar::MatchProgress;
use crate::signals::StopSignals;
use crate::storage::manifest::{manifest_path, ManifestFile};
use crate::storage::provenance::Provenance;
use std::path::PathBuf;
use std::time::{Instant, SystemTime};

/// How to play a prepared match: where, with how many threads, and what its manifest records
/// of the command line.
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
    /// The openings file, for the provenance.
    pub openings: PathBuf,
    /// The limit, the SPRT, the adjudication and the shard as the command line gave them.
    pub limit_text: String,
    pub sprt: Option<String>,
    pub adjudicate: Vec<String>,
    pub shard: Option<String>,
}

/// Whether the PGN a sitting would resume is there.
fn pgn_exists(options: &SessionOptions, csv: &std::path::Path) -> bool {
    options
        .pgn
        .clone()
        .unwrap_or_else(|| csv.with_extension("pgn"))
        .exists()
}

/// What a session did.
pub struct Session {
    /// Every game the CSV now holds, in its canonical order.
    pub rows: Vec<GameRow>,
    /// The PGN written.
    pub pgn: PathBuf,
    /// Games played in this sitting, and kept from earlier ones.
    pub played: usize,
    pub resumed: usize,
    /// Warnings about engines printed during the sitting.
    pub warnings: usize,
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
    let today = MatchManifest::starting(
        prepared,
        provenance,
        &options.limit_text,
        options.sprt.clone(),
        options.adjudicate.clone(),
        options.shard.clone(),
    );
    if !openings_sha256.is_empty() && today.same_match(&first) {
        prepared.hash = first.match_hash;
    }
}

/// Plays (or resumes) `prepared` as `options` say. A signal stops it with every finished game
/// kept (`StopSignals::stopped`). A sitting that finds the match complete leaves its files as
/// they were; one that resumes it records the time of every sitting in the manifest.
pub fn play_session(
    prepared: &mut PreparedMatch,
    options: &SessionOptions,
) -> anyhow::Result<Session> {
    let openings_sha256 = crate::suite::Suite::load(&options.openings)
        .map(|s| s.sha256)
        .unwrap_or_default();
    adopt_first_hash(prepared, options, &openings_sha256);
    let prepared = &*prepared;
    let csv = &options.csv;
    if options.move_aside && !options.force {
        if let Some(aside) = move_aside_other_match(csv, &prepared.hash)? {
            if !options.quiet {
                let (from, to) = (csv.display(), aside.display());
                eprintln!("note: {from} held games of another match; moved them to {to}");
            }
        }
        // This match's games, moved aside by another match earlier, come back to be resumed.
        if let Some(from) = crate::storage::aside::take_back(csv, &prepared.hash, &["pgn"])? {
            if !options.quiet {
                eprintln!("note: took back this match's games from {}", from.display());
            }
        }
    }
    // Before the manifest is written: a refused match must leave the other one's as it was.
    refuse_other_match(csv, &prepared.hash, options.force)?;
    let json_path = manifest_path(csv);
    if let Some(parent) = json_path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    let earlier = MatchManifest::beside(csv).filter(|m| m.match_hash == prepared.hash);
    let earlier_text = std::fs::read(&json_path).ok();
    let started = SystemTime::now();
    let clock = Instant::now();
    let provenance = || {
        let openings = options.openings.display().to_string();
        let mut now =
            Provenance::until_now(&openings, &openings_sha256, options.threads, started, clock);
        // A resumed match's cost is that of every sitting; its date, that of the first.
        if let Some(earlier) = &earlier {
            now.started = earlier.provenance.started.clone();
            now.wall_seconds += earlier.provenance.wall_seconds;
        }
        now
    };
    let mut manifest = MatchManifest::starting(
        prepared,
        provenance(),
        &options.limit_text,
        options.sprt.clone(),
        options.adjudicate.clone(),
        options.shard.clone(),
    );
    // A fresh match marks its manifest unfinished at once; a resumed one only once a game is
    // played, so that a sitting that finds the match complete leaves every file as it was.
    let resuming = earlier.is_some() && pgn_exists(options, csv);
    if !resuming {
        manifest.write(&json_path)?;
    }
    let signals = StopSignals::install();
    let (mut seen, mut warnings) = (0usize, 0usize);
    let mut progress = MatchProgress::new(manifest.games_total);
    let mut running = RunningScore::new(prepared.options.sprt);
    let pgn_path = options
        .pgn
        .clone()
        .unwrap_or_else(|| csv.with_extension("pgn"));
    let tags = PgnTags::of(Some(&manifest));
    let open_log = || {
        PgnLog::resume(
            &pgn_path,
            csv,
            &prepared.hash,
            &tags.date,
            &tags.time_control,
        )
    };
    let mut pgn_log = if resuming { None } else { Some(open_log()?) };
    let mut pgn_error = None;
    let outcome = run_match(
        prepared,
        csv,
        options.threads,
        options.force,
        &signals.stop,
        |event| match event {
            // A resumed run's progress counts its games from where it stands, and its score
            // includes the games it already had.
            MatchEvent::Resumed(rows) => {
                seen = rows.len();
                progress.resume(seen);
                if !options.quiet {
                    rows.iter().for_each(|row| running.add(row));
                }
            }
            MatchEvent::Precision { worst, target } => running.checked(worst, target),
            MatchEvent::Played(game) => {
                if pgn_log.is_none() && pgn_error.is_none() {
                    let opened = manifest.write(&json_path).and_then(|_| open_log());
                    match opened {
                        Ok(log) => pgn_log = Some(log),
                        Err(e) => pgn_error = Some(e),
                    }
                }
                if let (Some(log), None) = (pgn_log.as_mut(), pgn_error.as_ref()) {
                    pgn_error = log.append(&game.row).err();
                }
                seen += 1;
                // Faults and ignored limits are said even with --quiet: they change what results mean.
                for message in &game.messages {
                    warnings += 1;
                    progress.note(&format!("warning: {message}"));
                }
                if !options.quiet {
                    running.add(&game.row);
                    progress.game(seen, || running.line());
                }
            }
        },
    )?;
    if !options.quiet {
        progress.finish();
    }
    // Nothing played and nothing missing: the files stay as the sitting that finished the
    // match wrote them.
    let untouched = outcome.played == 0
        && !outcome.interrupted
        && earlier.as_ref().is_some_and(|done| !done.interrupted)
        && outcome.resumed == outcome.kept;
    match (&earlier, &earlier_text) {
        _ if untouched && resuming => {}
        (Some(done), Some(text))
            if outcome.played == 0 && !outcome.interrupted && !done.interrupted =>
        {
            crate::storage::write_atomically(&json_path, text)?;
        }
        _ => {
            manifest.provenance = provenance();
            manifest.games_played = outcome.played;
            manifest.games_resumed = outcome.resumed;
            manifest.interrupted = outcome.interrupted;
            manifest.write(&json_path)?;
        }
    }
    if outcome.interrupted {
        let kept = outcome.played + outcome.resumed;
        return Err(signals.stopped(kept, "games", csv).into());
    }
    if let Some(e) = pgn_error {
        return Err(e.context(format!("{}", pgn_path.display())));
    }
    // The canonical order, as the CSV now has it.
    let rows = read_games(csv)?;
    if !(untouched && resuming) {
        write_pgn(&pgn_path, &rows, &tags, csv)?;
    }
    Ok(Session {
        rows,
        pgn: pgn_path,
        played: outcome.played,
        resumed: outcome.resumed,
        warnings,
    })
}
