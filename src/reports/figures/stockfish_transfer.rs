//! docs/stockfish.md's transfer: Stockfish 15.1's steps beside the steps of the same names in
//! ablate's strongest under its net, at budgets where both as shipped finish the same median depth
//! (`results/engines/stockfish-beside-nnue.toml`), refitted from the committed games as `ablate
//! report` fits a comparison. Until both designs can be fitted it gives where each was played
//! and how their forms differ, so the page says what the committed games say.

use super::four_engines::{fitted, steps_text, unlike_notes};
use super::sources::Sources;
use crate::output::export::{Exporter, Markdown};
use crate::reports::engines_compared::{corners_table, engines_table};

const TRANSFER: &str = "results/engines/stockfish-beside-nnue.toml";

/// Where each was played; then each shared step's worth in both, with Cochran's Q, the forest
/// plot and the corners, once two designs can be fitted.
pub(super) fn transfer(src: &Sources) -> String {
    let Some((c, g)) = fitted(src, TRANSFER) else {
        return String::new();
    };
    let mut text = Markdown.render(&engines_table(&g.engines));
    // A design short of its target still enters each step's Q: the reader is told so here, as
    // the comparison's own report tells them.
    let cautions: Vec<String> = g.engines.iter().flat_map(|e| e.cautions()).collect();
    if !cautions.is_empty() {
        text +=
            "\n**Read with care.** These designs still enter each step's mean and Cochran's Q:\n\n";
        for caution in &cautions {
            text += &format!("- {caution}\n");
        }
    }
    if g.across.steps.is_empty() {
        text += "\nNo step can be set beside its namesake yet: each waits for both designs to \
                 be fitted (status above).\n\nWhere the forms differ:\n\n";
        return text + &unlike_notes(&c);
    }
    text += "\n";
    text += &steps_text(src, &c, &g);
    let forest = TRANSFER.replace(".toml", "-forest.svg");
    text += &format!("\n![each shared step's worth in both engines](../{forest})\n");
    text += "\nEach step alone switched off from the engine as shipped (the corner, what a \
             fishtest removal test measures), in both:\n\n";
    text + &Markdown.render(&corners_table(&g.across, &g.engines))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    const ROOT: &str = env!("CARGO_MANIFEST_DIR");
    const STOCKFISH: &str = "results/engines/stockfish-25k.games.csv";
    const NET: &str = "results/nnue-ladder/factorial-40000.games.csv";

    fn read(name: &str) -> String {
        std::fs::read_to_string(Path::new(ROOT).join(name)).unwrap()
    }

    /// The block, rendered in a scratch root holding the published figures, `comparison` as the
    /// comparison, and each games file (with its manifest) copied from the repository, cut to
    /// its first `rows` games; a problem fails the test.
    fn rendered(comparison: &str, games: &[(&str, usize)]) -> String {
        let dir = tempfile::tempdir().unwrap();
        let put = |name: &str, text: String| {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        put("docs/published-elo.csv", read("docs/published-elo.csv"));
        put(TRANSFER, comparison.to_string());
        for (csv, rows) in games {
            let whole = read(csv);
            let text: Vec<&str> = whole.lines().take(rows.saturating_add(1)).collect();
            put(csv, text.join("\n") + "\n");
            let manifest = csv.replace(".csv", ".json");
            put(&manifest, read(&manifest));
        }
        let src = Sources::new(dir.path());
        let block = transfer(&src);
        assert_eq!(src.take_problems(), Vec::<String>::new());
        block
    }

    /// The net's 10,000-node rung stands in for Stockfish's design beside its 40,000-node one,
    /// so that the filled block is rendered from real committed games: both fitted, every step
    /// compared.
    #[test]
    fn two_fitted_designs_fill_the_steps_the_forest_link_and_the_corners() {
        let shallow = "results/nnue-ladder/factorial-10000.games.csv";
        let comparison = read(TRANSFER)
            .replace(STOCKFISH, shallow)
            .replace("\"no_move_count_pruning\"", "\"no_late_move_pruning\"");
        let block = rendered(&comparison, &[(shallow, usize::MAX), (NET, usize::MAX)]);
        for step in [
            "reverse_futility",
            "null_move",
            "probcut",
            "late_move_pruning",
            "lmr",
        ] {
            assert!(
                block.contains(&format!("| {step} | ")),
                "{step} not compared:\n{block}"
            );
        }
        assert!(block.contains("(../results/engines/stockfish-beside-nnue-forest.svg)"));
        assert!(block.contains("Each step alone switched off"));
        // The 10,000-node rung met its ±15, the 40,000-node one its ±20: no caution.
        assert!(!block.contains("Read with care"), "{block}");
        assert!(!block.contains("No step can be set beside"), "{block}");
    }

    /// Stockfish's first 512 games, which cannot be fitted (points at 0% or 100%), beside the
    /// net's fitted rung: the block gives where each was played, says what waits and gives the
    /// forms, and no table of steps.
    #[test]
    fn before_both_fit_the_block_says_what_waits() {
        let block = rendered(&read(TRANSFER), &[(STOCKFISH, 512), (NET, usize::MAX)]);
        assert!(block.contains("| Stockfish 15.1 | 512 |"), "{block}");
        assert!(
            block.contains("| strongest_nnue | 3,904 | 40,000 nodes |"),
            "{block}"
        );
        assert!(block.contains("No step can be set beside its namesake yet"));
        assert!(
            !block.contains("Read with care"),
            "an unfitted design has no figure to caution"
        );
        let form = "- `late_move_pruning`, Stockfish 15.1: its move-count pruning";
        assert!(block.contains(form), "{block}");
        assert!(!block.contains("| step |"), "{block}");
    }

    /// Stockfish's first 4,352 games, fitted but far short of their ±15: the block fills and
    /// says that design still enters each step's Q short of its target.
    #[test]
    fn a_design_short_of_its_target_is_cautioned_above_the_steps() {
        let block = rendered(&read(TRANSFER), &[(STOCKFISH, 4352), (NET, usize::MAX)]);
        assert!(block.contains("**Read with care.**"), "{block}");
        assert!(
            block.contains("- Stockfish 15.1: short of its target"),
            "{block}"
        );
        assert!(block.contains("| lmr | "), "{block}");
    }
}
