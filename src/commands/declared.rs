//! `ablate match` and the runs a config declares (`[runs.NAME]`, `config::runs`): each declared
//! match as the settings it stands for, with the flags given beside `--run` laid over the run's
//! own (`MatchSettings::over`).

use crate::cli::MatchArgs;
use crate::config::experiment::Experiment;
use crate::config::runs::Run;
use crate::error::InputError;
use crate::runner::RUNS_DIR;
use crate::settings::match_settings::out_at_budget;
use crate::settings::shard::Shard;
use crate::settings::MatchSettings;
use std::path::{Path, PathBuf};

/// The matches `args` asks for, each with its settings complete. With `--run NAME`, that run;
/// without it, every run the config declares when the command line changes none of their
/// games, else the one match the command line describes (as for a config that declares no
/// runs; a list of node budgets plays one match per budget).
pub fn plan(args: &MatchArgs) -> anyhow::Result<Vec<MatchArgs>> {
    let experiment = Experiment::load(&args.config)?;
    let overridden = args.settings.games_part() != MatchSettings::default();
    let runs: Vec<&Run> = match &args.run {
        Some(name) => {
            let names: Vec<String> = experiment.runs.iter().map(|r| r.name.clone()).collect();
            let run = experiment.runs.iter().find(|r| &r.name == name);
            let Some(run) = run else {
                let why = match names.is_empty() {
                    true => "it declares no runs ([runs.NAME])".to_string(),
                    false => crate::config::keys::hint(name, &names),
                };
                return Err(InputError::in_file(
                    &experiment.file,
                    format!("--run {name}: no such run; {why}"),
                )
                .into());
            };
            vec![run]
        }
        None if !experiment.runs.is_empty() && !overridden => experiment.runs.iter().collect(),
        None => {
            if !experiment.runs.is_empty() {
                let names: Vec<&str> = experiment.runs.iter().map(|r| r.name.as_str()).collect();
                eprintln!(
                    "note: {} declares runs ({}); this match is none of them as declared: --run NAME plays one",
                    experiment.file,
                    names.join(", ")
                );
            }
            return Ok(ad_hoc(args, &experiment.name));
        }
    };
    let mut plays = Vec::new();
    for run in runs {
        plays.extend(expand(args, run, &experiment.name, overridden));
    }
    if overridden && !args.quiet && !args.print_outputs {
        for play in plays.iter().filter_map(|p| p.settings.out.as_ref()) {
            eprintln!(
                "note: the flags beside --run change its games: a quick form, written to {} (the declared games are left alone)",
                play.display()
            );
        }
    }
    Ok(plays)
}

/// Says which declared match starts, when a command plays several.
pub fn announce(play: &MatchArgs, plays: usize, args: &MatchArgs) {
    if plays > 1 && !args.quiet && !args.print_outputs {
        let limit = match &play.settings.nodes[..] {
            [n] => format!(" at {n} nodes"),
            _ => String::new(),
        };
        eprintln!("run {}{limit}:", play.run.as_deref().unwrap_or(""));
    }
}

/// `settings` once per node budget (a ladder), or once.
fn per_budget(settings: &MatchSettings) -> Vec<MatchSettings> {
    match &settings.nodes[..] {
        [_, _, ..] => settings
            .nodes
            .iter()
            .map(|&n| MatchSettings {
                nodes: vec![n],
                ..settings.clone()
            })
            .collect(),
        _ => vec![settings.clone()],
    }
}

/// The match the command line describes, without a run. A list of node budgets plays one match
/// per budget, each in a file of its own: `{nodes}` in `--out` is the budget, else the budget
/// is named before the extension.
fn ad_hoc(args: &MatchArgs, experiment: &str) -> Vec<MatchArgs> {
    let plays = per_budget(&args.settings);
    let ladder = plays.len() > 1;
    plays
        .into_iter()
        .map(|mut settings| {
            if let (true, [n]) = (ladder, &settings.nodes[..]) {
                let out = match &args.settings.out {
                    Some(out) if out.to_string_lossy().contains("{nodes}") => {
                        out_at_budget(out, Some(*n))
                    }
                    Some(out) => shard_like(out, &format!("nodes-{n}")),
                    None => Path::new(RUNS_DIR).join(format!("{experiment}-nodes-{n}.games.csv")),
                };
                settings.out = Some(match settings.shard {
                    Some(shard) => shard_file(&out, shard),
                    None => out,
                });
            }
            MatchArgs {
                settings,
                ..args.clone()
            }
        })
        .collect()
}

/// One run's matches (one per node budget of a ladder), the command line over the run.
fn expand(args: &MatchArgs, run: &Run, experiment: &str, overridden: bool) -> Vec<MatchArgs> {
    let settings = args.settings.over(&run.settings);
    let ladder = settings.nodes.len() > 1;
    per_budget(&settings)
        .into_iter()
        .map(|settings| {
            let budget = settings.nodes.first().copied();
            let suffix = match (ladder, budget) {
                (true, Some(n)) => format!("-nodes-{n}"),
                _ => String::new(),
            };
            // A run that names no `out` writes beside the scratch runs; a quick form of it has a
            // name of its own there, so that a quick look never meets the declared games.
            let quick = if overridden { ".quick" } else { "" };
            let scratch = Path::new(RUNS_DIR).join(format!(
                "{experiment}.{}{suffix}{quick}.games.csv",
                run.name
            ));
            // The declared file holds the declared games only: a quick form (--games 4, say)
            // writes beside the other scratch runs instead. A shard of a declared run writes a
            // file of its own beside the run's, as `merge` expects: shards running at once on a
            // cluster never share one file.
            // `{nodes}` in --out names each budget's file, as in a run's `out`.
            let given = args.settings.out.as_ref();
            let out = given.map(|o| out_at_budget(o, budget)).unwrap_or_else(|| {
                let declared = match (&run.settings.out, overridden) {
                    (Some(out), false) => out_at_budget(out, budget),
                    _ => scratch,
                };
                match settings.shard {
                    Some(shard) => shard_file(&declared, shard),
                    None => declared,
                }
            });
            MatchArgs {
                run: Some(run.name.clone()),
                settings: MatchSettings {
                    out: Some(out),
                    ..settings
                },
                ..args.clone()
            }
        })
        .collect()
}

/// `x.games.csv` → `x.games.shard-K-of-N.csv`: where shard K of N of a run writing `x.games.csv`
/// puts its games.
fn shard_file(csv: &Path, shard: Shard) -> PathBuf {
    shard_like(csv, &format!("shard-{}-of-{}", shard.k, shard.n))
}

/// `x.games.csv` → `x.games.PART.csv`.
fn shard_like(csv: &Path, part: &str) -> PathBuf {
    let name = csv.file_name().unwrap_or_default().to_string_lossy();
    let stem = name
        .strip_suffix(".games.csv")
        .or_else(|| name.strip_suffix(".csv"))
        .unwrap_or(&name);
    csv.with_file_name(format!("{stem}.games.{part}.csv"))
}
