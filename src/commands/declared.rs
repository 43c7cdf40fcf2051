//! `ablate match` and the runs a config declares (`[runs.NAME]`, `config::runs`): each declared
//! match as the settings it stands for, with the flags given beside `--run` laid over the run's
//! own (`MatchSettings::over`).

use crate::cli::MatchArgs;
use crate::config::experiment::Experiment;
use crate::config::runs::Run;
use crate::error::InputError;
use crate::matches::games_csv::holds_games;
use crate::runner::RUNS_DIR;
use crate::settings::match_settings::out_at_budget;
use crate::settings::MatchSettings;
use std::path::Path;

/// The matches `args` asks for, each with its settings complete. With `--run NAME`, that run;
/// without it, the declared matches (`with_games`) when the command line changes none of their
/// games, else the one match the command line describes (as for a config that declares no runs;
/// a list of node budgets plays one match per budget).
pub fn plan(args: &MatchArgs, experiment: &Experiment) -> anyhow::Result<Vec<MatchArgs>> {
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
    if args.run.is_none() {
        plays = with_games(plays, &experiment.file, args);
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

/// The declared matches with games, when the command names no run, file or shard: a run may
/// take days, and a rung declared for later (budget-ladder.toml's 640,000) must not start by
/// the way. Each other is named with the command that starts it.
fn with_games(plays: Vec<MatchArgs>, file: &str, args: &MatchArgs) -> Vec<MatchArgs> {
    if args.settings.out.is_some() || args.settings.shard.is_some() {
        return plays;
    }
    let (kept, unplayed): (Vec<_>, Vec<_>) =
        (plays.into_iter()).partition(|p| p.settings.out.as_deref().is_some_and(holds_games));
    for play in unplayed.iter().filter(|_| !args.quiet) {
        let (name, budget) = (play.run.as_deref().unwrap_or_default(), at_budget(play));
        let out = play.settings.out.clone().unwrap_or_default();
        eprintln!(
            "note: run {name}{budget} has no games yet ({}); without --run only declared matches with games resume: ablate match --config {file} --run {name} starts it",
            out.display()
        );
    }
    kept
}

/// ` at N nodes` for one rung of a ladder, else nothing.
fn at_budget(play: &MatchArgs) -> String {
    match &play.settings.nodes[..] {
        [n] => format!(" at {n} nodes"),
        _ => String::new(),
    }
}

/// Says which declared match starts, when a command plays several.
pub fn announce(play: &MatchArgs, plays: usize, args: &MatchArgs) {
    if plays > 1 && !args.quiet && !args.print_outputs {
        eprintln!(
            "run {}{}:",
            play.run.as_deref().unwrap_or(""),
            at_budget(play)
        );
    }
}

/// The match the command line describes, without a run. A list of node budgets plays one match
/// per budget, each in a file of its own: `{nodes}` in `--out` is the budget, else the budget
/// is named before the extension.
fn ad_hoc(args: &MatchArgs, experiment: &str) -> Vec<MatchArgs> {
    let plays = args.settings.per_budget();
    let ladder = plays.len() > 1;
    plays
        .into_iter()
        .map(|mut settings| {
            if let (true, [n]) = (ladder, &settings.nodes[..]) {
                let out = match &args.settings.out {
                    Some(out) if out.to_string_lossy().contains("{nodes}") => {
                        out_at_budget(out, Some(*n))
                    }
                    Some(out) => {
                        crate::settings::shard::games_part_file(out, &format!("nodes-{n}"))
                    }
                    None => Path::new(RUNS_DIR).join(format!("{experiment}-nodes-{n}.games.csv")),
                };
                settings.out = Some(match settings.shard {
                    Some(shard) => shard.file_for(&out),
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
    let mut settings = args.settings.over(&run.settings);
    // The games a run's stop is fitted with were played as the run is declared: a quick form
    // is another match (another limit, say), and fits only what it is given.
    if overridden && args.settings.fit_with.is_empty() {
        settings.fit_with.clear();
    }
    let ladder = settings.nodes.len() > 1;
    settings
        .per_budget()
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
                    Some(shard) => shard.file_for(&declared),
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
