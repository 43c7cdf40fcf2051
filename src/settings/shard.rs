//! `--shard K/N`: one part of a run's jobs or a match's game pairs, so that several machines
//! (or a Slurm array) share them; `ablate merge` joins the parts.

use crate::error::InputError;
use std::path::{Path, PathBuf};

/// `--shard K/N`: the jobs whose index mod N is K.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// This shard, 0-based.
    pub k: usize,
    /// The number of shards.
    pub n: usize,
}

impl Shard {
    /// Reads `K/N` with 0 ≤ K < N.
    pub fn parse(text: &str) -> Result<Shard, InputError> {
        let bad = || {
            InputError::in_file(
                "--shard",
                format!("\"{text}\"; expected K/N with 0 <= K < N, e.g. 0/4"),
            )
        };
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let k: usize = k.trim().parse().map_err(|_| bad())?;
        let n: usize = n.trim().parse().map_err(|_| bad())?;
        if n == 0 || k >= n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }
}

impl Shard {
    /// `x.games.csv` → `x.games.shard-K-of-N.csv`: where this shard of a match writing
    /// `x.games.csv` puts its games.
    pub fn file_for(&self, csv: &Path) -> PathBuf {
        games_part_file(csv, &format!("shard-{}-of-{}", self.k, self.n))
    }
}

/// `x.games.csv` → `x.games.PART.csv`: a part of a match's games (a shard, a ladder's rung).
pub fn games_part_file(csv: &Path, part: &str) -> PathBuf {
    let name = csv.file_name().unwrap_or_default().to_string_lossy();
    let stem = name
        .strip_suffix(".games.csv")
        .or_else(|| name.strip_suffix(".csv"))
        .unwrap_or(&name);
    csv.with_file_name(format!("{stem}.games.{part}.csv"))
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        Shard::parse(text).map_err(|e| e.message)
    }
}
