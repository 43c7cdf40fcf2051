//! `ablate report` warns only when a results file's counts would change: it searches again
//! each variant's first row (`runner::spot_check`) and compares. A commit under `src/search`
//! that moves no count leaves the file unwarned; its times carry the build and machine as a
//! label. When no row can be searched again, the reference's history stands in: a re-bless
//! that changed a count the reference held.

use crate::common::{ablate, assert_success, ROOT};
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

fn git_out(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "git {args:?}");
    String::from_utf8_lossy(&out.stdout).to_string()
}

fn report(dir: &Path) -> String {
    let out = ablate(dir, &["report", "results/t.csv"]);
    assert_success(&out);
    String::from_utf8_lossy(&out.stderr).to_string()
}

/// A git checkout with a search source file, the ci reference, a small run's results, all
/// committed.
fn checkout() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("src/search")).unwrap();
    std::fs::create_dir_all(d.join("results/ci")).unwrap();
    std::fs::create_dir_all(d.join("positions")).unwrap();
    std::fs::copy(
        Path::new(ROOT).join("positions/bk.epd"),
        d.join("positions/bk.epd"),
    )
    .unwrap();
    std::fs::write(d.join("src/search/code.rs"), "// v1\n").unwrap();
    std::fs::write(
        d.join("results/ci/reference.csv"),
        "variant,position,depth,nodes,qnodes\na,bk.01,4,100,50\n",
    )
    .unwrap();
    std::fs::write(
        d.join("t.toml"),
        "name = \"t\"\nsuite = \"positions/bk.epd\"\ndepths = [2, 3]\nlimit = 2\n\
         [variants.k]\nordering.killers = 0\n",
    )
    .unwrap();
    git(d, &["init", "-q"]);
    git(d, &["add", "."]);
    git(d, &["commit", "-q", "-m", "first"]);
    assert_success(&ablate(
        d,
        &["--config", "t.toml", "--out", "results/t.csv", "-q"],
    ));
    git(d, &["add", "."]);
    git(d, &["commit", "-q", "-m", "results"]);
    dir
}

#[test]
fn a_search_change_that_moves_no_count_leaves_results_unwarned() {
    let dir = checkout();
    let d = dir.path();
    let fresh = report(d);
    assert!(!fresh.contains("warning"), "fresh results: {fresh}");
    assert!(
        fresh.contains("counts spot-checked: 2 of 2 variants' first row searched again")
            && fresh.contains("times measured by ablate"),
        "{fresh}"
    );
    // A refactor under src/search: no count moves, so nothing warns.
    std::fs::write(d.join("src/search/code.rs"), "// v2, refactored\n").unwrap();
    git(d, &["commit", "-q", "-am", "search code, no count moved"]);
    let after = report(d);
    assert!(!after.contains("warning"), "{after}");
    assert!(after.contains("all as the file holds them"), "{after}");
}

#[test]
fn a_count_this_build_would_not_give_is_a_warning() {
    let dir = checkout();
    let d = dir.path();
    // The file as an older build would have written it: one count of the first position's
    // shallowest row is not what this build counts.
    let csv = std::fs::read_to_string(d.join("results/t.csv")).unwrap();
    let mut lines: Vec<String> = csv.lines().map(str::to_string).collect();
    let header: Vec<&str> = lines[0].split(',').collect();
    let nodes = header.iter().position(|c| *c == "nodes").unwrap();
    let row = lines
        .iter()
        .position(|l| l.contains(",BK.01,2,"))
        .expect("the first position's depth-2 row");
    let mut cells: Vec<String> = lines[row].split(',').map(str::to_string).collect();
    cells[nodes] = (cells[nodes].parse::<u64>().unwrap() + 1).to_string();
    lines[row] = cells.join(",");
    std::fs::write(d.join("results/t.csv"), lines.join("\n") + "\n").unwrap();
    let w = report(d);
    assert!(
        w.contains("warning: results/t.csv: its counts differ from this build's")
            && w.contains("nodes"),
        "{w}"
    );
}

#[test]
fn without_a_row_to_search_again_the_reference_history_stands_in() {
    let dir = checkout();
    let d = dir.path();
    // A manifest names the commit its binary was built from. This binary's commit is not in the
    // test's checkout, so the file says it was built at the checkout's first commit, as a build
    // of this checkout would have written it.
    let first = git_out(d, &["rev-parse", "HEAD~1"]);
    let manifest = std::fs::read_to_string(d.join("results/t.json")).unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&manifest).unwrap();
    json["git_commit"] = serde_json::Value::String(first.trim().to_string());
    std::fs::write(d.join("results/t.json"), json.to_string()).unwrap();
    git(
        d,
        &[
            "commit",
            "-q",
            "-am",
            "results as the first commit's build wrote them",
        ],
    );
    // The suite is gone: no row can be searched again.
    std::fs::remove_file(d.join("positions/bk.epd")).unwrap();
    let w = report(d);
    assert!(w.contains("counts not spot-checked"), "{w}");
    assert!(!w.contains("warning"), "{w}");

    // A bless that adds rows and leaves every count that was there: the counts are current.
    let reference = |rows: &str| format!("variant,position,depth,nodes,qnodes\n{rows}");
    std::fs::write(
        d.join("results/ci/reference.csv"),
        reference("a,bk.01,4,100,50\nb,bk.01,4,70,20\n"),
    )
    .unwrap();
    git(d, &["commit", "-q", "-am", "a new variant"]);
    assert!(!report(d).contains("warning"));

    // A bless that changes a count.
    std::fs::write(
        d.join("results/ci/reference.csv"),
        reference("a,bk.01,4,101,50\nb,bk.01,4,70,20\n"),
    )
    .unwrap();
    git(d, &["commit", "-q", "-am", "re-bless"]);
    let w = report(d);
    assert!(w.contains("before node counts last changed"), "{w}");
}
