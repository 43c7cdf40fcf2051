//! Every relative link in README.md and docs/ resolves: the file exists and, for `#anchor`
//! links, the page has a heading with that anchor (GitHub's rule: lower case, punctuation
//! dropped, spaces to hyphens).

use crate::common::ROOT;
use std::path::{Path, PathBuf};

/// README.md and every Markdown page of docs/.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![Path::new(ROOT).join("README.md")];
    for entry in std::fs::read_dir(Path::new(ROOT).join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.push(path);
        }
    }
    pages.sort();
    pages
}

/// GitHub's anchor for a heading.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Every anchor of a Markdown page.
fn anchors(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        }
        if !in_code && line.starts_with('#') {
            out.push(slug(line.trim_start_matches('#')));
        }
    }
    out
}

/// Every `](target)` of a page, outside code blocks and code spans.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        let prose: String = line
            .split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 0)
            .map(|(_, part)| part)
            .collect();
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let end = after.find(')').unwrap_or(after.len());
            out.push(after[..end].to_string());
            rest = &after[end..];
        }
    }
    out
}

/// What is wrong with one link of `page`, if anything.
fn broken(page: &Path, target: &str) -> Option<String> {
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (file, anchor) = match target.split_once('#') {
        Some((file, anchor)) => (file, Some(anchor)),
        None => (target, None),
    };
    let path = if file.is_empty() {
        page.to_path_buf()
    } else {
        page.parent().unwrap().join(file)
    };
    if !path.exists() {
        return Some(format!("{target}: no file {}", path.display()));
    }
    if let Some(anchor) = anchor {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        if !anchors(&text).iter().any(|a| a == anchor) {
            return Some(format!("{target}: no heading with that anchor"));
        }
    }
    None
}

#[test]
fn every_relative_link_resolves() {
    let mut problems = Vec::new();
    let mut count = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        for target in links(&text) {
            count += 1;
            if let Some(problem) = broken(&page, &target) {
                problems.push(format!("{}: {problem}", page.display()));
            }
        }
    }
    assert!(count >= 40, "only {count} links found");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_broken_link_is_found() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.md");
    std::fs::write(
        &page,
        "# A title, with `code`\n[x](other.md) [y](#a-title-with-code)\n",
    )
    .unwrap();
    assert_eq!(slug(" A title, with `code`"), "a-title-with-code");
    let text = std::fs::read_to_string(&page).unwrap();
    let found = links(&text);
    assert_eq!(found, ["other.md", "#a-title-with-code"]);
    assert!(broken(&page, "other.md").is_some());
    assert!(broken(&page, "#a-title-with-code").is_none());
    assert!(broken(&page, "#missing").is_some());
}
