//! `ablate perft`: compare move generation with the suite's recorded counts.

use crate::chess::perft_count::perft;
use crate::cli::PerftArgs;
use crate::error::{CheckFailed, InputError};
use crate::output::export::{Exporter, Text};
use crate::output::number_format::thousands;
use crate::output::table::Table;
use crate::suite::Suite;
use std::time::Instant;

/// Runs every recorded `Dk` with k ≤ depth and prints a table; a mismatch is a failed check.
/// A position with no recorded count is counted at `--depth`, with nothing to compare.
pub fn run(args: &PerftArgs) -> anyhow::Result<()> {
    if args.depth == Some(0) {
        return Err(InputError::in_file("--depth", "0; expected a depth of at least 1").into());
    }
    let suite = Suite::load(&args.epd)?;
    let max_depth = args.depth.unwrap_or(u32::MAX);
    let mut table = Table::new(&["id", "depth", "expected", "got", "ok"]);
    let (mut total, mut checked, mut failed) = (0u64, 0usize, 0usize);
    let start = Instant::now();
    let mut counted = 0usize;
    for position in &suite.positions {
        let recorded = position.perft.iter().any(|(d, _)| *d <= max_depth);
        if let (false, Some(depth)) = (recorded, args.depth) {
            let got = perft(&position.board, depth);
            total += got;
            counted += 1;
            table.row(vec![
                position.id.clone(),
                depth.to_string(),
                "-".into(),
                thousands(got),
                "-".into(),
            ]);
        }
        for &(depth, expected) in position.perft.iter().filter(|(d, _)| *d <= max_depth) {
            let got = perft(&position.board, depth);
            total += got;
            checked += 1;
            let ok = got == expected;
            failed += usize::from(!ok);
            table.row(vec![
                position.id.clone(),
                depth.to_string(),
                thousands(expected),
                thousands(got),
                if ok { "ok".into() } else { "MISMATCH".into() },
            ]);
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    print!("{}", Text.render(&table));
    let nps = if seconds > 0.0 {
        (total as f64 / seconds) as u64
    } else {
        0
    };
    println!(
        "total: {} nodes in {:.2} s, {} nodes/s; {} of {} counts match",
        thousands(total),
        seconds,
        thousands(nps),
        checked - failed,
        checked
    );
    if checked + counted == 0 {
        return Err(InputError::in_file(
            &suite.path,
            "no D1…Dn counts; expected perft counts, or --depth to count without comparing",
        )
        .into());
    }
    if failed > 0 {
        return Err(CheckFailed(format!("{failed} perft counts differ")).into());
    }
    Ok(())
}
