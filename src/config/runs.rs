//! The runs an experiment declares: the matches its tables come from, by name, each with its
//! variants, games, limit (a list of node budgets makes a ladder: one match per budget),
//! adjudication, openings, SPRT, jobs and output file. `ablate match --config F --run NAME`
//! plays one; without `--run`, every declared run plays in file order.
//!
//! What every run of a file shares is written once, straight under `[runs]` (`adjudicate`,
//! `nodes`...): each run starts from those defaults, and its own keys, or those of the run it
//! extends, win.

use super::extends::{stacks, Base, Chains};
use super::keys;
use super::typed_tables::{read_table, Refused};
use crate::settings::match_settings::out_at_budget;
use crate::settings::MatchSettings;
use indexmap::IndexMap;
use toml::{Table, Value};

/// One entry under `[runs]`: a run's table, or a default every run takes.
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(try_from = "Value")]
pub enum RunEntry {
    /// `[runs.NAME]`: what it extends, its settings, and its report's own keys.
    Run(Option<String>, Box<MatchSettings>, RunReport),
    /// A key straight under `[runs]`.
    Default(Value),
}

impl TryFrom<Value> for RunEntry {
    type Error = String;

    /// A table is a run, read as match settings (and what it extends); any other value is a
    /// default, read with the others (`parse`).
    fn try_from(value: Value) -> Result<RunEntry, String> {
        let Value::Table(mut table) = value else {
            return Ok(RunEntry::Default(value));
        };
        // A run extends a run of its own file: by name only.
        let extends = match table.remove("extends") {
            None => None,
            Some(Value::String(name)) if !name.is_empty() => Some(name),
            Some(other) => {
                return Err(format!(
                    "extends = {other}; expected the name of another run"
                ))
            }
        };
        let report = RunReport::taken_from(&mut table)?;
        Ok(RunEntry::Run(extends, Box::new(settings(table)?), report))
    }
}

/// What a run's report takes besides its games: `ablate report OUT` with these arguments is
/// the report committed beside it, and `ablate reproduce` re-makes it so. A run's own keys,
/// not laid over by `extends`: they name files of that run's report alone.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RunReport {
    /// A gauntlet's self-play design (its games CSV), for each step's gauntlet/self-play
    /// ratio: `self_play = "results/F.games.csv"` → `--self-play results/F.games.csv`.
    pub self_play: Option<String>,
}

impl RunReport {
    /// The report's keys, removed from the run's table so that the rest reads as settings.
    fn taken_from(table: &mut Table) -> Result<RunReport, String> {
        let self_play = match table.remove("self_play") {
            None => None,
            Some(Value::String(path)) if path.ends_with(".games.csv") => Some(path),
            Some(other) => {
                return Err(format!(
                    "self_play = {other}; expected a design's games file (\"results/F.games.csv\")"
                ))
            }
        };
        Ok(RunReport { self_play })
    }

    /// The arguments `ablate report OUT` takes after the games file.
    pub fn args(&self) -> Vec<String> {
        match &self.self_play {
            Some(path) => vec!["--self-play".into(), path.clone()],
            None => Vec::new(),
        }
    }
}

/// A run's (or `[runs]`'s) keys read as match settings; an error names the key and its value.
/// A layer sets one limit per move at most: one over another drops the other's (`over`).
fn settings(table: Table) -> Result<MatchSettings, String> {
    let settings: MatchSettings = read_table(table).map_err(|refused| match &refused {
        Refused::Key { key, .. } if key == "opponent" => "unknown key \"opponent\"; a design's points play the variant its [design] names (opponent = \"NAME\" under [design]), and a run's variants play the baseline".to_string(),
        _ => refused.said(),
    })?;
    let limits = settings.limits_given();
    if limits.len() > 1 {
        return Err(format!(
            "{} all given; expected one limit per move",
            limits.join(" and ")
        ));
    }
    Ok(settings)
}

/// `[runs]`'s defaults: the settings every run starts from, none of them a run's own (its
/// players, its games file, what it extends).
fn defaults(runs: &IndexMap<String, RunEntry>) -> Result<MatchSettings, String> {
    let written: Table = runs
        .iter()
        .filter_map(|(key, entry)| match entry {
            RunEntry::Default(value) => Some((key.clone(), value.clone())),
            RunEntry::Run(..) => None,
        })
        .collect();
    let own = |key: &str| {
        let value = &written[key];
        format!("[runs]: {key} = {value}; expected a run's table [runs.{key}], or a default every run takes ({key} is a run's own)")
    };
    if written.contains_key("extends") {
        return Err(own("extends"));
    }
    let read = settings(written.clone()).map_err(|m| format!("[runs]: {m}"))?;
    let run_own = [
        ("variants", !read.variants.is_empty()),
        ("opponents", !read.opponents.is_empty()),
        ("fit_with", !read.fit_with.is_empty()),
        ("design", read.design),
        ("out", read.out.is_some()),
    ];
    match run_own.iter().find(|(_, given)| *given) {
        Some((key, _)) => Err(own(key)),
        None => Ok(read),
    }
}

/// Each run's settings, resolved by the rule variants follow (`extends::stacks`): `[runs]`'s
/// defaults, then each run down its `extends` chain, each laid over the one below as the
/// command line is laid over a run (`MatchSettings::over`: a limit per move replaces the one
/// below).
fn resolved(
    defaults: MatchSettings,
    runs: &IndexMap<String, RunEntry>,
) -> Result<Vec<(String, MatchSettings)>, String> {
    let mut own = vec![("[runs]".to_string(), defaults, None)];
    for (name, entry) in runs {
        if let RunEntry::Run(extends, settings, _) = entry {
            let base = extends.clone().map(Base::Variant);
            own.push((name.clone(), settings.as_ref().clone(), base));
        }
    }
    let mut no_files =
        |_: &std::path::Path, _: &str| Err("a run extends a run of its own file".to_string());
    let stacks = stacks(&own, &mut no_files, Chains::Runs)?;
    Ok(stacks
        .into_iter()
        .skip(1)
        .map(|(name, layers)| {
            let run = layers
                .iter()
                .fold(MatchSettings::default(), |below, layer| layer.over(&below));
            (name, run)
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

/// One declared run: its name, as `--run` gives it, its settings, and its report's keys.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    pub name: String,
    pub settings: MatchSettings,
    pub report: RunReport,
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

/// The `[runs]` table of an experiment; `variants` are the names a run may list, `points` the
/// design's points (`design = true` plays them).
pub fn parse(
    runs: &IndexMap<String, RunEntry>,
    variants: &[String],
    points: &[String],
) -> Result<Vec<Run>, RunsError> {
    let whole = |message: String| RunsError { run: None, message };
    let defaults = defaults(runs).map_err(whole)?;
    let mut out = Vec::new();
    for (name, settings) in resolved(defaults, runs).map_err(whole)? {
        let in_run = |message: String| RunsError {
            run: Some(name.clone()),
            message,
        };
        let settings = check_run(&name, settings, variants, points).map_err(in_run)?;
        let report = match &runs[&name] {
            RunEntry::Run(_, _, report) => report.clone(),
            RunEntry::Default(_) => RunReport::default(),
        };
        if report.self_play.is_some() && settings.opponents.is_empty() {
            return Err(in_run(format!(
                "[runs.{name}]: self_play is a gauntlet's (a run with opponents = [...]); expected it only beside opponents"
            )));
        }
        out.push(Run {
            name,
            settings,
            report,
        });
    }
    Ok(out)
}

/// One run's resolved settings checked: its players exist, its files name each budget.
fn check_run(
    name: &str,
    mut run: MatchSettings,
    variants: &[String],
    points: &[String],
) -> Result<MatchSettings, String> {
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
    use std::path::PathBuf;

    fn runs(text: &str) -> Result<Vec<Run>, String> {
        let text = format!("[variants.a]\n{text}");
        let experiment = crate::config::experiment::Experiment::parse("configs/k.toml", &text);
        experiment.map(|e| e.runs).map_err(|e| e.message)
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
        // Another run's games name one run's pairs: a run's own key, as its `out` is.
        let err = runs("[runs]\nfit_with = \"r/a.games.csv\"\n[runs.x]\n").unwrap_err();
        assert!(err.contains("[runs]: fit_with"), "{err}");
        let found =
            runs("[runs.x]\nprecision = 5\nfit_with = [\"r/a.games.csv\", \"r/b.games.csv\"]\n");
        let fit_with = &found.unwrap()[0].settings.fit_with;
        assert_eq!(
            fit_with,
            &[PathBuf::from("r/a.games.csv"), "r/b.games.csv".into()]
        );
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

    #[test]
    fn a_gauntlets_self_play_design_goes_to_its_report_and_nowhere_else() {
        let found = runs(
            "[variants.b]\n[runs]\nself_play = \"x.games.csv\"\n[runs.x]\nvariants = [\"a\"]\n",
        );
        let err = found.unwrap_err();
        assert!(err.contains("[runs]: unknown key \"self_play\""), "{err}");
        let found = runs(
            "[variants.b]\n[runs.g]\nvariants = [\"a\"]\nopponents = [\"b\"]\n\
             self_play = \"results/f.games.csv\"\n[runs.h]\nextends = \"g\"\n",
        )
        .unwrap();
        assert_eq!(
            found[0].report.args(),
            ["--self-play", "results/f.games.csv"]
        );
        // A run's own: one that extends it names its own report's files, or none.
        assert!(found[1].report.args().is_empty());
        let err = runs("[runs.x]\nvariants = [\"a\"]\nself_play = \"results/f.games.csv\"\n")
            .unwrap_err();
        assert!(err.contains("self_play is a gauntlet's"), "{err}");
        let err = runs("[runs.x]\nself_play = 3\n").unwrap_err();
        assert_eq!(
            err,
            "[runs.x]: self_play = 3; expected a design's games file (\"results/F.games.csv\")"
        );
    }
}
