//! Running engines lent out and given back, so that a worker reuses a process rather than
//! starting one per job or per game.

use super::client::EngineProcess;
use crate::config::engine::EngineSpec;
use std::sync::Mutex;

/// External engines lent to jobs and games: each worker reuses a running process of the
/// variant's engine instead of starting one per job or game. An engine that failed is dropped (and so stopped).
#[derive(Default)]
pub struct EnginePool {
    free: Mutex<Vec<(String, EngineProcess)>>,
}

impl EnginePool {
    /// A running engine of `variant`, started if none is free.
    pub fn take(&self, variant: &str, spec: &EngineSpec) -> Result<EngineProcess, String> {
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        match free.iter().position(|(name, _)| name == variant) {
            Some(i) => Ok(free.swap_remove(i).1),
            None => {
                drop(free);
                EngineProcess::start(spec)
            }
        }
    }

    /// Returns a healthy engine for the next job.
    pub fn give_back(&self, variant: &str, engine: EngineProcess) {
        self.free
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((variant.to_string(), engine));
    }
}
