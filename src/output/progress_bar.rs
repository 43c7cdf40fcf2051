//! The progress bar over jobs, on stderr; hidden when nobody is watching.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::Instant;

/// A bar over jobs that shows ETA and search speed.
pub struct JobProgress {
    bar: ProgressBar,
    started: Instant,
    work: u64,
}

impl JobProgress {
    /// A bar for `total` jobs; hidden under `--quiet`, without a TTY on stderr, or when `CI` is set.
    pub fn new(total: usize, quiet: bool) -> Self {
        let visible = !quiet && std::io::stderr().is_terminal() && std::env::var_os("CI").is_none();
        let bar = ProgressBar::with_draw_target(
            Some(total as u64),
            if visible {
                ProgressDrawTarget::stderr()
            } else {
                ProgressDrawTarget::hidden()
            },
        );
        bar.set_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} jobs  {msg}  eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        JobProgress {
            bar,
            started: Instant::now(),
            work: 0,
        }
    }

    /// One more job done, with the nodes it searched.
    pub fn job_done(&mut self, nodes: u64) {
        self.work += nodes;
        let seconds = self.started.elapsed().as_secs_f64().max(1e-3);
        self.bar
            .set_message(format!("{:.1} M nodes/s", self.work as f64 / seconds / 1e6));
        self.bar.inc(1);
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// A match's progress on stderr. On a terminal: one line rewritten in place. Otherwise (a log
/// file, a Slurm job's output): a plain line every `LOG_EVERY_GAMES` games or `LOG_EVERY`,
/// never a carriage return, so that the log reads line by line.
pub struct MatchProgress {
    terminal: bool,
    total: usize,
    logged_at: std::time::Instant,
    logged_games: usize,
}

/// Games between two log lines when stderr is not a terminal.
pub const LOG_EVERY_GAMES: usize = 100;
/// The longest wait between two log lines when stderr is not a terminal.
pub const LOG_EVERY: std::time::Duration = std::time::Duration::from_secs(30);

impl MatchProgress {
    /// Progress of a match of `total` games.
    pub fn new(total: usize) -> Self {
        MatchProgress {
            terminal: std::io::stderr().is_terminal(),
            total,
            logged_at: std::time::Instant::now(),
            logged_games: 0,
        }
    }

    /// Game number `seen` has finished; `what` says which and how.
    pub fn game(&mut self, seen: usize, what: &str) {
        use std::io::Write;
        let mut err = std::io::stderr();
        if self.terminal {
            let _ = write!(err, "\rgames {seen}/{}: {what}   ", self.total);
            let _ = err.flush();
        } else if seen - self.logged_games >= LOG_EVERY_GAMES
            || self.logged_at.elapsed() >= LOG_EVERY
            || seen == self.total
        {
            let _ = writeln!(err, "games {seen}/{}: {what}", self.total);
            self.logged_games = seen;
            self.logged_at = std::time::Instant::now();
        }
    }

    /// The run has ended after `seen` games: closes the terminal's line.
    pub fn finish(&self, seen: usize) {
        if self.terminal && seen > 0 {
            eprintln!();
        }
    }
}
