//! The one shard merge, for both kinds of shard: an experiment's results rows and a match's
//! games. Reading the inputs (a missing file is a missing shard, named as such), one hash for
//! all of them, no item in two shards, each input's manifest when it has one, and the refusal
//! of partial data unless asked: all here, once. What differs (the row type, its key, its hash,
//! its manifest, what completeness means and how the merged file is ordered) is the kind's.

use crate::error::InputError;
use crate::storage::manifest::ManifestFile;
use std::collections::HashMap;
use std::hash::Hash;
use std::path::{Path, PathBuf};

/// One row of a shard CSV, as a merge sees it.
pub trait ShardRow: Clone {
    /// What no two shards may both hold.
    type Key: Eq + Hash;
    /// Its key.
    fn key(&self) -> Self::Key;
    /// The hash every row of the merged file must share.
    fn shard_hash(&self) -> &str;
    /// The row in an error: `row (full, kiwipete, depth 5)`, `game (a vs b, pair 3, game 1)`.
    fn describe(&self) -> String;
}

/// A kind of shard: its rows, its manifest, and its words for errors.
pub trait ShardKind {
    /// A row of its CSV.
    type Row: ShardRow;
    /// The manifest beside its CSV.
    type Manifest: ManifestFile;
    /// The hash's name: "config hash", "match hash".
    const HASH: &'static str;
    /// What a row is one of, and what the shards are parts of: ("job", "experiment").
    const UNIT: (&'static str, &'static str);
    /// Reads one shard CSV.
    fn read(path: &Path) -> anyhow::Result<Vec<Self::Row>>;
}

/// One input that exists: its rows and, when it has one, its manifest.
pub struct ShardInput<K: ShardKind> {
    /// The path as given.
    pub shown: String,
    /// Its rows.
    pub rows: Vec<K::Row>,
    /// Its manifest; a missing, empty or unreadable one tells nothing (the input may be
    /// partial).
    pub manifest: Option<K::Manifest>,
}

/// Every input read and checked against the others: one hash, no row twice; with a line for
/// each input that does not exist.
pub struct Gathered<K: ShardKind> {
    /// The inputs that exist, in the order given.
    pub inputs: Vec<ShardInput<K>>,
    /// One line per input that does not exist.
    pub absent: Vec<String>,
}

impl<K: ShardKind> Gathered<K> {
    /// Every row of every input, in input order.
    pub fn rows(&self) -> Vec<K::Row> {
        self.inputs
            .iter()
            .flat_map(|i| i.rows.iter().cloned())
            .collect()
    }
}

/// Reads `paths` as shards of one run of kind `K`.
pub fn gather<K: ShardKind>(paths: &[PathBuf]) -> anyhow::Result<Gathered<K>> {
    let (unit, whole) = K::UNIT;
    let mut inputs = Vec::new();
    let mut absent = Vec::new();
    let mut seen: HashMap<<K::Row as ShardRow>::Key, String> = HashMap::new();
    let mut hash: Option<(String, String)> = None;
    for path in paths {
        let shown = path.display().to_string();
        if !path.exists() {
            absent.push(format!(
                "{shown}: no such file (its shard never ran, or was cancelled before writing)"
            ));
            continue;
        }
        let rows = K::read(path)?;
        for row in &rows {
            match &hash {
                None => hash = Some((row.shard_hash().to_string(), shown.clone())),
                Some((h, first)) if h != row.shard_hash() => {
                    let found = row.shard_hash();
                    let message = format!(
                        "{} {found} differs from {h} in {first}; expected shards of one {whole}",
                        K::HASH
                    );
                    return Err(InputError::in_file(&shown, message).into());
                }
                _ => {}
            }
            if let Some(other) = seen.insert(row.key(), shown.clone()) {
                let message = format!(
                    "{} is also in {other}; expected each {unit} in one shard",
                    row.describe()
                );
                return Err(InputError::in_file(&shown, message).into());
            }
        }
        let manifest = K::Manifest::beside(path);
        inputs.push(ShardInput {
            shown,
            rows,
            manifest,
        });
    }
    Ok(Gathered { inputs, absent })
}

/// Refuses to merge partial shards unless `allow_partial`: every problem, one a line, and what
/// to do.
pub fn refuse_partial(problems: &[String], allow_partial: bool) -> anyhow::Result<()> {
    if problems.is_empty() || allow_partial {
        return Ok(());
    }
    Err(InputError::in_file(
        "merge",
        format!(
            "the shards are incomplete; nothing was written:\n  {}\nrun the missing shards \
             again (a rerun resumes where a shard stopped), or give --allow-partial to merge \
             what there is (the merged manifest then lists what is missing)",
            problems.join("\n  ")
        ),
    )
    .into())
}
