//! The statistics of designed experiments tested as code: games simulated from known effects
//! (main effects and interactions, with draws at a realistic rate, played as pairs whose two
//! games share an opening's bias) are fitted back; the estimates must recover the truth, the
//! 95% intervals must cover it 93–97% of the time over 200 experiments, a resolution III
//! design's aliasing must be reported, and the precision stopping rule must keep that coverage.

use crate::common::simulated_games::{self, pair, score_of, Rng, EFFECTS};
use ablate::config::design::{parse, Design};
use ablate::game_record::GameRow;
use ablate::stats::design_effects::analyse;
use ablate::stats::design_fit::{column, fit, model_terms, PointPairs, Reference};
use ablate::stats::precision::{first_check, worst_half_width};

/// The true model: the reference's strength against the points, and `EFFECTS`.
const INTERCEPT: f64 = -70.0;

fn true_elo(point: u32) -> f64 {
    INTERCEPT
        + EFFECTS
            .iter()
            .map(|(t, b)| b * column(*t, point))
            .sum::<f64>()
}

fn true_coef(term: u32) -> f64 {
    simulated_games::true_coef(term, INTERCEPT)
}

fn design(fraction: &str) -> Design {
    // The points play "ref", another player: the true model's intercept is its strength.
    let text = format!(
        "[design]\nfraction = \"{fraction}\"\nopponent = \"ref\"\n[design.factors]\n\
         a = {{ \"null_move.enabled\" = false }}\nb = {{ \"probcut.enabled\" = false }}\n\
         c = {{ \"lmr.enabled\" = false }}\nd = {{ \"futility.enabled\" = false }}\n\
         e = {{ \"iir.enabled\" = true }}\n"
    );
    let mut table: toml::Table = text.parse().unwrap();
    match table.remove("design") {
        Some(toml::Value::Table(design)) => parse(design).unwrap(),
        _ => unreachable!("the text has a [design]"),
    }
}

/// `pairs` pairs at every point, as pentanomial counts.
fn simulate(rng: &mut Rng, points: &[u32], pairs: usize) -> Vec<PointPairs> {
    points
        .iter()
        .map(|&point| {
            let mut ptnml = [0u64; 5];
            let e = score_of(true_elo(point));
            for _ in 0..pairs {
                let (a, b) = pair(rng, e);
                ptnml[((a + b) * 2.0).round() as usize] += 1;
            }
            PointPairs {
                point,
                against: Reference::Other,
                ptnml,
            }
        })
        .collect()
}

#[test]
fn estimates_recover_known_effects_and_intervals_cover_95_percent() {
    let d = design("resolution 5");
    let (terms, aliased) = model_terms(5, &d.relation);
    assert!(aliased.is_empty(), "resolution V aliases nothing it fits");
    let mut rng = Rng(53);
    // One large experiment: every estimate within three standard errors of the truth.
    let big = fit(&simulate(&mut rng, &d.points, 4000), &terms).unwrap();
    for (t, (b, v)) in terms.iter().zip(big.coef.iter().zip(&big.cov)) {
        let se = v[terms.iter().position(|u| u == t).unwrap()].sqrt();
        assert!(
            (b - true_coef(*t)).abs() < 3.0 * se,
            "term {t:05b}: {b:.2} against {} (se {se:.2})",
            true_coef(*t)
        );
    }
    // 200 experiments of 100 pairs a point: how often each interval holds the truth.
    let (mut covered, mut total) = (0usize, 0usize);
    for _ in 0..200 {
        let f = fit(&simulate(&mut rng, &d.points, 100), &terms).unwrap();
        for &t in terms.iter().filter(|t| **t != 0) {
            let (lo, hi) = f.effect(t).interval();
            let truth = 2.0 * true_coef(t);
            covered += usize::from(lo <= truth && truth <= hi);
            total += 1;
        }
    }
    let rate = covered as f64 / total as f64;
    assert!(
        (0.93..=0.97).contains(&rate),
        "95% intervals covered the truth {covered} of {total} times ({rate:.3})"
    );
}

#[test]
fn a_resolution_three_design_reports_its_aliasing() {
    let d = design("resolution 3");
    assert_eq!(d.points.len(), 8);
    assert_eq!(d.resolution, Some(3));
    let pairings: Vec<(String, String)> = d
        .point_names()
        .into_iter()
        .map(|n| (n, "ref".to_string()))
        .collect();
    let mut rng = Rng(3);
    let rows = rows_of(&mut rng, &d, &pairings, 0, 50);
    let a = analyse(&d, &[], &pairings, &rows).unwrap();
    // D = AB and E = AC: the interactions AB and AC are D's and E's columns, and more.
    assert!(a.aliased.contains(&(0b00011, 0b01000)), "{:?}", a.aliased);
    assert!(a.aliased.contains(&(0b00101, 0b10000)), "{:?}", a.aliased);
    assert!(a.pairs.iter().all(|p| !(p.first == "a" && p.second == "b")));
    let text = ablate::reports::design_report::preamble(&a, "ref").join("\n");
    assert!(
        text.contains("aliased: a × b is d in this fraction"),
        "{text}"
    );
    // The heat map marks the cells it has no estimate for.
    let svg = ablate::reports::interaction_map::heatmap_svg(&a, "resolution 3").unwrap();
    assert!(svg.matches(">\naliased\n<").count() >= 2, "{svg}");
}

/// Games of rounds `from..to` at every point, as the games CSV holds them.
fn rows_of(
    rng: &mut Rng,
    d: &Design,
    pairings: &[(String, String)],
    from: usize,
    to: usize,
) -> Vec<GameRow> {
    let mut rows = Vec::new();
    for pair_index in from..to {
        for (variant, opponent) in pairings {
            let point = d.point_of(variant).unwrap();
            let (first, second) = pair(rng, score_of(true_elo(point)));
            for (game, points) in [(0usize, first), (1, second)] {
                let (white, black) = if game == 0 {
                    (variant.clone(), opponent.clone())
                } else {
                    (opponent.clone(), variant.clone())
                };
                let white_points = if game == 0 { points } else { 1.0 - points };
                let result = match white_points {
                    1.0 => "1-0",
                    0.0 => "0-1",
                    _ => "1/2-1/2",
                };
                rows.push(GameRow {
                    variant: variant.clone(),
                    opponent: opponent.clone(),
                    pair: pair_index,
                    game,
                    white,
                    black,
                    result: result.to_string(),
                    ..GameRow::default()
                });
            }
        }
    }
    rows
}

#[test]
fn the_precision_stopping_rule_keeps_the_coverage() {
    let d = design("resolution 5");
    let pairings: Vec<(String, String)> = d
        .point_names()
        .into_iter()
        .map(|n| (n, "ref".to_string()))
        .collect();
    let (terms, _) = model_terms(5, &d.relation);
    let target = 45.0;
    let mut rng = Rng(54);
    let (mut covered, mut total, mut rounds_at_stop) = (0usize, 0usize, Vec::new());
    let against = vec![Reference::Other; pairings.len()];
    for _ in 0..200 {
        let mut rows = rows_of(&mut rng, &d, &pairings, 0, first_check(pairings.len()));
        let mut r = first_check(pairings.len());
        // The rule as `ablate match` applies it: after each whole round, stop at the first
        // whose worst half-width meets the target.
        while worst_half_width(Some((&d, &against)), &pairings, &rows, r).is_none_or(|w| w > target)
        {
            rows.extend(rows_of(&mut rng, &d, &pairings, r, r + 1));
            r += 1;
        }
        rounds_at_stop.push(r);
        let a = analyse(&d, &[], &pairings, &rows).unwrap();
        for &t in terms.iter().filter(|t| **t != 0) {
            let (lo, hi) = a.fit.effect(t).interval();
            let truth = 2.0 * true_coef(t);
            covered += usize::from(lo <= truth && truth <= hi);
            total += 1;
        }
    }
    let rate = covered as f64 / total as f64;
    rounds_at_stop.sort_unstable();
    assert!(
        (0.93..=0.97).contains(&rate),
        "at the stop, 95% intervals covered the truth {covered} of {total} times ({rate:.3}); rounds at stop from {} to {}",
        rounds_at_stop[0],
        rounds_at_stop[rounds_at_stop.len() - 1]
    );
    // The rule stops where the target is met, not at the first check every time.
    assert!(rounds_at_stop[0] > first_check(pairings.len()));
}

/// Faults injected into simulated games at a rate that depends on one factor (the engine of
/// the points that apply `a` forfeits 15% of its games, whatever the game would have been;
/// the others' never): the fit that leaves their pairs out recovers every known effect, the
/// fit that scores them as losses charges `a` for its engine's faults, and the per-factor
/// test names `a` and no other.
#[test]
fn faults_that_depend_on_a_factor_are_left_out_and_the_truth_recovered() {
    use ablate::stats::design_effects::analyse_with_faults_as_losses;
    use ablate::stats::faults::design_faults;
    let d = design("resolution 5");
    let pairings: Vec<(String, String)> = d
        .point_names()
        .into_iter()
        .map(|n| (n, "ref".to_string()))
        .collect();
    let (terms, _) = model_terms(5, &d.relation);
    let mut rng = Rng(91);
    let mut rows = rows_of(&mut rng, &d, &pairings, 0, 1500);
    let mut faulted_pairs = std::collections::HashSet::new();
    for r in rows.iter_mut() {
        let applies_a = d.point_of(&r.variant).unwrap() & 1 != 0;
        if applies_a && rng.next() < 0.15 {
            r.result = if r.white == r.variant { "0-1" } else { "1-0" }.into();
            r.termination = format!("time forfeit: {}: no bestmove after go", r.variant);
            faulted_pairs.insert((r.variant.clone(), r.pair));
        }
    }
    let without = analyse(&d, &[], &pairings, &rows).unwrap();
    for &t in terms.iter().filter(|t| **t != 0) {
        let e = without.fit.effect(t);
        let truth = 2.0 * true_coef(t);
        assert!(
            (e.value - truth).abs() < 3.0 * e.se,
            "term {t:05b} without the faults: {:.1} against {truth} (se {:.1})",
            e.value,
            e.se
        );
    }
    // Scored as losses, the faults put a's main effect far off the truth.
    let with = analyse_with_faults_as_losses(&d, &[], &pairings, &rows).unwrap();
    let a = with.fit.effect(1);
    let truth = 2.0 * true_coef(1);
    assert!(
        a.value < truth - 6.0 * a.se,
        "a with the faults as losses: {:.1} against {truth} (se {:.1})",
        a.value,
        a.se
    );
    let f = design_faults(&d, &rows);
    assert_eq!(f.pairs_left_out, faulted_pairs.len());
    assert_eq!(f.faults.forfeits, f.points_own.forfeits);
    assert!(f.factors[0].p_holm < 1e-6, "{:?}", f.factors[0]);
    for other in &f.factors[1..] {
        assert!(other.p_holm > 0.01, "{other:?}");
    }
}
