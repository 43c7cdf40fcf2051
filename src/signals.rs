//! Ctrl-C and SIGTERM stop a run cleanly: no new job starts, running ones are abandoned, and
//! every finished row and a complete manifest are kept. SIGTERM is what `scancel`, a Slurm
//! time limit or preemption sends, so it is treated like Ctrl-C, with its own exit code. And a
//! write to a child's pipe (an engine's) is kept from raising SIGPIPE, in its thread alone.

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

/// Runs `write`, a write to a child's pipe, with SIGPIPE held back in this thread alone: a child
/// that has died makes the write fail with EPIPE, an error its caller can name (an engine
/// fault), instead of ending ablate. The process keeps SIGPIPE's default, which `main` restores
/// so that `ablate … | head` ends quietly, and every other thread keeps it too. A SIGPIPE the
/// write raised is taken back before this thread's mask is restored; one pending before is left.
pub fn without_sigpipe<T>(write: impl FnOnce() -> std::io::Result<T>) -> std::io::Result<T> {
    #[cfg(unix)]
    let _held = HeldSigpipe::hold();
    write()
}

/// SIGPIPE blocked in this thread until dropped, with the mask to restore.
#[cfg(unix)]
struct HeldSigpipe {
    pipe: libc::sigset_t,
    before: libc::sigset_t,
    pending_before: bool,
}

#[cfg(unix)]
impl HeldSigpipe {
    fn hold() -> HeldSigpipe {
        // SAFETY: both sets are initialised (zeroed, then sigemptyset) before use, and
        // pthread_sigmask changes this thread's mask alone.
        unsafe {
            let mut pipe: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut pipe);
            libc::sigaddset(&mut pipe, libc::SIGPIPE);
            let mut before: libc::sigset_t = std::mem::zeroed();
            libc::pthread_sigmask(libc::SIG_BLOCK, &pipe, &mut before);
            HeldSigpipe {
                pipe,
                before,
                pending_before: sigpipe_pending(),
            }
        }
    }
}

#[cfg(unix)]
impl Drop for HeldSigpipe {
    fn drop(&mut self) {
        // SAFETY: sigwait returns at once, as the signal it waits for is pending (blocked, so
        // not delivered meanwhile); the mask restored is the one `hold` found.
        unsafe {
            if !self.pending_before && sigpipe_pending() {
                let mut taken = 0;
                libc::sigwait(&self.pipe, &mut taken);
            }
            libc::pthread_sigmask(libc::SIG_SETMASK, &self.before, std::ptr::null_mut());
        }
    }
}

/// Whether a SIGPIPE waits for this thread (or the process).
#[cfg(unix)]
fn sigpipe_pending() -> bool {
    // SAFETY: the set is initialised before sigpending fills it.
    unsafe {
        let mut pending: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut pending);
        libc::sigpending(&mut pending);
        libc::sigismember(&pending, libc::SIGPIPE) == 1
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::io::Write;
    use std::os::fd::FromRawFd;

    #[test]
    fn a_write_to_a_closed_pipe_is_an_error_and_leaves_no_sigpipe_behind() {
        let mut fds = [0; 2];
        // SAFETY: pipe fills both descriptors, each then owned by one File.
        let (reader, mut writer) = unsafe {
            assert_eq!(libc::pipe(fds.as_mut_ptr()), 0);
            let file = |fd| std::fs::File::from_raw_fd(fd);
            (file(fds[0]), file(fds[1]))
        };
        drop(reader);
        // Held around the call too, so that a SIGPIPE the call left would still be pending here.
        let _outer = HeldSigpipe::hold();
        let error = without_sigpipe(|| writer.write_all(b"quit\n")).unwrap_err();
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe);
        assert!(!sigpipe_pending());
    }
}
