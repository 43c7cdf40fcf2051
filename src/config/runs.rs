//! The runs an experiment declares: the matches its tables come from, by name, each with its
//! variants, games, limit (a list of node budgets makes a ladder: one match per budget),
//! adjudication, openings, SPRT, jobs and output file. `ablate match --config F --run NAME`
//! plays one; without `--run`, every declared run plays in file order.
//!
//! What every run of a file shares is written once, straight under `[runs]` (`adjudicate`,
//! `nodes`...): each run starts from those defaults, and its own keys, or those of the run it
//! extends, win.

use super::extends::{stacks, take_extends, Chains};
use super::keys;
use std::path::PathBuf;
use toml::Value;

/// The keys `[runs]` may set for every run: not a run's name, output, variants or design.
const DEFAULT_KEYS: &[&str] = &[
    "games",
    "depth",
    "nodes",
    "tc",
    "openings",
    "seed",
    "sprt",
    "round_robin",
    "adjudicate",
    "jobs",
    "timemargin",
    "precision",
];

/// The keys only a run's own table takes: its players, its output, and what it extends.
const OWN_KEYS: &[&str] = &["variants", "out", "design", "extends", "opponents"];

/// Whether a `[runs.NAME]` table takes `key`: a default, or one of its own.
fn is_run_key(key: &str) -> bool {
    DEFAULT_KEYS.contains(&key) || OWN_KEYS.contains(&key)
}

/// The keys that set a limit per move: a run that sets one drops the others it inherits.
const LIMIT_KEYS: &[&str] = &["depth", "nodes", "tc"];

/// `[runs]` split into the defaults written straight under it and the runs (its tables).
fn split_defaults(runs: &toml::Table) -> Result<(toml::Table, toml::Table), String> {
    let (mut defaults, mut tables) = (toml::Table::new(), toml::Table::new());
    for (key, value) in runs {
        if let Value::Table(_) = value {
            tables.insert(key.clone(), value.clone());
        } else if DEFAULT_KEYS.contains(&key.as_str()) {
            defaults.insert(key.clone(), value.clone());
        } else {
            let known: Vec<String> = DEFAULT_KEYS.iter().map(|s| s.to_string()).collect();
            return Err(format!(
                "[runs]: {key} = {value}; expected a run's table [runs.{key}], or a default every run takes ({})",
                keys::hint(key, &known)
            ));
        }
    }
    Ok((defaults, tables))
}

/// Each run's table, resolved by the rule variants follow (`extends::stacks`): `[runs]`'s
/// defaults, then each run down its `extends` chain, each over the one below. A layer that
/// sets a limit per move drops the limits of the layers under it.
fn resolved(
    defaults: toml::Table,
    runs: &toml::Table,
) -> Result<Vec<(String, toml::Table)>, String> {
    let mut own = vec![("[runs]".to_string(), defaults, None)];
    for (name, table) in runs {
        let Value::Table(table) = table else {
            return Err(format!("runs.{name} must be a table: [runs.{name}]"));
        };
        let mut table = table.clone();
        let base = match table.get("extends") {
            Some(Value::String(s)) if !s.is_empty() => {
                take_extends(&mut table).map_err(|m| format!("[runs.{name}]: {m}"))?
            }
            None => None,
            Some(other) => {
                return Err(format!(
                    "[runs.{name}]: extends = {other}; expected the name of another run"
                ))
            }
        };
        own.push((name.clone(), table, base));
    }
    let mut no_files =
        |_: &std::path::Path, _: &str| Err("a run extends a run of its own file".to_string());
    let stacks = stacks(&own, &mut no_files, Chains::Runs)?;
    Ok(stacks
        .into_iter()
        .skip(1)
        .map(|(name, layers)| {
            let mut table = toml::Table::new();
            for layer in layers {
                if layer.keys().any(|k| LIMIT_KEYS.contains(&k.as_str())) {
                    table.retain(|k, _| !LIMIT_KEYS.contains(&k));
                }
                table.extend(layer);
            }
            (name, table)
        })
        .collect())
}

/// A run's limit per move.
#[derive(Debug, Clone, PartialEq)]
pub enum RunLimit {
    /// None declared: the command line's, else `ablate match`'s default.
    Unset,
    /// A fixed depth.
    Depth(u32),
    /// One match per node budget, in the order written.
    Nodes(Vec<u64>),
    /// A clock, BASE+INC.
    Clock(String),
}

/// One declared run.
#[derive(Debug, Clone, PartialEq)]
pub struct DeclaredRun {
    /// Its name, as `--run` gives it.
    pub name: String,
    /// Only these variants (and the baseline) play; empty: all.
    pub variants: Vec<String>,
    /// Each variant (or design point) plays every one of these, rather than the baseline.
    pub opponents: Vec<String>,
    /// Games per pairing.
    pub games: Option<usize>,
    /// The limit per move.
    pub limit: RunLimit,
    /// The openings EPD.
    pub openings: Option<PathBuf>,
    /// The openings' shuffle seed.
    pub seed: Option<u64>,
    /// The SPRT, as `--sprt` takes it.
    pub sprt: Option<String>,
    /// Every pair of variants plays.
    pub round_robin: bool,
    /// Adjudication rules, as `--adjudicate` takes them.
    pub adjudicate: Vec<String>,
    /// Games played at once.
    pub jobs: Option<usize>,
    /// The games CSV; `{nodes}` in it is each match's node budget.
    pub out: Option<String>,
    /// Milliseconds past its clock a move may come.
    pub timemargin: Option<u64>,
    /// Stop once every effect's (or every pairing's) 95% half-width is at most this many Elo.
    pub precision: Option<f64>,
}

/// A whole number ≥ `min` at `key`.
fn whole(run: &str, key: &str, value: &Value, min: i64) -> Result<u64, String> {
    match value {
        Value::Integer(n) if *n >= min => Ok(*n as u64),
        other => Err(format!(
            "[runs.{run}]: {key} = {other}; expected a whole number, {min} or more"
        )),
    }
}

/// A half-width in Elo: a number above 0.
/// A key no run takes, with the one it may have meant; `opponent` belongs to `[design]`.
fn unknown_run_key(run: &str, key: &str, known: &[String]) -> String {
    if key == "opponent" {
        return format!(
            "[runs.{run}]: unknown key \"opponent\"; a design's points play the variant its [design] names (opponent = \"NAME\" under [design]), and a run's variants play the baseline"
        );
    }
    format!(
        "[runs.{run}]: unknown key \"{key}\"; {}",
        keys::hint(key, known)
    )
}

fn precision(run: &str, value: &Value) -> Result<f64, String> {
    match value {
        Value::Integer(n) if *n > 0 => Ok(*n as f64),
        Value::Float(x) if *x > 0.0 && x.is_finite() => Ok(*x),
        other => Err(format!(
            "[runs.{run}]: precision = {other}; expected a half-width in Elo above 0, e.g. precision = 10"
        )),
    }
}

fn text(run: &str, key: &str, value: &Value) -> Result<String, String> {
    match value {
        Value::String(s) => Ok(s.clone()),
        other => Err(format!("[runs.{run}]: {key} = {other}; expected a string")),
    }
}

/// Strings, or one string split on whitespace (as the command line would split it).
fn words(run: &str, key: &str, value: &Value) -> Result<Vec<String>, String> {
    match value {
        Value::String(s) => Ok(s.split_whitespace().map(str::to_string).collect()),
        Value::Array(items) => items.iter().map(|v| text(run, key, v)).collect(),
        other => Err(format!(
            "[runs.{run}]: {key} = {other}; expected a string or an array of strings"
        )),
    }
}

/// The `[runs]` table of an experiment; `variants` are the names a run may list, `points` the
/// design's points (`design = true` plays them).
pub fn parse(
    runs: Option<&Value>,
    variants: &[String],
    points: &[String],
) -> Result<Vec<DeclaredRun>, String> {
    let Some(runs) = runs else {
        return Ok(Vec::new());
    };
    let Value::Table(runs) = runs else {
        return Err("runs must be a table of runs: [runs.NAME]".into());
    };
    let (defaults, runs) = split_defaults(runs)?;
    let known: Vec<String> = DEFAULT_KEYS
        .iter()
        .chain(OWN_KEYS)
        .map(|s| s.to_string())
        .collect();
    let mut out = Vec::new();
    for (name, table) in resolved(defaults, &runs)? {
        let (name, table) = (&name, &table);
        for key in table.keys() {
            if !is_run_key(key) {
                return Err(unknown_run_key(name, key, &known));
            }
        }
        let get = |key: &str| table.get(key);
        let mut run_variants = get("variants")
            .map(|v| words(name, "variants", v))
            .transpose()?
            .unwrap_or_default();
        match get("design") {
            None | Some(Value::Boolean(false)) => {}
            Some(Value::Boolean(true)) if points.is_empty() => {
                return Err(format!(
                    "[runs.{name}]: design = true, but the file has no [design]; expected a [design] table whose points the run plays"
                ))
            }
            Some(Value::Boolean(true)) => run_variants.extend(points.iter().cloned()),
            Some(other) => {
                return Err(format!(
                    "[runs.{name}]: design = {other}; expected true or false"
                ))
            }
        }
        let opponents = get("opponents")
            .map(|v| words(name, "opponents", v))
            .transpose()?
            .unwrap_or_default();
        for v in run_variants.iter().chain(&opponents) {
            if !variants.contains(v) {
                return Err(format!(
                    "[runs.{name}]: variants: no variant \"{v}\"; {}",
                    keys::hint(v, variants)
                ));
            }
        }
        let limits = ["depth", "nodes", "tc"]
            .iter()
            .filter(|k| table.contains_key(**k));
        if limits.clone().count() > 1 {
            let given: Vec<&str> = limits.copied().collect();
            return Err(format!(
                "[runs.{name}]: {} all given; expected one limit per move",
                given.join(" and ")
            ));
        }
        let limit = if let Some(d) = get("depth") {
            RunLimit::Depth(whole(name, "depth", d, 1)? as u32)
        } else if let Some(n) = get("nodes") {
            let budgets = match n {
                Value::Array(items) if !items.is_empty() => items
                    .iter()
                    .map(|v| whole(name, "nodes", v, 1))
                    .collect::<Result<Vec<_>, _>>()?,
                Value::Array(_) => {
                    return Err(format!(
                        "[runs.{name}]: nodes = []; expected one budget or more"
                    ))
                }
                single => vec![whole(name, "nodes", single, 1)?],
            };
            RunLimit::Nodes(budgets)
        } else if let Some(tc) = get("tc") {
            RunLimit::Clock(text(name, "tc", tc)?)
        } else {
            RunLimit::Unset
        };
        let out_file = get("out").map(|v| text(name, "out", v)).transpose()?;
        if let (RunLimit::Nodes(b), Some(file)) = (&limit, &out_file) {
            if b.len() > 1 && !file.contains("{nodes}") {
                return Err(format!(
                    "[runs.{name}]: out = \"{file}\" for {} node budgets; expected {{nodes}} in it, one file per budget",
                    b.len()
                ));
            }
        }
        let round_robin = match get("round_robin") {
            None => false,
            Some(Value::Boolean(b)) => *b,
            Some(other) => {
                return Err(format!(
                    "[runs.{name}]: round_robin = {other}; expected true or false"
                ))
            }
        };
        out.push(DeclaredRun {
            name: name.clone(),
            variants: run_variants,
            opponents,
            games: get("games")
                .map(|v| whole(name, "games", v, 2))
                .transpose()?
                .map(|g| g as usize),
            limit,
            openings: get("openings")
                .map(|v| text(name, "openings", v))
                .transpose()?
                .map(PathBuf::from),
            seed: get("seed").map(|v| whole(name, "seed", v, 0)).transpose()?,
            sprt: get("sprt").map(|v| text(name, "sprt", v)).transpose()?,
            round_robin,
            adjudicate: get("adjudicate")
                .map(|v| words(name, "adjudicate", v))
                .transpose()?
                .unwrap_or_default(),
            jobs: get("jobs")
                .map(|v| whole(name, "jobs", v, 1))
                .transpose()?
                .map(|j| j as usize),
            out: out_file,
            timemargin: get("timemargin")
                .map(|v| whole(name, "timemargin", v, 0))
                .transpose()?,
            precision: get("precision").map(|v| precision(name, v)).transpose()?,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs(text: &str) -> Result<Vec<DeclaredRun>, String> {
        let table: toml::Table = text.parse().unwrap();
        parse(table.get("runs"), &["a".into()], &[])
    }

    #[test]
    fn defaults_under_runs_reach_every_run_and_its_own_keys_win() {
        let found = runs(
            "[runs]\ngames = 10\nnodes = 100\nadjudicate = [\"draw=40,10,8\"]\n\
             [runs.x]\n[runs.y]\ngames = 4\ndepth = 3\n",
        )
        .unwrap();
        assert_eq!(found[0].games, Some(10));
        assert_eq!(found[0].limit, RunLimit::Nodes(vec![100]));
        assert_eq!(found[0].adjudicate, vec!["draw=40,10,8"]);
        assert_eq!(found[1].games, Some(4));
        // A run's own limit replaces the default's rather than joining it.
        assert_eq!(found[1].limit, RunLimit::Depth(3));
        assert_eq!(found[1].adjudicate, vec!["draw=40,10,8"]);
    }

    #[test]
    fn a_default_no_run_can_share_is_refused_with_the_keys_it_may_be() {
        let err = runs("[runs]\nout = \"x.csv\"\n[runs.x]\n").unwrap_err();
        assert!(
            err.contains("[runs]: out") && err.contains("a run's table"),
            "{err}"
        );
        let err = runs("[runs]\ngmes = 3\n[runs.x]\n").unwrap_err();
        assert!(err.contains("did you mean \"games\"?"), "{err}");
    }

    #[test]
    fn runs_extend_by_the_variants_rule_and_say_so_alike() {
        let found = runs(
            "[runs]\ngames = 10\nnodes = 100\n[runs.x]\ndepth = 3\n[runs.y]\nextends = \"x\"\ngames = 4\n\
             [runs.z]\nextends = \"y\"\nnodes = 7\n",
        )
        .unwrap();
        // y takes x's limit (which dropped the default's), z its own over both.
        assert_eq!(found[1].limit, RunLimit::Depth(3));
        assert_eq!(found[1].games, Some(4));
        assert_eq!(found[2].limit, RunLimit::Nodes(vec![7]));
        assert_eq!(found[2].games, Some(4));
        let err = runs("[runs.x]\nextends = \"y\"\n[runs.y]\nextends = \"x\"\n").unwrap_err();
        assert!(
            err.contains("extends forms a cycle: x -> y -> x; expected runs that end in one that extends none"),
            "{err}"
        );
        let err = runs("[runs.x]\n[runs.y]\nextends = \"xx\"\n").unwrap_err();
        assert!(
            err.starts_with("[runs.y]: extends = \"xx\": no such run; did you mean \"x\"?"),
            "{err}"
        );
        // The defaults under [runs] are no run to extend.
        let err = runs("[runs]\ngames = 2\n[runs.y]\nextends = \"[runs]\"\n").unwrap_err();
        assert!(err.contains("no such run"), "{err}");
        let err = runs("[runs.y]\nextends = { file = \"a.toml\", variant = \"b\" }\n").unwrap_err();
        assert!(err.contains("expected the name of another run"), "{err}");
    }
}
