//! docs/engines-compared.md's blocks: the four engine designs of `results/engines/compared.toml`,
//! each refitted from its committed games (`reports::compared_games`), as `ablate report
//! results/engines/compared.toml` fits them: where each was played, each shared step's worth
//! averaged and at each engine's corner beside the field's, and the pairs the engines share.
//! docs/stockfish.md's comparison of Stockfish with ablate under its net is rendered by the same
//! functions from its own file.

use super::sources::Sources;
use crate::config::comparison::Comparison;
use crate::output::export::{Exporter, Markdown};
use crate::reports::compared_games::{compared_games, ComparedGames};
use crate::reports::engines_compared::{corners_table, engines_table, pairs_table, steps_table};

const COMPARISON: &str = "results/engines/compared.toml";

/// The comparison in `file` and its refitted games; `None` (and a problem) when either cannot
/// be read.
pub(super) fn fitted(src: &Sources, file: &str) -> Option<(Comparison, ComparedGames)> {
    let read = Comparison::read(&src.file(file)).and_then(|c| {
        let games = compared_games(&c, file, &src.file(""))?;
        Ok((c, games))
    });
    read.map_err(|e| src.problem(e.to_string())).ok()
}

/// Where each engine was played, its games and depths.
pub(super) fn engines(src: &Sources) -> String {
    let Some((_, g)) = fitted(src, COMPARISON) else {
        return String::new();
    };
    Markdown.render(&engines_table(&g.engines))
}

/// Each shared step's worth averaged, its mean, Cochran's Q, the field's; then the steps that
/// wait and each engine's form where it differs.
pub(super) fn steps_text(src: &Sources, c: &Comparison, g: &ComparedGames) -> String {
    let field: Vec<(String, Option<String>)> = c
        .steps
        .iter()
        .map(|s| (s.name.clone(), s.field.clone()))
        .collect();
    let mut text = Markdown.render(&steps_table(
        &g.across,
        &g.engines,
        &field,
        &src.published(),
    ));
    if !g.waiting.is_empty() {
        text += &format!(
            "\nNot compared yet, for want of a second engine whose design can be fitted: {}.\n",
            g.waiting.join(", ")
        );
    }
    text + "\nWhere an engine's form differs:\n\n" + &unlike_notes(c)
}

/// Each engine's form of each step where the comparison says it differs, one line each.
pub(super) fn unlike_notes(c: &Comparison) -> String {
    let mut text = String::new();
    for step in &c.steps {
        for engine in &c.engines {
            if let Some(note) = step.unlike.get(&engine.name) {
                text += &format!("- `{}`, {}: {note}\n", step.name, engine.label);
            }
        }
    }
    text
}

/// compared.toml's steps, with its waiting steps and forms.
pub(super) fn steps(src: &Sources) -> String {
    fitted(src, COMPARISON).map_or_else(String::new, |(c, g)| steps_text(src, &c, &g))
}

/// Each shared step's worth at each engine's own corner.
pub(super) fn corners(src: &Sources) -> String {
    fitted(src, COMPARISON).map_or_else(String::new, |(_, g)| {
        Markdown.render(&corners_table(&g.across, &g.engines))
    })
}

/// The pairs two or more engines share.
pub(super) fn pairs(src: &Sources) -> String {
    fitted(src, COMPARISON).map_or_else(String::new, |(_, g)| {
        Markdown.render(&pairs_table(&g.across, &g.engines))
    })
}
