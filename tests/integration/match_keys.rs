//! Every committed match still resumes, by the hash its config gives it. A match's hash is the
//! key it resumes by (games under another hash are another match's: moved aside, or refused),
//! so a change to how the key is written (`matches::match_key`, `settings::key_text`), to a
//! variant's identity or to a run's settings that moved it would orphan the games; this test
//! recomputes each games file's hash from the config and the run that declare it, and says
//! which file moved and how. No engine is started: the key is the plan's, and the plan starts
//! none.

use crate::common::ROOT;
use ablate::cli::{Cli, Command};
use ablate::config::experiment::Experiment;
use ablate::matches::games_manifest::MatchManifest;
use ablate::matches::match_files::{find_files, SessionOptions};
use ablate::matches::pairings::{plan_match, PreparedMatch};
use ablate::storage::manifest::ManifestFile;
use clap::Parser;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The matches first keyed before a variant's identity took its present form (229b660, what it
/// sets away from the defaults; before, every knob), with the hash today's build gives each:
/// their games keep that first hash, and resume because the manifest beside them records the
/// same match (`match_files::adopt_first_hash`).
const FIRST_KEYED_OTHERWISE: [(&str, &str); 22] = [
    ("budget-ladder/nodes-10000", "md58d1e59bb5cd7e4"),
    ("budget-ladder/nodes-160000", "ma1bbdb01b23deb21"),
    ("budget-ladder/nodes-20000", "m7a70e7a659a384a7"),
    ("budget-ladder/nodes-320000", "m0d70825b7e9940e5"),
    ("budget-ladder/nodes-40000", "m1702862a5344765b"),
    ("budget-ladder/nodes-5000", "mbcc98b2fa494ea2e"),
    ("budget-ladder/nodes-80000", "mfee2018f370cb6c9"),
    ("elo-worth/elo-worth-nodes", "md5c2751e12a6253c"),
    ("elo-worth/elo-worth-tc-2", "m6c11bf2aa2e7bb4a"),
    ("elo-worth/elo-worth-tc", "md0225e900990551a"),
    (
        "elo-worth-engine/elo-worth-engine-40k-2",
        "m74b31c14481577b7",
    ),
    ("elo-worth-engine/elo-worth-engine-40k", "m39fa4f42c1d81918"),
    (
        "elo-worth-engine/elo-worth-engine-nodes",
        "m8f8b029a705ea5c2",
    ),
    ("elo-worth-engine/elo-worth-eval-nodes", "m59d25f2b01bb024c"),
    ("fruit-elo-worth/fruit-elo-worth", "mcf5a44b27fa12ade"),
    ("pruning/pruning-nodes", "m511151a27d05f62d"),
    ("pruning/pruning", "m450d265dc88aef30"),
    ("strength/strength-steps", "m2b1053e2aace49de"),
    ("strength/strength", "m807e098c67173991"),
    ("strongest-tuning/one-step", "mdf9a7983aa1aef35"),
    ("strongest-tuning/round-2", "md06e6de27e92e213"),
    ("strongest-tuning/together", "m9531ff89905116f6"),
];

/// Each games file the configs' declared runs write and that is committed, with its match as
/// planned today.
fn declared_matches() -> BTreeMap<PathBuf, PreparedMatch> {
    let mut matches = BTreeMap::new();
    let mut configs: Vec<PathBuf> = std::fs::read_dir(Path::new(ROOT).join("configs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    configs.sort();
    for config in configs {
        let experiment = Experiment::load(&config).unwrap_or_else(|e| panic!("{e}"));
        for run in &experiment.runs {
            let argv = ["ablate", "match", "--config", config.to_str().unwrap()];
            let argv = argv.into_iter().chain(["--run", &run.name, "--quiet"]);
            let Some(Command::Match(args)) = Cli::try_parse_from(argv).unwrap().command else {
                unreachable!("`ablate match` parses as a match")
            };
            let plays = ablate::commands::declared::plan(&args, &experiment).unwrap();
            for play in plays {
                let out = play
                    .settings
                    .out
                    .clone()
                    .expect("a declared run has its file");
                let csv = Path::new(ROOT).join(out);
                if !csv.exists() {
                    continue;
                }
                let planned = plan_match(experiment.clone(), play.settings)
                    .unwrap_or_else(|e| panic!("{}: {e}", csv.display()));
                matches.insert(csv, planned);
            }
        }
    }
    matches
}

#[test]
fn every_committed_games_file_keeps_the_hash_its_config_gives_it_and_resumes() {
    let mut declared = declared_matches();
    let committed = crate::common::result_files(".games.csv");
    assert!(committed.len() >= 60, "{committed:?}");
    let first_keyed: BTreeMap<PathBuf, &str> = (FIRST_KEYED_OTHERWISE.iter())
        .map(|(file, hash)| {
            (
                Path::new(ROOT).join(format!("results/{file}.games.csv")),
                *hash,
            )
        })
        .collect();
    let mut moved = Vec::new();
    for csv in &committed {
        let shown = csv.strip_prefix(ROOT).unwrap().display().to_string();
        let Some(mut planned) = declared.remove(csv) else {
            panic!("{shown}: no declared run writes it");
        };
        let manifest = MatchManifest::beside(csv).expect("a manifest beside the games");
        let stored = &manifest.match_hash;
        let expected = first_keyed.get(csv).copied().unwrap_or(stored);
        if planned.hash != expected {
            moved.push(format!("{shown}: {expected}, and today {}", planned.hash));
            continue;
        }
        // As `ablate match` finds the files before it plays: every game is this match's.
        let options = SessionOptions {
            csv: csv.clone(),
            pgn: None,
            threads: 1,
            force: false,
            move_aside: false,
            quiet: true,
        };
        let (found, _) = find_files(&mut planned, &options).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(&planned.hash, stored, "{shown}: resumes under another hash");
        assert!(
            found.holds_this_match,
            "{shown}: its games would be played again"
        );
        // Six matches are committed without their PGN: their games are kept all the same, and a
        // sitting starts the PGN from them.
        let pgn = csv.with_extension("pgn");
        assert_eq!(found.resuming, pgn.exists(), "{shown}: resumes its PGN");
    }
    assert!(
        moved.is_empty(),
        "the match hash moved (the key of the games, then that of the config):\n{}",
        moved.join("\n")
    );
}
