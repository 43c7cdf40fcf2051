//! The seeds' published figures, as the blocks set them beside ours: read at render time from
//! `docs/ifrit-killers.csv` (Ifrit's killer table) and `docs/seed-figures.csv` (the others, one
//! figure a row with its block, its variant and its source), and the ratios the pages quote
//! computed from them rather than typed.

use super::format::{text_cell, thousands};
use super::sources::Sources;
use crate::error::InputError;
use crate::reports::field::{read_seed_figures, read_seed_nodes, SeedFigure, SeedNodes};
use std::path::Path;

/// Ifrit b2.5's killer table, as `docs/ifrit-killers.csv` quotes it from the seed notes.
pub(super) struct IfritKillers(pub(super) Vec<SeedNodes>);

impl IfritKillers {
    /// The nodes `variant` searched at `depth`; none where the seed gives none.
    fn nodes(&self, variant: &str, depth: u32) -> Option<u64> {
        let row = self
            .0
            .iter()
            .find(|r| r.variant == variant && r.depth == depth);
        row.and_then(|r| r.nodes)
    }

    /// A count's cell: "2,736,235", or "—" where the seed gives none.
    pub(super) fn cell(&self, variant: &str, depth: u32) -> String {
        self.nodes(variant, depth).map_or(text_cell("—"), thousands)
    }

    /// `variant`'s nodes over `over`'s at `depth`, to two decimals as the seed's own ratios
    /// are quoted ("0.21"); "—" where either count is missing.
    pub(super) fn ratio(&self, variant: &str, over: &str, depth: u32) -> String {
        match (self.nodes(variant, depth), self.nodes(over, depth)) {
            (Some(a), Some(b)) => format!("{:.2}", a as f64 / b as f64),
            _ => text_cell("—"),
        }
    }
}

/// One block's figures of `docs/seed-figures.csv`.
pub(super) struct SeedFigures(Vec<SeedFigure>);

impl SeedFigures {
    /// The figures `block` quotes.
    pub(super) fn of(src: &Sources, block: &str) -> SeedFigures {
        SeedFigures::from_rows(src.seed_figures(), block)
    }

    fn from_rows(rows: Vec<SeedFigure>, block: &str) -> SeedFigures {
        SeedFigures(rows.into_iter().filter(|r| r.block == block).collect())
    }

    /// The figure of `variant` ("" for none) at `depth` that is `what`, as the seed prints it.
    fn value(&self, variant: &str, depth: Option<u32>, what: Option<&str>) -> Option<&str> {
        self.0
            .iter()
            .find(|r| r.variant == variant && r.depth == depth && what.is_none_or(|w| r.what == w))
            .map(|r| r.value.as_str())
    }

    /// A figure's cell, as the seed prints it; "—" where it gives none.
    pub(super) fn cell(&self, variant: &str, depth: Option<u32>) -> String {
        self.value(variant, depth, None)
            .map_or(text_cell("—"), text_cell)
    }

    /// The figure of `variant` at `depth` that is `what`; "—" where the seed gives none.
    pub(super) fn what(&self, variant: &str, depth: u32, what: &str) -> String {
        self.value(variant, Some(depth), Some(what))
            .map_or(text_cell("—"), text_cell)
    }

    /// The number a figure states: "3,151,926", "102.8 M", "125 s", "−0.82".
    pub(super) fn number(&self, variant: &str, depth: u32, what: Option<&str>) -> Option<f64> {
        self.value(variant, Some(depth), what).and_then(number)
    }

    /// `variant`'s figure over `over`'s at `depth`, both `what`, to `decimals` decimals.
    pub(super) fn ratio(
        &self,
        variant: &str,
        over: &str,
        depth: u32,
        what: Option<&str>,
        decimals: usize,
    ) -> String {
        match (
            self.number(variant, depth, what),
            self.number(over, depth, what),
        ) {
            (Some(a), Some(b)) => format!("{:.decimals$}", a / b),
            _ => text_cell("—"),
        }
    }
}

/// The number a figure as printed states: its first word without thousands separators, a true
/// minus read as one, and "M" after it read as millions.
fn number(printed: &str) -> Option<f64> {
    let mut words = printed.split_whitespace();
    let value: f64 = words
        .next()?
        .replace([',', '+'], "")
        .replace('−', "-")
        .parse()
        .ok()?;
    Some(if words.next() == Some("M") {
        value * 1e6
    } else {
        value
    })
}

/// A saving the seed states as a range of percents ("5–10% saved ...") as the share of the work
/// left, to two decimals ("0.90–0.95"); "—" where it states none.
pub(super) fn share_left(saving: &str) -> String {
    let range = saving.split('%').next().and_then(|r| r.split_once('–'));
    let percents =
        range.and_then(|(lo, hi)| Some((lo.parse::<f64>().ok()?, hi.parse::<f64>().ok()?)));
    percents.map_or(text_cell("—"), |(lo, hi)| {
        format!("{:.2}–{:.2}", 1.0 - hi / 100.0, 1.0 - lo / 100.0)
    })
}

/// What the quiescence block reads of each seed row: the leaves, then the time, score and PV.
pub(super) const QUIESCENCE: [&str; 4] =
    ["nodes (= perft)", "time", "score", "principal variation"];

/// Every seed figure the blocks print, each as printed: the cells of both data files and the
/// ratios computed from them. The figures test lets the reproduction page's prose quote these.
pub fn printed(root: &Path) -> Result<Vec<String>, InputError> {
    let file = |name: &str| root.join("docs").join(name);
    let killers = IfritKillers(read_seed_nodes(&file("ifrit-killers.csv"))?);
    let figures = read_seed_figures(&file("seed-figures.csv"))?;
    let mut out: Vec<String> = figures.iter().map(|f| f.value.clone()).collect();
    for row in &killers.0 {
        out.push(killers.cell(&row.variant, row.depth));
    }
    for d in 7..=9 {
        out.push(killers.ratio("killers", "plain", d));
        out.push(killers.ratio("capture_then_killer", "killers", d));
    }
    let pvs = SeedFigures::from_rows(figures.clone(), "pvs");
    out.push(share_left(&pvs.cell("pvs", None)));
    let tt = SeedFigures::from_rows(figures.clone(), "tt");
    let quiescence = SeedFigures::from_rows(figures, "quiescence");
    for d in 8..=10 {
        out.push(tt.ratio("full", "off", d, None, 2));
    }
    for d in 5..=6 {
        out.push(quiescence.ratio("quiescence", "no_quiescence", d, Some("time"), 1));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> &'static Path {
        Path::new(env!("CARGO_MANIFEST_DIR"))
    }

    #[test]
    fn ifrits_killer_table_reads_as_the_report_quoted_it() {
        let path = root().join("docs/ifrit-killers.csv");
        let seed = IfritKillers(read_seed_nodes(&path).unwrap());
        // The figures the report held as literals before they moved to the data file.
        for (variant, cells) in [
            ("plain", ["2,736,235", "27,470,423", "—"]),
            ("killers", ["585,459", "3,150,324", "25,307,131"]),
            (
                "capture_then_killer",
                ["520,250", "2,263,364", "16,707,264"],
            ),
            ("all", ["406,924", "705,079", "8,484,952"]),
        ] {
            let read: Vec<String> = (7..=9).map(|d| seed.cell(variant, d)).collect();
            assert_eq!(read, cells, "{variant}");
        }
        for (variant, over, ratios) in [
            ("killers", "plain", ["0.21", "0.11", "—"]),
            ("capture_then_killer", "killers", ["0.89", "0.72", "0.66"]),
        ] {
            let read: Vec<String> = (7..=9).map(|d| seed.ratio(variant, over, d)).collect();
            assert_eq!(read, ratios, "{variant} / {over}");
        }
    }

    #[test]
    fn the_seed_figures_read_as_the_reports_quoted_them() {
        let rows = read_seed_figures(&root().join("docs/seed-figures.csv")).unwrap();
        let block = |name: &str| SeedFigures::from_rows(rows.clone(), name);
        // The figures the reports held as literals before they moved to the data file.
        let formulas = block("ifrit-formulas");
        let cells = |v: &str| [9, 10].map(|d| formulas.cell(v, Some(d)));
        assert_eq!(cells("victim_minus_attacker"), ["25.50 M", "102.8 M"]);
        assert_eq!(
            cells("scaled_victim_minus_attacker"),
            ["25.31 M", "123.7 M"]
        );

        let q = block("quiescence");
        let row = |v: &str, d: u32| QUIESCENCE.map(|what| q.what(v, d, what)).join(", ");
        assert_eq!(
            row("no_quiescence", 5),
            "4,865,609, 5 s, +1.19, e2e4 e7e5 Ng1f3 Bf8e7 Nf3xe5"
        );
        assert_eq!(
            row("quiescence", 5),
            "4,865,609, 10 s, +0.26, e2e4 Ng8f6 e4e5 Nf6e4 d2d4"
        );
        assert_eq!(
            row("no_quiescence", 6),
            "119,060,324, 125 s, −0.82, e2e4 b7b6 d2d4 Bc8b7 e4e5 Bb7xg2"
        );
        assert_eq!(
            row("quiescence", 6),
            "119,060,324, 314 s, +0.12, e2e4 Ng8f6 Nb1c3 d7d5 e4xd5 Nf6xd5"
        );
        let times = [5, 6].map(|d| q.ratio("quiescence", "no_quiescence", d, Some("time"), 1));
        assert_eq!(times, ["2.0", "2.5"]);

        let tt = block("tt");
        assert_eq!(
            [8, 9, 10].map(|d| tt.cell("off", Some(d))),
            ["3,151,926", "25,499,252", "102.8 M"]
        );
        assert_eq!(
            [8, 9, 10].map(|d| tt.ratio("full", "off", d, None, 2)),
            ["0.25", "0.34", "0.38"]
        );

        let the = block("the");
        let findings = [
            "none",
            "hash_move",
            "mvv_lva",
            "killers_1",
            "killers_2",
            "history",
            "mvv_lva_killers_1",
            "mvv_lva_killers_2",
        ]
        .map(|v| the.cell(v, None));
        assert_eq!(
            findings,
            [
                "1",
                "0.30 (cuts 70%)",
                "second to the hash move",
                "—",
                "slightly below one killer",
                "saves 4.5% of the time",
                "—",
                "—",
            ]
        );
        assert_eq!(
            block("pvs").cell("pvs", None),
            "5–10% saved in most positions, sometimes slower"
        );
        assert_eq!(share_left(&block("pvs").cell("pvs", None)), "0.90–0.95");
        assert_eq!(block("schaeffer").cell("", None), "about 99%");
        assert_eq!(block("first-move-cutoffs").cell("", None), "over 90%");
        // Every row names its source and a block that reads it.
        let blocks = super::super::names();
        for r in &rows {
            assert!(r.source.starts_with("seed notes"), "{r:?}");
            assert!(blocks.contains(&r.block.as_str()), "{r:?}");
        }
    }

    #[test]
    fn numbers_are_read_as_the_seeds_print_them() {
        assert_eq!(number("3,151,926"), Some(3_151_926.0));
        assert_eq!(number("102.8 M"), Some(102_800_000.0));
        assert_eq!(number("125 s"), Some(125.0));
        assert_eq!(number("−0.82"), Some(-0.82));
        assert_eq!(number("+1.19"), Some(1.19));
        assert_eq!(number("about 99%"), None);
    }
}
