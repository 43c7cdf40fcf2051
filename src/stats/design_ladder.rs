//! The ladder of a designed experiment (issue 54): the same factorial played at every node
//! budget, with the doubling beside it. Per rung: each step's worth at the baseline's corner
//! and averaged over the other steps (its Shapley share), every pair's interaction, Elo per
//! doubling, each worth's node factor and the depth the baseline reached. Across rungs: each
//! figure's trend against log2 of the nodes searched, by `trend_fit` (a line, or a quadratic
//! where its curvature is told apart from zero; Student-t intervals where errors are scaled).

use super::budget_ladder::{node_factor, Interval, Ladder, Point as LadderPoint, Step};
use super::design_effects::{analyse, DesignAnalysis};
use super::design_fit::Estimate;
use super::pairing_summary::summarize;
use super::trend_fit::{choose, Fit, Point};
use crate::config::design::Design;
use crate::config::experiment::ResolvedVariant;
use crate::game_record::GameRow;

/// One rung: the factorial's fit at one node budget, and the doubling there when played.
pub struct DesignRung {
    /// Nodes per move, as the match was played.
    pub budget: u64,
    /// Games played (the run stops at its precision, not at a planned count).
    pub games: usize,
    /// The run's precision target (95% half-width, Elo), and the worst half-width reached.
    pub precision: Option<f64>,
    pub worst_half_width: f64,
    /// The baseline's nodes and depth per move, measured over all its games.
    pub nodes_per_move: f64,
    pub depth: f64,
    /// The variant every point plays (the design's corner): its name heads the tables.
    pub baseline: String,
    /// The fit: each step's worth and each pair's interaction.
    pub analysis: DesignAnalysis,
    /// The doubling: the baseline at twice the budget against it, with both sides' nodes.
    pub doubling: Option<LadderPoint>,
}

/// What a factorial's manifest says was played: the design, its players as resolved, and who
/// played whom.
#[derive(Clone, Copy)]
pub struct PlayedDesign<'a> {
    pub design: &'a Design,
    pub variants: &'a [ResolvedVariant],
    pub pairings: &'a [(String, String)],
}

/// A figure of the design, named for the tables: a step's worth, or a pair's interaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Figure {
    /// Step `i`'s worth at the baseline's corner.
    AtBaseline(usize),
    /// Step `i`'s worth averaged over the others.
    Averaged(usize),
    /// Pair `i`'s interaction.
    Pair(usize),
}

impl DesignRung {
    /// The rung of a factorial's games at `budget`: its design, players and pairings as its
    /// manifest gives them, the precision its run declared, and the doubling beside it when
    /// played. An error says why the design cannot be fitted.
    pub fn new(
        budget: u64,
        rows: &[GameRow],
        played: PlayedDesign,
        precision: Option<f64>,
        doubling: Option<LadderPoint>,
    ) -> Result<DesignRung, String> {
        let PlayedDesign {
            design,
            variants,
            pairings,
        } = played;
        let analysis = analyse(design, variants, pairings, rows)?;
        let baseline = pairings.first().map_or("", |(_, o)| o.as_str());
        let (nodes_per_move, depth) = baseline_work(rows, baseline);
        Ok(DesignRung {
            budget,
            games: rows.len(),
            precision,
            worst_half_width: analysis.fit.worst_half_width(),
            nodes_per_move,
            depth,
            baseline: baseline.to_string(),
            analysis,
            doubling,
        })
    }

    /// Whether the rung has played enough to enter a trend: 10 game pairs a point at least, so
    /// that each point's pentanomial is more than a handful of pairs (a rung just started has
    /// one or two a point, and its fit is not yet the normal one its interval assumes).
    pub fn settled(&self) -> bool {
        self.games >= 20 * self.analysis.design.points.len()
    }

    /// The estimate a figure names.
    pub fn estimate(&self, figure: Figure) -> Option<&Estimate> {
        let a = &self.analysis;
        match figure {
            Figure::AtBaseline(i) => a.steps.get(i).map(|s| &s.at_baseline),
            Figure::Averaged(i) => a.steps.get(i).map(|s| &s.averaged),
            Figure::Pair(i) => a.pairs.get(i).map(|p| &p.effect),
        }
    }

    /// Elo per doubling of the nodes searched: the doubling's Elo over log2 of the nodes a
    /// move each side searched (at small budgets twice the budget is less than twice the
    /// nodes), as `Ladder::per_doubling`.
    pub fn per_doubling(&self) -> Option<Interval> {
        self.doubling.as_ref()?.per_doubling()
    }

    /// A worth's node factor, 2^(worth / Elo per doubling), where the doubling was played.
    pub fn node_factor(&self, figure: Figure) -> Option<Interval> {
        let doubling = self.per_doubling()?;
        let e = self.estimate(figure)?;
        let (lo, hi) = e.interval();
        node_factor(
            Interval {
                value: e.value,
                lo,
                hi,
            },
            doubling,
        )
    }
}

/// A figure's trend over the settled rungs that have it: against log2 of the baseline's
/// measured nodes per move. `None` under two rungs.
pub fn trend(rungs: &[DesignRung], figure: Figure) -> Option<Fit> {
    let points: Vec<Point> = rungs
        .iter()
        .filter(|r| r.settled())
        .filter_map(|r| {
            let e = r.estimate(figure)?;
            Some(Point {
                x: r.nodes_per_move.log2(),
                y: e.value,
                se: e.se,
            })
        })
        .collect();
    choose(&points)
}

/// The chart's ladder: each figure as a step named `name`, its worth as a removal's Elo lost
/// (a pair's interaction as itself); the doublings as the ladder's.
pub fn as_ladder(
    rungs: &[DesignRung],
    doublings: &[LadderPoint],
    figures: &[(String, Figure)],
    baseline: &str,
) -> Ladder {
    let steps = figures
        .iter()
        .map(|(name, figure)| Step {
            variant: name.clone(),
            points: rungs
                .iter()
                .filter_map(|r| {
                    let e = r.estimate(*figure)?;
                    let (lo, hi) = e.interval();
                    let worth = Interval {
                        value: e.value,
                        lo,
                        hi,
                    };
                    Some(LadderPoint {
                        budget: r.budget,
                        games: r.games,
                        elo: worth.negated(),
                        depth: r.depth,
                        opponent_depth: r.depth,
                        nodes_per_move: r.nodes_per_move,
                        opponent_nodes_per_move: r.nodes_per_move,
                    })
                })
                .collect(),
        })
        .collect();
    Ladder {
        baseline: baseline.to_string(),
        steps,
        doubling: doublings.to_vec(),
        unfinished: Vec::new(),
    }
}

/// The doubling's point in its games: the baseline at twice `budget` against it.
pub fn doubling_point(rows: &[GameRow], budget: u64) -> Option<LadderPoint> {
    summarize(rows, None).into_iter().find_map(|s| {
        let (value, lo, hi) = (s.elo?, s.elo_lo?, s.elo_hi?);
        Some(LadderPoint {
            budget,
            games: s.games,
            elo: Interval { value, lo, hi },
            depth: 0.0,
            opponent_depth: 0.0,
            nodes_per_move: s.nodes_per_move,
            opponent_nodes_per_move: s.opponent_nodes_per_move,
        })
    })
}

/// Elo per doubling at every doubling played, against log2 of the nodes the side at N
/// searched.
pub fn doubling_points(doublings: &[LadderPoint]) -> Vec<Point> {
    doublings
        .iter()
        .filter_map(|p| {
            let d = p.per_doubling()?;
            Some(Point {
                x: p.opponent_nodes_per_move.log2(),
                y: d.value,
                se: d.stderr(),
            })
        })
        .collect()
}

/// Elo per doubling's trend over every doubling played.
pub fn doubling_trend(doublings: &[LadderPoint]) -> Option<Fit> {
    choose(&doubling_points(doublings))
}

/// The baseline's mean nodes and depth per move over every game it played.
fn baseline_work(rows: &[GameRow], baseline: &str) -> (f64, f64) {
    let (mut nodes, mut depth_sum, mut moves) = (0u64, 0u64, 0usize);
    for r in rows {
        let (sum, count) = r.side_depths(baseline);
        depth_sum += sum;
        moves += count;
        nodes += if r.white == baseline {
            r.white_nodes
        } else {
            r.black_nodes
        };
    }
    let per = |x: u64| x as f64 / moves.max(1) as f64;
    (per(nodes), per(depth_sum))
}
