//! One sitting of a match, end to end, as a pipeline of stages, each handing its result to the
//! next and none calling back into an earlier one:
//!
//! 1. prepare: the match (`pairings::prepare_match`, before this) and its files as found,
//!    read once (`match_files`);
//! 2. play: the games still to play, on a worker pool (`game_pool`);
//! 3. record: each game appended to the CSV and the PGN as it ends (`record`);
//! 4. decide: SPRT, the precision target and a design's rounds say which games not to start
//!    and which the match keeps (`decide`);
//! 5. report: the progress line here; the summary (`summary`) once the session returns.
//!
//! This file only connects them: a new stopping rule is a change to `decide`, a new output a
//! change to `record`.

use super::decide::Decider;
use super::game_pool::{play_games, Control};
use super::joined_runs::Beside;
use super::match_files::find_files;
pub use super::match_files::SessionOptions;
use super::pairings::{GameJob, PreparedMatch};
use super::record::{Ending, Recorder};
use super::score_line::score_line;
use crate::game_record::GameRow;
use crate::output::progress_bar::MatchProgress;
use crate::signals::StopSignals;
use crate::stats::running_score::RunningScore;
use std::collections::HashSet;
use std::path::PathBuf;

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

/// Plays (or resumes) `prepared` as `options` say. A signal stops it with every finished game
/// kept (`StopSignals::stopped`). A sitting that finds the match complete leaves its files as
/// they were; one that resumes it records the time of every sitting in the manifest.
pub fn play_session(
    prepared: &mut PreparedMatch,
    options: &SessionOptions,
) -> anyhow::Result<Session> {
    let (found, mut rows) = find_files(prepared, options)?;
    let prepared = &*prepared;
    let beside = Beside::load(prepared)?;
    let mut decider = Decider::new(prepared, &rows, beside);
    let mut recorder = Recorder::start(prepared, options, &found, &rows)?;
    let signals = StopSignals::install();
    let control = Control::new(&signals.stop, prepared.pairings.len(), decider.pair_limit());
    let resumed = rows.len();
    let mut progress = MatchProgress::new(prepared.job_count());
    let mut running = RunningScore::new(prepared.options.sprt());
    // A resumed run's progress counts its games from where it stands, and its score includes
    // the games it already had.
    progress.resume(resumed);
    if let Some(target) = prepared.options.precision {
        progress.aim_at(target);
    }
    if !options.quiet {
        rows.iter().for_each(|row| running.add(row));
    }
    if let Some(check) = decider.resumed_check(&rows) {
        running.checked(check.worst, check.target);
        progress.checked(rows.len(), check.worst, check.floor());
    }
    let finished: HashSet<(String, String, usize, usize)> = rows
        .iter()
        .map(|r| (r.variant.clone(), r.opponent.clone(), r.pair, r.game))
        .collect();
    // Games are taken one at a time by index, so memory does not grow with --games.
    let is_pending = |j: &GameJob| {
        let p = prepared.pairings[j.pairing];
        let (v, o) = (
            &prepared.variants[p.variant],
            &prepared.variants[p.opponent],
        );
        !finished.contains(&(v.name.clone(), o.name.clone(), j.pair, j.swapped.into()))
    };
    let mut warnings = 0usize;
    let played = play_games(prepared, options.threads, &control, is_pending, |game| {
        recorder.record(&game.row, &rows)?;
        // Faults and ignored limits are said even with --quiet: they change what results mean.
        for message in &game.messages {
            warnings += 1;
            progress.note(&format!("warning: {message}"));
        }
        rows.push(game.row);
        let verdict = decider.after_game(&rows);
        verdict.decided.iter().for_each(|&i| control.decide(i));
        for check in &verdict.checks {
            running.checked(check.worst, check.target);
            progress.checked(rows.len(), check.worst, check.floor());
        }
        if let Some(pair) = verdict.pair_limit {
            control.limit_pairs(pair);
        }
        if !options.quiet {
            running.add(rows.last().expect("the game just pushed"));
            progress.game(rows.len(), || score_line(&running));
        }
        Ok(())
    })?;
    if !options.quiet {
        progress.finish();
    }
    // Only a signal sets `stop` without an error; an SPRT decision skips games without it.
    let interrupted = signals.stop.load(std::sync::atomic::Ordering::Relaxed);
    let rows = decider.within_limit(rows);
    let unchanged = played == 0 && rows.len() == resumed;
    let rows = if interrupted || unchanged {
        rows
    } else {
        decider.kept(rows)
    };
    let ending = Ending {
        played,
        resumed,
        interrupted,
        unchanged,
    };
    recorder.finish(&rows, &ending)?;
    if interrupted {
        return Err(signals
            .stopped(played + resumed, "games", &options.csv)
            .into());
    }
    Ok(Session {
        rows,
        pgn: options.pgn_path(),
        played,
        resumed,
        warnings,
    })
}
