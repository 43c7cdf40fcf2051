//! `ablate match` and the runs a config declares (`[runs.NAME]`, `config::runs`): each declared
//! match as the command-line options it stands for, with the flags given beside `--run` over
//! the run's own values.

use crate::cli::MatchArgs;
use crate::config::experiment::Experiment;
use crate::config::runs::{DeclaredRun, RunLimit};
use crate::error::InputError;
use crate::jobs::plan::Shard;
use crate::runner::RUNS_DIR;
use std::path::{Path, PathBuf};

/// Games per pairing when neither the command line nor a run says.
pub const DEFAULT_GAMES: usize = 100;
/// The openings when neither the command line nor a run says.
pub const DEFAULT_OPENINGS: &str = "positions/openings.epd";

/// Whether the command line gives anything that decides which games are played (and so enters
/// the match hash): such a match is not a declared run as declared.
fn changes_the_games(a: &MatchArgs) -> bool {
    a.games.is_some()
        || a.depth.is_some()
        || a.nodes.is_some()
        || a.tc.is_some()
        || a.openings.is_some()
        || a.seed.is_some()
        || a.sprt.is_some()
        || a.round_robin
        || !a.adjudicate.is_empty()
        || !a.variants.is_empty()
        || !a.opponents.is_empty()
        || a.timemargin.is_some()
}

/// The matches `args` asks for, each as complete options. With `--run NAME`, that run; without
/// it, every run the config declares when the command line changes none of their games, else
/// the one match the command line describes (as for a config that declares no runs).
pub fn plan(args: &MatchArgs) -> anyhow::Result<Vec<MatchArgs>> {
    let experiment = Experiment::load(&args.config)?;
    let runs: Vec<&DeclaredRun> = match &args.run {
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
        None if !experiment.runs.is_empty() && !changes_the_games(args) => {
            experiment.runs.iter().collect()
        }
        None => {
            if !experiment.runs.is_empty() {
                let names: Vec<&str> = experiment.runs.iter().map(|r| r.name.as_str()).collect();
                eprintln!(
                    "note: {} declares runs ({}); this match is none of them as declared: --run NAME plays one",
                    experiment.file,
                    names.join(", ")
                );
            }
            return Ok(vec![with_defaults(args.clone())]);
        }
    };
    let mut plays = Vec::new();
    for run in runs {
        plays.extend(expand(args, run, &experiment.name));
    }
    if changes_the_games(args) && !args.quiet && !args.print_outputs {
        for play in plays.iter().filter_map(|p| p.out.as_ref()) {
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
        let limit = play
            .nodes
            .map(|n| format!(" at {n} nodes"))
            .unwrap_or_default();
        eprintln!("run {}{limit}:", play.run.as_deref().unwrap_or(""));
    }
}

fn with_defaults(mut a: MatchArgs) -> MatchArgs {
    a.games = a.games.or(Some(DEFAULT_GAMES));
    a.openings = a.openings.or_else(|| Some(PathBuf::from(DEFAULT_OPENINGS)));
    a
}

/// One run's matches (one per node budget of a ladder), the command line over the run.
fn expand(args: &MatchArgs, run: &DeclaredRun, experiment: &str) -> Vec<MatchArgs> {
    let overridden = changes_the_games(args);
    let cli_limit = args.depth.is_some() || args.nodes.is_some() || args.tc.is_some();
    let budgets: Vec<Option<u64>> = match (&run.limit, cli_limit) {
        (RunLimit::Nodes(b), false) => b.iter().map(|n| Some(*n)).collect(),
        _ => vec![None],
    };
    let ladder = budgets.len() > 1;
    budgets
        .into_iter()
        .map(|budget| {
            let mut a = args.clone();
            a.run = Some(run.name.clone());
            a.games = args.games.or(run.games);
            if !cli_limit {
                match &run.limit {
                    RunLimit::Depth(d) => a.depth = Some(*d),
                    RunLimit::Clock(tc) => a.tc = Some(tc.clone()),
                    RunLimit::Nodes(_) => a.nodes = budget,
                    RunLimit::Unset => {}
                }
            }
            a.openings = args.openings.clone().or_else(|| run.openings.clone());
            a.seed = args.seed.or(run.seed);
            a.sprt = args.sprt.clone().or_else(|| run.sprt.clone());
            a.round_robin = args.round_robin || run.round_robin;
            if a.adjudicate.is_empty() {
                a.adjudicate = run.adjudicate.clone();
            }
            if a.variants.is_empty() {
                a.variants = run.variants.clone();
            }
            if a.opponents.is_empty() {
                a.opponents = run.opponents.clone();
            }
            a.jobs = args.jobs.or(run.jobs);
            a.timemargin = args.timemargin.or(run.timemargin);
            a.precision = args.precision.or(run.precision);
            // The declared file holds the declared games only: a quick form (--games 4, say)
            // writes beside the other scratch runs instead.
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
            // A shard of a declared run writes a file of its own beside the run's, as `merge`
            // expects: shards running at once on a cluster never share one file.
            a.out = args.out.clone().or_else(|| {
                let declared = match (&run.out, overridden) {
                    (Some(out), false) => PathBuf::from(
                        out.replace("{nodes}", &budget.map_or(String::new(), |n| n.to_string())),
                    ),
                    _ => scratch,
                };
                Some(match args.shard.as_deref().map(Shard::parse) {
                    Some(Ok(shard)) => shard_file(&declared, shard),
                    _ => declared,
                })
            });
            with_defaults(a)
        })
        .collect()
}

/// `x.games.csv` → `x.games.shard-K-of-N.csv`: where shard K of N of a run writing `x.games.csv`
/// puts its games.
fn shard_file(csv: &Path, shard: Shard) -> PathBuf {
    let name = csv.file_name().unwrap_or_default().to_string_lossy();
    let stem = name
        .strip_suffix(".games.csv")
        .or_else(|| name.strip_suffix(".csv"))
        .unwrap_or(&name);
    csv.with_file_name(format!("{stem}.games.shard-{}-of-{}.csv", shard.k, shard.n))
}
