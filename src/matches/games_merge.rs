//! Merging the shard games CSVs of one match (`ablate match --shard K/N`).

use crate::game_record::GameRow;

use super::games_csv::{read_games, write_games, NotesKept};
use super::games_manifest::MatchManifest;
use crate::error::InputError;
use crate::jobs::shard_merge::{gather, refuse_partial, ShardKind, ShardRow};
use crate::jobs::Shard;
use crate::runner::results_merge::{MergeRequest, Merged};
use crate::storage::manifest::{manifest_path, ManifestFile};
use crate::storage::provenance::Provenance;
use std::collections::BTreeSet;
use std::path::Path;

/// Games as shards: keyed by (variant, opponent, pair, game), one match hash.
pub struct GameShards;

impl ShardRow for GameRow {
    type Key = (String, String, usize, usize);
    fn key(&self) -> Self::Key {
        let g = self;
        (g.variant.clone(), g.opponent.clone(), g.pair, g.game)
    }
    fn shard_hash(&self) -> &str {
        &self.match_hash
    }
    fn describe(&self) -> String {
        let g = self;
        format!(
            "game ({} vs {}, pair {}, game {})",
            g.variant, g.opponent, g.pair, g.game
        )
    }
}

impl ShardKind for GameShards {
    type Row = GameRow;
    type Manifest = MatchManifest;
    const HASH: &'static str = "match hash";
    const UNIT: (&'static str, &'static str) = ("game", "match");
    fn read(path: &Path) -> anyhow::Result<Vec<GameRow>> {
        Ok(read_games(path)?)
    }
}

/// Merges shard games CSVs of one match (`ablate match --shard K/N`): one match hash, no game
/// twice, every shard present and finished (else refused, unless `--allow-partial`); writes the
/// games in canonical order, the PGN beside them and a manifest with the shards' fields summed.
pub fn merge_games(args: &MergeRequest) -> anyhow::Result<Merged> {
    let gathered = gather::<GameShards>(&args.inputs)?;
    let mut rows = gathered.rows();
    let mut problems = gathered.absent;
    let mut manifests: Vec<MatchManifest> = Vec::new();
    let mut shards_seen: BTreeSet<usize> = BTreeSet::new();
    let mut split: Option<usize> = None;
    for input in gathered.inputs {
        let (shown, games) = (&input.shown, &input.rows);
        let path = Path::new(shown);
        match input.manifest {
            None => problems.push(format!(
                "{shown}: no manifest ({} is missing, empty or unreadable), so ablate cannot tell whether it is complete",
                manifest_path(path).display()
            )),
            Some(m) => {
                if games.len() < m.games_total {
                    let why = if m.interrupted { "the run was interrupted or is still running" } else { "games are missing" };
                    problems.push(format!("{shown}: {} of its {} games finished ({why})", games.len(), m.games_total));
                }
                let shard = m.shard.as_deref().map(Shard::parse).transpose()?;
                let n = shard.map_or(1, |s| s.n);
                if split.is_some_and(|s| s != n) {
                    return Err(InputError::in_file(shown, "a shard of another split; expected shards of one split").into());
                }
                split = Some(n);
                shards_seen.insert(shard.map_or(0, |s| s.k));
                manifests.push(m);
            }
        }
    }
    if let (Some(n), Some(m)) = (split, manifests.first()) {
        for k in (0..n).filter(|k| !shards_seen.contains(k)) {
            problems.push(format!(
                "shard {k}/{n} is not among the inputs (written as {}.games.shard-{k}-of-{n}.csv)",
                m.experiment
            ));
        }
    }
    refuse_partial(&problems, args.allow_partial)?;
    let order: Vec<(String, String)> = manifests
        .first()
        .map(|m| m.pairings.clone())
        .unwrap_or_default();
    rows.sort_by_key(|r| {
        let pairing = order
            .iter()
            .position(|(v, o)| *v == r.variant && *o == r.opponent)
            .unwrap_or(usize::MAX);
        (r.pair, pairing, r.game)
    });
    // A merged file is a new one: its notes go to the PGN written beside it.
    write_games(&args.out, &rows, false, NotesKept::InPgn)?;
    let tags = super::games_pgn::PgnTags::of(manifests.first());
    super::games_pgn::write_pgn(&args.out.with_extension("pgn"), &rows, &tags, &args.out)?;
    if let Some(mut m) = manifests.first().cloned() {
        m.shard = None;
        m.games_total = manifests.iter().map(|s| s.games_total).sum();
        m.games_played = manifests.iter().map(|s| s.games_played).sum();
        m.games_resumed = manifests.iter().map(|s| s.games_resumed).sum();
        m.provenance = Provenance::merged(&m.provenance, manifests.iter().map(|s| &s.provenance));
        m.interrupted = !problems.is_empty();
        m.missing = problems.clone();
        m.write(&manifest_path(&args.out))?;
    }
    Ok(Merged {
        items: rows.len(),
        problems,
    })
}
