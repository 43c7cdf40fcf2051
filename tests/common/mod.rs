//! Helpers shared by the integration tests: run the binary as a user would.
#![allow(dead_code)] // each test binary uses its own share of the helpers

use std::path::Path;
use std::process::{Command, Output};

/// The repository root.
pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Runs `ablate` in `dir` with `CI` set, as CI does, and returns its output.
pub fn ablate(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ablate"))
        .args(args)
        .current_dir(dir)
        .env("CI", "true")
        .output()
        .expect("ablate runs")
}

/// Asserts exit code 0, showing both streams when it is not.
pub fn assert_success(out: &Output) {
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}\nstdout: {}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    );
}

/// A test that drives a real program calls this when the program (or what it needs) is
/// missing: on a developer's machine it prints why it skips and returns true; under `CI=true`
/// it fails, because CI installs every program the tests drive and a skip there would hide it.
pub fn skip_without(what: &str, install: &str) -> bool {
    let message = format!("{what} is missing ({install}); .ci/run installs it");
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("CI=true and {message}: a test whose program is missing fails under CI");
    }
    println!("SKIPPED: {message}");
    true
}
