//! `ablate check`: run an experiment and compare its node counts with a committed reference,
//! the way engines check their `bench` signature.

use crate::cli::CheckArgs;
use crate::error::{CheckFailed, InputError};
use crate::output::number_format::count;
use crate::runner::reference_check::{compare, signature, tempfile_path, write_reference};
use crate::runner::{execute, prepare, RunOptions};
use crate::search_record::read_rows;
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
    // A reference that cannot be read is refused before the run, not after a minute of search.
    let expected = if args.reference.exists() {
        read_rows(&args.reference)?
    } else {
        Vec::new()
    };
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

    let report = compare(&expected, &got);
    if args.bless {
        let before = std::fs::read(&args.reference).ok();
        write_reference(&args.reference, &got)?;
        let after = std::fs::read(&args.reference)?;
        println!(
            "blessed {}: {} changed, {} added, {} removed{}",
            reference_shown,
            count(report.changed_rows, "row"),
            report.extra.len(),
            report.missing.len(),
            before.map_or(String::new(), |b| format_note(&b, &after, &expected, &got))
        );
        return Ok(());
    }
    if report.is_clean() {
        println!("{} match {}", count(got.len(), "row"), reference_shown);
        return Ok(());
    }
    print!("{}", report.render());
    // A reference of another experiment shares no row: say so, rather than only count them.
    let theirs = expected.first().map(|r| r.experiment.as_str());
    let ours = &prepared.experiment.name;
    let other = match theirs {
        Some(name) if name != ours => format!(
            " (the reference is experiment \"{name}\"'s, this run is \"{ours}\"'s: check it against its own config)"
        ),
        _ => String::new(),
    };
    Err(CheckFailed(format!(
        "node counts differ from {reference_shown}: {} changed, {} missing, {} extra{other}; if intended, re-run with --bless",
        count(report.changed_rows, "row"),
        report.missing.len(),
        report.extra.len()
    ))
    .into())
}

/// What else a bless rewrote: the reference's columns or its config hashes, when this build
/// writes them differently (so that a diff of the file is not a surprise).
fn format_note(
    before: &[u8],
    after: &[u8],
    expected: &[crate::search_record::Row],
    got: &[crate::search_record::Row],
) -> String {
    if before == after {
        return "; the file is unchanged".into();
    }
    let columns = |bytes: &[u8]| {
        bytes
            .split(|b| *b == b'\n')
            .next()
            .map_or(0, |header| header.split(|b| *b == b',').count())
    };
    let mut changes = Vec::new();
    let (old, new) = (columns(before), columns(after));
    if old != new {
        changes.push(format!("{old} columns became {new}"));
    }
    let hashes = |rows: &[crate::search_record::Row]| {
        rows.iter()
            .map(|r| r.config_hash.clone())
            .collect::<std::collections::BTreeSet<_>>()
    };
    if hashes(expected) != hashes(got) {
        changes.push("the config hashes changed (knobs were added since)".into());
    }
    if changes.is_empty() {
        "; the file is rewritten (its times zeroed, its rows in canonical order)".into()
    } else {
        format!(
            "; the file is rewritten in this build's format: {}",
            changes.join(", ")
        )
    }
}
