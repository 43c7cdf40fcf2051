//! `ablate report COMPARISON.toml`: the same steps in several engines' designs, each refitted
//! from its committed games; a bad comparison file is refused at its line or key.

use crate::common::{ablate, ROOT};
use std::path::Path;

/// A comparison of two committed designs (Glaurung's and ablate's) over two shared steps.
fn comparison(extra: &str) -> String {
    let games = |name: &str| format!("{ROOT}/results/engines/{name}.games.csv");
    format!(
        "title = \"two engines\"\n\
         [[engine]]\nname = \"glaurung\"\nlabel = \"Glaurung\"\ngames = \"{}\"\n\
         [[engine]]\nname = \"ablate\"\nlabel = \"ablate\"\ngames = \"{}\"\n\
         [[engine]]\nname = \"later\"\nlabel = \"not played\"\ngames = \"results/none.games.csv\"\n\
         [[step]]\nname = \"lmr\"\nfactors = {{ glaurung = \"no_lmr\", ablate = \"no_lmr\" }}\n\
         [[step]]\nname = \"delta\"\nfactors = {{ glaurung = \"no_quiescence_futility\", ablate = \"no_delta\" }}\n{extra}",
        games("glaurung"),
        games("ablate")
    )
}

fn report(dir: &Path, text: &str) -> (i32, String, String) {
    std::fs::write(dir.join("c.toml"), text).unwrap();
    std::fs::create_dir_all(dir.join("docs")).unwrap();
    std::fs::copy(
        Path::new(ROOT).join("docs/published-elo.csv"),
        dir.join("docs/published-elo.csv"),
    )
    .unwrap();
    let out = ablate(dir, &["report", "c.toml"]);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_comparison_refits_each_design_and_writes_its_tables_and_forest_plot() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stdout, stderr) = report(dir.path(), &comparison(""));
    assert_eq!(code, 0, "{stderr}");
    // The engine without games is listed, not fitted; both steps are compared.
    assert!(
        stdout.contains("not played") && stdout.contains("to be played"),
        "{stdout}"
    );
    for file in ["c.md", "c.csv", "c.json", "c-forest.svg"] {
        assert!(dir.path().join(file).exists(), "{file}\n{stdout}");
    }
    let csv = std::fs::read_to_string(dir.path().join("c.csv")).unwrap();
    assert!(csv.starts_with("kind,step,with,engine,factor,elo,se,lo,hi,q,df,p,p_holm\n"));
    // Per step: each engine's averaged worth and corner, and the mean with Q; the pair once.
    assert_eq!(csv.matches("worth_averaged,lmr,").count(), 2, "{csv}");
    assert_eq!(csv.matches("mean_over_engines,").count(), 2, "{csv}");
    assert_eq!(csv.matches("pair_differs,lmr,delta").count(), 1, "{csv}");
    let md = std::fs::read_to_string(dir.path().join("c.md")).unwrap();
    assert!(md.contains("![forest plot](c-forest.svg)"), "{md}");
}

/// With one design played, no step has two fitted engines: the report gives where each was
/// played and what waits, with no empty tables, and draws no chart, removing one an earlier
/// state of the games left (it would show figures the report no longer gives).
#[test]
fn a_comparison_with_nothing_to_compare_draws_no_chart_and_says_what_waits() {
    let dir = tempfile::tempdir().unwrap();
    let text = comparison("").replace(
        &format!("{ROOT}/results/engines/ablate.games.csv"),
        "results/none-yet.games.csv",
    );
    std::fs::write(dir.path().join("c-forest.svg"), "<svg/>").unwrap();
    let (code, stdout, stderr) = report(dir.path(), &text);
    assert_eq!(code, 0, "{stderr}");
    assert!(!dir.path().join("c-forest.svg").exists(), "{stdout}");
    assert!(stdout.contains("removed c-forest.svg"), "{stdout}");
    let md = std::fs::read_to_string(dir.path().join("c.md")).unwrap();
    assert!(
        md.contains(
            "Not compared yet, for want of a second engine whose design can be fitted: lmr, delta."
        ),
        "{md}"
    );
    assert!(md.contains("no forest plot"), "{md}");
    assert!(
        !md.contains("## Each step's worth") && !md.contains("forest plot]("),
        "{md}"
    );
}

#[test]
fn a_bad_comparison_is_refused_at_its_line_or_key() {
    let dir = tempfile::tempdir().unwrap();
    for (extra, expected) in [
        (
            "colour = \"red\"\n",
            "c.toml:19: unknown field `colour`, expected one of `name`, `field`, `factors`, `unlike`",
        ),
        (
            "[[step]]\nname = \"x\"\nfactors = { toga = \"no_x\", ablate = \"no_lmr\" }\n",
            "[[step]] \"x\": engine \"toga\" is not declared; expected one of glaurung, ablate, later",
        ),
        (
            "[[step]]\nname = \"x\"\nfactors = { ablate = \"no_lmr\" }\n",
            "[[step]] \"x\": factors names 1 engine; a shared step needs two or more",
        ),
        (
            "[[step]]\nname = \"x\"\nfactors = { glaurung = \"no_x\", ablate = \"no_lmr\" }\n",
            "step \"x\": engine \"glaurung\" has no factor \"no_x\"; its factors are no_futility_and_move_count_pruning",
        ),
    ] {
        let (code, _, stderr) = report(dir.path(), &comparison(extra));
        assert_eq!(code, 2, "{extra}: {stderr}");
        assert!(stderr.contains(expected), "{extra}\nexpected: {expected}\ngot: {stderr}");
    }
}
