//! The results CSV: rows appended and flushed as jobs finish, resumed by config hash, and
//! rewritten atomically in canonical order at the end without holding the rows in memory.

use super::atomic::temp_path;
use crate::error::InputError;
use crate::search_record::{header, open_results, write_rows, Columns, Row};
use std::collections::{HashMap, HashSet};
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// An open results CSV in append mode.
pub struct ResultsFile {
    path: PathBuf,
    writer: csv::Writer<File>,
}

/// What an existing output file already holds.
pub struct Resumed {
    /// (variant, position) pairs with a row at every requested depth.
    pub finished: HashSet<(String, String)>,
    /// Rows kept from the earlier run.
    pub rows_kept: usize,
}

/// A job: (variant, position).
pub type JobKey = (String, String);

/// The (variant, position) jobs `path` holds every depth of, for `config_hash`, and its rows of
/// that hash. Reads only.
pub fn finished_jobs(
    path: &Path,
    config_hash: &str,
    depths: &[u32],
) -> anyhow::Result<(Vec<Row>, HashSet<JobKey>)> {
    let rows: Vec<Row> = read_complete_rows(path)?
        .into_iter()
        .filter(|r| r.config_hash == config_hash)
        .collect();
    let mut depths_seen: HashMap<(String, String), HashSet<u32>> = HashMap::new();
    for r in &rows {
        depths_seen
            .entry((r.variant.clone(), r.position.clone()))
            .or_default()
            .insert(r.depth);
    }
    let finished = depths_seen
        .into_iter()
        .filter(|(_, seen)| depths.iter().all(|d| seen.contains(d)))
        .map(|(job, _)| job)
        .collect();
    Ok((rows, finished))
}

impl ResultsFile {
    /// Opens `path` for a run of experiment `config_hash`: empty, or, with `resume`, keeping
    /// the jobs an earlier run of the same configuration finished at every depth.
    pub fn prepare(
        path: &Path,
        config_hash: &str,
        depths: &[u32],
        resume: bool,
    ) -> anyhow::Result<(ResultsFile, Resumed)> {
        let shown = path.display().to_string();
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| {
                InputError::in_file(&shown, format!("cannot create the output folder: {e}"))
            })?;
        }
        let mut resumed = Resumed {
            finished: HashSet::new(),
            rows_kept: 0,
        };
        if resume {
            let (rows, finished) = finished_jobs(path, config_hash, depths)?;
            resumed.finished = finished;
            // Keep whole jobs only: a job cut off mid-write is run again.
            let kept: Vec<Row> = rows
                .into_iter()
                .filter(|r| {
                    resumed
                        .finished
                        .contains(&(r.variant.clone(), r.position.clone()))
                })
                .collect();
            resumed.rows_kept = kept.len();
            let tmp = temp_path(path);
            let mut w = csv::WriterBuilder::new()
                .has_headers(false)
                .from_path(&tmp)
                .map_err(|e| InputError::in_file(&shown, format!("cannot write: {e}")))?;
            write_rows(&mut w, &kept)?;
            w.flush()?;
            std::fs::rename(&tmp, path)?;
        } else {
            File::create(path)
                .map_err(|e| InputError::in_file(&shown, format!("cannot write: {e}")))?;
        }
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| InputError::in_file(&shown, format!("cannot write: {e}")))?;
        let empty = file.metadata()?.len() == 0;
        let mut writer = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(file);
        if empty {
            writer.write_record(header())?;
            writer.flush()?;
        }
        Ok((
            ResultsFile {
                path: path.to_path_buf(),
                writer,
            },
            resumed,
        ))
    }

    /// Appends one job's rows and flushes, so a crash loses nothing that finished.
    pub fn append(&mut self, rows: &[Row]) -> anyhow::Result<()> {
        for row in rows {
            self.writer.write_record(row.cells())?;
        }
        self.writer.flush()?;
        Ok(())
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// The config hash of the rows an existing results file holds; `None` when there is no file or
/// no row. A file that is not a results CSV is an error, so it is never overwritten.
pub fn existing_hash(path: &Path) -> anyhow::Result<Option<String>> {
    if !path.is_file()
        || std::fs::metadata(path)
            .map(|m| m.len() == 0)
            .unwrap_or(true)
    {
        return Ok(None);
    }
    Ok(read_complete_rows(path)?
        .first()
        .map(|r| r.config_hash.clone()))
}

/// Reads rows, dropping a final line cut short by a crash.
fn read_complete_rows(path: &Path) -> anyhow::Result<Vec<Row>> {
    let shown = path.display().to_string();
    let (mut reader, columns) = open_results(path)?;
    let mut rows = Vec::new();
    let mut records = reader.records().peekable();
    let mut line = 1;
    while let Some(record) = records.next() {
        line += 1;
        let row = record
            .map_err(|e| InputError::at_line(&shown, line, format!("not a results row: {e}")))
            .and_then(|r| columns.row(&shown, line, &r));
        match row {
            Ok(row) => rows.push(row),
            Err(_) if records.peek().is_none() => break,
            Err(e) => return Err(e.into()),
        }
    }
    Ok(rows)
}

/// Rewrites a results CSV atomically in canonical order: variant order, suite order, depth.
///
/// Only byte offsets are held, never the rows: memory stays small however large the suite.
/// Rows of unknown variants or positions keep their file order, after the known ones.
pub fn rewrite_canonical(
    path: &Path,
    variant_order: &[String],
    position_order: &[String],
) -> anyhow::Result<()> {
    let variant_rank: HashMap<&str, usize> = variant_order
        .iter()
        .enumerate()
        .map(|(i, v)| (v.as_str(), i))
        .collect();
    let position_rank: HashMap<&str, usize> = position_order
        .iter()
        .enumerate()
        .map(|(i, p)| (p.as_str(), i))
        .collect();
    let mut reader = csv::Reader::from_path(path)?;
    Columns::from_header(&path.display().to_string(), reader.headers()?)?;
    let mut spans: Vec<((usize, usize, u32, usize), u64)> = Vec::new();
    let mut record = csv::ByteRecord::new();
    let mut seq = 0;
    while reader.read_byte_record(&mut record)? {
        let field =
            |i: usize| std::str::from_utf8(record.get(i).unwrap_or_default()).unwrap_or_default();
        let v = variant_rank.get(field(1)).copied().unwrap_or(usize::MAX);
        let p = position_rank.get(field(2)).copied().unwrap_or(usize::MAX);
        let d: u32 = field(3).parse().unwrap_or(u32::MAX);
        let start = record.position().map_or(0, |pos| pos.byte());
        spans.push(((v, p, d, seq), start));
        seq += 1;
    }
    let end_of_data = std::fs::metadata(path)?.len();
    let mut ends: HashMap<u64, u64> = HashMap::with_capacity(spans.len());
    for (i, (_, s)) in spans.iter().enumerate() {
        ends.insert(*s, spans.get(i + 1).map_or(end_of_data, |(_, next)| *next));
    }
    spans.sort_by_key(|(key, _)| *key);
    let mut source = File::open(path)?;
    let tmp = temp_path(path);
    let mut out = std::io::BufWriter::new(File::create(&tmp)?);
    out.write_all(format!("{}\n", header().join(",")).as_bytes())?;
    let mut buffer = Vec::new();
    for (_, s) in &spans {
        let len = ends[s] - s;
        buffer.resize(len as usize, 0);
        source.seek(SeekFrom::Start(*s))?;
        source.read_exact(&mut buffer)?;
        out.write_all(&buffer)?;
        if !buffer.ends_with(b"\n") {
            out.write_all(b"\n")?;
        }
    }
    out.flush()?;
    drop(out);
    std::fs::rename(&tmp, path)?;
    Ok(())
}
