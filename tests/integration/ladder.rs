//! The budget ladder: its arithmetic (node factor, trend), and `ablate report` over real matches
//! at two node budgets, with a removal and the doubling.

use crate::common::{ablate, assert_success, ROOT};
use ablate::settings::move_limit::Limit;
use ablate::stats::budget_ladder::{node_factor, Interval, Trend};
use std::path::Path;

fn interval(value: f64, lo: f64, hi: f64) -> Interval {
    Interval { value, lo, hi }
}

#[test]
fn a_node_budget_is_read_from_a_node_limit_only() {
    let budget = |text: &str| text.parse::<Limit>().unwrap().nodes();
    assert_eq!(budget("nodes 320000"), Some(320_000));
    assert_eq!(budget("tc 10+0.1"), None);
}

#[test]
fn the_node_factor_is_two_to_the_elo_lost_over_the_elo_per_doubling() {
    let f = node_factor(interval(50.0, 40.0, 60.0), interval(100.0, 80.0, 120.0)).unwrap();
    assert!((f.value - 2f64.powf(0.5)).abs() < 1e-12, "{f:?}");
    // The interval takes both intervals' far ends together.
    assert!((f.lo - 2f64.powf(40.0 / 120.0)).abs() < 1e-12, "{f:?}");
    assert!((f.hi - 2f64.powf(60.0 / 80.0)).abs() < 1e-12, "{f:?}");
    // A doubling not measured as better gives no factor; one whose interval reaches zero gives
    // no upper end.
    assert!(node_factor(interval(50.0, 40.0, 60.0), interval(-5.0, -20.0, 10.0)).is_none());
    let open = node_factor(interval(50.0, 40.0, 60.0), interval(30.0, -5.0, 65.0)).unwrap();
    assert!(open.hi.is_infinite() && open.lo < open.value, "{open:?}");
}

#[test]
fn the_trend_of_points_on_a_line_is_that_line() {
    // Elo lost = 10 + 5 log2(nodes), each point ±20.
    let points: Vec<(f64, Interval)> = [4096.0, 8192.0, 16384.0, 65536.0]
        .iter()
        .map(|&n: &f64| {
            let y = 10.0 + 5.0 * n.log2();
            (n, interval(y, y - 20.0, y + 20.0))
        })
        .collect();
    let t = Trend::fit(&points).unwrap();
    assert!((t.slope.value - 5.0).abs() < 1e-9, "{t:?}");
    assert_eq!(
        t.scale(),
        1.0,
        "points on the line scatter less than their intervals"
    );
    let at = t.at(1_048_576.0);
    assert!((at.value - 110.0).abs() < 1e-9, "{at:?}");
    // Far from the points, the line's interval is wider than at their centre.
    let near = t.at(16384.0);
    assert!(at.hi - at.lo > near.hi - near.lo);
    // Points that scatter more than their intervals allow widen the slope's interval.
    let mut scattered = points.clone();
    scattered[1].1 = interval(200.0, 180.0, 220.0);
    let s = Trend::fit(&scattered).unwrap();
    assert!(s.scale() > 1.0, "{s:?}");
    // One budget is no trend.
    assert!(Trend::fit(&points[..1]).is_none());
}

/// The budget ladder from games: two budgets, one removal and the doubling.
const LADDER: &str = "name = \"tiny-ladder\"\nsuite = \"positions/bk.epd\"\ndepths = [1]\n\
                      [search]\ntt_mb = 1\nnull_move.enabled = true\n[variants.no_null_move]\nnull_move.enabled = false\n\
                      [variants.double]\ngame.node_factor = 2\n";

fn setup(dir: &Path) {
    crate::common::copy_positions(dir);
    std::fs::create_dir_all(dir.join("docs")).unwrap();
    for f in ["docs/published-elo.csv", "docs/field-budgets.csv"] {
        std::fs::copy(Path::new(ROOT).join(f), dir.join(f)).unwrap();
    }
    std::fs::write(dir.join("tiny-ladder.toml"), LADDER).unwrap();
}

fn play(dir: &Path, nodes: &str, extra: &[&str]) {
    let out = format!("ladder/nodes-{nodes}.games.csv");
    let mut args = vec![
        "match",
        "-c",
        "tiny-ladder.toml",
        "--games",
        "4",
        "--nodes",
        nodes,
        "-q",
        "--out",
        &out,
    ];
    args.extend_from_slice(extra);
    assert_success(&ablate(dir, &args));
}

#[test]
fn a_ladder_report_gives_each_budget_its_removal_doubling_depth_and_node_factor() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path());
    // Multiples of the 4,096 nodes between polls, so that the budgets differ in what is searched.
    play(dir.path(), "4096", &[]);
    play(dir.path(), "8192", &[]);
    let o = ablate(
        dir.path(),
        &[
            "report",
            "ladder/nodes-4096.games.csv",
            "ladder/nodes-8192.games.csv",
        ],
    );
    assert_success(&o);
    let md = std::fs::read_to_string(dir.path().join("ladder/ladder.md")).unwrap();
    for budget in ["4,096", "8,192"] {
        let row = md
            .lines()
            .find(|l| l.starts_with(&format!("| no_null_move | {budget} | 4 |")))
            .unwrap_or_else(|| panic!("no row at {budget}:\n{md}"));
        // Depth reached by both sides: more than nothing.
        let depths = row.split('|').nth(5).unwrap();
        let (without, with) = depths.trim().split_once(" / ").unwrap();
        assert!(without.parse::<f64>().unwrap() >= 1.0, "{row}");
        assert!(with.parse::<f64>().unwrap() >= 1.0, "{row}");
        let doubling = md
            .lines()
            .find(|l| l.starts_with(&format!("| {budget} | 4 |")))
            .unwrap_or_else(|| panic!("no doubling at {budget}:\n{md}"));
        // The side at twice the budget searches deeper on average.
        let depths = doubling.split('|').nth(6).unwrap();
        let (twice, once) = depths.trim().split_once(" / ").unwrap();
        assert!(
            twice.parse::<f64>().unwrap() > once.parse::<f64>().unwrap(),
            "{doubling}"
        );
    }
    // A trend row, or why there is none (four games a point may leave an interval open).
    assert!(md.contains("| no_null_move | 2 | "), "a trend row:\n{md}");
    let svg = std::fs::read_to_string(dir.path().join("ladder/ladder.svg")).unwrap();
    assert!(svg.contains("no_null_move") && svg.contains("Elo per doubling"));
    assert!(!md.contains("unfinished"), "{md}");
    // The same figures as data, in the columns a ladder of factorials writes too: a removal's
    // Elo lost at each budget, with the Markdown's interval.
    let csv = std::fs::read_to_string(dir.path().join("ladder/ladder.csv")).unwrap();
    assert!(csv.starts_with("nodes,nodes_per_move,plies,games,figure,kind,elo,lo,hi,"));
    // Four games a point may leave an interval open (four draws have no spread): the CSV leaves
    // an open end empty and the Markdown writes it as ∞ behind a round bracket.
    let whole = |x: &str| format!("{:.0}", x.parse::<f64>().unwrap() + 0.0);
    for (budget, nodes) in [("4,096", "4096,"), ("8,192", "8192,")] {
        let lost = md
            .lines()
            .find(|l| l.starts_with(&format!("| no_null_move | {budget} |")))
            .and_then(|l| l.split(" | ").nth(3))
            .unwrap();
        let row: Vec<&str> = (csv.lines())
            .find(|l| l.starts_with(nodes) && l.contains(",no_null_move,elo_lost,"))
            .unwrap()
            .split(',')
            .collect();
        let (open, lo) = match row[7] {
            "" => ("(", "-∞".to_string()),
            x => ("[", whole(x)),
        };
        let (close, hi) = match row[8] {
            "" => (")", "∞".to_string()),
            x => ("]", whole(x)),
        };
        let shown = format!("{} {open}{lo}, {hi}{close}", whole(row[6]));
        assert_eq!(lost.replace('−', "-"), shown, "at {budget}");
    }
    // A removal ladder has no interactions to chart.
    let files = ["ladder/nodes-4096.games.csv", "ladder/nodes-8192.games.csv"];
    let o = ablate(
        dir.path(),
        &[
            &["report"],
            files.as_slice(),
            &["--interaction", "null_move,lmr"],
        ]
        .concat(),
    );
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("--interaction null_move,lmr") && err.contains("no interactions"),
        "{err}"
    );

    // A rung whose match has not finished says so, with its games so far.
    let json = dir.path().join("ladder/nodes-8192.games.json");
    let mut manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    manifest["interrupted"] = true.into();
    manifest["games_total"] = 12.into();
    std::fs::write(&json, manifest.to_string()).unwrap();
    let files = ["ladder/nodes-4096.games.csv", "ladder/nodes-8192.games.csv"];
    assert_success(&ablate(
        dir.path(),
        &[&["report"], files.as_slice()].concat(),
    ));
    let md = std::fs::read_to_string(dir.path().join("ladder/ladder.md")).unwrap();
    assert!(
        md.contains("The 8,192-node rung is unfinished: 8 of its 12 games so far"),
        "{md}"
    );
}

#[test]
fn a_ladder_of_matches_not_at_node_budgets_or_of_two_baselines_is_refused_with_the_file() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path());
    play(dir.path(), "1000", &[]);
    let depth = ablate(
        dir.path(),
        &[
            "match",
            "-c",
            "tiny-ladder.toml",
            "--games",
            "2",
            "--depth",
            "1",
            "-q",
            "--out",
            "d.games.csv",
            "--variant",
            "no_null_move",
        ],
    );
    assert_success(&depth);
    let o = ablate(
        dir.path(),
        &["report", "ladder/nodes-1000.games.csv", "d.games.csv"],
    );
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("d.games.json") && err.contains("node budgets"),
        "{err}"
    );
    // Another baseline at the second budget.
    std::fs::write(
        dir.path().join("other.toml"),
        LADDER
            .replace("tiny-ladder", "other")
            .replace("tt_mb = 1", "tt_mb = 2"),
    )
    .unwrap();
    let other = ablate(
        dir.path(),
        &[
            "match",
            "-c",
            "other.toml",
            "--games",
            "2",
            "--nodes",
            "2000",
            "-q",
            "--out",
            "o.games.csv",
        ],
    );
    assert_success(&other);
    let o = ablate(
        dir.path(),
        &["report", "ladder/nodes-1000.games.csv", "o.games.csv"],
    );
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("o.games.csv") && err.contains("one baseline"),
        "{err}"
    );
}

/// The ladder of factorials (issue 54): `ablate report` over the committed rungs of
/// `budget-ladder-today.toml` writes a row per rung, every step's worth as each rung's own
/// fit has it (its `effects.csv`), the trends, the field in node factors, and the chart.
#[test]
fn a_ladder_of_factorials_reports_each_rungs_own_fit() {
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path());
    let from = Path::new(ROOT).join("results/budget-ladder-today");
    let rungs = ["5000", "10000"];
    let mut args = vec!["report".to_string()];
    for nodes in rungs {
        for kind in ["factorial", "doubling"] {
            for ext in ["csv", "json"] {
                let name = format!("{kind}-{nodes}.games.{ext}");
                if from.join(&name).exists() {
                    std::fs::copy(from.join(&name), dir.path().join(&name)).unwrap();
                }
            }
        }
        args.push(format!("factorial-{nodes}.games.csv"));
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    // The chart shows each step, and only the interactions the caller asks for.
    assert_success(&ablate(dir.path(), &args));
    let svg = std::fs::read_to_string(dir.path().join("ladder.svg")).unwrap();
    assert!(svg.contains("no_null_move") && !svg.contains("(interaction)"));
    assert!(svg.contains("What each step is worth at strongest (95% intervals)"));
    let bad = ablate(
        dir.path(),
        &[&args[..], &["--interaction", "null_move,nmp"]].concat(),
    );
    assert!(!bad.status.success());
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.contains("--interaction null_move,nmp") && err.contains("null_move,probcut"),
        "{err}"
    );
    let one = [
        "report",
        "factorial-5000.games.csv",
        "--interaction",
        "null_move,probcut",
    ];
    let one = ablate(dir.path(), &one);
    assert!(!one.status.success());
    assert!(String::from_utf8_lossy(&one.stderr).contains("are for a ladder's chart"));
    let asked = [&args[..], &["--interaction", "probcut,null_move"]].concat();
    assert_success(&ablate(dir.path(), &asked));
    let md = std::fs::read_to_string(dir.path().join("ladder.md")).unwrap();
    assert!(
        md.contains("| 5,000 |") && md.contains("| 10,000 |"),
        "{md}"
    );
    assert!(md.contains("ablate at Ethereal"), "{md}");
    let svg = std::fs::read_to_string(dir.path().join("ladder.svg")).unwrap();
    assert!(svg.contains("null_move × probcut (interaction)"));
    assert!(svg.contains("and the null_move × probcut interaction"));
    // The same figures as data: the CSV and the JSON hold the same rows.
    let csv = std::fs::read_to_string(dir.path().join("ladder.csv")).unwrap();
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("ladder.json")).unwrap())
            .unwrap();
    assert_eq!(csv.lines().count() - 1, json.as_array().unwrap().len());
    assert!(csv.contains(",null_move,averaged,"), "{csv}");
    // Each step's averaged worth, as the rung's own effects file gives it, in its column.
    for (column, nodes) in rungs.iter().enumerate() {
        let effects = from.join(format!("factorial-{nodes}.games.effects.csv"));
        let effects = std::fs::read_to_string(effects).unwrap();
        for line in effects.lines().filter(|l| l.starts_with("worth_averaged,")) {
            let cells: Vec<&str> = line.split(',').collect();
            let value: f64 = cells[3].parse().unwrap();
            let row = md
                .lines()
                .find(|l| l.starts_with(&format!("| `{}` averaged |", cells[1])))
                .unwrap_or_else(|| panic!("no row for {}", cells[1]));
            let cell = row.split(" | ").nth(1 + column).unwrap();
            let shown = format!("{value:+.1}").replace('-', "−");
            assert!(
                cell.starts_with(&shown),
                "{}: {cell} against {shown}",
                cells[1]
            );
        }
    }
}
