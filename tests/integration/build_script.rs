//! The build script re-runs only when something it reads really changes (issue 92, item 1):
//! cargo re-runs a build script, and so compiles ablate again, whenever a file it watches is
//! missing. A checkout whose git refs were packed had no loose branch ref, one never packed no
//! packed-refs, and either rebuilt ablate on every `cargo build`. This reads what the script
//! told cargo for this very build and holds every watched path to exist.

use std::path::Path;

#[test]
fn every_path_the_build_script_watches_exists() {
    // OUT_DIR is the script's own folder's `out`; cargo keeps what it printed in `output`.
    let output = Path::new(env!("OUT_DIR")).with_file_name("output");
    let text =
        std::fs::read_to_string(&output).unwrap_or_else(|e| panic!("{}: {e}", output.display()));
    let root = Path::new(crate::common::ROOT);
    let watched: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("cargo::rerun-if-changed="))
        .collect();
    assert!(
        watched.iter().any(|p| p.ends_with("HEAD")),
        "HEAD is watched: {watched:?}"
    );
    for path in &watched {
        let path = Path::new(path);
        let full = if path.is_absolute() {
            path.to_path_buf()
        } else {
            root.join(path)
        };
        assert!(full.exists(), "the build script watches {}, which does not exist: every build would compile ablate again", full.display());
    }
}
