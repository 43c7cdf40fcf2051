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

/// A match's progress on stderr. On a terminal: a bar with games done, the ETA and the running
/// score (and LLR). Otherwise (a log file, a Slurm job's output): a plain line every
/// `LOG_EVERY_GAMES` games or `LOG_EVERY`, with the same figures, never a carriage return, so
/// that the log reads line by line.
pub struct MatchProgress {
    bar: Option<ProgressBar>,
    total: usize,
    started: Instant,
    logged_at: Instant,
    logged_games: usize,
    /// Games the run already had when this sitting started (a resumed run).
    resumed: usize,
}

/// Games between two log lines when stderr is not a terminal.
pub const LOG_EVERY_GAMES: usize = 100;
/// The longest wait between two log lines when stderr is not a terminal.
pub const LOG_EVERY: std::time::Duration = std::time::Duration::from_secs(30);

impl MatchProgress {
    /// Progress of a match of `total` games.
    pub fn new(total: usize) -> Self {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(total as u64);
            bar.set_style(
                ProgressStyle::with_template("{bar:25} {pos}/{len} games  eta {eta}  {wide_msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar
        });
        MatchProgress {
            bar,
            total,
            started: Instant::now(),
            logged_at: Instant::now(),
            logged_games: 0,
            resumed: 0,
        }
    }

    /// The run already had `games` finished games: counting starts there, and the ETA comes
    /// from the pace of the games played now.
    pub fn resume(&mut self, games: usize) {
        self.resumed = games;
        self.logged_games = games;
        if let Some(bar) = &self.bar {
            bar.set_position(games as u64);
            // indicatif's ETA is from the bar's pace since its last reset: start it here.
            bar.reset_eta();
        }
    }

    /// Game number `seen` of this run has finished; `score` gives the running score line, and
    /// is asked only when it is shown.
    pub fn game(&mut self, seen: usize, score: impl FnOnce() -> String) {
        use std::io::Write;
        if let Some(bar) = &self.bar {
            bar.set_position(seen as u64);
            bar.set_message(score());
        } else if seen - self.logged_games >= LOG_EVERY_GAMES
            || self.logged_at.elapsed() >= LOG_EVERY
            || seen == self.total
        {
            let played_now = seen.saturating_sub(self.resumed).max(1);
            let per_game = self.started.elapsed().as_secs_f64() / played_now as f64;
            let left = per_game * self.total.saturating_sub(seen) as f64;
            let _ = writeln!(
                std::io::stderr(),
                "games {seen}/{}, eta {}: {}",
                self.total,
                duration(left),
                score()
            );
            self.logged_games = seen;
            self.logged_at = Instant::now();
        }
    }

    /// A message about one game (a fault, a warning), printed above the bar.
    pub fn note(&self, text: &str) {
        match &self.bar {
            Some(bar) => bar.suspend(|| eprintln!("{text}")),
            None => eprintln!("{text}"),
        }
    }

    /// The run has ended: removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Seconds as `1h02m`, `3m05s` or `12s`.
fn duration(seconds: f64) -> String {
    let s = seconds.round() as u64;
    match s {
        s if s >= 3600 => format!("{}h{:02}m", s / 3600, s % 3600 / 60),
        s if s >= 60 => format!("{}m{:02}s", s / 60, s % 60),
        s => format!("{s}s"),
    }
}

/// Progress over a count of things (a trainer's positions): a bar with a message on a
/// terminal; elsewhere a plain line every `LOG_EVERY`, and nothing under `--quiet`.
pub struct CountProgress {
    bar: Option<ProgressBar>,
    quiet: bool,
    unit: &'static str,
    total: usize,
    logged_at: std::sync::Mutex<Instant>,
}

impl CountProgress {
    /// Progress over `total` `unit`s (restarted with `set` from 0).
    pub fn new(total: usize, unit: &'static str, quiet: bool) -> Self {
        let bar = (!quiet && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::new(total as u64);
            let template = format!("{{bar:25}} {{pos}}/{{len}} {unit}  {{wide_msg}}");
            bar.set_style(
                ProgressStyle::with_template(&template)
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar
        });
        CountProgress {
            bar,
            quiet,
            unit,
            total,
            logged_at: std::sync::Mutex::new(Instant::now()),
        }
    }

    /// `done` of the total, and what to say beside it.
    pub fn set(&self, done: usize, message: &str) {
        if let Some(bar) = &self.bar {
            bar.set_position(done as u64);
            bar.set_message(message.to_string());
            return;
        }
        let mut logged_at = self.logged_at.lock().unwrap_or_else(|e| e.into_inner());
        if !self.quiet && logged_at.elapsed() >= LOG_EVERY {
            eprintln!("{done}/{} {}: {message}", self.total, self.unit);
            *logged_at = Instant::now();
        }
    }

    /// A line above the bar (always, but under `--quiet`).
    pub fn note(&self, text: &str) {
        match &self.bar {
            Some(bar) => bar.suspend(|| eprintln!("{text}")),
            None if !self.quiet => eprintln!("{text}"),
            None => {}
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
