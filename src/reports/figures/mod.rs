//! The figure blocks of the docs, rendered from the committed results.
//!
//! A page (README.md or any page of docs/) holds blocks between `<!-- figures:NAME -->` and
//! `<!-- /figures -->`; the text between is made here, from `results/`, one renderer per block
//! and one file per page or table kind. `ablate figures` rewrites them; `ablate figures --check`
//! (and the figures test) re-renders them and compares, word for word.

mod eval_terms;
mod factorial_ladder;
pub mod format;
mod four_engines;
mod game_runs;
mod gauntlet;
mod interactions;
mod nnue_designs;
mod nnue_worth;
mod peers;
mod pruning_and_games;
mod readme;
mod removal;
mod removal_ladder;
mod reproductions_ordering;
mod reproductions_search;
pub mod seeds;
pub mod sources;
mod stockfish_pairs;
mod stockfish_runs;
mod stockfish_status;
mod stockfish_steps;
mod stockfish_transfer;
mod strength;

use crate::error::InputError;
use sources::Sources;
use std::path::{Path, PathBuf};

/// A block's name and what renders it.
struct Block {
    name: &'static str,
    render: fn(&Sources) -> String,
}

/// Every block ablate renders, in the order of its pages.
const BLOCKS: &[Block] = &[
    block("headline", readme::headline),
    block("run-time", reproductions_search::run_time),
    block("killers", reproductions_ordering::killers),
    block(
        "killers-sensitivity",
        reproductions_ordering::killers_sensitivity,
    ),
    block("killers-bk", reproductions_ordering::killers_bk),
    block("mvv_lva", reproductions_ordering::mvv_lva),
    block("ifrit-formulas", reproductions_ordering::ifrit_formulas),
    block("aspiration", reproductions_search::aspiration),
    block("quiescence", reproductions_search::quiescence),
    block("history", reproductions_ordering::history),
    block("claims", reproductions_ordering::claims),
    block("history-game", reproductions_ordering::history_game),
    block("tt", reproductions_search::tt),
    block("the", reproductions_ordering::the),
    block("pvs", reproductions_search::pvs),
    block("schaeffer", reproductions_search::schaeffer),
    block("minimal", reproductions_search::minimal),
    block(
        "first-move-cutoffs",
        reproductions_ordering::first_move_cutoffs,
    ),
    block("countermove", reproductions_ordering::countermove),
    block("pruning", pruning_and_games::pruning),
    block("null-move", pruning_and_games::null_move),
    block("zugzwang", pruning_and_games::zugzwang),
    block("pruning-games", pruning_and_games::pruning_games),
    block("elo-worth", pruning_and_games::elo_worth),
    block("fruit-elo-worth", pruning_and_games::fruit_elo_worth),
    block("peers", peers::peers),
    block("strength", strength::strength),
    block("elo-worth-engine", removal::elo_worth_engine),
    block("eval-worth", eval_terms::eval_worth),
    block("eval-worth-today", eval_terms::eval_worth_today),
    block("removal", removal::removal),
    block("transfer", removal_ladder::transfer),
    block("transfer-today-rungs", factorial_ladder::rungs_block),
    block("transfer-today-effects", factorial_ladder::effects),
    block("transfer-today-pairs", factorial_ladder::pairs),
    block("transfer-today-trends", factorial_ladder::trends),
    block("transfer-today-field", factorial_ladder::field),
    block("interactions-design", interactions::design),
    block("interactions-steps", interactions::steps),
    block("interactions-pairs", interactions::pairs),
    block("gauntlet-calibration", gauntlet::calibration),
    block("gauntlet-state", gauntlet::state),
    block("gauntlet-steps", gauntlet::steps),
    block("gauntlet-pairs", gauntlet::pairs),
    block("engines-compared-engines", four_engines::engines),
    block("engines-compared-steps", four_engines::steps),
    block("engines-compared-corners", four_engines::corners),
    block("engines-compared-pairs", four_engines::pairs),
    block("nnue-seeds", nnue_worth::seeds),
    block("nnue-designs-played", nnue_designs::played),
    block("nnue-designs-steps", nnue_designs::steps),
    block("nnue-designs-pairs", nnue_designs::pairs),
    block("stockfish-status", stockfish_status::status),
    block("stockfish-steps", stockfish_steps::steps),
    block("stockfish-interactions", stockfish_pairs::interactions),
    block("stockfish-budget", stockfish_pairs::budget),
    block("stockfish-transfer", stockfish_transfer::transfer),
];

const fn block(name: &'static str, render: fn(&Sources) -> String) -> Block {
    Block { name, render }
}

/// The names of every block ablate renders.
pub fn names() -> Vec<&'static str> {
    BLOCKS.iter().map(|b| b.name).collect()
}

/// Renders block `name` from the results under `root`; an error lists every file, variant
/// or column it could not find.
pub fn render(root: &Path, name: &str) -> anyhow::Result<String> {
    let Some(block) = BLOCKS.iter().find(|b| b.name == name) else {
        anyhow::bail!(
            "no figure block is named \"{name}\"; the blocks are {}",
            names().join(", ")
        );
    };
    let sources = Sources::new(root);
    let text = (block.render)(&sources);
    let problems = sources.take_problems();
    if problems.is_empty() {
        Ok(text)
    } else {
        anyhow::bail!(
            "block \"{name}\" cannot be rendered:\n  {}",
            problems.join("\n  ")
        )
    }
}

const OPEN: &str = "<!-- figures:";
const CLOSE: &str = "<!-- /figures -->";

/// A page cut at its blocks.
#[derive(Debug, PartialEq, Eq)]
pub enum Part<'a> {
    /// Text outside every block, the markers included.
    Prose(&'a str),
    /// A block's name, the 1-based line of its opening marker, and its body.
    Block {
        name: &'a str,
        line: usize,
        body: &'a str,
    },
}

/// Cuts `text` (the page `file`) at its blocks; a marker that does not close, or a block whose
/// name is not one ablate renders, is an error at its line.
pub fn parse<'a>(file: &str, text: &'a str) -> Result<Vec<Part<'a>>, InputError> {
    let line_of = |at: usize| text[..at].matches('\n').count() + 1;
    let mut parts = Vec::new();
    let mut at = 0;
    while let Some(found) = text[at..].find(OPEN) {
        let open = at + found;
        let line = line_of(open);
        let name_start = open + OPEN.len();
        let Some(name_len) = text[name_start..].find(" -->\n") else {
            return Err(InputError::at_line(
                file,
                line,
                "a block's opening marker ends with \" -->\" and a line break",
            ));
        };
        let name = text[name_start..name_start + name_len].trim();
        if !BLOCKS.iter().any(|b| b.name == name) {
            return Err(InputError::at_line(
                file,
                line,
                format!(
                    "no figure block is named \"{name}\"; the blocks are {}",
                    names().join(", ")
                ),
            ));
        }
        let body_start = name_start + name_len + " -->\n".len();
        let Some(body_len) = text[body_start..].find(CLOSE) else {
            return Err(InputError::at_line(
                file,
                line,
                format!("block \"{name}\" has no closing {CLOSE}"),
            ));
        };
        parts.push(Part::Prose(&text[at..body_start]));
        parts.push(Part::Block {
            name,
            line,
            body: &text[body_start..body_start + body_len],
        });
        at = body_start + body_len;
    }
    parts.push(Part::Prose(&text[at..]));
    Ok(parts)
}

/// README.md and every page of docs/: where figure blocks may stand.
pub fn pages(root: &Path) -> Result<Vec<PathBuf>, InputError> {
    let docs = root.join("docs");
    let entries = std::fs::read_dir(&docs).map_err(|e| {
        InputError::in_file(
            docs.display().to_string(),
            format!(
                "cannot read the docs folder ({e}); run ablate figures from the repository root"
            ),
        )
    })?;
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    found.sort();
    let mut pages = vec![root.join("README.md")];
    pages.extend(found);
    Ok(pages)
}

/// A block whose page text is not what the results give.
#[derive(Debug)]
pub struct Difference {
    pub page: String,
    pub line: usize,
    pub name: String,
    pub on_page: String,
    pub rendered: String,
}

/// What a pass over the pages found.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Blocks rendered.
    pub blocks: usize,
    /// Blocks whose page text differed (rewritten unless checking).
    pub differences: Vec<Difference>,
    /// Blocks ablate renders that stand on no page.
    pub missing: Vec<&'static str>,
}

/// Renders every block on every page under `root` and compares; with `write`, rewrites the
/// pages whose blocks differ. Nothing is written unless every block renders: an error lists
/// each block that could not be, and a block standing twice is an error at both places.
pub fn refresh(root: &Path, write: bool) -> anyhow::Result<Outcome> {
    let mut outcome = Outcome::default();
    let mut errors = Vec::new();
    let mut seen: Vec<(String, String)> = Vec::new();
    let mut rewritten: Vec<(PathBuf, String)> = Vec::new();
    for path in pages(root)? {
        let file = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        let text = std::fs::read_to_string(&path)
            .map_err(|e| InputError::in_file(file.clone(), format!("cannot read: {e}")))?;
        let mut rebuilt = String::with_capacity(text.len());
        for part in parse(&file, &text)? {
            let (name, line, body) = match part {
                Part::Prose(prose) => {
                    rebuilt.push_str(prose);
                    continue;
                }
                Part::Block { name, line, body } => (name, line, body),
            };
            let place = format!("{file}:{line}");
            if let Some((_, first)) = seen.iter().find(|(n, _)| n == name) {
                errors.push(format!(
                    "{place}: block \"{name}\" stands a second time (first at {first})"
                ));
            }
            seen.push((name.to_string(), place.clone()));
            outcome.blocks += 1;
            match render(root, name) {
                Ok(rendered) => {
                    if rendered != body {
                        outcome.differences.push(Difference {
                            page: file.clone(),
                            line,
                            name: name.to_string(),
                            on_page: body.to_string(),
                            rendered: rendered.clone(),
                        });
                    }
                    rebuilt.push_str(&rendered);
                }
                Err(e) => errors.push(format!("{place}: {e}")),
            }
        }
        if rebuilt != text {
            rewritten.push((path, rebuilt));
        }
    }
    if !errors.is_empty() {
        anyhow::bail!("{}\nno page was written", errors.join("\n"));
    }
    outcome.missing = names()
        .into_iter()
        .filter(|n| !seen.iter().any(|(s, _)| s == n))
        .collect();
    if write {
        for (path, text) in rewritten {
            crate::storage::atomic::write_atomically(&path, text.as_bytes())?;
        }
    }
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_cut_at_its_blocks() {
        let page = "intro\n<!-- figures:pvs -->\nbody\n<!-- /figures -->\nend\n";
        let parts = parse("x.md", page).unwrap();
        assert_eq!(
            parts,
            [
                Part::Prose("intro\n<!-- figures:pvs -->\n"),
                Part::Block {
                    name: "pvs",
                    line: 2,
                    body: "body\n"
                },
                Part::Prose("<!-- /figures -->\nend\n"),
            ]
        );
    }

    #[test]
    fn a_bad_block_is_refused_at_its_line() {
        let unknown = parse("x.md", "a\nb\n<!-- figures:pvss -->\n").unwrap_err();
        assert_eq!(unknown.line, Some(3));
        assert!(unknown.message.contains("\"pvss\"") && unknown.message.contains("pvs,"));
        let open = parse("x.md", "<!-- figures:pvs -->\nbody\n").unwrap_err();
        assert!(open.message.contains("no closing"), "{open}");
    }
}
