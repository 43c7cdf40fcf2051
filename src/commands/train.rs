//! `ablate train`: a network learnt from datagen's lines, written in bullet's layout with its
//! manifest; the same command resumes from the checkpoint an interrupted run left.

use crate::chess::nnue::Network;
use crate::cli::TrainArgs;
use crate::error::InputError;
use crate::output::progress_bar::CountProgress;
use crate::signals::StopSignals;
use crate::storage::manifest::manifest_path;
use crate::train::adamw::AdamWParams;
use crate::train::trainer::{split, train, TrainSettings};
use crate::train::training_data::TrainingSet;
use crate::train::training_run::TrainingRun;
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
    let split = split(&set, &settings);
    let run = TrainingRun {
        out: &args.out,
        data: &args.data,
        set: &set,
        split: &split,
        settings: &settings,
        threads,
        note: args.note.clone(),
        started,
        clock,
    };
    let mut state = run.resume_or_start(args.quiet)?;
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
                run.write_net(state)
            },
        )
    })?;
    progress.finish();
    if signals.stop.load(std::sync::atomic::Ordering::Relaxed) {
        let done = state.history.len();
        return Err(signals.stopped(done, "epochs", &run.checkpoint()).into());
    }
    if state.history.is_empty() {
        run.write_net(&state)?;
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
