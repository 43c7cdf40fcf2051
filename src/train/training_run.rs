//! One training run as its files see it: its hash (the key its checkpoint resumes by), the
//! checkpoint it resumes from, and the net, checkpoint and manifest it leaves after each epoch.

use super::train_files::{checkpoint_path, read_checkpoint, write_checkpoint, NetManifest};
use super::trainer::{quantised_loss, Split, TrainSettings, TrainState};
use super::training_data::TrainingSet;
use crate::error::InputError;
use crate::storage::manifest::{manifest_path, ManifestFile};
use crate::storage::provenance::Provenance;
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime};

/// A training run: what it learns from, how, and where its net goes.
pub struct TrainingRun<'a> {
    /// The net file; the checkpoint and the manifest go beside it.
    pub out: &'a Path,
    /// The data files, as given.
    pub data: &'a [PathBuf],
    /// The positions read from them, and which are trained on and which held out.
    pub set: &'a TrainingSet,
    pub split: &'a Split,
    pub settings: &'a TrainSettings,
    /// Threads the run uses.
    pub threads: usize,
    /// A word on what the net is for, for the manifest.
    pub note: Option<String>,
    /// When the run started, for the manifest's provenance.
    pub started: SystemTime,
    pub clock: Instant,
}

impl TrainingRun<'_> {
    /// The run's hash: its settings but the number of epochs (a finished run may be extended,
    /// its first epochs the same), the data's SHA-256 and its number of positions. A checkpoint
    /// under another hash is another run's.
    pub fn hash(&self) -> String {
        let same = TrainSettings {
            epochs: 0,
            ..self.settings.clone()
        };
        let positions = self.set.len();
        let key = serde_json::json!({ "settings": same, "data": self.set.sha256(), "positions": positions });
        crate::digest::short_sha256(&key.to_string())
    }

    /// The checkpoint beside the net.
    pub fn checkpoint(&self) -> PathBuf {
        checkpoint_path(self.out)
    }

    /// Where the checkpoint left this run, when it is this run's; else a new start.
    pub fn resume_or_start(&self, quiet: bool) -> Result<TrainState, InputError> {
        let checkpoint = self.checkpoint();
        let Some(state) = read_checkpoint(&checkpoint, &self.hash(), self.settings)? else {
            return Ok(TrainState::start(self.settings));
        };
        if !quiet {
            let epochs = state.history.len();
            eprintln!(
                "resuming from {} after epoch {epochs}",
                checkpoint.display()
            );
        }
        Ok(state)
    }

    /// Writes the net as `state` has it (quantised), the checkpoint to resume from, and the
    /// manifest with every epoch's losses so far.
    pub fn write_net(&self, state: &TrainState) -> anyhow::Result<()> {
        let net = state
            .net
            .quantise()
            .map_err(|m| anyhow::anyhow!("the net cannot be quantised: {m}"))?;
        let bytes = net.to_bytes();
        crate::storage::write_atomically(self.out, &bytes)?;
        write_checkpoint(&self.checkpoint(), &self.hash(), state)?;
        let (settings, data_sha256) = (self.settings, self.set.sha256());
        let first_file = self.data[0].display().to_string();
        let manifest = NetManifest {
            kind: "nnue".into(),
            architecture: format!(
                "(768→{})x2→1, SCReLU, bullet's simple layout (QA 255, QB 64, scale 400)",
                settings.hidden
            ),
            hidden: settings.hidden,
            net_sha256: crate::digest::sha256_hex(&bytes),
            data: self.data.iter().map(|p| p.display().to_string()).collect(),
            positions: self.set.len(),
            training_positions: self.split.train.len(),
            validation_positions: self.split.validation.len(),
            command: std::env::args().collect::<Vec<_>>().join(" "),
            settings: settings.clone(),
            epochs: state.history.clone(),
            quantised_validation_loss: quantised_loss(
                &net,
                self.set,
                &self.split.validation,
                settings.wdl,
            ),
            threads: self.threads,
            note: self.note.clone(),
            provenance: Provenance::until_now(
                &first_file,
                &data_sha256,
                self.threads,
                self.started,
                self.clock,
            ),
            data_sha256,
        };
        manifest.write(&manifest_path(self.out))?;
        Ok(())
    }
}
