//! Issue 92, item 6: the small traps an engine author still met, each with its test. A name
//! far from every variant got a guess; a typo'd knob was placed at its table's header, or in
//! `[search]` at no line; `datagen --games 0` wrote empty files; `--nodes -5` was taken for a
//! flag; a one-factor design did not say what to do instead; a node-limited design counted
//! slow games; a design's report drew no plot of the steps' worth.

use crate::common::{ablate, assert_success, ROOT};
use std::path::Path;

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `text` written as `name` in a fresh folder with the shipped positions.
fn folder_with(name: &str, text: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    crate::common::copy_these_positions(dir.path(), &["startpos.epd", "openings.epd"]);
    std::fs::write(dir.path().join(name), text).unwrap();
    dir
}

/// `ablate` in `dir`, refused: its stderr, after checking it exited 2.
fn refused(dir: &Path, args: &[&str]) -> String {
    let out = ablate(dir, args);
    assert_eq!(out.status.code(), Some(2), "{args:?} accepted: {out:?}");
    stderr(&out)
}

/// (a) `--variant foo` beside variants `all` and `none` got "did you mean \"all\"?": three
/// edits of three letters. A far name now gets the config's variants, a near miss its guess.
#[test]
fn a_far_variant_name_gets_the_variants_and_a_near_one_a_guess() {
    let config = "name = \"duel\"\n[search]\ntt_mb = 1\n[variants.all]\nordering.killers = 1\n\
                  [variants.none]\nordering.killers = 0\n";
    let dir = folder_with("duel.toml", config);
    let far = refused(
        dir.path(),
        &["match", "-c", "duel.toml", "--variant", "foo"],
    );
    assert!(
        far.contains(
            "--variant: no variant \"foo\" in duel.toml; its variants are: baseline, all, none"
        ),
        "{far}"
    );
    assert!(!far.contains("did you mean"), "{far}");
    let near = refused(
        dir.path(),
        &["match", "-c", "duel.toml", "--opponent", "nnoe"],
    );
    assert!(
        near.contains(
            "--opponent: no variant \"nnoe\" in duel.toml; did you mean \"none\"? its variants are"
        ),
        "{near}"
    );
}

/// (b) A typo'd knob is placed at its own line, in `[search]` (which gave no line) and in a
/// variant (which gave its header's), however the key is written.
#[test]
fn a_typod_knob_is_placed_at_its_own_line() {
    let error = |text: &str| {
        let dir = folder_with("k.toml", text);
        refused(dir.path(), &["match", "-c", "k.toml", "--print-outputs"])
    };
    let search = error("name = \"k\"\n[search]\ntt_mb = 1\nordering.kilers = 0\n");
    assert!(
        search.contains("k.toml:4:10: [search]: unknown key \"ordering.kilers\""),
        "{search}"
    );
    let variant = error("[search]\ntt_mb = 1\n[variants.v]\ntt_mb = 2\nordering.killer = 1\n");
    assert!(
        variant.contains("k.toml:5:10: variant \"v\": unknown key \"ordering.killer\""),
        "{variant}"
    );
    let nested = error("[search]\n[variants.v]\ntt_mb = 2\n[variants.v.ordering]\n\nkiller = 1\n");
    assert!(
        nested.contains("k.toml:6:1: variant \"v\": unknown key \"ordering.killer\""),
        "{nested}"
    );
    let inline = error("[search]\n[variants.v]\ntt_mb = 2\n\nordering = { killers = \"two\" }\n");
    assert!(
        inline.contains("k.toml:5:14: variant \"v\": key \"ordering.killers\" = \"two\""),
        "{inline}"
    );
}

/// (c) `datagen --games 0` wrote an empty data file and index and exited 0; a shard with no
/// game did the same. Both are refused before a file is made.
#[test]
fn datagen_without_a_game_is_refused_before_writing() {
    let dir = tempfile::tempdir().unwrap();
    let config = format!("{ROOT}/configs/strength.toml");
    let base = [
        "datagen", "--config", &config, "--nodes", "500", "--out", "d.txt",
    ];
    let none = refused(dir.path(), &[&base[..], &["--games", "0"]].concat());
    assert!(
        none.contains("'--games <N>': 0; expected a whole number of games, 1 or more"),
        "{none}"
    );
    let shard = refused(
        dir.path(),
        &[&base[..], &["--games", "1", "--shard", "1/2"]].concat(),
    );
    assert!(
        shard.contains("--games: 1; shard 1/2 plays the games whose number mod 2 is 1, so none"),
        "{shard}"
    );
    let made: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(made.is_empty(), "{made:?}");
}

/// (d) A negative number was taken for a flag ("unexpected argument '-5'"): every number of
/// datagen and train now reaches a parser that names its flag and what it takes.
#[test]
fn a_negative_number_is_a_bad_value_of_its_flag() {
    let dir = tempfile::tempdir().unwrap();
    for (args, expected) in [
        (
            &["datagen", "--nodes", "-5"][..],
            "'--nodes <N>': expected a whole number of nodes per move, 1 or more",
        ),
        (
            &["datagen", "--games", "-2"],
            "'--games <N>': expected a whole number of games, 1 or more",
        ),
        (
            &["datagen", "--seed", "-1"],
            "'--seed <N>': expected a seed",
        ),
        (
            &["datagen", "--random-plies", "-1"],
            "'--random-plies <N>': expected a whole number of plies",
        ),
        (
            &["train", "d.txt", "-o", "n.nnue", "--epochs", "-1"],
            "'--epochs <N>': expected a whole number of epochs",
        ),
        (
            &["train", "d.txt", "-o", "n.nnue", "--hidden", "-64"],
            "'--hidden <H>': expected a whole number of hidden neurons",
        ),
        (
            &["train", "d.txt", "-o", "n.nnue", "--batch", "-1"],
            "'--batch <N>': expected a whole number of positions a step",
        ),
        (
            &["train", "d.txt", "-o", "n.nnue", "--lr-step", "-1"],
            "'--lr-step <N>': expected a whole number of epochs",
        ),
        (
            &["train", "d.txt", "-o", "n.nnue", "--limit", "-1"],
            "'--limit <N>': expected a whole number of positions",
        ),
        (
            &["train", "d.txt", "-o", "n.nnue", "--seed", "-1"],
            "'--seed <N>': expected a seed",
        ),
        (
            &["train", "d.txt", "-o", "n.nnue", "--lr", "-0.1"],
            "--lr: -0.1; expected a positive rate",
        ),
        (
            &["train", "d.txt", "-o", "n.nnue", "--lr-gamma", "-2"],
            "--lr-gamma: -2; expected a factor above 0",
        ),
        (
            &["train", "d.txt", "-o", "n.nnue", "--wdl", "-0.5"],
            "--wdl: -0.5; expected 0.0",
        ),
        (
            &["train", "d.txt", "-o", "n.nnue", "--validation", "-0.1"],
            "--validation: -0.1; expected a share",
        ),
    ] {
        let err = refused(dir.path(), args);
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(!err.contains("unexpected argument"), "{args:?}: {err}");
    }
}

/// (e) A design of one factor says to play it as a plain variant, with the knobs it sets.
#[test]
fn a_one_factor_design_says_to_play_a_plain_variant() {
    let config = "name = \"one\"\n[search]\ntt_mb = 1\n[design.factors]\n\
                  no_null_move = { \"null_move.enabled\" = false }\n";
    let dir = folder_with("one.toml", config);
    let err = refused(dir.path(), &["match", "-c", "one.toml", "--print-outputs"]);
    assert!(
        err.contains("[design]: 1 factor (\"no_null_move\"); expected 2 or more: one step alone has no interaction to fit, so play it as a plain variant, [variants.no_null_move] with null_move.enabled = false, by `ablate match` against the baseline"),
        "{err}"
    );
}

/// (f) and (g): Glaurung's committed design, played at 40,000 nodes a move, counts no game
/// slow (its moves are the same at any speed), and its report draws the steps' forest plot
/// beside the heat map and links it.
#[test]
fn a_node_limited_design_counts_no_slow_game_and_its_report_draws_the_steps() {
    let dir = tempfile::tempdir().unwrap();
    for ext in ["csv", "json", "pgn"] {
        std::fs::copy(
            Path::new(ROOT).join(format!("results/engines/glaurung.games.{ext}")),
            dir.path().join(format!("glaurung.games.{ext}")),
        )
        .unwrap();
    }
    let out = ablate(dir.path(), &["report", "glaurung.games.csv"]);
    assert_success(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("slow games: none looked for (at 40000 nodes a move, a game's moves are the same however fast the machine ran)"),
        "{text}"
    );
    let forest = dir.path().join("glaurung.games-effects.svg");
    let svg = std::fs::read_to_string(&forest).unwrap();
    for label in [
        "futility_and_move_count_pruning: averaged",
        "quiescence_futility: at the baseline",
    ] {
        assert!(svg.contains(label), "{label}: {svg}");
    }
    let md = std::fs::read_to_string(dir.path().join("glaurung.games.md")).unwrap();
    assert!(
        md.contains(
            "![each step's worth, averaged and at the baseline](glaurung.games-effects.svg)"
        ),
        "{md}"
    );
    assert!(text.contains("wrote glaurung.games-effects.svg"), "{text}");
}
