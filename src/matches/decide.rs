//! The match's fourth stage, decide: from the games so far, which pairings' SPRT has decided
//! and at which whole round the precision target is met, and at the end which games the match
//! keeps (a prefix of the canonical order, the same for any `--jobs`). It reads rows and says
//! what to do; the session hands that to the players, so that this stage calls no other.

use super::joined_runs::Beside;
use super::pairings::PreparedMatch;
use crate::game_record::GameRow;
use crate::output::progress_bar::MisfitFloor;
use crate::stats::design_fit::Reference;
use crate::stats::design_misfit::Misfit;
use crate::stats::elo::{Hypothesis, PairTally, Sprt};
use crate::stats::precision::{first_check, misfit_at, worst_half_width, PlayedDesign};
use std::borrow::Cow;

/// Who each pairing's opponent is to the match's design (`Reference::of_each`); empty without
/// a design.
fn opponents_to_design(
    prepared: &PreparedMatch,
    pairing_names: &[(String, String)],
) -> Vec<Reference> {
    (prepared.experiment.design.as_ref()).map_or(Vec::new(), |d| {
        Reference::of_each(d, &prepared.variants, pairing_names)
    })
}

/// Which rounds (one pair of every pairing) are complete, as games come in any order.
struct Rounds {
    /// Games finished per pair index.
    games: Vec<usize>,
    /// Games in a whole round.
    per_round: usize,
    /// Rounds 0..complete are whole.
    complete: usize,
}

impl Rounds {
    fn new(pairings: usize, done: &[GameRow]) -> Rounds {
        let mut rounds = Rounds {
            games: Vec::new(),
            per_round: 2 * pairings,
            complete: 0,
        };
        done.iter().for_each(|r| rounds.add(r.pair));
        rounds
    }

    fn add(&mut self, pair: usize) {
        if self.games.len() <= pair {
            self.games.resize(pair + 1, 0);
        }
        self.games[pair] += 1;
        while self.games.get(self.complete) == Some(&self.per_round) {
            self.complete += 1;
        }
    }
}

/// A precision check on whole rounds: the worst half-width so far, and the target.
#[derive(Debug, Clone, Copy)]
pub struct Check {
    pub worst: f64,
    pub target: f64,
    /// A single design's misfit, read for the progress line's estimate of the games to go.
    pub misfit: Option<Misfit>,
}

impl Check {
    /// The misfit's floor for the progress line, when the misfit is systematic.
    pub fn floor(&self) -> Option<MisfitFloor> {
        self.misfit.filter(Misfit::systematic).map(|m| MisfitFloor {
            floor: m.floor(),
            at_least: m.floor_at_least(),
            times: m.times_to(self.target),
        })
    }
}

/// What one finished game changed.
#[derive(Debug, Default)]
pub struct Verdict {
    /// Pairings whose SPRT has decided: their later pairs are not started.
    pub decided: Vec<usize>,
    /// The precision checks made on the rounds this game completed.
    pub checks: Vec<Check>,
    /// Pairs from this one on are not started: the target was met on the rounds before it.
    pub pair_limit: Option<usize>,
}

/// The decide stage's state: the rounds, the names of the pairings, and the stop found so far.
pub struct Decider<'a> {
    prepared: &'a PreparedMatch,
    pairing_names: Vec<(String, String)>,
    /// Games fitted beside the match's own when its target is checked (`fit_with`).
    beside: Beside,
    /// The pairings the precision check fits: the match's, then those of the games beside.
    fitted_names: Vec<(String, String)>,
    /// Who each fitted pairing's opponent is to the design, if there is one.
    against: Vec<Reference>,
    rounds: Rounds,
    /// The first pair not kept, once the precision target is met.
    pair_limit: Option<usize>,
}

impl<'a> Decider<'a> {
    /// The state after the games a resumed match kept: a run resumed past the point where its
    /// target was met plays nothing more.
    pub fn new(prepared: &'a PreparedMatch, done: &[GameRow], beside: Beside) -> Decider<'a> {
        let pairing_names: Vec<(String, String)> = prepared
            .pairings
            .iter()
            .map(|p| {
                (
                    prepared.variants[p.variant].name.clone(),
                    prepared.variants[p.opponent].name.clone(),
                )
            })
            .collect();
        let rounds = Rounds::new(pairing_names.len(), done);
        let mut against = opponents_to_design(prepared, &pairing_names);
        against.extend(beside.against.iter().copied());
        let fitted_names = [pairing_names.as_slice(), &beside.pairings].concat();
        let mut decider = Decider {
            prepared,
            pairing_names,
            beside,
            fitted_names,
            against,
            rounds,
            pair_limit: None,
        };
        decider.pair_limit = (prepared.options.precision).and_then(|target| {
            (first_check(decider.pairing_names.len())..=decider.rounds.complete)
                .find(|&r| decider.worst_at(done, r).is_some_and(|w| w <= target))
        });
        decider
    }

    /// The games the precision check fits at `rounds` whole rounds of this match: its own pairs
    /// before them and, whole, the games beside; with the round count that keeps them all.
    fn fitted_rows<'r>(&self, rows: &'r [GameRow], rounds: usize) -> (Cow<'r, [GameRow]>, usize) {
        if self.beside.rows.is_empty() {
            return (Cow::Borrowed(rows), rounds);
        }
        let own = rows.iter().filter(|r| r.pair < rounds);
        let all = own.chain(&self.beside.rows).cloned().collect();
        (Cow::Owned(all), usize::MAX)
    }

    /// The worst half-width at `rounds` whole rounds (`precision::worst_half_width`).
    fn worst_at(&self, rows: &[GameRow], rounds: usize) -> Option<f64> {
        let (rows, rounds) = self.fitted_rows(rows, rounds);
        worst_half_width(self.played_design(), &self.fitted_names, &rows, rounds)
    }

    /// The misfit at `rounds` whole rounds (`precision::misfit_at`).
    fn misfit_at(&self, rows: &[GameRow], rounds: usize) -> Option<Misfit> {
        let (rows, rounds) = self.fitted_rows(rows, rounds);
        misfit_at(self.played_design(), &self.fitted_names, &rows, rounds)
    }

    /// The match's design, if any, with who its pairings' opponents are to it.
    fn played_design(&self) -> Option<PlayedDesign<'_>> {
        let design = self.prepared.experiment.design.as_ref()?;
        Some((design, &self.against))
    }

    /// The first pair not to start, when the target is already met.
    pub fn pair_limit(&self) -> Option<usize> {
        self.pair_limit
    }

    /// The check that met the target on the games a resumed match kept, for the progress line.
    pub fn resumed_check(&self, done: &[GameRow]) -> Option<Check> {
        let (target, rounds) = (self.prepared.options.precision?, self.pair_limit?);
        Some(Check {
            worst: self.worst_at(done, rounds).unwrap_or(f64::NAN),
            target,
            misfit: self.misfit_at(done, rounds),
        })
    }

    /// What the last game of `rows` (every game so far, that one last) changed.
    pub fn after_game(&mut self, rows: &[GameRow]) -> Verdict {
        let mut verdict = Verdict::default();
        if let Some(sprt) = self.prepared.options.sprt() {
            verdict.decided = (0..self.prepared.pairings.len())
                .filter(|&i| sprt_decision(self.prepared, rows, i, &sprt).is_some())
                .collect();
        }
        let before = self.rounds.complete;
        self.rounds.add(rows.last().map_or(0, |r| r.pair));
        let (Some(target), None) = (self.prepared.options.precision, self.pair_limit) else {
            return verdict;
        };
        let first = first_check(self.pairing_names.len());
        for r in (before + 1).max(first)..=self.rounds.complete {
            let worst = self.worst_at(rows, r).unwrap_or(f64::INFINITY);
            // Only the last check of a game reaches the progress line: read its misfit alone.
            let misfit = (r == self.rounds.complete && worst > target)
                .then(|| self.misfit_at(rows, r))
                .flatten();
            verdict.checks.push(Check {
                worst,
                target,
                misfit,
            });
            if worst <= target {
                self.pair_limit = Some(r);
                verdict.pair_limit = Some(r);
                break;
            }
        }
        verdict
    }

    /// The games the match keeps, in canonical order: the rounds that met the target (games of
    /// later pairs already in play are dropped) and, with SPRT, each pairing's pairs up to its
    /// decision; so that the file is the same for any `--jobs`.
    pub fn kept(&self, mut rows: Vec<GameRow>) -> Vec<GameRow> {
        if let Some(sprt) = self.prepared.options.sprt() {
            let cut: Vec<Option<usize>> = (0..self.prepared.pairings.len())
                .map(|i| sprt_decision(self.prepared, &rows, i, &sprt).map(|(pairs, _, _)| pairs))
                .collect();
            rows.retain(|r| {
                let (pair, pairing, _) = self.prepared.order_key(r);
                cut.get(pairing).copied().flatten().is_none_or(|n| pair < n)
            });
        }
        rows.sort_by_key(|r| self.prepared.order_key(r));
        rows
    }

    /// The games of pairs the target's rounds hold (all of them when it is not met).
    pub fn within_limit(&self, mut rows: Vec<GameRow>) -> Vec<GameRow> {
        if let Some(limit) = self.pair_limit {
            rows.retain(|r| r.pair < limit);
        }
        rows
    }
}

/// The first prefix of complete pairs (in pair order) at which pairing `i`'s SPRT decides:
/// (pairs, LLR, hypothesis).
fn sprt_decision(
    prepared: &PreparedMatch,
    rows: &[GameRow],
    i: usize,
    sprt: &Sprt,
) -> Option<(usize, f64, Hypothesis)> {
    let p = prepared.pairings[i];
    let (v, o) = (
        &prepared.variants[p.variant].name,
        &prepared.variants[p.opponent].name,
    );
    let mut games: Vec<&GameRow> = rows
        .iter()
        .filter(|r| &r.variant == v && &r.opponent == o)
        .collect();
    games.sort_by_key(|r| r.pair);
    // Pairs in order: the decision is read after each complete pair, up to the first pair
    // that is missing or waits for its second game.
    let (mut tally, mut complete) = (PairTally::default(), 0);
    for r in games {
        if r.pair > complete {
            return None;
        }
        if tally.add(r.pair, r.variant_points()) {
            complete += 1;
            let llr = sprt.llr(&tally.ptnml);
            if let Some(h) = sprt.decide(llr) {
                return Some((complete, llr, h));
            }
        }
    }
    None
}
