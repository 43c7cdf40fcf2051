//! docs/test-bed.md's Elo-by-removal tables. Today's `strongest` (`configs/removal.toml`): one
//! row for each row of the field's two published tables (`docs/published-elo.csv`), the figure
//! beside ablate's, at 10,000 nodes a move. Before it, `strongest_2008`'s seven pruning steps
//! (`configs/elo-worth-engine.toml`), beside Ethereal's and Stockfish's figures and the first
//! table's, from the plain search.
//!
//! A step `strongest` has is removed (`no_*`): the match's Elo is the removal's. A step it lacks
//! is added (`with_*`): the removal's Elo is then the match's with its sign turned, interval and
//! all, so every row reads as the field's does, negative where the step helps.

use super::format::{
    elo_interval, games_against_goal, half_widths, interval, removal_verdict, table, text_cell,
    thousands, Minus,
};
use super::game_runs::{games_of, mean_depth, run_line};
use super::sources::Sources;
use crate::config::experiment::Experiment;
use crate::reports::field::Published;
use crate::stats::distributions::{two_sided_p, Z95};
use crate::stats::pairing_summary::{summarize, PairingSummary};
use std::fmt::Write;

/// The games of the removal table: every run of `configs/removal.toml` but its evaluation
/// terms, in the order it declares them, then every run of the configs that play a step over a
/// base of its own (`configs/removal-*.toml`, by name: `removal-quiescence-checks.toml`,
/// strongest with quiet checks in quiescence, the only quiet moves the step can skip there;
/// `removal-stat-score.toml`, strongest without Ethereal's history term in LMR, so that
/// Stockfish's is the only one, as in Stockfish; and so on). Read from the configs, so that a
/// new row's run is declared once, in its config. A step played in two runs (`no_history`,
/// whose lopsided score needs 3,000 games for ±15) is read from the run that has played it
/// most, and between runs with as many games, from the later one here: `removal-reformed`
/// plays again the steps whose forms changed after `removal-small` played them, and takes
/// their rows once it has as many games. Each run by its games file under `results/`,
/// without the extension.
pub(super) fn runs(src: &Sources) -> Vec<String> {
    read_runs(src).0
}

/// `runs`, and the descriptions of the configs that play a step over a base of its own.
fn read_runs(src: &Sources) -> (Vec<String>, Vec<String>) {
    let configs = src.file("configs");
    let mut files: Vec<String> = std::fs::read_dir(&configs)
        .map(|dir| {
            dir.filter_map(|e| e.ok()?.file_name().into_string().ok())
                .filter(|name| name.starts_with("removal-") && name.ends_with(".toml"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files.insert(0, "removal.toml".into());
    let (mut runs, mut own_bases) = (Vec::new(), Vec::new());
    for file in files {
        let experiment = match Experiment::load(&configs.join(&file)) {
            Ok(experiment) => experiment,
            Err(e) => {
                src.problem(format!("configs/{file}: {e}"));
                continue;
            }
        };
        if file != "removal.toml" {
            own_bases.push(format!("{} (`configs/{file}`)", experiment.description));
        }
        for run in experiment.runs.iter().filter(|r| r.name != "eval-terms") {
            let out = run.settings.out.as_ref().map(|o| o.to_string_lossy());
            let stem = out.as_deref().and_then(|out| {
                out.strip_prefix("results/")?
                    .strip_suffix(".csv")
                    .map(str::to_string)
            });
            match stem {
                Some(stem) => runs.push(stem),
                None => src.problem(format!(
                    "configs/{file}: run {} writes no games file under results/",
                    run.name
                )),
            }
        }
    }
    (runs, own_bases)
}

/// The removal's Elo and interval read from a pairing: an addition's turned round.
fn as_removal(p: &PairingSummary, added: bool) -> Option<(f64, f64, f64)> {
    let (elo, lo, hi) = (p.elo?, p.elo_lo?, p.elo_hi?);
    Some(if added {
        (-elo, -hi, -lo)
    } else {
        (elo, lo, hi)
    })
}

/// One row set beside the field: ablate's removal Elo with its 95% interval, and the field's
/// figure with its half-width (0 when the source gives none).
#[derive(Debug, Clone, Copy)]
struct Beside {
    elo: f64,
    lo: f64,
    hi: f64,
    published: f64,
    half_width: f64,
}

impl Beside {
    /// The standard error of the gap between the two figures, from both intervals.
    fn gap_se(&self) -> f64 {
        let mine = (self.hi - self.lo) / (2.0 * Z95);
        let field = self.half_width / Z95;
        mine.hypot(field)
    }

    /// The two-sided p of "ablate's figure is the field's".
    fn p(&self) -> f64 {
        two_sided_p((self.elo - self.published) / self.gap_se())
    }
}

/// What a row's figures support, given its p and its p after Holm's correction over every row
/// compared: a difference only when it survives the correction; "not resolved" when the gap's
/// 95% half-width is as large as the field's figure itself, so that even a step worth nothing
/// in ablate would pass; "consistent" otherwise, and "borderline" when the row alone would
/// differ at 95% but the correction leaves it.
fn verdict(b: &Beside, p: f64, p_holm: f64) -> String {
    let half = Z95 * b.gap_se();
    if p_holm < 0.05 {
        // Removal figures are negative where a step helps: lower in ablate, worth more there.
        text_cell(if b.elo < b.published {
            "more in ablate"
        } else {
            "less in ablate"
        })
    } else if half >= b.published.abs() {
        format!("not resolved (gap ±{half:.0})")
    } else if p < 0.05 {
        format!("consistent; borderline (p {p:.3}, {p_holm:.2} after Holm)")
    } else {
        text_cell("consistent")
    }
}

/// The table, and a line on what is played.
pub(super) fn removal(src: &Sources) -> String {
    // Each pairing with the games its run declares.
    let mut pairings: Vec<(PairingSummary, usize)> = Vec::new();
    // The table is played over several sessions, a run after the other: one not started yet
    // has no file, and its rows say so.
    let (runs, own_bases) = read_runs(src);
    let started: Vec<&str> = runs
        .iter()
        .map(String::as_str)
        .filter(|name| src.path(name, "csv").exists())
        .collect();
    for &name in &started {
        let found = summarize(&src.games(name), None);
        let games = src.manifest_number(name, "games_per_pairing") as usize;
        pairings.extend(found.into_iter().map(|p| (p, games)));
    }
    let field = src.published();
    let mut body: Vec<Vec<String>> = Vec::new();
    let mut left = Vec::new();
    // The rows set beside the field, by their place in the body: their verdicts are decided
    // together, with Holm's correction over all of them.
    let mut compared: Vec<(usize, Beside)> = Vec::new();
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
            // `max_by_key` keeps the last of equals: the later run.
            .max_by_key(|(p, _)| p.games);
        let (p, goal) = (played.map(|(p, _)| p), played.map(|(_, goal)| *goal));
        let mine = p.and_then(|p| as_removal(p, added));
        let published = published_figure(f);
        let cell = mine.map_or(text_cell("—"), |(elo, lo, hi)| {
            interval(elo, lo, hi, 1, Minus::True)
        });
        // Set beside the field only once its games are all played.
        let (games, complete) = games_against_goal(p.map_or(0, |p| p.games), goal.unwrap_or(0));
        let side = match mine {
            None => text_cell("not played yet"),
            Some(_) if !complete => text_cell("playing"),
            // Not compared, and not counted among the rows the correction runs over.
            Some(_) if !f.unlike.is_empty() => format!("not like for like: {}", f.unlike),
            Some((elo, lo, hi)) => {
                compared.push((
                    body.len(),
                    Beside {
                        elo,
                        lo,
                        hi,
                        published: f.elo,
                        half_width: f.half_width.unwrap_or(0.0),
                    },
                ));
                String::new()
            }
        };
        let how = if added { "added" } else { "removed" };
        // What the variant pays or saves a move against strongest, in the same games.
        let cost = p
            .filter(|p| p.opponent_ms_per_move > 0.0)
            .map_or(text_cell("—"), |p| {
                format!("{:.2}", p.ms_per_move / p.opponent_ms_per_move)
            });
        body.push(vec![
            text_cell(&f.engine),
            text_cell(&f.step),
            published,
            format!("`{variant}` ({how})"),
            cell,
            games,
            cost,
            side,
        ]);
    }
    if body.is_empty() {
        src.problem(text_cell("docs/published-elo.csv names no removal variant"));
    }
    let ps: Vec<f64> = compared.iter().map(|(_, b)| b.p()).collect();
    let adjusted = crate::stats::design_effects::holm(&ps);
    let last = body.first().map_or(0, |r| r.len().saturating_sub(1));
    for (((row, b), p), p_holm) in compared.iter().zip(&ps).zip(&adjusted) {
        body[*row][last] = verdict(b, *p, *p_holm);
    }
    let differing = adjusted.iter().filter(|&&p| p < 0.05).count();
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
        "\nAn added step's Elo is its match's with the sign turned. Steps played over a base of their own, each against that base: {}. Beside the field: each row's gap to the published figure is tested against both intervals (a normal test, the published half-width read as a 95% interval, 0 where the source gives none), and a difference is claimed only where it survives Holm's correction over the {} rows compared ({differing} do); \"not resolved\" where the gap's 95% half-width is as large as the published figure; \"borderline\" where a row alone would differ at 95%. {}. Rows without a variant: {}.",
        own_bases.join("; "),
        compared.len(),
        match started.is_empty() {
            true => text_cell("no game played yet"),
            false => started
                .iter()
                .map(|name| run_line(src, name))
                .collect::<Vec<_>>()
                .join("; then "),
        },
        if left.is_empty() {
            text_cell("none")
        } else {
            left.join(", ")
        }
    );
    out
}

/// One published figure: `−93.1 ± 5.0 (9,225 games)`, or `−22` where the source gives the
/// estimate alone.
fn published_figure(p: &Published) -> String {
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
    }

    #[test]
    fn a_difference_is_claimed_only_past_the_correction_and_a_wide_row_is_not_resolved() {
        let row = |elo: f64, half: f64, published: f64| Beside {
            elo,
            lo: elo - half,
            hi: elo + half,
            published,
            half_width: 2.0,
        };
        // Far below the field, p tiny: a difference even after ten tests.
        let far = row(-80.0, 10.0, -30.0);
        assert!(far.p() < 1e-6);
        assert_eq!(verdict(&far, far.p(), far.p() * 10.0), "more in ablate");
        assert_eq!(verdict(&row(10.0, 10.0, -30.0), 0.0, 0.0), "less in ablate");
        // Alone at 95%, not after the correction: borderline.
        let edge = row(-52.0, 20.0, -30.0);
        assert!(edge.p() < 0.05, "{}", edge.p());
        assert!(verdict(&edge, edge.p(), 0.4).starts_with("consistent; borderline"));
        // An interval wider than the figure it is compared with: nothing to say.
        let wide = row(-5.0, 17.0, -3.0);
        assert!(verdict(&wide, wide.p(), 1.0).starts_with("not resolved"));
        assert_eq!(verdict(&row(-32.0, 10.0, -30.0), 0.8, 1.0), "consistent");
    }
}
