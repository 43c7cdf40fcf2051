//! Ctrl-C and SIGTERM stop a run cleanly: no new job starts, running ones are abandoned, and
//! every finished row and a complete manifest are kept. SIGTERM is what `scancel`, a Slurm
//! time limit or preemption sends, so it is treated like Ctrl-C, with its own exit code.

use crate::error::Interrupted;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The flags the signal handlers set.
#[derive(Clone)]
pub struct StopSignals {
    /// Set by SIGINT or SIGTERM: stop starting jobs and abandon running ones.
    pub stop: Arc<AtomicBool>,
    /// Set by SIGTERM only, for the exit code.
    pub terminated: Arc<AtomicBool>,
}

impl StopSignals {
    /// Registers the handlers (they only set flags, which is async-signal-safe).
    pub fn install() -> StopSignals {
        let signals = StopSignals {
            stop: Arc::new(AtomicBool::new(false)),
            terminated: Arc::new(AtomicBool::new(false)),
        };
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGINT, SIGTERM};
            use signal_hook::flag::register;
            // Registration fails only for forbidden signals, which these are not; without a
            // handler the default action still ends the process, as before.
            let _ = register(SIGINT, Arc::clone(&signals.stop));
            let _ = register(SIGTERM, Arc::clone(&signals.stop));
            let _ = register(SIGTERM, Arc::clone(&signals.terminated));
        }
        signals
    }

    /// Whether SIGTERM (rather than Ctrl-C) stopped the run.
    pub fn was_terminated(&self) -> bool {
        self.terminated.load(Ordering::SeqCst)
    }

    /// The one way a stopped run or match ends: what it kept (`kept` finished `items`, "jobs"
    /// or "games") and where, how to resume, and the exit code of the signal that stopped it.
    pub fn stopped(&self, kept: usize, items: &str, file: &std::path::Path) -> Interrupted {
        let terminated = self.was_terminated();
        let how = match terminated {
            true => "terminated (SIGTERM)",
            false => "interrupted",
        };
        Interrupted {
            message: format!(
                "{how}: {kept} {items} finished and kept in {}; run the same command again to resume",
                file.display()
            ),
            terminated,
        }
    }
}
