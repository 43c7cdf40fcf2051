//! How deep each player of a match searched, as one table for every report of games under a
//! clock, a time per move or a node budget (`stats::depth_profile` gives the figures), and the
//! warning a report puts above its figures when a player did not search.

use crate::game_record::GameRow;
use crate::output::export::{Csv, Exporter, Json};
use crate::output::number_format::thousands;
use crate::output::table::{Cell, Table};
use crate::stats::depth_profile::{
    profile, DepthProfile, LEAST_MEDIAN, MOST_SHALLOW, OPENING_MOVES, SHALLOW_DEPTH,
};
use std::path::{Path, PathBuf};

/// One player's profile, under the name the table gives it.
#[derive(Debug, Clone)]
pub struct PlayerDepths {
    pub player: String,
    pub profile: DepthProfile,
    /// Whether a shallow search here is a warning: not for a design's shallowest point, whose
    /// removed steps are what made it shallow.
    pub judged: bool,
}

/// The profile of each player named, over every game it played in `rows`.
pub fn players_depths(rows: &[GameRow], players: &[String]) -> Vec<PlayerDepths> {
    players
        .iter()
        .map(|player| {
            let moves: Vec<_> = rows
                .iter()
                .filter(|r| &r.white == player || &r.black == player)
                .flat_map(|r| r.side_move_depths(player))
                .collect();
            PlayerDepths {
                player: player.clone(),
                profile: profile(&moves),
                judged: true,
            }
        })
        .collect()
}

/// Every player of the games: the opponents (the baseline, usually) first, then the variants,
/// each in the order it first appears.
pub fn players_of(rows: &[GameRow]) -> Vec<String> {
    let mut players: Vec<String> = Vec::new();
    let opponents = rows.iter().map(|r| &r.opponent);
    for who in opponents.chain(rows.iter().map(|r| &r.variant)) {
        if !players.contains(who) {
            players.push(who.clone());
        }
    }
    players
}

/// The profile of several players' moves taken together, under `name`.
pub fn pooled(rows: &[GameRow], players: &[String], name: &str) -> PlayerDepths {
    let moves: Vec<_> = rows
        .iter()
        .flat_map(|r| {
            [&r.white, &r.black]
                .into_iter()
                .filter(|who| players.contains(who))
                .flat_map(|who| r.side_move_depths(who))
                .collect::<Vec<_>>()
        })
        .collect();
    PlayerDepths {
        player: name.to_string(),
        profile: profile(&moves),
        judged: true,
    }
}

/// The table: a row a player.
pub fn depth_table(players: &[PlayerDepths]) -> Table {
    let median_title = format!("median depth after move {OPENING_MOVES}");
    let spread_title = "10th–90th percentile";
    let shallow_title = format!("moves at depth ≤ {SHALLOW_DEPTH}");
    let mut table = Table::aligned(
        &[
            "player",
            "moves",
            &median_title,
            spread_title,
            &shallow_title,
            "searches",
        ],
        "lrrrrl",
    );
    for p in players {
        let d = &p.profile;
        let depth =
            |x: Option<f64>| Cell::number(x).shown_as(x.map_or("-".into(), |x| format!("{x:.1}")));
        let spread = match (d.decile_low, d.decile_high) {
            (Some(lo), Some(hi)) => format!("{lo:.0}–{hi:.0}"),
            _ => "-".into(),
        };
        table.row(vec![
            Cell::text(&p.player),
            Cell::whole(d.moves as u64).shown_as(thousands(d.moves as u64)),
            depth(d.median),
            Cell::text(spread),
            Cell::number(Some(d.shallow_share))
                .shown_as(format!("{:.1}%", 100.0 * d.shallow_share)),
            Cell::text(if d.searches() { "yes" } else { "no" }),
        ]);
    }
    table
}

/// The rule a player's depths are read against, in words.
pub fn searching_rule() -> String {
    format!(
        "a player searches where its median depth after move {OPENING_MOVES} is {LEAST_MEDIAN:.0} or more and at most {:.0}% of its moves are searched to depth {SHALLOW_DEPTH} or less; depths are each engine's own `info depth` (ablate's: its last finished iteration)",
        100.0 * MOST_SHALLOW
    )
}

/// The rule as a sentence under a depth table.
pub fn searching_rule_sentence() -> String {
    let rule = searching_rule();
    let mut chars = rule.chars();
    chars
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

/// A warning for the players that did not search, or `None` when every one did; the table
/// below it gives their figures.
pub fn shallow_warning(players: &[PlayerDepths]) -> Option<String> {
    let shallow: Vec<&str> = players
        .iter()
        .filter(|p| p.judged && p.profile.moves > 0 && !p.profile.searches())
        .map(|p| p.player.as_str())
        .collect();
    (!shallow.is_empty()).then(|| {
        format!(
            "**Shallow search:** {} did not search at this limit (median depth after move {OPENING_MOVES} under {LEAST_MEDIAN:.0}, or more than {:.0}% of moves at depth {SHALLOW_DEPTH} or less; the depth table gives the figures). A step removed where the search hardly runs is not measured.",
            shallow.join("; "),
            100.0 * MOST_SHALLOW
        )
    })
}

/// The tidy depths file beside a games CSV: `x.games.csv` → `x.games.depths.csv` (and `.json`).
pub fn depths_path(csv: &Path) -> PathBuf {
    csv.with_extension("depths.csv")
}

/// Writes the table as CSV and JSON beside the games; returns the two paths.
pub fn write_depths(csv: &Path, players: &[PlayerDepths]) -> anyhow::Result<[PathBuf; 2]> {
    let table = depth_table(players);
    let path = depths_path(csv);
    let json = path.with_extension("json");
    crate::storage::write_atomically(&path, Csv.render(&table).as_bytes())?;
    crate::storage::write_atomically(&json, Json.render(&table).as_bytes())?;
    Ok([path, json])
}
