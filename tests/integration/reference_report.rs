//! `ablate report D --reference R` on committed designed matches: one budget's factorial over
//! another's writes its Markdown, tidy CSV, JSON and chart with every factor of the two, and
//! two designs of other factors are refused with the file and the factors named.

use crate::common::{ablate, assert_success, ROOT};
use std::path::{Path, PathBuf};

/// A committed file by its path: a rung's name is not unique across ladders.
fn result(path: &str) -> PathBuf {
    Path::new(ROOT).join("results").join(path)
}

const FACTORS: [&str; 5] = [
    "null_move",
    "probcut",
    "lmr",
    "late_move_pruning",
    "reverse_futility",
];

#[test]
fn one_budgets_factorial_over_anothers_writes_every_format_with_every_factor() {
    let dir = tempfile::tempdir().unwrap();
    let md = dir.path().join("ratio.md");
    let (design, reference) = (
        result("budget-ladder-today/factorial-20000.games.csv"),
        result("budget-ladder-today/factorial-10000.games.csv"),
    );
    let out = ablate(
        Path::new(ROOT),
        &[
            "report",
            design.to_str().unwrap(),
            "--reference",
            reference.to_str().unwrap(),
            "--markdown",
            md.to_str().unwrap(),
        ],
    );
    assert_success(&out);
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(
        shown.contains("the design's worths over the reference's, over the 5 steps:"),
        "{shown}"
    );
    let read = |ext: &str| std::fs::read_to_string(md.with_extension(ext)).unwrap();
    let (text, csv, json, svg) = (read("md"), read("csv"), read("json"), read("svg"));
    assert!(
        text.contains("](ratio.svg)"),
        "the Markdown links its chart:\n{text}"
    );
    assert!(
        csv.starts_with("kind,step,with,of,file,value,se,lo,hi,p_holm\n"),
        "{csv}"
    );
    assert!(csv.contains("\npooled_ratio,,,design/reference,,"), "{csv}");
    let rows: Vec<serde_json::Value> = serde_json::from_str(&json).unwrap();
    assert_eq!(
        rows.len(),
        csv.lines().count() - 1,
        "the JSON holds the CSV's rows"
    );
    for factor in FACTORS {
        assert!(
            text.contains(&format!("| {factor} |")),
            "{factor} in the Markdown"
        );
        assert!(
            csv.contains(&format!("\nratio,{factor},,design/reference,")),
            "{factor}"
        );
        assert!(
            svg.contains(&format!("\n{factor}\n</text>")),
            "{factor} on the chart"
        );
    }
}

#[test]
fn designs_of_other_factors_are_refused_naming_the_file_and_the_factors() {
    let dir = tempfile::tempdir().unwrap();
    let md = dir.path().join("ratio.md");
    let (design, reference) = (
        result("engines/fruit.games.csv"),
        result("budget-ladder-today/factorial-10000.games.csv"),
    );
    let (d, r) = (design.to_str().unwrap(), reference.to_str().unwrap());
    let out = ablate(
        Path::new(ROOT),
        &[
            "report",
            d,
            "--reference",
            r,
            "--markdown",
            md.to_str().unwrap(),
        ],
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("{r}: the designs' factors differ")),
        "{err}"
    );
    assert!(
        err.contains(&format!("only {d} has no_verification")),
        "{err}"
    );
    assert!(err.contains("no_probcut (step probcut)"), "{err}");
    assert!(!md.exists(), "nothing written");
}
