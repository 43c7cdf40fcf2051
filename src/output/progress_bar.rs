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
    /// A precision run's target, and the games its last check says it needs.
    aim: Option<Aim>,
}

/// What a systematic misfit does to a precision target: the floor under the worst
/// half-width (the part that more games do not shrink), the floor's one-sided 95% lower bound,
/// and how many times the games played the target needs (`None`: the floor is at or above
/// it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MisfitFloor {
    pub floor: f64,
    pub at_least: f64,
    pub times: Option<f64>,
}

/// Where a precision run is headed: it stops at its target, long before its ceiling of games.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Aim {
    target: f64,
    /// The games the target needs at the last check's rate, once a check could estimate it.
    games: Option<usize>,
    /// A systematic misfit's floor, when it lies at or above the target: no number of games
    /// meets the target then, if the floor holds (its bound says how sure that is).
    floor: Option<MisfitFloor>,
}

/// A precision run's bar when its design's misfit holds the half-widths above the target.
const BAR_OUT_OF_REACH: &str =
    "{pos} games (at most {len})  no eta: the design's misfit holds its worst half-width above the target (see `ablate report`)  {wide_msg}";
/// A match's bar: games of the goal, and the ETA to it.
const BAR: &str = "{bar:25} {pos}/{len} games  eta {eta}  {wide_msg}";
/// A precision run's bar before a check can estimate the games its target needs.
const BAR_UNTIL_A_CHECK: &str =
    "{pos} games (at most {len})  eta unknown until a precision check  {wide_msg}";

fn bar_style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar())
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
            bar.set_style(bar_style(BAR));
            bar
        });
        MatchProgress {
            bar,
            total,
            started: Instant::now(),
            logged_at: Instant::now(),
            logged_games: 0,
            resumed: 0,
            aim: None,
        }
    }

    /// A precision run: it stops once every figure's half-width is at most `target`, so the
    /// ceiling of games is no goal to show.
    pub fn aim_at(&mut self, target: f64) {
        self.aim = Some(Aim {
            target,
            games: None,
            floor: None,
        });
        // No goal yet: the bar counts games and says so, rather than an ETA to the ceiling.
        if let Some(bar) = &self.bar {
            bar.set_style(bar_style(BAR_UNTIL_A_CHECK));
        }
    }

    /// A precision check after `games` games found a worst half-width of `worst`. A
    /// half-width falls as one over the root of the games, so the target needs about
    /// `games` × (worst / target)² (at most the ceiling); the ETA and the bar run to that.
    /// A design whose misfit repeats in both halves of its pairs (`stats::design_misfit`) has
    /// a part that does not fall: the chance part (worst² − floor²) alone shrinks, and a
    /// target at or below the misfit's floor is out of reach of more games.
    pub fn checked(&mut self, games: usize, worst: f64, misfit: Option<MisfitFloor>) {
        let Some(aim) = self.aim.as_mut() else {
            return;
        };
        aim.floor = misfit.filter(|m| m.times.is_none());
        if aim.floor.is_some() {
            aim.games = None;
            if let Some(bar) = &self.bar {
                bar.set_style(bar_style(BAR_OUT_OF_REACH));
            }
            return;
        }
        if worst.is_finite() && worst > 0.0 {
            let times = misfit
                .and_then(|m| m.times)
                .unwrap_or((worst / aim.target).powi(2));
            let needed = (games as f64 * times).ceil() as usize;
            let needed = needed.clamp(games, self.total);
            aim.games = Some(needed);
            if let Some(bar) = &self.bar {
                bar.set_length(needed as u64);
                bar.set_style(bar_style(BAR));
            }
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
            let line = log_line(seen, self.total, self.aim, per_game);
            let _ = writeln!(std::io::stderr(), "{line}: {}", score());
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

/// The head of a log line: games played of the goal and the time left at this sitting's pace.
/// A precision run's goal is the games its last check says the target needs, not its ceiling.
fn log_line(seen: usize, total: usize, aim: Option<Aim>, per_game: f64) -> String {
    let left = |goal: usize| duration(per_game * goal.saturating_sub(seen) as f64);
    match aim {
        None => format!("games {seen}/{total}, eta {}", left(total)),
        Some(Aim {
            target,
            floor: Some(MisfitFloor { floor, at_least, .. }),
            ..
        }) if at_least >= target => format!(
            "games {seen} (at most {total}), no eta: the design's misfit holds its worst half-width at ±{floor:.1} (at least ±{at_least:.1}, one-sided 95%), above the target ±{target}, however many games are played (`ablate report` tells)"
        ),
        Some(Aim {
            target,
            floor: Some(MisfitFloor { floor, at_least, .. }),
            ..
        }) => format!(
            "games {seen} (at most {total}), no eta: the design's misfit would hold its worst half-width at about ±{floor:.1}, at or above the target ±{target}, if it stays as large (its one-sided 95% bound, ±{at_least:.1}, does not show that yet; `ablate report` tells)"
        ),
        Some(Aim {
            target,
            games: None,
            ..
        }) => format!(
            "games {seen} (at most {total}), eta unknown until the worst half-width can be estimated against ±{target}"
        ),
        Some(Aim {
            target,
            games: Some(goal),
            ..
        }) => format!(
            "games {seen} of about {goal} for ±{target} (at most {total}), eta {}",
            left(goal)
        ),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bars_templates_are_indicatifs() {
        for template in [BAR, BAR_UNTIL_A_CHECK, BAR_OUT_OF_REACH] {
            assert!(ProgressStyle::with_template(template).is_ok(), "{template}");
        }
    }

    #[test]
    fn a_precision_runs_goal_is_its_targets_games_not_its_ceiling() {
        assert_eq!(log_line(100, 1000, None, 2.0), "games 100/1000, eta 30m00s");
        let mut progress = MatchProgress::new(1_920_000);
        progress.aim_at(15.0);
        assert_eq!(
            log_line(1892, 1_920_000, progress.aim, 1.0),
            "games 1892 (at most 1920000), eta unknown until the worst half-width can be estimated against ±15"
        );
        // No finite half-width yet: still unknown.
        progress.checked(1892, f64::INFINITY, None);
        assert_eq!(progress.aim.unwrap().games, None);
        // ±30 after 2,000 games: ±15 needs four times the games.
        progress.checked(2000, 30.0, None);
        assert_eq!(progress.aim.unwrap().games, Some(8000));
        assert_eq!(
            log_line(2000, 1_920_000, progress.aim, 6.0),
            "games 2000 of about 8000 for ±15 (at most 1920000), eta 10h00m"
        );
        // Past the target already (a check between rounds): the games played are the goal;
        // and never past the ceiling.
        progress.checked(2000, 10.0, None);
        assert_eq!(progress.aim.unwrap().games, Some(2000));
        progress.checked(2000, 1e6, None);
        assert_eq!(progress.aim.unwrap().games, Some(1_920_000));
        // A misfit that repeats: of ±30, a floor of ±12 leaves 900 − 144 = 756 Elo² of chance,
        // against 225 − 144 = 81 under ±15: 9.33 times the games (`Misfit::times_to`). A floor
        // at or above the target leaves no goal, and the line says why and how sure.
        let floor = |floor, at_least| {
            let times = (floor < 15.0).then(|| (900.0 - floor * floor) / (225.0 - floor * floor));
            Some(MisfitFloor {
                floor,
                at_least,
                times,
            })
        };
        progress.checked(2000, 30.0, floor(12.0, 5.0));
        assert_eq!(progress.aim.unwrap().games, Some(18667));
        progress.checked(2000, 30.0, floor(21.2, 0.0));
        assert_eq!(progress.aim.unwrap().games, None);
        assert_eq!(
            log_line(2000, 1_920_000, progress.aim, 6.0),
            "games 2000 (at most 1920000), no eta: the design's misfit would hold its worst half-width at about ±21.2, at or above the target ±15, if it stays as large (its one-sided 95% bound, ±0.0, does not show that yet; `ablate report` tells)"
        );
        progress.checked(2000, 30.0, floor(21.2, 16.0));
        assert_eq!(
            log_line(2000, 1_920_000, progress.aim, 6.0),
            "games 2000 (at most 1920000), no eta: the design's misfit holds its worst half-width at ±21.2 (at least ±16.0, one-sided 95%), above the target ±15, however many games are played (`ablate report` tells)"
        );
        // A run without a target has no aim to update.
        let mut plain = MatchProgress::new(10);
        plain.checked(4, 30.0, None);
        assert_eq!(plain.aim, None);
    }
}
