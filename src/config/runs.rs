//! The runs an experiment declares: the matches its tables come from, by name, each with its
//! variants, games, limit (a list of node budgets makes a ladder: one match per budget),
//! adjudication, openings, SPRT, jobs and output file. `ablate match --config F --run NAME`
//! plays one; without `--run`, every declared run plays in file order.
//!
//! What every run of a file shares is written once, straight under `[runs]` (`adjudicate`,
//! `nodes`...): each run starts from those defaults, and its own keys, or those of the run it
//! extends, win.

use super::extends::{stacks, take_extends, Base, Chains};
use super::keys;
use crate::settings::match_settings::out_at_budget;
use crate::settings::MatchSettings;
use toml::Value;

/// The keys only a run's own table takes: its players, its output, and what it extends.
const OWN_KEYS: &[&str] = &["variants", "out", "design", "extends", "opponents"];

/// The keys that set a limit per move: a run that sets one drops the others it inherits.
const LIMIT_KEYS: &[&str] = &["depth", "nodes", "tc", "st"];

/// `[runs]` split into the defaults written straight under it and the runs (its tables). A
/// run's own key (its players, its output, what it extends) is no default.
fn split_defaults(runs: &toml::Table) -> Result<(toml::Table, toml::Table), String> {
    let (mut defaults, mut tables) = (toml::Table::new(), toml::Table::new());
    for (key, value) in runs {
        if let Value::Table(_) = value {
            tables.insert(key.clone(), value.clone());
        } else if OWN_KEYS.contains(&key.as_str()) {
            return Err(format!(
                "[runs]: {key} = {value}; expected a run's table [runs.{key}], or a default every run takes ({key} is a run's own)"
            ));
        } else {
            defaults.insert(key.clone(), value.clone());
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
        let written = table.get("extends").map(Value::to_string);
        // A run extends a run of its own file: by name only.
        let base = match take_extends(&mut table) {
            Ok(base @ (None | Some(Base::Variant(_)))) => base,
            _ => {
                return Err(format!(
                    "[runs.{name}]: extends = {}; expected the name of another run",
                    written.unwrap_or_default()
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

/// An error in `[runs]`: the run it is about (none for `[runs]`'s defaults or an `extends`
/// chain), so that the file can place it, and what is wrong.
#[derive(Debug)]
pub struct RunsError {
    pub run: Option<String>,
    pub message: String,
}

/// One declared run: its name, as `--run` gives it, and its settings.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    pub name: String,
    pub settings: MatchSettings,
}

impl Run {
    /// The games files the run writes: its `out`, once per node budget when `{nodes}` is in it.
    pub fn outs(&self) -> Vec<String> {
        let Some(out) = &self.settings.out else {
            return Vec::new();
        };
        let nodes = &self.settings.nodes;
        match out.to_string_lossy().contains("{nodes}") && !nodes.is_empty() {
            true => nodes
                .iter()
                .map(|&n| out_at_budget(out, Some(n)).to_string_lossy().into_owned())
                .collect(),
            false => vec![out.to_string_lossy().into_owned()],
        }
    }
}

/// `table`, a run's or `[runs]`'s (`place`), read as match settings; an error names the key
/// and its value.
fn settings(place: &str, table: &toml::Table) -> Result<MatchSettings, String> {
    super::toml_errors::read_table(table, |key, value, message| {
        match message {
        m if m.starts_with("unknown field") && key == "opponent" => format!(
            "{place}: unknown key \"opponent\"; a design's points play the variant its [design] names (opponent = \"NAME\" under [design]), and a run's variants play the baseline"
        ),
        m if m.starts_with("unknown field") => format!("{place}: {}", keys::unknown_field_said(m)),
        m => format!("{place}: {key} = {value}; {m}"),
    }
    })
}

/// The `[runs]` table of an experiment; `variants` are the names a run may list, `points` the
/// design's points (`design = true` plays them).
pub fn parse(
    runs: Option<&Value>,
    variants: &[String],
    points: &[String],
) -> Result<Vec<Run>, RunsError> {
    let whole = |message: String| RunsError { run: None, message };
    let Some(runs) = runs else {
        return Ok(Vec::new());
    };
    let Value::Table(runs) = runs else {
        return Err(whole("runs must be a table of runs: [runs.NAME]".into()));
    };
    let (defaults, runs) = split_defaults(runs).map_err(whole)?;
    settings("[runs]", &defaults).map_err(whole)?;
    let mut out = Vec::new();
    for (name, table) in resolved(defaults, &runs).map_err(whole)? {
        let run = read_run(&name, &table, variants, points).map_err(|message| RunsError {
            run: Some(name.clone()),
            message,
        })?;
        out.push(Run {
            name,
            settings: run,
        });
    }
    Ok(out)
}

/// One run's resolved table read and checked: its players exist, its files name each budget.
fn read_run(
    name: &str,
    table: &toml::Table,
    variants: &[String],
    points: &[String],
) -> Result<MatchSettings, String> {
    let given: Vec<&str> = LIMIT_KEYS
        .iter()
        .copied()
        .filter(|k| table.contains_key(*k))
        .collect();
    if given.len() > 1 {
        return Err(format!(
            "[runs.{name}]: {} all given; expected one limit per move",
            given.join(" and ")
        ));
    }
    let mut run = settings(&format!("[runs.{name}]"), table)?;
    if run.design && points.is_empty() {
        return Err(format!(
            "[runs.{name}]: design = true, but the file has no [design]; expected a [design] table whose points the run plays"
        ));
    }
    if run.design {
        run.variants.extend(points.iter().cloned());
    }
    for v in run.variants.iter().chain(&run.opponents) {
        if !variants.contains(v) {
            return Err(format!(
                "[runs.{name}]: variants: no variant \"{v}\"; {}",
                keys::hint(v, variants)
            ));
        }
    }
    if let Some(file) = run.out.as_ref().map(|f| f.to_string_lossy()) {
        if run.nodes.len() > 1 && !file.contains("{nodes}") {
            return Err(format!(
                "[runs.{name}]: out = \"{file}\" for {} node budgets; expected {{nodes}} in it, one file per budget",
                run.nodes.len()
            ));
        }
    }
    Ok(run)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs(text: &str) -> Result<Vec<Run>, String> {
        let table: toml::Table = text.parse().unwrap();
        parse(table.get("runs"), &["a".into()], &[]).map_err(|e| e.message)
    }

    #[test]
    fn defaults_under_runs_reach_every_run_and_its_own_keys_win() {
        let found = runs(
            "[runs]\ngames = 10\nnodes = 100\nadjudicate = [\"draw=40,10,8\"]\n\
             [runs.x]\n[runs.y]\ngames = 4\ndepth = 3\n",
        )
        .unwrap();
        assert_eq!(found[0].settings.games, Some(10));
        assert_eq!(found[0].settings.nodes, vec![100]);
        assert_eq!(found[0].settings.adjudicate[0].text, "draw=40,10,8");
        assert_eq!(found[1].settings.games, Some(4));
        // A run's own limit replaces the default's rather than joining it.
        assert_eq!(
            (found[1].settings.depth, &found[1].settings.nodes[..]),
            (Some(3), &[][..])
        );
        assert_eq!(found[1].settings.adjudicate[0].text, "draw=40,10,8");
    }

    #[test]
    fn a_fixed_time_a_move_is_a_limit_like_the_others() {
        // st replaces a default node budget as depth, nodes and tc do, rather than joining it.
        let found = runs("[runs]\nnodes = 100\n[runs.x]\nst = 0.1\n").unwrap();
        assert!(found[0].settings.nodes.is_empty() && found[0].settings.st.is_some());
        let err = runs("[runs.x]\ntc = \"1+0.01\"\nst = 0.1\n").unwrap_err();
        assert!(
            err.contains("tc and st all given; expected one limit per move"),
            "{err}"
        );
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
        assert_eq!(
            (found[1].settings.depth, &found[1].settings.nodes[..]),
            (Some(3), &[][..])
        );
        assert_eq!(found[1].settings.games, Some(4));
        assert_eq!(
            (found[2].settings.depth, &found[2].settings.nodes[..]),
            (None, &[7][..])
        );
        assert_eq!(found[2].settings.games, Some(4));
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
        let err = runs("[runs.y]\nextends = 3\n").unwrap_err();
        assert_eq!(
            err,
            "[runs.y]: extends = 3; expected the name of another run"
        );
    }
}
