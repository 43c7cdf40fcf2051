//! `ablate check`: a tampered reference fails and names the row, bless round-trips, times are ignored.

use std::path::Path;

use crate::common::{ablate, assert_success, ROOT};

fn setup() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        "name = \"c\"\nsuite = \"{ROOT}/positions/bk.epd\"\ndepths = [3, 4]\nlimit = 4\n[search]\ntt_mb = 1\n\
         [variants.plain]\nordering.killers = 0\nordering.history = false\n"
    );
    std::fs::write(dir.path().join("c.toml"), text).unwrap();
    let bless = ablate(
        dir.path(),
        &[
            "check",
            "--config",
            "c.toml",
            "--reference",
            "ref.csv",
            "--bless",
        ],
    );
    assert_success(&bless);
    assert!(String::from_utf8_lossy(&bless.stdout).contains("16 added"));
    dir
}

fn edit_reference(dir: &Path, edit: impl Fn(&mut Vec<String>)) {
    let path = dir.join("ref.csv");
    let mut lines: Vec<String> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    edit(&mut lines);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
}

fn set_field(line: &str, column: usize, value: &str) -> String {
    let mut fields: Vec<String> = line.split(',').map(str::to_string).collect();
    fields[column] = value.to_string();
    fields.join(",")
}

#[test]
fn bless_round_trip_passes_and_prints_the_signature() {
    let dir = setup();
    let out = ablate(
        dir.path(),
        &[
            "check",
            "--config",
            "c.toml",
            "--reference",
            "ref.csv",
            "--jobs",
            "1",
        ],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("signature: ") && l[11..].parse::<u64>().is_ok()),
        "{stdout}"
    );
    assert!(stdout.contains("16 rows match"));
}

#[test]
fn a_tampered_count_fails_and_names_the_row() {
    let dir = setup();
    // Line 3 is (baseline, BK.02, depth 3) in canonical order; column 4 is nodes.
    edit_reference(dir.path(), |lines| {
        assert!(lines[3].starts_with("c,baseline,BK.02,3,"), "{}", lines[3]);
        let nodes: u64 = lines[3].split(',').nth(4).unwrap().parse().unwrap();
        lines[3] = set_field(&lines[3], 4, &(nodes + 100).to_string());
    });
    let out = ablate(
        dir.path(),
        &["check", "--config", "c.toml", "--reference", "ref.csv"],
    );
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let row = stdout
        .lines()
        .find(|l| l.starts_with("baseline"))
        .expect("a difference row");
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(&cells[..4], ["baseline", "BK.02", "3", "nodes"], "{stdout}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 row changed, 0 missing, 0 extra"));
}

#[test]
fn missing_and_extra_rows_are_named() {
    let dir = setup();
    edit_reference(dir.path(), |lines| {
        lines.remove(1);
        let fake = set_field(&lines[1], 2, "BK.99");
        lines.push(fake);
    });
    let out = ablate(
        dir.path(),
        &["check", "--config", "c.toml", "--reference", "ref.csv"],
    );
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("missing row: baseline, BK.99"), "{stdout}");
    assert!(
        stdout.contains("extra row: baseline, BK.01, depth 3"),
        "{stdout}"
    );
}

#[test]
fn time_columns_are_never_compared() {
    let dir = setup();
    edit_reference(dir.path(), |lines| {
        for line in lines.iter_mut().skip(1) {
            *line = set_field(
                &set_field(&set_field(line, 8, "123456.0"), 9, "99.5"),
                10,
                "7",
            );
        }
    });
    let out = ablate(
        dir.path(),
        &["check", "--config", "c.toml", "--reference", "ref.csv"],
    );
    assert_success(&out);
}

#[test]
fn a_missing_reference_is_bad_input() {
    let dir = setup();
    let out = ablate(
        dir.path(),
        &["check", "--config", "c.toml", "--reference", "nope.csv"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("nope.csv: no such reference; run once with --bless"));
}

/// The committed references `ablate check` holds the node counts to (config, reference): the
/// examples that run these commands leave them to this test.
pub const NODE_COUNT_CHECKS: [(&str, &str); 2] = [
    ("configs/ci.toml", "results/ci/reference.csv"),
    (
        "configs/ci-minimax.toml",
        "results/ci-minimax/reference.csv",
    ),
];

/// The signature each page gives for a committed reference is the one `ablate check` prints.
#[test]
fn the_docs_signatures_are_the_commands() {
    // Also the node-count regression check itself: each config's counts against its reference,
    // the gate .ci/run relies on (it runs nothing else for it).
    let root = std::path::Path::new(ROOT);
    let mut signatures = Vec::new();
    for (config, reference) in NODE_COUNT_CHECKS {
        let out = ablate(
            root,
            &["check", "--config", config, "--reference", reference],
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{stdout}");
        let signature = stdout
            .lines()
            .find_map(|l| l.strip_prefix("signature: "))
            .unwrap_or_else(|| panic!("no signature: {stdout}"))
            .to_string();
        // docs/cluster.md gives each command with its signature.
        let cluster = std::fs::read_to_string(root.join("docs/cluster.md")).unwrap();
        let line = cluster
            .lines()
            .find(|l| l.contains(&format!("--config {config} --reference {reference}")))
            .unwrap_or_else(|| panic!("docs/cluster.md shows no command for {config}"));
        assert!(
            line.ends_with(&format!("# signature: {signature}")),
            "docs/cluster.md: {line}; the command prints {signature}"
        );
        signatures.push(signature);
    }
    // results/README.md gives ci's.
    let readme = std::fs::read_to_string(root.join("results/README.md")).unwrap();
    assert!(
        readme.contains(&format!("(signature {})", signatures[0])),
        "results/README.md; the command prints {}",
        signatures[0]
    );
}
