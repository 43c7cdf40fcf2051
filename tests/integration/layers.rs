//! The architecture's rules, read from the code itself:
//! - the layer order is written once, in `src/lib.rs`; no file imports from a later layer;
//! - no import circle between files (a file importing one that imports it back, directly or
//!   through others);
//! - no file under `src/` over 600 lines, no command over 200.
//!
//! Imports are the real `use` items, grouped ones (`use crate::{a, b::{c, d}}`) included, and
//! paths written inline (`crate::a::f()`); each is resolved to the file that defines the
//! module it names. Test modules (`#[cfg(test)] mod tests { .. }`) are left out: they are not
//! part of the library's graph.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const MAX_LINES: usize = 600;
const MAX_COMMAND_LINES: usize = 200;

/// A module path from the crate root: `["search", "searcher", "node"]`.
type ModPath = Vec<String>;

/// The layers as `src/lib.rs` lists them: lines `//! - `a` `b`: what they are`, lowest first.
fn layers(lib: &str) -> Vec<Vec<String>> {
    lib.lines()
        .filter_map(|l| l.strip_prefix("//! - "))
        .filter(|l| l.starts_with('`'))
        .map(|l| {
            let names = l.split(':').next().unwrap_or("");
            names
                .split('`')
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map(String::from)
                .collect()
        })
        .collect()
}

/// The file that defines module `path` under `src`, if any.
fn module_file(src: &Path, path: &[String]) -> Option<PathBuf> {
    if path.is_empty() {
        return Some(src.join("lib.rs"));
    }
    let joined: PathBuf = path.iter().collect();
    let file = src.join(&joined).with_extension("rs");
    if file.is_file() {
        return Some(file);
    }
    let dir = src.join(&joined).join("mod.rs");
    dir.is_file().then_some(dir)
}

/// The module a file defines.
fn module_of(src: &Path, file: &Path) -> ModPath {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: ModPath = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    if last != "mod.rs" && last != "lib.rs" {
        parts.push(last.trim_end_matches(".rs").to_string());
    }
    parts
}

/// The text without comments and without `#[cfg(test)] mod .. { .. }` blocks.
fn code_of(text: &str) -> String {
    let mut out = String::new();
    let mut skip_depth: Option<i32> = None;
    let mut pending_test = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if let Some(depth) = skip_depth.as_mut() {
            *depth += line.matches('{').count() as i32 - line.matches('}').count() as i32;
            if *depth <= 0 {
                skip_depth = None;
            }
            continue;
        }
        if trimmed.starts_with("#[cfg(test)]") {
            pending_test = true;
            continue;
        }
        if pending_test && trimmed.starts_with("mod ") && line.contains('{') {
            pending_test = false;
            let depth = line.matches('{').count() as i32 - line.matches('}').count() as i32;
            if depth > 0 {
                skip_depth = Some(depth);
            }
            continue;
        }
        pending_test = false;
        let code = match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        };
        out.push_str(code);
        out.push('\n');
    }
    out
}

/// Expands a use tree (`a::{b, c::{d, e as f}, self}`) into plain paths.
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let plain = tree.split(" as ").next().unwrap().trim();
        let plain = plain.trim_end_matches("::*").trim_end_matches("::self");
        return vec![plain.to_string()];
    };
    let prefix = tree[..open].trim().trim_end_matches("::");
    let inner = &tree[open + 1..tree.rfind('}').unwrap()];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(expand)
        .map(|p| match (prefix.is_empty(), p.as_str()) {
            (true, _) => p,
            (false, "self") => prefix.to_string(),
            (false, _) => format!("{prefix}::{p}"),
        })
        .collect()
}

/// Every path a file's code imports: its `use` items, expanded, and inline `crate::` and
/// `super::` paths.
fn imported_paths(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = find_use(rest) {
        let after = &rest[at..];
        let end = after.find(';').unwrap_or(after.len());
        let item = after[..end]
            .trim_start_matches("pub ")
            .trim_start_matches("use ");
        paths.extend(expand(item));
        rest = &after[end.min(after.len())..];
    }
    let bytes = code.as_bytes();
    // Inline paths from the crate root and from the parent module (`super::keys::insert(..)`
    // imports keys.rs as surely as a `use` does, also between files of one folder).
    for root in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(found) = code[from..].find(root) {
            let at = from + found;
            let word_start = at == 0
                || !(bytes[at - 1].is_ascii_alphanumeric()
                    || bytes[at - 1] == b'_'
                    || bytes[at - 1] == b'$'
                    || bytes[at - 1] == b':');
            let end = code[at..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .map_or(code.len(), |e| at + e);
            if word_start {
                paths.push(code[at..end].trim_end_matches(':').to_string());
            }
            from = end.max(at + 1);
        }
    }
    paths
}

/// Where the next `use` item starts (at a line start, after an optional `pub `).
fn find_use(text: &str) -> Option<usize> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let lead = line.len() - trimmed.len();
        let bare = trimmed
            .strip_prefix("pub(crate) ")
            .or_else(|| trimmed.strip_prefix("pub(super) "))
            .or_else(|| trimmed.strip_prefix("pub "))
            .unwrap_or(trimmed);
        if bare.starts_with("use ") {
            return Some(offset + lead + (trimmed.len() - bare.len()));
        }
        offset += line.len();
    }
    None
}

/// The file an import path resolves to, seen from module `from`: the deepest module on the
/// path that has a file. `None` for other crates and for the crate root (macros).
fn resolve(src: &Path, from: &ModPath, path: &str) -> Option<PathBuf> {
    let segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let (mut module, rest): (ModPath, &[&str]) = match segments.first()? {
        &"crate" => (Vec::new(), &segments[1..]),
        &"self" => (from.clone(), &segments[1..]),
        &"super" => {
            let mut m = from.clone();
            let mut i = 0;
            while segments.get(i) == Some(&"super") {
                m.pop();
                i += 1;
            }
            (m, &segments[i..])
        }
        first => {
            // A path relative to this module (`use child::Item`), else another crate.
            let mut child = from.clone();
            child.push(first.to_string());
            module_file(src, &child)?;
            (from.clone(), &segments[..])
        }
    };
    for seg in rest {
        let mut next = module.clone();
        next.push(seg.to_string());
        if module_file(src, &next).is_some() {
            module = next;
        } else {
            break;
        }
    }
    if module.is_empty() {
        return None;
    }
    module_file(src, &module)
}

fn rust_files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<_> = std::fs::read_dir(path)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for entry in entries {
            rust_files(&entry, out);
        }
    } else if path.extension().is_some_and(|e| e == "rs") {
        out.push(path.to_path_buf());
    }
}

/// The import graph of the library under `src`: file → files it imports.
fn graph(src: &Path) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut edges = BTreeMap::new();
    for file in files {
        if file.ends_with("main.rs") && file.parent() == Some(src) {
            continue;
        }
        let module = module_of(src, &file);
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        let targets: BTreeSet<PathBuf> = imported_paths(&code)
            .iter()
            .filter_map(|p| resolve(src, &module, p))
            .filter(|t| *t != file)
            .collect();
        edges.insert(file, targets);
    }
    edges
}

/// Every import circle: the strongly connected components with more than one file (Tarjan).
fn circles(edges: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<Vec<PathBuf>> {
    struct State<'a> {
        edges: &'a BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        index: BTreeMap<&'a PathBuf, usize>,
        low: BTreeMap<&'a PathBuf, usize>,
        stack: Vec<&'a PathBuf>,
        on_stack: BTreeSet<&'a PathBuf>,
        next: usize,
        found: Vec<Vec<PathBuf>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a PathBuf) {
        s.index.insert(v, s.next);
        s.low.insert(v, s.next);
        s.next += 1;
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.edges.get(v).into_iter().flatten() {
            let Some((w, _)) = s.edges.get_key_value(w) else {
                continue;
            };
            if !s.index.contains_key(w) {
                visit(s, w);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w.clone());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.found.push(component);
            }
        }
    }
    let mut state = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        next: 0,
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !state.index.contains_key(v) {
            visit(&mut state, v);
        }
    }
    state.found
}

/// Imports from a later layer, as "file -> file".
fn upward_imports(
    src: &Path,
    edges: &BTreeMap<PathBuf, BTreeSet<PathBuf>>,
    order: &[Vec<String>],
) -> Vec<String> {
    let layer_of = |file: &Path| -> Option<usize> {
        let top = module_of(src, file).into_iter().next()?;
        order.iter().position(|layer| layer.contains(&top))
    };
    let mut found = Vec::new();
    for (file, targets) in edges {
        let Some(own) = layer_of(file) else { continue };
        for target in targets {
            if layer_of(target).is_some_and(|t| t > own) {
                found.push(format!(
                    "{} -> {}",
                    file.strip_prefix(src).unwrap().display(),
                    target.strip_prefix(src).unwrap().display()
                ));
            }
        }
    }
    found
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn shown(files: &[PathBuf], src: &Path) -> String {
    files
        .iter()
        .map(|f| f.strip_prefix(src).unwrap().display().to_string())
        .collect::<Vec<_>>()
        .join(" <-> ")
}

#[test]
fn every_top_level_module_has_one_layer() {
    let src = src();
    let order = layers(&std::fs::read_to_string(src.join("lib.rs")).unwrap());
    assert!(order.len() >= 8, "src/lib.rs lists the layers: {order:?}");
    let listed: Vec<&String> = order.iter().flatten().collect();
    let declared: Vec<String> = std::fs::read_to_string(src.join("lib.rs"))
        .unwrap()
        .lines()
        .filter_map(|l| {
            l.strip_prefix("pub mod ")
                .or_else(|| l.strip_prefix("mod "))
        })
        .map(|l| l.trim_end_matches(';').to_string())
        .collect();
    for module in &declared {
        assert_eq!(
            listed.iter().filter(|l| **l == module).count(),
            1,
            "module {module} is listed once in src/lib.rs's layers: {order:?}"
        );
    }
    for module in listed {
        assert!(
            declared.contains(module),
            "{module} is listed but not declared in src/lib.rs"
        );
    }
}

#[test]
fn no_layer_imports_a_later_one() {
    let src = src();
    let order = layers(&std::fs::read_to_string(src.join("lib.rs")).unwrap());
    let found = upward_imports(&src, &graph(&src), &order);
    assert!(
        found.is_empty(),
        "imports from a later layer (src/lib.rs lists the order):\n{}",
        found.join("\n")
    );
}

#[test]
fn no_import_circle() {
    let src = src();
    let found: Vec<String> = circles(&graph(&src))
        .iter()
        .map(|c| shown(c, &src))
        .collect();
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

#[test]
fn files_stay_small_and_commands_thin() {
    let src = src();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut over = Vec::new();
    for file in files {
        let lines = std::fs::read_to_string(&file).unwrap().lines().count();
        let limit = if file.parent() == Some(&src.join("commands")) {
            MAX_COMMAND_LINES
        } else {
            MAX_LINES
        };
        if lines > limit {
            over.push(format!(
                "{}: {lines} lines (at most {limit})",
                file.strip_prefix(&src).unwrap().display()
            ));
        }
    }
    assert!(over.is_empty(), "files too long:\n{}", over.join("\n"));
}

/// The checks above can fail: a small tree with a circle, an upward import hidden in a grouped
/// `use`, and an inline path, each found.
#[test]
fn the_checks_find_what_they_look_for() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    std::fs::create_dir_all(src.join("low")).unwrap();
    std::fs::write(
        src.join("lib.rs"),
        "//! - `low`: below\n//! - `high`: above\npub mod high;\npub mod low;\n",
    )
    .unwrap();
    std::fs::write(src.join("low/mod.rs"), "pub mod a;\npub mod b;\n").unwrap();
    std::fs::write(
        src.join("low/a.rs"),
        "use crate::{high::Thing, low::b::{self, Other}};\n",
    )
    .unwrap();
    std::fs::write(src.join("low/b.rs"), "fn f() { crate::low::a::g(); }\n").unwrap();
    std::fs::write(
        src.join("high.rs"),
        "pub struct Thing;\n#[cfg(test)]\nmod tests {\n    use crate::low::b::Y;\n}\n",
    )
    .unwrap();
    let edges = graph(src);
    let order = layers(&std::fs::read_to_string(src.join("lib.rs")).unwrap());
    assert_eq!(
        upward_imports(src, &edges, &order),
        vec!["low/a.rs -> high.rs"]
    );
    let found = circles(&edges);
    assert_eq!(found.len(), 1);
    assert_eq!(shown(&found[0], src), "low/a.rs <-> low/b.rs");
    assert!(
        !edges[&src.join("high.rs")].contains(&src.join("low/b.rs")),
        "test modules are left out"
    );
}

/// Names carried by more than one file under `src/`, as "name: a, b". A folder's `mod.rs` is
/// the one name every folder has; any other shared name makes a reader ask which is meant.
fn shared_names(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut by_name: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let shown = file.strip_prefix(src).unwrap().display().to_string();
        by_name.entry(name).or_default().push(shown);
    }
    by_name
        .into_iter()
        .filter(|(name, files)| files.len() > 1 && name != "mod.rs")
        .map(|(name, files)| format!("{name}: {}", files.join(", ")))
        .collect()
}

#[test]
fn no_two_files_share_a_name() {
    let found = shared_names(&src());
    assert!(
        found.is_empty(),
        "files sharing a name (rename one by its role):\n{}",
        found.join("\n")
    );
}

/// The name check finds every shared name but `mod.rs`: two `stats.rs`, and a command's file
/// and its work under one name.
#[test]
fn the_name_check_finds_a_shared_name() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    for folder in ["matches", "search", "commands", "runner"] {
        std::fs::create_dir_all(src.join(folder)).unwrap();
        std::fs::write(src.join(folder).join("mod.rs"), "").unwrap();
    }
    std::fs::write(src.join("matches/stats.rs"), "").unwrap();
    std::fs::write(src.join("search/stats.rs"), "").unwrap();
    std::fs::write(src.join("commands/check.rs"), "").unwrap();
    std::fs::write(src.join("runner/check.rs"), "").unwrap();
    assert_eq!(
        shared_names(src),
        vec![
            "check.rs: commands/check.rs, runner/check.rs",
            "stats.rs: matches/stats.rs, search/stats.rs"
        ]
    );
}

/// A match is a pipeline of stages (`src/matches/session.rs`): prepare, play, record, decide,
/// report. Each hands its result to the next; none imports a later stage, so none calls back
/// into one, and `session.rs`, which connects them, imports every stage.
#[test]
fn the_match_stages_import_no_later_stage() {
    let src = src();
    let edges = graph(&src);
    let stages: [&[&str]; 5] = [
        &["pairings.rs", "match_files.rs"],
        &["game_pool.rs", "played_game.rs"],
        &["record.rs"],
        &["decide.rs"],
        &["summary.rs"],
    ];
    let file = |name: &str| src.join("matches").join(name);
    let stage_of = |path: &PathBuf| {
        stages
            .iter()
            .position(|s| s.iter().any(|n| file(n) == *path))
    };
    let mut found = Vec::new();
    for (i, stage) in stages.iter().enumerate() {
        for name in stage.iter() {
            let imports = edges
                .get(&file(name))
                .unwrap_or_else(|| panic!("no {name}"));
            for later in imports
                .iter()
                .filter(|t| stage_of(t).is_some_and(|j| j > i))
            {
                found.push(format!(
                    "{name} imports {}",
                    shown(std::slice::from_ref(later), &src)
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "a stage imports a later one:\n{}",
        found.join("\n")
    );
    let session = &edges[&file("session.rs")];
    for name in ["match_files.rs", "game_pool.rs", "record.rs", "decide.rs"] {
        assert!(
            session.contains(&file(name)),
            "session.rs does not import {name}"
        );
    }
}
