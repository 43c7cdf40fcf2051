//! The forest plot of shared steps across engines: per step, one row per engine that has it
//! (its averaged worth and 95% interval, in the engine's colour) and a row for their mean (a
//! black diamond), the steps apart by a gap, a line at 0.

use super::forest::{draw_forest, Forest, ForestRow, Mark};
use crate::stats::across_engines::AcrossEngines;
use std::path::{Path, PathBuf};

/// The chart's path: `out` → `out-forest.svg`.
pub fn forest_path(out: &Path) -> PathBuf {
    let name = out.file_name().unwrap_or_default().to_string_lossy();
    out.with_file_name(format!("{name}-forest.svg"))
}

fn rows(across: &AcrossEngines, engines: &[(String, String)]) -> Vec<ForestRow> {
    let mut out = Vec::new();
    for s in &across.steps {
        for e in &s.engines {
            let i = engines.iter().position(|(n, _)| n == &e.engine);
            out.push(ForestRow {
                label: format!(
                    "{}: {}",
                    s.step,
                    i.map_or(e.engine.as_str(), |i| &engines[i].1)
                ),
                estimate: e.averaged,
                // An engine not in the list is drawn as the mean is (black, a gap after): it
                // has no colour of its own.
                mark: i.map_or(Mark::Diamond, Mark::Dot),
                gap_after: i.is_none(),
            });
        }
        out.push(ForestRow {
            label: format!("{}: mean", s.step),
            estimate: s.mean,
            mark: Mark::Diamond,
            gap_after: true,
        });
    }
    out
}

/// Draws the plot; `engines` gives (name, label) in the comparison's order.
pub fn forest_chart(
    title: &str,
    across: &AcrossEngines,
    engines: &[(String, String)],
    path: &Path,
) -> anyhow::Result<()> {
    let forest = Forest {
        caption: format!("{title}: each step's worth, averaged, 95% interval"),
        x_desc: "Elo, the step switched on against off (averaged over its design's other steps)",
        width: 900,
        label_width: 230,
        rows: rows(across, engines),
    };
    draw_forest(&forest, path)
}
