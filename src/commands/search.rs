//! `ablate search`: one position, one configuration, one row per completed depth.

use crate::cli::{SearchArgs, SearchFormat};
use crate::config::experiment::Experiment;
use crate::config::keys;
use crate::error::InputError;
use crate::output::table::{thousands, Table};
use crate::search::{search, IterationReport, MAX_DEPTH};
use crate::suite::fen::parse_fen;

const COLUMNS: [&str; 16] = [
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
    "beta_cutoffs",
    "first_move_cutoffs",
    "tt_hits",
    "asp_researches",
    "seldepth",
];

/// Runs the search and prints its iterations.
pub fn run(args: &SearchArgs) -> anyhow::Result<()> {
    check_depth(args.depth, "--depth")?;
    let (board, _) = parse_fen(&args.fen).map_err(|m| InputError::in_file("--fen", m))?;
    let config = match &args.config {
        Some(path) => {
            let experiment = Experiment::load(path)?;
            let variant = args.variant.as_deref().unwrap_or("baseline");
            experiment.search_config_with_sets(variant, &args.sets)?
        }
        None => {
            let sets = sets_table(&args.sets)?;
            keys::resolve(&[&sets]).map_err(|m| InputError::in_file("--set", m))?
        }
    };
    let reports = search(&board, args.depth, &config, None).expect("no stop flag was given");
    match args.format {
        SearchFormat::Table => print!("{}", table(&reports)),
        SearchFormat::Csv => {
            let mut out = csv::Writer::from_writer(std::io::stdout());
            out.write_record(COLUMNS)?;
            for r in &reports {
                out.write_record(cells(r, false))?;
            }
            out.flush()?;
        }
        SearchFormat::Json => println!("{}", serde_json::to_string_pretty(&reports)?),
    }
    Ok(())
}

/// Depths run from 1 to `MAX_DEPTH`.
pub fn check_depth(depth: u32, what: &str) -> Result<(), InputError> {
    if depth == 0 || depth > MAX_DEPTH {
        return Err(InputError::in_file(
            what,
            format!("{depth}; expected a depth from 1 to {MAX_DEPTH}"),
        ));
    }
    Ok(())
}

/// `--set KEY=VALUE` options as one override table, applied in order.
pub fn sets_table(sets: &[String]) -> Result<toml::Table, InputError> {
    let mut table = toml::Table::new();
    for set in sets {
        let (key, value) = keys::parse_set(set).map_err(|m| InputError::in_file("--set", m))?;
        keys::insert(&mut table, &key, value);
    }
    Ok(table)
}

fn nps(r: &IterationReport) -> u64 {
    let work = (r.stats.nodes + r.stats.qnodes) as f64;
    if r.time_ms > 0.0 {
        (work / (r.time_ms / 1e3)) as u64
    } else {
        0
    }
}

fn cells(r: &IterationReport, pretty: bool) -> Vec<String> {
    let n = |v: u64| if pretty { thousands(v) } else { v.to_string() };
    vec![
        r.depth.to_string(),
        r.score_cp.to_string(),
        r.mate.map(|m| m.to_string()).unwrap_or_default(),
        n(r.stats.nodes),
        n(r.stats.qnodes),
        n(r.stats.leaves),
        n(r.nodes_cum),
        format!("{:.1}", r.time_ms),
        n(nps(r)),
        r.best_move_uci.clone(),
        r.pv.clone(),
        n(r.stats.beta_cutoffs),
        n(r.stats.first_move_cutoffs),
        n(r.stats.tt_hits),
        n(r.stats.asp_researches),
        r.stats.seldepth.to_string(),
    ]
}

fn table(reports: &[IterationReport]) -> String {
    let mut t = Table::new(&COLUMNS);
    for r in reports {
        t.row(cells(r, true));
    }
    t.render()
}
