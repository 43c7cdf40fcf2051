//! `ablate merge`: shard CSVs of one experiment into one canonical CSV.

use crate::cli::MergeArgs;
use crate::error::InputError;
use crate::export::csv_file::rewrite_canonical;
use crate::export::manifest::{manifest_path, Manifest};
use crate::records::{read_rows, write_rows, Row, RowKey};
use std::collections::{HashMap, HashSet};

/// Checks one hash, no duplicate and (with a manifest) no missing row, then writes canonical order.
pub fn run(args: &MergeArgs) -> anyhow::Result<()> {
    let same_file =
        |a: &std::path::Path, b: &std::path::Path| match (a.canonicalize(), b.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => a == b,
        };
    if let Some(input) = args.inputs.iter().find(|i| same_file(i, &args.out)) {
        return Err(InputError::in_file(
            args.out.display().to_string(),
            format!(
                "-o names the input {}; expected a new file, so that no input is overwritten",
                input.display()
            ),
        )
        .into());
    }
    let mut rows: Vec<Row> = Vec::new();
    let mut seen: HashMap<RowKey, String> = HashMap::new();
    let mut hash: Option<(String, String)> = None;
    for input in &args.inputs {
        let shown = input.display().to_string();
        for row in read_rows(input)? {
            match &hash {
                None => hash = Some((row.config_hash.clone(), shown.clone())),
                Some((h, first)) if *h != row.config_hash => {
                    return Err(InputError::in_file(
                        &shown,
                        format!("config hash {} differs from {h} in {first}; expected shards of one experiment", row.config_hash),
                    )
                    .into())
                }
                _ => {}
            }
            if let Some(other) = seen.insert(row.key(), shown.clone()) {
                return Err(InputError::in_file(
                    &shown,
                    format!(
                        "row ({}, {}, depth {}) is also in {other}; expected each job in one shard",
                        row.variant, row.position, row.depth
                    ),
                )
                .into());
            }
            rows.push(row);
        }
    }
    let manifest = args
        .inputs
        .iter()
        .find_map(|p| Manifest::read(&manifest_path(p)).ok().flatten());
    let (variant_order, position_order) = match &manifest {
        Some(m) => {
            let expected: HashSet<RowKey> = m
                .variants
                .iter()
                .flat_map(|v| {
                    m.positions.iter().flat_map(move |p| {
                        m.depths
                            .iter()
                            .map(move |d| (v.name.clone(), p.clone(), *d))
                    })
                })
                .collect();
            let mut missing: Vec<&RowKey> =
                expected.iter().filter(|k| !seen.contains_key(*k)).collect();
            if !missing.is_empty() {
                missing.sort();
                let shown: Vec<String> = missing
                    .iter()
                    .take(5)
                    .map(|(v, p, d)| format!("({v}, {p}, depth {d})"))
                    .collect();
                return Err(InputError::in_file(
                    args.inputs[0].display().to_string(),
                    format!("{} rows missing from the shards, e.g. {}; expected every job of the manifest", missing.len(), shown.join(", ")),
                )
                .into());
            }
            (
                m.variants.iter().map(|v| v.name.clone()).collect(),
                m.positions.clone(),
            )
        }
        None => (
            first_appearance(rows.iter().map(|r| &r.variant)),
            first_appearance(rows.iter().map(|r| &r.position)),
        ),
    };
    let mut writer = csv::WriterBuilder::new()
        .has_headers(false)
        .from_path(&args.out)
        .map_err(|e| {
            InputError::in_file(args.out.display().to_string(), format!("cannot write: {e}"))
        })?;
    write_rows(&mut writer, &rows)?;
    writer.flush()?;
    drop(writer);
    rewrite_canonical(&args.out, &variant_order, &position_order)?;
    if let Some(mut m) = manifest {
        m.shard = None;
        m.jobs_total = m.variants.len() * m.positions.len();
        m.write(&manifest_path(&args.out))?;
    }
    println!(
        "merged {} rows from {} files into {}",
        rows.len(),
        args.inputs.len(),
        args.out.display()
    );
    Ok(())
}

fn first_appearance<'a>(items: impl Iterator<Item = &'a String>) -> Vec<String> {
    let mut order: Vec<String> = Vec::new();
    for item in items {
        if !order.contains(item) {
            order.push(item.clone());
        }
    }
    order
}
