//! One CSV row per (variant, position, depth): the tidy record users plot and diff.

use crate::search::IterationReport;
use serde::{Deserialize, Serialize};

/// The columns every row has, in order; new columns go at the end, none is ever renamed.
pub const HEADER: [&str; 24] = [
    "experiment",
    "variant",
    "position",
    "depth",
    "nodes",
    "qnodes",
    "leaves",
    "nodes_cum",
    "time_ms",
    "time_ms_cum",
    "nps",
    "score_cp",
    "mate",
    "best_move",
    "pv",
    "bm_ok",
    "beta_cutoffs",
    "first_move_cutoffs",
    "tt_hits",
    "asp_researches",
    "seldepth",
    "config_hash",
    "tt_probes",
    "tt_cutoffs",
];

/// Columns that measure time and so differ between runs; every other column is deterministic.
pub const TIME_COLUMNS: [&str; 3] = ["time_ms", "time_ms_cum", "nps"];

/// One result row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// Experiment name.
    pub experiment: String,
    /// Variant name.
    pub variant: String,
    /// Position id.
    pub position: String,
    /// Nominal depth.
    pub depth: u32,
    /// Main-search nodes of this iteration.
    pub nodes: u64,
    /// Quiescence nodes of this iteration.
    pub qnodes: u64,
    /// Horizon nodes of this iteration.
    pub leaves: u64,
    /// nodes + qnodes since the search started, through this depth: the work column.
    pub nodes_cum: u64,
    /// This iteration's wall time.
    pub time_ms: f64,
    /// Wall time since the search started.
    pub time_ms_cum: f64,
    /// (nodes + qnodes) per second in this iteration.
    pub nps: u64,
    /// Root score, centipawns, mate scores raw.
    pub score_cp: i32,
    /// Signed moves to mate, when there is one.
    pub mate: Option<i32>,
    /// Best move in UCI.
    pub best_move: String,
    /// Principal variation in UCI.
    pub pv: String,
    /// Whether the best move solves the position's bm/am; empty without either.
    pub bm_ok: Option<bool>,
    /// Beta cutoffs in the main search.
    pub beta_cutoffs: u64,
    /// Beta cutoffs on the first move.
    pub first_move_cutoffs: u64,
    /// TT look-ups that found the position.
    pub tt_hits: u64,
    /// Aspiration re-searches.
    pub asp_researches: u64,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Hash of the whole resolved experiment.
    pub config_hash: String,
    /// TT look-ups.
    pub tt_probes: u64,
    /// TT hits that ended the node.
    pub tt_cutoffs: u64,
}

/// The identity of a row: (variant, position, depth).
pub type RowKey = (String, String, u32);

impl Row {
    /// A row from one iteration of one job.
    pub fn new(
        experiment: &str,
        variant: &str,
        position: &str,
        report: &IterationReport,
        bm_ok: Option<bool>,
        config_hash: &str,
    ) -> Row {
        let s = &report.stats;
        let seconds = report.time_ms / 1e3;
        Row {
            experiment: experiment.to_string(),
            variant: variant.to_string(),
            position: position.to_string(),
            depth: report.depth,
            nodes: s.nodes,
            qnodes: s.qnodes,
            leaves: s.leaves,
            nodes_cum: report.nodes_cum,
            time_ms: round3(report.time_ms),
            time_ms_cum: round3(report.time_ms_cum),
            nps: if seconds > 0.0 {
                ((s.nodes + s.qnodes) as f64 / seconds) as u64
            } else {
                0
            },
            score_cp: report.score_cp,
            mate: report.mate,
            best_move: report.best_move_uci.clone(),
            pv: report.pv.clone(),
            bm_ok,
            beta_cutoffs: s.beta_cutoffs,
            first_move_cutoffs: s.first_move_cutoffs,
            tt_hits: s.tt_hits,
            asp_researches: s.asp_researches,
            seldepth: s.seldepth,
            config_hash: config_hash.to_string(),
            tt_probes: s.tt_probes,
            tt_cutoffs: s.tt_cutoffs,
        }
    }

    /// (variant, position, depth).
    pub fn key(&self) -> RowKey {
        (self.variant.clone(), self.position.clone(), self.depth)
    }
}

fn round3(ms: f64) -> f64 {
    (ms * 1000.0).round() / 1000.0
}

/// Reads every row of a results CSV, checking its header; errors name the file and line.
pub fn read_rows(path: &std::path::Path) -> anyhow::Result<Vec<Row>> {
    let shown = path.display().to_string();
    let mut reader = csv::Reader::from_path(path)
        .map_err(|e| crate::error::InputError::in_file(&shown, format!("cannot read: {e}")))?;
    check_header(&shown, reader.headers()?)?;
    let mut rows = Vec::new();
    for (i, record) in reader.deserialize::<Row>().enumerate() {
        let row = record.map_err(|e| {
            crate::error::InputError::at_line(&shown, i + 2, format!("not an ablate row: {e}"))
        })?;
        rows.push(row);
    }
    Ok(rows)
}

/// The header must begin with ablate's columns.
pub fn check_header(
    file: &str,
    header: &csv::StringRecord,
) -> Result<(), crate::error::InputError> {
    let got: Vec<&str> = header.iter().collect();
    if got.len() < HEADER.len() || got[..HEADER.len()] != HEADER[..] {
        return Err(crate::error::InputError::at_line(
            file,
            1,
            format!(
                "header \"{}\"; expected ablate's columns: {}",
                got.join(","),
                HEADER.join(",")
            ),
        ));
    }
    Ok(())
}
