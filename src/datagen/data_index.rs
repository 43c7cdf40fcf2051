//! The data file and its index: the data holds only `FEN | score | result` lines, as the
//! field's converters read them; the index beside it (`<data>.games.csv`) holds one row per
//! finished game, with the bytes its lines take, so that a sitting knows which games are done,
//! an interrupted one is resumed, a torn last write is cut off, and the games are put in
//! canonical order (game 0, 1, 2...) once all are played, whatever order `--jobs` finished
//! them in.

use crate::error::InputError;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// One finished game of a run, as its index row.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GameEntry {
    /// The game's number (what decides its opening and random plies).
    pub game: usize,
    /// The opening's id.
    pub opening: String,
    /// The random plies after the book, in UCI.
    pub random_plies: String,
    /// Half-moves played after them.
    pub plies: usize,
    /// 1-0, 0-1 or 1/2-1/2.
    pub result: String,
    /// Why it ended.
    pub termination: String,
    /// Lines written.
    pub positions: usize,
    /// Positions dropped: in check, a capture or promotion best, a mate score.
    pub dropped_check: usize,
    pub dropped_tactical: usize,
    pub dropped_mate: usize,
    /// Nodes searched by both sides.
    pub nodes: u64,
    /// Bytes its lines take in the data file.
    pub bytes: u64,
    /// The run's hash (`DatagenPlan::hash`).
    pub hash: String,
}

/// `data/x.txt` → `data/x.games.csv`.
pub fn index_path(data: &Path) -> PathBuf {
    data.with_extension("games.csv")
}

/// Reads the index beside `data`: its rows, and the length of the text they fill. A last row
/// without its newline (a write the process did not finish) is not a finished game.
pub fn read_index(data: &Path) -> anyhow::Result<(Vec<GameEntry>, u64)> {
    let path = index_path(data);
    let shown = path.display().to_string();
    let mut text = String::new();
    match File::open(&path) {
        Ok(mut file) => {
            file.read_to_string(&mut text)
                .map_err(|e| InputError::in_file(&shown, format!("cannot read: {e}")))?;
        }
        Err(_) => return Ok((Vec::new(), 0)),
    }
    let complete = text.rfind('\n').map_or(0, |i| i + 1);
    let mut reader = csv::Reader::from_reader(&text.as_bytes()[..complete]);
    // A match's games CSV has the same `.games.csv` name form: say whose file is in the way
    // rather than which of our fields its first row lacks.
    let found = reader
        .headers()
        .map(|h| h.iter().collect::<Vec<_>>().join(","));
    let expected = header();
    let expected = expected.trim_end();
    if complete > 0 && found.as_deref().ok() != Some(expected) {
        return Err(InputError::at_line(
            &shown,
            1,
            format!(
                "not the index of finished games that ablate datagen keeps beside {} (its \
                 header is not `{expected}`; a match's games file of the same name?): \
                 give --out another name, or move this file aside",
                data.display()
            ),
        )
        .into());
    }
    let mut rows = Vec::new();
    for (i, row) in reader.deserialize::<GameEntry>().enumerate() {
        let row = row.map_err(|e| {
            InputError::at_line(&shown, i + 2, format!("not a row of a datagen index: {e}"))
        })?;
        rows.push(row);
    }
    Ok((rows, complete as u64))
}

/// The data file and its index, open for appending finished games.
pub struct DataWriter {
    data: File,
    index: File,
}

impl DataWriter {
    /// Opens the files of a run whose index holds `entries` (in `index_bytes` of text), cutting
    /// off what an interrupted write left after them: a data file longer than its games is cut
    /// to their end, one shorter is refused (lines are missing that the index says are there).
    pub fn open(data: &Path, entries: &[GameEntry], index_bytes: u64) -> anyhow::Result<Self> {
        let shown = data.display().to_string();
        if let Some(parent) = data.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent)?;
        }
        let fail = |e: std::io::Error| InputError::in_file(&shown, format!("cannot write: {e}"));
        let data_file = OpenOptions::new()
            .create(true)
            .read(true)
            .write(true)
            .truncate(false)
            .open(data)
            .map_err(fail)?;
        let expected: u64 = entries.iter().map(|e| e.bytes).sum();
        let found = data_file.metadata().map_err(fail)?.len();
        if found < expected {
            let message = format!(
                "holds {found} bytes, but its index ({}) lists {} games in {expected} bytes; expected the data file the index was written with (move both aside to start again)",
                index_path(data).display(),
                entries.len()
            );
            return Err(InputError::in_file(&shown, message).into());
        }
        data_file.set_len(expected).map_err(fail)?;
        let index_shown = index_path(data).display().to_string();
        let index_fail =
            |e: std::io::Error| InputError::in_file(&index_shown, format!("cannot write: {e}"));
        let mut index = OpenOptions::new()
            .create(true)
            .read(true)
            .write(true)
            .truncate(false)
            .open(index_path(data))
            .map_err(index_fail)?;
        index.set_len(index_bytes).map_err(index_fail)?;
        if index_bytes == 0 {
            index.write_all(header().as_bytes()).map_err(index_fail)?;
        }
        let mut writer = DataWriter {
            data: data_file,
            index,
        };
        writer.data.seek(SeekFrom::End(0))?;
        writer.index.seek(SeekFrom::End(0))?;
        Ok(writer)
    }

    /// Appends a finished game: its lines first, then its index row, each flushed, so that a
    /// game the index lists is always one the data holds.
    pub fn append(&mut self, entry: &GameEntry, lines: &str) -> anyhow::Result<()> {
        self.data.write_all(lines.as_bytes())?;
        self.data.flush()?;
        self.index.write_all(row_text(entry)?.as_bytes())?;
        self.index.flush()?;
        Ok(())
    }
}

/// The index's header line.
fn header() -> String {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let empty = GameEntry {
        game: 0,
        opening: String::new(),
        random_plies: String::new(),
        plies: 0,
        result: String::new(),
        termination: String::new(),
        positions: 0,
        dropped_check: 0,
        dropped_tactical: 0,
        dropped_mate: 0,
        nodes: 0,
        bytes: 0,
        hash: String::new(),
    };
    writer.serialize(&empty).expect("a row serializes");
    let text = String::from_utf8(writer.into_inner().expect("in memory")).expect("UTF-8");
    text.lines().next().expect("a header").to_string() + "\n"
}

/// One index row, with its newline.
fn row_text(entry: &GameEntry) -> anyhow::Result<String> {
    let mut writer = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    writer.serialize(entry)?;
    Ok(String::from_utf8(writer.into_inner()?)?)
}

/// Writes the games of `sources` (each a data file and the entries of its index, in that
/// file's order) to `data` and its index, in canonical order (by game number), through
/// temporary files renamed into place: a merge of shards, or a run's own games put in order.
pub fn write_in_order(data: &Path, sources: &[(PathBuf, Vec<GameEntry>)]) -> anyhow::Result<()> {
    let mut located: Vec<(usize, usize, u64, &GameEntry)> = Vec::new();
    for (s, (_, entries)) in sources.iter().enumerate() {
        let mut offset = 0;
        for entry in entries {
            located.push((entry.game, s, offset, entry));
            offset += entry.bytes;
        }
    }
    located.sort_by_key(|l| l.0);
    let mut files = sources
        .iter()
        .map(|(path, _)| File::open(path))
        .collect::<Result<Vec<File>, _>>()?;
    let tmp = data.with_extension("txt.tmp");
    let tmp_index = index_path(data).with_extension("csv.tmp");
    {
        let mut out = std::io::BufWriter::new(File::create(&tmp)?);
        let mut index = std::io::BufWriter::new(File::create(&tmp_index)?);
        index.write_all(header().as_bytes())?;
        for (_, s, offset, entry) in &located {
            let file = &mut files[*s];
            file.seek(SeekFrom::Start(*offset))?;
            std::io::copy(&mut file.take(entry.bytes), &mut out)?;
            index.write_all(row_text(entry)?.as_bytes())?;
        }
        out.flush()?;
        index.flush()?;
    }
    std::fs::rename(&tmp, data)?;
    std::fs::rename(&tmp_index, index_path(data))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(game: usize, lines: &str) -> GameEntry {
        GameEntry {
            game,
            opening: "o".into(),
            random_plies: "e2e4 e7e5".into(),
            plies: 3,
            result: "1-0".into(),
            termination: "checkmate".into(),
            positions: lines.lines().count(),
            dropped_check: 0,
            dropped_tactical: 1,
            dropped_mate: 0,
            nodes: 10,
            bytes: lines.len() as u64,
            hash: "d1".into(),
        }
    }

    #[test]
    fn a_torn_write_is_cut_off_and_games_are_put_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("x.txt");
        let (read, bytes) = read_index(&data).unwrap();
        let mut writer = DataWriter::open(&data, &read, bytes).unwrap();
        writer.append(&entry(1, "b\nbb\n"), "b\nbb\n").unwrap();
        writer.append(&entry(0, "a\n"), "a\n").unwrap();
        drop(writer);
        // A game whose lines were written but not its row, and a half-written row.
        let mut file = OpenOptions::new().append(true).open(&data).unwrap();
        file.write_all(b"c\nc").unwrap();
        let mut index = OpenOptions::new()
            .append(true)
            .open(index_path(&data))
            .unwrap();
        index.write_all(b"2,o,,3,1-0").unwrap();
        let (read, bytes) = read_index(&data).unwrap();
        assert_eq!(read.iter().map(|e| e.game).collect::<Vec<_>>(), [1, 0]);
        let mut writer = DataWriter::open(&data, &read, bytes).unwrap();
        writer.append(&entry(2, "c\n"), "c\n").unwrap();
        drop(writer);
        assert_eq!(std::fs::read_to_string(&data).unwrap(), "b\nbb\na\nc\n");
        let (read, _) = read_index(&data).unwrap();
        write_in_order(&data, &[(data.clone(), read)]).unwrap();
        assert_eq!(std::fs::read_to_string(&data).unwrap(), "a\nb\nbb\nc\n");
        let (read, _) = read_index(&data).unwrap();
        assert_eq!(read.iter().map(|e| e.game).collect::<Vec<_>>(), [0, 1, 2]);
    }

    #[test]
    fn a_data_file_shorter_than_its_index_is_refused_with_both_names() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("x.txt");
        let mut writer = DataWriter::open(&data, &[], 0).unwrap();
        writer.append(&entry(0, "a\n"), "a\n").unwrap();
        drop(writer);
        std::fs::write(&data, "").unwrap();
        let (read, bytes) = read_index(&data).unwrap();
        let error = DataWriter::open(&data, &read, bytes)
            .err()
            .unwrap()
            .to_string();
        assert!(
            error.contains("x.txt") && error.contains("x.games.csv"),
            "{error}"
        );
    }
}
