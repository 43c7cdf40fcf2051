//! `ablate report` says when a results CSV is older than the code: older than the last change
//! of node counts (a re-bless that changed a count the reference held), or than the last change
//! of the search code.

mod common;

use common::{ablate, assert_success, ROOT};
use std::path::Path;
use std::process::Command;

fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .args([
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn report_warning(dir: &Path) -> String {
    let out = ablate(dir, &["report", "results/t.csv"]);
    assert_success(&out);
    String::from_utf8_lossy(&out.stderr).to_string()
}

#[test]
fn report_warns_when_results_predate_the_code() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("src/search")).unwrap();
    std::fs::create_dir_all(d.join("results/ci")).unwrap();
    std::fs::write(d.join("src/search/code.rs"), "// v1\n").unwrap();
    let reference = |rows: &str| format!("variant,position,depth,nodes,qnodes\n{rows}");
    std::fs::write(
        d.join("results/ci/reference.csv"),
        reference("a,bk.01,4,100,50\n"),
    )
    .unwrap();
    std::fs::write(
        d.join("t.toml"),
        format!("name = \"t\"\nsuite = \"{ROOT}/positions/bk.epd\"\ndepths = [2]\nlimit = 2\n[variants.k]\nordering.killers = 0\n"),
    )
    .unwrap();
    git(d, &["init", "-q"]);
    git(d, &["add", "."]);
    git(d, &["commit", "-q", "-m", "first"]);
    assert_success(&ablate(
        d,
        &["--config", "t.toml", "--out", "results/t.csv", "-q"],
    ));
    assert!(!report_warning(d).contains("warning"), "fresh results");

    std::fs::write(d.join("src/search/code.rs"), "// v2\n").unwrap();
    git(d, &["commit", "-q", "-am", "search code"]);
    let w = report_warning(d);
    assert!(
        w.contains("warning: results/t.csv: written by commit")
            && w.contains("before the search code last changed"),
        "{w}"
    );

    // A bless that adds rows and leaves every count that was there: the counts are current.
    std::fs::write(
        d.join("results/ci/reference.csv"),
        reference("a,bk.01,4,100,50\nb,bk.01,4,70,20\n"),
    )
    .unwrap();
    git(d, &["commit", "-q", "-am", "a new variant"]);
    let w = report_warning(d);
    assert!(
        w.contains("before the search code last changed") && !w.contains("node counts last"),
        "{w}"
    );

    // A bless that changes a count.
    std::fs::write(
        d.join("results/ci/reference.csv"),
        reference("a,bk.01,4,101,50\nb,bk.01,4,70,20\n"),
    )
    .unwrap();
    git(d, &["commit", "-q", "-am", "re-bless"]);
    let w = report_warning(d);
    assert!(w.contains("before node counts last changed"), "{w}");
}
