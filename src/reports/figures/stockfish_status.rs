//! docs/stockfish.md's status: what each committed run holds (games and rounds, faults, the
//! points still at 0% or 100%, whether the fit's misfit is systematic, how deep and how far each side searched, how long the games
//! took) and the fit's state against the run's target, so that the page quotes no count that
//! the next session's games would leave stale.

use super::format::thousands;
use super::sources::Sources;
use super::stockfish_runs::{anchored_runs, joined_files, joined_runs, runs, Run, FULL};
use crate::game_record::GameRow;
use crate::reports::depth_profile_table::{players_depths, players_of};
use crate::reports::design_progress::point_scores;
use crate::reports::design_report::{design_depths, misfit_line};
use crate::reports::nodes_a_move::{design_nodes, node_limit};
use crate::stats::design_misfit::Misfit;
use crate::stats::faults::{faulted_pair_count, FaultCounts};

/// The state of both runs, then of both anchored runs, then of each budget's two runs fitted
/// together.
pub(super) fn status(src: &Sources) -> String {
    let alone: String = (runs(src).iter().chain(&anchored_runs(src)))
        .map(run_state)
        .collect();
    let together: String = joined_runs(src).iter().map(joined_state).collect();
    alone + &together
}

/// Both runs of a budget fitted together, as the anchored run's stop reads them: the games,
/// the fit's state against the anchored run's target, and its misfit once it has one.
fn joined_state(run: &Run) -> String {
    let target = run.manifest.precision;
    let [anchored, full] = joined_files(run);
    let mut out = format!(
        "- **{} nodes a move, both runs fitted together** (`ablate report {anchored} --with {full}`, the fit the anchored run stops on): {} games; {}.\n",
        run.label,
        thousands(run.rows.len() as u64),
        fit_state(run, false)
    );
    if let Some(m) = run.fit.as_ref().ok().and_then(|a| a.misfit) {
        out += &format!("  - {}\n", misfit(&m, target.unwrap_or(f64::NAN)));
    }
    out
}

/// One run: its head line (games, rounds, the fit's state), then a line each for faults, the
/// points at the edge, depths, nodes and time.
fn run_state(run: &Run) -> String {
    let points = point_scores(&run.manifest.pairings, &run.rows);
    let round = 2 * points.len().max(1);
    let games = run.rows.len();
    let (whole, rest) = (games / round, games % round);
    let edge: Vec<&str> = points
        .iter()
        .filter(|p| p.at_edge())
        .map(|p| p.point.as_str())
        .collect();
    let mut lines = vec![
        faults(&run.rows),
        format!(
            "points at 0% or 100% of their games (their complete pairs, as the fit counts \
             them): {} of {}",
            edge.len(),
            points.len()
        ),
        depths(run),
        nodes(run),
        thinking_time(&run.rows),
    ];
    if let Some(m) = run.fit.as_ref().ok().and_then(|a| a.misfit) {
        lines.insert(1, misfit(&m, run.manifest.precision.unwrap_or(f64::NAN)));
    }
    let against = match run.opponent() {
        FULL => String::new(),
        _ => format!(", every point against {}", run.opponent_named()),
    };
    let mut out = format!(
        "- **{} nodes a move{against}**: {} games ({whole} whole round{} of {round} games, and {rest} games of the next); {}.\n",
        run.label,
        thousands(games as u64),
        if whole == 1 { "" } else { "s" },
        fit_state(run, !edge.is_empty()),
    );
    for line in lines {
        out += &format!("  - {line}\n");
    }
    out
}

/// Fitted, with the worst half-width against the run's target, or why not yet.
fn fit_state(run: &Run, points_at_edge: bool) -> String {
    let target = run.manifest.precision.unwrap_or(f64::NAN);
    match &run.fit {
        Ok(a) => format!(
            "fitted: every main effect and two-step interaction to ±{:.1} or less, against \
             the run's ±{target}{}",
            a.fit.worst_half_width(),
            if a.fit.worst_half_width() <= target {
                " (met)"
            } else {
                " (not met yet)"
            }
        ),
        // A point that lost (or won) every game has no finite Elo of its own, and the model
        // cannot place it until it has drawn or won one: the usual state of a long design.
        Err(_) if points_at_edge => "not fitted yet, for its points at 0% or 100%".to_string(),
        Err(why) => format!("not fitted yet: {why}"),
    }
}

/// The fit's misfit, read from the halves of the pairs (`design_misfit`), against the target.
fn misfit(m: &Misfit, target: f64) -> String {
    let against = if !m.systematic() {
        String::new()
    } else if m.floor_at_least() > target {
        format!("; the run's ±{target} lies below that floor's bound: more games of these points alone will not meet it")
    } else if m.floor() > target {
        format!("; the run's ±{target} lies below that floor, but not below its bound: the games to come will tell whether more games of these points can meet it")
    } else {
        format!("; the run's ±{target} lies above that floor")
    };
    format!("{}{against}", misfit_line(m))
}

/// The games an engine's fault ended, by kind, and the pairs the fit leaves out for them.
fn faults(rows: &[GameRow]) -> String {
    let faults = FaultCounts::of(rows);
    if faults.total() == 0 {
        return "faults: no game lost by a fault".to_string();
    }
    let kinds: Vec<String> = [
        (faults.forfeits, "time forfeit"),
        (faults.crashes, "crash"),
        (faults.other, "other fault"),
    ]
    .iter()
    .filter(|(k, _)| *k > 0)
    .map(|(k, what)| counted(*k, what))
    .collect();
    format!(
        "faults: {} lost by a fault ({}; {} left out of the fit)",
        counted(faults.total(), "game"),
        kinds.join(", "),
        counted(faulted_pair_count(rows), "pair")
    )
}

/// The median depth after move 10 of the points' opponent, the points together and the
/// shallowest points (every point at the lowest median, which several may share).
fn depths(run: &Run) -> String {
    let (rows, opponent) = (&run.rows, run.opponent());
    let depths = design_depths(rows, opponent);
    let median = |i: usize| {
        depths
            .get(i)
            .and_then(|p| p.profile.median)
            .map_or("—".to_string(), |m| format!("{m:.0}"))
    };
    let points: Vec<String> = (players_of(rows).into_iter())
        .filter(|p| p != opponent)
        .collect();
    let each = players_depths(rows, &points);
    let least = each
        .iter()
        .filter_map(|p| p.profile.median)
        .fold(f64::INFINITY, f64::min);
    let lowest: Vec<&str> = each
        .iter()
        .filter(|p| p.profile.median == Some(least))
        .map(|p| p.player.as_str())
        .collect();
    let shallowest = match lowest.as_slice() {
        [] => String::new(),
        [one] => format!(", {least:.0} for the shallowest point ({one})"),
        many => format!(
            ", {least:.0} for the {} shallowest points ({})",
            many.len(),
            many.join("; ")
        ),
    };
    format!(
        "median depth after move 10: {} for {}, {} for the points together{shallowest}",
        median(0),
        run.opponent_named(),
        median(1)
    )
}

/// The median nodes a move of the full engine and of the points together, against the limit.
fn nodes(run: &Run) -> String {
    let points: Vec<String> = run
        .manifest
        .pairings
        .iter()
        .map(|(p, _)| p.clone())
        .collect();
    let manifest = &run.manifest;
    let limit_of = |p: &str| node_limit(p, &manifest.variants, &manifest.limit);
    let found = design_nodes(&run.rows, run.opponent(), &points, limit_of);
    let median = |i: usize| found.get(i).map_or("—".into(), |n| thousands(n.median));
    let limit = manifest.limit.nodes().map_or("—".into(), thousands);
    format!(
        "median nodes a move: {} for {}, {} for the points together, at a limit of {limit}",
        median(0),
        run.opponent_named(),
        median(1)
    )
}

/// How long the games took: both sides' thinking, from each `go` to its `bestmove`, summed
/// over the games, and a game's median. It is wall-clock time under whatever else the machine
/// ran, so it says how long the run took here, not what a game costs on an idle core; a move
/// that never came (a fault ended its game) is in no side's time.
fn thinking_time(rows: &[GameRow]) -> String {
    let mut seconds: Vec<f64> = rows
        .iter()
        .map(|r| (r.white_time_ms + r.black_time_ms) / 1000.0)
        .collect();
    seconds.sort_by(f64::total_cmp);
    let total: f64 = seconds.iter().sum();
    let median = match seconds.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => seconds[n / 2],
        n => (seconds[n / 2 - 1] + seconds[n / 2]) / 2.0,
    };
    format!(
        "time: the moves answered took {:.1} hours in all (both sides, from `go` to `bestmove`, under this machine's other work; a move that never came, a fault's, is not counted), a median of {median:.1} s a game",
        total / 3600.0
    )
}

/// "1 game", "2 games", "3 crashes".
fn counted(n: usize, what: &str) -> String {
    match (n, what.ends_with("sh")) {
        (1, _) => format!("1 {what}"),
        (_, true) => format!("{n} {what}es"),
        _ => format!("{n} {what}s"),
    }
}
