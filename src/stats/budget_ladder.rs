//! The budget ladder: one match per node budget, each removal against the baseline and the
//! baseline at twice the budget against itself (one doubling). From them: the Elo a step is
//! worth at each budget, the depth both sides reached, the node factor the step is worth
//! (2^(Elo lost / Elo per doubling)), and a trend of Elo lost against log2 nodes.

use super::distributions::Z95;
use super::pairing_summary::summarize;
use super::trend_fit::{self, Fit, Shape};
use crate::game_record::GameRow;

/// A figure and its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Interval {
    /// The estimate.
    pub value: f64,
    /// Lower end (−∞ when unbounded).
    pub lo: f64,
    /// Upper end (may be +∞ when unbounded).
    pub hi: f64,
}

impl Interval {
    /// The standard error the interval implies, read as symmetric.
    pub fn stderr(&self) -> f64 {
        (self.hi - self.lo) / (2.0 * Z95)
    }

    /// The interval of −x.
    pub fn negated(&self) -> Interval {
        Interval {
            value: -self.value,
            lo: -self.hi,
            hi: -self.lo,
        }
    }
}

/// One pairing at one budget.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Point {
    /// The match's node budget per move.
    pub budget: u64,
    /// Games played.
    pub games: usize,
    /// The variant's Elo against the baseline (a removal that costs strength is negative).
    pub elo: Interval,
    /// The variant's mean depth per move.
    pub depth: f64,
    /// The baseline's mean depth per move.
    pub opponent_depth: f64,
    /// The variant's nodes per move, measured (a budget is polled, so a move may pass it).
    pub nodes_per_move: f64,
    /// The baseline's nodes per move, measured.
    pub opponent_nodes_per_move: f64,
}

/// One step of the ladder: a removal, its points by budget.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Step {
    /// The removal variant.
    pub variant: String,
    /// Its points, lowest budget first.
    pub points: Vec<Point>,
}

/// The whole ladder.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Ladder {
    /// The baseline every pairing plays against.
    pub baseline: String,
    /// The removals with points at two budgets or more, in the order the games first name them.
    pub steps: Vec<Step>,
    /// The doubling's points: Elo of the baseline at 2N nodes against the baseline at N.
    pub doubling: Vec<Point>,
    /// Rungs whose match has not finished (its manifest says so): their points stand with the
    /// games they have, and the report says how many of how many.
    pub unfinished: Vec<Unfinished>,
}

/// A rung still being played.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Unfinished {
    /// Nodes per move.
    pub budget: u64,
    /// Games its CSV holds.
    pub games: usize,
    /// Games its match plans.
    pub planned: usize,
}

/// The games of one match at one node budget.
pub struct Rung {
    /// Nodes per move.
    pub budget: u64,
    /// Its games.
    pub rows: Vec<GameRow>,
}

impl Ladder {
    /// The ladder from its matches: each pairing against `baseline` with an interval (two pairs
    /// or more) becomes a point; `doubling` names the variant that plays at twice the budget.
    pub fn build(rungs: &[Rung], baseline: &str, doubling: &str) -> Ladder {
        let mut steps: Vec<Step> = Vec::new();
        let mut doubling_points = Vec::new();
        let mut order: Vec<&Rung> = rungs.iter().collect();
        order.sort_by_key(|r| r.budget);
        for rung in order {
            for s in summarize(&rung.rows, None) {
                // Two pairs at least give an interval; one unbounded at an end (every pair won
                // or lost on that side) is kept open rather than dropped.
                let pairs: u64 = s.ptnml.iter().sum();
                let Some(value) = s.elo.filter(|_| pairs >= 2 && s.opponent == baseline) else {
                    continue;
                };
                let (lo, hi) = (
                    s.elo_lo.unwrap_or(f64::NEG_INFINITY),
                    s.elo_hi.unwrap_or(f64::INFINITY),
                );
                let (depth, opponent_depth) = mean_depths(&rung.rows, &s.variant, baseline);
                let point = Point {
                    budget: rung.budget,
                    games: s.games,
                    elo: Interval { value, lo, hi },
                    depth,
                    opponent_depth,
                    nodes_per_move: s.nodes_per_move,
                    opponent_nodes_per_move: s.opponent_nodes_per_move,
                };
                if s.variant == doubling {
                    doubling_points.push(point);
                    continue;
                }
                match steps.iter_mut().find(|st| st.variant == s.variant) {
                    Some(step) => step.points.push(point),
                    None => steps.push(Step {
                        variant: s.variant.clone(),
                        points: vec![point],
                    }),
                }
            }
        }
        steps.retain(|s| s.points.len() >= 2);
        Ladder {
            baseline: baseline.to_string(),
            steps,
            doubling: doubling_points,
            unfinished: Vec::new(),
        }
    }

    /// The doubling's point at `budget`, if played.
    pub fn doubling_at(&self, budget: u64) -> Option<&Point> {
        self.doubling.iter().find(|p| p.budget == budget)
    }

    /// Elo per doubling at `budget`: the doubling's Elo over log2 of the nodes a move each side
    /// searched. The budget is checked every 4,096 nodes, so at small budgets twice the budget
    /// is less than twice the nodes (at 5,000 about 1.45 times): the measured ratio, not 2.
    pub fn per_doubling(&self, budget: u64) -> Option<Interval> {
        self.doubling_at(budget)?.per_doubling()
    }
}

impl Point {
    /// A doubling's Elo over log2 of the nodes a move each side searched (`None` when the
    /// side at 2N did not search more).
    pub fn per_doubling(&self) -> Option<Interval> {
        let doublings = (self.nodes_per_move / self.opponent_nodes_per_move).log2();
        (doublings > 0.0 && doublings.is_finite()).then(|| Interval {
            value: self.elo.value / doublings,
            lo: self.elo.lo / doublings,
            hi: self.elo.hi / doublings,
        })
    }
}

impl Step {
    /// Elo lost against the nodes a move the baseline searched (measured), ready to fit.
    pub fn lost_by_nodes(&self) -> Vec<(f64, Interval)> {
        self.points
            .iter()
            .map(|p| (p.opponent_nodes_per_move, p.elo.negated()))
            .collect()
    }
}

/// Mean depth per move of `variant` and of `opponent` over their games against each other.
fn mean_depths(rows: &[GameRow], variant: &str, opponent: &str) -> (f64, f64) {
    let (mut v, mut o) = ((0u64, 0usize), (0u64, 0usize));
    for r in rows
        .iter()
        .filter(|r| r.variant == variant && r.opponent == opponent)
    {
        let (sum, count) = r.side_depths(variant);
        v = (v.0 + sum, v.1 + count);
        let (sum, count) = r.side_depths(opponent);
        o = (o.0 + sum, o.1 + count);
    }
    let mean = |(sum, count): (u64, usize)| sum as f64 / count.max(1) as f64;
    (mean(v), mean(o))
}

/// The factor of nodes a step is worth: 2^(Elo lost / Elo per doubling). Its interval takes
/// the extreme corners of both intervals (conservative: both ends at once); it is unbounded
/// above when the doubling's interval reaches zero. `None` when the doubling's estimate is not
/// positive (more nodes not measured as better: no factor to speak of).
pub fn node_factor(lost: Interval, doubling: Interval) -> Option<Interval> {
    if doubling.value <= 0.0 {
        return None;
    }
    let value = 2f64.powf(lost.value / doubling.value);
    if doubling.lo <= 0.0 {
        let lo = 2f64.powf((lost.lo / doubling.hi).min(lost.lo / doubling.value));
        return Some(Interval {
            value,
            lo: lo.min(value),
            hi: f64::INFINITY,
        });
    }
    let corners = [
        lost.lo / doubling.lo,
        lost.lo / doubling.hi,
        lost.hi / doubling.lo,
        lost.hi / doubling.hi,
    ];
    let min = corners.iter().copied().fold(f64::INFINITY, f64::min);
    let max = corners.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    Some(Interval {
        value,
        lo: 2f64.powf(min),
        hi: 2f64.powf(max),
    })
}

/// A weighted straight line through (log2 nodes, Elo lost), each point weighted by the inverse
/// of its variance, fitted by the trend's own solver (`trend_fit::Fit`, a line). When the points
/// scatter more than their intervals allow (χ² per degree of freedom above 1), the errors are
/// scaled up by √(χ²/dof), the Birge ratio; the intervals here stay normal (1.96), as the
/// ladder's removal tables have always given them.
#[derive(Debug, Clone)]
pub struct Trend {
    /// Elo lost per doubling of the budget, with its interval.
    pub slope: Interval,
    /// The line, its coefficients' covariance already scaled.
    line: Fit,
    /// Points fitted.
    pub points: usize,
}

impl Trend {
    /// The line through `points` (nodes a move, Elo lost with interval); `None` under two
    /// points with a bounded interval at different budgets.
    pub fn fit(points: &[(f64, Interval)]) -> Option<Trend> {
        let data: Vec<trend_fit::Point> = points
            .iter()
            .filter(|(n, e)| *n > 0.0 && e.stderr() > 0.0 && e.stderr().is_finite())
            .map(|(n, e)| trend_fit::Point {
                x: n.log2(),
                y: e.value,
                se: e.stderr(),
            })
            .collect();
        // All points at one budget make no line, whatever the solver's pivot makes of it.
        if !data.iter().any(|p| (p.x - data[0].x).abs() > 1e-9) {
            return None;
        }
        let line = Fit::new(&data, Shape::Line)?;
        let (value, se) = (line.coef[1], line.slope_se());
        Some(Trend {
            slope: Interval {
                value,
                lo: value - Z95 * se,
                hi: value + Z95 * se,
            },
            line,
            points: data.len(),
        })
    }

    /// The factor applied to the errors (1 when the points agree with their intervals).
    pub fn scale(&self) -> f64 {
        self.line.scale
    }

    /// Where the line stands at `nodes`, with the interval of the line there.
    pub fn at(&self, nodes: f64) -> Interval {
        let x = nodes.log2();
        let (value, se) = (self.line.value(x), self.line.se_at(x));
        Interval {
            value,
            lo: value - Z95 * se,
            hi: value + Z95 * se,
        }
    }
}
