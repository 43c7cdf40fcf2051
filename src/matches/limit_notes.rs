//! What a match says before it plays: the limit per move it plays, one line for every match,
//! so that a depth nobody asked for is never silent; and a warning when that limit is a fixed
//! depth and two sides that meet differ in a pruning, reduction or extension step, whose nodes
//! a fixed depth never charges (docs/pruning-and-games.md: the sign flips between depth 5 and
//! 30,000 nodes). The design report says the same of its games afterwards
//! (`reports::design_notes`, in the words of `UNCHARGED`).

use super::pairings::{Pairing, PreparedMatch};
use crate::config::experiment::ResolvedVariant;
use crate::config::knob::steps_differing;
use crate::output::number_format::thousands;
use crate::search::clock::Limit;

/// What a fixed depth does to a step's worth, as the match's warning and the design report's
/// note both say it.
pub const UNCHARGED: &str = "a step's cost in nodes is not charged there, so a removal gets the nodes it adds for free and an addition's saving buys nothing";

/// Milliseconds as seconds, as `--tc` and `--st` are written (`0.05`, `10`).
fn seconds(ms: u64) -> String {
    format!("{}", ms as f64 / 1000.0)
}

/// A limit per move in words: `depth 4 per move`, `25,000 nodes per move`.
fn said(limit: Limit) -> String {
    match limit {
        Limit::Depth(d) => format!("depth {d} per move"),
        Limit::Nodes(n) => format!("{} nodes per move", thousands(n)),
        Limit::Clock(tc) => format!(
            "a clock of {}+{} seconds per side",
            seconds(tc.base_ms),
            seconds(tc.inc_ms)
        ),
        Limit::MoveTime(t) => format!("{} seconds per move", seconds(t.ms)),
    }
}

/// The variants that play, by index, in the order of the variants.
fn playing(prepared: &PreparedMatch) -> Vec<usize> {
    let mut sides: Vec<usize> = prepared
        .pairings
        .iter()
        .flat_map(|p| [p.variant, p.opponent])
        .collect();
    sides.sort_unstable();
    sides.dedup();
    sides
}

/// The one line every match prints before play: its limit, where the default came from when
/// none was given, and each side that plays at a limit of its own (an engine's `limit`).
pub fn limit_line(prepared: &PreparedMatch) -> String {
    let mut line = format!("limit: {}", said(prepared.limit));
    if prepared.options.limits_given().is_empty() {
        line.push_str(" (the default: no --depth, --nodes, --tc or --st given)");
    }
    for i in playing(prepared) {
        if prepared.limits[i] != prepared.limit {
            let name = &prepared.variants[i].name;
            line.push_str(&format!(
                "; \"{name}\" at its own limit, {}",
                said(prepared.limits[i])
            ));
        }
    }
    line
}

/// What two sides that meet differ in that a fixed depth gives for free: ablate's pruning,
/// reduction and extension knobs (`false`), or one engine's options against the same
/// engine's (`true`, said as options).
fn free_differences(a: &ResolvedVariant, b: &ResolvedVariant) -> Vec<(bool, String)> {
    match (&a.engine, &b.engine) {
        (None, None) => steps_differing(&a.config, &b.config)
            .into_iter()
            .map(|k| (false, k.to_string()))
            .collect(),
        (Some(x), Some(y)) if x.command == y.command => {
            let names = x.options.keys().chain(y.options.keys());
            let mut differ: Vec<(bool, String)> = names
                .filter(|k| x.options.get(*k) != y.options.get(*k))
                .map(|k| (true, format!("\"{k}\"")))
                .collect();
            differ.sort();
            differ.dedup();
            differ
        }
        _ => Vec::new(),
    }
}

/// The warning for a match at a fixed depth whose sides differ in a step (both sides of a
/// pairing at a depth, each's own limit counted); `None` under a node budget or a clock.
pub fn fixed_depth_warning(prepared: &PreparedMatch) -> Option<String> {
    let at_depth = |i: usize| matches!(prepared.limits[i], Limit::Depth(_));
    let mut found: Vec<(bool, String)> = Vec::new();
    for &Pairing { variant, opponent } in &prepared.pairings {
        if !(at_depth(variant) && at_depth(opponent)) {
            continue;
        }
        let (a, b) = (&prepared.variants[variant], &prepared.variants[opponent]);
        for step in free_differences(a, b) {
            if !found.contains(&step) {
                found.push(step);
            }
        }
    }
    let list = |options: bool| -> Vec<String> {
        let named = found.iter().filter(|(o, _)| *o == options);
        named.map(|(_, name)| name.clone()).collect()
    };
    let (knobs, options) = (list(false), list(true));
    let mut said = Vec::new();
    if !knobs.is_empty() {
        said.push(knobs.join(", "));
    }
    if !options.is_empty() {
        said.push(format!("the engine options {}", options.join(", ")));
    }
    if said.is_empty() {
        return None;
    }
    let depth = match prepared.limit {
        Limit::Depth(d) => format!("depth {d}"),
        _ => "their own depths".to_string(),
    };
    Some(format!(
        "warning: the sides play at a fixed depth ({depth}) and differ in a pruning, reduction or extension step ({}); {UNCHARGED}: the Elo here is not a step's worth at equal cost (docs/pruning-and-games.md: the sign flips between depth 5 and 30,000 nodes). For that, play at a node budget (--nodes N) or a clock (--st or --tc)",
        said.join("; ")
    ))
}
