//! Every committed config keeps its meaning: each variant's name and resolved knobs, hashed,
//! against `tests/data/resolved-configs.csv`, written by the build of 6e28f4f (the code of
//! 535679e as far as configs go). A change of config grammar, or a rewrite of a config with
//! `extends` or a declared name, must leave this file as it is; `BLESS=1 cargo test --test
//! config_meaning` rewrites it when a config is meant to change, and the diff shows which.

use ablate::config::experiment::Experiment;
use sha2::{Digest, Sha256};
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const SNAPSHOT: &str = "tests/data/resolved-configs.csv";

/// `config,variant,sha256 of the resolved knobs` for every variant of every committed config.
fn resolved() -> String {
    let mut files: Vec<_> = std::fs::read_dir(Path::new(ROOT).join("configs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut out = String::from("config,variant,knobs_sha256\n");
    for path in files {
        let experiment = Experiment::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for v in experiment.resolve(&[]).unwrap() {
            let knobs = match &v.engine {
                Some(engine) => serde_json::to_string(engine).unwrap(),
                None => serde_json::to_string(&v.config).unwrap(),
            };
            let hash = Sha256::digest(knobs.as_bytes());
            let hex: String = hash.iter().take(12).map(|b| format!("{b:02x}")).collect();
            out.push_str(&format!("{name},\"{}\",{hex}\n", v.name));
        }
    }
    out
}

#[test]
fn every_committed_config_resolves_as_it_did() {
    let now = resolved();
    let path = Path::new(ROOT).join(SNAPSHOT);
    if std::env::var("BLESS").is_ok_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &now).unwrap();
        return;
    }
    let then = std::fs::read_to_string(&path).unwrap();
    let (then_lines, now_lines): (Vec<&str>, Vec<&str>) =
        (then.lines().collect(), now.lines().collect());
    let changed: Vec<&&str> = then_lines
        .iter()
        .filter(|l| !now_lines.contains(l))
        .collect();
    let added: Vec<&&str> = now_lines
        .iter()
        .filter(|l| !then_lines.contains(l))
        .collect();
    assert!(
        changed.is_empty() && added.is_empty(),
        "resolved configs differ from {SNAPSHOT}:\nbefore: {changed:#?}\nnow: {added:#?}"
    );
}

#[test]
fn strongest_resolves_to_the_knobs_it_had() {
    // The test bed every table of this round is played on: strength.toml's strongest, and the
    // removal table's baseline, which extends it.
    let snapshot = std::fs::read_to_string(Path::new(ROOT).join(SNAPSHOT)).unwrap();
    let now = resolved();
    for line in ["strength.toml,\"strongest\",", "removal.toml,\"full\","] {
        let then = snapshot.lines().find(|l| l.starts_with(line));
        assert!(then.is_some(), "{line} is in the snapshot");
        assert!(now.lines().any(|l| Some(l) == then), "{line} changed");
    }
}
