//! Each engine that plays, started once before any game: a missing program or a wrong option is
//! then one error, not a forfeit in every game, and under a node budget each is probed for how
//! it reads `go nodes`, so that one that cannot honour it is refused before play.

use crate::config::experiment::{Experiment, ResolvedVariant};
use crate::error::InputError;
use crate::settings::move_limit::Limit;
use crate::uci::client::EngineProcess;

/// The most nodes an engine may search for `go nodes n` and still honour it: twice the limit,
/// or the limit and 100,000 for a small one (an engine that checks its count every few
/// thousand nodes passes a small limit by that much). Glaurung 2.2 on its default two threads
/// searched 20,000 to 35,000 for 20,000.
fn node_limit_ceiling(n: u64) -> u64 {
    n.saturating_mul(2).max(n.saturating_add(100_000))
}

/// Whether an engine's probe search (`EngineProcess::probe_nodes`) honours a limit of `n`
/// nodes: not past the ceiling (Fruit 2.1 and Toga II search on to millions), not a tenth of
/// it or less (Debian's Ethereal 12 stops after depth 1 for any `go nodes`), and counted.
pub fn honours_node_limit(n: u64, searched: Option<u64>) -> Result<(), String> {
    let refuse = |what: String| {
        Err(format!(
            "{what}: it cannot honour a node budget; expected a match at a fixed time a move for it \
             (--st, e.g. --st 0.04: it charges each step for its nodes, as a budget does), or a \
             clock (--tc); --depth plays too, but a fixed depth gives a pruning step its nodes free"
        ))
    };
    match searched {
        None => refuse(format!(
            "asked for go nodes {n} from the initial position, it reported no node count"
        )),
        Some(m) if m > node_limit_ceiling(n) => refuse(format!(
            "asked for go nodes {n} from the initial position, it searched {m} nodes before it was told to stop"
        )),
        Some(m) if m.saturating_mul(10) <= n => refuse(format!(
            "asked for go nodes {n} from the initial position, it stopped after {m} nodes"
        )),
        Some(_) => Ok(()),
    }
}

/// Starts each engine variant that plays (`playing`, indices into `variants`) once, checks an
/// engine design's factors against the options its baseline engine declares, and probes each
/// engine whose limit (`limits`, by variant) is a node budget.
pub fn start_engines(
    experiment: &Experiment,
    variants: &[ResolvedVariant],
    playing: &[usize],
    limits: &[Limit],
) -> Result<(), InputError> {
    let file = &experiment.file;
    for &i in playing {
        let variant = &variants[i];
        let Some(spec) = &variant.engine else {
            continue;
        };
        let located =
            |m: String| InputError::in_file(file, format!("variant \"{}\": {m}", variant.name));
        let mut process = EngineProcess::start(spec).map_err(located)?;
        if let (Some(design), 0) = (&experiment.design, i) {
            // The baseline engine is the one an engine design's points are built on.
            super::engine_factors::check_engine_factors(design, spec, &process.identity.declared)
                .map_err(|m| InputError::in_file(file, m))?;
        }
        if let Limit::Nodes(n) = limits[i] {
            let searched = process
                .probe_nodes(n, node_limit_ceiling(n))
                .map_err(located)?;
            honours_node_limit(n, searched).map_err(located)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::honours_node_limit;

    #[test]
    fn an_engine_far_past_or_far_short_of_go_nodes_is_refused_with_the_figure() {
        assert!(
            honours_node_limit(20_000, Some(27_000)).is_ok(),
            "Glaurung's overshoot"
        );
        assert!(
            honours_node_limit(300, Some(4_096)).is_ok(),
            "a count checked every 4,096"
        );
        let fruit = honours_node_limit(20_000, Some(130_000)).unwrap_err();
        assert!(
            fruit.contains("it searched 130000 nodes before it was told to stop"),
            "{fruit}"
        );
        let ethereal = honours_node_limit(20_000, Some(6)).unwrap_err();
        assert!(ethereal.contains("it stopped after 6 nodes"), "{ethereal}");
        let silent = honours_node_limit(20_000, None).unwrap_err();
        assert!(silent.contains("no node count"), "{silent}");
    }
}
