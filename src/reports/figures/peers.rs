//! docs/engines.md: ablate's default search beside Stockfish and Fruit 2.1 on Bratko-Kopec.

use super::format::{sig3, table, text_cell, thousands};
use super::sources::{EngineRow, Sources};

/// ablate beside Stockfish and Fruit on Bratko-Kopec.
pub(super) fn peers(src: &Sources) -> String {
    let rows: Vec<EngineRow> = src.rows("peers/peers");
    let at = |v: &str, d: u32| -> Vec<&EngineRow> {
        rows.iter()
            .filter(|r| r.variant == v && r.depth == d)
            .collect()
    };
    let work = |v: &str, d: u32| at(v, d).iter().map(|r| r.nodes_cum).sum::<u64>();
    let seconds = |v: &str, d: u32| {
        // The whole search to this depth, as the work counts it.
        let t = at(v, d).iter().map(|r| r.time_ms_cum).sum::<f64>() / 1000.0;
        if t < 10.0 {
            format!("{t:.2}")
        } else {
            thousands(t.round() as u64)
        }
    };
    let variants = [
        ("ablate defaults", "baseline"),
        ("stockfish", "stockfish"),
        ("fruit (as shipped)", "fruit"),
        ("fruit-all-pruning", "fruit-all-pruning"),
        ("fruit-no-pruning", "fruit-no-pruning"),
    ];
    let table_rows: Vec<Vec<String>> = variants
        .iter()
        .map(|(label, v)| {
            let mut row = vec![text_cell(label)];
            for d in [5, 8, 10] {
                row.push(thousands(work(v, d)));
                let ratio = work(v, d) as f64 / work("baseline", d) as f64;
                row.push(sig3(ratio));
                let rows = at(v, d);
                let solved = rows.iter().filter(|r| r.bm_ok == "true").count();
                let total = rows.len();
                row.push(format!("{solved}/{total}"));
            }
            row.push(seconds(v, 10));
            row
        })
        .collect();
    table(
        &[
            "variant",
            "work d5",
            "×base d5",
            "solved d5",
            "work d8",
            "×base d8",
            "solved d8",
            "work d10",
            "×base d10",
            "solved d10",
            "time d10 s",
        ],
        "lrrrrrrrrrr",
        &table_rows,
    )
}
