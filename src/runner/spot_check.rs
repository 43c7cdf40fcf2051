//! Whether a results file's counts still hold, found out rather than guessed from git history:
//! this build searches again, for each variant, the file's row of its first position at the
//! shallowest depth, and compares the columns `ablate check` compares. The first position
//! starts every job with empty tables (also in a suite that keeps its tables from position to
//! position), and with iterative deepening the shallowest iteration of a deeper search is the
//! same search, so the row must come back exactly as the file holds it.
//!
//! A refactor that moves no count leaves every committed result as current as it was; a change
//! that moves one of the file's counts is found, in the rows checked. `ablate check` and
//! `ablate reproduce` re-make whole files.

use super::reference_check::{compare, Comparison};
use crate::search::search_depths;
use crate::search_record::Row;
use crate::storage::manifest::Manifest;
use crate::suite::Suite;
use std::path::Path;

/// The most work (nodes_cum) one re-searched row may cost: a report stays a matter of moments.
pub const ROW_BUDGET: u64 = 2_000_000;

/// What the spot check found.
#[derive(Debug, Default)]
pub struct SpotCheck {
    /// Variants whose row was searched again.
    pub checked: Vec<String>,
    /// Variants not checked, each with why.
    pub unchecked: Vec<(String, String)>,
    /// The rows that came back different.
    pub comparison: Comparison,
    /// Why nothing could be checked (no suite, another suite), when so.
    pub skipped: Option<String>,
}

impl SpotCheck {
    /// True when some variant searched by ablate could not be checked: its counts are then
    /// vouched for by nothing but git history. External engines' counts are theirs.
    pub fn left_ablate_unchecked(&self, manifest: &Manifest) -> bool {
        self.checked.is_empty()
            && manifest
                .variants
                .iter()
                .any(|v| v.engine.is_none() && self.unchecked.iter().any(|(n, _)| *n == v.name))
    }

    /// True when a re-searched row differs from the file's.
    pub fn found_a_difference(&self) -> bool {
        !self.comparison.is_clean()
    }

    /// One line for the terminal.
    pub fn label(&self) -> String {
        if let Some(why) = &self.skipped {
            return format!("counts not spot-checked: {why}");
        }
        if self.checked.is_empty() {
            let whys: Vec<String> = self
                .unchecked
                .iter()
                .map(|(variant, why)| format!("{variant}: {why}"))
                .collect();
            return format!("counts not spot-checked ({})", whys.join("; "));
        }
        let mut text = format!(
            "counts spot-checked: {} of {} variants' first row searched again by this build, {}",
            self.checked.len(),
            self.checked.len() + self.unchecked.len(),
            if self.found_a_difference() {
                "and it differs"
            } else {
                "all as the file holds them"
            }
        );
        for (variant, why) in &self.unchecked {
            text.push_str(&format!("; {variant} not: {why}"));
        }
        text
    }
}

/// Searches again each variant's row of the first position at the shallowest depth, from
/// `root` (where the manifest's suite path leads).
pub fn spot_check(root: &Path, manifest: &Manifest, rows: &[Row]) -> SpotCheck {
    let mut result = SpotCheck::default();
    let suite_path = root.join(&manifest.provenance.suite);
    let suite = match Suite::load(&suite_path) {
        Ok(suite) if suite.sha256 == manifest.provenance.suite_sha256 => suite,
        Ok(_) => {
            result.skipped = Some(format!("{} has changed since", suite_path.display()));
            return result;
        }
        Err(_) => {
            result.skipped = Some(format!("{} cannot be read", suite_path.display()));
            return result;
        }
    };
    let Some(first) = manifest.positions.first() else {
        result.skipped = Some("the manifest lists no position".into());
        return result;
    };
    let Some(position) = suite.positions.iter().find(|p| &p.id == first) else {
        result.skipped = Some(format!("the suite has no position \"{first}\""));
        return result;
    };
    let mut expected = Vec::new();
    let mut got = Vec::new();
    for variant in &manifest.variants {
        let row = rows
            .iter()
            .filter(|r| r.variant == variant.name && &r.position == first)
            .min_by_key(|r| r.depth);
        let why_not = match row {
            _ if variant.engine.is_some() => Some("an external engine".to_string()),
            None => Some("not in this file".to_string()),
            Some(r) if r.nodes_cum > ROW_BUDGET => Some(format!(
                "its row costs {} nodes, over the {ROW_BUDGET} a report spends",
                r.nodes_cum
            )),
            Some(_) => None,
        };
        if let Some(why) = why_not {
            result.unchecked.push((variant.name.clone(), why));
            continue;
        }
        let row = row.expect("checked above");
        let Ok(reports) = search_depths(&position.board, &[row.depth], &variant.config, None, None)
        else {
            continue;
        };
        expected.push(row.clone());
        got.extend(
            reports
                .iter()
                .map(|report| Row::new(&row.experiment, &variant.name, first, report, None, "")),
        );
        result.checked.push(variant.name.clone());
    }
    result.comparison = compare(&expected, &got);
    result
}
