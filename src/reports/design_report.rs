//! The report of a designed match: its steps' worth (averaged, which is each step's Shapley
//! share, and at the baseline's corner), the pairs' interactions, the fit's quality and what
//! the design aliases. The figures are built once as tables (`output::table::Table`) and as
//! tidy effect rows; the terminal, Markdown, CSV and JSON are renderings of those.

use super::depth_profile_table::{
    depth_table, players_depths, players_of, pooled, searching_rule_sentence, shallow_warning,
    PlayerDepths,
};
use super::nodes_a_move::{nodes_table, off_limit_warning, PlayerNodes, OFF_LIMIT};
use crate::game_record::GameRow;
use crate::output::export::{Exporter, Markdown, Text};
use crate::output::number_format::{interval, signed, Minus};
use crate::output::table::{Cell, Table};
use crate::stats::design_effects::{term_name, DesignAnalysis, FEWEST_PAIRS};
use crate::stats::design_fit::{Estimate, Reference};
use crate::stats::design_misfit::Misfit;
use std::path::{Path, PathBuf};

/// The tidy effects file beside a games CSV: `x.games.csv` → `x.games.effects.csv`.
pub fn effects_path(csv: &Path) -> PathBuf {
    csv.with_extension("effects.csv")
}

/// One row of the effects CSV: one figure of the fit.
#[derive(Debug, Clone)]
pub struct EffectRow {
    /// "worth_averaged" (= the Shapley share), "worth_at_baseline", "applied_alone",
    /// "interaction" or "all_on_vs_off".
    pub kind: &'static str,
    /// The step (for an interaction, the first of the two).
    pub step: String,
    /// The second step of an interaction; empty otherwise.
    pub with: String,
    /// The figure in Elo, its standard error and its 95% interval.
    pub elo: f64,
    pub se: f64,
    pub lo: f64,
    pub hi: f64,
    /// Two-sided p-value and Holm's adjustment over the interactions (interactions only).
    pub p: Option<f64>,
    pub p_holm: Option<f64>,
}

fn row(kind: &'static str, step: &str, with: &str, e: &Estimate) -> EffectRow {
    let (lo, hi) = e.interval();
    EffectRow {
        kind,
        step: step.to_string(),
        with: with.to_string(),
        elo: e.value,
        se: e.se,
        lo,
        hi,
        p: None,
        p_holm: None,
    }
}

/// Every figure as tidy rows: per step its averaged worth, its worth at the baseline and the
/// Elo of applying it alone; per pair its interaction; the corners' difference.
pub fn effect_rows(a: &DesignAnalysis) -> Vec<EffectRow> {
    let mut out = Vec::new();
    for s in &a.steps {
        out.push(row("worth_averaged", &s.step, "", &s.averaged));
        out.push(row("worth_at_baseline", &s.step, "", &s.at_baseline));
        out.push(row("applied_alone", &s.step, "", &s.applied_alone));
    }
    for p in &a.pairs {
        let mut r = row("interaction", &p.first, &p.second, &p.effect);
        r.p = Some(p.p);
        r.p_holm = Some(p.p_holm);
        out.push(r);
    }
    out.push(row("all_on_vs_off", "", "", &a.all_on_vs_off));
    out
}

/// The effects as a tidy table, every number in `tidy::number`'s form, so that the CSV comes
/// back from a spreadsheet as it went; the JSON holds the same cells.
pub fn effects_table(rows: &[EffectRow]) -> Table {
    let mut table = Table::new(&[
        "kind", "step", "with", "elo", "se", "lo", "hi", "p", "p_holm",
    ]);
    for r in rows {
        table.row(vec![
            Cell::text(r.kind.to_string()),
            Cell::text(r.step.clone()),
            Cell::text(r.with.clone()),
            Cell::number(Some(r.elo)),
            Cell::number(Some(r.se)),
            Cell::number(Some(r.lo)),
            Cell::number(Some(r.hi)),
            Cell::number(r.p),
            Cell::number(r.p_holm),
        ]);
    }
    table
}

/// `+12.3 [+5.1, +19.5]`.
pub fn with_interval(e: &Estimate) -> String {
    let (lo, hi) = e.interval();
    interval(e.value, lo, hi, 1, Minus::Ascii)
}

/// What an on-coded interaction's interval says.
pub fn verdict(e: &Estimate) -> &'static str {
    let (lo, hi) = e.interval();
    if hi < 0.0 {
        "cover for each other"
    } else if lo > 0.0 {
        "compound"
    } else {
        "not resolved"
    }
}

/// How much one step's worth changes when the other is switched on: twice the texts'
/// interaction effect (half the difference between the two conditional worths).
pub fn twice(e: &Estimate) -> Estimate {
    Estimate {
        value: 2.0 * e.value,
        se: 2.0 * e.se,
    }
}

/// The model's terms of three steps or more: none but in a saturated model.
fn higher_terms(a: &DesignAnalysis) -> usize {
    a.fit.terms.iter().filter(|t| t.count_ones() >= 3).count()
}

/// What a step's averaged worth is: its Shapley share in a model of main effects and two-step
/// interactions, and only its main effect once terms of three steps are in it (an odd-order
/// term splits its part of the corners' difference three ways, not as the main effect does).
fn averaged_is(a: &DesignAnalysis) -> &'static str {
    match higher_terms(a) {
        0 => "Shapley",
        _ => "main effect",
    }
}

/// The steps' table.
pub fn steps_table(a: &DesignAnalysis) -> Table {
    let averaged = format!("worth, averaged ({})", averaged_is(a));
    let mut t = Table::new(&[
        "step",
        "factor",
        &averaged,
        "worth at the baseline",
        "factor applied alone",
    ]);
    for s in &a.steps {
        t.row(vec![
            s.step.clone(),
            s.factor.clone(),
            with_interval(&s.averaged),
            with_interval(&s.at_baseline),
            with_interval(&s.applied_alone),
        ]);
    }
    t
}

/// The pairs' table, every pair, largest first.
pub fn pairs_table(a: &DesignAnalysis) -> Table {
    let mut t = Table::new(&[
        "pair",
        "interaction",
        "one's worth changes with the other on by",
        "reading",
        "Holm p",
    ]);
    let mut pairs: Vec<_> = a.pairs.iter().collect();
    pairs.sort_by(|x, y| y.effect.value.abs().total_cmp(&x.effect.value.abs()));
    for p in pairs {
        let reading = verdict(&p.effect);
        t.row(vec![
            format!("{} × {}", p.first, p.second),
            with_interval(&p.effect),
            with_interval(&twice(&p.effect)),
            reading.to_string(),
            format!("{:.3}", p.p_holm),
        ]);
    }
    t
}

/// The lines about the design, the games and the fit.
pub fn preamble(a: &DesignAnalysis, opponent: &str) -> Vec<String> {
    let d = &a.design;
    let k = d.factors.len();
    let fraction = match d.resolution {
        None => format!("the full 2^{k} factorial"),
        Some(r) => format!(
            "a 2^({k}-{}) fraction of resolution {r} ({})",
            d.generators.len(),
            d.generators.join(", ")
        ),
    };
    let anchors: Vec<String> = (a.anchors.iter())
        .map(|q| format!("the anchor {}", d.point_name(*q)))
        .collect();
    let against = match anchors.is_empty() {
        true => opponent.to_string(),
        false => format!("{opponent} and {}", anchors.join(" and ")),
    };
    let mut lines = vec![
        format!(
            "{k} steps, {fraction}: {} points, {} with games, {} game pairs against {against}",
            d.points.len(),
            a.points_played,
            a.pairs_played
        ),
        format!(
            "model: Elo = {} + {k} main effects + {} interactions{}; Pearson χ² {:.1} on {} degrees of freedom, {}; worst half-width ±{:.1}",
            match (a.fit.fitted_intercept, anchors.is_empty()) {
                (true, _) => format!("{opponent}'s strength against the points"),
                (false, true) => format!("(0 at {}, which plays what {opponent} plays)", d.point_name(0)),
                (false, false) => format!(
                    "(0 at {}; against {}, the point's Elo less the anchor's)",
                    d.point_name(0),
                    anchors.join(" and ")
                ),
            },
            a.pairs.len(),
            match higher_terms(a) {
                0 => String::new(),
                h => format!(" + {h} terms of three steps or more, one for each alias class the fraction leaves (model = \"saturated\")"),
            },
            a.fit.pearson,
            a.fit.df,
            match a.fit.df {
                0 => "none left to measure overdispersion (φ = 1)".to_string(),
                _ => format!("dispersion φ = {:.2} (every interval and p-value widened by √φ)", a.fit.dispersion),
            },
            a.fit.worst_half_width()
        ),
        format!(
            "every step on against every step off: {} ({})",
            with_interval(&a.all_on_vs_off),
            match higher_terms(a) {
                0 => "the Shapley shares' sum",
                _ => "the model's; with terms of three steps it is not the averaged worths' sum",
            }
        ),
    ];
    if let Some(m) = &a.misfit {
        lines.push(misfit_line(m));
    }
    if a.fewest_pairs < FEWEST_PAIRS {
        lines.push(format!(
            "too few games to read: the fewest at a point is {}; a point's spread from fewer than {} games is no spread, so these intervals say nothing yet",
            2 * a.fewest_pairs,
            2 * FEWEST_PAIRS
        ));
    }
    if let Some(r) = d.resolution {
        lines.push(format!(
            "resolution {r}: each main effect is aliased with interactions of {} steps and each two-step interaction with interactions of {} steps; the model takes those as zero, and where they are not, they land in the estimates and in the misfit",
            r - 1,
            r.saturating_sub(2)
        ));
    }
    for (t, u) in &a.aliased {
        lines.push(format!(
            "aliased: {} is {} in this fraction; it is left out, and the estimate of {} holds both",
            term_name(d, *t),
            term_name(d, *u),
            term_name(d, *u)
        ));
    }
    if !a.fit.misses.is_empty() {
        let names: Vec<String> = a
            .fit
            .misses
            .iter()
            .map(|(p, against, obs, model)| {
                let anchor = match against {
                    Reference::Point(q) if *q != 0 => format!(" against {}", d.point_name(*q)),
                    _ => String::new(),
                };
                format!(
                    "{}{anchor} ({} played, {} modelled)",
                    d.point_name(*p),
                    signed(*obs, 0, Minus::Ascii),
                    signed(*model, 0, Minus::Ascii)
                )
            })
            .collect();
        let of = match anchors.is_empty() {
            true => format!("{} points", a.points_played),
            false => format!("{} points' games against one opponent", a.pairings_played),
        };
        lines.push(format!(
            "{} of {of} lie outside their own 95% interval about the model (about {:.0} would by chance): {}",
            names.len(),
            a.pairings_played as f64 * 0.05,
            names.join("; ")
        ));
    }
    lines
}

/// The terminal report.
pub fn terminal(a: &DesignAnalysis, opponent: &str) -> String {
    let mut out = preamble(a, opponent).join("\n") + "\n\n";
    out += &format!("Each step's worth switched on, in Elo with its 95% interval: averaged over the other steps' settings (its {} share), at the baseline's corner, and the model's Elo of the factor applied alone to the baseline (a removal row's figure):\n", averaged_is(a)).replace("main effect share", "main effect");
    out += &Text.render(&steps_table(a));
    out += "\nThe interaction matrix, every pair, largest first, in Elo with its 95% interval (positive: each step worth more with the other on; negative: one covers for the other; not resolved: the interval holds 0), and Holm's p over the pairs:\n";
    out += &Text.render(&pairs_table(a));
    out
}

/// How deep each side searched, from the games' notes (`move score/depth nodes`): the
/// opponent, the points together, and the point whose search was shallowest (the lowest
/// median, then the most shallow moves; shown, not warned of: its removals made it so). A budget in nodes or milliseconds is not a depth; this
/// says which depths the figures belong to, and whether every side searched at all.
pub fn design_depths(rows: &[GameRow], opponent: &str) -> Vec<PlayerDepths> {
    let points: Vec<String> = players_of(rows)
        .into_iter()
        .filter(|p| p != opponent)
        .collect();
    let mut out = players_depths(rows, &[opponent.to_string()]);
    out.push(pooled(rows, &points, "the points together"));
    let each = players_depths(rows, &points);
    let shallowest = each.into_iter().min_by(|a, b| {
        let median = |p: &PlayerDepths| p.profile.median.unwrap_or(f64::INFINITY);
        median(a)
            .total_cmp(&median(b))
            .then(b.profile.shallow_share.total_cmp(&a.profile.shallow_share))
    });
    if let Some(mut p) = shallowest {
        p.player = format!("the shallowest point, {}", p.player);
        p.judged = false;
        out.push(p);
    }
    out.retain(|p| p.profile.moves > 0);
    out
}

/// The Markdown report, with the links of the steps' forest plot and of the heat map (their
/// file names) and, unless the games were played at a fixed depth, how deep each side searched
/// (with a warning above the figures where one did not); and the nodes each side searched a
/// move (warned of where they are off its limit).
pub fn markdown(
    a: &DesignAnalysis,
    title: &str,
    opponent: &str,
    (forest, heatmap): &(String, String),
    (depths, nodes): (&[PlayerDepths], &[PlayerNodes]),
    more: &[String],
) -> String {
    let mut out = format!("# {title}: how the steps interact\n\n");
    let warnings = [shallow_warning(depths), off_limit_warning(nodes)];
    for warning in warnings.into_iter().flatten() {
        out += &format!("{warning}\n\n");
    }
    for line in preamble(a, opponent).iter().chain(more) {
        out += &format!("- {line}\n");
    }
    out += &search_sections(depths, nodes);
    out += "\n## Steps\n\n";
    out += &format!("![each step's worth, averaged and at the baseline]({forest})\n\n");
    out += &Markdown.render(&steps_table(a));
    out += &format!("\n## Interactions\n\n![interaction matrix]({heatmap})\n\n");
    out += &Markdown.render(&pairs_table(a));
    out
}

/// The sections on how deep and how far each side searched (none at a fixed depth), the same
/// whether or not the model can be fitted yet.
pub fn search_sections(depths: &[PlayerDepths], nodes: &[PlayerNodes]) -> String {
    let mut out = String::new();
    if !depths.is_empty() {
        out += "\n## How deep each side searched\n\n";
        out += &Markdown.render(&depth_table(depths));
        out += &format!("\n{}.\n", searching_rule_sentence());
    }
    if !nodes.is_empty() {
        out += "\n## Nodes each side searched a move\n\n";
        out += &Markdown.render(&nodes_table(nodes));
        out += &format!(
            "\nFrom each move's note in the PGN; the limit is the one the side was asked (its engine's own `limit`, else the match's; none for ablate's own search, which looks at its count every 4,096 nodes and records the nodes of its finished iterations, not of the one it cut off), and a median more than {:.0}% from it is warned of above.\n",
            100.0 * OFF_LIMIT
        );
    }
    out
}

/// What the halves of the pairs say of the model's misfit (`design_misfit`).
pub fn misfit_line(m: &Misfit) -> String {
    let halves = format!(
        "the two halves of each point's pairs (even and odd pair numbers) share {:.1} of Pearson's χ² about the model (standard error {:.1} with no misfit; one-sided p {:.3})",
        m.excess,
        m.se,
        m.p()
    );
    if m.systematic() {
        let bound = match m.floor_at_least() {
            b if b > 0.0 => format!("±{b:.1}"),
            _ => "0".to_string(),
        };
        format!(
            "misfit: {halves}: beyond chance at 5%, a sign that the points' departures from it repeat, as interactions of more steps than the model holds do; if they do, φ grows with the games, and however many games the points play the worst half-width tends to about ±{:.1} (one-sided 95% bound {bound}, from T's standard error with that misfit, {:.1})",
            m.floor(),
            m.se_with_misfit
        )
    } else {
        format!("misfit: {halves}: not beyond chance at 5%, so no sign yet that more games stop narrowing the half-widths")
    }
}
