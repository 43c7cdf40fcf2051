//! The docs against the committed results: every block between `<!-- figures:NAME -->` and
//! `<!-- /figures -->`, in README.md or any page of docs/, is re-rendered by the product
//! (`ablate::reports::figures`, the code behind `ablate figures`) from `results/` and must match
//! word for word; outside the blocks the reproduction section (docs/reproductions.md) may quote
//! only the seeds' own figures (and small whole numbers: depths, section numbers, years).
//! `ablate figures` rewrites the blocks from the results.

use crate::common::{ablate, ROOT};
use ablate::reports::figures::{pages, parse, refresh, render, Part};
use std::path::Path;

/// Numbers the seeds print (seed-notes.md) that the prose quotes and no block prints: the
/// figures the blocks print are read from the data files they come from (`seed_figures`).
const PROSE_ONLY_SEED_FIGURES: &[&str] = &[
    // Kornilov's sorting argument: 100 k nodes/s sorted beats 2 M unsorted (seed notes §2).
    "2,000,000",
    "100,000",
    // Quiescence's price in time, in the seed's words (§4).
    "2–2.5×",
    // Tuned programs against the minimal tree (wider references).
    "1.5×",
    // Uiterwijk's published saving for the countermove heuristic (docs/references.md).
    "20%",
    // Settings the seeds name: 100·victim − attacker, half a pawn (50 cp) of window.
    "100",
    "50",
];

/// The seeds' figures the blocks print, as numbers the prose may quote: every figure of
/// docs/ifrit-killers.csv and docs/seed-figures.csv and the ratios computed from them.
fn seed_figures() -> Vec<String> {
    let printed =
        ablate::reports::figures::seeds::printed(Path::new(ROOT)).unwrap_or_else(|e| panic!("{e}"));
    printed.iter().flat_map(|figure| numbers(figure)).collect()
}

/// The numbers in `text`: runs starting with a digit, with their separators and unit sign.
fn numbers(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit()
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_'));
        if !starts {
            // The rest of a name such as b2.5 or d7 is part of the name.
            i += 1;
            if chars[i - 1].is_alphanumeric() {
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '.') {
                    i += 1;
                }
            }
            continue;
        }
        let mut j = i;
        while j < chars.len()
            && (chars[j].is_ascii_digit()
                || (matches!(chars[j], ',' | '.' | '–')
                    && chars.get(j + 1).is_some_and(|c| c.is_ascii_digit())))
        {
            j += 1;
        }
        let mut token: String = chars[i..j].iter().collect();
        if j < chars.len() && matches!(chars[j], '%' | '×') {
            token.push(chars[j]);
            j += 1;
        }
        // Words like "b2" or "d7" are names, not figures.
        if !(j < chars.len() && chars[j].is_alphabetic() && chars[j] != '×') {
            out.push(token);
        }
        i = j;
    }
    out
}

/// A number prose may use: a seed figure, a year, or a small whole number (depths, sections).
fn allowed(token: &str, seeds: &[String]) -> bool {
    if PROSE_ONLY_SEED_FIGURES.contains(&token) || seeds.iter().any(|s| s == token) {
        return true;
    }
    match token.parse::<u32>() {
        Ok(v) => v <= 32 || (1980..=2030).contains(&v),
        Err(_) => false,
    }
}

/// The reproduction section, whose prose may quote only the seeds' figures.
const PROSE_PAGE: &str = "docs/reproductions.md";
const PROSE_SECTION: &str = "## Reproducing the classic tables";

/// The reproduction section's text outside its figure blocks.
fn reproduction_prose() -> String {
    let page = std::fs::read_to_string(Path::new(ROOT).join(PROSE_PAGE)).unwrap();
    let start = page
        .find(PROSE_SECTION)
        .expect("the reproduction page has its section");
    let end = page[start + 3..]
        .find("\n## ")
        .map_or(page.len(), |i| start + 3 + i);
    let parts = parse(PROSE_PAGE, &page[start..end]).unwrap_or_else(|e| panic!("{e}"));
    parts
        .iter()
        .filter_map(|p| match p {
            Part::Prose(text) => Some(*text),
            Part::Block { .. } => None,
        })
        .collect()
}

#[test]
fn every_figure_block_matches_the_committed_results() {
    let outcome = refresh(Path::new(ROOT), false).unwrap_or_else(|e| panic!("{e}"));
    let problems: Vec<String> = outcome
        .differences
        .iter()
        .map(|d| {
            format!(
                "{}:{}: block \"{}\" differs from the results (`ablate figures` rewrites it):\n--- page\n{}--- results\n{}",
                d.page, d.line, d.name, d.on_page, d.rendered
            )
        })
        .chain(outcome.missing.iter().map(|n| format!("no block \"{n}\" in README.md or docs/")))
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
    assert_eq!(outcome.blocks, ablate::reports::figures::names().len());
}

#[test]
fn the_reproduction_prose_quotes_only_the_seeds_figures() {
    let prose = reproduction_prose();
    assert!(
        !prose.is_empty(),
        "{PROSE_PAGE} has the section \"{PROSE_SECTION}\""
    );
    let seeds = seed_figures();
    let mut problems = Vec::new();
    for line in prose.lines() {
        // Headings name configs, sections and years; code spans name files and keys.
        if line.starts_with('#') || line.starts_with("![") || line.starts_with("<!--") {
            continue;
        }
        let without_code: String = line
            .split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 0)
            .map(|(_, part)| part)
            .collect();
        for token in numbers(&without_code) {
            if !allowed(&token, &seeds) {
                problems.push(format!(
                    "\"{token}\" outside a figures block is not a seed figure: {line}"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn numbers_are_found_and_judged() {
    assert_eq!(
        numbers("0.057 at d7, 14,706,816 nodes, b2.5, 70% and 2.9× (1989)"),
        ["0.057", "14,706,816", "70%", "2.9×", "1989"]
    );
    let seeds = seed_figures();
    let allowed = |token| allowed(token, &seeds);
    assert!(allowed("0.21") && allowed("25.50") && allowed("7") && allowed("1989"));
    assert!(allowed("2,000,000") && allowed("0.38") && allowed("2.5"));
    assert!(!allowed("0.057") && !allowed("14,706,816") && !allowed("163"));
}

/// A scratch repository with one page holding the `pvs` block with `body`, the seed's figures
/// it quotes (`docs/seed-figures.csv`), and (if `results`) the result that block reads.
fn scratch(body: &str, results: bool) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("docs")).unwrap();
    std::fs::write(dir.path().join("README.md"), "# scratch\n").unwrap();
    let page =
        format!("# Page\n\nSome prose.\n<!-- figures:pvs -->\n{body}<!-- /figures -->\nEnd.\n");
    std::fs::write(dir.path().join("docs/page.md"), page).unwrap();
    std::fs::copy(
        Path::new(ROOT).join("docs/seed-figures.csv"),
        dir.path().join("docs/seed-figures.csv"),
    )
    .unwrap();
    if results {
        std::fs::create_dir_all(dir.path().join("results/pvs")).unwrap();
        std::fs::copy(
            Path::new(ROOT).join("results/pvs/pvs.csv"),
            dir.path().join("results/pvs/pvs.csv"),
        )
        .unwrap();
    }
    dir
}

#[test]
fn figures_check_names_a_stale_block_and_figures_rewrites_only_it() {
    let dir = scratch("an old figure\n", true);
    let check = ablate(dir.path(), &["figures", "--check"]);
    let stderr = String::from_utf8_lossy(&check.stderr);
    assert_eq!(check.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("docs/page.md:4: block \"pvs\" differs"),
        "{stderr}"
    );
    assert!(stderr.contains("- page:    an old figure"), "{stderr}");
    let page = dir.path().join("docs/page.md");
    assert!(
        std::fs::read_to_string(&page)
            .unwrap()
            .contains("an old figure"),
        "--check wrote"
    );

    let write = ablate(dir.path(), &["figures"]);
    assert_eq!(
        write.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&write.stderr)
    );
    let expected = render(Path::new(ROOT), "pvs").unwrap();
    assert_eq!(
        std::fs::read_to_string(&page).unwrap(),
        format!("# Page\n\nSome prose.\n<!-- figures:pvs -->\n{expected}<!-- /figures -->\nEnd.\n")
    );
    let stdout = String::from_utf8_lossy(&write.stdout);
    assert!(
        stdout.contains("re-rendered docs/page.md:4 (block \"pvs\")"),
        "{stdout}"
    );
}

#[test]
fn a_block_whose_results_are_missing_is_refused_with_the_file_and_nothing_is_written() {
    let dir = scratch("an old figure\n", false);
    let out = ablate(dir.path(), &["figures"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("docs/page.md:4: block \"pvs\" cannot be rendered"),
        "{stderr}"
    );
    assert!(
        stderr.contains("results/pvs/pvs.csv: cannot read"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    let page = std::fs::read_to_string(dir.path().join("docs/page.md")).unwrap();
    assert!(page.contains("an old figure"), "a page was written: {page}");
}

#[test]
fn an_unknown_block_is_refused_at_its_line() {
    let dir = scratch("x\n", true);
    std::fs::write(
        dir.path().join("docs/page.md"),
        "# Page\n<!-- figures:pvss -->\nx\n<!-- /figures -->\n",
    )
    .unwrap();
    let out = ablate(dir.path(), &["figures", "--check"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("docs/page.md:2"), "{stderr}");
    assert!(
        stderr.contains("no figure block is named \"pvss\""),
        "{stderr}"
    );
}

#[test]
fn the_pages_are_the_readme_and_every_page_of_docs() {
    let pages = pages(Path::new(ROOT)).unwrap();
    assert!(pages[0].ends_with("README.md"));
    assert!(pages.iter().any(|p| p.ends_with("docs/reproductions.md")));
}
