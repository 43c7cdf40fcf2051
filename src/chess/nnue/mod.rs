//! The learned evaluation: a (768→H)×2→1 network in bullet's quantised `simple` layout
//! (`network`), and the accumulators a search keeps per ply, updated move by move
//! (`accumulator`). The default net is embedded in the binary (`nets/default.nnue`, with its
//! manifest `nets/default.json`), so no download is ever needed; `eval.net` names another.

pub mod accumulator;
pub mod network;

use crate::error::InputError;
pub use network::Network;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// The default net's bytes, embedded.
pub const DEFAULT_NET: &[u8] = include_bytes!("../../../nets/default.nnue");

/// The default net (`eval.net = ""`).
pub fn default_network() -> &'static Network {
    static NET: OnceLock<Network> = OnceLock::new();
    NET.get_or_init(|| {
        Network::from_bytes(DEFAULT_NET, "nets/default.nnue")
            .expect("the embedded net is checked by the tests")
    })
}

/// The net `eval.net` names: `""` is the embedded default, anything else a file's path. A
/// file is read once per process and kept, read-only, so that the searches of a game or a
/// match do not read it again at every move; what a search does still comes from its
/// configuration alone.
pub fn network_at(path: &str) -> Result<&'static Network, InputError> {
    if path.is_empty() {
        return Ok(default_network());
    }
    static LOADED: OnceLock<Mutex<HashMap<String, &'static Network>>> = OnceLock::new();
    let loaded = LOADED.get_or_init(Default::default);
    let mut loaded = loaded.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(net) = loaded.get(path) {
        return Ok(net);
    }
    let net: &'static Network = Box::leak(Box::new(Network::load(std::path::Path::new(path))?));
    loaded.insert(path.to_string(), net);
    Ok(net)
}
