//! Issue 92, item 6: the small traps an engine author still met, each with its test. A name
//! far from every variant got a guess; a typo'd knob was placed at its table's header, or in
//! `[search]` at no line; `datagen --games 0` wrote empty files; `--nodes -5` was taken for a
//! flag; a one-factor design did not say what to do instead; a node-limited design counted
//! slow games; a design's report drew no plot of the steps' worth.

use crate::common::{ablate, assert_success, ROOT};
use std::path::Path;

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `text` written as `name` in a fresh folder with the shipped positions.
fn folder_with(name: &str, text: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    crate::common::copy_these_positions(dir.path(), &["startpos.epd", "openings.epd"]);
    std::fs::write(dir.path().join(name), text).unwrap();
    dir
}

/// `ablate` in `dir`, refused: its stderr, after checking it exited 2.
fn refused(dir: &Path, args: &[&str]) -> String {
    let out = ablate(dir, args);
    assert_eq!(out.status.code(), Some(2), "{args:?} accepted: {out:?}");
    stderr(&out)
}

/// (a) `--variant foo` beside variants `all` and `none` got "did you mean \"all\"?": three
/// edits of three letters. A far name now gets the config's variants, a near miss its guess.
#[test]
fn a_far_variant_name_gets_the_variants_and_a_near_one_a_guess() {
    let config = "name = \"duel\"\n[search]\ntt_mb = 1\n[variants.all]\nordering.killers = 1\n\
                  [variants.none]\nordering.killers = 0\n";
    let dir = folder_with("duel.toml", config);
    let far = refused(
        dir.path(),
        &["match", "-c", "duel.toml", "--variant", "foo"],
    );
    assert!(
        far.contains(
            "--variant: no variant \"foo\" in duel.toml; its variants are: baseline, all, none"
        ),
        "{far}"
    );
    assert!(!far.contains("did you mean"), "{far}");
    let near = refused(
        dir.path(),
        &["match", "-c", "duel.toml", "--opponent", "nnoe"],
    );
    assert!(
        near.contains(
            "--opponent: no variant \"nnoe\" in duel.toml; did you mean \"none\"? its variants are"
        ),
        "{near}"
    );
}

/// (b) A typo'd knob is placed at its own line, in `[search]` (which gave no line) and in a
/// variant (which gave its header's), however the key is written.
#[test]
fn a_typod_knob_is_placed_at_its_own_line() {
    let error = |text: &str| {
        let dir = folder_with("k.toml", text);
        refused(dir.path(), &["match", "-c", "k.toml", "--print-outputs"])
    };
    let search = error("name = \"k\"\n[search]\ntt_mb = 1\nordering.kilers = 0\n");
    assert!(
        search.contains("k.toml:4:10: [search]: unknown key \"ordering.kilers\""),
        "{search}"
    );
    let variant = error("[search]\ntt_mb = 1\n[variants.v]\ntt_mb = 2\nordering.killer = 1\n");
    assert!(
        variant.contains("k.toml:5:10: variant \"v\": unknown key \"ordering.killer\""),
        "{variant}"
    );
    let nested = error("[search]\n[variants.v]\ntt_mb = 2\n[variants.v.ordering]\n\nkiller = 1\n");
    assert!(
        nested.contains("k.toml:6:1: variant \"v\": unknown key \"ordering.killer\""),
        "{nested}"
    );
    let inline = error("[search]\n[variants.v]\ntt_mb = 2\n\nordering = { killers = \"two\" }\n");
    assert!(
        inline.contains("k.toml:5:14: variant \"v\": key \"ordering.killers\" = \"two\""),
        "{inline}"
    );
}
