//! Precision-targeted runs (`precision = X`): a match stops once every effect of its design
//! (against a gauntlet, every effect pooled over the opponents), or every pairing's Elo, has a
//! 95% half-width of X Elo or less.
//!
//! The rule is checked only on whole rounds, a round being one complete pair of every pairing:
//! pairs are played in canonical order, so the games a run keeps are a prefix of the same
//! games for any `--jobs`, and a resumed run stops where an unbroken one would have. It is not
//! checked before `MIN_PAIRS` pairs (and 4 rounds), because a spread measured on a handful of
//! pairs can come out small by chance and stop the run early on an interval that is too
//! narrow. Stopping on a half-width (which does not look at the estimate itself) leaves the
//! intervals' coverage close to 95%: `tests/integration/design_statistics.rs` measures it by
//! simulation. A design's rule counts the pairs its fit does: none an engine's fault ended.

use super::design_fit::{fit, mean_of, terms_of, PointPairs, Reference};
use super::design_misfit::{split_half, Misfit};
use super::elo::{estimate, PairTally, Pentanomial};
use super::faults::without_faulted_pairs;
use crate::config::design::Design;
use crate::game_record::GameRow;
use std::collections::HashMap;

/// Pairs a run must hold, over all its pairings, before the rule is first checked.
pub const MIN_PAIRS: usize = 64;
/// Rounds a run must hold before the rule is first checked.
pub const MIN_ROUNDS: usize = 4;

/// The first round count at which the rule may be checked, for `pairings` pairings.
pub fn first_check(pairings: usize) -> usize {
    MIN_ROUNDS.max(MIN_PAIRS.div_ceil(pairings.max(1)))
}

/// Each pairing's pentanomial over its pairs before `rounds`, both games in.
pub fn pentanomials(
    pairings: &[(String, String)],
    rows: &[GameRow],
    rounds: usize,
) -> Vec<Pentanomial> {
    pentanomials_where(pairings, rows, |pair| pair < rounds)
}

/// Each pairing's pentanomial over the pairs whose number `keep` takes, both games in.
fn pentanomials_where(
    pairings: &[(String, String)],
    rows: &[GameRow],
    keep: impl Fn(usize) -> bool,
) -> Vec<Pentanomial> {
    let index: HashMap<(&str, &str), usize> = pairings
        .iter()
        .enumerate()
        .map(|(i, (v, o))| ((v.as_str(), o.as_str()), i))
        .collect();
    let mut tallies = vec![PairTally::default(); pairings.len()];
    for row in rows.iter().filter(|r| keep(r.pair)) {
        if let Some(&i) = index.get(&(row.variant.as_str(), row.opponent.as_str())) {
            tallies[i].add(row.pair, row.variant_points());
        }
    }
    tallies.into_iter().map(|t| t.ptnml).collect()
}

/// A design as a match plays it: the design, and who each pairing's opponent is to its model
/// (`Reference::of_each`, in the pairings' order).
pub type PlayedDesign<'a> = (&'a Design, &'a [Reference]);

/// The largest 95% half-width the run's figures have over its first `rounds` rounds: each
/// design effect (main effects and two-factor interactions) for the pairings that play the
/// design's points, each pairing's Elo for the others. `None` when not every figure can be
/// estimated yet.
pub fn worst_half_width(
    design: Option<PlayedDesign>,
    pairings: &[(String, String)],
    rows: &[GameRow],
    rounds: usize,
) -> Option<f64> {
    // A design's figures leave out the pairs an engine's fault ended (`faults`), so its target
    // is met on the pairs its report fits; a plain match's pairings score faults as losses.
    let rows = match design {
        Some(_) => without_faulted_pairs(rows),
        None => std::borrow::Cow::Borrowed(rows),
    };
    let counts = pentanomials(pairings, &rows, rounds);
    let mut worst: f64 = 0.0;
    // The points' pairs: one block for one model (against the corner, an anchor or one other
    // player), a block for each opponent of a gauntlet.
    let gauntlet = design.is_some_and(|played| is_gauntlet(played, pairings));
    let opponents = match design {
        Some((d, _)) if gauntlet => opponents_of(d, pairings),
        Some(_) => vec![String::new()],
        None => Vec::new(),
    };
    let mut points: Vec<Vec<PointPairs>> = vec![Vec::new(); opponents.len()];
    for (i, ((variant, opponent), ptnml)) in pairings.iter().zip(&counts).enumerate() {
        match design.and_then(|(d, against)| Some((d.point_of(variant)?, against[i]))) {
            Some((point, against)) => {
                let block = match gauntlet {
                    true => opponents.iter().position(|o| o == opponent)?,
                    false => 0,
                };
                points[block].push(PointPairs {
                    point,
                    against,
                    ptnml: ptnml.0,
                });
            }
            None => {
                // An interval that does not exist (pairs that all scored alike have a width
                // of zero) meets no target: it is not yet estimated.
                let e = estimate(ptnml).filter(|e| e.has_interval())?;
                let half = (e.elo_hi - e.elo).max(e.elo - e.elo_lo);
                worst = worst.max(half);
            }
        }
    }
    match (design, points.len()) {
        (Some((design, _)), 1) => {
            let (terms, _) = terms_of(design);
            let fitted = fit(&points[0], &terms).ok()?;
            worst = worst.max(fitted.worst_half_width());
        }
        (Some((design, _)), 2..) => worst = worst.max(worst_pooled_half_width(design, &points)?),
        _ => {}
    }
    Some(worst)
}

/// The opponents a design's points play, in the order of the pairings; more than one makes a
/// gauntlet.
pub fn opponents_of(design: &Design, pairings: &[(String, String)]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (v, o) in pairings {
        if design.point_of(v).is_some() && !out.contains(o) {
            out.push(o.clone());
        }
    }
    out
}

/// Whether a design's points played a gauntlet: more than one opponent of its own
/// (`Reference::Other`), each fitted apart. Opponents that play as points of the design (the
/// baseline at the corner, an anchor) are all read by one model.
pub fn is_gauntlet((design, against): PlayedDesign, pairings: &[(String, String)]) -> bool {
    let mut others: Vec<&str> = (pairings.iter().zip(against))
        .filter(|((v, _), a)| design.point_of(v).is_some() && **a == Reference::Other)
        .map(|((_, o), _)| o.as_str())
        .collect();
    others.sort_unstable();
    others.dedup();
    others.len() > 1
}

/// The largest 95% half-width of the figures against the gauntlet (every main effect and
/// two-step interaction, each the mean over the opponents), from each opponent's points;
/// `None` when some opponent's fit cannot be made yet. Each opponent is fitted apart, a
/// player of its own (`Reference::Other`).
pub fn worst_pooled_half_width(design: &Design, by_opponent: &[Vec<PointPairs>]) -> Option<f64> {
    let (terms, _) = terms_of(design);
    let own = |p: &PointPairs| PointPairs {
        against: Reference::Other,
        ..*p
    };
    let fits = by_opponent
        .iter()
        .map(|points| fit(&points.iter().map(own).collect::<Vec<_>>(), &terms).ok())
        .collect::<Option<Vec<_>>>()?;
    terms
        .iter()
        .filter(|t| (1..=2).contains(&t.count_ones()))
        .map(|t| mean_of(&fits.iter().map(|f| f.effect(*t)).collect::<Vec<_>>()).half_width())
        .reduce(f64::max)
}

/// A design's points' pairs before `rounds`: all of them, and the two halves by the pair's
/// number (even, odd), each of which plays the same openings at every point
/// (`design_misfit`).
pub fn design_points(
    (design, against): PlayedDesign,
    pairings: &[(String, String)],
    rows: &[GameRow],
    rounds: usize,
) -> [Vec<PointPairs>; 3] {
    let points = |keep: &dyn Fn(usize) -> bool| -> Vec<PointPairs> {
        pentanomials_where(pairings, rows, |pair| pair < rounds && keep(pair))
            .iter()
            .zip(pairings)
            .zip(against)
            .filter_map(|((c, (v, _)), against)| {
                design.point_of(v).map(|point| PointPairs {
                    point,
                    against: *against,
                    ptnml: c.0,
                })
            })
            .collect()
    };
    [
        points(&|_| true),
        points(&|pair| pair % 2 == 0),
        points(&|pair| pair % 2 == 1),
    ]
}

/// Whether a single design's misfit over its first `rounds` rounds is systematic, and the
/// floor it holds the half-widths to (`design_misfit`), for the progress line's estimate of
/// the games a target needs; `None` for a plain match, a gauntlet or a fit not yet made.
pub fn misfit_at(
    design: Option<PlayedDesign>,
    pairings: &[(String, String)],
    rows: &[GameRow],
    rounds: usize,
) -> Option<Misfit> {
    let played = design?;
    if is_gauntlet(played, pairings) {
        return None;
    }
    let [all, even, odd] = design_points(played, pairings, &without_faulted_pairs(rows), rounds);
    let (terms, _) = terms_of(played.0);
    let fitted = fit(&all, &terms).ok()?;
    split_half(&fitted, &all, [&even, &odd])
}
