//! docs/stockfish.md's table of each step beside its `(~N Elo)` comment at sf_15.1
//! (`docs/stockfish-15.1-elo.csv`): its worth at the full engine and averaged, in both designs
//! of `configs/engines-stockfish.toml`, refitted from their committed games; a dash while a
//! design cannot be fitted yet, so that the page is always what the games say.

use super::format::table;
use super::sources::Sources;
use super::stockfish_runs::{table_runs, with_interval, Run};
use crate::stats::design_effects::DesignAnalysis;
use crate::stats::design_fit::{column, Estimate};

/// One row of `docs/stockfish-15.1-elo.csv`: a step's `(~N Elo)` comment at sf_15.1.
#[derive(Debug, Clone, serde::Deserialize)]
struct Comment {
    step: String,
    /// The design's factor; empty for Step 14 as a whole, which is three factors.
    factor: String,
    elo: f64,
    line: u32,
    set_by: String,
}

/// The worth of switching a set of factors back on at the full engine: minus the model's Elo
/// of applying them together at the corner (Step 14's three parts at once).
fn removed_together(a: &DesignAnalysis, factors: &[&str]) -> Option<Estimate> {
    let mut point = 0u32;
    for f in factors {
        let i = a.design.factors.iter().position(|d| d.name == *f)?;
        point |= 1 << i;
    }
    let weights: Vec<(u32, f64)> = a
        .fit
        .terms
        .iter()
        .map(|&t| (t, column(t, 0) - column(t, point)))
        .collect();
    Some(a.fit.combine(&weights))
}

/// A step's two cells in one run: at the full engine (what a fishtest removal measures) and
/// averaged over the other steps' settings; `—` while the run cannot be fitted.
fn cells(run: &Run, comment: &Comment, step14: &[&str]) -> [String; 2] {
    let Ok(a) = &run.fit else {
        return ["—".into(), "—".into()];
    };
    if comment.factor.is_empty() {
        let whole = removed_together(a, step14).map_or("—".into(), |e| with_interval(&e));
        return [whole, "—".into()];
    }
    match a.steps.iter().find(|s| s.factor == comment.factor) {
        Some(s) => [with_interval(&s.at_baseline), with_interval(&s.averaged)],
        None => ["—".into(), "—".into()],
    }
}

/// Each step's comment beside its worth in both designs.
pub(super) fn steps(src: &Sources) -> String {
    let comments: Vec<Comment> = src.rows_at("docs/stockfish-15.1-elo.csv");
    let runs = table_runs(src);
    let step14: Vec<&str> = comments
        .iter()
        .filter(|c| c.step.contains("Step 14") && !c.factor.is_empty())
        .map(|c| c.factor.as_str())
        .collect();
    let mut header = vec![
        "step".to_string(),
        "sf_15.1 comment (search.cpp line; set by)".to_string(),
    ];
    for run in &runs {
        header.push(format!("at the full engine, {} nodes", run.label));
        header.push(format!("averaged, {} nodes", run.label));
    }
    let rows: Vec<Vec<String>> = comments
        .iter()
        .map(|c| {
            let mut row = vec![
                c.step.clone(),
                format!("~{} ({}; {})", c.elo, c.line, c.set_by),
            ];
            row.extend(runs.iter().flat_map(|r| cells(r, c, &step14)));
            row
        })
        .collect();
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let align = format!("ll{}", "r".repeat(2 * runs.len()));
    let mut out = table(&header, &align, &rows);
    let from: Vec<String> = runs.iter().map(Run::fitted_from).collect();
    out.push_str(&format!("\nFitted from: {}.\n", from.join("; ")));
    // Each fitted design's forest plot, as its report draws it (`x.games-effects.svg`).
    for run in runs.iter().filter(|r| r.fit.is_ok()) {
        out.push_str(&format!(
            "\n![each step's worth at {} nodes, averaged and at the full engine](../results/{}-effects.svg)\n",
            run.label, run.name
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::design_fit::{fit, model_terms, PointPairs, Reference};

    /// Step 14 as a whole is its parts applied together: one part alone gives back the step's
    /// own figure at the full engine, and two parts the model's Elo at their point, negated.
    #[test]
    fn steps_removed_together_are_the_models_elo_at_their_point() {
        let text = "[factors]\na = { \"null_move.enabled\" = false }\n\
                    b = { \"lmr.enabled\" = false }\nc = { \"probcut.enabled\" = false }\n";
        let design = crate::config::design::parse(text.parse().unwrap()).unwrap();
        let (terms, aliased) = model_terms(3, &design.relation);
        // Pairs whose scores fall with each factor applied, unevenly, so that every term moves.
        let ptnml = [
            [2, 5, 20, 5, 2],
            [3, 8, 20, 4, 1],
            [4, 9, 18, 3, 1],
            [6, 10, 16, 2, 1],
            [5, 9, 18, 3, 1],
            [7, 10, 15, 2, 1],
            [8, 11, 13, 2, 1],
            [10, 12, 11, 1, 1],
        ];
        let points: Vec<PointPairs> = (0..8u32)
            .map(|point| PointPairs {
                point,
                against: Reference::Other,
                ptnml: ptnml[point as usize],
            })
            .collect();
        let fit = fit(&points, &terms).unwrap();
        let a = DesignAnalysis {
            design,
            fit: fit.clone(),
            steps: Vec::new(),
            pairs: Vec::new(),
            aliased,
            all_on_vs_off: fit.effect(1),
            anchors: Vec::new(),
            pairs_played: 0,
            points_played: 8,
            pairings_played: 8,
            fewest_pairs: 0,
            misfit: None,
        };
        let alone = removed_together(&a, &["b"]).unwrap();
        let step = fit.combine(&[(2, 2.0), (3, -2.0), (6, -2.0)]);
        assert!(
            (alone.value + step.value).abs() < 1e-9,
            "{alone:?} {step:?}"
        );
        assert!((alone.se - step.se).abs() < 1e-9);
        let both = removed_together(&a, &["a", "c"]).unwrap();
        let model = fit.elo_at(0b101) - fit.elo_at(0);
        assert!((both.value + model).abs() < 1e-9, "{both:?} {model}");
        assert!(both.value > 0.0, "the points lose with a and c applied");
        assert!(removed_together(&a, &["a", "no_such_factor"]).is_none());
    }
}
