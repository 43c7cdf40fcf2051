//! What a design's report says of the games its engines lost by a fault (`stats::faults`):
//! how many, of which kind and whose; that the fit leaves out their pairs, and why; each
//! point's fault rate and whether it depends on a factor (where it does, leaving them out is
//! not neutral); and, beside the fit, the fit that scores each fault as a loss (cutechess's
//! and fastchess's way), with every figure whose verdict (interval holds 0, or excludes it)
//! differs between the two.

use super::design_report::{steps_table, with_interval};
use crate::output::export::{Exporter, Markdown, Text};
use crate::output::number_format::thousands;
use crate::output::table::{Cell, Table};
use crate::stats::design_effects::DesignAnalysis;
use crate::stats::design_fit::Estimate;
use crate::stats::faults::{DesignFaults, FactorFaults, FaultCounts};

/// A Holm p under this names a factor the fault rate depends on.
const DEPENDS: f64 = 0.05;

/// `238 time forfeits, 69 crashes, 0 other`.
pub fn kinds(c: &FaultCounts) -> String {
    let plural = |n: usize, one: &str, many: &str| match n {
        1 => format!("1 {one}"),
        n => format!("{} {many}", thousands(n as u64)),
    };
    format!(
        "{}, {}, {} other",
        plural(c.forfeits, "time forfeit", "time forfeits"),
        plural(c.crashes, "crash", "crashes"),
        thousands(c.other as u64)
    )
}

/// The factors whose fault rate differs between their levels (Holm p under `DEPENDS`).
fn dependent(f: &DesignFaults) -> Vec<&FactorFaults> {
    f.factors.iter().filter(|x| x.p_holm < DEPENDS).collect()
}

/// The report's head line on faults: none, or how many of which kind and whose, that their
/// pairs are left out, and whether the rate depends on a factor. `beside` says whether the
/// report gives the fit with the faults scored as losses (a gauntlet's does not).
pub fn faults_line(f: &DesignFaults, opponent: &str, beside: bool) -> String {
    if f.faults.total() == 0 {
        return "engine faults: none (no game ended by a time forfeit, a crash or an illegal move)"
            .to_string();
    }
    let share = 100.0 * f.faults.total() as f64 / f.games.max(1) as f64;
    let depends = dependent(f);
    let rate = match depends.as_slice() {
        [] => {
            let least = f.factors.iter().min_by(|a, b| a.p.total_cmp(&b.p));
            let least = least.map_or(String::new(), |x| {
                format!(
                    " (the least p, {}: {:.3}, {:.2} after Holm)",
                    x.factor, x.p, x.p_holm
                )
            });
            format!("the fault rate differs between no factor's levels{least}")
        }
        some => {
            let named: Vec<String> = some
                .iter()
                .map(|x| format!("{} (Holm p {:.3})", x.factor, x.p_holm))
                .collect();
            format!(
                "the fault rate depends on {}: leaving them out is not neutral there",
                named.join(", ")
            )
        }
    };
    let as_losses = match beside {
        true => "the fit scoring each as the faulting side's loss, as cutechess and fastchess do, is given below with the verdicts that differ",
        false => "this report does not give the fit scoring each as the faulting side's loss",
    };
    format!(
        "engine faults: {} of {} games ({share:.1}%): {}; at fault {opponent} {}, the points' own engines {}. The fit leaves out {}, both games of each (a fault says nothing of a step's worth, and the pair is the pentanomial's unit); {as_losses}; {rate}",
        thousands(f.faults.total() as u64),
        thousands(f.games as u64),
        kinds(&f.faults),
        f.opponents.total(),
        f.points_own.total(),
        match f.pairs_left_out {
            1 => "the 1 pair they ended".to_string(),
            n => format!("the {} pairs they ended", thousands(n as u64)),
        },
    )
}

fn holds_zero(e: &Estimate) -> bool {
    let (lo, hi) = e.interval();
    lo <= 0.0 && 0.0 <= hi
}

/// Every figure whose interval holds 0 in one fit and excludes it in the other: its name, and
/// its figure without the faults and with them as losses.
pub fn verdicts_that_differ(
    without: &DesignAnalysis,
    as_losses: &DesignAnalysis,
) -> Vec<(String, Estimate, Estimate)> {
    without
        .named_figures()
        .into_iter()
        .zip(as_losses.named_figures())
        .filter(|((_, a), (_, b))| holds_zero(a) != holds_zero(b))
        .map(|((name, a), (_, b))| (name, a, b))
        .collect()
}

/// The verdicts that differ, one sentence.
fn differ_sentence(without: &DesignAnalysis, as_losses: &DesignAnalysis) -> String {
    let differ = verdicts_that_differ(without, as_losses);
    if differ.is_empty() {
        return "No figure's verdict differs: every interval that holds 0 in the fit without the faults holds it here, and every one that excludes it excludes it here.".to_string();
    }
    let named: Vec<String> = differ
        .iter()
        .map(|(name, a, b)| {
            let verdict = |e: &Estimate| {
                if holds_zero(e) {
                    "holds 0"
                } else {
                    "excludes 0"
                }
            };
            format!(
                "{name}: {} ({}) without them, {} ({}) with them as losses",
                with_interval(a),
                verdict(a),
                with_interval(b),
                verdict(b)
            )
        })
        .collect();
    format!("Verdicts that differ: {}.", named.join("; "))
}

/// Per factor: the fault rate at each level and the test of their difference.
fn factors_table(f: &DesignFaults) -> Table {
    let mut t = Table::aligned(
        &["factor", "faults where applied", "where not", "p", "Holm p"],
        "lrrrr",
    );
    let share = |(faults, games): (usize, usize)| {
        let rate = 100.0 * faults as f64 / games.max(1) as f64;
        format!("{faults} of {} ({rate:.1}%)", thousands(games as u64))
    };
    for x in &f.factors {
        t.row(vec![
            Cell::text(x.factor.clone()),
            Cell::text(share(x.applied)),
            Cell::text(share(x.not_applied)),
            Cell::number(Some(x.p)).shown_as(format!("{:.3}", x.p)),
            Cell::number(Some(x.p_holm)).shown_as(format!("{:.3}", x.p_holm)),
        ]);
    }
    t
}

/// Per point: its games, their faults by kind, its own engine's, the pairs left out, the rate.
fn points_table(f: &DesignFaults) -> Table {
    let mut t = Table::aligned(
        &[
            "point",
            "games",
            "time forfeits",
            "crashes",
            "other",
            "its own engine's",
            "pairs left out",
            "fault rate",
        ],
        "lrrrrrrr",
    );
    for p in &f.points {
        let n = |x: usize| Cell::whole(x as u64);
        t.row(vec![
            Cell::text(p.point.clone()),
            n(p.games),
            n(p.faults.forfeits),
            n(p.faults.crashes),
            n(p.faults.other),
            n(p.own),
            n(p.pairs_left_out),
            Cell::number(Some(p.rate())).shown_as(format!("{:.1}%", 100.0 * p.rate())),
        ]);
    }
    t
}

/// The Markdown sections on faults, for a design with any: per factor and per point, then the
/// steps with the faults scored as losses and the verdicts that differ. Empty without faults.
pub fn faults_markdown(
    f: &DesignFaults,
    without: &DesignAnalysis,
    as_losses: &Result<DesignAnalysis, String>,
) -> String {
    if f.faults.total() == 0 {
        return String::new();
    }
    let mut out = "\n## Engine faults\n\n".to_string();
    out += &format!("Games that ended by a fault ({}), whichever side was at fault, at the points that apply each factor and at those that do not; p tests the two shares' difference (pooled two-proportion test), Holm's adjustment runs over the factors.\n\n", kinds(&f.faults));
    out += &Markdown.render(&factors_table(f));
    out += "\nEach point's games against its opponent; a fault of either side leaves the pair out.\n\n";
    out += &Markdown.render(&points_table(f));
    out += "\n## Steps with the faulted games scored as losses\n\n";
    match as_losses {
        Ok(a) => {
            out += &Markdown.render(&steps_table(a));
            out += &format!("\n{}\n", differ_sentence(without, a));
        }
        Err(m) => out += &format!("The model cannot be fitted with them: {m}.\n"),
    }
    out
}

/// The same for the terminal: the steps with the faults as losses and the verdicts that
/// differ. Empty without faults.
pub fn faults_terminal(
    f: &DesignFaults,
    without: &DesignAnalysis,
    as_losses: &Result<DesignAnalysis, String>,
) -> String {
    if f.faults.total() == 0 {
        return String::new();
    }
    match as_losses {
        Ok(a) => format!(
            "The steps with the faulted games scored as losses:\n{}{}\n",
            Text.render(&steps_table(a)),
            differ_sentence(without, a)
        ),
        Err(m) => format!("The model cannot be fitted with the faulted games: {m}\n"),
    }
}
