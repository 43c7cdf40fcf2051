//! What an engine author still missed or tripped on (issue 79), each with its test: a first
//! look at a fixed depth that measures the wrong thing, engines on the command line, PGN
//! opening books, and the traps: PATH building the crate again, reports left beside games moved
//! aside, crashed games in a design's fit, a misspelt engine, the README's first output, and
//! declared runs without games started by default. (Intervals that do not exist are
//! `matches::summary`'s unit test.)

use std::path::Path;

/// Changing PATH (as `cargo install` asks users to) no longer builds ablate again: the build
/// script's own output, which cargo reads to decide when to run it again, names no PATH.
#[test]
fn a_change_to_path_does_not_build_ablate_again() {
    // OUT_DIR is the build script's folder; cargo keeps what the script printed beside it.
    let output = Path::new(env!("OUT_DIR")).with_file_name("output");
    let printed =
        std::fs::read_to_string(&output).unwrap_or_else(|e| panic!("{}: {e}", output.display()));
    let watched: Vec<&str> = printed
        .lines()
        .filter_map(|l| l.strip_prefix("cargo::rerun-if-env-changed="))
        .collect();
    assert!(!watched.is_empty(), "{printed}");
    assert!(
        !watched.contains(&"PATH"),
        "the build runs again whenever PATH changes: {watched:?}"
    );
}
