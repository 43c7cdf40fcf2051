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
