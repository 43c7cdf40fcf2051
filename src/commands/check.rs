//! `ablate check`: run an experiment and compare its node counts with a committed reference,
//! the way engines check their `bench` signature.

use crate::cli::CheckArgs;
use crate::error::{CheckFailed, InputError};
use crate::records::read_rows;
use crate::runner::check::{compare, signature, tempfile_path, write_reference};
use crate::runner::{execute, prepare, RunOptions};
use std::sync::atomic::AtomicBool;

/// Runs, prints the signature, and compares or blesses.
pub fn run(args: &CheckArgs) -> anyhow::Result<()> {
    let reference_shown = args.reference.display().to_string();
    if !args.bless && !args.reference.exists() {
        return Err(InputError::in_file(
            &reference_shown,
            "no such reference; run once with --bless to create it",
        )
        .into());
    }
    let scratch = tempfile_path(&args.reference);
    let run_args = RunOptions {
        jobs: args.jobs,
        out: Some(scratch.clone()),
        quiet: true,
        force: true,
        ..RunOptions::default()
    };
    let prepared = prepare(&args.config, &run_args)?;
    let outcome = execute(&prepared, &run_args, &AtomicBool::new(false));
    let _ = std::fs::remove_file(crate::storage::manifest::manifest_path(&scratch));
    let outcome = outcome?;
    let got = read_rows(&outcome.csv)?;
    let _ = std::fs::remove_file(&scratch);
    println!("signature: {}", signature(&got));

    let expected = if args.reference.exists() {
        read_rows(&args.reference)?
    } else {
        Vec::new()
    };
    let report = compare(&expected, &got);
    if args.bless {
        write_reference(&args.reference, &got)?;
        println!(
            "blessed {}: {} rows changed, {} added, {} removed",
            reference_shown,
            report.changed_rows,
            report.extra.len(),
            report.missing.len()
        );
        return Ok(());
    }
    if report.is_clean() {
        println!("{} rows match {}", got.len(), reference_shown);
        return Ok(());
    }
    print!("{}", report.render());
    Err(CheckFailed(format!(
        "node counts differ from {reference_shown}: {} rows changed, {} missing, {} extra; if intended, re-run with --bless",
        report.changed_rows,
        report.missing.len(),
        report.extra.len()
    ))
    .into())
}
