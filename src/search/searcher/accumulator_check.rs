//! Tests only: at every node a search enters, main or quiescence, the network's accumulators
//! at its ply, made move by move from the root's, are those a refresh of its board makes.

use super::Searcher;
use crate::chess::nnue::accumulator::AccumulatorStack;
use cozy_chess::{Board, Color};
use std::sync::atomic::{AtomicU64, Ordering};

/// Nodes checked, over every search of the test binary.
pub(super) static CHECKED: AtomicU64 = AtomicU64::new(0);

impl Searcher<'_> {
    /// Panics when the accumulators at `ply` differ from `board`'s refreshed.
    pub(super) fn check_accumulators(&self, board: &Board, ply: usize) {
        let Some(network) = self.network.as_deref() else {
            return;
        };
        let mut fresh = AccumulatorStack::new(network, 1);
        fresh.refresh(0, board, network);
        for color in Color::ALL {
            assert_eq!(
                self.stack.accumulators.of(ply, color),
                fresh.of(0, color),
                "{board} at ply {ply}, {color:?}'s perspective"
            );
        }
        CHECKED.fetch_add(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::nnue::Network;
    use crate::config::experiment::Experiment;
    use crate::config::layer;
    use crate::config::search_config::SearchLayer;
    use std::path::Path;

    #[test]
    fn the_incremental_accumulators_equal_a_refresh_at_every_node() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let dir = tempfile::tempdir().unwrap();
        let net_path = dir.path().join("random.nnue");
        let hidden = 16;
        let weights = (0..768 * hidden)
            .map(|i| ((i * 7919) % 41) as i16 - 20)
            .collect();
        let bias = (0..hidden).map(|i| 40 + 5 * i as i16).collect();
        let output = (0..2 * hidden).map(|i| (i % 9) as i16 - 4).collect();
        let net = Network::from_parts(weights, bias, output, 3);
        std::fs::write(&net_path, net.to_bytes()).unwrap();
        // ablate's strongest, with the steps that make moves of their own besides the move
        // loop: ProbCut, the singular test, quiescence's checks, the null move.
        let experiment = Experiment::load(&root.join("configs/strength.toml")).unwrap();
        let mut layers = experiment.layers("strongest").unwrap();
        let sets: Vec<String> = [
            "eval=nnue".to_string(),
            format!("eval.net={}", net_path.display()),
            "singular.enabled=true".into(),
            "quiescence.checks=1".into(),
        ]
        .to_vec();
        layers.push(SearchLayer::from_sets(&sets).unwrap());
        let refs: Vec<&SearchLayer> = layers.iter().collect();
        let config = layer::resolve(&refs).unwrap();
        config.validate().unwrap();
        let suite = crate::suite::Suite::load(&root.join("positions/bench.epd")).unwrap();
        let before = CHECKED.load(Ordering::Relaxed);
        for position in suite.positions.iter().take(12) {
            crate::search::search(&position.board, 6, &config, None).unwrap();
        }
        let checked = CHECKED.load(Ordering::Relaxed) - before;
        assert!(checked > 20_000, "{checked} nodes checked");
    }
}
