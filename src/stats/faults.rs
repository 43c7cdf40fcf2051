//! Games an engine lost by a fault (a time forfeit, a crash, an illegal move) rather than by
//! play, and the rule a design's fit follows for them: the pair such a game belongs to (the
//! two games of one opening, colours reversed: the pentanomial's unit) is left out whole.
//!
//! Why: a fault says nothing of a step's worth in chess, and scoring it as the faulting
//! side's loss (as cutechess and fastchess score a game) charges the step for its engine's
//! crash or for a machine that starved it. Leaving out the game alone would break its pair,
//! so both go. What is left out is counted and shown (per engine, per point, per factor),
//! with the fit that scores faults as losses beside the one without them; and where the fault
//! rate depends on a factor, leaving faults out is not neutral, which the per-factor test
//! says.

use super::distributions::{holm, two_sided_p};
use crate::config::design::Design;
use crate::game_record::{FaultKind, GameRow};
use std::borrow::Cow;
use std::collections::HashSet;

/// Faults by kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct FaultCounts {
    /// Time forfeits.
    pub forfeits: usize,
    /// Crashes (the engine exited or closed its pipes).
    pub crashes: usize,
    /// Anything else: an illegal move, no move.
    pub other: usize,
}

impl FaultCounts {
    /// The faults of `rows`, whoever was at fault.
    pub fn of<'a>(rows: impl IntoIterator<Item = &'a GameRow>) -> FaultCounts {
        let mut counts = FaultCounts::default();
        rows.into_iter()
            .filter_map(GameRow::fault)
            .for_each(|k| counts.add(k));
        counts
    }

    fn add(&mut self, kind: FaultKind) {
        match kind {
            FaultKind::Forfeit => self.forfeits += 1,
            FaultKind::Crash => self.crashes += 1,
            FaultKind::Other => self.other += 1,
        }
    }

    /// Every fault.
    pub fn total(&self) -> usize {
        self.forfeits + self.crashes + self.other
    }
}

/// A pair's key: the pairing and the pair within it.
fn pair_key(r: &GameRow) -> (&str, &str, usize) {
    (&r.variant, &r.opponent, r.pair)
}

/// The pairs in which a game ended by a fault.
fn faulted_pairs(rows: &[GameRow]) -> HashSet<(&str, &str, usize)> {
    rows.iter()
        .filter(|r| r.fault().is_some())
        .map(pair_key)
        .collect()
}

/// `rows` without every pair in which either game ended by a fault (borrowed as they are when
/// none did, so that a design without faults is read without a copy).
pub fn without_faulted_pairs(rows: &[GameRow]) -> Cow<'_, [GameRow]> {
    let faulted = faulted_pairs(rows);
    if faulted.is_empty() {
        return Cow::Borrowed(rows);
    }
    let kept = rows.iter().filter(|r| !faulted.contains(&pair_key(r)));
    Cow::Owned(kept.cloned().collect())
}

/// How many pairs `without_faulted_pairs` leaves out.
pub fn faulted_pair_count(rows: &[GameRow]) -> usize {
    faulted_pairs(rows).len()
}

/// One point's games and the faults among them.
#[derive(Debug, Clone, serde::Serialize)]
pub struct PointFaults {
    /// The point (its variant's name).
    pub point: String,
    /// Its games, and those that ended by a fault (whichever side was at fault).
    pub games: usize,
    pub faults: FaultCounts,
    /// The faults of the point's own engine; the rest were its opponent's.
    pub own: usize,
    /// The pairs left out of the fit.
    pub pairs_left_out: usize,
}

impl PointFaults {
    /// The share of its games that ended by a fault.
    pub fn rate(&self) -> f64 {
        self.faults.total() as f64 / self.games.max(1) as f64
    }
}

/// Whether a factor's points end games by a fault more or less often than the others: the
/// two shares, and the two-sided p of their difference (the pooled two-proportion test).
#[derive(Debug, Clone, serde::Serialize)]
pub struct FactorFaults {
    /// The factor's name.
    pub factor: String,
    /// Faulted games and games at the points that apply it, and at those that do not.
    pub applied: (usize, usize),
    pub not_applied: (usize, usize),
    /// The test's p, and Holm's adjustment over the factors.
    pub p: f64,
    pub p_holm: f64,
}

/// The two-sided p of two shares' difference, `a` of `n` against `b` of `m`, by the pooled
/// normal approximation; 1 where no game or every game faulted (no difference to see).
fn two_shares_p((a, n): (usize, usize), (b, m): (usize, usize)) -> f64 {
    let (n, m) = (n as f64, m as f64);
    let pooled = (a + b) as f64 / (n + m);
    let se = (pooled * (1.0 - pooled) * (1.0 / n + 1.0 / m)).sqrt();
    if se.is_nan() || se <= 0.0 {
        return 1.0;
    }
    two_sided_p((a as f64 / n - b as f64 / m) / se)
}

/// The faults of a design's games: who was at fault, each point's, and each factor's test.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct DesignFaults {
    /// Every game, and every fault by kind.
    pub games: usize,
    pub faults: FaultCounts,
    /// The pairs left out of the fit.
    pub pairs_left_out: usize,
    /// The faults of the opponent(s) the points play, and of the points' engines together.
    pub opponents: FaultCounts,
    pub points_own: FaultCounts,
    /// Per point, in the design's run order (points without games left out).
    pub points: Vec<PointFaults>,
    /// Per factor, in design order.
    pub factors: Vec<FactorFaults>,
}

/// The faults of `rows`, games of `design`'s points against their opponent(s).
pub fn design_faults(design: &Design, rows: &[GameRow]) -> DesignFaults {
    let names = design.point_names();
    let mut points: Vec<PointFaults> = names
        .iter()
        .map(|name| PointFaults {
            point: name.clone(),
            games: 0,
            faults: FaultCounts::default(),
            own: 0,
            pairs_left_out: 0,
        })
        .collect();
    let mut out = DesignFaults {
        games: rows.len(),
        faults: FaultCounts::of(rows),
        pairs_left_out: faulted_pair_count(rows),
        ..DesignFaults::default()
    };
    for r in rows {
        let kind = r.fault();
        let own = kind.is_some() && r.loser() == Some(r.variant.as_str());
        match (kind, own) {
            (Some(k), true) => out.points_own.add(k),
            (Some(k), false) => out.opponents.add(k),
            (None, _) => {}
        }
        let Some(p) = names.iter().position(|n| *n == r.variant) else {
            continue;
        };
        points[p].games += 1;
        if let Some(k) = kind {
            points[p].faults.add(k);
            points[p].own += usize::from(own);
        }
    }
    for (variant, _, _) in faulted_pairs(rows) {
        if let Some(p) = names.iter().position(|n| n == variant) {
            points[p].pairs_left_out += 1;
        }
    }
    out.factors = factor_tests(design, &points);
    out.points = points.into_iter().filter(|p| p.games > 0).collect();
    out
}

/// Each factor's faulted games and games at its two levels, tested, with Holm over factors.
fn factor_tests(design: &Design, points: &[PointFaults]) -> Vec<FactorFaults> {
    let mut out: Vec<FactorFaults> = design
        .factors
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let mut levels = [(0, 0); 2];
            for (point, p) in design.points.iter().zip(points) {
                let level = &mut levels[usize::from(point & (1 << i) != 0)];
                level.0 += p.faults.total();
                level.1 += p.games;
            }
            FactorFaults {
                factor: f.name.clone(),
                applied: levels[1],
                not_applied: levels[0],
                p: two_shares_p(levels[1], levels[0]),
                p_holm: 1.0,
            }
        })
        .collect();
    let adjusted = holm(&out.iter().map(|f| f.p).collect::<Vec<_>>());
    for (f, a) in out.iter_mut().zip(adjusted) {
        f.p_holm = a;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn design() -> Design {
        let table: toml::Table = toml::from_str(
            "fraction = \"full\"\n[factors]\nno_a = { \"null_move.enabled\" = false }\n\
             no_b = { \"lmr.enabled\" = false }\n",
        )
        .unwrap();
        crate::config::design::parse(table).unwrap()
    }

    /// Game `game` of `pair` for `point` against "base", won by `winner`, ended by `how`.
    fn game(point: &str, pair: usize, game: usize, winner: &str, how: &str) -> GameRow {
        let (white, black) = match game {
            0 => (point, "base"),
            _ => ("base", point),
        };
        let result = match winner {
            w if w == white => "1-0",
            w if w == black => "0-1",
            _ => "1/2-1/2",
        };
        GameRow {
            variant: point.into(),
            opponent: "base".into(),
            pair,
            game,
            white: white.into(),
            black: black.into(),
            result: result.into(),
            termination: how.into(),
            ..GameRow::default()
        }
    }

    #[test]
    fn a_pair_with_a_faulted_game_is_left_out_whole_and_counted() {
        let forfeit = "time forfeit: base: engine \"x\": no bestmove after go";
        let crash = "abandoned: no_a: engine \"x\": it exited (signal: 6 (SIGABRT))";
        let rows = vec![
            game("none", 0, 0, "none", "checkmate"),
            game("none", 0, 1, "none", forfeit),
            game("none", 1, 0, "base", "adjudication: resign"),
            game("none", 1, 1, "", "threefold repetition"),
            game("no_a", 0, 0, "base", crash),
            game("no_a", 0, 1, "no_a", "checkmate"),
            game("no_a", 1, 0, "no_a", "rules infraction: base: illegal move"),
            game("no_a", 1, 1, "base", "checkmate"),
            game("no_b", 0, 0, "no_b", "checkmate"),
            game("no_b", 0, 1, "", "stalemate"),
        ];
        let kept = without_faulted_pairs(&rows);
        let left: Vec<(&str, usize)> = kept.iter().map(|r| (&r.variant[..], r.pair)).collect();
        assert_eq!(
            left,
            [("none", 1), ("none", 1), ("no_b", 0), ("no_b", 0)],
            "both games of each faulted pair go, the other pairs stay"
        );
        let f = design_faults(&design(), &rows);
        let counts = |forfeits, crashes, other| FaultCounts {
            forfeits,
            crashes,
            other,
        };
        assert_eq!((f.games, f.pairs_left_out), (10, 3));
        assert_eq!(f.faults, counts(1, 1, 1));
        // The forfeit and the illegal move were the opponent's; the crash no_a's own engine's.
        assert_eq!(f.opponents, counts(1, 0, 1));
        assert_eq!(f.points_own, counts(0, 1, 0));
        let no_a = f.points.iter().find(|p| p.point == "no_a").unwrap();
        assert_eq!((no_a.games, no_a.faults.total(), no_a.own), (4, 2, 1));
        assert_eq!(no_a.pairs_left_out, 2);
        assert!((no_a.rate() - 0.5).abs() < 1e-12);
        // no_a's points faulted in 2 of 4 games, the others in 1 of 6.
        assert_eq!(f.factors[0].applied, (2, 4));
        assert_eq!(f.factors[0].not_applied, (1, 6));
        // A design without faults is read as it is, without a copy.
        let clean = &rows[8..];
        assert!(matches!(without_faulted_pairs(clean), Cow::Borrowed(_)));
        assert_eq!(design_faults(&design(), clean).faults.total(), 0);
    }

    #[test]
    fn the_two_shares_test_finds_a_real_difference_and_not_a_chance_one() {
        // 60 of 1,000 against 20 of 1,000: z about 4.5.
        assert!(two_shares_p((60, 1000), (20, 1000)) < 1e-4);
        // 21 of 1,000 against 19 of 1,000: nothing to see.
        assert!(two_shares_p((21, 1000), (19, 1000)) > 0.7);
        // No fault anywhere, or no game: no difference, and no NaN.
        assert_eq!(two_shares_p((0, 100), (0, 100)), 1.0);
        assert_eq!(two_shares_p((0, 0), (0, 0)), 1.0);
    }
}
