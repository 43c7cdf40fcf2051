//! `ablate reproduce`: its plan holds every committed fixed-depth result with the command that
//! made it and every declared run, cheapest first; and running it re-makes a result with the
//! same rows (times aside).

use crate::common::{ablate, assert_success, ROOT};
use std::path::Path;

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Every row's cells but the time columns.
fn rows_without_times(csv: &Path) -> Vec<String> {
    let mut reader = csv::Reader::from_path(csv).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            (0..header.len())
                .filter(|&i| !ablate::search_record::TIME_COLUMNS.contains(&header[i].as_str()))
                .map(|i| r[i].to_string())
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect()
}

#[test]
fn the_plan_holds_every_committed_result_and_every_declared_run_cheapest_first() {
    let out = ablate(Path::new(ROOT), &["reproduce", "--list"]);
    assert_success(&out);
    let plan = stdout(&out);
    let steps: Vec<&str> = plan.lines().filter(|l| l.starts_with("ablate ")).collect();
    // Every fixed-depth result: a manifest with a config hash, re-made by a command naming it.
    let mut fixed = 0;
    for json in crate::common::result_files(".json") {
        let manifest: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
        if manifest.get("config_hash").is_none() {
            continue;
        }
        fixed += 1;
        let csv = json.with_extension("csv");
        let csv = csv.strip_prefix(ROOT).unwrap().display().to_string();
        let out = format!("--out {csv} ");
        assert!(
            steps.iter().any(|s| s.contains(&out)),
            "{csv}: no step writes it\n{plan}"
        );
    }
    assert!(fixed >= 20, "{fixed} fixed-depth results");
    // Every declared run.
    for entry in std::fs::read_dir(Path::new(ROOT).join("configs")).unwrap() {
        let path = entry.unwrap().path();
        let experiment = ablate::config::experiment::Experiment::load(&path).unwrap();
        let file = path.strip_prefix(ROOT).unwrap().display().to_string();
        for run in &experiment.runs {
            let step = format!("ablate match --config {file} --run {} ", run.name);
            assert!(
                steps.iter().any(|s| s.starts_with(&step)),
                "{file}: run {} is not in the plan",
                run.name
            );
        }
    }
    // A report follows its run and is not timed: the header's total counts each run once.
    for (i, s) in steps.iter().enumerate() {
        if s.starts_with("ablate report ") {
            assert!(s.contains("   # moments: the report of "), "{s}");
            let csv = s.split_whitespace().nth(2).unwrap();
            assert!(
                i > 0 && steps[i - 1].contains(csv),
                "{s} does not follow its run"
            );
        }
    }
    let runs: Vec<&str> = steps
        .iter()
        .copied()
        .filter(|s| !s.starts_with("ablate report "))
        .collect();
    // Cheapest first, by the time each step's files record; never-played steps last.
    let times: Vec<Option<u64>> = runs
        .iter()
        .map(|s| {
            let time = s.split("   # ").nth(1).unwrap();
            let time = time.split(':').next().unwrap();
            time.strip_suffix(" s").map(|t| t.parse().unwrap())
        })
        .collect();
    let played: Vec<u64> = times.iter().map_while(|t| *t).collect();
    assert!(played.windows(2).all(|w| w[0] <= w[1]), "{plan}");
    assert!(times[played.len()..].iter().all(Option::is_none), "{plan}");
}

#[test]
fn running_the_plan_re_makes_a_result_with_the_same_rows() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    crate::common::copy_positions(d);
    std::fs::create_dir_all(d.join("configs")).unwrap();
    std::fs::write(
        d.join("configs/t.toml"),
        "name = \"t\"\nsuite = \"positions/bk.epd\"\ndepths = [2, 3]\nlimit = 3\n[variants.no_killers]\nordering.killers = 0\n",
    )
    .unwrap();
    let args = [
        "--config",
        "configs/t.toml",
        "--minimal",
        "exact",
        "--depths",
        "2",
        "--out",
        "results/t/t.csv",
        "-q",
    ];
    assert_success(&ablate(d, &args));
    let made = rows_without_times(&d.join("results/t/t.csv"));
    // The plan names the command, --minimal exact found from the hash, not from the file.
    let out = ablate(d, &["reproduce", "--list"]);
    assert_success(&out);
    let expected = "ablate --config configs/t.toml --depths 2 --minimal exact --out results/t/t.csv --force --quiet";
    assert!(stdout(&out).contains(expected), "{}", stdout(&out));
    // A result whose hash today's build no longer computes (a variant changed since): its
    // rows still say it holds the exact minimal tree, and the plan keeps --minimal exact.
    let json = d.join("results/t/t.json");
    let manifest = std::fs::read_to_string(&json).unwrap();
    let hash = serde_json::from_str::<serde_json::Value>(&manifest).unwrap()["config_hash"]
        .as_str()
        .unwrap()
        .to_string();
    std::fs::write(&json, manifest.replace(&hash, "h0000000000000000")).unwrap();
    let out = ablate(d, &["reproduce", "--list"]);
    assert_success(&out);
    assert!(stdout(&out).contains(expected), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("this run replaces it"),
        "{}",
        stdout(&out)
    );
    std::fs::write(&json, manifest).unwrap();
    std::fs::remove_file(d.join("results/t/t.csv")).unwrap();
    let out = ablate(d, &["reproduce", "--fixed-only", "--jobs", "1"]);
    assert_success(&out);
    assert_eq!(rows_without_times(&d.join("results/t/t.csv")), made);
}

#[test]
fn outside_a_repository_it_says_where_to_run_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = ablate(dir.path(), &["reproduce", "--list"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("run it from the repository root"),
        "{stderr}"
    );
}

/// Each declared run's report, as the plan writes its command, run on a copy of the games it
/// names, makes the report committed beside them byte for byte: the plan gives a report the
/// arguments it was made with (a gauntlet's self-play design among them), so that running the
/// plan never rewrites a committed report with less.
#[test]
fn each_report_step_re_makes_its_committed_report() {
    let out = ablate(Path::new(ROOT), &["reproduce", "--runs-only", "--list"]);
    assert_success(&out);
    let plan = stdout(&out);
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut checked = 0;
    for step in plan.lines().filter(|l| l.starts_with("ablate report ")) {
        let command = step.split("   # ").next().unwrap();
        let args: Vec<&str> = command.split_whitespace().skip(1).collect();
        for games in args.iter().filter(|a| a.ends_with(".games.csv")) {
            for extension in ["csv", "json", "pgn"] {
                let file = Path::new(games).with_extension(extension);
                let from = Path::new(ROOT).join(&file);
                if from.exists() {
                    std::fs::create_dir_all(d.join(&file).parent().unwrap()).unwrap();
                    std::fs::copy(&from, d.join(&file)).unwrap();
                }
            }
        }
        assert_success(&ablate(d, &args));
        let markdown = Path::new(args[1]).with_extension("md");
        let made = std::fs::read_to_string(d.join(&markdown)).unwrap();
        let committed = std::fs::read_to_string(Path::new(ROOT).join(&markdown)).unwrap();
        assert!(
            made == committed,
            "{command}: not the committed {}",
            markdown.display()
        );
        checked += 1;
    }
    assert!(checked >= 40, "{checked} reports\n{plan}");
    assert!(
        plan.contains("ablate report results/gauntlet/gauntlet-10000.games.csv --self-play results/budget-ladder-today/factorial-10000.games.csv "),
        "{plan}"
    );
}
