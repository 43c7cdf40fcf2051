//! Each search knob declares the step of the search where it acts (`config --explain` prints
//! it). The search says the same in its own words: every declared step is a `// Step N.`
//! comment of negamax (or of quiescence, for `qN`), and at least one of a knob's steps names
//! the knob, or its table (`null_move.*`), or the knob's own table, in its comment.

use ablate::config::knob;
use std::collections::BTreeMap;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Each `// Step N.` comment of these files, with the comment lines that follow it.
fn step_comments(files: &[&str]) -> BTreeMap<u32, String> {
    let mut steps = BTreeMap::new();
    for file in files {
        let text = std::fs::read_to_string(format!("{ROOT}/src/search/searcher/{file}")).unwrap();
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(rest) = line.strip_prefix("// Step ") else {
                continue;
            };
            let Some((n, _)) = rest.split_once('.') else {
                continue;
            };
            let Ok(n) = n.parse::<u32>() else { continue };
            let comment: Vec<&str> = lines[i..]
                .iter()
                .take_while(|l| l.starts_with("//"))
                .copied()
                .collect();
            steps.insert(n, comment.join(" "));
        }
    }
    steps
}

#[test]
fn every_knob_acts_in_a_step_that_names_it() {
    let negamax = step_comments(&["negamax.rs", "move_loop.rs"]);
    let quiescence = step_comments(&["quiescence.rs"]);
    assert_eq!(
        negamax.keys().copied().collect::<Vec<_>>(),
        (1..=30).collect::<Vec<_>>()
    );
    let mut unnamed = Vec::new();
    for k in knob::all() {
        if ["all", "root"].contains(&k.step) {
            continue;
        }
        let group = k.key.rsplit_once('.').map(|(g, _)| g);
        let mut named = false;
        for step in k.step.split(", ") {
            let comment = match step.strip_prefix('q') {
                Some(n) => quiescence.get(&n.parse().unwrap()),
                None => negamax.get(&step.parse().unwrap_or(0)),
            };
            let comment = comment.unwrap_or_else(|| panic!("{}: no step {step}", k.key));
            named |= comment.contains(&format!("`{}", k.key))
                || comment.contains(&format!("`{}", k.key.split('.').next().unwrap()))
                || group.is_some_and(|g| comment.contains(&format!("`{g}.")));
        }
        if !named {
            unnamed.push(format!("{} (step {})", k.key, k.step));
        }
    }
    assert!(unnamed.is_empty(), "no step comment names {unnamed:?}");
}

/// The check finds a knob declared at a step that does not name it.
#[test]
fn the_check_reads_the_comments() {
    let negamax = step_comments(&["negamax.rs", "move_loop.rs"]);
    assert!(negamax[&10].contains("`null_move.*`"));
    assert!(!negamax[&10].contains("`lmr."));
}
