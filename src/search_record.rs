//! One search's record at one depth, a CSV row per (variant, position, depth): the tidy record
//! users plot and diff, as `game_record` is one game's.
//!
//! The columns are the 24 of the first layout, in that order, then every counter declared in
//! `SearchStats` after them: a new counter is a new last column, and nothing is ever reordered.
//! A file written before a counter existed still reads; the missing counter reads as 0.

use crate::error::InputError;
use crate::search::{IterationReport, SearchStats};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The first layout's columns, in order; counters among them keep their places.
const FIRST_LAYOUT: [&str; 24] = [
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

/// Columns added since, in the order they came: the pruning counters, then the minimal tree.
const LATER_COLUMNS: [&str; 14] = [
    "null_tries",
    "null_cutoffs",
    "null_verifications",
    "lmr_reductions",
    "lmr_researches",
    "futility_prunes",
    "rfp_cutoffs",
    "razor_cutoffs",
    "lmp_prunes",
    "delta_prunes",
    "extensions",
    "minimal_nodes",
    "oracle_nodes",
    "fullwidth_leaves",
];

/// Columns added after those, in the order they came: the counters of issue 40's steps, then
/// the nodes of the iteration two plies back. A counter declared after these becomes the next
/// column, so that no column ever moves.
const NEWER_COLUMNS: [&str; 12] = [
    "see_prunes",
    "probcut_cutoffs",
    "iir_reductions",
    "singular_tests",
    "singular_extensions",
    "multi_cuts",
    "counter_move_prunes",
    "follow_up_prunes",
    "history_extensions",
    "improving_nodes",
    "tt_value_evals",
    "nodes_two_plies_back",
];

/// Every column, in order: the first layout, the later columns, then counters declared since.
pub fn header() -> &'static [&'static str] {
    static HEADER: OnceLock<Vec<&'static str>> = OnceLock::new();
    HEADER.get_or_init(|| {
        let mut columns = FIRST_LAYOUT.to_vec();
        columns.extend(LATER_COLUMNS);
        columns.extend(NEWER_COLUMNS);
        let newer: Vec<&str> = SearchStats::NAMES
            .iter()
            .copied()
            .filter(|name| !columns.contains(name))
            .collect();
        columns.extend(newer);
        columns
    })
}

/// Columns that measure time and so differ between runs; every other column is deterministic.
pub const TIME_COLUMNS: [&str; 3] = ["time_ms", "time_ms_cum", "nps"];

/// One result row.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Row {
    /// Experiment name.
    pub experiment: String,
    /// Variant name.
    pub variant: String,
    /// Position id.
    pub position: String,
    /// Nominal depth.
    pub depth: u32,
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
    /// Hash of the whole resolved experiment.
    pub config_hash: String,
    /// This iteration's counters.
    pub stats: SearchStats,
    /// Main-search nodes of the minimal tree for this position, depth and definition.
    pub minimal_nodes: Option<u64>,
    /// Main-search nodes of the oracle-ordered search (an upper bound on the minimal tree).
    pub oracle_nodes: Option<u64>,
    /// Leaves of the full-width tree (for the measured branching factor).
    pub fullwidth_leaves: Option<u64>,
    /// Main-search nodes of the iteration two plies back, when the search went through it;
    /// empty in a file made before the column existed ("not recorded").
    pub nodes_two_plies_back: Option<u64>,
    /// Which counter columns are known: all for ablate's search, few for an external engine.
    pub counted: Counted,
}

/// Which of a row's counter columns hold a value; the others are empty cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Counted {
    /// Every counter: ablate's own search.
    All,
    /// Only `seldepth`: an external engine that reports it.
    Seldepth,
    /// None: an external engine that reports no seldepth.
    Nothing,
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
        Row {
            experiment: experiment.to_string(),
            variant: variant.to_string(),
            position: position.to_string(),
            depth: report.depth,
            nodes_cum: report.nodes_cum,
            time_ms: round3(report.time_ms),
            time_ms_cum: round3(report.time_ms_cum),
            nps: report.nps(),
            score_cp: report.score_cp,
            mate: report.mate,
            best_move: report.best_move_uci.clone(),
            pv: report.pv.clone(),
            bm_ok,
            config_hash: config_hash.to_string(),
            stats: report.stats,
            minimal_nodes: None,
            oracle_nodes: None,
            fullwidth_leaves: None,
            nodes_two_plies_back: report.nodes_two_plies_back,
            counted: Counted::All,
        }
    }

    /// (variant, position, depth).
    pub fn key(&self) -> RowKey {
        (self.variant.clone(), self.position.clone(), self.depth)
    }

    /// The cell of column `name` as the CSV holds it (text that a spreadsheet would take for
    /// a formula or a number is escaped, see `escape_text`).
    pub fn cell(&self, name: &str) -> String {
        let opt = |v: Option<String>| v.unwrap_or_default();
        match name {
            "experiment" => escape_text(&self.experiment),
            "variant" => escape_text(&self.variant),
            "position" => escape_text(&self.position),
            "depth" => self.depth.to_string(),
            "nodes_cum" => self.nodes_cum.to_string(),
            "time_ms" => format!("{:?}", self.time_ms),
            "time_ms_cum" => format!("{:?}", self.time_ms_cum),
            "nps" => self.nps.to_string(),
            "score_cp" => self.score_cp.to_string(),
            "mate" => opt(self.mate.map(|m| m.to_string())),
            "best_move" => escape_text(&self.best_move),
            "pv" => escape_text(&self.pv),
            "bm_ok" => opt(self.bm_ok.map(|b| b.to_string())),
            "config_hash" => escape_text(&self.config_hash),
            "minimal_nodes" => opt(self.minimal_nodes.map(|v| v.to_string())),
            "oracle_nodes" => opt(self.oracle_nodes.map(|v| v.to_string())),
            "fullwidth_leaves" => opt(self.fullwidth_leaves.map(|v| v.to_string())),
            "nodes_two_plies_back" => opt(self.nodes_two_plies_back.map(|v| v.to_string())),
            counter => match self.counted {
                Counted::All => opt(self.stats.get(counter).map(|v| v.to_string())),
                Counted::Seldepth if counter == "seldepth" => self.stats.seldepth.to_string(),
                _ => String::new(),
            },
        }
    }

    /// Every cell, in header order.
    pub fn cells(&self) -> Vec<String> {
        header().iter().map(|c| self.cell(c)).collect()
    }

    /// Sets column `name` from its CSV text; the error says what was expected.
    fn set(&mut self, name: &str, text: &str) -> Result<(), String> {
        fn num<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
            text.parse()
                .map_err(|_| format!("\"{text}\"; expected {what}"))
        }
        fn optional<T: std::str::FromStr>(text: &str, what: &str) -> Result<Option<T>, String> {
            if text.is_empty() {
                Ok(None)
            } else {
                num(text, what).map(Some)
            }
        }
        const WHOLE: &str = "a whole number";
        match name {
            "experiment" => self.experiment = unescape_text(text),
            "variant" => self.variant = unescape_text(text),
            "position" => self.position = unescape_text(text),
            "depth" => self.depth = num(text, WHOLE)?,
            "nodes_cum" => self.nodes_cum = num(text, WHOLE)?,
            "time_ms" => self.time_ms = num(text, "milliseconds")?,
            "time_ms_cum" => self.time_ms_cum = num(text, "milliseconds")?,
            "nps" => self.nps = num(text, WHOLE)?,
            "score_cp" => self.score_cp = num(text, "a score in centipawns")?,
            "mate" => self.mate = optional(text, "moves to mate or nothing")?,
            "best_move" => self.best_move = unescape_text(text),
            "pv" => self.pv = unescape_text(text),
            // Spreadsheets write booleans back in capitals.
            "bm_ok" => self.bm_ok = optional(&text.to_ascii_lowercase(), "true, false or nothing")?,
            "config_hash" => self.config_hash = unescape_text(text),
            "minimal_nodes" => self.minimal_nodes = optional(text, WHOLE)?,
            "oracle_nodes" => self.oracle_nodes = optional(text, WHOLE)?,
            "fullwidth_leaves" => self.fullwidth_leaves = optional(text, WHOLE)?,
            "nodes_two_plies_back" => self.nodes_two_plies_back = optional(text, WHOLE)?,
            // An external engine's row: the counters it did not report are empty.
            counter if text.is_empty() => {
                self.counted = match (counter, self.counted) {
                    ("seldepth", _) => Counted::Nothing,
                    (_, Counted::All) => Counted::Seldepth,
                    (_, known) => known,
                }
            }
            counter => {
                let value = num(text, WHOLE)?;
                self.stats.set(counter, value);
            }
        }
        Ok(())
    }

    fn empty() -> Row {
        Row {
            experiment: String::new(),
            variant: String::new(),
            position: String::new(),
            depth: 0,
            nodes_cum: 0,
            time_ms: 0.0,
            time_ms_cum: 0.0,
            nps: 0,
            score_cp: 0,
            mate: None,
            best_move: String::new(),
            pv: String::new(),
            bm_ok: None,
            config_hash: String::new(),
            stats: SearchStats::default(),
            minimal_nodes: None,
            oracle_nodes: None,
            fullwidth_leaves: None,
            nodes_two_plies_back: None,
            counted: Counted::All,
        }
    }
}

/// Characters that make a spreadsheet read a cell as a formula (OWASP's CSV injection list).
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A text cell as written: with a leading `'` when a spreadsheet would otherwise run it as a
/// formula (`=cmd|x`) or turn it into a number (`0012`, `1e5`), or when it starts with `'`
/// itself. Spreadsheets show the `'` and keep the cell as it is; `unescape_text` removes it.
pub fn escape_text(text: &str) -> String {
    let risky = text.starts_with(FORMULA_STARTS)
        || text.starts_with('\'')
        || (!text.is_empty() && text.trim().parse::<f64>().is_ok());
    if risky {
        format!("'{text}")
    } else {
        text.to_string()
    }
}

/// The text of a cell written by `escape_text`.
pub fn unescape_text(cell: &str) -> String {
    cell.strip_prefix('\'').unwrap_or(cell).to_string()
}

/// Milliseconds rounded to three decimals, as the CSV keeps them.
pub fn round3(ms: f64) -> f64 {
    (ms * 1000.0).round() / 1000.0
}

/// Where each known column stands in one file's header.
pub struct Columns {
    at: Vec<(&'static str, usize)>,
}

impl Columns {
    /// Reads a header: it must begin with the first layout; later known columns may be absent.
    pub fn from_header(file: &str, found: &csv::StringRecord) -> Result<Columns, InputError> {
        let got: Vec<&str> = found.iter().collect();
        if got.len() < FIRST_LAYOUT.len() || got[..FIRST_LAYOUT.len()] != FIRST_LAYOUT[..] {
            return Err(InputError::at_line(
                file,
                1,
                format!(
                    "header \"{}\"; expected ablate's columns: {}",
                    got.join(","),
                    header().join(",")
                ),
            ));
        }
        let index: HashMap<&str, usize> = got.iter().enumerate().map(|(i, c)| (*c, i)).collect();
        let at = header()
            .iter()
            .filter_map(|c| index.get(c).map(|&i| (*c, i)))
            .collect();
        Ok(Columns { at })
    }

    /// One record as a row; errors name the file, line and column.
    pub fn row(
        &self,
        file: &str,
        line: usize,
        record: &csv::StringRecord,
    ) -> Result<Row, InputError> {
        let mut row = Row::empty();
        for &(name, i) in &self.at {
            let text = record.get(i).ok_or_else(|| {
                InputError::at_line(
                    file,
                    line,
                    format!("no column \"{name}\" (the row has {} fields)", record.len()),
                )
            })?;
            row.set(name, text)
                .map_err(|m| InputError::at_line(file, line, format!("column \"{name}\": {m}")))?;
        }
        Ok(row)
    }
}

/// Opens a results CSV and reads its header; errors name the file.
pub fn open_results(
    path: &std::path::Path,
) -> Result<(csv::Reader<std::fs::File>, Columns), InputError> {
    let shown = path.display().to_string();
    if path.is_dir() {
        return Err(InputError::in_file(
            &shown,
            "is a folder; expected a results CSV",
        ));
    }
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_path(path)
        .map_err(|e| InputError::in_file(&shown, format!("cannot read: {e}")))?;
    let headers = reader
        .headers()
        .map_err(|e| InputError::in_file(&shown, format!("not a results CSV: {e}")))?;
    let columns = Columns::from_header(&shown, headers)?;
    Ok((reader, columns))
}

/// Reads every row of a results CSV, checking its header; errors name the file, line and column.
pub fn read_rows(path: &std::path::Path) -> anyhow::Result<Vec<Row>> {
    let shown = path.display().to_string();
    let (mut reader, columns) = open_results(path)?;
    let mut rows = Vec::new();
    let mut record = csv::StringRecord::new();
    let mut line = 1;
    loop {
        match reader.read_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {
                line = record.position().map_or(line + 1, |p| p.line() as usize);
                rows.push(columns.row(&shown, line, &record)?);
            }
            Err(e) => {
                return Err(InputError::at_line(
                    &shown,
                    line + 1,
                    format!("not a results CSV: {e}"),
                )
                .into())
            }
        }
    }
    Ok(rows)
}

/// Writes rows under the full header.
pub fn write_rows<W: std::io::Write>(
    writer: &mut csv::Writer<W>,
    rows: &[Row],
) -> anyhow::Result<()> {
    writer.write_record(header())?;
    for row in rows {
        writer.write_record(row.cells())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_follow_the_first_layout_and_old_files_still_read() {
        let h = header();
        assert_eq!(h[..24], FIRST_LAYOUT[..]);
        assert_eq!(h[24..38], LATER_COLUMNS[..]);
        for name in SearchStats::NAMES {
            assert!(h.contains(name), "counter {name} has a column");
        }
        // A file with only the first layout reads; a later counter would read as 0.
        let text = format!(
            "{}\nx,v,p,3,10,5,4,15,0.5,0.5,1,7,,e2e4,e2e4,,1,1,0,0,3,h1,2,0\n",
            FIRST_LAYOUT.join(",")
        );
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let columns = Columns::from_header("f.csv", reader.headers().unwrap()).unwrap();
        let record = reader.records().next().unwrap().unwrap();
        let row = columns.row("f.csv", 2, &record).unwrap();
        assert_eq!(row.stats.nodes, 10);
        assert_eq!(row.stats.tt_probes, 2);
        assert_eq!(row.cell("nodes_cum"), "15");
        assert_eq!(row.cell("time_ms"), "0.5");
        let upper = text.replace(",,1,1,0,0,3,", ",TRUE,1,1,0,0,3,");
        let mut reader = csv::Reader::from_reader(upper.as_bytes());
        let record = reader.records().next().unwrap().unwrap();
        assert_eq!(columns.row("f.csv", 2, &record).unwrap().bm_ok, Some(true));
    }

    #[test]
    fn text_that_a_spreadsheet_would_change_is_escaped_and_read_back() {
        for (text, cell) in [
            ("=cmd|x", "'=cmd|x"),
            ("+1", "'+1"),
            ("-x", "'-x"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("0012", "'0012"),
            ("1e5", "'1e5"),
            ("'quoted", "''quoted"),
            ("BK.01", "BK.01"),
            ("e2e4 e7e5", "e2e4 e7e5"),
            ("", ""),
        ] {
            assert_eq!(escape_text(text), cell);
            assert_eq!(unescape_text(cell), text);
        }
    }

    #[test]
    fn a_bad_cell_names_its_column() {
        let text = format!(
            "{}\nx,v,p,3,1O,5,4,15,0.5,0.5,1,7,,e2e4,e2e4,,1,1,0,0,3,h1,2,0\n",
            FIRST_LAYOUT.join(",")
        );
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let columns = Columns::from_header("f.csv", reader.headers().unwrap()).unwrap();
        let record = reader.records().next().unwrap().unwrap();
        let e = columns.row("f.csv", 2, &record).unwrap_err().to_string();
        assert_eq!(
            e,
            "f.csv:2: column \"nodes\": \"1O\"; expected a whole number"
        );
    }
}
