//! `ablate report A.csv --with B.csv`: one fit of a design over the games of several of its
//! matches, each against its own opponent (`matches::joined_runs`): the full engine (the corner)
//! in one, a point of the design (an anchor) in another. The report is the design's report
//! (`report_design`) on the games together, written beside the first CSV under a name that
//! joins both (`stockfish-25k-anchored+stockfish-25k.games.md`).

use crate::cli::ReportArgs;
use crate::matches::joined_runs::{joined, RunGames};
use crate::storage::manifest::joined_games_path;

/// Reads every CSV's games and manifest, checks that they are one design's at one limit, and
/// reports them together.
pub fn run(args: &ReportArgs) -> anyhow::Result<()> {
    let runs = std::iter::once(&args.csv)
        .chain(&args.with)
        .map(|csv| RunGames::read(csv))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let (rows, manifest) = joined(runs)?;
    let joined_args = ReportArgs {
        csv: joined_games_path(&args.csv, &args.with),
        with: Vec::new(),
        ..args.clone()
    };
    super::report_design::run(&joined_args, &rows, &manifest)
}
