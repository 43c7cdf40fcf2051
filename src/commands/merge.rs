//! `ablate merge`: shard CSVs of one experiment, or shard games CSVs of one match, into one.

use crate::cli::MergeArgs;
use crate::datagen::datagen_merge::{is_data_file, merge_data};
use crate::matches::games_merge::merge_games;
use crate::runner::results_merge::{check_output, merge_results, MergeRequest};
use crate::storage::manifest::CsvKind;

/// Merges results or games, whichever the inputs' manifests say they hold.
pub fn run(args: &MergeArgs) -> anyhow::Result<()> {
    let request = MergeRequest {
        inputs: args.inputs.clone(),
        out: args.out.clone(),
        allow_partial: args.allow_partial,
        force: args.force,
    };
    if args.inputs.iter().any(|p| is_data_file(p)) {
        let merged = merge_data(&request)?;
        println!(
            "merged {} games of training data from {} files into {}",
            merged.items,
            args.inputs.len(),
            args.out.display()
        );
        return Ok(());
    }
    check_output(&request)?;
    let games = args.inputs.iter().find_map(|p| CsvKind::of(p)) == Some(CsvKind::Games);
    let (merged, what, also) = if games {
        let pgn = args.out.with_extension("pgn");
        (
            merge_games(&request)?,
            "games",
            format!(" (and {})", pgn.display()),
        )
    } else {
        (merge_results(&request)?, "rows", String::new())
    };
    let partial = if merged.problems.is_empty() {
        String::new()
    } else {
        format!(
            " (partial: {} problems, listed in its manifest)",
            merged.problems.len()
        )
    };
    println!(
        "merged {} {what} from {} files into {}{also}{partial}",
        merged.items,
        args.inputs.len(),
        args.out.display()
    );
    Ok(())
}
