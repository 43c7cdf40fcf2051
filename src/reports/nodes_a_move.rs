//! The nodes each side of a design searched a move, from the games' notes (`move score/depth
//! nodes`), beside the node limit it was asked: an engine that stops at its own polls may search
//! well past `go nodes N` (Glaurung 2.2, asked 40,000, searched 60,000 a move), and a design's
//! figures are then the steps' worth at the nodes searched, not at the limit.

use crate::config::engine::SideLimit;
use crate::config::experiment::ResolvedVariant;
use crate::game_record::GameRow;
use crate::output::number_format::thousands;
use crate::output::table::{Cell, Table};
use crate::settings::move_limit::Limit;

/// A median further than this from the limit, either way, is warned of.
pub const OFF_LIMIT: f64 = 0.10;

/// One side's nodes a move: every move whose note gives its nodes.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerNodes {
    /// The player, or a group of them (`the points together`).
    pub player: String,
    /// The node limit it was asked, where it played at one (a group's, where all share it).
    pub limit: Option<u64>,
    /// Its moves with nodes in their notes.
    pub moves: usize,
    /// The median (the lower middle value of an even count), the fewest and the most.
    pub median: u64,
    pub least: u64,
    pub most: u64,
}

impl PlayerNodes {
    /// The median over the limit, less one: +0.5 for 60,000 a move asked 40,000.
    pub fn off_limit(&self) -> Option<f64> {
        self.limit
            .filter(|&l| l > 0)
            .map(|l| self.median as f64 / l as f64 - 1.0)
    }

    /// Whether the median is further from the limit than `OFF_LIMIT`.
    pub fn past_limit(&self) -> bool {
        self.off_limit().is_some_and(|off| off.abs() > OFF_LIMIT)
    }
}

/// The node limit `player` was asked: its engine's own (`limit = { nodes = N }`), else the
/// match's; `None` under a depth or a clock, and for
/// ablate's own search, whose record is not what it searched: it looks at its count every
/// 4,096 nodes and records the nodes of its finished iterations, not the one it cut off.
pub fn node_limit(player: &str, variants: &[ResolvedVariant], match_limit: &Limit) -> Option<u64> {
    let variant = variants.iter().find(|v| v.name == player);
    if variant.is_some_and(|v| v.engine.is_none()) {
        return None;
    }
    let own = variant.and_then(|v| v.engine.as_ref()?.limit.as_ref());
    match own {
        Some(SideLimit::Nodes(n)) => Some(*n),
        Some(_) => None,
        None => match_limit.nodes(),
    }
}

/// The nodes a move of `players` taken together, under `name`; `None` when no note has them.
pub fn nodes_of(
    rows: &[GameRow],
    players: &[String],
    name: &str,
    limit: Option<u64>,
) -> Option<PlayerNodes> {
    let mut nodes: Vec<u64> = rows
        .iter()
        .flat_map(|r| {
            [&r.white, &r.black]
                .into_iter()
                .filter(|who| players.contains(who))
                .flat_map(|who| r.side_move_nodes(who))
        })
        .collect();
    nodes.sort_unstable();
    Some(PlayerNodes {
        player: name.to_string(),
        limit,
        moves: nodes.len(),
        median: *nodes.get((nodes.len().max(1) - 1) / 2)?,
        least: *nodes.first()?,
        most: *nodes.last()?,
    })
}

/// The opponent, the points together, and each point whose median is past its limit and
/// more than `OFF_LIMIT` from the points' together.
pub fn design_nodes(
    rows: &[GameRow],
    opponent: &str,
    points: &[String],
    limit_of: impl Fn(&str) -> Option<u64>,
) -> Vec<PlayerNodes> {
    let limits: Vec<Option<u64>> = points.iter().map(|p| limit_of(p)).collect();
    let shared = limits.first().copied().flatten();
    let shared = shared.filter(|_| limits.iter().all(|l| *l == limits[0]));
    let mut out: Vec<PlayerNodes> = [
        nodes_of(rows, &[opponent.to_string()], opponent, limit_of(opponent)),
        nodes_of(rows, points, "the points together", shared),
    ]
    .into_iter()
    .flatten()
    .collect();
    // A point of its own only where it stands out of the points together, not in a design
    // whose points are all past the limit alike.
    let together = out.last().map_or(0, |p| p.median) as f64;
    let apart = |p: &PlayerNodes| (p.median as f64 / together - 1.0).abs() > OFF_LIMIT;
    let each = points.iter().zip(limits);
    let past = each.filter_map(|(p, l)| nodes_of(rows, std::slice::from_ref(p), p, l));
    out.extend(past.filter(|p| p.past_limit() && apart(p)));
    out
}

/// The table: a row a side.
pub fn nodes_table(players: &[PlayerNodes]) -> Table {
    let mut table = Table::new(&[
        "player",
        "node limit",
        "moves",
        "median nodes a move",
        "range",
        "median off the limit",
    ]);
    let count = |n: u64| Cell::whole(n).shown_as(thousands(n));
    for p in players {
        let off = p.off_limit();
        table.row(vec![
            Cell::text(&p.player),
            p.limit.map_or(Cell::text("-"), count),
            count(p.moves as u64),
            count(p.median),
            Cell::text(format!("{}–{}", thousands(p.least), thousands(p.most))),
            Cell::number(off).shown_as(off.map_or("-".into(), |o| format!("{:+.1}%", 100.0 * o))),
        ]);
    }
    table
}

/// A warning for every side whose median is more than `OFF_LIMIT` from its limit.
pub fn off_limit_warning(players: &[PlayerNodes]) -> Option<String> {
    let past: Vec<String> = players
        .iter()
        .filter(|p| p.past_limit())
        .map(|p| {
            // "the points together" is plural.
            let was = if p.player.starts_with("the points") {
                "were"
            } else {
                "was"
            };
            format!(
                "{} {was} asked {} nodes a move and searched a median of {} ({}–{})",
                p.player,
                thousands(p.limit.unwrap_or(0)),
                thousands(p.median),
                thousands(p.least),
                thousands(p.most)
            )
        })
        .collect();
    (!past.is_empty()).then(|| {
        format!(
            "**Nodes a move off the limit by more than {:.0}%**: {}. The figures are the steps' worth at the nodes searched, not at the limit: an engine that checks its count only now and then stops at its first check past it.",
            100.0 * OFF_LIMIT,
            past.join("; ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::export::{Exporter, Text};

    /// A game of `point` (white) against glaurung, each side's moves at the nodes given.
    fn game(point: &str, white: &[u64], black: &[u64]) -> GameRow {
        let mut notes = Vec::new();
        for (i, w) in white.iter().enumerate() {
            notes.push(format!("e2e4 +0.10/8 {w}"));
            if let Some(b) = black.get(i) {
                notes.push(format!("e7e5 -0.10/8 {b}"));
            }
        }
        GameRow {
            variant: point.into(),
            opponent: "glaurung".into(),
            white: point.into(),
            black: "glaurung".into(),
            plies: notes.len(),
            fen: "8/8/8/8/8/8/8/K6k w - - 0 1".into(),
            notes: notes.join(";"),
            ..GameRow::default()
        }
    }

    #[test]
    fn each_side_s_nodes_a_move_are_read_from_the_notes_and_a_side_past_its_limit_warned_of() {
        let rows = [
            game("a", &[40_000, 40_003, 39_000], &[60_000, 60_000, 59_000]),
            game("b", &[40_000, 43_000], &[60_000, 61_000]),
        ];
        assert_eq!(
            rows[0].side_move_nodes("glaurung"),
            [60_000, 60_000, 59_000]
        );
        let points = ["a".to_string(), "b".to_string()];
        let limit = |_: &str| node_limit("any", &[], &Limit::Nodes(40_000));
        let nodes = design_nodes(&rows, "glaurung", &points, limit);
        let names: Vec<&str> = nodes.iter().map(|p| p.player.as_str()).collect();
        assert_eq!(
            names,
            ["glaurung", "the points together"],
            "no point is past"
        );
        let g = &nodes[0];
        assert_eq!(
            (g.moves, g.median, g.least, g.most),
            (5, 60_000, 59_000, 61_000)
        );
        assert_eq!(g.off_limit(), Some(0.5));
        // Five moves of the points: 39,000 40,000 40,000 40,003 43,000.
        let p = &nodes[1];
        assert_eq!(
            (p.limit, p.median, p.least, p.most),
            (Some(40_000), 40_000, 39_000, 43_000)
        );
        assert!(!p.past_limit());
        let warning = off_limit_warning(&nodes).unwrap();
        assert!(
            warning.contains("glaurung was asked 40,000 nodes a move and searched a median of 60,000 (59,000–61,000)")
                && !warning.contains("points"),
            "{warning}"
        );
        let shown = Text.render(&nodes_table(&nodes));
        assert!(
            shown.contains("+50.0%") && shown.contains("59,000–61,000"),
            "{shown}"
        );
        // Under a depth or a clock there is no limit to be off.
        assert_eq!(node_limit("any", &[], &Limit::Depth(6)), None);
        let clock = "tc 1+0.01".parse().unwrap();
        assert_eq!(node_limit("any", &[], &clock), None);
        let free = design_nodes(&rows, "glaurung", &points, |_| None);
        assert_eq!(off_limit_warning(&free), None);
        // A point past its limit is named on a row of its own.
        let slow = [
            game("a", &[50_000], &[40_000]),
            game("b", &[40_000], &[40_000]),
        ];
        let nodes = design_nodes(&slow, "glaurung", &points, limit);
        assert_eq!(nodes.last().map(|p| p.player.as_str()), Some("a"));
        // Every point past alike: the points together say it, no point apart.
        let alike = [
            game("a", &[60_000], &[60_000]),
            game("b", &[60_000], &[60_000]),
        ];
        let nodes = design_nodes(&alike, "glaurung", &points, limit);
        assert_eq!(nodes.len(), 2);
        let warning = off_limit_warning(&nodes).unwrap();
        assert!(
            warning.contains("the points together were asked 40,000"),
            "{warning}"
        );
    }
}
