//! What a match's games say, per pairing: W/D/L, pentanomial counts, Elo with its interval,
//! LOS, SPRT, nodes and time per move. `matches::summary` writes it as the terminal table.

use super::elo::{estimate, EloEstimate, Hypothesis, PairTally, Sprt};
use crate::game_record::GameRow;

/// One pairing's summary, from the variant's side.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct PairingSummary {
    /// The variant.
    pub variant: String,
    /// Its opponent.
    pub opponent: String,
    /// Games played.
    pub games: usize,
    /// Wins.
    pub wins: usize,
    /// Draws.
    pub draws: usize,
    /// Losses.
    pub losses: usize,
    /// Pairs in which the variant scored 0, ½, 1, 1½, 2.
    pub ptnml: [u64; 5],
    /// Mean points per game.
    pub score: Option<f64>,
    /// Logistic Elo (null when every game was won or lost).
    pub elo: Option<f64>,
    /// 95% interval, lower end.
    pub elo_lo: Option<f64>,
    /// 95% interval, upper end.
    pub elo_hi: Option<f64>,
    /// Normalized Elo.
    pub nelo: Option<f64>,
    /// Likelihood of superiority.
    pub los: Option<f64>,
    /// Draws over games.
    pub draw_ratio: f64,
    /// The SPRT's log-likelihood ratio (null without --sprt).
    pub llr: Option<f64>,
    /// The SPRT's (lower, upper) bounds.
    pub llr_bounds: Option<(f64, f64)>,
    /// "H0", "H1", or null while undecided or without --sprt.
    pub sprt: Option<Hypothesis>,
    /// The SPRT's (elo0, elo1), as given.
    pub sprt_elo: Option<(f64, f64)>,
    /// The variant's nodes per move.
    pub nodes_per_move: f64,
    /// The opponent's nodes per move.
    pub opponent_nodes_per_move: f64,
    /// The variant's thinking time per move, milliseconds.
    pub ms_per_move: f64,
    /// The opponent's.
    pub opponent_ms_per_move: f64,
}

/// The summary of every pairing that has games in `rows`.
pub fn summarize(rows: &[GameRow], sprt: Option<&Sprt>) -> Vec<PairingSummary> {
    let mut pairings: Vec<(String, String)> = Vec::new();
    for r in rows {
        let key = (r.variant.clone(), r.opponent.clone());
        if !pairings.contains(&key) {
            pairings.push(key);
        }
    }
    pairings
        .into_iter()
        .map(|(variant, opponent)| {
            let games: Vec<&GameRow> = rows
                .iter()
                .filter(|r| r.variant == variant && r.opponent == opponent)
                .collect();
            let points: Vec<f64> = games.iter().map(|r| r.variant_points()).collect();
            let wins = points.iter().filter(|p| **p == 1.0).count();
            let losses = points.iter().filter(|p| **p == 0.0).count();
            let draws = games.len() - wins - losses;
            let mut pairs = PairTally::default();
            for (r, p) in games.iter().zip(&points) {
                pairs.add(r.pair, *p);
            }
            let ptnml = pairs.ptnml;
            let e: Option<EloEstimate> = estimate(&ptnml);
            // `+ 0.0` turns a negative zero into zero: "-0.0" is no figure to print.
            let finite = |x: f64| x.is_finite().then_some(x + 0.0);
            let (mut vn, mut vm, mut vt, mut on, mut om, mut ot) =
                (0u64, 0usize, 0f64, 0u64, 0usize, 0f64);
            for r in &games {
                let (n, m, t) = r.side_work(&variant);
                vn += n;
                vm += m;
                vt += t;
                let (n, m, t) = r.side_work(&opponent);
                on += n;
                om += m;
                ot += t;
            }
            let llr = sprt.map(|s| s.llr(&ptnml));
            PairingSummary {
                variant,
                opponent,
                games: games.len(),
                wins,
                draws,
                losses,
                ptnml: ptnml.0,
                score: e.map(|e| e.score),
                elo: e.and_then(|e| finite(e.elo)),
                // An interval that does not exist (one pair, pairs that all scored alike, an
                // end at a score of 0 or 1) has no ends, rather than a width of zero or an
                // end that is no number.
                elo_lo: e.filter(EloEstimate::has_interval).map(|e| e.elo_lo + 0.0),
                elo_hi: e.filter(EloEstimate::has_interval).map(|e| e.elo_hi + 0.0),
                nelo: e.and_then(|e| finite(e.nelo)),
                los: e
                    .filter(EloEstimate::has_spread)
                    .and_then(|e| finite(e.los)),
                draw_ratio: if games.is_empty() {
                    0.0
                } else {
                    draws as f64 / games.len() as f64
                },
                llr: llr.map(|l| l + 0.0),
                llr_bounds: sprt.map(|s| s.bounds()),
                sprt_elo: sprt.map(|s| (s.elo0, s.elo1)),
                sprt: sprt.zip(llr).and_then(|(s, l)| s.decide(l)),
                nodes_per_move: vn as f64 / vm.max(1) as f64,
                opponent_nodes_per_move: on as f64 / om.max(1) as f64,
                ms_per_move: vt / vm.max(1) as f64,
                opponent_ms_per_move: ot / om.max(1) as f64,
            }
        })
        .collect()
}
