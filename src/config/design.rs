//! A designed experiment, the `[design]` table of an experiment file: named factors, each an
//! override over the baseline (a removal, an addition or a form swap), and a two-level
//! factorial or a regular fraction of it (`config::fractions`). Each design point becomes a
//! variant named by the factors it applies, so that it resolves, plays and is explained like
//! every variant.
//!
//! ```toml
//! [design]
//! fraction = "resolution 5"          # or "full"; `points = 128` asks for that run size
//! model = "saturated"                # or "two-step", the default (`design_model`)
//! [design.factors]
//! no_null_move = { "null_move.enabled" = false }
//! with_iir = { "iir.enabled" = true, "iir.cut_nodes" = true }
//! ```

use super::design_model::DesignModel;
use super::engine::EngineOptions;
use super::fractions::{self, TABLE};
use super::keys;
use super::search_config::SearchLayer;
use super::typed_tables::{read_table, Refused};
use toml::{Table, Value};

/// The most points a design may have: a full factorial of 10 factors.
pub const MAX_POINTS: usize = 1024;
/// The name of the point that applies no factor (the baseline's own search).
pub const NO_FACTOR: &str = "none";
/// Where the fractions' generators come from, as the manifest records it.
pub const SOURCE: &str =
    "NIST/SEMATECH e-Handbook of Statistical Methods, 5.3.3.4.7 (Box, Hunter & Hunter, table 6.22)";

crate::choice_enum! {
    /// What applying a factor does to the search, for the steps-on reading of the effects
    /// (Shapley shares, "worth"): a removal switches a step off, an addition or a form swap
    /// switches one on.
    pub enum Role {
        /// Applying it takes a step away.
        Removal = "removal",
        /// Applying it adds a step.
        Addition = "addition",
        /// Applying it puts one form of a step in place of another.
        Swap = "swap",
    }
}

/// One factor: its name, what it sets over the baseline, and its role.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Factor {
    /// Its name, as the points' names use it.
    pub name: String,
    /// The knobs it sets over the baseline, typed as every layer is.
    pub overrides: SearchLayer,
    /// Removal, addition or swap: written as `role = "..."`, else read from its values.
    pub role: Role,
    /// What it sets in an engine's design (the baseline an engine variant): its UCI options,
    /// or another command line (a build with a step compiled out).
    #[serde(default, skip_serializing_if = "EngineSettings::is_empty")]
    pub engine: EngineSettings,
}

/// A factor of an engine's design: UCI options set over the baseline engine's, and a command
/// line in place of its own.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct EngineSettings {
    /// `engine_options = { "NullMove Pruning" = "Never" }`, as `setoption` sends the values.
    #[serde(default)]
    pub options: std::collections::BTreeMap<String, String>,
    /// `engine = "..."`: the engine's command line at the points that apply the factor.
    #[serde(default)]
    pub command: Option<String>,
}

impl EngineSettings {
    /// Whether the factor sets nothing of an engine's.
    pub fn is_empty(&self) -> bool {
        self.options.is_empty() && self.command.is_none()
    }
}

/// The design: its factors, the fraction, and the points as bit sets of applied factors.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Design {
    /// The factors in file order; bit i of a point is the i-th.
    pub factors: Vec<Factor>,
    /// As written: "full" or "resolution N".
    pub fraction: String,
    /// The generators, in the ± notation over the factors' letters (`"H = -ABCG"`); empty for
    /// a full factorial.
    pub generators: Vec<String>,
    /// The defining relation's words as bit sets (empty for a full factorial).
    pub relation: Vec<u32>,
    /// The resolution; `None` for a full factorial.
    pub resolution: Option<u32>,
    /// The points, each the set of factors it applies, in run order.
    pub points: Vec<u32>,
    /// Whom every point plays; `None`: the baseline.
    pub opponent: Option<String>,
    /// The terms its games are fitted with.
    #[serde(default = "DesignModel::two_step")]
    #[serde(skip_serializing_if = "DesignModel::is_two_step")]
    pub model: DesignModel,
    /// Where the generators come from.
    pub source: String,
}

/// The letter of the i-th factor in the table's notation (A, B, ...).
pub fn letter(i: usize) -> char {
    (b'A' + i as u8) as char
}

impl Design {
    /// The variant name of a point: the factors it applies, joined by commas; `none` for none.
    pub fn point_name(&self, point: u32) -> String {
        let names: Vec<&str> = (0..self.factors.len())
            .filter(|i| point & (1 << i) != 0)
            .map(|i| self.factors[i].name.as_str())
            .collect();
        if names.is_empty() {
            NO_FACTOR.to_string()
        } else {
            names.join(",")
        }
    }

    /// Every point's name, in run order.
    pub fn point_names(&self) -> Vec<String> {
        self.points.iter().map(|&p| self.point_name(p)).collect()
    }

    /// The point a variant name stands for, if it is one of this design's.
    pub fn point_of(&self, name: &str) -> Option<u32> {
        (self.points.iter().copied()).find(|&p| self.point_name(p) == name)
    }

    /// A point's layer: its factors' overrides laid together (no two set one knob).
    pub fn point_overrides(&self, point: u32) -> SearchLayer {
        let mut layer = SearchLayer::default();
        for (i, f) in self.factors.iter().enumerate() {
            if point & (1 << i) != 0 {
                layer.merge(&f.overrides);
            }
        }
        layer
    }

    /// Each point as a variant: its name and layer. A point named as the baseline or as a
    /// variant of the file (`taken`) is an error.
    pub fn variants(
        &self,
        baseline: &str,
        taken: &[&String],
    ) -> Result<Vec<(String, SearchLayer)>, String> {
        self.points
            .iter()
            .map(|&point| {
                let name = self.point_name(point);
                if name == baseline || taken.iter().any(|t| **t == name) {
                    return Err(format!(
                        "[design]: point \"{name}\" has the name of a variant; rename the variant or the factor"
                    ));
                }
                Ok((name, self.point_overrides(point)))
            })
            .collect()
    }

    /// The declared opponent must be a variant of the file outside the design (`playable`:
    /// every name a run may list).
    pub fn check_opponent(&self, playable: &[String]) -> Result<(), String> {
        let Some(opponent) = &self.opponent else {
            return Ok(());
        };
        let points = self.point_names();
        if playable.contains(opponent) && !points.contains(opponent) {
            return Ok(());
        }
        let others: Vec<String> = playable
            .iter()
            .filter(|n| !points.contains(n))
            .cloned()
            .collect();
        Err(format!(
            "[design]: opponent = \"{opponent}\" names no variant outside the design; {}",
            keys::hint(opponent, &others)
        ))
    }
}

/// `[design]` as written: serde checks its keys and their types.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct DesignTable {
    factors: Option<Table>,
    fraction: Option<String>,
    points: Option<i64>,
    opponent: Option<String>,
    model: Option<DesignModel>,
}

/// `design = ...` read into its design (a field's `deserialize_with`): a table, or an error
/// the parser places at it.
pub fn from_file<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Design>, D::Error> {
    use serde::de::Error;
    match <Value as serde::Deserialize>::deserialize(d)? {
        Value::Table(table) => parse(table).map(Some).map_err(D::Error::custom),
        _ => Err(D::Error::custom("expected a table [design]")),
    }
}

/// Reads `[design]`. Errors say which key or factor and what was expected; the caller adds
/// the file.
pub fn parse(table: Table) -> Result<Design, String> {
    let written: DesignTable = read_table(table).map_err(|r| format!("[design]: {}", r.said()))?;
    let factors = parse_factors(written.factors.as_ref())?;
    let fraction = written.fraction.unwrap_or_else(|| "full".to_string());
    let wanted = parse_fraction(&fraction)?;
    let points = match written.points {
        Some(n) if n < 2 || !(n as u64).is_power_of_two() => {
            return Err(format!(
                "[design]: points = {n}; expected a power of two, 2 or more"
            ))
        }
        given => given.map(|n| n as usize),
    };
    let opponent = written.opponent;
    let model = written.model.unwrap_or(DesignModel::TwoStep);
    let k = factors.len();
    let generators = choose(k, wanted, points, &fraction)?;
    let words: Vec<u32> = {
        let base = k - generators.len();
        generators
            .iter()
            .enumerate()
            .map(|(j, g)| g | 1 << (base + j))
            .collect()
    };
    let relation = fractions::defining_relation(&words);
    let written: Vec<String> = generators
        .iter()
        .enumerate()
        .map(|(j, &g)| {
            let base = k - generators.len();
            let product: String = (0..base)
                .filter(|i| g & (1 << i) != 0)
                .map(letter)
                .collect();
            format!(
                "{} = {}{product}",
                letter(base + j),
                fractions::generator_sign(g)
            )
        })
        .collect();
    Ok(Design {
        factors,
        fraction,
        generators: written,
        resolution: fractions::resolution(&relation),
        points: fractions::points(k, &generators),
        relation,
        opponent,
        model,
        source: SOURCE.to_string(),
    })
}

fn parse_factors(factors: Option<&Table>) -> Result<Vec<Factor>, String> {
    let expected = "expected a table of named overrides, e.g. factors = { no_null_move = { \"null_move.enabled\" = false } }";
    let factors =
        factors.ok_or_else(|| format!("[design]: missing key \"factors\"; {expected}"))?;
    // One factor has no interaction to fit: saying it is a plain variant is what helps.
    let written: Vec<(&String, &Value)> = factors.iter().collect();
    let knobs = |t: &Table| -> Vec<String> {
        keys::flatten(t)
            .iter()
            .map(|(k, v)| format!("{k} = {v}"))
            .collect()
    };
    match written.as_slice() {
        [(name, Value::Table(t))] => return Err(format!(
            "[design]: 1 factor (\"{name}\"); expected 2 or more: one step alone has no interaction to fit, so play it as a plain variant, [variants.{name}] with {}, by `ablate match` against the baseline",
            knobs(t).join(", ")
        )),
        [] | [_] => return Err(format!("[design]: {} factor; expected 2 or more", factors.len())),
        _ => {}
    }
    let mut out: Vec<Factor> = Vec::new();
    let mut set_by: Vec<(String, String)> = Vec::new();
    for (name, body) in factors {
        if !super::names::is_variant_name(name) || name.contains(',') || name == NO_FACTOR {
            return Err(format!(
                "[design]: factor \"{name}\": expected a letter, then letters, digits, - _ or . (and not \"{NO_FACTOR}\")"
            ));
        }
        let Value::Table(body) = body else {
            return Err(format!("[design]: factor \"{name}\" = {body}; {expected}"));
        };
        let written: FactorTable =
            read_table(body.clone()).map_err(|refused| factor_said(name, &refused))?;
        let engine = engine_settings(name, &written, &mut set_by)?;
        let mut overrides = Table::new();
        for (key, value) in keys::flatten(&written.knobs) {
            if let Some((_, other)) = set_by.iter().find(|(k, _)| *k == key) {
                return Err(format!(
                    "[design]: factors \"{other}\" and \"{name}\" both set {key}; expected each knob in one factor, so that every effect is one factor's"
                ));
            }
            set_by.push((key.clone(), name.clone()));
            keys::insert(&mut overrides, &key, value);
        }
        if overrides.is_empty() && engine.is_empty() {
            return Err(format!(
                "[design]: factor \"{name}\" sets no knob; expected one or more, e.g. {{ \"null_move.enabled\" = false }}, or an engine's engine_options"
            ));
        }
        let overrides = SearchLayer::read(&overrides)
            .map_err(|m| format!("[design]: factor \"{name}\": {m}"))?;
        let role = written
            .role
            .unwrap_or_else(|| read_role(&overrides, &engine));
        out.push(Factor {
            name: name.clone(),
            overrides,
            role,
            engine,
        });
    }
    Ok(out)
}

/// A factor's table as written: the knobs it sets, and what it says of itself.
#[derive(serde::Deserialize)]
struct FactorTable {
    /// `removal`, `addition` or `swap`; else read from the knobs' values.
    role: Option<Role>,
    /// An engine design's options and other build.
    engine_options: Option<EngineOptions>,
    engine: Option<String>,
    #[serde(flatten)]
    knobs: Table,
}

/// An error in factor `name`, said with what its key expects.
fn factor_said(name: &str, refused: &Refused) -> String {
    let expected = match refused.key().as_str() {
        "role" => {
            let quoted: Vec<String> = Role::NAMES.iter().map(|n| format!("\"{n}\"")).collect();
            format!("expected {}", quoted.join(", "))
        }
        "engine" => "expected the command line of another build".into(),
        _ => return format!("[design]: factor \"{name}\": {}", refused.said()),
    };
    let value = match refused {
        Refused::Value { value, .. } => value.to_string(),
        Refused::Key { .. } => String::new(),
    };
    format!(
        "[design]: factor \"{name}\": {} = {value}; {expected}",
        refused.key()
    )
}

/// An engine design's settings of one factor; two factors setting one option are refused, as
/// two setting one knob are.
fn engine_settings(
    name: &str,
    written: &FactorTable,
    set_by: &mut Vec<(String, String)>,
) -> Result<EngineSettings, String> {
    let mut engine = EngineSettings::default();
    if let Some(options) = &written.engine_options {
        engine.options = options.0.clone();
    }
    if let Some(command) = &written.engine {
        if command.trim().is_empty() {
            let value = Value::String(command.clone());
            return Err(format!(
                "[design]: factor \"{name}\": engine = {value}; expected the command line of another build"
            ));
        }
        engine.command = Some(command.clone());
    }
    let options = engine.options.keys().map(|o| format!("option \"{o}\""));
    let command = engine.command.as_ref().map(|_| "command line".to_string());
    for option in options.chain(command) {
        // UCI matches option names without regard to case.
        let key = format!("engine {}", option.to_ascii_lowercase());
        if let Some((_, other)) = set_by.iter().find(|(k, _)| *k == key) {
            return Err(format!(
                "[design]: factors \"{other}\" and \"{name}\" both set the engine's {option}; expected each option in one factor, so that every effect is one factor's"
            ));
        }
        set_by.push((key, name.to_string()));
    }
    Ok(engine)
}

/// A factor that only switches off (false, 0, "none", "off") is a removal; any other adds.
fn read_role(overrides: &SearchLayer, engine: &EngineSettings) -> Role {
    let off = |v: &Value| match v {
        Value::Boolean(b) => !b,
        Value::Integer(n) => *n == 0,
        Value::String(s) => s == "none" || s == "off",
        _ => false,
    };
    // An engine's switches say off in their own words: false, 0, Never, None, Off.
    let option_off = |v: &String| {
        ["false", "0", "never", "none", "off"].contains(&v.to_ascii_lowercase().as_str())
    };
    let engine_off = engine.command.is_none() && engine.options.values().all(option_off);
    if overrides.values().iter().all(|(_, v)| off(v)) && engine_off {
        Role::Removal
    } else {
        Role::Addition
    }
}

/// The resolution asked for; `None` for the full factorial.
fn parse_fraction(text: &str) -> Result<Option<u32>, String> {
    let expected = "expected \"full\" or \"resolution N\" (N a number from 3, or III, IV, V, VI)";
    if text == "full" {
        return Ok(None);
    }
    let Some(n) = text.strip_prefix("resolution ") else {
        return Err(format!("[design]: fraction = \"{text}\"; {expected}"));
    };
    let n = match n.trim() {
        "III" => 3,
        "IV" => 4,
        "V" => 5,
        "VI" => 6,
        "VII" => 7,
        digits => digits
            .parse::<u32>()
            .map_err(|_| format!("[design]: fraction = \"{text}\"; {expected}"))?,
    };
    if n < 3 {
        return Err(format!("[design]: fraction = \"{text}\"; {expected}"));
    }
    Ok(Some(n))
}

/// The generators (bit sets of base factors) of the smallest design of `k` factors whose
/// resolution is at least `wanted`, or of exactly `points` points when asked.
fn choose(
    k: usize,
    wanted: Option<u32>,
    points: Option<usize>,
    written: &str,
) -> Result<Vec<u32>, String> {
    let full = 1usize.checked_shl(k as u32).unwrap_or(usize::MAX);
    // Candidates: the table's rows for k factors, then the full factorial (resolution ∞).
    let mut candidates: Vec<(usize, Option<u32>, Vec<u32>)> = TABLE
        .iter()
        .filter(|f| f.k == k)
        .map(|f| {
            let r = fractions::resolution(&fractions::defining_relation(&f.words()));
            (f.points(), r, f.generator_sets())
        })
        .collect();
    candidates.push((full, None, Vec::new()));
    let reaches = |r: Option<u32>| match (wanted, r) {
        (None, r) => r.is_none(),
        (Some(_), None) => true,
        (Some(w), Some(r)) => r >= w,
    };
    // A resolution that only the full factorial reaches would play it without a word.
    let no_fraction_reaches = !candidates
        .iter()
        .any(|(_, r, generators)| !generators.is_empty() && reaches(*r));
    if let (Some(w), true) = (wanted, no_fraction_reaches) {
        return Err(format!(
            "[design]: fraction = \"{written}\" for {k} factors cannot be had: {}; write fraction = \"full\" for all {full} points, or a resolution a fraction reaches",
            match highest_resolution(&candidates) {
                Some(r) => format!("no fraction of {k} factors reaches resolution {w} (the highest is {r})"),
                None => format!("no fraction of {k} factors is published"),
            }
        ));
    }
    let fitting: Vec<&(usize, Option<u32>, Vec<u32>)> = candidates
        .iter()
        .filter(|(n, r, _)| reaches(*r) && points.is_none_or(|p| p == *n))
        .collect();
    let Some(best) = fitting.iter().min_by_key(|(n, _, _)| *n) else {
        let sizes: Vec<String> = candidates
            .iter()
            .filter(|(_, r, _)| reaches(*r))
            .map(|(n, _, _)| n.to_string())
            .collect();
        return Err(format!(
            "[design]: points = {} with fraction = \"{written}\" for {k} factors cannot be had; expected points = {} (the sizes of a regular fraction of {k} factors at that resolution)",
            points.unwrap_or(0),
            sizes.join(" or ")
        ));
    };
    if best.0 > MAX_POINTS {
        return Err(format!(
            "[design]: {k} factors at fraction = \"{written}\" make {} points; expected at most {MAX_POINTS} (the published fractions reach {} factors)",
            best.0,
            fractions::MAX_TABLE_FACTORS
        ));
    }
    Ok(best.2.clone())
}

/// The highest resolution a proper fraction among `candidates` reaches, if any.
fn highest_resolution(candidates: &[(usize, Option<u32>, Vec<u32>)]) -> Option<u32> {
    candidates.iter().filter_map(|(_, r, _)| *r).max()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn design(text: &str) -> Result<Design, String> {
        let mut table: Table = text.parse().unwrap();
        match table.remove("design") {
            Some(Value::Table(design)) => parse(design),
            _ => panic!("no [design] in {text}"),
        }
    }

    const FIVE: &str = r#"
[design]
fraction = "resolution 5"
[design.factors]
no_null_move = { "null_move.enabled" = false }
no_probcut = { "probcut.enabled" = false }
no_lmr = { "lmr.enabled" = false }
no_late_move_pruning = { "late_move_pruning.enabled" = false }
with_iir = { "iir.enabled" = true, "iir.cut_nodes" = true }
"#;

    #[test]
    fn five_factors_at_resolution_five_are_the_half_fraction() {
        let d = design(FIVE).unwrap();
        assert_eq!(d.points.len(), 16);
        assert_eq!(d.resolution, Some(5));
        assert_eq!(d.generators, ["E = -ABCD"]);
        assert_eq!(d.point_name(0), "none");
        assert_eq!(d.point_name(0b10001), "no_null_move,with_iir");
        assert_eq!(d.factors[0].role, Role::Removal);
        assert_eq!(d.factors[4].role, Role::Addition);
        assert_eq!(d.point_of("no_null_move,with_iir"), Some(0b10001));
        let o = d.point_overrides(0b10001);
        assert_eq!(o.iir.and_then(|iir| iir.cut_nodes), Some(true));
        assert_eq!(o.null_move.and_then(|n| n.enabled), Some(false));
    }

    #[test]
    fn full_is_every_combination() {
        let d = design(&FIVE.replace("resolution 5", "full")).unwrap();
        assert_eq!(d.points.len(), 32);
        assert_eq!(d.resolution, None);
        assert!(d.generators.is_empty());
    }

    #[test]
    fn bad_designs_say_where_and_what() {
        let e = design(&FIVE.replace("probcut.enabled", "probcut.enabld")).unwrap_err();
        assert!(
            e.starts_with("[design]: factor \"no_probcut\": unknown key \"probcut.enabld\""),
            "{e}"
        );
        let e = design(&FIVE.replace("\"lmr.enabled\"", "\"null_move.enabled\"")).unwrap_err();
        assert_eq!(e, "[design]: factors \"no_null_move\" and \"no_lmr\" both set null_move.enabled; expected each knob in one factor, so that every effect is one factor's");
        let e = design(&FIVE.replace("fraction", "points = 8\nfraction")).unwrap_err();
        assert!(e.contains("cannot be had"), "{e}");
        assert!(e.contains("expected points = 16 or 32"), "{e}");
        let e = design(&FIVE.replace("resolution 5", "half")).unwrap_err();
        assert!(e.contains("expected \"full\" or \"resolution N\""), "{e}");
        let e = design(&FIVE.replace("fraction", "fractoin")).unwrap_err();
        assert!(e.contains("did you mean \"fraction\""), "{e}");
    }

    #[test]
    fn a_factor_says_its_role_and_engine_or_is_told_what_they_take() {
        let swap = FIVE.replace("with_iir = {", "with_iir = { role = \"swap\",");
        assert_eq!(design(&swap).unwrap().factors[4].role, Role::Swap);
        let said = |from: &str, to: &str| design(&FIVE.replace(from, to)).unwrap_err();
        let role = "[design]: factor \"with_iir\": role = ";
        let names = "; expected \"removal\", \"addition\", \"swap\"";
        let e = said("with_iir = {", "with_iir = { role = \"swapp\",");
        assert_eq!(e, format!("{role}\"swapp\"{names}"));
        let e = said("with_iir = {", "with_iir = { role = 5,");
        assert_eq!(e, format!("{role}5{names}"));
        let e = said("with_iir = {", "with_iir = { engine = 5,");
        let build = "expected the command line of another build";
        assert_eq!(
            e,
            format!("[design]: factor \"with_iir\": engine = 5; {build}")
        );
        let e = said("with_iir = {", "with_iir = { engine = \" \",");
        assert_eq!(
            e,
            format!("[design]: factor \"with_iir\": engine = \" \"; {build}")
        );
    }
}
