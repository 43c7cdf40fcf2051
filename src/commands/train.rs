//! `ablate train`: a network learnt from datagen's lines, written in bullet's layout with its
//! manifest; the same command resumes from the checkpoint an interrupted run left.

use crate::chess::nnue::Network;
use crate::cli::TrainArgs;
use crate::error::InputError;
use crate::output::progress_bar::CountProgress;
use crate::signals::StopSignals;
use crate::storage::manifest::{manifest_path, ManifestFile};
use crate::storage::provenance::Provenance;
use crate::train::adamw::AdamWParams;
use crate::train::train_files::{checkpoint_path, read_checkpoint, write_checkpoint, NetManifest};
use crate::train::trainer::{quantised_loss, split, train, TrainSettings, TrainState};
use crate::train::training_data::TrainingSet;
use std::time::{Instant, SystemTime};

/// Runs `ablate train`.
pub fn run(args: &TrainArgs) -> anyhow::Result<()> {
    let settings = TrainSettings {
        hidden: args.hidden,
        epochs: args.epochs,
        batch: args.batch,
        lr: args.lr,
        lr_gamma: args.lr_gamma,
        lr_step: args.lr_step,
        wdl: args.wdl,
        validation: args.validation,
        seed: args.seed,
        adamw: AdamWParams::default(),
    };
    settings.check()?;
    let threads = crate::runner::worker_threads(args.jobs, args.quiet)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    let (started, clock) = (SystemTime::now(), Instant::now());
    let mut set = TrainingSet::default();
    for path in &args.data {
        set.read_file(path, args.limit)?;
    }
    if set.len() < 2 {
        let shown = args.data[0].display().to_string();
        return Err(InputError::in_file(
            shown,
            format!("{} positions; expected 2 or more", set.len()),
        )
        .into());
    }
    let data_sha256 = set.sha256();
    // Not the number of epochs: a finished run may be extended, its first epochs the same.
    let run_hash = {
        let same = TrainSettings {
            epochs: 0,
            ..settings.clone()
        };
        let canonical =
            serde_json::json!({ "settings": same, "data": data_sha256, "positions": set.len() });
        crate::digest::short_sha256(&canonical.to_string())
    };
    let checkpoint = checkpoint_path(&args.out);
    let mut state = match read_checkpoint(&checkpoint, &run_hash, &settings)? {
        Some(state) => {
            if !args.quiet {
                eprintln!(
                    "resuming from {} after epoch {}",
                    checkpoint.display(),
                    state.history.len()
                );
            }
            state
        }
        None => TrainState::start(&settings),
    };
    let split = split(&set, &settings);
    if !args.quiet {
        eprintln!(
            "{} positions: {} to train on, {} held out; (768→{})×2→1, {threads} threads",
            set.len(),
            split.train.len(),
            split.validation.len(),
            settings.hidden
        );
    }
    let signals = StopSignals::install();
    let progress = CountProgress::new(split.train.len(), "positions", args.quiet);
    let write_net = |state: &TrainState| -> anyhow::Result<()> {
        let net = state
            .net
            .quantise()
            .map_err(|m| anyhow::anyhow!("the net cannot be quantised: {m}"))?;
        let bytes = net.to_bytes();
        crate::storage::write_atomically(&args.out, &bytes)?;
        write_checkpoint(&checkpoint, &run_hash, state)?;
        let manifest = NetManifest {
            kind: "nnue".into(),
            architecture: format!(
                "(768→{})x2→1, SCReLU, bullet's simple layout (QA 255, QB 64, scale 400)",
                settings.hidden
            ),
            hidden: settings.hidden,
            net_sha256: crate::digest::sha256_hex(&bytes),
            data: args.data.iter().map(|p| p.display().to_string()).collect(),
            data_sha256: data_sha256.clone(),
            positions: set.len(),
            training_positions: split.train.len(),
            validation_positions: split.validation.len(),
            command: std::env::args().collect::<Vec<_>>().join(" "),
            settings: settings.clone(),
            epochs: state.history.clone(),
            quantised_validation_loss: quantised_loss(&net, &set, &split.validation, settings.wdl),
            threads,
            note: args.note.clone(),
            provenance: Provenance::until_now(
                &args.data[0].display().to_string(),
                &data_sha256,
                threads,
                started,
                clock,
            ),
        };
        manifest.write(&manifest_path(&args.out))?;
        Ok(())
    };
    let first_epoch = state.history.len() + 1;
    pool.install(|| {
        let epoch_started = std::cell::Cell::new(Instant::now());
        let epoch_now = std::cell::Cell::new(first_epoch);
        train(
            &set,
            &split,
            &settings,
            &mut state,
            &signals.stop,
            &mut |seen, loss| {
                let rate = seen as f64 / epoch_started.get().elapsed().as_secs_f64().max(1e-9);
                progress.set(seen, &format!("epoch {}: loss {loss:.6}, {rate:.0} positions/s", epoch_now.get()));
            },
            &mut |state| {
                let last = state.history.last().expect("an epoch just finished");
                progress.note(&format!(
                    "epoch {:>3}  lr {:.2e}  train loss {:.6}  validation loss {:.6}  {:.0} positions/s",
                    last.epoch, last.lr, last.train_loss, last.validation_loss, last.positions_per_second
                ));
                epoch_started.set(Instant::now());
                epoch_now.set(state.history.len() + 1);
                write_net(state)
            },
        )
    })?;
    progress.finish();
    if signals.stop.load(std::sync::atomic::Ordering::Relaxed) {
        let done = state.history.len();
        return Err(signals.stopped(done, "epochs", &checkpoint).into());
    }
    if state.history.is_empty() {
        write_net(&state)?;
    }
    let check = Network::load(&args.out)?;
    println!(
        "wrote {} ((768→{})×2→1, {} bytes) and {}; validation loss {:.6}",
        args.out.display(),
        check.hidden(),
        check.to_bytes().len(),
        manifest_path(&args.out).display(),
        state.history.last().map_or(0.0, |e| e.validation_loss)
    );
    Ok(())
}
