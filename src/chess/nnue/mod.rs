//! The learned evaluation: a (768→H)×2→1 network in bullet's quantised `simple` layout
//! (`network`), and the accumulators a search keeps per ply, updated move by move
//! (`accumulator`). The default net is embedded in the binary (`nets/default.nnue`, with its
//! manifest `nets/default.json`), so no download is ever needed; `eval.net` names another.

pub mod accumulator;
pub mod network;

use crate::error::InputError;
use crate::output::number_format::thousands;
pub use network::Network;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The default net's bytes, embedded.
pub const DEFAULT_NET: &[u8] = include_bytes!("../../../nets/default.nnue");

/// The default net, shared: parsed once, at its first use.
fn default_shared() -> &'static Arc<Network> {
    static NET: OnceLock<Arc<Network>> = OnceLock::new();
    NET.get_or_init(|| {
        let net = Network::from_bytes(DEFAULT_NET, "nets/default.nnue");
        Arc::new(net.expect("the embedded net is checked by the tests"))
    })
}

/// The default net (`eval.net = ""`).
pub fn default_network() -> &'static Network {
    default_shared()
}

/// The net `eval.net` names: `""` is the embedded default, anything else a file's path. A
/// file is read once per process and kept, read-only and shared by every search that names
/// it, so that the searches of a game or a match do not read it again at every move; what a
/// search does still comes from its configuration alone.
pub fn network_at(path: &str) -> Result<Arc<Network>, InputError> {
    if path.is_empty() {
        return Ok(Arc::clone(default_shared()));
    }
    static LOADED: OnceLock<Mutex<HashMap<String, Arc<Network>>>> = OnceLock::new();
    let loaded = LOADED.get_or_init(Default::default);
    let mut loaded = loaded.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(net) = loaded.get(path) {
        return Ok(Arc::clone(net));
    }
    let net = Arc::new(Network::load(std::path::Path::new(path))?);
    if let Some(warning) = start_warning(&net, path) {
        eprintln!("warning: {warning}");
    }
    loaded.insert(path.to_string(), Arc::clone(&net));
    Ok(net)
}

/// Past this, no trained net values the initial position (the embedded one gives 32 cp).
pub const SANE_START: i32 = 1_000;

/// What a file of the right size and padding but not a trained net of this layout shows
/// first: bullet writes no magic number, so random or foreign weights load, and only what
/// they say of the initial position gives them away. A warning, not an error: a net a few
/// batches in may say anything and is still the user's to try.
pub fn start_warning(net: &Network, shown: &str) -> Option<String> {
    let start = net.evaluate_board(&cozy_chess::Board::default());
    (start.abs() > SANE_START).then(|| {
        format!(
            "{shown}: the initial position evaluates to {} cp, beyond ±{}; is it a (768→H)×2→1 net trained in bullet's `simple` layout (QA 255, QB 64, scale 400)? Its output is kept within ±{} cp, short of the mate scores",
            thousands(start),
            thousands(SANE_START),
            thousands(network::MAX_OUTPUT)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_net_that_values_the_initial_position_past_a_queen_is_named_in_a_warning() {
        assert_eq!(start_warning(default_network(), "nets/default.nnue"), None);
        // H = 1, every feature weight 255: with 32 pieces both accumulators clamp to 255,
        // SCReLU 65025, so the output is 2 · 65025 · w / 255 · 400 / 16320 = 12.5 · w cp.
        let net = |w| Network::from_parts(vec![255; 768], vec![0], vec![w, w], 0);
        assert_eq!(
            start_warning(&net(80), "x.nnue"),
            None,
            "1,000 cp is still sane"
        );
        let warning = start_warning(&net(-100), "nets/x.nnue").unwrap();
        assert!(
            warning.starts_with("nets/x.nnue: the initial position evaluates to -1,250 cp"),
            "{warning}"
        );
    }
}
