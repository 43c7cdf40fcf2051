//! A test whose outside program is missing shows as ignored in `cargo test`'s own lines, with
//! its reason (issue 69, items 1 and 2): the build script's probe (`build/probe.rs`) sets a
//! `missing_<program>` cfg for each program it cannot find, never under `CI=true`; every test
//! that drives such a program carries `#[cfg_attr(missing_<program>, ignore = "...")]`; and
//! no doctest section closes the run.

// The test reads the list and the rule, not how each program is found.
#[allow(dead_code)]
#[path = "../../build/probe.rs"]
pub(crate) mod probe;

use crate::common::ROOT;
use std::collections::BTreeSet;
use std::path::Path;

#[test]
fn the_probe_marks_each_missing_program_and_nothing_under_ci() {
    let names: Vec<&str> = probe::PROGRAMS.iter().map(|p| p.name).collect();
    assert!(names.contains(&"libreoffice") && names.contains(&"python_chess"));
    let none_found = probe::missing_cfgs(false, |_| false);
    assert_eq!(none_found.len(), probe::PROGRAMS.len());
    assert_eq!(
        probe::missing_cfgs(false, |p| p.name != "libreoffice"),
        ["missing_libreoffice"]
    );
    assert!(
        probe::missing_cfgs(true, |_| false).is_empty(),
        "CI ignores nothing"
    );
}

/// What marks a helper or a test as driving an outside program: the helpers that skip, or
/// assert, when one is missing.
const DRIVES_A_PROGRAM: &[&str] = &[
    "skip_without(",
    "installed(",
    "replay_pgn(",
    "libreoffice()",
];

/// Each function of a file: its name, the attribute lines just above it, and its body.
fn functions(text: &str) -> Vec<(String, String, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let Some(rest) = trimmed
            .strip_prefix("fn ")
            .or_else(|| trimmed.strip_prefix("pub fn "))
        else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        // The attributes and doc comment above it, up to the blank line or the item before
        // (an attribute may span lines once formatted).
        let attributes: Vec<&str> = lines[..i]
            .iter()
            .rev()
            .take_while(|l| !l.trim().is_empty() && !l.starts_with('}') && !l.ends_with(';'))
            .copied()
            .collect();
        let mut depth = 0i32;
        let mut body = String::new();
        for l in &lines[i..] {
            body.push_str(l);
            body.push('\n');
            depth += l.matches('{').count() as i32 - l.matches('}').count() as i32;
            if depth <= 0 && l.contains('}') {
                break;
            }
        }
        out.push((name, attributes.join("\n"), body));
    }
    out
}

#[test]
fn every_test_that_drives_an_outside_program_is_ignored_when_it_is_missing() {
    let programs: BTreeSet<String> = probe::PROGRAMS
        .iter()
        .map(|p| format!("missing_{}", p.name))
        .collect();
    let mut unmarked = Vec::new();
    let mut marked = 0;
    let mut files: Vec<_> = std::fs::read_dir(Path::new(ROOT).join("tests/integration"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .filter(|p| !p.ends_with("ignored_tests.rs"))
        .collect();
    files.sort();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let fns = functions(&text);
        // A helper that drives a program marks every function that calls it, to a fixpoint.
        let mut drivers: BTreeSet<String> = BTreeSet::new();
        loop {
            let before = drivers.len();
            for (name, _, body) in &fns {
                let calls = DRIVES_A_PROGRAM.iter().any(|m| body.contains(m))
                    || drivers
                        .iter()
                        .any(|d| d != name && body.contains(&format!("{d}(")));
                if calls {
                    drivers.insert(name.clone());
                }
            }
            if drivers.len() == before {
                break;
            }
        }
        for (name, attributes, _) in &fns {
            if !attributes.contains("#[test]") {
                continue;
            }
            // Every cfg a test names is one the probe sets: a misspelt one would never ignore.
            for word in attributes.split(|c: char| !c.is_alphanumeric() && c != '_') {
                if word.starts_with("missing_") {
                    assert!(
                        programs.contains(word),
                        "{}: {name}: {word} is no probe's cfg",
                        file.display()
                    );
                }
            }
            if !drivers.contains(name) {
                continue;
            }
            if attributes.contains("cfg_attr(")
                && attributes.contains("missing_")
                && attributes.contains("ignore = \"needs ")
            {
                marked += 1;
            } else {
                unmarked.push(format!("{}: {name}", file.display()));
            }
        }
    }
    assert!(
        unmarked.is_empty(),
        "tests that drive an outside program but are never shown as ignored: {unmarked:#?}"
    );
    assert!(
        marked >= 10,
        "only {marked} tests found that drive an outside program"
    );
}

/// `cargo test`'s last lines are a test binary's, not an empty doctest section's; the README
/// says how to read the whole run.
#[test]
fn no_doctest_section_closes_the_run_and_the_readme_says_what_to_read() {
    let manifest = std::fs::read_to_string(Path::new(ROOT).join("Cargo.toml")).unwrap();
    let table: toml::Table = manifest.parse().unwrap();
    assert_eq!(
        table["lib"].get("doctest").and_then(|v| v.as_bool()),
        Some(false),
        "Cargo.toml [lib] doctest = false"
    );
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    assert!(
        readme.contains("grep 'test result'"),
        "the README says how to read the run"
    );
    assert!(
        readme.contains("on a quiet machine"),
        "the README's time says how it was measured"
    );
}
