//! A design over an engine's own UCI options, checked against what the engine declares before
//! any game (issue 65): each factor's option must be one the engine declares (else the closest
//! name it does), its value within the option's range or among its combo's values, and
//! different from what the baseline engine runs with (its own setting, else the default).

use crate::config::design::Design;
use crate::config::engine::{option_value, EngineSpec};
use crate::uci::declared_option::DeclaredOption;

/// The UCI options of the project's Stockfish 15.1 build, one per step with an `(~N Elo)`
/// comment (engines/stockfish/switches.patch, docs/stockfish.md). Stockfish as released
/// compiles every step in, so a design naming these over it is pointed to the build.
pub const STOCKFISH_SWITCH_OPTIONS: &[&str] = &[
    "Reverse Futility",
    "Null Move",
    "ProbCut",
    "Move Count Pruning",
    "SEE Pruning",
    "Parent Futility",
    "Singular Extension",
    "LMR",
];

/// What to say of an option the engine does not declare: the nearest it does, and for a
/// Stockfish switch, where the build that declares it comes from.
fn undeclared(option: &str, names: &[String]) -> String {
    let mut text = format!(
        "the engine declares no such option; {}",
        crate::config::keys::hint(option, names)
    );
    if STOCKFISH_SWITCH_OPTIONS
        .iter()
        .any(|s| s.eq_ignore_ascii_case(option))
    {
        text += "; it is a switch of the project's Stockfish 15.1 build, which released \
                 Stockfish lacks: engines/stockfish/build-stockfish.sh builds it \
                 (docs/stockfish.md), and the design's engine is then \
                 engines/stockfish/stockfish-switches";
    }
    text
}

/// Every engine factor of `design` against `declared`, the options of the baseline engine
/// `base` (the engine the points are built on). Errors name the factor and the option.
pub fn check_engine_factors(
    design: &Design,
    base: &EngineSpec,
    declared: &[DeclaredOption],
) -> Result<(), String> {
    let names: Vec<String> = declared.iter().map(|o| o.name.clone()).collect();
    for f in &design.factors {
        for (option, value) in &f.engine.options {
            let at = |m: String| {
                format!(
                    "[design]: factor \"{}\": engine option \"{option}\": {m}",
                    f.name
                )
            };
            let Some(d) = declared
                .iter()
                .find(|d| d.name.eq_ignore_ascii_case(option))
            else {
                return Err(at(undeclared(option, &names)));
            };
            d.accepts(value).map_err(at)?;
            let runs = option_value(&base.options, &d.name).or(d.default.as_deref());
            if runs.is_some_and(|r| r.eq_ignore_ascii_case(value)) {
                return Err(at(format!(
                    "\"{value}\" is what the baseline engine already runs with (its {}); expected a factor that changes the engine",
                    match option_value(&base.options, &d.name) {
                        Some(_) => "engine_options",
                        None => "declared default",
                    }
                )));
            }
        }
    }
    Ok(())
}
