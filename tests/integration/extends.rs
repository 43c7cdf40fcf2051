//! Variants that build on one another (`extends`): `strongest` is declared once, in
//! strength.toml, each step there extends the one before, and every config and test that plays
//! `strongest` takes it from there, so a change to it reaches them all.

use crate::common::{ablate, ROOT};
use ablate::config::experiment::Experiment;
use ablate::config::SearchConfig;
use std::path::Path;

fn resolved(file: &Path, variant: &str) -> SearchConfig {
    let e = Experiment::load(file).unwrap_or_else(|e| panic!("{e}"));
    e.resolve(&[])
        .unwrap()
        .into_iter()
        .find(|v| v.name == variant)
        .unwrap_or_else(|| panic!("{} has no {variant}", file.display()))
        .config
}

#[test]
fn each_step_of_strength_toml_extends_the_one_before() {
    let text = std::fs::read_to_string(Path::new(ROOT).join("configs/strength.toml")).unwrap();
    let table: toml::Table = text.parse().unwrap();
    let variants = table["variants"].as_table().unwrap();
    for (step, before) in [
        ("tapered", "full"),
        ("kept", "tapered"),
        ("guarded", "kept"),
        ("strongest_2008", "guarded"),
        ("strongest", "strongest_2008"),
    ] {
        assert_eq!(
            variants[step].get("extends").and_then(|v| v.as_str()),
            Some(before),
            "{step}"
        );
    }
    // Each removal table's baseline is its strongest itself, not a copy of it: today's for
    // removal.toml, the one before issue 40 for elo-worth-engine.toml, whose games against
    // Fruit strength-2008.toml resumes under the name they carry.
    let config = |name: &str| Path::new(ROOT).join("configs").join(name);
    let engine = config("elo-worth-engine.toml");
    let strength = config("strength.toml");
    assert_eq!(
        resolved(&engine, "full"),
        resolved(&strength, "strongest_2008")
    );
    assert_eq!(
        resolved(&config("removal.toml"), "full"),
        resolved(&strength, "strongest")
    );
    assert_eq!(
        resolved(&config("strength-2008.toml"), "strongest"),
        resolved(&strength, "strongest_2008")
    );
    assert_ne!(
        resolved(&strength, "strongest"),
        resolved(&strength, "strongest_2008")
    );
    let text = std::fs::read_to_string(&engine).unwrap();
    assert!(
        !text.contains("reverse_futility.margin"),
        "elo-worth-engine.toml declares strongest's knobs again"
    );
}

#[test]
fn a_change_to_strongest_reaches_every_config_that_uses_it() {
    let dir = tempfile::tempdir().unwrap();
    let configs = dir.path().join("configs");
    std::fs::create_dir_all(&configs).unwrap();
    for f in ["strength.toml", "elo-worth-engine.toml"] {
        std::fs::copy(Path::new(ROOT).join("configs").join(f), configs.join(f)).unwrap();
    }
    let strength = configs.join("strength.toml");
    let text = std::fs::read_to_string(&strength).unwrap();
    let changed = text.replace(
        "reverse_futility.margin = 65",
        "reverse_futility.margin = 71",
    );
    assert_ne!(text, changed);
    std::fs::write(&strength, changed).unwrap();
    let engine = Experiment::load(&configs.join("elo-worth-engine.toml")).unwrap();
    let all = engine.resolve(&[]).unwrap();
    assert!(all.len() > 10);
    for v in all {
        assert_eq!(v.config.reverse_futility.margin, 71, "{}", v.name);
    }
    assert_eq!(resolved(&strength, "strongest").reverse_futility.margin, 71);
    assert_eq!(
        resolved(&strength, "strongest_2008")
            .reverse_futility
            .margin,
        71
    );
    // The guarded step before it is untouched.
    assert_eq!(
        resolved(&strength, "guarded").reverse_futility.margin,
        SearchConfig::default().reverse_futility.margin
    );
}

#[test]
fn a_cycle_an_unknown_name_and_a_missing_file_are_located_errors() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, body: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, format!("suite = \"x.epd\"\ndepths = [1]\n{body}")).unwrap();
        path
    };
    let run = |path: &Path| {
        let out = ablate(
            dir.path(),
            &[
                "search",
                "--config",
                path.to_str().unwrap(),
                "--fen",
                "startpos",
                "--depth",
                "1",
            ],
        );
        assert!(!out.status.success());
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let cycle = write(
        "cycle.toml",
        "[variants.a]\nextends = \"c\"\n[variants.b]\nextends = \"a\"\n[variants.c]\nextends = \"b\"\n",
    );
    let e = run(&cycle);
    assert!(
        e.contains("cycle.toml") && e.contains("cycle") && e.contains("a -> c -> b -> a"),
        "{e}"
    );
    let typo = write(
        "typo.toml",
        "[variants.guarded]\n[variants.strong]\nextends = \"gaurded\"\n",
    );
    let e = run(&typo);
    assert!(
        e.contains("typo.toml: variant \"strong\": extends = \"gaurded\"")
            && e.contains("did you mean \"guarded\""),
        "{e}"
    );
    let missing = write(
        "missing.toml",
        "[search]\nextends = { file = \"nowhere.toml\", variant = \"strongest\" }\n",
    );
    let e = run(&missing);
    assert!(
        e.contains("missing.toml") && e.contains("nowhere.toml"),
        "{e}"
    );
    // Two files that extend each other.
    write(
        "ping.toml",
        "[search]\nextends = { file = \"pong.toml\", variant = \"baseline\" }\n",
    );
    let pong = write(
        "pong.toml",
        "[search]\nextends = { file = \"ping.toml\", variant = \"baseline\" }\n",
    );
    let e = run(&pong);
    assert!(e.contains("cycle"), "{e}");
}
