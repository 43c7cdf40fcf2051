//! Running engines lent out and given back, so that a worker reuses a process rather than
//! starting one per job or per game.

use super::client::EngineProcess;
use crate::config::engine::EngineSpec;
use std::sync::Mutex;

/// External engines lent to jobs and games: each worker reuses a running process of the
/// variant's engine instead of starting one per job or game. An engine that failed is dropped
/// (and so stopped). A pool may keep only so many idle processes: a design's points each have
/// their own engine, and an idle engine is not always idle (an idle `gnuchess -u` polls its
/// input, 3 to 4% of a core each: thirty-two of them took a core from the game being played).
#[derive(Default)]
pub struct EnginePool {
    free: Mutex<Vec<(String, EngineProcess)>>,
    /// The most idle engines kept; `None` keeps every one.
    keep: Option<usize>,
}

impl EnginePool {
    /// A pool that keeps at most `keep` idle engines, stopping the longest idle beyond them.
    pub fn keeping(keep: usize) -> EnginePool {
        EnginePool {
            free: Mutex::default(),
            keep: Some(keep),
        }
    }

    /// A running engine of `variant`, started if none is free.
    pub fn take(&self, variant: &str, spec: &EngineSpec) -> Result<EngineProcess, String> {
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        match free.iter().position(|(name, _)| name == variant) {
            Some(i) => Ok(free.remove(i).1),
            None => {
                drop(free);
                EngineProcess::start(spec)
            }
        }
    }

    /// Returns a healthy engine for the next job; beyond the pool's keep, the engine idle
    /// longest is stopped.
    pub fn give_back(&self, variant: &str, engine: EngineProcess) {
        let stopped = {
            let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
            free.push((variant.to_string(), engine));
            let beyond = self.keep.map_or(0, |k| free.len().saturating_sub(k));
            free.drain(..beyond).collect::<Vec<_>>()
        };
        // Stopped outside the lock: `quit` may take an engine a moment.
        drop(stopped);
    }

    /// How many engines wait idle.
    pub fn idle(&self) -> usize {
        self.free.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The least a UCI engine says: enough to start, and to quit.
    fn quiet_engine(dir: &std::path::Path) -> EngineSpec {
        let script = dir.join("idle-engine.sh");
        std::fs::write(
            &script,
            "#!/bin/sh\nwhile read -r l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; quit) exit 0;; esac; done\n",
        )
        .unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        EngineSpec {
            command: script.to_string_lossy().into_owned(),
            options: Default::default(),
            timeout_s: 10,
            limit_nodes: None,
            limit: None,
        }
    }

    #[test]
    fn a_pool_keeps_its_newest_idle_engines_and_stops_the_rest() {
        let dir = tempfile::tempdir().unwrap();
        let spec = quiet_engine(dir.path());
        let pool = EnginePool::keeping(2);
        // One worker's games of a design: the opponent, then each point in turn.
        for point in ["a", "b", "c"] {
            let opponent = pool.take("opponent", &spec).unwrap();
            let engine = pool.take(point, &spec).unwrap();
            pool.give_back(point, engine);
            pool.give_back("opponent", opponent);
            assert!(pool.idle() <= 2);
        }
        let free = pool.free.lock().unwrap();
        let names: Vec<&str> = free.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            ["c", "opponent"],
            "the opponent is kept from game to game"
        );
        drop(free);
        let everything = EnginePool::default();
        for point in ["a", "b", "c"] {
            let engine = everything.take(point, &spec).unwrap();
            everything.give_back(point, engine);
        }
        assert_eq!(everything.idle(), 3);
    }
}
