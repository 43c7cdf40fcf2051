//! What a newcomer still tripped on (issue 69), each fixed and each with its test: a match-only
//! config asked for a suite, `opponent` refused in a run without a word of `[design]`, a `+/-`
//! that was not half the interval, summary files overwritten where the rest moved aside, and
//! design inputs that half-explained themselves.

use crate::common::{ablate, assert_success, ROOT};
use std::path::Path;

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A folder with the shipped positions.
fn folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    crate::common::copy_these_positions(dir.path(), &["startpos.epd", "openings.epd"]);
    dir
}

const MATCH_ONLY: &str =
    "name = \"duel\"\n[search]\ntt_mb = 1\n[variants.one_killer]\nordering.killers = 1\n";

/// Item 3: a config `ablate match` alone reads needs neither `suite` nor `depths`; given
/// them, the match is the same; a search run on it says what is missing.
#[test]
fn a_match_only_config_needs_no_suite_or_depths_and_a_search_says_they_are_missing() {
    let dir = folder();
    std::fs::write(dir.path().join("duel.toml"), MATCH_ONLY).unwrap();
    let with = format!("suite = \"positions/startpos.epd\"\ndepths = [3]\n{MATCH_ONLY}");
    std::fs::write(dir.path().join("duel-full.toml"), with).unwrap();
    let play = |config: &str, out: &str| {
        let o = ablate(
            dir.path(),
            &[
                "match", "-c", config, "--games", "2", "--nodes", "500", "-q", "--out", out,
            ],
        );
        assert_success(&o);
        let rows = ablate::matches::games_csv::read_games(&dir.path().join(out)).unwrap();
        rows.iter().map(|r| r.moves.clone()).collect::<Vec<_>>()
    };
    assert_eq!(play("duel.toml", "a.csv"), play("duel-full.toml", "b.csv"));
    let search = ablate(dir.path(), &["--config", "duel.toml", "-q"]);
    // The suite is asked for first, then the depths.
    assert_ne!(search.status.code(), Some(0));
    let err = stderr(&search);
    assert!(
        err.contains("duel.toml") && err.contains("missing key \"suite\""),
        "{err}"
    );
    let with_suite = ablate(
        dir.path(),
        &[
            "--config",
            "duel.toml",
            "--suite",
            "positions/startpos.epd",
            "-q",
        ],
    );
    assert!(
        stderr(&with_suite).contains("missing key \"depths\""),
        "{}",
        stderr(&with_suite)
    );
}

/// Item 4: `opponent` in a run is refused with where it lives; the guide documents it under
/// `[design]`, and a committed config uses it.
#[test]
fn opponent_is_refused_in_a_run_with_where_it_belongs_and_is_documented_and_used() {
    let dir = folder();
    let config = format!("{MATCH_ONLY}[runs.r]\nopponent = \"one_killer\"\ngames = 2\n");
    std::fs::write(dir.path().join("duel.toml"), config).unwrap();
    let o = ablate(dir.path(), &["match", "-c", "duel.toml", "--run", "r"]);
    assert_ne!(o.status.code(), Some(0));
    let err = stderr(&o);
    assert!(
        err.contains("[runs.r]: unknown key \"opponent\"") && err.contains("[design]"),
        "{err}"
    );
    let guide = std::fs::read_to_string(Path::new(ROOT).join("docs/guide.md")).unwrap();
    assert!(
        guide.contains("opponent = \"NAME\"` under `[design]`"),
        "the guide's [design] section"
    );
    let used = std::fs::read_dir(Path::new(ROOT).join("configs"))
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .filter(|text| text.lines().any(|l| l.starts_with("opponent = ")))
        .count();
    assert!(used >= 1, "no committed config uses opponent");
    let experiment = ablate::config::experiment::Experiment::load(
        &Path::new(ROOT).join("configs/against-2008.toml"),
    )
    .unwrap();
    assert_eq!(
        experiment.design.unwrap().opponent.as_deref(),
        Some("strongest_2008")
    );
}

/// Item 6: `E +/- H` only where H is half the interval and E ± H its bounds; otherwise the
/// line gives the interval itself.
#[test]
fn plus_minus_is_half_the_interval_or_the_interval_is_given() {
    use ablate::game_record::GameRow;
    use ablate::matches::summary::conventional_lines;
    use ablate::stats::pairing_summary::summarize;
    // 5 pairs won 2-0, 3 drawn and 2 lost by half a point is far from even (a lopsided
    // interval); 4 won and 4 lost is even (a symmetric one).
    let rows = |pairs: &[(f64, f64)]| -> Vec<GameRow> {
        let mut out = Vec::new();
        for (p, &(a, b)) in pairs.iter().enumerate() {
            for (game, points) in [(0usize, a), (1, b)] {
                let (white, black) = if game == 0 { ("v", "o") } else { ("o", "v") };
                let white_points = if game == 0 { points } else { 1.0 - points };
                out.push(GameRow {
                    variant: "v".into(),
                    opponent: "o".into(),
                    pair: p,
                    game,
                    white: white.into(),
                    black: black.into(),
                    result: match white_points {
                        1.0 => "1-0",
                        0.0 => "0-1",
                        _ => "1/2-1/2",
                    }
                    .into(),
                    ..GameRow::default()
                });
            }
        }
        out
    };
    let mut lopsided = vec![(1.0, 1.0); 5];
    lopsided.extend([(0.5, 0.5); 3]);
    lopsided.extend([(0.5, 0.0), (0.0, 0.5)]);
    let s = &summarize(&rows(&lopsided), None)[0];
    let line = conventional_lines(s);
    let (e, lo, hi) = (s.elo.unwrap(), s.elo_lo.unwrap(), s.elo_hi.unwrap());
    assert!(
        line.contains(&format!("Elo difference: {e:.1} [{lo:.1}, {hi:.1}],")),
        "{line}"
    );
    let even: Vec<(f64, f64)> = (0..8)
        .map(|i| if i % 2 == 0 { (1.0, 1.0) } else { (0.0, 0.0) })
        .chain([(1.0, 0.5), (0.5, 0.0)])
        .collect();
    let s = &summarize(&rows(&even), None)[0];
    let (lo, hi) = (s.elo_lo.unwrap(), s.elo_hi.unwrap());
    let line = conventional_lines(s);
    assert!(
        line.contains(&format!("+/- {:.1},", (hi - lo) / 2.0)),
        "{line}: half of [{lo:.1}, {hi:.1}]"
    );
}

/// Item 7: a run moved aside takes its summary with it, and gets it back when taken back.
#[test]
fn summary_files_move_aside_with_the_rows_they_summarise() {
    let dir = folder();
    std::fs::write(
        dir.path().join("even.toml"),
        "suite = \"positions/startpos.epd\"\ndepths = [1, 2]\n[search]\ntt_mb = 1\n\
         [variants.one_killer]\nordering.killers = 1\n",
    )
    .unwrap();
    let runs = dir.path().join("results/runs");
    assert_success(&ablate(dir.path(), &["--config", "even.toml", "-q"]));
    let summary = |name: &str| std::fs::read(runs.join(name)).unwrap();
    let first = (summary("even.summary.csv"), summary("even.summary.json"));
    let o = ablate(dir.path(), &["--config", "even.toml", "--depths", "1"]);
    assert_success(&o);
    let err = stderr(&o);
    let aside = err
        .split("moved it to ")
        .nth(1)
        .and_then(|t| t.lines().next())
        .unwrap_or_else(|| panic!("{err}"));
    let aside = Path::new(aside).file_name().unwrap().to_string_lossy();
    let stem = aside.strip_suffix(".csv").unwrap();
    assert_eq!(summary(&format!("{stem}.summary.csv")), first.0);
    assert_eq!(summary(&format!("{stem}.summary.json")), first.1);
    assert_ne!(
        summary("even.summary.csv"),
        first.0,
        "the new run's own summary"
    );
    // The first run again: it and its summary come back.
    assert_success(&ablate(dir.path(), &["--config", "even.toml", "-q"]));
    assert_eq!(summary("even.summary.csv"), first.0);
    assert!(!runs.join(format!("{stem}.summary.csv")).exists());
}

fn design_error(design: &str) -> String {
    let dir = folder();
    let config = format!(
        "{MATCH_ONLY}[design]\n{design}\n[design.factors]\na = {{ \"null_move.enabled\" = true }}\n\
         b = {{ \"lmr.enabled\" = true }}\nc = {{ \"futility.enabled\" = true }}\n"
    );
    std::fs::write(dir.path().join("duel.toml"), config).unwrap();
    let o = ablate(dir.path(), &["match", "-c", "duel.toml", "--print-outputs"]);
    assert_ne!(o.status.code(), Some(0), "{design}: accepted");
    stderr(&o)
}

/// Item 9: a fraction that only the full factorial reaches is refused, not silently played
/// in full; the `points` messages agree; `--precision -3` is read as a number.
#[test]
fn design_inputs_that_cannot_be_had_are_refused_and_say_why() {
    for resolution in ["resolution 99", "resolution 5"] {
        let err = design_error(&format!("fraction = \"{resolution}\""));
        assert!(
            err.contains("cannot be had: no fraction of 3 factors reaches resolution")
                && err.contains("write fraction = \"full\" for all 8 points"),
            "{resolution}: {err}"
        );
    }
    let three = design_error("points = 3");
    let zero = design_error("points = 0");
    for (n, err) in [(3, &three), (0, &zero)] {
        assert!(
            err.contains(&format!(
                "[design]: points = {n}; expected a power of two, 2 or more"
            )),
            "{err}"
        );
    }
    let four = design_error("points = 4");
    assert!(
        four.contains("[design]: points = 4 with fraction = \"full\"")
            && four.contains("expected points = 8"),
        "{four}"
    );
    let dir = folder();
    std::fs::write(dir.path().join("duel.toml"), MATCH_ONLY).unwrap();
    let spaced = ablate(
        dir.path(),
        &["match", "-c", "duel.toml", "--precision", "-3"],
    );
    let joined = ablate(dir.path(), &["match", "-c", "duel.toml", "--precision=-3"]);
    assert_eq!(stderr(&spaced), stderr(&joined));
    assert!(
        stderr(&spaced).contains("expected a half-width in Elo above 0"),
        "{}",
        stderr(&spaced)
    );
}
