//! A design over an engine's own UCI options, checked against what the engine declares before
//! any game (issue 65): each factor's option must be one the engine declares (else the closest
//! name it does), its value within the option's range or among its combo's values, and
//! different from what the baseline engine runs with (its own setting, else the default).

use crate::config::design::Design;
use crate::config::engine::{option_value, EngineSpec};
use crate::uci::declared_option::DeclaredOption;

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
                return Err(at(format!(
                    "the engine declares no such option; {}",
                    crate::config::keys::hint(option, &names)
                )));
            };
            allowed(d, value).map_err(at)?;
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

/// Whether `value` is one the option takes: a whole number within a spin's range, true or
/// false for a check, one of a combo's values.
fn allowed(d: &DeclaredOption, value: &str) -> Result<(), String> {
    match d.kind.as_str() {
        "spin" => {
            let n: i64 = value
                .parse()
                .map_err(|_| format!("\"{value}\"; expected a whole number (type spin)"))?;
            let (lo, hi) = (d.min.unwrap_or(i64::MIN), d.max.unwrap_or(i64::MAX));
            if n < lo || n > hi {
                return Err(format!("{n} is outside its range; expected {lo} to {hi}"));
            }
            Ok(())
        }
        "check" if value != "true" && value != "false" => {
            Err(format!("\"{value}\"; expected true or false (type check)"))
        }
        "combo" if !d.vars.iter().any(|v| v.eq_ignore_ascii_case(value)) => Err(format!(
            "\"{value}\" is not among its values; expected one of {}",
            d.vars
                .iter()
                .map(|v| format!("\"{v}\""))
                .collect::<Vec<_>>()
                .join(", ")
        )),
        "button" => Err("a button takes no value; expected an option with one".into()),
        _ => Ok(()),
    }
}
