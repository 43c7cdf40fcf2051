//! Runs declared in the experiment file (`[runs.NAME]`): `ablate match --run NAME` plays one as
//! declared and resumes it, a ladder of node budgets writes one file per budget, flags beside
//! `--run` make a quick form that leaves the declared files alone, and bad runs are refused
//! with the file, the run and the key.

use crate::common::{ablate, assert_success, ROOT};
use ablate::matches::games_csv::read_games;
use std::path::Path;

const CONFIG: &str = r#"name = "declared"
suite = "positions/bk.epd"
depths = [1]
[search]
tt_mb = 1
null_move.enabled = true
[variants.no_null_move]
null_move.enabled = false
[variants.double]
game.node_factor = 2

[runs.ladder]
nodes = [4096, 8192]
games = 2
variants = ["no_null_move"]
adjudicate = ["draw=40,10,8", "resign=1000,4"]
out = "results/declared/nodes-{nodes}.games.csv"

[runs.doubling]
nodes = 4096
games = 2
variants = "double"
"#;

fn setup(dir: &Path, config: &str) {
    crate::common::copy_positions(dir);
    std::fs::write(dir.join("declared.toml"), config).unwrap();
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn a_declared_ladder_writes_one_file_per_budget_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path(), CONFIG);
    let o = ablate(
        dir.path(),
        &["match", "-c", "declared.toml", "--run", "ladder", "-q"],
    );
    assert_success(&o);
    for nodes in [4096, 8192] {
        let csv = dir
            .path()
            .join(format!("results/declared/nodes-{nodes}.games.csv"));
        let rows = read_games(&csv).unwrap();
        assert_eq!(rows.len(), 2, "{}", csv.display());
        assert!(rows.iter().all(|r| r.variant == "no_null_move"));
        let manifest = std::fs::read_to_string(csv.with_extension("json")).unwrap();
        assert!(
            manifest.contains(&format!("\"nodes {nodes}\"")),
            "{manifest}"
        );
        assert!(manifest.contains("draw=40,10,8"), "{manifest}");
    }
    // The same command again resumes: nothing is played twice.
    let again = ablate(
        dir.path(),
        &["match", "-c", "declared.toml", "--run", "ladder"],
    );
    assert_success(&again);
    let out = String::from_utf8_lossy(&again.stdout);
    assert_eq!(
        out.matches("(0 games played, 2 resumed)").count(),
        2,
        "{out}"
    );
}

/// A match is the variants that play in it: a variant added to the config, one renamed that
/// does not play, or their order changed, leaves its games resumable under the same hash.
#[test]
fn a_variant_added_or_renamed_elsewhere_in_the_config_leaves_a_match_resumable() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path(), CONFIG);
    let run = ["match", "-c", "declared.toml", "--run", "doubling", "-q"];
    assert_success(&ablate(dir.path(), &run));
    let csv = dir.path().join("results/runs/declared.doubling.games.csv");
    let hash = read_games(&csv).unwrap()[0].match_hash.clone();
    let changed = CONFIG
        .replace("[variants.no_null_move]", "[variants.without_null_move]")
        .replace(
            "variants = [\"no_null_move\"]",
            "variants = [\"without_null_move\"]",
        )
        .replace(
            "[variants.double]",
            "[variants.added]\nlmr.enabled = true\n[variants.double]",
        );
    assert_ne!(changed, CONFIG);
    std::fs::write(dir.path().join("declared.toml"), changed).unwrap();
    let again = ablate(
        dir.path(),
        &["match", "-c", "declared.toml", "--run", "doubling"],
    );
    assert_success(&again);
    let out = String::from_utf8_lossy(&again.stdout);
    assert!(out.contains("(0 games played, 2 resumed)"), "{out}");
    assert!(read_games(&csv)
        .unwrap()
        .iter()
        .all(|r| r.match_hash == hash));
    // The variant that plays changed: another match, refused.
    let other = CONFIG.replace("game.node_factor = 2", "game.node_factor = 3");
    std::fs::write(dir.path().join("declared.toml"), other).unwrap();
    let refused = ablate(dir.path(), &run);
    assert_ne!(refused.status.code(), Some(0));
    assert!(
        stderr(&refused).contains("holds games of match"),
        "{}",
        stderr(&refused)
    );
}

#[test]
fn flags_beside_run_make_a_quick_form_that_leaves_the_declared_file_alone() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path(), CONFIG);
    let o = ablate(
        dir.path(),
        &[
            "match",
            "-c",
            "declared.toml",
            "--run",
            "ladder",
            "--games",
            "4",
            "--nodes",
            "2048",
            "-q",
        ],
    );
    assert_success(&o);
    assert!(!dir.path().join("results/declared").exists());
    let quick = dir
        .path()
        .join("results/runs/declared.ladder.quick.games.csv");
    let rows = read_games(&quick).unwrap();
    assert_eq!(rows.len(), 4);
    // The run's other values still hold: its variants and its adjudication.
    assert!(rows.iter().all(|r| r.variant == "no_null_move"));
    let manifest = std::fs::read_to_string(quick.with_extension("json")).unwrap();
    assert!(manifest.contains("\"nodes 2048\"") && manifest.contains("resign=1000,4"));
}

/// A run that names no `out` writes to results/runs/<name>.<run>.games.csv; a quick form of
/// it (flags beside `--run`) has its own path there and says which, so that it neither
/// collides with the declared games nor is refused for them.
#[test]
fn a_quick_form_beside_a_declared_run_without_out_has_its_own_path_and_says_it() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path(), CONFIG);
    let declared = ["match", "-c", "declared.toml", "--run", "doubling", "-q"];
    assert_success(&ablate(dir.path(), &declared));
    let csv = dir.path().join("results/runs/declared.doubling.games.csv");
    let before = std::fs::read(&csv).unwrap();
    let quick = ablate(
        dir.path(),
        &[
            "match",
            "-c",
            "declared.toml",
            "--run",
            "doubling",
            "--games",
            "4",
        ],
    );
    assert_success(&quick);
    let quick_csv = "results/runs/declared.doubling.quick.games.csv";
    assert!(stderr(&quick).contains(quick_csv), "{}", stderr(&quick));
    assert_eq!(read_games(&dir.path().join(quick_csv)).unwrap().len(), 4);
    assert_eq!(std::fs::read(&csv).unwrap(), before);
}

/// Without `--run`, the declared matches that have games resume; one without games is started
/// only by name (`--run`), and the command says so for each.
#[test]
fn without_run_a_config_resumes_what_it_declares_and_an_ad_hoc_match_is_told_so() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path(), CONFIG);
    let outputs = || {
        let o = ablate(
            dir.path(),
            &["match", "-c", "declared.toml", "--print-outputs"],
        );
        assert_success(&o);
        let out = String::from_utf8_lossy(&o.stdout).into_owned();
        (
            out.lines().map(str::to_string).collect::<Vec<_>>(),
            stderr(&o),
        )
    };
    let (none, notes) = outputs();
    assert!(none.is_empty(), "{none:?}");
    for (run, file) in [
        (
            "ladder at 4096 nodes",
            "results/declared/nodes-4096.games.csv",
        ),
        (
            "ladder at 8192 nodes",
            "results/declared/nodes-8192.games.csv",
        ),
        (
            "doubling at 4096 nodes",
            "results/runs/declared.doubling.games.csv",
        ),
    ] {
        assert!(
            notes.contains(&format!("note: run {run} has no games yet ({file})")),
            "{notes}"
        );
    }
    let started = ["match", "-c", "declared.toml", "--run", "doubling", "-q"];
    assert_success(&ablate(dir.path(), &started));
    let (resumed, _) = outputs();
    assert_eq!(resumed, ["results/runs/declared.doubling.games.csv"]);
    let adhoc = ablate(
        dir.path(),
        &[
            "match",
            "-c",
            "declared.toml",
            "--games",
            "2",
            "--depth",
            "1",
            "--variant",
            "no_null_move",
            "-q",
        ],
    );
    assert_success(&adhoc);
    let err = stderr(&adhoc);
    assert!(
        err.contains("declares runs (ladder, doubling)") && err.contains("--run NAME"),
        "{err}"
    );
}

/// `--nodes` takes a list as a run's `nodes` does: one match per budget, each in a file of its
/// own (`{nodes}` in `--out`, else the budget in the default name).
#[test]
fn a_list_of_budgets_on_the_command_line_is_a_ladder_too() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path(), CONFIG);
    let outputs_of = |extra: &[&str]| -> Vec<String> {
        let mut args = vec!["match", "-c", "declared.toml"];
        args.extend(extra);
        args.push("--print-outputs");
        let o = ablate(dir.path(), &args);
        assert_success(&o);
        let out = String::from_utf8_lossy(&o.stdout).into_owned();
        out.lines().map(str::to_string).collect()
    };
    let outputs = |extra: &[&str]| {
        let mut args = vec!["match", "-c", "declared.toml", "--nodes", "300,600"];
        args.extend(extra);
        args.push("--print-outputs");
        let o = ablate(dir.path(), &args);
        assert_success(&o);
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    assert_eq!(
        outputs(&[]).lines().collect::<Vec<_>>(),
        [
            "results/runs/declared-nodes-300.games.csv",
            "results/runs/declared-nodes-600.games.csv"
        ]
    );
    assert_eq!(
        outputs(&["--out", "x/{nodes}.games.csv"])
            .lines()
            .collect::<Vec<_>>(),
        ["x/300.games.csv", "x/600.games.csv"]
    );
    // `{nodes}` in --out names each rung's file of a declared ladder too.
    assert_eq!(
        outputs_of(&["--run", "ladder", "--out", "y/{nodes}.games.csv"]),
        ["y/4096.games.csv", "y/8192.games.csv"]
    );
    // Beside --run, the command line's budgets replace the run's.
    assert_eq!(
        outputs(&["--run", "ladder"]).lines().collect::<Vec<_>>(),
        [
            "results/runs/declared.ladder-nodes-300.quick.games.csv",
            "results/runs/declared.ladder-nodes-600.quick.games.csv"
        ]
    );
}

#[test]
fn bad_runs_are_refused_with_the_file_the_run_and_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, &str, &[&str]); 6] = [
        (
            "games = 2\n",
            "--run ladd",
            &["no such run", "did you mean \"ladder\"?"],
        ),
        (
            "gmes = 2\n",
            "",
            &[
                "[runs.ladder]: unknown key \"gmes\"",
                "did you mean \"games\"?",
            ],
        ),
        (
            "variants = [\"no_nul_move\"]\n",
            "",
            &[
                "[runs.ladder]: variants: no variant \"no_nul_move\"",
                "did you mean \"no_null_move\"?",
            ],
        ),
        (
            "depth = 2\nnodes = 100\n",
            "",
            &["[runs.ladder]: depth and nodes all given", "one limit"],
        ),
        (
            "nodes = [100, 200]\nout = \"x.csv\"\n",
            "",
            &["out = \"x.csv\" for 2 node budgets", "{nodes}"],
        ),
        (
            "games = \"many\"\n",
            "",
            &["[runs.ladder]: games = \"many\"", "whole number"],
        ),
    ];
    for (body, run, expected) in cases {
        let config = format!(
            "name = \"bad\"\nsuite = \"positions/bk.epd\"\ndepths = [1]\n[variants.no_null_move]\nnull_move.enabled = false\n[runs.ladder]\n{body}"
        );
        setup(dir.path(), &config);
        let mut args = vec!["match", "-c", "declared.toml", "-q"];
        if !run.is_empty() {
            args.extend(run.split(' '));
        }
        let o = ablate(dir.path(), &args);
        assert!(!o.status.success(), "{body}");
        let err = stderr(&o);
        assert!(err.contains("declared.toml"), "{err}");
        for e in expected {
            assert!(err.contains(e), "{body}: expected {e:?} in {err}");
        }
    }
}

/// Every committed games file is the `out` of a run its config declares, and that run, asked
/// for its files, names it: no Elo table in docs/ comes from a command kept only in prose.
#[test]
fn every_committed_match_is_a_declared_run() {
    let root = Path::new(ROOT);
    let mut declared = Vec::new();
    for entry in std::fs::read_dir(root.join("configs")).unwrap() {
        let path = entry.unwrap().path();
        let experiment =
            ablate::config::experiment::Experiment::load(&path).unwrap_or_else(|e| panic!("{e}"));
        for run in &experiment.runs {
            if let Some(out) = &run.settings.out {
                let out = out.to_string_lossy().into_owned();
                declared.push((path.clone(), run.name.clone(), out));
            }
        }
    }
    let mut committed: Vec<String> = Vec::new();
    for file in crate::common::result_files(".games.csv") {
        let relative = file.strip_prefix(root).unwrap();
        committed.push(relative.display().to_string());
    }
    assert!(committed.len() >= 10, "{committed:?}");
    for file in &committed {
        let mut owners = declared.iter().filter(|(_, _, out)| {
            out == file || {
                let (head, tail) = out.split_once("{nodes}").unwrap_or((out, ""));
                out.contains("{nodes}") && file.starts_with(head) && file.ends_with(tail)
            }
        });
        // A pattern with {nodes} matches every budget's file: the run that names it owns it.
        let named = owners.any(|(config, run, _)| {
            // An engine the project builds itself (a path inside the repository, as the
            // Stockfish build's) is ignored by git: where it is not built, the config's engine
            // cannot start. CI builds it, so there these games are checked too.
            let ci = std::env::var("CI").is_ok_and(|v| v == "true");
            if let Some(missing) = unbuilt_engine(config).filter(|_| !ci) {
                eprintln!("not checked: {file}: needs {missing}, which the project builds");
                return true;
            }
            let o = ablate(
                root,
                &[
                    "match",
                    "--config",
                    config.to_str().unwrap(),
                    "--run",
                    run,
                    "--print-outputs",
                ],
            );
            assert_success(&o);
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .any(|l| l == file)
        });
        assert!(named, "{file} is no declared run's out");
    }
}

/// The first engine of `config` that the project builds itself (a program named by a path
/// inside the repository) and that is not built here.
fn unbuilt_engine(config: &Path) -> Option<String> {
    let experiment = ablate::config::experiment::Experiment::load(config).ok()?;
    experiment.engines.iter().find_map(|(_, spec)| {
        let program = spec.argv().ok()?.into_iter().next()?;
        let inside = program.contains('/') && !program.starts_with('/');
        (inside && !Path::new(ROOT).join(&program).is_file()).then_some(program)
    })
}

/// Two configs may share an experiment name (strength-2008.toml keeps the games its first
/// version played under "strength"), but never a run of it: a quick form of a run (flags beside
/// `--run`) writes results/runs/<experiment>.<run>.quick.games.csv, and two such runs would meet
/// there. Nor may two runs declare one `out`.
#[test]
fn no_two_declared_runs_share_a_name_or_an_output() {
    let root = Path::new(ROOT);
    let mut seen: Vec<(String, String, Vec<String>)> = Vec::new();
    let mut paths: Vec<_> = std::fs::read_dir(root.join("configs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    for path in paths {
        let experiment =
            ablate::config::experiment::Experiment::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        for run in &experiment.runs {
            // The files a run writes: `{nodes}` in `out` stands for each of its budgets.
            let outs = run.outs();
            let name = format!("{}.{}", experiment.name, run.name);
            for (other, other_name, other_outs) in &seen {
                assert!(
                    other_name != &name,
                    "{file} and {other} both declare run {} of experiment {}",
                    run.name,
                    experiment.name
                );
                if let Some(out) = outs.iter().find(|o| other_outs.contains(o)) {
                    panic!("{file} (run {}) and {other} both write {out}", run.name);
                }
            }
            seen.push((file.clone(), name, outs));
        }
    }
    assert!(seen.len() >= 10, "{seen:?}");
}

/// Run removal-history plays `no_history` again from the first opening: a match at a node
/// budget is deterministic, so every game both runs hold is the same game, move for move and
/// node for node, although the two were played months of builds apart, in other sessions and
/// other processes.
#[test]
fn the_games_removal_history_shares_with_removal_are_the_same_games() {
    let dir = Path::new(ROOT).join("results/removal");
    let earlier = read_games(&dir.join("removal.games.csv")).unwrap();
    let again = read_games(&dir.join("removal-history.games.csv")).unwrap();
    let first: std::collections::HashMap<_, _> = earlier
        .iter()
        .filter(|e| e.variant == "no_history")
        .map(|e| ((e.pair, e.game), e))
        .collect();
    let mut shared = 0;
    for game in &again {
        let Some(first) = first.get(&(game.pair, game.game)) else {
            continue;
        };
        assert_eq!(
            (&first.white, &first.result, &first.moves, first.plies),
            (&game.white, &game.result, &game.moves, game.plies),
            "pair {} game {}",
            game.pair,
            game.game
        );
        assert_eq!(
            (first.white_nodes, first.black_nodes),
            (game.white_nodes, game.black_nodes),
            "pair {} game {}",
            game.pair,
            game.game
        );
        shared += 1;
    }
    assert!(shared >= 1_000, "{shared} games in both runs");
}

/// Each term-worth run (from `strongest_2008` and from today's `strongest`) removes each
/// evaluation term the code declares, once and alone: a term added to `for_each_eval_term!`
/// without its removal in both fails.
#[test]
fn the_term_worth_runs_remove_every_declared_term_once() {
    for config in ["elo-worth-engine.toml", "removal.toml"] {
        term_worth_run_removes_every_declared_term_once(config);
    }
}

fn term_worth_run_removes_every_declared_term_once(config: &str) {
    use ablate::chess::terms::Terms;
    let path = Path::new(ROOT).join("configs").join(config);
    let experiment =
        ablate::config::experiment::Experiment::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let run = experiment
        .runs
        .iter()
        .find(|r| r.name == "eval-terms")
        .unwrap_or_else(|| panic!("{config} declares the run eval-terms"));
    let resolved = experiment.resolve(&[]).unwrap_or_else(|e| panic!("{e}"));
    let baseline = resolved[0].config.eval.terms();
    assert_eq!(
        baseline,
        Terms::ALL,
        "{config}: the baseline has every term on"
    );
    let mut removed = Vec::new();
    for name in &run.settings.variants {
        let variant = resolved.iter().find(|v| &v.name == name).unwrap();
        let terms = variant.config.eval.terms();
        let off: Vec<&str> = Terms::NAMES
            .iter()
            .copied()
            .filter(|t| {
                let mut only = Terms::ALL;
                ablate::chess::terms::switch(&mut only, t, false);
                only == terms
            })
            .collect();
        assert_eq!(off.len(), 1, "{config}: {name} removes exactly one term");
        let mut expected = variant.config.clone();
        expected.eval = resolved[0].config.eval.clone();
        assert_eq!(
            expected, resolved[0].config,
            "{config}: {name} changes nothing else"
        );
        removed.push(off[0]);
    }
    assert_eq!(
        removed,
        Terms::NAMES,
        "{config}: one removal per declared term, in order"
    );
}

/// Every figure block in docs/ that gives Elo names the run that makes it: above it, in its
/// section, an `ablate match --config F --run NAME` line with NAME declared in F (or `ablate
/// match --config F` alone, which plays every run F declares).
#[test]
fn every_elo_table_in_the_docs_names_its_declared_run() {
    let docs = Path::new(ROOT).join("docs");
    let mut checked = 0;
    let mut missing = Vec::new();
    let mut pages: Vec<_> = std::fs::read_dir(&docs)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    for page in pages {
        let text = std::fs::read_to_string(&page).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(name) = line
                .strip_prefix("<!-- figures:")
                .and_then(|l| l.strip_suffix(" -->"))
            else {
                continue;
            };
            let body: Vec<&str> = lines[i + 1..]
                .iter()
                .take_while(|l| !l.starts_with("<!-- /figures"))
                .copied()
                .collect();
            // A table of games: a header row that gives Elo.
            if !body.iter().any(|l| l.starts_with('|') && l.contains("Elo")) {
                continue;
            }
            checked += 1;
            let section_start = lines[..i]
                .iter()
                .rposition(|l| l.starts_with("## ") || l.starts_with("<!-- /figures"))
                .unwrap_or(0);
            let named = lines[section_start..i]
                .iter()
                .any(|l| names_a_declared_run(l.trim()));
            if !named {
                missing.push(format!("{}: block \"{name}\"", page.display()));
            }
        }
    }
    assert!(checked >= 7, "{checked} Elo tables found");
    assert!(
        missing.is_empty(),
        "Elo tables without an `ablate match --config F --run NAME` above them:\n{}",
        missing.join("\n")
    );
}

/// `ablate match --config F [--run NAME] ...` where F declares NAME (or, without --run, runs).
fn names_a_declared_run(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.len() < 4 || words[..2] != ["ablate", "match"] {
        return false;
    }
    let value = |flag: &str| words.windows(2).find(|w| w[0] == flag).map(|w| w[1]);
    let Some(config) = value("--config").or_else(|| value("-c")) else {
        return false;
    };
    let Ok(experiment) =
        ablate::config::experiment::Experiment::load(&Path::new(ROOT).join("configs").join(config))
    else {
        return false;
    };
    match value("--run") {
        Some(run) => experiment.runs.iter().any(|r| r.name == run),
        None => !experiment.runs.is_empty() && !words.contains(&"--variant"),
    }
}

/// pruning.toml's games were played before the match identity took its present form, so
/// today's build hashes the same match otherwise; its declared run still resumes them, with
/// nothing played and the files left byte for byte. A manifest that records another match (here
/// another game count) is not taken for this one.
#[test]
fn a_match_hashed_before_today_resumes_when_its_manifest_records_the_same_match() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    crate::common::copy_positions(d);
    std::fs::create_dir_all(d.join("configs")).unwrap();
    std::fs::create_dir_all(d.join("results/pruning")).unwrap();
    std::fs::copy(
        Path::new(ROOT).join("configs/pruning.toml"),
        d.join("configs/pruning.toml"),
    )
    .unwrap();
    let files = ["pruning.games.csv", "pruning.games.json"];
    for f in files {
        let from = Path::new(ROOT).join("results/pruning").join(f);
        std::fs::copy(from, d.join("results/pruning").join(f)).unwrap();
    }
    let json = d.join("results/pruning/pruning.games.json");
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let first_hash = manifest["match_hash"].as_str().unwrap().to_string();
    let print = [
        "match",
        "--config",
        "configs/pruning.toml",
        "--run",
        "depth-5",
    ];
    let out = ablate(d, &print);
    assert_success(&out);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("(0 games played, 500 resumed)"), "{said}");
    for f in files {
        let committed = std::fs::read(Path::new(ROOT).join("results/pruning").join(f)).unwrap();
        assert_eq!(
            std::fs::read(d.join("results/pruning").join(f)).unwrap(),
            committed,
            "{f} changed"
        );
    }
    let rows = read_games(&d.join("results/pruning/pruning.games.csv")).unwrap();
    assert!(rows.iter().all(|r| r.match_hash == first_hash));

    // The same files under a manifest that says 102 games a pairing: another match, refused.
    let mut other = manifest.clone();
    other["games_per_pairing"] = 102.into();
    std::fs::write(&json, serde_json::to_string_pretty(&other).unwrap()).unwrap();
    let out = ablate(d, &print);
    assert_ne!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(&format!("holds games of match {first_hash}")),
        "{}",
        stderr(&out)
    );
    // A refusal writes nothing: the manifest beside the games is still the one found there.
    let kept: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(kept, other, "the refused match rewrote the manifest");
}
