//! A design's points as variants. Over ablate's own search (the baseline `[search]` or one of
//! its variants) each point is a layer of knobs laid over the baseline, as every variant
//! is. Over an engine (the baseline an engine variant) each point is an engine variant: the
//! baseline engine's options with its factors' options set over them, or another command line.

use super::design::Design;
use super::engine::{option_value, EngineSpec};
use super::extends::Base;
use super::search_config::SearchLayer;

/// The variants and stacks a parsed experiment is being built from.
pub struct Players<'a> {
    pub variants: &'a mut Vec<String>,
    pub engines: &'a mut Vec<(String, EngineSpec)>,
    pub own: &'a mut Vec<(String, SearchLayer, Option<Base>)>,
}

/// Adds every point of `design` to the players, over the baseline `baseline`.
pub fn add_points(design: &Design, baseline: &str, players: Players) -> Result<(), String> {
    let taken: Vec<&String> = players.variants.iter().collect();
    let points = design.variants(baseline, &taken)?;
    let base = players
        .engines
        .iter()
        .find(|(n, _)| n == baseline)
        .map(|(_, spec)| spec.clone());
    let Some(base) = base else {
        if let Some(f) = design.factors.iter().find(|f| !f.engine.is_empty()) {
            return Err(format!(
                "[design]: factor \"{}\" sets an engine's options or command line, but the points are built on the baseline \"{baseline}\", ablate's own search; for a design over an engine, name that engine variant as the baseline (baseline = \"NAME\")",
                f.name
            ));
        }
        for (name, overrides) in points {
            players.own.push((name.clone(), overrides, None));
            players.variants.push(name);
        }
        return Ok(());
    };
    check_against_base(design, baseline, &base)?;
    for (name, _) in points {
        let point = design.point_of(&name).expect("a point of the design");
        players
            .engines
            .push((name.clone(), engine_point(design, point, &base)));
        players.variants.push(name);
    }
    Ok(())
}

/// What is refused before any engine starts: ablate's knobs in an engine's factors, and a
/// factor that sets what the baseline engine already sets.
fn check_against_base(design: &Design, baseline: &str, base: &EngineSpec) -> Result<(), String> {
    for f in &design.factors {
        if let Some((knob, _)) = f.overrides.values().first() {
            return Err(format!(
                "[design]: factor \"{}\" sets ablate's knob {knob}, but the points are the engine \"{baseline}\" ({}), which has no knobs; expected engine_options = {{ ... }} (or engine = \"...\") only",
                f.name, base.command
            ));
        }
        for (option, value) in &f.engine.options {
            if option_value(&base.options, option).is_some_and(|v| v.eq_ignore_ascii_case(value)) {
                return Err(format!(
                    "[design]: factor \"{}\": engine option \"{option}\" = \"{value}\" is the baseline \"{baseline}\"'s own setting; expected a factor that changes the engine",
                    f.name
                ));
            }
        }
        if f.engine.command.as_deref() == Some(base.command.as_str()) {
            return Err(format!(
                "[design]: factor \"{}\": engine = \"{}\" is the baseline's own command line; expected another build",
                f.name, base.command
            ));
        }
    }
    Ok(())
}

/// The engine a point runs: the baseline's, each applied factor's options set over its own
/// (an option named in another case replaced, as UCI names match), and its command swapped.
pub fn engine_point(design: &Design, point: u32, base: &EngineSpec) -> EngineSpec {
    let mut spec = base.clone();
    for (i, f) in design.factors.iter().enumerate() {
        if point & (1 << i) == 0 {
            continue;
        }
        for (option, value) in &f.engine.options {
            spec.options.retain(|k, _| !k.eq_ignore_ascii_case(option));
            spec.options.insert(option.clone(), value.clone());
        }
        if let Some(command) = &f.engine.command {
            spec.command = command.clone();
        }
    }
    spec
}
