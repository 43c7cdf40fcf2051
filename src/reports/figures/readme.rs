//! README.md's short table: one figure per headline claim, its page beside it.

use super::format::{signed, table, text_cell, three_decimals, Minus};
use super::seeds::{share_left, IfritKillers, SeedFigures};
use super::sources::Sources;

/// The README's short table: one figure per headline claim, its page beside it.
pub(super) fn headline(src: &Sources) -> String {
    let k = src.results("killers/killers");
    let the = src.results("the/the");
    let pvs = src.results("pvs/pvs");
    let name = "pruning/pruning-nodes.games";
    let (_, matches) = src.pairings(name);
    let elo = |variant: &str| {
        let p = src.pairing(&matches, variant, name);
        match (p.elo, p.elo_lo, p.elo_hi) {
            (Some(elo), Some(lo), Some(hi)) => {
                let elo = signed(elo, 0, Minus::True);
                format!("{elo} Elo [{lo:.0}, {hi:.0}], {} games", p.games).replace('-', "−")
            }
            _ => format!("no interval, {} games", p.games),
        }
    };
    let repro = "docs/reproductions.md";
    // The seeds' side, from the figures the reproduction blocks quote (docs/ifrit-killers.csv,
    // docs/seed-figures.csv): Ifrit's killers / plain, Thé's hash move over no ordering, and
    // Ifrit's PVS saving as a share of alpha-beta's work.
    let killers_seed = IfritKillers(src.ifrit_killers()).ratio("killers", "plain", 7);
    let the_seed = SeedFigures::of(src, "the").cell("hash_move", None);
    let the_seed = the_seed.split(' ').next().unwrap_or_default().to_string();
    let pvs_seed = SeedFigures::of(src, "pvs").cell("pvs", None);
    let pvs_share = share_left(&pvs_seed);
    let rows = vec![
        vec![
            text_cell("Killers alone buy \"a whole ply\" (Ifrit)"),
            format!("killers/plain {killers_seed} at depth 7"),
            format!("{}", three_decimals(k.ratio("killers", "plain", 7))),
            format!("[direction yes, size no]({repro}#1-killers-ifrit-b25-configskillerstoml-initial-position)"),
        ],
        vec![
            text_cell("The hash move cuts the tree 70% (Thé)"),
            format!("{the_seed} of no ordering"),
            format!("{} at depth 6", three_decimals(the.ratio("hash_move", "none", 6))),
            format!("[reproduced]({repro}#9-each-ordering-against-none-thé-1992-configsthetoml-bk)"),
        ],
        vec![
            text_cell("PVS saves 5–10% (Ifrit)"),
            format!("{pvs_share} of alpha-beta"),
            format!("{} at depth 6", three_decimals(pvs.ratio("pvs", "alphabeta", 6))),
            format!("[reproduced, with a spread]({repro}#7-pvs-ifrit-configspvstoml-bk)"),
        ],
        vec![
            text_cell("Null move, in games, over a search without it"),
            text_cell("—"),
            elo("null_move"),
            text_cell("[30,000 nodes per move](docs/pruning-and-games.md)"),
        ],
        strength_row(src),
        vec![
            text_cell("All pruning together, in games"),
            text_cell("—"),
            elo("all"),
            text_cell("[30,000 nodes per move](docs/pruning-and-games.md)"),
        ],
    ];
    table(&["claim", "seed", "ablate", "verdict"], "llll", &rows)
}

/// `strongest` against Fruit 2.1 at 4+0.05, scored on the games Fruit finished: a crash is
/// Fruit's loss in cutechess's and fastchess's scoring, but not a game of chess, so the
/// headline leaves the crashed games out and gives their count beside it.
fn strength_row(src: &Sources) -> Vec<String> {
    let name = "strength/strongest.games";
    let rows = src.games(name);
    let crashes = rows.iter().filter(|r| r.crashed()).count();
    let finished: Vec<_> = rows.iter().filter(|r| !r.crashed()).cloned().collect();
    let fair = crate::stats::pairing_summary::summarize(&finished, None);
    let p = src.pairing(&fair, "strongest", name);
    let elo = match (p.elo, p.elo_lo, p.elo_hi) {
        (Some(elo), Some(lo), Some(hi)) => format!(
            "{} Elo [{lo:.0}, {hi:.0}], {} games Fruit finished ({crashes} it crashed in left out)",
            signed(elo, 0, Minus::True),
            p.games
        )
        .replace('-', "−"),
        _ => format!("no interval, {} games", p.games),
    };
    vec![
        text_cell("ablate's strongest search, against Fruit 2.1 at 4+0.05"),
        text_cell("—"),
        elo,
        text_cell("[test-bed.md](docs/test-bed.md#strength-against-fruit-21-configsstrengthtoml)"),
    ]
}
