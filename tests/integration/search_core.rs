//! The search core's shape, read from its code (issue 55):
//! - the node's steps are labelled `// Step N.` and numbered 1..N without gap or repeat, in
//!   the order they appear in each file (`negamax.rs`, then the move loop's);
//! - `negamax` and `search_moves` fit on a screen: 120 lines or fewer; `node.rs` and
//!   `picker.rs` 450 or fewer;
//! - nothing under `src/search` keeps a per-ply array but the stack (`stack.rs`) and the
//!   tables listed with their reasons (the PV, the killers, the minimal tree's walk).

use std::path::{Path, PathBuf};

const SEARCHER: &str = "src/search/searcher";
/// The files whose labels number the node's steps.
const STEP_FILES: &[&str] = &["negamax.rs", "move_loop.rs"];

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn searcher() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(SEARCHER)
}

/// The step numbers labelled in `text`, in order: comment lines `// Step N.`.
fn step_labels(text: &str) -> Vec<u32> {
    text.lines()
        .filter_map(|line| line.trim_start().strip_prefix("// Step "))
        .filter_map(|rest| {
            let (number, _) = rest.split_once('.')?;
            number.parse().ok()
        })
        .collect()
}

/// What is wrong with a numbering: the labels of each file in order, and all of them 1..N.
fn numbering_faults(files: &[(String, Vec<u32>)]) -> Vec<String> {
    let mut faults = Vec::new();
    let mut all: Vec<u32> = Vec::new();
    for (name, labels) in files {
        if labels.windows(2).any(|w| w[0] >= w[1]) {
            faults.push(format!("{name}: steps out of order: {labels:?}"));
        }
        all.extend(labels);
    }
    all.sort_unstable();
    let expected: Vec<u32> = (1..=all.len() as u32).collect();
    if all != expected {
        faults.push(format!(
            "the steps are not 1..{} once each: {all:?}",
            all.len()
        ));
    }
    faults
}

/// The length in lines of the function `name` in `text` (from its `fn` line to the line that
/// closes it at the same indentation).
fn function_lines(text: &str, name: &str) -> Option<usize> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.contains(&format!("fn {name}<")) || l.contains(&format!("fn {name}(")))?;
    let indent = lines[start].len() - lines[start].trim_start().len();
    let close = format!("{}}}", " ".repeat(indent));
    let end = lines[start..].iter().position(|l| *l == close)?;
    Some(end + 1)
}

#[test]
fn the_steps_are_numbered_one_to_n_in_order() {
    let files: Vec<(String, Vec<u32>)> = STEP_FILES
        .iter()
        .map(|f| (f.to_string(), step_labels(&read(&searcher().join(f)))))
        .collect();
    assert!(
        files.iter().all(|(_, l)| !l.is_empty()),
        "no step labels found: {files:?}"
    );
    let faults = numbering_faults(&files);
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// The numbering check finds a gap, a repeat and a step out of order.
#[test]
fn the_numbering_check_finds_gaps_repeats_and_disorder() {
    let text = "// Step 1. a\n  // Step 2. b\n// Step 2. c\n";
    assert_eq!(step_labels(text), vec![1, 2, 2]);
    let f = |labels: &[&[u32]]| {
        let files: Vec<(String, Vec<u32>)> = labels
            .iter()
            .map(|l| ("f".to_string(), l.to_vec()))
            .collect();
        numbering_faults(&files)
    };
    assert!(f(&[&[1, 2, 5], &[3, 4]]).is_empty());
    assert!(!f(&[&[1, 2, 2]]).is_empty(), "a repeat");
    assert!(!f(&[&[1, 3]]).is_empty(), "a gap");
    assert!(!f(&[&[2, 1]]).is_empty(), "out of order");
}

#[test]
fn the_node_and_its_move_loop_fit_on_a_screen() {
    for (file, name) in [("negamax.rs", "negamax"), ("move_loop.rs", "search_moves")] {
        let lines = function_lines(&read(&searcher().join(file)), name)
            .unwrap_or_else(|| panic!("{file}: no fn {name}"));
        assert!(lines <= 120, "{file}: {name} is {lines} lines, over 120");
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for file in ["src/search/searcher/node.rs", "src/search/picker.rs"] {
        let lines = read(&root.join(file)).lines().count();
        assert!(lines <= 450, "{file} is {lines} lines, over 450");
    }
}

/// The files under `src/search` that keep a per-ply array besides the stack, and why.
const PER_PLY_ALLOWED: &[(&str, &str)] = &[
    (
        "searcher/stack.rs",
        "the stack itself: one entry a ply, as Stockfish's Stack",
    ),
    (
        "pv.rs",
        "the triangular PV table: a row of moves a ply, copied up as the search returns",
    ),
    (
        "learning/killers.rs",
        "the killer table: learned per ply, kept with the other ordering tables a search carries from iteration to iteration (OrderingTables)",
    ),
    (
        "minimal.rs",
        "the minimal tree's own walk (a path a ply), not the search",
    ),
];

/// Every `.rs` file under `dir`, its path from `dir`.
fn rust_files(dir: &Path, under: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, under, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path.strip_prefix(under).unwrap().to_path_buf());
        }
    }
}

/// Lines of `text` that declare an array or vector as long as the plies (`; MAX_PLY`).
fn per_ply_lines(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let code = line.split("//").next().unwrap_or("");
            code.contains("; MAX_PLY") || code.contains(";MAX_PLY")
        })
        .map(|(i, line)| (i + 1, line.trim().to_string()))
        .collect()
}

#[test]
fn only_the_stack_and_the_listed_tables_keep_per_ply_arrays() {
    let search = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/search");
    let mut files = Vec::new();
    rust_files(&search, &search, &mut files);
    files.sort();
    let mut found = Vec::new();
    for file in &files {
        let shown = file.display().to_string();
        if PER_PLY_ALLOWED.iter().any(|(allowed, _)| *allowed == shown) {
            continue;
        }
        for (line, text) in per_ply_lines(&read(&search.join(file))) {
            found.push(format!("src/search/{shown}:{line}: {text}"));
        }
    }
    assert!(
        found.is_empty(),
        "per-ply arrays outside the stack and the listed tables:\n{}",
        found.join("\n")
    );
    // The list names files that still keep one, and the scan sees them.
    for (allowed, why) in PER_PLY_ALLOWED {
        let text = read(&search.join(allowed));
        assert!(
            !per_ply_lines(&text).is_empty(),
            "{allowed} ({why}) keeps no per-ply array now: take it off the list"
        );
    }
    assert_eq!(
        per_ply_lines("    table: vec![[None; 4]; MAX_PLY + 1],").len(),
        1
    );
}

#[test]
fn function_lines_counts_from_fn_to_its_close() {
    let text = "impl X {\n    fn a<const S: bool>(&self) {\n        1;\n    }\n}\n";
    assert_eq!(function_lines(text, "a"), Some(3));
}
