//! `ablate bench`: prints what `runner::bench_suite` measures, as a table, JSON or OpenBench's lines.

use crate::cli::BenchArgs;
use crate::config::check_depth;
use crate::error::InputError;
use crate::output::export::{Exporter, Text};
use crate::output::number_format::thousands;
use crate::output::table::Table;
use crate::runner::bench_suite::{measure, BenchDepths};

/// Runs the benchmark and prints a table or JSON.
pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    for (depth, option) in [
        (args.depth, "--depth"),
        (args.speedup_depth, "--speedup-depth"),
        (args.full_depth, "--full-depth"),
        (args.strongest_depth, "--strongest-depth"),
    ] {
        check_depth(depth.into()).map_err(|m| InputError::in_file(option, m))?;
    }
    let report = measure(BenchDepths {
        plain: args.depth,
        speedup: args.speedup_depth,
        full: args.full_depth,
        strongest: args.strongest_depth,
    })?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        let mut t = Table::new(&["figure", "value"]);
        t.row(vec![
            "movegen_nps".into(),
            thousands(report.movegen_nps as u64),
        ]);
        t.row(vec![
            "search_nps".into(),
            thousands(report.search_nps as u64),
        ]);
        t.row(vec!["ratio".into(), format!("{:.3}", report.ratio)]);
        // The two searches measured beside the plain one, each with its speed and ratio.
        for (name, what, depth, nps, ratio) in [
            (
                "full",
                "pruning search",
                report.full_depth,
                report.full_search_nps,
                report.full_ratio,
            ),
            (
                "strongest",
                "games' search",
                report.strongest_depth,
                report.strongest_search_nps,
                report.strongest_ratio,
            ),
        ] {
            t.row(vec![
                format!("{name}_search_nps ({what}, depth {depth})"),
                thousands(nps as u64),
            ]);
            t.row(vec![format!("{name}_ratio"), format!("{ratio:.3}")]);
        }
        t.row(vec![
            format!(
                "speedup ({} threads, wac300 depth {})",
                report.threads, report.speedup_depth
            ),
            format!("{:.2}", report.speedup),
        ]);
        t.row(vec![
            format!("search nodes (depth {})", report.depth),
            thousands(report.search_nodes),
        ]);
        t.row(vec![
            format!("full search nodes (depth {})", report.full_depth),
            thousands(report.full_search_nodes),
        ]);
        t.row(vec![
            format!("strongest search nodes (depth {})", report.strongest_depth),
            thousands(report.strongest_search_nodes),
        ]);
        t.row(vec![
            "peak RSS KiB".into(),
            report.peak_rss_kb.map_or("-".into(), thousands),
        ]);
        print!("{}", Text.render(&t));
    }
    // Last, the two lines OpenBench reads from an engine's bench.
    if !args.json {
        println!("Nodes searched: {}", report.search_nodes);
        println!("Nodes/second: {}", report.search_nps as u64);
    }
    Ok(())
}
