//! `ablate uci`: a variant as a UCI engine on standard input and output.

use crate::cli::{BenchArgs, UciArgs};
use crate::config::experiment::Experiment;
use crate::config::keys;
use crate::error::InputError;
use crate::uci::Engine;

/// Builds the engine's configuration and speaks UCI until `quit`.
pub fn run(args: &UciArgs) -> anyhow::Result<()> {
    match args.action.as_deref() {
        None => {}
        Some("bench") => {
            return crate::commands::bench::run(&BenchArgs {
                depth: 6,
                speedup_depth: 5,
                json: false,
            })
        }
        Some(other) => {
            return Err(InputError::in_file(
                "ablate uci",
                format!("\"{other}\"; expected nothing, or bench"),
            )
            .into())
        }
    }
    let mut layers = Vec::new();
    let mut name = format!("ablate {}", env!("CARGO_PKG_VERSION"));
    if let Some(path) = &args.config {
        let experiment = Experiment::load(path)?;
        let variant = args.variant.as_deref().unwrap_or("baseline");
        layers = experiment.layers(variant)?;
        name.push_str(&format!(" {variant}"));
    }
    layers.push(keys::sets_table(&args.sets)?);
    let refs: Vec<&toml::Table> = layers.iter().collect();
    let config = keys::resolve(&refs).map_err(|m| InputError::in_file("--set", m))?;
    let stdin = std::io::stdin();
    Engine::new(name, layers, config, Box::new(std::io::stdout())).run(stdin.lock())
}
