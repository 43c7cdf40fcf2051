//! The pipeline's layers import only from the layers before them: config → suite → search →
//! records → jobs → runner → summary/export → commands, with cli on top. A file that reaches up
//! (config importing search, say) fails here with its name.

use std::path::Path;

/// (files under this path, modules they must not import).
const RULES: &[(&str, &[&str])] = &[
    (
        "chess",
        &[
            "config", "suite", "search", "records", "jobs", "runner", "summary", "export",
            "commands", "cli",
        ],
    ),
    (
        "config",
        &[
            "suite", "search", "records", "jobs", "runner", "summary", "export", "commands", "cli",
        ],
    ),
    (
        "suite",
        &[
            "search", "records", "jobs", "runner", "summary", "export", "commands", "cli",
        ],
    ),
    (
        "search",
        &[
            "records", "jobs", "runner", "summary", "export", "commands", "cli",
        ],
    ),
    (
        "engine.rs",
        &[
            "records", "jobs", "runner", "summary", "export", "commands", "cli",
        ],
    ),
    (
        "records.rs",
        &["jobs", "runner", "summary", "export", "commands", "cli"],
    ),
    ("jobs", &["runner", "summary", "export", "commands", "cli"]),
    ("runner.rs", &["summary", "commands", "cli"]),
    (
        "summary.rs",
        &["jobs", "runner", "export", "commands", "cli"],
    ),
    ("export", &["jobs", "runner", "commands", "cli"]),
    (
        "play",
        &[
            "records",
            "jobs",
            "runner",
            "summary",
            "export",
            "tournament",
            "commands",
            "cli",
        ],
    ),
    (
        "elo.rs",
        &[
            "search",
            "play",
            "records",
            "jobs",
            "runner",
            "export",
            "tournament",
            "commands",
            "cli",
        ],
    ),
    (
        "tournament.rs",
        &["jobs::execute", "runner", "export", "commands", "cli"],
    ),
];

fn rust_files(path: &Path, out: &mut Vec<std::path::PathBuf>) {
    if path.is_dir() {
        for entry in std::fs::read_dir(path).unwrap() {
            rust_files(&entry.unwrap().path(), out);
        }
    } else if path.extension().is_some_and(|e| e == "rs") {
        out.push(path.to_path_buf());
    }
}

#[test]
fn no_layer_imports_a_later_one() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut violations = Vec::new();
    for (place, forbidden) in RULES {
        let mut files = Vec::new();
        rust_files(&src.join(place), &mut files);
        assert!(!files.is_empty(), "{place}: no files");
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            for module in *forbidden {
                let needle = format!("crate::{module}");
                if let Some(line) = text
                    .lines()
                    .find(|l| l.contains(&needle) && !l.trim_start().starts_with("//"))
                {
                    violations.push(format!(
                        "{}: {}",
                        file.strip_prefix(&src).unwrap().display(),
                        line.trim()
                    ));
                }
            }
        }
    }
    assert!(
        violations.is_empty(),
        "imports from a later layer:\n{}",
        violations.join("\n")
    );
}
