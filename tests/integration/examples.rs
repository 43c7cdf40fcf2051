//! Every example a user can copy, from the shell blocks of README.md and every page of docs/
//! and from every `--help`, runs as written (with depths made small, so that each takes
//! seconds) in a scratch copy of the repository, exits 0 and leaves every committed file as it
//! was: examples write under `results/runs/` or a temporary folder, never beside the sources.

use crate::common::ROOT;
use ablate::config::experiment::Experiment;
use clap::CommandFactory;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where engines/stockfish/build-stockfish.sh writes the patched Stockfish.
const STOCKFISH: &str = crate::ignored_tests::probe::STOCKFISH_SWITCHES;

/// Commands a reader runs: ablate itself, the cargo commands and the scripts.
fn is_command(line: &str) -> bool {
    [
        "ablate ",
        "./target/release/ablate ",
        "cargo ",
        "scripts/",
        "sbatch ",
        "taskset -c ",
    ]
    .iter()
    .any(|p| line.starts_with(p))
}

/// README.md and every page of docs/, in order.
fn pages() -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = std::fs::read_dir(Path::new(ROOT).join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    let mut pages = vec![Path::new(ROOT).join("README.md")];
    pages.extend(docs);
    pages
}

/// Every command of every page's `sh` blocks, comments removed, with its page.
fn page_examples() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let name = page.strip_prefix(ROOT).unwrap().display().to_string();
        let mut in_sh = false;
        for line in text.lines() {
            if line.starts_with("```") {
                in_sh = !in_sh && line.trim() == "```sh";
                continue;
            }
            let command = strip_comment(line);
            if in_sh && is_command(&command) {
                out.push((name.clone(), command));
            }
        }
    }
    out
}

/// Every `Examples:` line of every `--help`, ablate's own and each command's.
fn help_examples() -> Vec<String> {
    let mut cli = ablate::cli::Cli::command();
    let mut texts = vec![cli.render_long_help().to_string()];
    for sub in cli.get_subcommands_mut() {
        texts.push(sub.render_long_help().to_string());
    }
    let mut out = Vec::new();
    for text in texts {
        let mut in_examples = false;
        for line in text.lines() {
            if line.starts_with("Example") {
                in_examples = true;
                continue;
            }
            if in_examples && !line.starts_with("  ") {
                in_examples = false;
            }
            let command = strip_comment(line.trim());
            if in_examples && is_command(&command) {
                out.push(command);
            }
        }
    }
    out
}

/// Drops a trailing `# comment` (outside quotes).
fn strip_comment(line: &str) -> String {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted && line[..i].ends_with(' ') => return line[..i].trim().to_string(),
            _ => {}
        }
    }
    line.trim().to_string()
}

/// The example with its depths made small: the point is that it runs, not how long.
fn shrink(example: &str) -> String {
    let mut words: Vec<String> = example.split(' ').map(str::to_string).collect();
    let mut has_depths = false;
    for i in 1..words.len() {
        match words[i - 1].as_str() {
            "--depth" | "-d" => {
                let n: u32 = words[i].parse().unwrap_or(3);
                words[i] = n.min(3).to_string();
            }
            "--speedup-depth" => words[i] = "1".into(),
            // Matches: one pair of short games.
            "--games" | "-g" => words[i] = "2".into(),
            "--nodes" => words[i] = "300".into(),
            "--tc" => words[i] = "0.5+0.01".into(),
            "--st" => words[i] = "0.02".into(),
            "--depths" => {
                words[i] = "2,3".into();
                has_depths = true;
            }
            _ => {}
        }
    }
    // A match that names no games plays what its config declares (or its --run) in full: one
    // pair of short games instead, a quick form that leaves the declared files alone.
    if example.starts_with("ablate match") && !words.iter().any(|w| w == "--games" || w == "-g") {
        words.extend(["--games".to_string(), "2".to_string()]);
        let limited = words
            .iter()
            .any(|w| matches!(w.as_str(), "--depth" | "-d" | "--nodes" | "--tc" | "--st"));
        if !limited {
            words.extend(declared_limit(&words));
        }
    }
    // A design plays a pairing at each of its points: 64 of Toga's at a clock take minutes, so
    // a design at a clock plays one point, its last. At a node budget all of them play, for
    // the report a page may make of them next (docs/engines.md reports Glaurung's design from
    // the games its example just played, which one point cannot fit).
    let clock = words.iter().any(|w| w == "--st" || w == "--tc");
    if example.starts_with("ablate match") && clock && !words.iter().any(|w| w == "--variant") {
        words.extend(design_point(&words));
    }
    let mut text = words.join(" ");
    let main_job = text.starts_with("ablate --config") || text.starts_with("ablate -c");
    if main_job && !has_depths {
        text.push_str(" --depths 2,3");
    }
    // Every bench example runs as one small bench, its --json kept: bench.epd's searches cost
    // about the same at any depth this small (the plain search's quiescence takes 29 M nodes
    // there at depth 1, strongest's 35 M at depth 2), so examples that differ only in depths
    // are one command, run once in each copy, and the speedup run over wac300 stays shallow.
    if text.starts_with("ablate bench") {
        let json = if text.split(' ').any(|w| w == "--json") {
            " --json"
        } else {
            ""
        };
        text = format!(
            "ablate bench --depth 2 --speedup-depth 1 --full-depth 2 --strongest-depth 2{json}"
        );
    }
    text
}

/// The config and run an example names (`--config F`, `--run R`), as loaded.
fn declared(words: &[String]) -> Option<(Experiment, Option<String>)> {
    let after = |flag: &str| {
        words
            .windows(2)
            .find(|w| w[0] == flag || (flag == "--config" && w[0] == "-c"))
            .map(|w| w[1].clone())
    };
    let file = Path::new(ROOT).join("configs").join(after("--config")?);
    Some((Experiment::load(&file).ok()?, after("--run")))
}

/// `--variant` and the design's last point, when the example plays a design's points (`--design`,
/// or a run with `design = true` named or resumed); nothing otherwise.
fn design_point(words: &[String]) -> Vec<String> {
    let Some((experiment, run)) = declared(words) else {
        return Vec::new();
    };
    // Without --run, the declared runs that have games resume: a design among them plays.
    let run_design = experiment
        .runs
        .iter()
        .any(|r| run.as_ref().is_none_or(|name| &r.name == name) && r.settings.design);
    match &experiment.design {
        Some(design) if run_design || words.iter().any(|w| w == "--design") => {
            let last = design.point_names().pop().expect("a design has points");
            vec!["--variant".into(), last]
        }
        _ => Vec::new(),
    }
}

/// A short limit of the kind the declared run (`--config F --run R`) plays at: an engine that
/// cannot honour `go nodes` is refused under one, so a run at a clock keeps a (short) clock
/// and one at a depth a small depth; 300 nodes otherwise.
fn declared_limit(words: &[String]) -> [String; 2] {
    let limit = declared(words).and_then(|(experiment, run)| {
        let run = run?;
        experiment
            .runs
            .into_iter()
            .find(|r| r.name == run)
            .map(|r| r.settings)
    });
    match limit {
        Some(s) if s.tc.is_some() => ["--tc".into(), "0.5+0.01".into()],
        Some(s) if s.st.is_some() => ["--st".into(), "0.02".into()],
        Some(s) if s.depth.is_some() => ["--depth".into(), s.depth.unwrap_or(3).min(3).to_string()],
        _ => ["--nodes".into(), "300".into()],
    }
}

fn normalise(example: &str) -> String {
    // `taskset -c N` pins a clock run to a core of its own; the command after it is the example.
    let example = match example.strip_prefix("taskset -c ") {
        Some(rest) => rest.split_once(' ').map_or(rest, |(_, command)| command),
        None => example,
    };
    example
        .replacen("./target/release/ablate ", "ablate ", 1)
        .replacen("cargo run --release -- ", "ablate ", 1)
}

/// The command the test runs for an example, or why it runs something else or nothing.
/// A command that writes a committed result (`--out results/x.csv`, not `results/runs/`): it
/// must run as written, unshrunk, and leave that result as it was.
fn writes_a_committed_result(example: &str) -> bool {
    example.split(' ').collect::<Vec<_>>().windows(2).any(|w| {
        w[0] == "--out" && w[1].starts_with("results/") && !w[1].starts_with("results/runs/")
    })
}

fn runnable(example: &str) -> Result<String, &'static str> {
    let example = normalise(example);
    if writes_a_committed_result(&example) {
        return Ok(example);
    }
    if example.starts_with("cargo ") {
        return Err("cargo itself: this test is built and run by cargo");
    }
    if is_the_node_count_check(&example) {
        return Err(
            "the node-count check: tests/integration/check.rs runs the same command \
                    (from configs/, which a bare config name resolves to)",
        );
    }
    if example.contains("engines-stockfish.toml") && !Path::new(ROOT).join(STOCKFISH).is_file() {
        return Err(
            "needs engines/stockfish/stockfish-switches, which .ci/run builds \
                    (engines/stockfish/build-stockfish.sh)",
        );
    }
    if example.starts_with("sbatch ") {
        return Err(
            "needs a running Slurm cluster: tests/integration/slurm.rs submits the same script",
        );
    }
    if let Some(rest) = example.strip_prefix("scripts/engine-finished-depth.py ") {
        if !Path::new(ROOT).join(STOCKFISH).is_file() {
            return Err(
                "replays Stockfish's games: needs engines/stockfish/stockfish-switches, \
                        which .ci/run builds (engines/stockfish/build-stockfish.sh)",
            );
        }
        // The page's measurement replays 200 games, minutes: two show that it runs as written.
        return Ok(format!(
            "scripts/engine-finished-depth.py {}",
            rest.replace("--games 3200", "--games 32")
        ));
    }
    if example.starts_with("scripts/reproduce-all.sh") {
        // The real thing takes 50 minutes: its usage must still print.
        return Ok("scripts/reproduce-all.sh --help".into());
    }
    if let Some(rest) = example.strip_prefix("scripts/slurm/ablate-array.sh ") {
        // Everything is checked as for a submission; only sbatch is not called.
        let rest = rest.replace("--dry-run ", "");
        return Ok(format!("scripts/slurm/ablate-array.sh --dry-run {rest}"));
    }
    Ok(shrink(&example))
}

/// `ablate check` of a committed reference, which tests/integration/check.rs runs as its gate.
fn is_the_node_count_check(example: &str) -> bool {
    let Some(rest) = example.strip_prefix("ablate check --config ") else {
        return false;
    };
    let rest = rest.strip_prefix("configs/").unwrap_or(rest);
    crate::check::NODE_COUNT_CHECKS
        .iter()
        .any(|(config, reference)| {
            rest == format!(
                "{} --reference {reference}",
                config.strip_prefix("configs/").unwrap_or(config)
            )
        })
}

/// A command that writes nothing, whose second run in the other copy would show nothing new.
fn writes_nothing(command: &str) -> bool {
    command.starts_with("ablate bench ") || command == "ablate figures --check"
}

/// Every file under `dir` but `results/runs/`, with the SHA-256 of its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    use sha2::{Digest, Sha256};
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let relative = path.strip_prefix(dir).unwrap().to_path_buf();
            if relative.starts_with("results/runs") || relative.starts_with("bin") {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else {
                let digest = Sha256::digest(std::fs::read(&path).unwrap());
                out.insert(relative, digest.to_vec());
            }
        }
    }
    out
}

/// What differs between two snapshots: each file written or removed.
fn touched(before: &BTreeMap<PathBuf, Vec<u8>>, after: &BTreeMap<PathBuf, Vec<u8>>) -> Vec<String> {
    let mut out: Vec<String> = after
        .iter()
        .filter(|(path, digest)| before.get(*path) != Some(digest))
        .map(|(path, _)| format!("written: {}", path.display()))
        .collect();
    out.extend(
        before
            .keys()
            .filter(|path| !after.contains_key(*path))
            .map(|path| format!("removed: {}", path.display())),
    );
    out
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let path = entry.path();
        if path.is_file() {
            std::fs::copy(&path, to.join(entry.file_name())).unwrap();
        } else if path.is_dir() && entry.file_name() != "runs" {
            copy_dir(&path, &to.join(entry.file_name()));
        }
    }
}

/// A scratch copy of the repository, the binary first on its PATH, where examples run as a
/// reader would run them from a checkout.
struct Scratch {
    dir: tempfile::TempDir,
    path: String,
}

impl Scratch {
    fn new() -> Scratch {
        let dir = tempfile::tempdir().unwrap();
        for sub in ["configs", "positions", "results", "scripts", "docs"] {
            copy_dir(&Path::new(ROOT).join(sub), &dir.path().join(sub));
        }
        // The Stockfish build the project makes itself (git ignores it), where the design's
        // config looks for it; linked, not copied (some 70 MB).
        let engines = dir.path().join("engines/stockfish");
        std::fs::create_dir_all(&engines).unwrap();
        if Path::new(ROOT).join(STOCKFISH).is_file() {
            std::os::unix::fs::symlink(Path::new(ROOT).join(STOCKFISH), dir.path().join(STOCKFISH))
                .unwrap();
        }
        std::fs::copy(
            Path::new(ROOT).join("README.md"),
            dir.path().join("README.md"),
        )
        .unwrap();
        let bin = dir.path().join("bin");
        std::fs::create_dir_all(&bin).unwrap();
        std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_ablate"), bin.join("ablate")).unwrap();
        let path = format!(
            "{}:{}",
            bin.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let scratch = Scratch { dir, path };
        // The merge examples need their shards.
        for shard in ["0/2", "1/2"] {
            let setup = format!("ablate --config ci.toml --depths 2 --quiet --shard {shard}");
            assert!(scratch.run(&setup).status.success(), "{setup}");
        }
        scratch
    }

    fn run(&self, command: &str) -> std::process::Output {
        Command::new("bash")
            .args(["-c", command])
            .current_dir(self.dir.path())
            .env("PATH", &self.path)
            .env("ABLATE", env!("CARGO_BIN_EXE_ablate"))
            .env("CI", "true")
            .output()
            .expect("bash runs")
    }
}

/// Every example, grouped by page (every `--help` together, as one's examples use another's
/// files: `ablate train`'s read `ablate datagen`'s): a page's examples run in order in one
/// scratch copy, as a reader runs them (a report after the match it reads). The pages with the
/// most examples go first (the --help page, about a third of the time), so that neither copy
/// starts a long page last.
fn examples_by_page() -> Vec<(String, Vec<String>)> {
    let mut examples = page_examples();
    let help = help_examples();
    assert!(examples.len() >= 30, "page examples found: {examples:?}");
    assert!(help.len() >= 15, "--help examples found: {help:?}");
    examples.extend(help.into_iter().map(|e| ("--help".to_string(), e)));
    let mut pages: Vec<(String, Vec<String>)> = Vec::new();
    for (page, example) in examples {
        match pages.last_mut() {
            Some((last, list)) if *last == page => list.push(example),
            _ => pages.push((page, vec![example])),
        }
    }
    pages.sort_by_key(|(_, list)| std::cmp::Reverse(list.len()));
    pages
}

/// Runs one page's examples in `scratch`, skipping a command this copy has already run (the
/// same command on another page shows nothing new), or either copy has when it writes nothing;
/// each failure as a message.
fn run_page(
    scratch: &Scratch,
    page: &str,
    examples: &[String],
    ran: &mut std::collections::HashSet<String>,
    ran_anywhere: &std::sync::Mutex<std::collections::HashSet<String>>,
) -> Vec<String> {
    let mut failures = Vec::new();
    for example in examples {
        let command = match runnable(example) {
            Ok(command) => command,
            Err(why) => {
                eprintln!("not run ({page}): {example}: {why}");
                continue;
            }
        };
        if !ran.insert(command.clone()) {
            continue;
        }
        if writes_nothing(&command) && !ran_anywhere.lock().unwrap().insert(command.clone()) {
            continue;
        }
        let started = std::time::Instant::now();
        let out = scratch.run(&command);
        // Where the suite's time goes, an example at a time (shown with --nocapture).
        eprintln!(
            "{:7.1}s  {page}: {command}",
            started.elapsed().as_secs_f64()
        );
        if !out.status.success() {
            failures.push(format!(
                "{page}: {example}\n  ran: {command}\n  exit {:?}: {}",
                out.status.code(),
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
    }
    failures
}

#[test]
fn every_page_and_help_example_runs_and_leaves_the_repository_clean() {
    // Two workers, each with its own copy, take the pages in turn: the examples are mostly
    // one process each, and this test was the suite's longest.
    let queue = std::sync::Mutex::new(std::collections::VecDeque::from(examples_by_page()));
    let failures = std::sync::Mutex::new(Vec::new());
    let touched_files = std::sync::Mutex::new(Vec::new());
    let ran_anywhere = std::sync::Mutex::new(std::collections::HashSet::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                let scratch = Scratch::new();
                let before = snapshot(scratch.dir.path());
                let mut ran = std::collections::HashSet::new();
                loop {
                    let Some((page, examples)) = queue.lock().unwrap().pop_front() else {
                        break;
                    };
                    let failed = run_page(&scratch, &page, &examples, &mut ran, &ran_anywhere);
                    failures.lock().unwrap().extend(failed);
                }
                let after = snapshot(scratch.dir.path());
                touched_files
                    .lock()
                    .unwrap()
                    .extend(touched(&before, &after));
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "examples that fail:\n{}",
        failures.join("\n")
    );
    let touched_files = touched_files.into_inner().unwrap();
    assert!(
        touched_files.is_empty(),
        "examples must write under results/runs/ or a temporary folder, or leave a committed \
         file as it was:\n{}",
        touched_files.join("\n")
    );
}

#[test]
fn examples_are_found_and_shrunk() {
    assert_eq!(
        shrink("ablate --config killers.toml --jobs 2"),
        "ablate --config killers.toml --jobs 2 --depths 2,3"
    );
    assert_eq!(
        shrink("ablate search --fen startpos --depth 7 --format csv"),
        "ablate search --fen startpos --depth 3 --format csv"
    );
    assert_eq!(
        runnable("scripts/slurm/ablate-array.sh schaeffer 8").unwrap(),
        "scripts/slurm/ablate-array.sh --dry-run schaeffer 8"
    );
    assert!(runnable("sbatch --array=1 scripts/slurm/ablate-array.sh ci 2").is_err());
    // A declared run without --games is played as a quick form, not in full.
    assert_eq!(
        shrink("ablate match --config elo-worth-engine.toml --run removal --jobs 2"),
        "ablate match --config elo-worth-engine.toml --run removal --jobs 2 --games 2 --nodes 300"
    );
    assert_eq!(
        shrink("ablate match --config strength.toml --run vs-fruit --tc 4+0.05"),
        "ablate match --config strength.toml --run vs-fruit --tc 0.5+0.01 --games 2"
    );
    // A design at a clock plays one of its points, not every one; at a node budget, all.
    assert_eq!(
        shrink("ablate match --config engines-toga.toml --run movetime --jobs 1"),
        "ablate match --config engines-toga.toml --run movetime --jobs 1 --games 2 --st 0.02 \
         --variant no_null_move,no_null_verification,no_lmr,no_history_pruning,no_futility,no_delta"
    );
    assert_eq!(
        shrink("ablate match --config engines-glaurung.toml --run nodes"),
        "ablate match --config engines-glaurung.toml --run nodes --games 2 --nodes 300"
    );
    // Bench examples that differ only in depths are one command.
    assert_eq!(
        shrink("ablate bench --depth 6 --json"),
        shrink("ablate bench --json --depth 5 --speedup-depth 4 --full-depth 3")
    );
    assert_eq!(
        shrink("ablate bench"),
        "ablate bench --depth 2 --speedup-depth 1 --full-depth 2 --strongest-depth 2"
    );
    // A command that writes a committed result runs as written.
    let committed =
        "ablate --config killers.toml --minimal exact --depths 1,2,3,4 --out results/killers/killers-minimal.csv";
    assert_eq!(runnable(committed).unwrap(), committed);
    assert_eq!(
        runnable("cargo run --release -- --config killers.toml").unwrap(),
        "ablate --config killers.toml --depths 2,3"
    );
    assert_eq!(
        strip_comment("ablate config --explain   # every knob"),
        "ablate config --explain"
    );
    assert_eq!(
        strip_comment("ablate search --fen \"8/8 w - -\" --depth 5"),
        "ablate search --fen \"8/8 w - -\" --depth 5"
    );
}
