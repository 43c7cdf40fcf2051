//! `ablate uci`: a variant as a UCI engine on standard input and output.

use crate::cli::{UciArgs, BENCH_DEPTH};
use crate::error::InputError;
use crate::uci::server::UciServer;

/// Builds the engine's configuration and speaks UCI until `quit`.
pub fn run(args: &UciArgs) -> anyhow::Result<()> {
    match args.action.as_deref() {
        None => {}
        Some("bench") => {
            // What OpenBench runs and reads, and only that: the whole of `ablate bench` took a
            // minute, most of it measures OpenBench never reads.
            let (nodes, nps) = crate::runner::bench_suite::openbench(BENCH_DEPTH)?;
            println!("Nodes searched: {nodes}");
            println!("Nodes/second: {}", nps as u64);
            return Ok(());
        }
        Some(other) => {
            return Err(InputError::in_file(
                "ablate uci",
                format!("\"{other}\"; expected nothing, or bench"),
            )
            .into())
        }
    }
    let (layers, config, variant) = super::variant_config(&args.variant)?;
    let mut name = format!("ablate {}", env!("CARGO_PKG_VERSION"));
    if let Some(variant) = variant {
        name.push_str(&format!(" {variant}"));
    }
    let stdin = std::io::stdin();
    UciServer::new(name, layers, config, Box::new(std::io::stdout())).run(stdin.lock())
}
