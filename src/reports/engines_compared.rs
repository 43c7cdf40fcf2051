//! The report of a comparison of designs over different engines (`stats::across_engines`):
//! where each engine was played and how deep it searched, each shared step's worth in each
//! engine (averaged, and at the engine's corner as shipped) beside the field's published
//! figures, whether the engines differ (Cochran's Q, Holm over the steps), and the pairs the
//! engines share. Built once as tables; Markdown, CSV and JSON are renderings of them.

use super::field::Published;
use super::nodes_a_move::PlayerNodes;
use crate::output::export::{Exporter, Markdown};
use crate::output::number_format::{interval, signed, thousands, Minus};
use crate::output::table::{Cell, Table};
use crate::settings::move_limit::Limit;
use crate::stats::across_engines::{AcrossEngines, Heterogeneity, SharedStep};
use crate::stats::depth_profile::{
    DepthProfile, LEAST_MEDIAN, MOST_SHALLOW, OPENING_MOVES, SHALLOW_DEPTH,
};
use crate::stats::design_fit::Estimate;
use crate::stats::faults::FaultCounts;

/// An engine of the comparison and its design's state.
#[derive(Debug, Clone)]
pub struct EngineState {
    /// The comparison's name for it, and its label in tables.
    pub name: String,
    pub label: String,
    /// Games played, and the limit they were played at (the manifest's; none before any).
    pub games: usize,
    pub limit: Option<Limit>,
    /// The depth profiles of the engine as shipped and of its points together.
    pub shipped: Option<DepthProfile>,
    pub points: Option<DepthProfile>,
    /// The design's largest 95% half-width among its effects, when it can be fitted.
    pub worst_half_width: Option<f64>,
    /// The precision its games were played to (the manifest's), when it declares one.
    pub target: Option<f64>,
    /// The nodes a move the engine as shipped searched, from its moves' notes, beside the
    /// node limit it was asked (an engine that counts only at its polls searches past it).
    pub nodes: Option<PlayerNodes>,
    /// The games its engines lost by a fault, by kind, and the pairs its fit leaves out for
    /// them (`stats::faults`).
    pub faults: FaultCounts,
    pub pairs_left_out: usize,
    /// Each figure of its design whose verdict (its interval holds 0, or excludes it) differs
    /// when faults are scored as losses: `history_pruning averaged: +20.1 [..] against ..`.
    pub verdicts_with_faults: Vec<String>,
}

impl EngineState {
    /// Why its figures should be read with care: a design short of the target it declares, or
    /// played where the engine as shipped or its points hardly search (`DepthProfile::searches`).
    /// Such a design still enters the mean and Q; the caution says it does.
    pub fn cautions(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(n) = self.nodes.as_ref().filter(|n| n.past_limit()) {
            out.push(format!(
                "{}: asked for {} nodes a move, it searched a median of {}: its figures are its steps' worth at the nodes searched",
                self.label,
                thousands(n.limit.unwrap_or(0)),
                thousands(n.median)
            ));
        }
        if let (Some(worst), Some(target)) = (self.worst_half_width, self.target) {
            if worst > target {
                out.push(format!(
                    "{}: short of its target, worst half-width ±{worst:.1} against ±{target} ({} games)",
                    self.label, self.games
                ));
            }
        }
        for (who, profile) in [
            ("as shipped", &self.shipped),
            ("its points together", &self.points),
        ] {
            if let Some(p) = profile.as_ref().filter(|p| !p.searches()) {
                let median = p.median.map_or("none".to_string(), |m| format!("{m:.1}"));
                out.push(format!(
                    "{}: too shallow {who}, median depth {median} after move {OPENING_MOVES} and {:.1}% of moves at depth ≤ {SHALLOW_DEPTH} (a design is read at a median of {LEAST_MEDIAN} or more with at most {:.0}% that shallow)",
                    self.label,
                    100.0 * p.shallow_share,
                    100.0 * MOST_SHALLOW
                ));
            }
        }
        out
    }
}

fn cell(e: &Estimate) -> Cell {
    let (lo, hi) = e.interval();
    Cell::number(Some(e.value)).shown_as(interval(e.value, lo, hi, 1, Minus::Ascii))
}

fn depth(p: &Option<DepthProfile>) -> String {
    match p {
        Some(DepthProfile {
            median: Some(m),
            decile_low: Some(lo),
            decile_high: Some(hi),
            ..
        }) => format!("{m:.0} ({lo:.0}–{hi:.0})"),
        _ => "—".to_string(),
    }
}

/// A design's limit in words: `0.04 s a move`, `40,000 nodes`; `—` before it is played.
pub fn limit_words(limit: Option<&Limit>) -> String {
    match limit {
        None => "—".to_string(),
        Some(Limit::MoveTime(st)) => format!("{st} s a move"),
        Some(Limit::Nodes(n)) => format!("{} nodes", thousands(*n)),
        Some(Limit::Clock(tc)) => format!("{tc} s"),
        Some(depth) => depth.to_string(),
    }
}

/// Where each engine was played: games, limit, depths, the worst half-width.
pub fn engines_table(engines: &[EngineState]) -> Table {
    let mut t = Table::aligned(
        &[
            "engine",
            "games",
            "limit",
            "median nodes a move, as shipped",
            "median depth after move 10, as shipped",
            "its points together",
            "moves at depth ≤ 2",
            "games lost by a fault (pairs left out)",
            "worst half-width",
        ],
        "lrlrrrrrr",
    );
    for e in engines {
        let nodes = e.nodes.as_ref().map_or_else(
            || Cell::text("—"),
            |n| Cell::whole(n.median).shown_as(thousands(n.median)),
        );
        let shallow = e.points.as_ref().map_or_else(
            || "—".to_string(),
            |p| format!("{:.1}%", 100.0 * p.shallow_share),
        );
        let worst = e.worst_half_width.map_or_else(
            || Cell::text("not fitted yet"),
            |w| Cell::number(Some(w)).shown_as(format!("±{w:.1}")),
        );
        let games = match e.games {
            0 => Cell::whole(0).shown_as("to be played"),
            n => Cell::whole(n as u64).shown_as(thousands(n as u64)),
        };
        t.row(vec![
            Cell::text(e.label.clone()),
            games,
            Cell::text(limit_words(e.limit.as_ref())),
            nodes,
            Cell::text(depth(&e.shipped)),
            Cell::text(depth(&e.points)),
            Cell::text(shallow),
            faults_cell(e),
            worst,
        ]);
    }
    t
}

/// `307: 238 time forfeits, 69 crashes (305)`; `none` without faults.
fn faults_cell(e: &EngineState) -> Cell {
    let f = &e.faults;
    if f.total() == 0 {
        return Cell::whole(0).shown_as(if e.games == 0 { "—" } else { "none" });
    }
    let mut kinds = Vec::new();
    for (n, one, many) in [
        (f.forfeits, "time forfeit", "time forfeits"),
        (f.crashes, "crash", "crashes"),
        (f.other, "other", "other"),
    ] {
        match n {
            0 => {}
            1 => kinds.push(format!("1 {one}")),
            n => kinds.push(format!("{} {many}", thousands(n as u64))),
        }
    }
    let shown = format!(
        "{}: {} ({})",
        thousands(f.total() as u64),
        kinds.join(", "),
        thousands(e.pairs_left_out as u64)
    );
    Cell::whole(f.total() as u64).shown_as(shown)
}

fn titles<'a>(first: &'a str, engines: &'a [EngineState], rest: &[&'a str]) -> Vec<&'a str> {
    std::iter::once(first)
        .chain(engines.iter().map(|e| e.label.as_str()))
        .chain(rest.iter().copied())
        .collect()
}

/// One engine's figure for a step, or a dash where its design has no such factor.
fn by_engine(step: &SharedStep, engine: &str, pick: fn(&Estimate, &Estimate) -> Estimate) -> Cell {
    step.engines
        .iter()
        .find(|e| e.engine == engine)
        .map_or_else(
            || Cell::text("—"),
            |e| cell(&pick(&e.averaged, &e.at_corner)),
        )
}

fn p_cells(h: &Heterogeneity) -> Vec<Cell> {
    vec![
        Cell::number(Some(h.q)).shown_as(format!("{:.1} ({})", h.q, h.df)),
        Cell::number(Some(h.p)).shown_as(format!("{:.3}", h.p)),
        Cell::number(Some(h.p_holm)).shown_as(format!("{:.3}", h.p_holm)),
    ]
}

/// The field's figure for a step's removal, as worth: Ethereal's with its interval, Stockfish's
/// comment as it stands (`~N`: the comments give no interval).
fn field_cell(published: &[Published], engine: &str, removal: Option<&str>) -> Cell {
    let found = removal.and_then(|r| {
        published
            .iter()
            .find(|p| p.engine == engine && p.removal == r)
    });
    match found {
        None => Cell::text("—"),
        Some(p) if engine == "Stockfish" => {
            Cell::number(Some(-p.elo)).shown_as(format!("~{:.0}", -p.elo))
        }
        Some(p) => Cell::number(Some(-p.elo)).shown_as(match p.half_width {
            Some(h) => format!("{} ±{h:.1}", signed(-p.elo, 1, Minus::Ascii)),
            None => signed(-p.elo, 1, Minus::Ascii),
        }),
    }
}

/// Each shared step's worth averaged over its design's other steps, in every engine, with
/// their mean, Cochran's Q and the field's figures.
pub fn steps_table(
    across: &AcrossEngines,
    engines: &[EngineState],
    field: &[(String, Option<String>)],
    published: &[Published],
) -> Table {
    let rest = [
        "mean over the engines",
        "Q (df)",
        "p",
        "Holm p",
        "Ethereal",
        "Stockfish",
    ];
    let names = titles("step", engines, &rest);
    let mut t = Table::new(&names);
    for s in &across.steps {
        let removal = field
            .iter()
            .find(|(step, _)| step == &s.step)
            .and_then(|(_, r)| r.as_deref());
        let mut row = vec![Cell::text(s.step.clone())];
        row.extend(engines.iter().map(|e| by_engine(s, &e.name, |a, _| *a)));
        row.push(cell(&s.mean));
        row.extend(p_cells(&s.differ));
        row.push(field_cell(published, "Ethereal", removal));
        row.push(field_cell(published, "Stockfish", removal));
        t.row(row);
    }
    t
}

/// Each shared step's worth at each engine's own corner, as shipped.
pub fn corners_table(across: &AcrossEngines, engines: &[EngineState]) -> Table {
    let mut t = Table::new(&titles("step", engines, &[]));
    for s in &across.steps {
        let mut row = vec![Cell::text(s.step.clone())];
        row.extend(engines.iter().map(|e| by_engine(s, &e.name, |_, c| *c)));
        t.row(row);
    }
    t
}

/// The pairs of shared steps two or more engines estimate, each engine's interaction.
pub fn pairs_table(across: &AcrossEngines, engines: &[EngineState]) -> Table {
    let mut t = Table::new(&titles("pair", engines, &["Q (df)", "p", "Holm p"]));
    for p in &across.pairs {
        let mut row = vec![Cell::text(format!("{} × {}", p.first, p.second))];
        row.extend(engines.iter().map(|e| {
            p.engines
                .iter()
                .find(|(name, _)| name == &e.name)
                .map_or_else(|| Cell::text("—"), |(_, est)| cell(est))
        }));
        row.extend(p_cells(&p.differ));
        t.row(row);
    }
    t
}

/// Every figure as tidy rows, for CSV and JSON.
pub fn tidy_table(across: &AcrossEngines) -> Table {
    let mut t = Table::new(&[
        "kind", "step", "with", "engine", "factor", "elo", "se", "lo", "hi", "q", "df", "p",
        "p_holm",
    ]);
    let figure = |kind: &str, step: &str, with: &str, engine: &str, factor: &str, e: &Estimate| {
        let (lo, hi) = e.interval();
        let mut row = vec![kind, step, with, engine, factor]
            .into_iter()
            .map(Cell::text)
            .collect::<Vec<_>>();
        row.extend([e.value, e.se, lo, hi].map(|x| Cell::number(Some(x))));
        row.extend((0..4).map(|_| Cell::number(None)));
        row
    };
    let with_q = |mut row: Vec<Cell>, h: &Heterogeneity| {
        row.truncate(9);
        row.push(Cell::number(Some(h.q)));
        row.push(Cell::whole(h.df as u64));
        row.push(Cell::number(Some(h.p)));
        row.push(Cell::number(Some(h.p_holm)));
        row
    };
    for s in &across.steps {
        for e in &s.engines {
            t.row(figure(
                "worth_averaged",
                &s.step,
                "",
                &e.engine,
                &e.factor,
                &e.averaged,
            ));
            t.row(figure(
                "worth_at_corner",
                &s.step,
                "",
                &e.engine,
                &e.factor,
                &e.at_corner,
            ));
        }
        t.row(with_q(
            figure("mean_over_engines", &s.step, "", "", "", &s.mean),
            &s.differ,
        ));
    }
    for p in &across.pairs {
        for (engine, e) in &p.engines {
            t.row(figure("interaction", &p.first, &p.second, engine, "", e));
        }
        let empty = Estimate {
            value: f64::NAN,
            se: f64::NAN,
        };
        let mut row = with_q(
            figure("pair_differs", &p.first, &p.second, "", "", &empty),
            &p.differ,
        );
        for c in &mut row[5..9] {
            *c = Cell::number(None);
        }
        t.row(row);
    }
    t
}

/// The report's Markdown: the engines, the steps (averaged and at each corner), the pairs, the
/// forest plot's link and what each figure means. With no chart (no step has two fitted
/// engines yet) it stops after the engines and what waits: empty tables would say nothing.
pub fn markdown(
    title: &str,
    engines: &[EngineState],
    tables: (&Table, &Table, &Table),
    chart: Option<&str>,
    waiting: &[String],
) -> String {
    let (steps, corners, pairs) = tables;
    let mut text = format!("# {title}\n\n## Where each engine was played\n\n");
    text += &Markdown.render(&engines_table(engines));
    text += "\nDepths are each engine's own `info depth`, after move 10 (in brackets the 10th to 90th percentiles); the worst half-width is the design's largest 95% half-width among its main effects and interactions. A game lost by a fault (a time forfeit, a crash, an illegal move) says nothing of a step's worth: each design's fit leaves out the pair it ended (both games of the opening), and every figure below is that fit's; each design's own report gives the fit with faults scored as losses beside it, and the verdicts that differ.\n";
    let cautions: Vec<String> = engines.iter().flat_map(EngineState::cautions).collect();
    if !cautions.is_empty() {
        text +=
            "\n**Read with care.** These designs still enter each step's mean and Cochran's Q:\n\n";
        for caution in &cautions {
            text += &format!("- {caution}\n");
        }
    }
    let faulted: Vec<&EngineState> = engines.iter().filter(|e| e.faults.total() > 0).collect();
    if !faulted.is_empty() {
        text += "\n**Faults.** The verdicts that differ where each fault is scored as the faulting side's loss (the fit without them first):\n\n";
        for e in faulted {
            let differ = match e.verdicts_with_faults.as_slice() {
                [] if e.worst_half_width.is_none() => "its design cannot be fitted yet".to_string(),
                [] => "none".to_string(),
                some => some.join("; "),
            };
            text += &format!("- {}: {differ}\n", e.label);
        }
    }
    if !waiting.is_empty() {
        text += &format!(
            "\nNot compared yet, for want of a second engine whose design can be fitted: {}.\n",
            waiting.join(", ")
        );
    }
    let Some(chart) = chart else {
        return text + "\nNo step has two engines whose designs can be fitted yet, so there is no figure to compare and no forest plot.\n";
    };
    text += "\n## Each step's worth, averaged over the other steps of its engine's design\n\n";
    text += &Markdown.render(steps);
    text += "\nEach figure is Elo, the step switched on against off, with its 95% interval (widened by its design's dispersion). The mean counts each engine the same. Q is Cochran's heterogeneity statistic about the engines' weighted mean (χ² on engines − 1 degrees of freedom if every engine sees the same worth); Holm's adjustment runs over the steps. The field's figures are the Elo lost without the step at their own clocks, in their own engines: Ethereal's removal tests of pull request 113 (e755a81, 12+0.12 s) with their intervals, Stockfish's `(~N Elo)` comments at 88f17a814 (no interval given).\n";
    text += &format!("\n![forest plot]({chart})\n");
    text += "\n## Each step's worth at its engine's corner, as shipped\n\n";
    text += &Markdown.render(corners);
    text += "\nThe step switched on against off with every other step as the engine ships it: what removing (or adding) it alone does. These rest on fewer games than the averaged figures and are wider.\n";
    text += "\n## The pairs the engines share\n\n";
    text += &Markdown.render(pairs);
    text += "\nEach interaction is on-coded: positive when each step is worth more with the other on, negative when one covers for the other. Holm's adjustment runs over the pairs.\n";
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn profile(median: f64, shallow_share: f64) -> DepthProfile {
        DepthProfile {
            moves: 1000,
            after_opening: 800,
            median: Some(median),
            decile_low: Some(median - 2.0),
            decile_high: Some(median + 2.0),
            shallow_share,
        }
    }

    fn engine(worst: f64, target: Option<f64>, points: DepthProfile) -> EngineState {
        EngineState {
            name: "e".into(),
            label: "Engine".into(),
            games: 32,
            limit: Some(Limit::Nodes(40000)),
            shipped: Some(profile(9.0, 0.0)),
            points: Some(points),
            worst_half_width: Some(worst),
            target,
            nodes: None,
            faults: FaultCounts::default(),
            pairs_left_out: 0,
            verdicts_with_faults: Vec::new(),
        }
    }

    /// A design that cannot be fitted has no verdicts to differ: its faults say so rather than
    /// "none"; one fitted whose faults move no verdict says "none".
    #[test]
    fn the_faults_of_a_design_not_fitted_yet_are_not_read_as_moving_no_verdict() {
        let mut waiting = engine(0.0, Some(15.0), profile(8.0, 0.0));
        waiting.worst_half_width = None;
        waiting.faults.forfeits = 1;
        let mut fitted = engine(19.0, Some(20.0), profile(8.0, 0.0));
        fitted.label = "Fitted".into();
        fitted.faults.crashes = 2;
        let empty = Table::new(&["step"]);
        let md = markdown("t", &[waiting, fitted], (&empty, &empty, &empty), None, &[]);
        assert!(
            md.contains("- Engine: its design cannot be fitted yet\n"),
            "{md}"
        );
        assert!(md.contains("- Fitted: none\n"), "{md}");
    }

    #[test]
    fn a_design_short_of_its_target_or_too_shallow_is_cautioned_and_one_that_meets_both_is_not() {
        assert!(engine(19.9, Some(20.0), profile(8.0, 0.0))
            .cautions()
            .is_empty());
        let short = engine(62.3, Some(20.0), profile(8.0, 0.0)).cautions();
        assert_eq!(short.len(), 1, "{short:?}");
        assert!(
            short[0].contains("short of its target, worst half-width ±62.3 against ±20 (32 games)")
        );
        let shallow = engine(19.0, Some(20.0), profile(6.0, 0.0)).cautions();
        assert!(
            shallow.len() == 1
                && shallow[0].contains("too shallow its points together, median depth 6.0"),
            "{shallow:?}"
        );
        let many_shallow = engine(19.0, None, profile(8.0, 0.31)).cautions();
        assert!(
            many_shallow[0].contains("31.0% of moves at depth ≤ 2"),
            "{many_shallow:?}"
        );
        let mut past = engine(19.0, Some(20.0), profile(8.0, 0.0));
        past.nodes = Some(PlayerNodes {
            player: "glaurung".into(),
            limit: Some(40_000),
            moves: 100,
            median: 60_000,
            least: 100,
            most: 90_000,
        });
        assert!(past.cautions()[0]
            .contains("asked for 40,000 nodes a move, it searched a median of 60,000"));
    }
}
