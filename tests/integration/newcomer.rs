//! What a new user met (issue 39), each fixed: a baseline one typo from a variant's name, an
//! interval from one game pair, a PGN left behind when its games were moved aside, `search`
//! on a config whose baseline is an engine, `--jobs 0` on a finished run, and a run of one
//! variant that dropped its baseline without a word.

use crate::common::{ablate, assert_success, ROOT};
use std::path::Path;

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A folder with the shipped positions and two small configs.
fn setup() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("positions")).unwrap();
    for f in ["startpos.epd", "openings.epd"] {
        std::fs::copy(
            Path::new(ROOT).join("positions").join(f),
            dir.path().join("positions").join(f),
        )
        .unwrap();
    }
    std::fs::write(
        dir.path().join("even.toml"),
        "suite = \"positions/startpos.epd\"\ndepths = [1, 2]\n[search]\ntt_mb = 1\n\
         [variants.one_killer]\nordering.killers = 1\n",
    )
    .unwrap();
    dir
}

#[test]
fn a_baseline_that_names_no_variant_is_refused_with_the_name_it_meant() {
    let dir = setup();
    std::fs::write(
        dir.path().join("typo.toml"),
        "suite = \"positions/startpos.epd\"\ndepths = [1]\nbaseline = \"fruitt\"\n\
         [variants.fruit]\nengine = \"gnuchess -u\"\n[variants.plain]\n",
    )
    .unwrap();
    let out = ablate(
        dir.path(),
        &["match", "-c", "typo.toml", "--games", "2", "--depth", "1"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let e = stderr(&out);
    assert!(
        e.contains("typo.toml: baseline = \"fruitt\" names no variant")
            && e.contains("did you mean \"fruit\""),
        "{e}"
    );
    // Two letters swapped are one edit (Damerau), and a name that matches nothing never
    // falls through to [search]: it is refused, with the variants listed.
    std::fs::write(
        dir.path().join("swap.toml"),
        "suite = \"positions/startpos.epd\"\ndepths = [1]\nbaseline = \"plian\"\n\
         [search]\npvs = false\n[variants.plain]\n[variants.killers]\nordering.killers = 1\n",
    )
    .unwrap();
    let out = ablate(dir.path(), &["--config", "swap.toml", "-q"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let e = stderr(&out);
    assert!(
        e.contains("swap.toml: baseline = \"plian\" names no variant; did you mean \"plain\"?")
            && e.contains("the variants are plain, killers"),
        "{e}"
    );
    assert!(!dir.path().join("results").exists(), "nothing ran");
    // [search] named by itself is the baseline, as the shipped configs name theirs.
    std::fs::write(
        dir.path().join("named.toml"),
        "suite = \"positions/startpos.epd\"\ndepths = [1]\n[search]\nname = \"plain\"\n\
         [variants.killers]\nordering.killers = 1\n",
    )
    .unwrap();
    let out = ablate(dir.path(), &["--config", "named.toml", "--out", "e.csv"]);
    assert_success(&out);
    assert!(String::from_utf8_lossy(&out.stdout).contains("plain"));
    let out = ablate(
        dir.path(),
        &["--config", "even.toml", "--out", "e2.csv", "-q"],
    );
    assert_success(&out);
}

#[test]
fn one_game_pair_has_no_interval_and_says_so() {
    let dir = setup();
    let out = ablate(
        dir.path(),
        &[
            "match",
            "-c",
            "even.toml",
            "--games",
            "2",
            "--depth",
            "1",
            "-q",
        ],
    );
    assert_success(&out);
    let text = stdout(&out);
    assert!(
        text.contains("+/- n/a (too few games: fewer than 2 pairs)"),
        "{text}"
    );
    assert!(!text.contains("+/- 0.0"), "{text}");
    assert!(text.contains("LOS: - %"), "{text}");
}

#[test]
fn games_moved_aside_take_their_pgn_with_them() {
    let dir = setup();
    let play = |games: &str| {
        let out = ablate(
            dir.path(),
            &[
                "match",
                "-c",
                "even.toml",
                "--games",
                games,
                "--depth",
                "1",
                "-q",
            ],
        );
        assert_success(&out);
    };
    play("2");
    let runs = dir.path().join("results/runs");
    let first = std::fs::read_to_string(runs.join("even.games.pgn")).unwrap();
    play("4");
    let aside: Vec<_> = std::fs::read_dir(&runs)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("even.games.m") && n.ends_with(".pgn"))
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(
        std::fs::read_to_string(runs.join(&aside[0])).unwrap(),
        first
    );
    let csv = aside[0].replace(".pgn", ".csv");
    assert!(runs.join(csv).exists());
}

#[test]
fn search_without_a_variant_takes_the_first_of_ablate_s_own() {
    // strength.toml's baseline is Fruit, an engine: search takes `full`, its first own variant.
    let out = ablate(
        Path::new(ROOT),
        &[
            "search",
            "--config",
            "strength.toml",
            "--fen",
            "startpos",
            "--depth",
            "2",
        ],
    );
    assert_success(&out);
    let out = ablate(Path::new(ROOT), &["search", "--help"]);
    assert!(
        !stdout(&out).contains("[default: baseline]"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn jobs_0_is_refused_even_where_nothing_would_run() {
    let dir = setup();
    let run = |jobs: &str| {
        ablate(
            dir.path(),
            &[
                "--config",
                "even.toml",
                "--out",
                "e.csv",
                "-q",
                "--jobs",
                jobs,
            ],
        )
    };
    assert_success(&run("1"));
    // The run is finished: nothing would be searched, and 0 threads was taken without a word.
    for args in [
        vec![
            "--config",
            "even.toml",
            "--out",
            "e.csv",
            "-q",
            "--jobs",
            "0",
        ],
        vec![
            "match",
            "-c",
            "even.toml",
            "--games",
            "2",
            "--depth",
            "1",
            "--jobs",
            "0",
        ],
    ] {
        let out = ablate(dir.path(), &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("invalid value '0' for '--jobs <N>': 0; expected a whole number of worker threads, 1 or more"),
            "{}",
            stderr(&out)
        );
    }
}

#[test]
fn a_run_that_leaves_out_its_baseline_says_so() {
    let dir = setup();
    let out = ablate(
        dir.path(),
        &[
            "--config",
            "even.toml",
            "--variant",
            "one_killer",
            "--out",
            "v.csv",
        ],
    );
    assert_success(&out);
    let e = stderr(&out);
    assert!(
        e.contains("note: --variant leaves out the baseline \"baseline\": ratios are taken against \"one_killer\""),
        "{e}"
    );
    // Named with the baseline, nothing to say.
    let out = ablate(
        dir.path(),
        &[
            "--config",
            "even.toml",
            "--variant",
            "baseline",
            "--variant",
            "one_killer",
            "--out",
            "w.csv",
        ],
    );
    assert_success(&out);
    assert!(
        !stderr(&out).contains("leaves out the baseline"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn check_against_another_experiment_s_reference_names_both() {
    let dir = setup();
    std::fs::write(
        dir.path().join("other.toml"),
        "suite = \"positions/startpos.epd\"\ndepths = [1]\n",
    )
    .unwrap();
    let bless = ablate(
        dir.path(),
        &[
            "check",
            "--config",
            "other.toml",
            "--reference",
            "other-ref.csv",
            "--bless",
        ],
    );
    assert_success(&bless);
    let out = ablate(
        dir.path(),
        &[
            "check",
            "--config",
            "even.toml",
            "--reference",
            "other-ref.csv",
        ],
    );
    assert!(!out.status.success());
    let e = stderr(&out);
    assert!(
        e.contains("the reference is experiment \"other\"'s, this run is \"even\"'s"),
        "{e}"
    );
}

#[test]
fn a_config_runs_from_any_directory_and_a_missing_one_says_where_it_looked() {
    let elsewhere = tempfile::tempdir().unwrap();
    let config = Path::new(ROOT).join("configs/killers.toml");
    let out = ablate(
        elsewhere.path(),
        &[
            "--config",
            config.to_str().unwrap(),
            "--depths",
            "1,2",
            "--out",
            "k.csv",
            "-q",
        ],
    );
    assert_success(&out);
    assert!(elsewhere.path().join("k.csv").exists());
    let out = ablate(elsewhere.path(), &["--config", "killerz.toml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("(looked at killerz.toml, configs/killerz.toml)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_run_moved_aside_is_taken_back_when_asked_for_again() {
    let dir = setup();
    let runs = dir.path().join("results/runs");
    // The runs' rows and manifests; the summary beside them is made again from the rows.
    let count = || {
        std::fs::read_dir(&runs)
            .unwrap()
            .filter(|e| {
                !e.as_ref()
                    .unwrap()
                    .path()
                    .to_string_lossy()
                    .contains(".summary.")
            })
            .count()
    };
    assert_success(&ablate(dir.path(), &["--config", "even.toml", "-q"]));
    let first = std::fs::read_to_string(runs.join("even.csv")).unwrap();
    // Other depths: the first run goes aside.
    assert_success(&ablate(
        dir.path(),
        &["--config", "even.toml", "--depths", "1", "-q"],
    ));
    assert_eq!(count(), 4, "the CSV and manifest of each run");
    // The config's own depths again: the first run comes back, nothing is searched again,
    // and no copy piles up.
    let out = ablate(dir.path(), &["--config", "even.toml"]);
    assert_success(&out);
    assert!(
        stderr(&out).contains("took back this run from"),
        "{}",
        stderr(&out)
    );
    assert_eq!(count(), 4);
    let again = std::fs::read_to_string(runs.join("even.csv")).unwrap();
    assert_eq!(again, first);
}

#[test]
fn a_match_with_crashes_is_also_reported_without_them() {
    let dir = tempfile::tempdir().unwrap();
    for ext in ["csv", "json"] {
        std::fs::copy(
            Path::new(ROOT).join(format!("results/strength/strongest.games.{ext}")),
            dir.path().join(format!("s.games.{ext}")),
        )
        .unwrap();
    }
    let out = ablate(dir.path(), &["report", "s.games.csv"]);
    assert_success(&out);
    let text = stdout(&out);
    assert!(
        text.contains("Without the 20 games an engine crashed in"),
        "{text}"
    );
    assert!(
        text.contains("Score of strongest vs fruit: 241 - 76 - 63  [0.707] 380"),
        "{text}"
    );
}

#[test]
fn the_suite_option_says_it_takes_pgn_too() {
    let out = ablate(Path::new(ROOT), &["--help"]);
    let text = stdout(&out);
    let line = text
        .lines()
        .skip_while(|l| !l.contains("--suite"))
        .take(3)
        .collect::<Vec<_>>()
        .join(" ");
    assert!(line.contains("EPD") && line.contains("PGN"), "{line}");
}

/// The ebf column of each "baseline" line of a run's summary, in depth order.
fn baseline_ebf(out: &std::process::Output) -> Vec<String> {
    stdout(out)
        .lines()
        .filter(|l| l.starts_with("baseline "))
        .map(|l| l.split_whitespace().last().unwrap().to_string())
        .collect()
}

#[test]
fn ebf_comes_from_the_depths_the_search_went_through() {
    let dir = setup();
    std::fs::write(
        dir.path().join("deep.toml"),
        "suite = \"positions/openings.epd\"\ndepths = [1, 2, 3, 4]\n[search]\ntt_mb = 1\n",
    )
    .unwrap();
    let all = ablate(dir.path(), &["--config", "deep.toml"]);
    assert_success(&all);
    let all = baseline_ebf(&all);
    assert_eq!(all.len(), 4, "{all:?}");
    assert_eq!(all[..2], ["-", "-"]);
    // Only depths 3 and 4 asked for: iterative deepening still went through 1 and 2, and the
    // rows say how many nodes those took.
    let some = ablate(dir.path(), &["--config", "deep.toml", "--depths", "3,4"]);
    assert_success(&some);
    assert_eq!(baseline_ebf(&some), all[2..]);
    assert!(all[2].parse::<f64>().unwrap() > 1.0, "{all:?}");
}
