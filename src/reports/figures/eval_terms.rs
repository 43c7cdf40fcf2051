//! docs/test-bed.md's tables of evaluation terms: each term removed from the search, against
//! the search with every term, at 10,000 nodes a move (today's `strongest` and, before it,
//! `strongest_2008`).

use super::format::{
    elo_interval, games_against_goal, half_widths, removal_verdict, table, text_cell,
};
use super::game_runs::run_line;
use super::sources::Sources;
use crate::stats::pairing_summary::summarize;
use std::fmt::Write;

/// Each evaluation term removed from `strongest_2008` (the previous table).
pub(super) fn eval_worth(src: &Sources) -> String {
    eval_terms(src, "elo-worth-engine/elo-worth-eval-nodes.games")
}

/// Each evaluation term removed from today's `strongest` (issue 40; `configs/removal.toml`'s
/// run `eval-terms`).
pub(super) fn eval_worth_today(src: &Sources) -> String {
    eval_terms(src, "removal/eval-terms.games")
}

/// The table of the evaluation terms removed one at a time in the games `name`, each against
/// the baseline `full`. A row whose games are not all played says how many are and gives no
/// verdict.
fn eval_terms(src: &Sources, name: &str) -> String {
    let rows = src.games(name);
    let pairings = summarize(&rows, None);
    let goal = src.manifest_number(name, "games_per_pairing") as usize;
    // One row per term the evaluation declares (`for_each_eval_term!`).
    let terms = crate::chess::terms::Terms::NAMES;
    let body: Vec<Vec<String>> = terms
        .iter()
        .map(|term| {
            let variant = format!("no_eval_{term}");
            let p = &src.pairing(&pairings, &variant, name);
            let (games, complete) = games_against_goal(p.games, goal);
            let verdict = if complete {
                removal_verdict(p)
            } else {
                "playing"
            };
            vec![
                format!("`eval.{term}`"),
                elo_interval(p),
                games,
                format!("{:.2}", p.ms_per_move / p.opponent_ms_per_move),
                format!("{:.2}", p.nodes_per_move / p.opponent_nodes_per_move),
                text_cell(verdict),
            ]
        })
        .collect();
    let mut out = table(
        &[
            "term removed",
            "Elo at 10k nodes [95%]",
            "games",
            "time/move × full",
            "nodes/move × full",
            "removing it: the term …",
        ],
        "lrrrrl",
        &body,
    );
    let (lo, hi) = half_widths(&pairings);
    let _ = writeln!(
        out,
        "\nHalf-widths {lo:.1} to {hi:.1} Elo; {}.",
        run_line(src, name)
    );
    out
}
