//! The run summary as the terminal shows it: a legend when names are long, one table per depth,
//! the minimal-tree line, and the score-check flags.

use super::before_after::{MinimalNote, Summary};
use crate::config::knob::ScoreCheck;
use crate::output::export::{Exporter, Text};
use crate::output::number_format::{fmt_ratio, thousands};
use crate::output::table::Table;
use std::collections::HashMap;

/// Names longer than this become keys (`V3`) in the tables.
const NAME_WIDTH: usize = 20;

impl Summary {
    /// The names the tables use: a name longer than `width` becomes its key `V<n>` (n: its
    /// place in the variant order), so that the tables stay narrow; shorter names stay.
    pub fn labels(&self, width: usize) -> (Vec<String>, bool) {
        let labels: Vec<String> = self
            .variants
            .iter()
            .enumerate()
            .map(|(i, v)| {
                if v.chars().count() > width {
                    format!("V{}", i + 1)
                } else {
                    v.clone()
                }
            })
            .collect();
        let keyed = labels.iter().zip(&self.variants).any(|(l, v)| l != v);
        (labels, keyed)
    }

    /// The terminal rendering: a legend when needed, then one table per depth, then flags.
    pub fn render_terminal(&self) -> String {
        let (labels, legend) = self.labels(NAME_WIDTH);
        let label_of: HashMap<&str, &str> = self
            .variants
            .iter()
            .map(String::as_str)
            .zip(labels.iter().map(String::as_str))
            .collect();
        let mut out = String::new();
        if legend {
            for (label, name) in labels.iter().zip(&self.variants) {
                if label == name {
                    continue;
                }
                // Long grid names wrap after a comma so the legend stays within 80 columns.
                let mut line = format!("  {label:<4} ");
                for (i, part) in name.split(',').enumerate() {
                    let piece = if i + 1 < name.split(',').count() {
                        format!("{part},")
                    } else {
                        part.to_string()
                    };
                    if line.trim_end().len() > 8 && line.len() + piece.len() > 78 {
                        out.push_str(line.trim_end());
                        out.push('\n');
                        line = " ".repeat(8);
                    }
                    line.push_str(&piece);
                }
                out.push_str(&line);
                out.push('\n');
            }
            out.push('\n');
        }
        for depth in &self.depths {
            out.push_str(&format!(
                "depth {}  (ratios against {})\n",
                depth.depth, self.baseline
            ));
            let with_minimal = depth.lines.iter().any(|l| l.oracle_ratio.is_some());
            let mut header = vec![
                "variant",
                "work",
                "×base",
                "geomean [95% CI]",
                "time s",
                "×t",
                "solved",
                "fmc%",
                "ebf",
            ];
            if with_minimal {
                header.extend(["×min", "×oracle"]);
            }
            let mut t = Table::new(&header).with_gap(1);
            for l in &depth.lines {
                let mut cells = vec![label_of
                    .get(l.variant.as_str())
                    .copied()
                    .unwrap_or(&l.variant)
                    .to_string()];
                cells.extend(l.cells(""));
                if with_minimal {
                    cells.push(fmt_ratio(l.minimal_ratio));
                    cells.push(fmt_ratio(l.oracle_ratio));
                }
                t.row(cells);
            }
            out.push_str(&Text.render(&t));
            if let Some(m) = &depth.minimal {
                out.push_str(&m.render(depth.depth));
            }
            out.push('\n');
        }
        out.push_str(&self.legend());
        out.push_str(&self.render_flags());
        out
    }

    /// The score check: a loud line per mismatch that pure ordering cannot explain, then always
    /// one line saying which checks ran and what they found.
    pub fn render_flags(&self) -> String {
        let mut out = String::new();
        for f in &self.score_flags {
            let shown: Vec<&str> = f.positions.iter().take(8).map(String::as_str).collect();
            let more = if f.positions.len() > 8 {
                format!(" and {} more", f.positions.len() - 8)
            } else {
                String::new()
            };
            out.push_str(&format!(
                "!! SCORE MISMATCH: pure-ordering variant \"{}\" differs from {} at depth {} on {}{}\n",
                f.variant,
                self.baseline,
                f.depth,
                shown.join(", "),
                more
            ));
        }
        let count = |kind: ScoreCheck| self.score_checks.iter().filter(|(_, c)| *c == kind).count();
        let (exact, tt, none) = (
            count(ScoreCheck::Exact),
            count(ScoreCheck::ExceptTt),
            count(ScoreCheck::None),
        );
        let mut parts = Vec::new();
        if exact > 0 {
            let flagged = self
                .score_flags
                .iter()
                .map(|f| f.variant.as_str())
                .collect::<std::collections::HashSet<_>>()
                .len();
            parts.push(if flagged == 0 {
                format!("{exact} pure-ordering variant(s): equal at every position and depth")
            } else {
                format!("{flagged} of {exact} pure-ordering variant(s) DIFFER (see above)")
            });
        }
        if tt > 0 {
            let (d, n) = self
                .tt_differences
                .iter()
                .fold((0, 0), |(d, n), (_, vd, vn)| (d + vd, n + vn));
            parts.push(format!(
                "{tt} variant(s) pure but for the full TT: {d} of {n} differ (TT cutoffs may)"
            ));
        }
        if none > 0 {
            // The names the tables use: V-keys when names are long.
            let (labels, _) = self.labels(NAME_WIDTH);
            let label_of = |v: &str| {
                let i = self.variants.iter().position(|n| n == v);
                i.and_then(|i| labels.get(i))
                    .map_or(v.to_string(), String::clone)
            };
            let names: Vec<String> = self
                .score_checks
                .iter()
                .filter(|(_, c)| *c == ScoreCheck::None)
                .map(|(v, _)| label_of(v))
                .collect();
            parts.push(format!(
                "{none} variant(s) not compared (tree-changing or definition knobs, or no \
                 manifest): {}",
                names.join(", ")
            ));
        }
        if parts.is_empty() {
            out.push_str("score check: no variant to compare with the baseline\n");
        } else {
            out.push_str(&format!(
                "score check (root scores against {}):\n",
                self.baseline
            ));
            for part in parts {
                out.push_str(&wrap(&part, 78, "  ", "    "));
            }
        }
        out
    }

    /// What the summary's columns mean, under every terminal and Markdown summary: only the
    /// columns this summary has.
    pub fn legend(&self) -> String {
        let mut legend = String::from(
            "work: Σ nodes_cum (main search + quiescence, every iteration up to this depth)\n\
             ×base: work / baseline's; geomean [95% CI]: geometric mean of the ratios per\n\
             position, 95% bootstrap interval; time s: Σ wall time; ×t: time / baseline's\n\
             (- when either time is under 10 ms)\n\
             solved: best move meets bm/am, of the positions that have one\n\
             fmc%: beta cutoffs by the first move; ebf: √(nodes(d) / nodes(d−2))\n",
        );
        let minimal = self
            .depths
            .iter()
            .flat_map(|d| &d.lines)
            .any(|l| l.oracle_ratio.is_some() || l.minimal_ratio.is_some());
        if minimal {
            legend.push_str(
                "×min, ×oracle (--minimal): nodes over the minimal tree's, over the oracle's\n",
            );
        }
        legend
    }
}

impl MinimalNote {
    /// One line under a depth's table.
    pub fn render(&self, depth: u32) -> String {
        format!(
            "minimal tree: {} nodes ({} a position); full-width b = {:.1}, Knuth-Moore b^{}+b^{}-1 = {} leaves\n",
            thousands(self.nodes),
            thousands(self.nodes / self.positions.max(1) as u64),
            self.branching,
            depth.div_ceil(2),
            depth / 2,
            thousands(self.knuth_moore_leaves.round() as u64)
        )
    }
}

/// `text` in lines of at most `width` characters after their indent: `first` before the first
/// line, `rest` before the others.
fn wrap(text: &str, width: usize, first: &str, rest: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let indent = if out.is_empty() { first } else { rest };
        if !line.is_empty()
            && indent.len() + line.chars().count() + 1 + word.chars().count() > width
        {
            out.push_str(&format!("{indent}{line}\n"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    let indent = if out.is_empty() { first } else { rest };
    out.push_str(&format!("{indent}{line}\n"));
    out
}
