//! The docs against the committed results: every block between `<!-- figures:NAME -->` and
//! `<!-- /figures -->`, in README.md or any page of docs/, is recomputed here from
//! `results/*.csv` and `results/*.json` and must match word for word; outside the blocks the
//! reproduction section (docs/reproductions.md) may quote only the seeds' own figures (and small
//! whole numbers: depths, section numbers, years).
//! `ABLATE_BLESS_FIGURES=1 cargo test --test figures` rewrites the blocks from the results.

mod common;
#[path = "figures/engine.rs"]
mod engine;
#[path = "figures/transfer.rs"]
mod transfer;

use ablate::output::table::sig3;
use common::ROOT;
use std::collections::BTreeMap;
use std::fmt::Write;

/// One CSV row, the columns the README quotes.
#[derive(Debug, Clone, serde::Deserialize)]
struct Row {
    variant: String,
    position: String,
    depth: u32,
    nodes: u64,
    qnodes: u64,
    leaves: u64,
    nodes_cum: u64,
    time_ms: f64,
    score_cp: i64,
    pv: String,
    bm_ok: String,
    beta_cutoffs: u64,
    first_move_cutoffs: u64,
    #[serde(default)]
    minimal_nodes: Option<u64>,
    #[serde(default)]
    oracle_nodes: Option<u64>,
    #[serde(default)]
    fullwidth_leaves: Option<u64>,
}

/// A committed result.
struct Results {
    name: String,
    rows: Vec<Row>,
}

/// Every row of `results/NAME.csv`, as `T`.
fn read_rows<T: serde::de::DeserializeOwned>(name: &str) -> Vec<T> {
    let path = common::result(&format!("{name}.csv")).display().to_string();
    let mut reader = csv::Reader::from_path(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    reader
        .deserialize()
        .map(|r| r.unwrap_or_else(|e| panic!("{path}: {e}")))
        .collect()
}

impl Results {
    fn load(name: &str) -> Results {
        Results {
            name: name.to_string(),
            rows: read_rows(name),
        }
    }

    /// One result split over files by depth (`killers.csv` and `killers-deep.csv`), as one.
    fn load_all(names: &[&str]) -> Results {
        Results {
            name: names.join(" + "),
            rows: names.iter().flat_map(|n| read_rows(n)).collect(),
        }
    }

    fn at(&self, variant: &str, depth: u32) -> Vec<&Row> {
        let rows: Vec<&Row> = self
            .rows
            .iter()
            .filter(|r| r.variant == variant && r.depth == depth)
            .collect();
        assert!(
            !rows.is_empty(),
            "{}.csv has no rows of variant \"{variant}\" at depth {depth}",
            self.name
        );
        rows
    }

    /// Σ `nodes_cum`: the work every summary uses.
    fn work(&self, variant: &str, depth: u32) -> u64 {
        self.at(variant, depth).iter().map(|r| r.nodes_cum).sum()
    }

    fn sum(&self, variant: &str, depth: u32, column: impl Fn(&Row) -> u64) -> u64 {
        self.at(variant, depth).iter().map(|r| column(r)).sum()
    }

    /// Σ `nodes` over every iteration up to `depth`: main-search work without quiescence.
    fn main_nodes_through(&self, variant: &str, depth: u32) -> u64 {
        (1..=depth).map(|d| self.sum(variant, d, |r| r.nodes)).sum()
    }

    fn ratio(&self, variant: &str, over: &str, depth: u32) -> f64 {
        self.work(variant, depth) as f64 / self.work(over, depth) as f64
    }

    fn solved(&self, variant: &str, depth: u32) -> usize {
        self.at(variant, depth)
            .iter()
            .filter(|r| r.bm_ok == "true")
            .count()
    }

    fn time_ms(&self, variant: &str, depth: u32) -> f64 {
        self.at(variant, depth).iter().map(|r| r.time_ms).sum()
    }

    /// Rows of `variant` whose score differs from `baseline`'s at the same position and depth.
    fn scores_changed(&self, variant: &str, baseline: &str) -> (usize, usize) {
        let base: BTreeMap<(&str, u32), i64> = self
            .rows
            .iter()
            .filter(|r| r.variant == baseline)
            .map(|r| ((r.position.as_str(), r.depth), r.score_cp))
            .collect();
        let rows: Vec<&Row> = self.rows.iter().filter(|r| r.variant == variant).collect();
        let changed = rows
            .iter()
            .filter(|r| base.get(&(r.position.as_str(), r.depth)) != Some(&r.score_cp))
            .count();
        (changed, rows.len())
    }
}

/// 1234567 → "1,234,567".
fn n(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Millions with one decimal: 123,700,000 → "123.7 M".
fn m(value: u64) -> String {
    format!("{:.1} M", value as f64 / 1e6)
}

fn r3(value: f64) -> String {
    format!("{value:.3}")
}

/// A Markdown table from a header and rows.
fn table(header: &[&str], align: &str, rows: &[Vec<String>]) -> String {
    let mut out = format!("| {} |\n|", header.join(" | "));
    for (i, _) in header.iter().enumerate() {
        let right = align.as_bytes().get(i) == Some(&b'r');
        out.push_str(if right { "---:|" } else { "---|" });
    }
    out.push('\n');
    for row in rows {
        let _ = writeln!(out, "| {} |", row.join(" | "));
    }
    out
}

fn s(text: &str) -> String {
    text.to_string()
}

fn killers() -> String {
    let k = Results::load_all(&["killers", "killers-deep"]);
    let seed = [
        (
            "plain (captures first, nothing sorted)",
            "plain",
            ["2,736,235", "27,470,423", "—"],
        ),
        (
            "+ killers (after the first capture)",
            "killers",
            ["585,459", "3,150,324", "25,307,131"],
        ),
        (
            "best capture first, then killer",
            "capture_then_killer",
            ["520,250", "2,263,364", "16,707,264"],
        ),
        ("all orderings", "all", ["406,924", "705,079", "8,484,952"]),
    ];
    let mut rows: Vec<Vec<String>> = seed
        .iter()
        .map(|(label, variant, figures)| {
            let mut row = vec![s(label)];
            row.extend(figures.iter().map(|f| s(f)));
            row.extend((7..=9).map(|d| n(k.work(variant, d))));
            row
        })
        .collect();
    let mut ratio_row = |label: &str, a: &str, b: &str, seed: [&str; 3]| {
        let mut row = vec![s(label)];
        row.extend(seed.iter().map(|f| format!("**{f}**")));
        row.extend((7..=9).map(|d| format!("**{}**", r3(k.ratio(a, b, d)))));
        rows.push(row);
    };
    ratio_row("killers / plain", "killers", "plain", ["0.21", "0.11", "—"]);
    ratio_row(
        "capture-then-killer / killers",
        "capture_then_killer",
        "killers",
        ["0.89", "0.72", "0.66"],
    );
    let mut out = table(
        &[
            "", "seed d7", "seed d8", "seed d9", "ours d7", "ours d8", "ours d9",
        ],
        "lrrrrrr",
        &rows,
    );
    let main = |v: &str| n(k.main_nodes_through(v, 7));
    let _ = write!(
        out,
        "\nMain-search nodes through depth 7 (Σ `nodes` over the iterations, quiescence left out): \
         plain {}, killers {}, capture-then-killer {}.\n",
        main("plain"),
        main("killers"),
        main("capture_then_killer")
    );
    out
}

fn killers_sensitivity() -> String {
    let k = Results::load("killers-sensitivity");
    let setups = [
        ("pst", "the project's setup (killers.toml)"),
        ("qsorted", "quiescence sorted (MVV/LVA) in both"),
        ("noqs", "no quiescence"),
        ("material", "material evaluation"),
        ("mat_noqs", "material, no quiescence"),
        (
            "mat_noid",
            "material, no quiescence, no iterative deepening",
        ),
    ];
    let mut rows = vec![vec![
        s("Ifrit b2.5 (seed)"),
        s("0.21"),
        s("0.11"),
        s("—"),
        s("2,736,235"),
        s("585,459"),
    ]];
    for (prefix, label) in setups {
        let plain = format!("{prefix}_plain");
        let killers = format!("{prefix}_killers");
        let mut row = vec![s(label)];
        row.extend((7..=9).map(|d| r3(k.ratio(&killers, &plain, d))));
        row.push(n(k.work(&plain, 7)));
        row.push(n(k.work(&killers, 7)));
        rows.push(row);
    }
    table(
        &[
            "setup",
            "killers/plain d7",
            "d8",
            "d9",
            "plain work d7",
            "killers work d7",
        ],
        "lrrrrr",
        &rows,
    )
}

fn killers_bk() -> String {
    let k = Results::load("killers-bk");
    let depths = [3, 4, 5];
    let work = |a: &str, b: &str| -> Vec<String> {
        depths.iter().map(|&d| r3(k.ratio(a, b, d))).collect()
    };
    // Main-search nodes of that depth's iteration: the rows hold depths 3-5 only.
    let main = |a: &str, b: &str| -> Vec<String> {
        let nodes = |v: &str, d: u32| k.sum(v, d, |r| r.nodes) as f64;
        depths
            .iter()
            .map(|&d| r3(nodes(a, d) / nodes(b, d)))
            .collect()
    };
    let (ctk, sorted) = (
        "capture_then_killer",
        "quiescence sorted (MVV/LVA) in every variant",
    );
    let rows: Vec<Vec<String>> = [
        (
            s("killers / plain, as configured"),
            work("killers", "plain"),
        ),
        (
            s("capture-then-killer / killers, as configured (only the former sorts quiescence)"),
            work(ctk, "killers"),
        ),
        (
            format!("killers / plain, {sorted}"),
            work("killers_sorted_qs", "plain_sorted_qs"),
        ),
        (
            format!("capture-then-killer / killers, {sorted}"),
            work(ctk, "killers_sorted_qs"),
        ),
        (
            s("killers / plain, main-search nodes"),
            main("killers", "plain"),
        ),
        (
            s("capture-then-killer / killers, main-search nodes"),
            main(ctk, "killers"),
        ),
    ]
    .into_iter()
    .map(|(label, cells)| std::iter::once(label).chain(cells).collect())
    .collect();
    table(&["work ratio", "BK d3", "BK d4", "BK d5"], "lrrr", &rows)
}

fn mvv_lva() -> String {
    let r = Results::load("mvv_lva");
    let variants = [
        (
            "`first` (captures first, unsorted; quiescence unsorted)",
            "first",
        ),
        ("`none` (generator order everywhere)", "none"),
        ("`first` + quiescence MVV/LVA", "q_mvv_lva"),
        ("`mvv` (victim only)", "mvv"),
        ("`mvv_lva` (main and quiescence)", "mvv_lva"),
        ("`victim_minus_attacker`", "victim_minus_attacker"),
        (
            "`scaled_victim_minus_attacker` (100·victim − attacker)",
            "scaled_victim_minus_attacker",
        ),
        ("`recapture_first` (+ MVV/LVA)", "recapture_first"),
        ("`prune_losing` (tree-changing)", "prune_losing"),
    ];
    let rows: Vec<Vec<String>> = variants
        .iter()
        .map(|(label, v)| {
            vec![
                s(label),
                n(r.sum(v, 5, |x| x.nodes)),
                n(r.sum(v, 5, |x| x.qnodes)),
                format!("{:.3}", r.ratio(v, "first", 5)),
                format!("{}, {}", r.solved(v, 4), r.solved(v, 5)),
            ]
        })
        .collect();
    let mut out = table(
        &[
            "variant",
            "nodes d5",
            "qnodes d5",
            "work / `first` d5",
            "BK solved d4, d5",
        ],
        "lrrrr",
        &rows,
    );
    let (changed, all) = r.scores_changed("prune_losing", "mvv_lva");
    let _ = write!(
        out,
        "\nSearching only winning or equal captures in quiescence changes the root score in \
         {changed} of {all} rows (against `mvv_lva`, depths 4 and 5).\n"
    );
    out
}

fn ifrit_formulas() -> String {
    let r = Results::load("ifrit");
    let rows = [(9, "25.50 M", "25.31 M"), (10, "102.8 M", "123.7 M")]
        .iter()
        .map(|(d, a, b)| {
            vec![
                d.to_string(),
                s(a),
                s(b),
                m(r.work("victim_minus_attacker", *d)),
                m(r.work("scaled_victim_minus_attacker", *d)),
                r3(r.ratio("scaled_victim_minus_attacker", "victim_minus_attacker", *d)),
            ]
        })
        .collect::<Vec<_>>();
    table(
        &[
            "depth",
            "seed: victim − attacker",
            "seed: 100·victim − attacker",
            "ours: victim − attacker",
            "ours: 100·victim − attacker",
            "ours: ratio",
        ],
        "rrrrrr",
        &rows,
    )
}

fn aspiration() -> String {
    let r = Results::load("aspiration");
    let grid = |pvs: bool, tt: &str, window: u32, research: &str| {
        format!(
            "pvs={pvs},tt={tt},aspiration.enabled=true,aspiration.window={window},aspiration.research={research}"
        )
    };
    let setups = [
        ("alpha-beta", false, "off", "ab", 5),
        ("alpha-beta", false, "off", "ab", 6),
        ("+ PVS", true, "off", "pvs", 6),
        ("+ TT", false, "full", "tt", 6),
        ("+ PVS + TT", true, "full", "pvs_tt", 6),
    ];
    let rows: Vec<Vec<String>> = setups
        .iter()
        .map(|&(label, pvs, tt, base, d)| {
            let mut row = vec![s(label)];
            for window in [25, 50, 100] {
                row.push(format!(
                    "{} / {}",
                    r3(r.ratio(&grid(pvs, tt, window, "open"), base, d)),
                    r3(r.ratio(&grid(pvs, tt, window, "widen"), base, d))
                ));
            }
            row.push(d.to_string());
            row
        })
        .collect();
    let mut out = table(
        &[
            "search",
            "window 25 (open / widen)",
            "window 50",
            "window 100",
            "depth",
        ],
        "lrrrr",
        &rows,
    );
    let _ = write!(
        out,
        "\nA zero window (`ab_asp0`): {} and {} of the work without aspiration at depths 5 and 6; \
         growth from depth 5 to 6: ×{:.1} with it, ×{:.1} without.\n",
        r3(r.ratio("ab_asp0", "ab", 5)),
        r3(r.ratio("ab_asp0", "ab", 6)),
        r.work("ab_asp0", 6) as f64 / r.work("ab_asp0", 5) as f64,
        r.work("ab", 6) as f64 / r.work("ab", 5) as f64,
    );
    out
}

fn quiescence() -> String {
    let r = Results::load("quiescence");
    let cell = |v: &str, d: u32, with_q: bool| {
        let row = r.at(v, d)[0];
        let q = if with_q {
            format!("{}, ", n(row.qnodes))
        } else {
            String::new()
        };
        format!(
            "{q}{:.0} ms, {:+.2}, {}",
            row.time_ms,
            row.score_cp as f64 / 100.0,
            row.pv
        )
    };
    let mut rows: Vec<Vec<String>> = (4..=6)
        .map(|d| {
            vec![
                d.to_string(),
                n(r.at("no_quiescence", d)[0].leaves),
                cell("no_quiescence", d, false),
                cell("quiescence", d, true),
            ]
        })
        .collect();
    rows.push(vec![
        s("seed 5"),
        s("4,865,609"),
        s("5 s, +1.19, e2e4 e7e5 Ng1f3 Bf8e7 Nf3xe5"),
        s("10 s, +0.26, e2e4 Ng8f6 e4e5 Nf6e4 d2d4"),
    ]);
    rows.push(vec![
        s("seed 6"),
        s("119,060,324"),
        s("125 s, −0.82, e2e4 b7b6 d2d4 Bc8b7 e4e5 Bb7xg2"),
        s("314 s, +0.12, e2e4 Ng8f6 Nb1c3 d7d5 e4xd5 Nf6xd5"),
    ]);
    let mut out = table(
        &[
            "depth",
            "leaves (= perft)",
            "no quiescence: time, score, PV",
            "quiescence: qnodes, time, score, PV",
        ],
        "rrll",
        &rows,
    );
    let t = |v: &str, d: u32| r.time_ms(v, d);
    let _ = write!(
        out,
        "\nQuiescence's time over no quiescence, material evaluation: ×{:.1} at depth 5, ×{:.1} at \
         depth 6 (seed: ×2.0 and ×2.5); with `pst`: ×{:.1} and ×{:.1}.\n",
        t("quiescence", 5) / t("no_quiescence", 5),
        t("quiescence", 6) / t("no_quiescence", 6),
        t("quiescence_pst", 5) / t("no_quiescence_pst", 5),
        t("quiescence_pst", 6) / t("no_quiescence_pst", 6),
    );
    // The leaf's price explains the rest: Ifrit took 125 s for perft(6)'s leaves.
    let per_leaf = |d: u32| 1e6 * t("no_quiescence", d) / r.at("no_quiescence", d)[0].leaves as f64;
    let ifrit: f64 = 125e9 / 119_060_324.0;
    let _ = writeln!(
        out,
        "Time per leaf without quiescence, depth 6: {:.0} ns (seed: {} ns, {:.0}× ours).",
        per_leaf(6),
        n(ifrit.round() as u64),
        ifrit / per_leaf(6),
    );
    out
}

/// A variant's work and its ratio to `baseline`, at each depth.
fn work_cells(r: &Results, variant: &str, baseline: &str, depths: [u32; 2]) -> Vec<String> {
    depths
        .iter()
        .flat_map(|&d| [n(r.work(variant, d)), r3(r.ratio(variant, baseline, d))])
        .collect()
}

/// Work at two depths and the ratio to a baseline, one row per (label, variant).
fn work_rows(r: &Results, variants: &[(&str, &str)], baseline: &str, depths: [u32; 2]) -> String {
    let rows: Vec<Vec<String>> = variants
        .iter()
        .map(|(label, v)| {
            let mut row = vec![s(label)];
            row.extend(work_cells(r, v, baseline, depths));
            row
        })
        .collect();
    let (a, b) = (
        format!("work d{}", depths[0]),
        format!("work d{}", depths[1]),
    );
    table(&["variant", &a, "×", &b, "×"], "lrrrr", &rows)
}

fn history() -> String {
    let r = Results::load("history");
    work_rows(
        &r,
        &[
            ("defaults", "baseline"),
            ("no history", "no_history"),
            ("bonus n", "bonus_depth"),
            ("bonus 2ⁿ", "bonus_two_pow_depth"),
            ("bonus Fibonacci(n)", "bonus_fibonacci"),
            ("table [from][to]", "table_from_to"),
            ("table [piece][to]", "table_piece_to"),
            ("scope all remaining", "scope_all_remaining"),
            ("good = cutoffs only", "good_cutoff_only"),
            ("decay ½", "decay_half"),
            ("decay 0 (clear)", "decay_clear"),
        ],
        "baseline",
        [5, 6],
    )
}

fn claims() -> String {
    let r = Results::load("claims");
    let mut out = work_rows(
        &r,
        &[
            (
                "defaults (2 killers after the captures, history, iterative deepening)",
                "baseline",
            ),
            ("one killer slot", "killers_1"),
            ("killers before the captures", "killers_before_captures"),
            ("promotions among the quiet moves", "promotions_as_quiets"),
            ("PV move's history bonus ×4", "history_pv_bonus_4"),
            ("history decay ¼ between iterations", "decay_quarter"),
            ("no history", "no_history"),
            ("no iterative deepening", "no_id"),
            ("no iterative deepening, no history", "no_id_no_history"),
        ],
        "baseline",
        [5, 6],
    );
    let saves = |with: &str, without: &str, d: u32| {
        100.0 * (1.0 - r.work(with, d) as f64 / r.work(without, d) as f64)
    };
    let _ = write!(
        out,
        "\nHistory saves {:.1}% / {:.1}% of the work with iterative deepening and {:.1}% / {:.1}% \
         without it (depths 5 / 6).\n",
        saves("baseline", "no_history", 5),
        saves("baseline", "no_history", 6),
        saves("no_id", "no_id_no_history", 5),
        saves("no_id", "no_id_no_history", 6),
    );
    out
}

fn history_game() -> String {
    let kept = Results::load("history-game");
    let fresh = Results::load("history-game-fresh");
    let mut rows = vec![{
        let mut row = vec![s("fresh tables for every search (history-game-fresh)")];
        for d in [6, 7] {
            row.push(n(fresh.work("keep", d)));
            row.push(r3(
                fresh.work("keep", d) as f64 / kept.work("keep", d) as f64
            ));
        }
        row
    }];
    for (label, v) in [
        ("kept, no decay", "keep"),
        ("kept, decay ½", "decay_half"),
        ("kept, decay ¼", "decay_quarter"),
        ("kept, cleared (decay 0)", "clear"),
    ] {
        let mut row = vec![s(label)];
        for d in [6, 7] {
            row.push(n(kept.work(v, d)));
            row.push(r3(kept.ratio(v, "keep", d)));
        }
        rows.push(row);
    }
    table(
        &["78 positions of two games", "work d6", "×", "work d7", "×"],
        "lrrrr",
        &rows,
    )
}

fn tt() -> String {
    let ours = Results::load("tt");
    let ifrit = Results::load("ifrit");
    let rows = [(8, "0.25"), (9, "0.34"), (10, "0.38")]
        .iter()
        .map(|&(d, seed)| {
            vec![
                d.to_string(),
                s(seed),
                r3(ifrit.ratio("tt_full", "victim_minus_attacker", d)),
                r3(ifrit.ratio("tt_move", "victim_minus_attacker", d)),
                r3(ours.ratio("full", "off", d)),
                r3(ours.ratio("move", "off", d)),
            ]
        })
        .collect::<Vec<_>>();
    let mut out = table(
        &[
            "depth",
            "seed: with / without",
            "Ifrit-like: full / off",
            "Ifrit-like: move / off",
            "defaults: full / off",
            "defaults: move / off",
        ],
        "rrrrrr",
        &rows,
    );
    let _ = write!(
        out,
        "\nIfrit-like work without the table: {}, {} and {} at depths 8, 9 and 10 (seed: 3,151,926, \
         25,499,252 and 102.8 M).\n",
        n(ifrit.work("victim_minus_attacker", 8)),
        n(ifrit.work("victim_minus_attacker", 9)),
        m(ifrit.work("victim_minus_attacker", 10)),
    );
    out
}

fn the() -> String {
    let r = Results::load("the");
    // Thé's findings, as the seed notes give them, beside each ordering.
    let variants = [
        ("no ordering", "none", "1"),
        ("hash move", "hash_move", "0.30 (cuts 70%)"),
        ("MVV/LVA", "mvv_lva", "second to the hash move"),
        ("one killer", "killers_1", "—"),
        ("two killers", "killers_2", "slightly below one killer"),
        ("history", "history", "saves 4.5% of the time"),
        ("MVV/LVA + one killer", "mvv_lva_killers_1", "—"),
        ("MVV/LVA + two killers", "mvv_lva_killers_2", "—"),
    ];
    let rows: Vec<Vec<String>> = variants
        .iter()
        .map(|(label, v, seed)| {
            let mut row = vec![s(label), s(seed)];
            row.extend(work_cells(&r, v, "none", [5, 6]));
            row
        })
        .collect();
    table(
        &["variant", "seed (Thé)", "work d5", "×", "work d6", "×"],
        "llrrrr",
        &rows,
    )
}

fn pvs() -> String {
    let r = Results::load("pvs");
    // Ifrit's "5-10% in most positions, sometimes slower" is a claim per position.
    let spread = |d: u32| {
        let (mut slower, mut below_5, mut from_5_to_10, mut above_10) = (0, 0, 0, 0);
        let base: BTreeMap<&str, u64> = r
            .at("alphabeta", d)
            .iter()
            .map(|row| (row.position.as_str(), row.nodes_cum))
            .collect();
        for row in r.at("pvs", d) {
            let saved = 1.0 - row.nodes_cum as f64 / base[row.position.as_str()] as f64;
            match saved {
                x if x < 0.0 => slower += 1,
                x if x < 0.05 => below_5 += 1,
                x if x <= 0.10 => from_5_to_10 += 1,
                _ => above_10 += 1,
            }
        }
        format!(
            "depth {d}: {slower} slower, {below_5} save under 5%, {from_5_to_10} save 5–10%, \
             {above_10} save more"
        )
    };
    format!(
        "PVS over alpha-beta, work: **{}** at depth 5, **{}** at depth 6 (Ifrit: 5–10% saved in \
         most positions, sometimes slower).\n\nOf the {} positions, {}; {}.\n",
        r3(r.ratio("pvs", "alphabeta", 5)),
        r3(r.ratio("pvs", "alphabeta", 6)),
        r.at("pvs", 5).len(),
        spread(5),
        spread(6),
    )
}

/// The name `configs/schaeffer.toml`'s grid gives the combination with these five switched on.
fn schaeffer_variant(tt: bool, killers: bool, history: bool, asp: bool, pvs: bool) -> String {
    if !(tt || killers || history || asp || pvs) {
        return s("none");
    }
    format!(
        "tt={},ordering.killers={},ordering.history={history},aspiration.enabled={asp},pvs={pvs}",
        if tt { "full" } else { "off" },
        if killers { 2 } else { 0 }
    )
}

fn schaeffer() -> String {
    let r = Results::load("schaeffer");
    let name = schaeffer_variant;
    let depths = [5, 6, 7, 8];
    let named = [
        ("none", name(false, false, false, false, false)),
        ("aspiration only", name(false, false, false, true, false)),
        ("PVS only", name(false, false, false, false, true)),
        ("history only", name(false, false, true, false, false)),
        ("killers only", name(false, true, false, false, false)),
        ("TT only", name(true, false, false, false, false)),
        ("TT + history", name(true, false, true, false, false)),
        ("all five", name(true, true, true, true, true)),
    ];
    let mut rows: Vec<Vec<String>> = named
        .iter()
        .map(|(label, v)| {
            let mut row = vec![s(label)];
            row.extend(depths.iter().map(|&d| r3(r.ratio(v, "none", d))));
            row
        })
        .collect();
    let variants: Vec<String> = {
        let mut seen = Vec::new();
        for row in &r.rows {
            if !seen.contains(&row.variant) {
                seen.push(row.variant.clone());
            }
        }
        seen
    };
    let best = |d: u32| {
        variants
            .iter()
            .map(|v| (r.ratio(v, "none", d), v.clone()))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .expect("variants")
    };
    let mut best_row = vec![s("best combination")];
    let mut share_row = vec![s("TT + history: share of the best reduction")];
    for &d in &depths {
        let (ratio, v) = best(d);
        let on: Vec<&str> = v
            .split(',')
            .filter(|kv| !kv.ends_with("=off") && !kv.ends_with("=0") && !kv.ends_with("=false"))
            .map(|kv| match kv.split('=').next().unwrap_or("") {
                "tt" => "TT",
                "ordering.killers" => "killers",
                "ordering.history" => "history",
                "aspiration.enabled" => "aspiration",
                _ => "PVS",
            })
            .collect();
        best_row.push(format!("{} ({})", r3(ratio), on.join(", ")));
        let pair = r.ratio(&named[6].1, "none", d);
        share_row.push(format!("{:.1}%", 100.0 * (1.0 - pair) / (1.0 - ratio)));
    }
    rows.push(best_row);
    rows.push(share_row);
    let mut seed = vec![s("seed (Schaeffer): TT + history's share")];
    seed.extend(depths.iter().map(|_| s("about 99%")));
    rows.push(seed);
    table(&["work / none", "d5", "d6", "d7", "d8"], "lrrrr", &rows)
}

fn pruning() -> String {
    let bk = Results::load("pruning");
    let wac = Results::load("pruning-wac");
    let variants: Vec<String> = {
        let mut seen: Vec<String> = Vec::new();
        for row in &bk.rows {
            if !seen.contains(&row.variant) {
                seen.push(row.variant.clone());
            }
        }
        seen
    };
    let ebf = |r: &Results, v: &str, d: u32| {
        let nodes = |d| r.sum(v, d, |x| x.nodes) as f64;
        format!("{:.2}", (nodes(d) / nodes(d - 2)).sqrt())
    };
    let rows: Vec<Vec<String>> = variants
        .iter()
        .map(|v| {
            let mut row = vec![v.clone()];
            for (r, d, with_ebf) in [(&bk, 8, true), (&wac, 7, false)] {
                row.push(n(r.work(v, d)));
                row.push(r3(r.ratio(v, "baseline", d)));
                row.push(r3(r.time_ms(v, d) / r.time_ms("baseline", d)));
                row.push(format!("{}/{}", r.solved(v, d), r.at(v, d).len()));
                if with_ebf {
                    row.push(ebf(r, v, d));
                }
            }
            row
        })
        .collect();
    table(
        &[
            "variant",
            "BK d8 work",
            "×base",
            "×time",
            "solved",
            "EBF",
            "WAC d7 work",
            "×base",
            "×time",
            "solved",
        ],
        "lrrrrrrrrr",
        &rows,
    )
}

/// Main-search nodes over the minimal tree's and over the oracle's, at depths 3 and 4.
fn minimal() -> String {
    let names =
        ["killers", "mvv_lva", "history", "schaeffer"].map(|name| format!("{name}-minimal"));
    let files = names.clone().map(|name| Results::load(&name));
    let file = |name: &str| {
        files
            .iter()
            .find(|r| r.name == format!("{name}-minimal"))
            .expect("a minimal-tree result")
    };
    let over = |r: &Results, v: &str, d: u32, yardstick: fn(&Row) -> Option<u64>| {
        let rows = r.at(v, d);
        let nodes: u64 = rows.iter().map(|row| row.nodes).sum();
        let total: u64 = rows
            .iter()
            .map(|row| yardstick(row).unwrap_or_else(|| panic!("{v}: no minimal-tree column")))
            .sum();
        sig3(nodes as f64 / total as f64)
    };
    let sch = schaeffer_variant;
    let lines = [
        ("killers (start position): plain", "killers", s("plain")),
        ("killers: + killers", "killers", s("killers")),
        ("killers: all orderings (the defaults)", "killers", s("all")),
        (
            "MVV/LVA (BK): `none`, generator order everywhere",
            "mvv_lva",
            s("none"),
        ),
        (
            "MVV/LVA: `first` (captures first, unsorted)",
            "mvv_lva",
            s("first"),
        ),
        ("MVV/LVA: `mvv_lva`", "mvv_lva", s("mvv_lva")),
        (
            "history (BK, hash move only): defaults",
            "history",
            s("baseline"),
        ),
        ("history: no history", "history", s("no_history")),
        ("Schaeffer (BK): none of the five", "schaeffer", s("none")),
        (
            "Schaeffer: killers only",
            "schaeffer",
            sch(false, true, false, false, false),
        ),
        (
            "Schaeffer: history only",
            "schaeffer",
            sch(false, false, true, false, false),
        ),
        (
            "Schaeffer: all but the TT",
            "schaeffer",
            sch(false, true, true, true, true),
        ),
        (
            "Schaeffer: all five (the default search)",
            "schaeffer",
            sch(true, true, true, true, true),
        ),
    ];
    let rows: Vec<Vec<String>> = lines
        .iter()
        .map(|(label, name, v)| {
            let r = file(name);
            let mut row = vec![s(label)];
            for d in [3, 4] {
                row.push(over(r, v, d, |row| row.minimal_nodes));
                row.push(over(r, v, d, |row| row.oracle_nodes));
            }
            row
        })
        .collect();
    let mut out = table(
        &[
            "configuration, variant",
            "×min d3",
            "×oracle d3",
            "×min d4",
            "×oracle d4",
        ],
        "lrrrr",
        &rows,
    );
    // The minimal tree itself, per position, and Knuth and Moore's uniform count for the
    // measured full-width branching factor (the geometric mean of leaves^(1/d)).
    let size = |r: &Results, d: u32| {
        let rows = r.at("none", d);
        let per_position = rows
            .iter()
            .map(|row| row.minimal_nodes.unwrap())
            .sum::<u64>()
            / rows.len() as u64;
        let logs: Vec<f64> = rows
            .iter()
            .map(|row| (row.fullwidth_leaves.unwrap() as f64).ln() / f64::from(d))
            .collect();
        let b = (logs.iter().sum::<f64>() / logs.len() as f64).exp();
        let knuth_moore = ablate::search::minimal::knuth_moore_leaves(b, d);
        (per_position, b, knuth_moore.round() as u64)
    };
    let (bk3, b3, km3) = size(file("schaeffer"), 3);
    let (bk4, b4, km4) = size(file("schaeffer"), 4);
    let start = |d: u32| {
        let rows = file("killers").at("plain", d);
        rows[0].minimal_nodes.unwrap()
    };
    let _ = write!(
        out,
        "\nOn Bratko-Kopec the minimal tree has {} nodes a position at depth 3 and {} at depth 4; \
         the full-width branching factor is {b3:.1} and {b4:.1}, for which Knuth and Moore's \
         uniform count is {} and {} leaves. From the start position it is {} and {} nodes. The four runs took \
         {:.1} minutes on 2 cores.\n",
        n(bk3),
        n(bk4),
        n(km3),
        n(km4),
        n(start(3)),
        n(start(4)),
        names.iter().map(|name| wall_seconds(name)).sum::<f64>() / 60.0,
    );
    out
}

/// Ordering quality as the seed's "over 90% of cutoffs on the first move" measures it.
fn first_move_cutoffs() -> String {
    let r = Results::load("schaeffer");
    let depths = [5, 6, 7, 8];
    let sch = schaeffer_variant;
    let lines = [
        ("none of the five", s("none")),
        ("killers only", sch(false, true, false, false, false)),
        ("history only", sch(false, false, true, false, false)),
        ("TT only", sch(true, false, false, false, false)),
        (
            "TT + killers + history",
            sch(true, true, true, false, false),
        ),
        (
            "all five (the default search)",
            sch(true, true, true, true, true),
        ),
    ];
    let mut rows: Vec<Vec<String>> = lines
        .iter()
        .map(|(label, v)| {
            let mut row = vec![s(label)];
            for &d in &depths {
                let first = r.sum(v, d, |row| row.first_move_cutoffs);
                let all = r.sum(v, d, |row| row.beta_cutoffs);
                row.push(format!("{:.1}%", 100.0 * first as f64 / all as f64));
            }
            row
        })
        .collect();
    let mut seed = vec![s("seed: tuned programs")];
    seed.extend(depths.iter().map(|_| s("over 90%")));
    rows.push(seed);
    table(
        &[
            "first-move cutoffs, BK (`schaeffer.csv`)",
            "d5",
            "d6",
            "d7",
            "d8",
        ],
        "lrrrr",
        &rows,
    )
}

/// The first depth at which each null-move variant's best move solves each zugzwang position.
fn null_move() -> String {
    let r = Results::load("null-move");
    let positions = [
        "zugzwang.001",
        "zugzwang.002",
        "zugzwang.003",
        "zugzwang.004",
        "zugzwang.005",
    ];
    let deepest = r.rows.iter().map(|row| row.depth).max().expect("rows");
    let rows: Vec<Vec<String>> = ["never", "always", "adaptive", "verified", "guarded"]
        .iter()
        .map(|v| {
            let mut row = vec![s(v)];
            for p in positions {
                let first = r
                    .rows
                    .iter()
                    .filter(|row| row.variant == *v && row.position == p && row.bm_ok == "true")
                    .map(|row| row.depth)
                    .min();
                row.push(first.map_or(s("-"), |d| d.to_string()));
            }
            row.push(n(r.work(v, deepest)));
            row
        })
        .collect();
    table(
        &[
            "variant",
            "zugzwang.001",
            ".002",
            ".003",
            ".004",
            ".005",
            &format!("work at depth {deepest}"),
        ],
        "lrrrrrr",
        &rows,
    )
}

/// Null-move verification on ten zugzwangs: positions solved per depth, and the work.
fn zugzwang() -> String {
    let r = Results::load("zugzwang");
    let variants = [
        ("no null move", "none"),
        ("plain null move", "plain"),
        ("verify endgame (Fruit)", "endgame"),
        ("verify always at depth − R", "always"),
        ("verify subtree (Tabibi-Netanyahu)", "subtree"),
        ("Fruit 2.1 (always, at depth − 5)", "fruit"),
        ("Stockfish (side barred, from depth 6)", "stockfish"),
    ];
    let depths: Vec<u32> = (6..=12).collect();
    let rows: Vec<Vec<String>> = variants
        .iter()
        .map(|(label, v)| {
            let mut row = vec![s(label)];
            row.extend(depths.iter().map(|&d| r.solved(v, d).to_string()));
            row.push(n(r.work(v, 12)));
            row.push(r3(r.ratio(v, "none", 12)));
            row
        })
        .collect();
    let mut header = vec![s("variant")];
    header.extend(depths.iter().map(|d| format!("d{d}")));
    header.extend([s("work d12"), s("×")]);
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    table(&header, "lrrrrrrrrr", &rows)
}

/// An engine variant's row: the columns an external engine fills (the counters stay empty).
#[derive(Debug, serde::Deserialize)]
struct EngineRow {
    variant: String,
    depth: u32,
    nodes_cum: u64,
    time_ms_cum: f64,
    bm_ok: String,
}

/// ablate beside Stockfish and Fruit on Bratko-Kopec.
fn peers() -> String {
    let rows: Vec<EngineRow> = read_rows("peers");
    let at = |v: &str, d: u32| -> Vec<&EngineRow> {
        rows.iter()
            .filter(|r| r.variant == v && r.depth == d)
            .collect()
    };
    let work = |v: &str, d: u32| at(v, d).iter().map(|r| r.nodes_cum).sum::<u64>();
    let seconds = |v: &str, d: u32| {
        // The whole search to this depth, as the work counts it.
        let t = at(v, d).iter().map(|r| r.time_ms_cum).sum::<f64>() / 1000.0;
        if t < 10.0 {
            format!("{t:.2}")
        } else {
            n(t.round() as u64)
        }
    };
    let variants = [
        ("ablate defaults", "baseline"),
        ("stockfish", "stockfish"),
        ("fruit (as shipped)", "fruit"),
        ("fruit-all-pruning", "fruit-all-pruning"),
        ("fruit-no-pruning", "fruit-no-pruning"),
    ];
    let table_rows: Vec<Vec<String>> = variants
        .iter()
        .map(|(label, v)| {
            let mut row = vec![s(label)];
            for d in [5, 8, 10] {
                row.push(n(work(v, d)));
                let ratio = work(v, d) as f64 / work("baseline", d) as f64;
                row.push(sig3(ratio));
                let rows = at(v, d);
                let solved = rows.iter().filter(|r| r.bm_ok == "true").count();
                let total = rows.len();
                row.push(format!("{solved}/{total}"));
            }
            row.push(seconds(v, 10));
            row
        })
        .collect();
    table(
        &[
            "variant",
            "work d5",
            "×base d5",
            "solved d5",
            "work d8",
            "×base d8",
            "solved d8",
            "work d10",
            "×base d10",
            "solved d10",
            "time d10 s",
        ],
        "lrrrrrrrrrr",
        &table_rows,
    )
}

/// The pruning variants in games, at depth 5 and at 30,000 nodes a move, as `ablate report`
/// summarizes a games CSV.
fn pruning_games() -> String {
    let summaries = |name: &str| {
        let path = common::result(&format!("{name}.games.csv"));
        let rows = ablate::matches::games_csv::read_games(&path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        ablate::matches::summary::summarize(&rows, None)
    };
    let (depth, nodes) = (summaries("pruning"), summaries("pruning-nodes"));
    let elo = |p: &ablate::matches::summary::PairingSummary| {
        let signed = |x: f64| format!("{x:+.1}").replace('-', "−");
        let plain = |x: f64| format!("{x:.1}").replace('-', "−");
        format!(
            "{} [{}, {}]",
            signed(p.elo.expect("an Elo")),
            plain(p.elo_lo.expect("an interval")),
            plain(p.elo_hi.expect("an interval"))
        )
    };
    let pairs =
        |p: &ablate::matches::summary::PairingSummary| p.ptnml.map(|c| c.to_string()).join(" ");
    let rows: Vec<Vec<String>> = depth
        .iter()
        .map(|d| {
            let at_nodes = nodes
                .iter()
                .find(|x| x.variant == d.variant)
                .unwrap_or_else(|| panic!("pruning-nodes has no {}", d.variant));
            vec![
                d.variant.clone(),
                elo(d),
                r3(d.nodes_per_move / d.opponent_nodes_per_move),
                pairs(d),
                elo(at_nodes),
                pairs(at_nodes),
            ]
        })
        .collect();
    table(
        &[
            "variant",
            "depth 5: Elo [95%]",
            "nodes/move × base",
            "pairs 0–2",
            "30,000 nodes: Elo [95%]",
            "pairs 0–2",
        ],
        "lrrlrl",
        &rows,
    )
}

/// A committed result's wall time, from its manifest `results/NAME.json`.
fn countermove() -> String {
    let r = Results::load("countermove");
    let variants = [
        ("default (two killers, history)", "default", "default"),
        ("+ countermove", "countermove", "default"),
        ("no killers", "no_killers", "default"),
        (
            "no killers, + countermove",
            "no_killers_countermove",
            "no_killers",
        ),
    ];
    let rows: Vec<Vec<String>> = variants
        .iter()
        .map(|(label, variant, over)| {
            let mut row = vec![s(label)];
            for d in 5..=8 {
                row.push(n(r.work(variant, d)));
                row.push(r3(r.ratio(variant, over, d)));
            }
            row
        })
        .collect();
    let mut out = table(
        &["", "d5", "×", "d6", "×", "d7", "×", "d8", "×"],
        "lrrrrrrrr",
        &rows,
    );
    let (changed, total) = r.scores_changed("countermove", "default");
    let (changed_nk, total_nk) = r.scores_changed("no_killers_countermove", "no_killers");
    let _ = write!(
        out,
        "\nWork is Σ `nodes_cum` over the 24 positions; × is against the row it adds the \
         countermove to (the default for the first three). Root scores changed by the \
         countermove: {changed} of {total} with killers, {changed_nk} of {total_nk} without.\n"
    );
    out
}

/// A number from a committed result's manifest.
fn manifest_number(name: &str, key: &str) -> f64 {
    manifest(name)[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{name}.json: no {key}"))
}

/// The manifest of a committed result.
fn manifest(name: &str) -> serde_json::Value {
    let path = common::result(&format!("{name}.json"))
        .display()
        .to_string();
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap())
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// How long a committed run took, in seconds.
fn wall_seconds(name: &str) -> f64 {
    manifest_number(name, "wall_seconds")
}

/// The worker threads a committed run used (`--jobs`).
fn jobs_of(name: &str) -> u64 {
    manifest_number(name, "threads") as u64
}

/// The whole section's run time, from the manifests of every committed result.
fn run_time() -> String {
    let mut total = 0.0;
    let mut count = 0;
    for path in common::result_files(".json") {
        {
            let stem = path.file_stem().unwrap().to_string_lossy();
            // A run still going (or stopped) is not a committed result yet.
            let text = std::fs::read_to_string(&path).unwrap();
            let manifest: serde_json::Value = serde_json::from_str(&text).unwrap();
            if manifest["interrupted"].as_bool() == Some(true) {
                continue;
            }
            total += wall_seconds(&stem);
            count += 1;
        }
    }
    format!(
        "The {count} committed runs took **{:.0} minutes** of wall time together (Σ `wall_seconds` of \
         their manifests), with `--jobs 2`.\n",
        total / 60.0
    )
}

/// The README's short table: one figure per headline claim, its page beside it.
fn headline() -> String {
    let k = Results::load("killers");
    let the = Results::load("the");
    let pvs = Results::load("pvs");
    let path = std::path::PathBuf::from(format!("{ROOT}/results/pruning/pruning-nodes.games.csv"));
    let games = ablate::matches::games_csv::read_games(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let matches = ablate::matches::summary::summarize(&games, None);
    let elo = |variant: &str| {
        let p = matches
            .iter()
            .find(|p| p.variant == variant)
            .unwrap_or_else(|| panic!("pruning-nodes has no {variant}"));
        format!(
            "{:+.0} Elo [{:.0}, {:.0}], {} games",
            p.elo.expect("an Elo"),
            p.elo_lo.expect("an interval"),
            p.elo_hi.expect("an interval"),
            p.games
        )
        .replace('-', "−")
    };
    let repro = "docs/reproductions.md";
    let rows = vec![
        vec![
            s("Killers alone buy \"a whole ply\" (Ifrit)"),
            s("killers/plain 0.21 at depth 7"),
            format!("{}", r3(k.ratio("killers", "plain", 7))),
            format!("[direction yes, size no]({repro}#1-killers-ifrit-b25-configskillerstoml-initial-position)"),
        ],
        vec![
            s("The hash move cuts the tree 70% (Thé)"),
            s("0.30 of no ordering"),
            format!("{} at depth 6", r3(the.ratio("hash_move", "none", 6))),
            format!("[reproduced]({repro}#9-each-ordering-against-none-thé-1992-configsthetoml-bk)"),
        ],
        vec![
            s("PVS saves 5–10% (Ifrit)"),
            s("0.90–0.95 of alpha-beta"),
            format!("{} at depth 6", r3(pvs.ratio("pvs", "alphabeta", 6))),
            format!("[reproduced, with a spread]({repro}#7-pvs-ifrit-configspvstoml-bk)"),
        ],
        vec![
            s("Null move, in games, over a search without it"),
            s("—"),
            elo("null_move"),
            s("[30,000 nodes per move](docs/pruning-and-games.md)"),
        ],
        vec![
            s("All pruning together, in games"),
            s("—"),
            elo("all"),
            s("[30,000 nodes per move](docs/pruning-and-games.md)"),
        ],
    ];
    table(&["claim", "seed", "ablate", "verdict"], "llll", &rows)
}

/// A games CSV's pairings, as `ablate report` summarises them.
fn pairings_of(name: &str) -> (usize, Vec<ablate::matches::summary::PairingSummary>) {
    let path = common::result(&format!("{name}.csv"));
    let games = ablate::matches::games_csv::read_games(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (
        games.len(),
        ablate::matches::summary::summarize(&games, None),
    )
}

/// `+21.7 [+9.2, +34.4]`, with true minus signs.
fn elo_interval(p: &ablate::matches::summary::PairingSummary) -> String {
    let minus = |x: f64| format!("{x:+.1}").replace('-', "−");
    let (elo, lo, hi) = (p.elo.unwrap(), p.elo_lo.unwrap(), p.elo_hi.unwrap());
    format!("{} [{}, {}]", minus(elo), minus(lo), minus(hi))
}

/// What removing (or changing) a heuristic did, by the sign of the interval.
fn removal_verdict(p: &ablate::matches::summary::PairingSummary) -> &'static str {
    if p.elo_hi.unwrap() < 0.0 {
        "helps"
    } else if p.elo_lo.unwrap() > 0.0 {
        "hurts"
    } else {
        "not resolved"
    }
}

/// The smallest and largest 95% half-width of `pairings`.
fn half_widths(pairings: &[ablate::matches::summary::PairingSummary]) -> (f64, f64) {
    pairings
        .iter()
        .map(|p| (p.elo_hi.unwrap() - p.elo_lo.unwrap()) / 2.0)
        .fold((f64::MAX, 0.0), |(lo, hi), h| (lo.min(h), hi.max(h)))
}

/// What each heuristic is worth by removal from the full search, at a fixed node budget and at
/// a time control, beside the published removal figures of Ethereal and Stockfish.
fn elo_worth() -> String {
    let (nodes_games, nodes) = pairings_of("elo-worth-nodes.games");
    // The time control was played in two runs (four removals, then two more).
    let (tc_first, mut tc) = pairings_of("elo-worth-tc.games");
    let (tc_second, more) = pairings_of("elo-worth-tc-2.games");
    tc.extend(more);
    let tc_games = tc_first + tc_second;
    // Ethereal PR #113 (2020, 12+0.12 s) and Stockfish PR #3868 (2021, 10+0.1 s): Elo lost when
    // the step is removed from the full engine. Stockfish's "futility pruning: child node"
    // returns the static eval when it beats beta by a margin: reverse futility, by our names.
    let published = [
        (
            "no_null_move",
            "null move",
            "−93.1 ± 5.0",
            "−22.0 (with verification)",
        ),
        ("no_lmr", "late-move reductions", "—", "—"),
        ("no_futility", "futility", "−3.1 ± 2.0", "—"),
        (
            "no_reverse_futility",
            "reverse futility",
            "−32.0 ± 3.2 (beta pruning)",
            "−24.6 (futility: child node)",
        ),
        (
            "no_late_move_pruning",
            "late-move pruning",
            "−76.9 ± 4.6",
            "—",
        ),
        (
            "no_see_pruning",
            "SEE pruning (quiescence)",
            "−41.5 ± 3.0",
            "—",
        ),
    ];
    let rows: Vec<Vec<String>> = published
        .iter()
        .map(|(variant, label, ethereal, stockfish)| {
            let p = nodes
                .iter()
                .find(|p| p.variant == *variant)
                .unwrap_or_else(|| panic!("elo-worth-nodes has no {variant}"));
            let t = tc.iter().find(|p| p.variant == *variant);
            let verdict = match t {
                Some(t) => format!(
                    "{} at 10k nodes, {} at 1+0.01",
                    removal_verdict(p),
                    removal_verdict(t)
                ),
                None => format!("{} at 10k nodes", removal_verdict(p)),
            };
            vec![
                s(label),
                elo_interval(p),
                p.games.to_string(),
                format!("{:.0}", p.nodes_per_move),
                format!(
                    "{:.2} (×{:.2})",
                    p.ms_per_move,
                    p.ms_per_move / p.opponent_ms_per_move
                ),
                t.map_or(s("—"), elo_interval),
                t.map_or(s("—"), |t| t.games.to_string()),
                t.map_or(s("—"), |t| {
                    format!(
                        "{:.0} (×{:.2})",
                        t.nodes_per_move,
                        t.nodes_per_move / t.opponent_nodes_per_move
                    )
                }),
                t.map_or(s("—"), |t| format!("{:.1}", t.ms_per_move)),
                s(ethereal),
                s(stockfish),
                verdict,
            ]
        })
        .collect();
    let mut out = table(
        &[
            "removed",
            "Elo at 10k nodes [95%]",
            "games",
            "nodes/move",
            "ms/move (× full)",
            "Elo at 1+0.01 [95%]",
            "games",
            "nodes/move (× full)",
            "ms/move",
            "Ethereal",
            "Stockfish",
            "removing it: the heuristic …",
        ],
        "lrrrrrrrrlll",
        &rows,
    );
    let (full, full_tc) = (&nodes[0], &tc[0]);
    let (nlo, nhi) = half_widths(&nodes);
    let (tlo, thi) = half_widths(&tc);
    let _ = writeln!(
        out,
        "\nAt 10,000 nodes a move `full` searched {:.0} nodes and {:.2} ms per move: {} games, \
         half-widths {nlo:.1} to {nhi:.1} Elo, {:.0} minutes with `--jobs {}`. At 1+0.01 (first \
         run) it searched {:.0} nodes in {:.1} ms per move: {} games, half-widths {tlo:.1} to \
         {thi:.1} Elo, {:.0} minutes with `--jobs {}` in two runs.",
        full.opponent_nodes_per_move,
        full.opponent_ms_per_move,
        nodes_games,
        wall_seconds("elo-worth-nodes.games") / 60.0,
        jobs_of("elo-worth-nodes.games"),
        full_tc.opponent_nodes_per_move,
        full_tc.opponent_ms_per_move,
        tc_games,
        (wall_seconds("elo-worth-tc.games") + wall_seconds("elo-worth-tc-2.games")) / 60.0,
        jobs_of("elo-worth-tc.games")
    );
    out
}

/// Fruit 2.1's pruning options, one changed at a time from Fruit as shipped: Elo at a time
/// control beside the nodes the change saves at fixed depth.
fn fruit_elo_worth() -> String {
    let (games, pairings) = pairings_of("fruit-elo-worth.games");
    let rows: Vec<EngineRow> = read_rows("fruit-elo-worth");
    let work = |v: &str, d: u32| {
        rows.iter()
            .filter(|r| r.variant == v && r.depth == d)
            .map(|r| r.nodes_cum)
            .sum::<u64>()
    };
    let solved = |v: &str, d: u32| {
        rows.iter()
            .filter(|r| r.variant == v && r.depth == d && r.bm_ok == "true")
            .count()
    };
    let options = [
        ("fruit-no-null-move", "null move: Fail High → Never"),
        ("fruit-no-history-pruning", "history pruning: on → off"),
        ("fruit-futility", "futility pruning: off → on"),
        ("fruit-delta", "delta pruning: off → on"),
    ];
    let table_rows: Vec<Vec<String>> = options
        .iter()
        .map(|(variant, label)| {
            let p = pairings
                .iter()
                .find(|p| p.variant == *variant)
                .unwrap_or_else(|| panic!("fruit-elo-worth.games has no {variant}"));
            vec![
                s(label),
                elo_interval(p),
                p.games.to_string(),
                format!("{:.2}", p.nodes_per_move / p.opponent_nodes_per_move),
                sig3(work(variant, 8) as f64 / work("fruit", 8) as f64),
                sig3(work(variant, 10) as f64 / work("fruit", 10) as f64),
                format!("{} / {}", solved(variant, 10), solved("fruit", 10)),
                s(match removal_verdict(p) {
                    "helps" => "the change loses Elo",
                    "hurts" => "the change gains Elo",
                    _ => "not resolved",
                }),
            ]
        })
        .collect();
    let mut out = table(
        &[
            "option changed",
            "Elo at 1+0.01 [95%]",
            "games",
            "nodes/move in games × shipped",
            "nodes d8 × shipped",
            "nodes d10 × shipped",
            "BK solved d10 (vs shipped)",
            "verdict",
        ],
        "lrrrrrrl",
        &table_rows,
    );
    let (lo, hi) = half_widths(&pairings);
    let _ = writeln!(
        out,
        "\nFruit as shipped searched {} nodes over Bratko–Kopec at depth 10; {games} games in \
         all, half-widths {lo:.1} to {hi:.1} Elo, {:.0} minutes with `--jobs {}`.",
        n(work("fruit", 10)),
        wall_seconds("fruit-elo-worth.games") / 60.0,
        jobs_of("fruit-elo-worth.games")
    );
    out
}

/// A block's name and what computes it.
type Block = (&'static str, fn() -> String);

/// Every block the README holds, by name.
fn blocks() -> Vec<Block> {
    vec![
        ("run-time", run_time),
        ("headline", headline),
        ("elo-worth", elo_worth),
        ("fruit-elo-worth", fruit_elo_worth),
        ("strength", engine::strength),
        ("elo-worth-engine", engine::elo_worth_engine),
        ("eval-worth", engine::eval_worth),
        ("killers", killers),
        ("killers-sensitivity", killers_sensitivity),
        ("killers-bk", killers_bk),
        ("mvv_lva", mvv_lva),
        ("ifrit-formulas", ifrit_formulas),
        ("aspiration", aspiration),
        ("quiescence", quiescence),
        ("history", history),
        ("claims", claims),
        ("history-game", history_game),
        ("tt", tt),
        ("the", the),
        ("pvs", pvs),
        ("schaeffer", schaeffer),
        ("pruning", pruning),
        ("null-move", null_move),
        ("minimal", minimal),
        ("peers", peers),
        ("pruning-games", pruning_games),
        ("first-move-cutoffs", first_move_cutoffs),
        ("countermove", countermove),
        ("zugzwang", zugzwang),
        ("transfer", transfer::transfer),
    ]
}

/// Numbers the seeds print (seed-notes.md), which the prose may quote outside the blocks.
const SEED_FIGURES: &[&str] = &[
    "2,736,235",
    "27,470,423",
    "585,459",
    "3,150,324",
    "25,307,131",
    "520,250",
    "2,263,364",
    "16,707,264",
    "406,924",
    "705,079",
    "8,484,952",
    "0.21",
    "0.11",
    "0.89",
    "0.72",
    "25.50",
    "25.31",
    "102.8",
    "123.7",
    "4,865,609",
    "119,060,324",
    "1.19",
    "0.26",
    "0.82",
    "0.12",
    "2.5",
    "3,151,926",
    "795,159",
    "25,499,252",
    "8,755,251",
    "39.0",
    "0.25",
    "0.34",
    "0.38",
    "70%",
    "4.5%",
    "99%",
    "1.5×",
    "90%",
    "125",
    "314",
    "2–2.5×",
    "2,000,000",
    "100,000",
    "5–10%",
    // Uiterwijk's published saving for the countermove heuristic (docs/references.md).
    "20%",
    // Settings the seeds name: 100·victim − attacker, half a pawn (50 cp) of window.
    "100",
    "50",
];

/// The numbers in `text`: runs starting with a digit, with their separators and unit sign.
fn numbers(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit()
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_'));
        if !starts {
            // The rest of a name such as b2.5 or d7 is part of the name.
            i += 1;
            if chars[i - 1].is_alphanumeric() {
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '.') {
                    i += 1;
                }
            }
            continue;
        }
        let mut j = i;
        while j < chars.len()
            && (chars[j].is_ascii_digit()
                || (matches!(chars[j], ',' | '.' | '–')
                    && chars.get(j + 1).is_some_and(|c| c.is_ascii_digit())))
        {
            j += 1;
        }
        let mut token: String = chars[i..j].iter().collect();
        if j < chars.len() && matches!(chars[j], '%' | '×') {
            token.push(chars[j]);
            j += 1;
        }
        // Words like "b2" or "d7" are names, not figures.
        if !(j < chars.len() && chars[j].is_alphabetic() && chars[j] != '×') {
            out.push(token);
        }
        i = j;
    }
    out
}

/// A number prose may use: a seed figure, a year, or a small whole number (depths, sections).
fn allowed(token: &str) -> bool {
    if SEED_FIGURES.contains(&token) {
        return true;
    }
    match token.parse::<u32>() {
        Ok(v) => v <= 32 || (1980..=2030).contains(&v),
        Err(_) => false,
    }
}

const OPEN: &str = "<!-- figures:";
const CLOSE: &str = "<!-- /figures -->";

/// README.md and every page of docs/: where figure blocks may stand.
fn pages() -> Vec<std::path::PathBuf> {
    let mut pages = vec![std::path::PathBuf::from(format!("{ROOT}/README.md"))];
    let mut docs: Vec<_> = std::fs::read_dir(format!("{ROOT}/docs"))
        .expect("a docs folder")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// The reproduction section, whose prose may quote only the seeds' figures.
const PROSE_PAGE: &str = "reproductions.md";
const PROSE_SECTION: &str = "## Reproducing the classic tables";

/// One page's blocks checked against the results (or rewritten from them); its prose, if it
/// is the reproduction page, returned for the number rule.
fn check_page(
    path: &std::path::Path,
    bless: bool,
    seen: &mut Vec<String>,
    problems: &mut Vec<String>,
) -> String {
    let page = std::fs::read_to_string(path).unwrap();
    let file = path
        .strip_prefix(ROOT)
        .unwrap_or(path)
        .display()
        .to_string();
    let (start, end) = if path.ends_with(PROSE_PAGE) {
        let start = page
            .find(PROSE_SECTION)
            .expect("the reproduction page has its section");
        let end = page[start + 3..]
            .find("\n## ")
            .map_or(page.len(), |i| start + 3 + i);
        (start, end)
    } else {
        (0, 0)
    };
    let in_section = |from: usize, to: usize| -> String {
        let (a, b) = (from.max(start), to.min(end));
        if a < b {
            page[a..b].to_string()
        } else {
            String::new()
        }
    };
    let mut prose = String::new();
    let mut rest = page.as_str();
    let mut offset = 0;
    let mut rebuilt = String::new();
    while let Some(open) = rest.find(OPEN) {
        prose.push_str(&in_section(offset, offset + open));
        rebuilt.push_str(&rest[..open]);
        let after = &rest[open + OPEN.len()..];
        let name_end = after.find(" -->").expect("a block's opening ends with -->");
        let name = after[..name_end].trim().to_string();
        let body_start = name_end + " -->\n".len();
        let close = after
            .find(CLOSE)
            .unwrap_or_else(|| panic!("{file}: block {name} is not closed"));
        let body = &after[body_start..close];
        let Some((_, generate)) = blocks().into_iter().find(|(n, _)| *n == name) else {
            panic!("{file} has a block \"{name}\" this test does not know");
        };
        let expected = generate();
        if body != expected {
            problems.push(format!(
                "{file}: block \"{name}\" differs from the results:\n--- page\n{body}--- results\n{expected}"
            ));
        }
        rebuilt.push_str(&format!("{OPEN}{name} -->\n{expected}{CLOSE}"));
        seen.push(name);
        let consumed = open + OPEN.len() + close + CLOSE.len();
        offset += consumed;
        rest = &rest[consumed..];
    }
    prose.push_str(&in_section(offset, page.len()));
    rebuilt.push_str(rest);
    if bless && rebuilt != page {
        std::fs::write(path, rebuilt).unwrap();
    }
    prose
}

#[test]
fn every_figure_block_matches_the_committed_results() {
    let bless = std::env::var_os("ABLATE_BLESS_FIGURES").is_some();
    let mut problems = Vec::new();
    let mut seen = Vec::new();
    let mut prose = String::new();
    for page in pages() {
        prose.push_str(&check_page(&page, bless, &mut seen, &mut problems));
    }
    assert!(
        !prose.is_empty(),
        "docs/{PROSE_PAGE} has the section \"{PROSE_SECTION}\""
    );
    for (name, _) in blocks() {
        match seen.iter().filter(|s| *s == name).count() {
            0 => problems.push(format!("no block \"{name}\" in README.md or docs/")),
            1 => {}
            k => problems.push(format!("block \"{name}\" stands {k} times")),
        }
    }
    for line in prose.lines() {
        // Headings name configs, sections and years; code spans name files and keys.
        if line.starts_with('#') || line.starts_with("![") {
            continue;
        }
        let without_code: String = line
            .split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 0)
            .map(|(_, part)| part)
            .collect();
        for token in numbers(&without_code) {
            if !allowed(&token) {
                problems.push(format!(
                    "\"{token}\" outside a figures block is not a seed figure: {line}"
                ));
            }
        }
    }
    if bless {
        return;
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

#[test]
fn numbers_are_found_and_judged() {
    assert_eq!(
        numbers("0.057 at d7, 14,706,816 nodes, b2.5, 70% and 2.9× (1989)"),
        ["0.057", "14,706,816", "70%", "2.9×", "1989"]
    );
    assert!(allowed("0.21") && allowed("7") && allowed("1989"));
    assert!(!allowed("0.057") && !allowed("14,706,816") && !allowed("163"));
}
