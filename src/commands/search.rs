//! `ablate search`: one position, one configuration, one row per completed depth.

use crate::cli::{SearchArgs, SearchFormat};
use crate::config::check_depth;
use crate::error::InputError;
use crate::output::export::{Exporter, Text};
use crate::output::number_format::thousands;
use crate::output::table::Table;
use crate::search::{search, IterationReport, SearchStats};
use crate::search_record::Row;
use crate::suite::fen::parse_fen;

/// What one search reports first; every counter follows, so a new one shows here too.
const FIRST: [&str; 11] = [
    "depth",
    "score_cp",
    "mate",
    "nodes",
    "qnodes",
    "leaves",
    "nodes_cum",
    "time_ms",
    "nps",
    "best_move",
    "pv",
];

/// The columns shown: the first ones, then every counter in declaration order.
fn columns() -> Vec<&'static str> {
    let mut columns = FIRST.to_vec();
    columns.extend(SearchStats::NAMES.iter().filter(|c| !FIRST.contains(c)));
    columns
}

/// Runs the search and prints its iterations.
pub fn run(args: &SearchArgs) -> anyhow::Result<()> {
    check_depth(args.depth.into()).map_err(|m| InputError::in_file("--depth", m))?;
    let (board, _) = parse_fen(&args.fen).map_err(|m| InputError::in_file("--fen", m))?;
    let (_, config, _) = super::variant_config(&args.variant)?;
    let reports = search(&board, args.depth, &config, None).expect("no stop flag was given");
    let columns = columns();
    match args.format {
        SearchFormat::Table => {
            // A counter of a heuristic that is off is zero throughout: it would only widen the table.
            let columns: Vec<&str> = columns
                .into_iter()
                .filter(|c| {
                    args.all_counters
                        || FIRST.contains(c)
                        || reports.iter().any(|r| {
                            Row::new("", "", "", r, None, "")
                                .cell(c)
                                .parse::<f64>()
                                .map(|v| v != 0.0)
                                .unwrap_or(true)
                        })
                })
                .collect();
            let mut t = Table::new(&columns);
            for r in &reports {
                t.row(cells(&columns, r, true));
            }
            print!("{}", Text.render(&t));
        }
        SearchFormat::Csv => {
            let mut out = csv::Writer::from_writer(std::io::stdout());
            out.write_record(&columns)?;
            for r in &reports {
                out.write_record(cells(&columns, r, false))?;
            }
            out.flush()?;
        }
        SearchFormat::Json => println!("{}", serde_json::to_string_pretty(&reports)?),
    }
    Ok(())
}

/// One iteration's cells: counts with thousands separators when `pretty`, times to 0.1 ms.
fn cells(columns: &[&str], report: &IterationReport, pretty: bool) -> Vec<String> {
    let row = Row::new("", "", "", report, None, "");
    columns
        .iter()
        .map(|&c| match c {
            "time_ms" => format!("{:.1}", report.time_ms),
            _ if pretty && (SearchStats::NAMES.contains(&c) || c == "nodes_cum" || c == "nps") => {
                row.cell(c)
                    .parse::<u64>()
                    .map_or_else(|_| row.cell(c), thousands)
            }
            _ => row.cell(c),
        })
        .collect()
}
