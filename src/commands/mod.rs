//! One module per subcommand; each reads its options and drives the library.

pub mod bench;
pub mod check;
pub mod config;
pub mod datagen;
pub mod declared;
pub mod figures;
pub mod r#match;
pub mod merge;
pub mod perft;
pub mod report;
pub mod report_compared;
pub mod report_design;
pub mod report_design_joined;
pub mod report_design_ratio;
pub mod report_games;
pub mod report_gauntlet;
pub mod report_ladder;
pub mod reproduce;
pub mod run;
pub mod search;
pub mod static_eval;
pub mod train;
pub mod uci;

use crate::cli::{Cli, Command};
use crate::config::experiment::Experiment;
use crate::config::search_config::SearchLayer;
use crate::config::SearchConfig;

/// The override layers and the resolved configuration that `--config/--variant/--set` name,
/// with the variant's name when a file gave it.
pub fn variant_config(
    args: &crate::cli::VariantArgs,
) -> anyhow::Result<(Vec<SearchLayer>, SearchConfig, Option<String>)> {
    let experiment = args.config.as_deref().map(Experiment::load).transpose()?;
    variant_of(experiment.as_ref(), args.variant.as_deref(), &args.sets)
}

/// `variant_config` of an experiment already read: its variant `variant` (without one, the
/// first ablate searches itself) with `sets` over it; `--set` alone without an experiment.
pub fn variant_of(
    experiment: Option<&Experiment>,
    variant: Option<&str>,
    sets: &[String],
) -> anyhow::Result<(Vec<SearchLayer>, SearchConfig, Option<String>)> {
    let mut layers = Vec::new();
    let mut name = None;
    if let Some(experiment) = experiment {
        // Without --variant, the first variant ablate searches itself: the baseline, unless
        // that is an engine (strength.toml's fruit), which has no settings of ablate's.
        let variant = match variant {
            Some(v) => v.to_string(),
            None => experiment
                .variant_names()
                .into_iter()
                .find(|n| !experiment.engines.iter().any(|(e, _)| e == n))
                .ok_or_else(|| {
                    crate::error::InputError::in_file(
                        &experiment.file,
                        "every variant is an external engine; expected one of ablate's own search",
                    )
                })?,
        };
        layers = experiment.layers(&variant)?;
        name = Some(variant);
    }
    layers.push(SearchLayer::from_sets(sets)?);
    let refs: Vec<&SearchLayer> = layers.iter().collect();
    let config = crate::config::layer::resolve(&refs)
        .map_err(|m| crate::error::InputError::in_file("--set", m))?;
    Ok((layers, config, name))
}

/// `ablate help [COMMAND]`: the long help of ablate or of one command, as `--help` prints it.
fn help(command: Option<&str>) -> anyhow::Result<()> {
    use clap::CommandFactory;
    let names: Vec<String> = Cli::command()
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    let mut argv = vec!["ablate"];
    if let Some(name) = command {
        if !names.iter().any(|n| n == name) {
            return Err(crate::error::InputError::in_file(
                "help",
                format!(
                    "no command \"{name}\"; {}",
                    crate::config::keys::hint(name, &names)
                ),
            )
            .into());
        }
        argv.push(name);
    }
    argv.push("--help");
    // clap answers --help with an "error" that prints the help.
    if let Err(shown) = Cli::command().try_get_matches_from(argv) {
        shown.print()?;
    }
    Ok(())
}

/// Dispatches the parsed command line.
pub fn dispatch(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Some(Command::Perft(args)) => perft::run(&args),
        Some(Command::Search(args)) => search::run(&args),
        Some(Command::Config(args)) => config::run(&args),
        Some(Command::Merge(args)) => merge::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Check(args)) => check::run(&args),
        Some(Command::Report(args)) => report::run(&args),
        Some(Command::Reproduce(args)) => reproduce::run(&args),
        Some(Command::Figures(args)) => figures::run(&args),
        Some(Command::Help(args)) => help(args.command.as_deref()),
        Some(Command::Uci(args)) => uci::run(&args),
        Some(Command::Match(args)) => r#match::run(&args),
        Some(Command::Datagen(args)) => datagen::run(&args),
        Some(Command::Train(args)) => train::run(&args),
        Some(Command::Eval(args)) => static_eval::run(&args),
        None => run::run(&cli.run),
    }
}
