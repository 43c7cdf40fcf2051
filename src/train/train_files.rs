//! What a training run leaves beside its net: the checkpoint (`<net>.checkpoint`: the float
//! parameters and the optimiser's moments after the last finished epoch, with the run's hash,
//! so that the same command resumes it) and the manifest (`<net>.json`: the data, the command,
//! the settings, each epoch's losses, the commit).

use super::adamw::AdamW;
use super::float_network::FloatNetwork;
use super::trainer::{EpochRecord, TrainSettings, TrainState};
use crate::error::InputError;
use crate::storage::manifest::ManifestFile;
use crate::storage::provenance::Provenance;
use std::path::{Path, PathBuf};

/// `nets/x.nnue` → `nets/x.checkpoint`.
pub fn checkpoint_path(net: &Path) -> PathBuf {
    net.with_extension("checkpoint")
}

/// The header of a checkpoint: which run it belongs to and where it stands.
#[derive(serde::Serialize, serde::Deserialize)]
struct CheckpointHeader {
    run_hash: String,
    hidden: usize,
    history: Vec<EpochRecord>,
}

/// Writes `state` as the checkpoint of run `run_hash`: a JSON header line, then the
/// parameters, the momentum and the velocity as little-endian f32.
pub fn write_checkpoint(path: &Path, run_hash: &str, state: &TrainState) -> anyhow::Result<()> {
    let header = CheckpointHeader {
        run_hash: run_hash.to_string(),
        hidden: state.net.hidden,
        history: state.history.clone(),
    };
    let mut bytes = serde_json::to_vec(&header)?;
    bytes.push(b'\n');
    for v in [
        &state.net.params,
        &state.adam.momentum,
        &state.adam.velocity,
    ] {
        v.iter()
            .for_each(|x| bytes.extend_from_slice(&x.to_le_bytes()));
    }
    crate::storage::write_atomically(path, &bytes)?;
    Ok(())
}

/// The checkpoint at `path` when it is run `run_hash`'s; `None` when there is none, or it is
/// another run's (a new run starts).
pub fn read_checkpoint(
    path: &Path,
    run_hash: &str,
    settings: &TrainSettings,
) -> Result<Option<TrainState>, InputError> {
    let Ok(bytes) = std::fs::read(path) else {
        return Ok(None);
    };
    let shown = path.display().to_string();
    let bad = |what: &str| {
        InputError::in_file(
            &shown,
            format!("{what}; expected a checkpoint of ablate train (delete it to start again)"),
        )
    };
    let end = bytes
        .iter()
        .position(|&b| b == b'\n')
        .ok_or_else(|| bad("no header"))?;
    let header: CheckpointHeader =
        serde_json::from_slice(&bytes[..end]).map_err(|e| bad(&format!("header: {e}")))?;
    if header.run_hash != run_hash {
        return Ok(None);
    }
    let n = super::float_network::parameter_count(header.hidden);
    let body = &bytes[end + 1..];
    if body.len() != 3 * 4 * n {
        return Err(bad(&format!(
            "{} bytes after the header, not {}",
            body.len(),
            12 * n
        )));
    }
    let floats: Vec<f32> = body
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    let mut adam = AdamW::new(n, settings.adamw);
    adam.momentum = floats[n..2 * n].to_vec();
    adam.velocity = floats[2 * n..].to_vec();
    Ok(Some(TrainState {
        net: FloatNetwork {
            hidden: header.hidden,
            params: floats[..n].to_vec(),
        },
        adam,
        history: header.history,
    }))
}

/// The manifest beside a net.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct NetManifest {
    /// Always "nnue".
    pub kind: String,
    /// `(768→H)x2→1, SCReLU`, in bullet's `simple` layout.
    pub architecture: String,
    pub hidden: usize,
    /// SHA-256 of the net file.
    pub net_sha256: String,
    /// The data files, as given, and the SHA-256 of their bytes in that order.
    pub data: Vec<String>,
    pub data_sha256: String,
    /// Positions read, trained on and held out.
    pub positions: usize,
    pub training_positions: usize,
    pub validation_positions: usize,
    /// The command line.
    pub command: String,
    /// The settings.
    pub settings: TrainSettings,
    /// Each epoch's losses and speed.
    pub epochs: Vec<EpochRecord>,
    /// The held-out positions' mean squared error of the quantised net, as the search
    /// evaluates it.
    pub quantised_validation_loss: f64,
    /// Threads the run used.
    pub threads: usize,
    /// A word on what the net is for, when it is not a finished one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Who trained it, from which code, on what machine, when (`suite`: the first data file).
    #[serde(flatten)]
    pub provenance: Provenance,
}

impl ManifestFile for NetManifest {
    const WHAT: &'static str = "a net's manifest";
}
