//! Every committed config keeps its meaning: each variant's name and the knobs it sets away
//! from their defaults, hashed, and each declared run as it resolves, hashed, against
//! `tests/data/resolved-configs.csv`, and every knob's
//! default against `tests/data/knob-defaults.csv`. The hashes were first written by the build
//! of 6e28f4f (the code of 535679e as far as configs go). A change of config grammar, or a
//! rewrite of a config with `extends` or a declared name, must leave both files as they are.
//!
//! A knob added since reads as its default in every config (the default is the behaviour from
//! before the knob), so it moves no hash; a default that changes would change every config
//! that leaves the knob alone, and fails here. `BLESS=1 cargo test --test integration config_meaning`
//! rewrites both files when a config is meant to change, and the diff shows which.

use ablate::config::experiment::Experiment;
use ablate::config::{knob, SearchConfig};
use sha2::{Digest, Sha256};
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const SNAPSHOT: &str = "tests/data/resolved-configs.csv";
const DEFAULTS: &str = "tests/data/knob-defaults.csv";

/// `key,default` for every knob.
fn defaults() -> String {
    let mut out = String::from("key,default\n");
    for (key, value) in knob::values(&SearchConfig::default()) {
        out.push_str(&format!(
            "{key},\"{}\"\n",
            value.to_string().replace('"', "\"\"")
        ));
    }
    out
}

/// `config,variant,sha256 of the knobs set away from their defaults` for every variant of
/// every committed config (an engine variant: of its engine).
fn resolved() -> String {
    let mut files: Vec<_> = std::fs::read_dir(Path::new(ROOT).join("configs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let default_values = knob::values(&SearchConfig::default());
    let mut out = String::from("config,variant,knobs_sha256\n");
    for path in files {
        let experiment = Experiment::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for v in experiment.resolve(&[]).unwrap() {
            let knobs = match &v.engine {
                Some(engine) => serde_json::to_string(engine).unwrap(),
                None => knob::values(&v.config)
                    .into_iter()
                    .filter(|kv| !default_values.contains(kv))
                    .map(|(key, value)| format!("{key}={value}\n"))
                    .collect(),
            };
            let hash = Sha256::digest(knobs.as_bytes());
            let hex: String = hash.iter().take(12).map(|b| format!("{b:02x}")).collect();
            out.push_str(&format!("{name},\"{}\",{hex}\n", v.name));
        }
        // Each declared run as it resolves (its own keys over `[runs]`'s defaults and what it
        // extends), so that writing a run's settings once moves no run.
        for run in &experiment.runs {
            let hash = Sha256::digest(as_first_declared(run).as_bytes());
            let hex: String = hash.iter().take(12).map(|b| format!("{b:02x}")).collect();
            out.push_str(&format!("{name},\"runs.{}\",{hex}\n", run.name));
        }
    }
    out
}

#[test]
fn every_knob_keeps_its_default() {
    let now = defaults();
    let path = Path::new(ROOT).join(DEFAULTS);
    if std::env::var("BLESS").is_ok_and(|v| v == "1") {
        std::fs::write(&path, &now).unwrap();
        return;
    }
    let then = std::fs::read_to_string(&path).unwrap();
    let now_lines: Vec<&str> = now.lines().collect();
    let changed: Vec<&str> = then.lines().filter(|l| !now_lines.contains(l)).collect();
    assert!(
        changed.is_empty(),
        "knobs gone or with another default than in {DEFAULTS}: {changed:#?}"
    );
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

/// A run's settings in the words the runs were first fingerprinted in (the `Debug` form of the
/// struct a run was read into before `MatchSettings`), so that the fingerprints blessed then
/// still stand: a run reads the same under the one settings struct as it did before it.
fn as_first_declared(run: &ablate::config::runs::Run) -> String {
    let s = &run.settings;
    let limit = match (s.depth, &s.nodes[..], &s.tc, &s.st) {
        (Some(d), _, _, _) => format!("Depth({d})"),
        (_, [_, ..], _, _) => format!("Nodes({:?})", s.nodes),
        (_, _, Some(tc), _) => format!("Clock({:?})", tc.text),
        // Declared since issue 76; no run fingerprinted before it has one.
        (_, _, _, Some(st)) => format!("MoveTime({:?})", st.text),
        _ => "Unset".to_string(),
    };
    let out = s.out.as_ref().map(|o| o.to_string_lossy().into_owned());
    let sprt = s.sprt.as_ref().map(|g| g.text.clone());
    let adjudicate: Vec<&str> = s.adjudicate.iter().map(|g| g.text.as_str()).collect();
    format!(
        "DeclaredRun {{ name: {:?}, variants: {:?}, opponents: {:?}, games: {:?}, limit: {limit}, \
         openings: {:?}, seed: {:?}, sprt: {sprt:?}, round_robin: {:?}, adjudicate: {adjudicate:?}, \
         jobs: {:?}, out: {out:?}, timemargin: {:?}, precision: {:?} }}",
        run.name,
        s.variants,
        s.opponents,
        s.games,
        s.openings,
        s.seed,
        s.round_robin,
        s.jobs,
        s.timemargin,
        s.precision
    )
}
