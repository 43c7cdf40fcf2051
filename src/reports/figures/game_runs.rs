//! What the figure blocks say of a committed games file besides its pairings: the run that
//! played it (games, minutes, threads; what it resumed, where it stopped), one variant's games,
//! and the depth a side reached a move.

use super::format::thousands;
use super::sources::Sources;
use crate::game_record::GameRow;
use std::fmt::Write;

/// The games of one variant.
pub(super) fn games_of(rows: &[GameRow], variant: &str) -> Vec<GameRow> {
    rows.iter()
        .filter(|r| r.variant == variant)
        .cloned()
        .collect()
}

/// The mean depth `who` reached per move, from the games' notes (`move score/depth nodes`).
pub(super) fn mean_depth(rows: &[GameRow], who: &str) -> f64 {
    let (mut sum, mut count) = (0u64, 0u64);
    for r in rows {
        let white_first = r.fen.split_whitespace().nth(1) != Some("b");
        let first = if r.white == who { 0 } else { 1 };
        let first = if white_first { first } else { 1 - first };
        for note in r.notes.split(';').skip(first).step_by(2) {
            let depth = note
                .split_whitespace()
                .nth(1)
                .and_then(|score| score.split('/').nth(1))
                .and_then(|d| d.parse::<u64>().ok());
            if let Some(d) = depth {
                sum += d;
                count += 1;
            }
        }
    }
    sum as f64 / count.max(1) as f64
}

/// "1,234 games in 56 minutes with `--jobs 2`", and the games an earlier run of the same
/// match had played when this one resumed it.
pub(super) fn run_line(src: &Sources, name: &str) -> String {
    let m = src.manifest(name);
    let number = |key: &str| src.number(&m, name, key);
    let (played, resumed) = (
        number("games_played") as u64,
        number("games_resumed") as u64,
    );
    let mut out = format!(
        "{} games played in {:.0} minutes with `--jobs {}`",
        thousands(played),
        number("wall_seconds") / 60.0,
        number("threads")
    );
    if resumed > 0 {
        let _ = write!(
            out,
            ", {} more resumed from earlier runs",
            thousands(resumed)
        );
    }
    if m["interrupted"].as_bool() == Some(true) {
        let _ = write!(
            out,
            ", stopped at {} of {} planned",
            thousands(played + resumed),
            thousands(number("games_total") as u64)
        );
    }
    out
}
