//! docs/stockfish.md's interaction matrix and budget ratio: each pair of Stockfish 15.1's
//! switches in both designs of `configs/engines-stockfish.toml`, and each step at 100,000 nodes
//! over 25,000, computed as `ablate report D --reference R` computes them
//! (`stats::design_ratio`). Until a design can be fitted its cells are dashes, so the page
//! always says what the committed games say.

use super::format::table;
use super::sources::Sources;
use super::stockfish_runs::{table_runs, with_interval, Run};
use crate::reports::design_ratio_report::ratio_text;
use crate::stats::design_effects::DesignAnalysis;
use crate::stats::design_ratio::{compare, DesignEffects};

const DASH: &str = "—";

/// A pair's interaction and its Holm p in one run, or dashes while the run is not fitted.
fn pair_cells(a: Option<&DesignAnalysis>, first: &str, second: &str) -> [String; 2] {
    let found = a.and_then(|a| {
        a.pairs
            .iter()
            .find(|p| p.first == first && p.second == second)
    });
    match found {
        Some(p) => [with_interval(&p.effect), format!("{:.3}", p.p_holm)],
        None => [DASH.into(), DASH.into()],
    }
}

/// Every pair of the first fitted run's design, in each run: its interaction (the texts'
/// two-factor effect in Elo, with its 95% interval; positive when each step is worth more with
/// the other on) and Holm's p over its own design's pairs; then the heat map `ablate report`
/// draws of each fitted design.
fn interaction_matrix(runs: &[Run]) -> String {
    let fits: Vec<Option<&DesignAnalysis>> = runs.iter().map(|r| r.fit.as_ref().ok()).collect();
    let Some(first_fit) = fits.iter().flatten().next() else {
        return "No design can be fitted yet: the matrix waits for the games (status above).\n"
            .to_string();
    };
    let rows: Vec<Vec<String>> = first_fit
        .pairs
        .iter()
        .map(|pair| {
            let mut row = vec![format!("{} × {}", pair.first, pair.second)];
            row.extend(
                fits.iter()
                    .flat_map(|a| pair_cells(*a, &pair.first, &pair.second)),
            );
            row
        })
        .collect();
    let mut header = vec!["pair".to_string()];
    for run in runs {
        header.push(format!("{} nodes", run.label));
        header.push("Holm p".to_string());
    }
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let mut out = table(&header, &format!("l{}", "r".repeat(2 * runs.len())), &rows);
    for run in runs.iter().filter(|r| r.fit.is_ok()) {
        out.push_str(&format!(
            "\n![each pair's interaction at {} nodes](../results/{}-interactions.svg)\n",
            run.label, run.name
        ));
    }
    out
}

/// Each step's worth (averaged over the other steps) in both designs and the deeper design's
/// over the shallower's (Fieller's interval), then the slope through the origin over every
/// step; a sentence instead while either design cannot be fitted.
fn budget_ratio(shallow: &Run, deep: &Run) -> Result<String, String> {
    let (Ok(s), Ok(d)) = (&shallow.fit, &deep.fit) else {
        let waiting = match (&shallow.fit, &deep.fit) {
            (Ok(_), _) => format!("the {}-node design", deep.label),
            (_, Ok(_)) => format!("the {}-node design", shallow.label),
            _ => "both designs".to_string(),
        };
        return Ok(format!(
            "The ratio waits for {waiting} to be fitted (status above).\n"
        ));
    };
    let compared = compare(&DesignEffects::of_design(s), &DesignEffects::of_design(d))
        .map_err(|m| m.describe(deep.name, shallow.name))?;
    let shallow_worth = format!("the {}-node worth", shallow.label);
    let rows: Vec<Vec<String>> = compared
        .steps
        .iter()
        .map(|c| {
            vec![
                c.step.clone(),
                with_interval(&c.reference),
                with_interval(&c.design),
                ratio_text(&c.ratio, &shallow_worth),
            ]
        })
        .collect();
    let header = [
        "step".to_string(),
        format!("{} nodes", shallow.label),
        format!("{} nodes", deep.label),
        format!("{} over {}", deep.label, shallow.label),
    ];
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let mut out = table(&header, "lrrr", &rows);
    out.push_str(&format!(
        "\nOver the {} steps, the slope through the origin (errors in both variables): {}.\n",
        compared.steps.len(),
        ratio_text(
            &compared.pooled_ratio,
            &format!("every {}-node worth", shallow.label)
        )
    ));
    // The files `ablate report DEEP --reference SHALLOW` writes: `D.games.vs-R.md` and `.svg`.
    let reference = shallow.name.rsplit('/').next().unwrap_or(shallow.name);
    let written = format!("{}.vs-{}", deep.name, reference.trim_end_matches(".games"));
    out.push_str(&format!(
        "\n![each step's worth at {} nodes against {}](../results/{written}.svg)\n\n\
         The report: [{written}.md](../results/{written}.md), from `ablate report \
         results/{}.csv --reference results/{}.csv`.\n",
        deep.label, shallow.label, deep.name, shallow.name
    ));
    Ok(out)
}

/// The interaction matrix of both designs.
pub(super) fn interactions(src: &Sources) -> String {
    interaction_matrix(&table_runs(src))
}

/// Each step at 100,000 nodes over 25,000.
pub(super) fn budget(src: &Sources) -> String {
    let runs = table_runs(src);
    let [shallow, deep] = runs.as_slice() else {
        return String::new();
    };
    budget_ratio(shallow, deep).unwrap_or_else(|m| {
        src.problem(m);
        String::new()
    })
}

#[cfg(test)]
mod tests {
    use super::super::stockfish_runs::read_run;
    use super::*;

    /// Two committed, fitted designs of the same factors at two budgets (the net's ladder)
    /// stand in for Stockfish's until those can be fitted: every pair and step gets figures.
    fn fitted_pair(src: &Sources) -> (Run, Run) {
        let shallow = read_run(src, "nnue-ladder/factorial-10000.games", "10,000").unwrap();
        let deep = read_run(src, "nnue-ladder/factorial-40000.games", "40,000").unwrap();
        assert!(shallow.fit.is_ok() && deep.fit.is_ok());
        (shallow, deep)
    }

    #[test]
    fn fitted_designs_fill_the_matrix_and_the_ratio() {
        let src = Sources::new(std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
        let (shallow, deep) = fitted_pair(&src);
        let pairs = shallow.fit.as_ref().unwrap().pairs.len();
        let matrix = interaction_matrix(&[shallow, deep]);
        // 5 factors: 10 pairs, each with four figures, and both heat maps linked.
        assert_eq!(pairs, 10);
        let body: Vec<&str> = matrix.lines().filter(|l| l.contains(" × ")).collect();
        assert_eq!(body.len(), 10, "{matrix}");
        assert!(body.iter().all(|l| !l.contains(DASH)), "{matrix}");
        assert!(matrix.contains("(../results/nnue-ladder/factorial-40000.games-interactions.svg)"));
        let (shallow, deep) = fitted_pair(&src);
        let ratio = budget_ratio(&shallow, &deep).unwrap();
        let steps: Vec<&str> = ratio.lines().filter(|l| l.starts_with("| ")).collect();
        assert_eq!(steps.len(), 1 + 5, "{ratio}");
        assert!(ratio.contains("Over the 5 steps, the slope"), "{ratio}");
        assert!(
            ratio.contains("(../results/nnue-ladder/factorial-40000.games.vs-factorial-10000.svg)"),
            "{ratio}"
        );
        assert!(src.take_problems().is_empty());
    }

    #[test]
    fn an_unfitted_design_gives_dashes_and_says_what_waits() {
        let src = Sources::new(std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
        let (shallow, mut deep) = fitted_pair(&src);
        deep.fit = Err("2 of 32 points scored 0%".into());
        let ratio = budget_ratio(&shallow, &deep).unwrap();
        assert_eq!(
            ratio,
            "The ratio waits for the 40,000-node design to be fitted (status above).\n"
        );
        let matrix = interaction_matrix(&[shallow, deep]);
        let body: Vec<&str> = matrix.lines().filter(|l| l.contains(" × ")).collect();
        assert_eq!(body.len(), 10);
        assert!(body.iter().all(|l| l.ends_with("| — | — |")), "{matrix}");
        assert!(!matrix.contains("factorial-40000.games-interactions.svg"));
        let (mut shallow, mut deep) = fitted_pair(&src);
        shallow.fit = Err("none".into());
        deep.fit = Err("none".into());
        assert!(interaction_matrix(&[shallow, deep]).starts_with("No design can be fitted yet"));
    }
}
