//! The test bed that plays like an engine (issue 34): strength against Fruit 2.1, the
//! Elo-by-removal table of the strongest search beside the field's published figures, and what
//! each evaluation term is worth.

use super::format::{
    elo_interval, games_against_goal, half_widths, removal_verdict, table, text_cell, thousands,
};
use super::sources::Sources;
use crate::game_record::GameRow;
use crate::reports::field::Published;
use crate::stats::pairing_summary::summarize;
use std::fmt::Write;

/// One published figure: `−93.1 ± 5.0 (9,225 games)`, or `−22` where the source gives the
/// estimate alone.
pub(super) fn published_figure(p: &Published) -> String {
    let elo = format!("{:.1}", p.elo).replace('-', "−");
    let elo = elo.strip_suffix(".0").unwrap_or(&elo).to_string();
    let width = p.half_width.map_or(String::new(), |h| format!(" ± {h:.1}"));
    let games = p
        .games
        .map_or(String::new(), |g| format!(" ({} games)", thousands(g)));
    format!("{elo}{width}{games}")
}

/// The figures `engine` publishes for `removal`, each with the step it names where there are
/// several.
fn published_cell(rows: &[Published], engine: &str, removal: &str) -> String {
    let cells: Vec<String> = rows
        .iter()
        .filter(|p| p.engine == engine && p.removal == removal)
        .map(published_figure)
        .collect();
    // Where the source splits one of ablate's steps in two (Stockfish's SEE pruning of captures
    // and of quiet moves), each figure says which part it is.
    let steps: Vec<&str> = rows
        .iter()
        .filter(|p| p.engine == engine && p.removal == removal)
        .map(|p| p.step.as_str())
        .collect();
    match cells.len() {
        0 => text_cell("—"),
        1 => cells.join(""),
        _ => cells
            .iter()
            .zip(steps)
            .map(|(c, step)| format!("{c}: {step}"))
            .collect::<Vec<_>>()
            .join("; "),
    }
}

/// The games of one variant.
fn games_of(rows: &[GameRow], variant: &str) -> Vec<GameRow> {
    rows.iter()
        .filter(|r| r.variant == variant)
        .cloned()
        .collect()
}

/// The mean depth `who` reached per move, from the games' notes (`move score/depth nodes`).
fn mean_depth(rows: &[GameRow], who: &str) -> f64 {
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

/// Each search step removed from the strongest search, beside the field's removal figures
/// and the old table of the same removal.
pub(super) fn elo_worth_engine(src: &Sources) -> String {
    let name = "elo-worth-engine/elo-worth-engine-nodes.games";
    let rows = src.games(name);
    let pairings = summarize(&rows, None);
    let old = summarize(&src.games("elo-worth/elo-worth-nodes.games"), None);
    let field = src.published();
    let removals = [
        ("no_null_move", "null move"),
        ("no_lmr", "late-move reductions"),
        ("no_late_move_pruning", "late-move pruning"),
        ("no_main_see_pruning", "SEE pruning (main search)"),
        ("no_reverse_futility", "reverse futility (beta pruning)"),
        ("no_futility", "futility"),
        ("no_see_pruning", "SEE pruning (quiescence)"),
    ];
    let full_depth = mean_depth(&rows, "full");
    let body: Vec<Vec<String>> = removals
        .iter()
        .map(|(variant, label)| {
            let p = &src.pairing(&pairings, variant, name);
            let mine = games_of(&rows, variant);
            vec![
                text_cell(label),
                elo_interval(p),
                p.games.to_string(),
                format!("{:.2}", p.ms_per_move / p.opponent_ms_per_move),
                format!("{:.1} (full {:.1})", mean_depth(&mine, variant), full_depth),
                published_cell(&field, "Ethereal", variant),
                published_cell(&field, "Stockfish", variant),
                old.iter()
                    .find(|o| o.variant == *variant)
                    .map_or(text_cell("—"), elo_interval),
                text_cell(removal_verdict(p)),
            ]
        })
        .collect();
    let mut out = table(
        &[
            "removed from `strongest_2008`",
            "Elo at 10k nodes [95%]",
            "games",
            "time/move × full",
            "depth/move",
            "Ethereal (12+0.12)",
            "Stockfish",
            "old table (Michniewski `full`)",
            "removing it: the heuristic …",
        ],
        "lrrrrllll",
        &body,
    );
    // The same removals at four times the budget, on fewer games: does the worth grow with
    // the depth the budget buys, as the field's far deeper searches suggest?
    // Two runs: null move and LMR first, 200 games each, then the other five, 100 each.
    let deeper_names = [
        "elo-worth-engine/elo-worth-engine-40k.games",
        "elo-worth-engine/elo-worth-engine-40k-2.games",
    ];
    let mut deeper_rows = src.games(deeper_names[0]);
    deeper_rows.extend(src.games(deeper_names[1]));
    let deeper = summarize(&deeper_rows, None);
    let mut deeper_cells = Vec::new();
    for p in &deeper {
        let mine = games_of(&deeper_rows, &p.variant);
        deeper_cells.push(format!(
            "`{}` {} ({} games, depth {:.1} against full's {:.1})",
            p.variant,
            elo_interval(p),
            p.games,
            mean_depth(&mine, &p.variant),
            mean_depth(&mine, "full"),
        ));
    }
    let (lo, hi) = half_widths(&pairings);
    // Each source once, without the line anchors that point at each figure's own line.
    let mut sources: Vec<&str> = field
        .iter()
        .map(|p| p.source.split('#').next().unwrap_or(&p.source))
        .collect();
    sources.dedup();
    let _ = writeln!(
        out,
        "\nHalf-widths {lo:.1} to {hi:.1} Elo; {}. The field's figures: {} (from \
         `docs/published-elo.csv`).\n\nAt 40,000 nodes a move: {}; {}.",
        run_line(src, name),
        sources.join(", "),
        deeper_cells.join(", "),
        deeper_names.map(|name| run_line(src, name)).join("; then ")
    );
    out
}

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
