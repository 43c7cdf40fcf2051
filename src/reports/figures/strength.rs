//! docs/test-bed.md's strength table: `strongest` and each step that led to it, against Fruit
//! 2.1 at 4+0.05, with Fruit's crashes counted both ways, and each side's nodes, depth and time
//! a move.

use super::format::{elo_interval, table, text_cell};
use super::game_runs::{games_of, mean_depth, run_line};
use super::sources::Sources;
use crate::game_record::GameRow;
use crate::stats::pairing_summary::summarize;
use std::fmt::Write;

/// `strongest` and the steps that led to it, each against Fruit 2.1 at 4+0.05.
pub(super) fn strength(src: &Sources) -> String {
    let mut rows = src.games("strength/strength-steps.games");
    // The games of strongest_2008, played when it was named strongest (strength-2008.toml).
    rows.extend(
        src.games("strength/strength.games")
            .into_iter()
            .map(|mut r| {
                for name in [&mut r.variant, &mut r.white, &mut r.black] {
                    if name == "strongest" {
                        *name = text_cell("strongest_2008");
                    }
                }
                r
            }),
    );
    rows.extend(src.games("strength/strongest.games"));
    let all = summarize(&rows, None);
    // A game Fruit abandoned by crashing is a loss for it, as cutechess and fastchess score it;
    // the second column leaves those games' pairs out, so the crash is not counted as chess.
    let finished: Vec<GameRow> = rows.iter().filter(|r| !r.crashed()).cloned().collect();
    let fair = summarize(&finished, None);
    let steps = [
        ("full", "elo-worth.toml's full search, Michniewski's tables"),
        ("tapered", "+ the tapered evaluation with Fruit's terms"),
        ("kept", "+ table and history kept from move to move"),
        ("guarded", "+ the field's forms of the pruning steps"),
        ("strongest_2008", "+ what measured best at 20,000 nodes"),
        (
            "strongest",
            "+ continuation history, LMP table, ProbCut; no Fruit history rule",
        ),
    ];
    let body: Vec<Vec<String>> = steps
        .iter()
        .map(|(variant, step)| {
            let p = &src.pairing(&all, variant, "strength/strength.games");
            let f = &src.pairing(&fair, variant, "strength/strength.games");
            let mine = games_of(&rows, variant);
            let crashes = mine.iter().filter(|r| r.crashed()).count();
            vec![
                format!("`{variant}`"),
                text_cell(step),
                elo_interval(p),
                format!("{}–{}–{}", p.wins, p.draws, p.losses),
                crashes.to_string(),
                elo_interval(f),
                format!("{:.0}", p.nodes_per_move),
                format!("{:.1}", mean_depth(&mine, variant)),
                format!("{:.0}", p.ms_per_move),
            ]
        })
        .collect();
    let mut out = table(
        &[
            "variant",
            "step",
            "Elo vs Fruit 2.1 [95%]",
            "W–D–L",
            "Fruit crashed",
            "Elo, games Fruit finished [95%]",
            "nodes/move",
            "depth/move",
            "ms/move",
        ],
        "llrrrrrrr",
        &body,
    );
    for (variant, name) in [
        ("strongest_2008", "strength/strength.games"),
        ("strongest", "strength/strongest.games"),
    ] {
        let mine = games_of(&rows, variant);
        let p = &src.pairing(&all, variant, name);
        // Nodes a second from the games' own node and time columns, both sides in the same games.
        let nps = |nodes: f64, ms: f64| nodes / ms * 1000.0;
        let (own, fruit) = (
            nps(p.nodes_per_move, p.ms_per_move),
            nps(p.opponent_nodes_per_move, p.opponent_ms_per_move),
        );
        let _ = write!(
            out,
            "\nAgainst `{variant}`, Fruit 2.1 (`gnuchess -u`, 16 MB) searched {:.0} nodes and \
             {:.0} ms a move (depth {:.1} as Fruit counts it); nodes a second: `{variant}` \
             {:.2} M, Fruit {:.2} M, ratio {:.2}. `{variant}`: {}.",
            p.opponent_nodes_per_move,
            p.opponent_ms_per_move,
            mean_depth(&mine, "fruit"),
            own / 1e6,
            fruit / 1e6,
            own / fruit,
            run_line(src, name),
        );
    }
    let _ = writeln!(
        out,
        " The steps: {}.",
        run_line(src, "strength/strength-steps.games")
    );
    out
}
