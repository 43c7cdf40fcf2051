//! The removal table of today's `strongest` (issue 40): one row for each row of the field's two
//! published tables (`docs/published-elo.csv`), the figure beside ablate's, at 10,000 nodes a
//! move (`configs/removal.toml`).
//!
//! A step `strongest` has is removed (`no_*`): the match's Elo is the removal's. A step it lacks
//! is added (`with_*`): the removal's Elo is then the match's with its sign turned, interval and
//! all, so every row reads as the field's does, negative where the step helps.

use super::format::{games_against_goal, s, signed, table};
use super::sources::Sources;
use super::test_bed::{published_figure, run_line};
use crate::matches::summary::{summarize, PairingSummary};
use std::fmt::Write;

/// The games of the removal table, in the order `configs/removal.toml` plays them, and the one
/// step measured over a base of its own (`configs/removal-quiescence-checks.toml`: strongest
/// with quiet checks in quiescence, the only quiet moves the step can skip there). A step
/// played in two runs (`no_history`, whose lopsided score needs 3,000 games for ±15) is read
/// from the run that has played it most.
pub(super) const RUNS: [&str; 4] = [
    "removal/removal.games",
    "removal/removal-history.games",
    "removal/removal-small.games",
    "removal-quiescence-checks/removal.games",
];

/// The removal's Elo and interval read from a pairing: an addition's turned round.
fn as_removal(p: &PairingSummary, added: bool) -> Option<(f64, f64, f64)> {
    let (elo, lo, hi) = (p.elo?, p.elo_lo?, p.elo_hi?);
    Some(if added {
        (-elo, -hi, -lo)
    } else {
        (elo, lo, hi)
    })
}

/// The field's figure and ablate's side by side: within each other's intervals, or which is
/// larger.
fn beside(published: f64, half_width: f64, lo: f64, hi: f64) -> &'static str {
    if hi < published - half_width {
        "more in ablate"
    } else if lo > published + half_width {
        "less in ablate"
    } else {
        "agrees"
    }
}

/// The table, and a line on what is played.
pub(super) fn removal(src: &Sources) -> String {
    // Each pairing with the games its run declares.
    let mut pairings: Vec<(PairingSummary, usize)> = Vec::new();
    // The table is played over several sessions, a run after the other: one not started yet
    // has no file, and its rows say so.
    let started: Vec<&str> = RUNS
        .into_iter()
        .filter(|name| src.path(name, "csv").exists())
        .collect();
    for &name in &started {
        let found = summarize(&src.games(name), None);
        let games = src.manifest_number(name, "games_per_pairing") as usize;
        pairings.extend(found.into_iter().map(|p| (p, games)));
    }
    let field = src.published();
    let mut body = Vec::new();
    let mut left = Vec::new();
    for f in &field {
        let variant = f.removal.as_str();
        if variant.is_empty() {
            left.push(format!("{} \"{}\"", f.engine, f.step));
            continue;
        }
        let added = variant.starts_with("with_");
        let played = pairings
            .iter()
            .filter(|(p, _)| p.variant == variant)
            .max_by_key(|(p, _)| p.games);
        let (p, goal) = (played.map(|(p, _)| p), played.map(|(_, goal)| *goal));
        let mine = p.and_then(|p| as_removal(p, added));
        let published = published_figure(f);
        let (cell, side) = match mine {
            Some((elo, lo, hi)) => (
                format!("{} [{}, {}]", signed(elo), signed(lo), signed(hi)),
                s(beside(f.elo, f.half_width.unwrap_or(0.0), lo, hi)),
            ),
            None => (s("—"), s("not played yet")),
        };
        // Set beside the field only once its games are all played: a wide interval "agrees"
        // with anything.
        let (games, complete) = games_against_goal(p.map_or(0, |p| p.games), goal.unwrap_or(0));
        let side = if complete { side } else { s("playing") };
        let how = if added { "added" } else { "removed" };
        // What the variant pays or saves a move against strongest, in the same games.
        let cost = p
            .filter(|p| p.opponent_ms_per_move > 0.0)
            .map_or(s("—"), |p| {
                format!("{:.2}", p.ms_per_move / p.opponent_ms_per_move)
            });
        body.push(vec![
            s(&f.engine),
            s(&f.step),
            published,
            format!("`{variant}` ({how})"),
            cell,
            games,
            cost,
            side,
        ]);
    }
    if body.is_empty() {
        src.problem(s("docs/published-elo.csv names no removal variant"));
    }
    let mut out = table(
        &[
            "engine",
            "step, in the source's words",
            "published Elo",
            "ablate's variant",
            "removal Elo at 10k nodes [95%]",
            "games",
            "time/move × strongest",
            "beside the field",
        ],
        "llrlrrrl",
        &body,
    );
    let _ = writeln!(
        out,
        "\nAn added step's Elo is its match's with the sign turned; `with_quiescence_continuation_pruning` is added to `strongest` with `quiescence.checks = 1`, against that. {}. Rows without a variant: {}.",
        match started.is_empty() {
            true => s("no game played yet"),
            false => started
                .iter()
                .map(|name| run_line(src, name))
                .collect::<Vec<_>>()
                .join("; then "),
        },
        if left.is_empty() {
            s("none")
        } else {
            left.join(", ")
        }
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_added_step_reads_as_its_removal() {
        let p = PairingSummary {
            elo: Some(10.0),
            elo_lo: Some(2.0),
            elo_hi: Some(18.0),
            ..PairingSummary::default()
        };
        assert_eq!(as_removal(&p, true), Some((-10.0, -18.0, -2.0)));
        assert_eq!(as_removal(&p, false), Some((10.0, 2.0, 18.0)));
        assert_eq!(beside(-30.0, 5.0, -60.0, -40.0), "more in ablate");
        assert_eq!(beside(-30.0, 5.0, -20.0, -10.0), "less in ablate");
        assert_eq!(beside(-30.0, 5.0, -34.0, -10.0), "agrees");
    }
}
