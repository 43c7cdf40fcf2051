//! `ablate figures`: re-render the docs' figure blocks from the committed results
//! (`reports::figures`), or with `--check` say which differ and change nothing.

use crate::cli::FiguresArgs;
use crate::error::CheckFailed;
use crate::reports::figures::{refresh, Difference};
use std::path::Path;

/// Renders every block on every page under the current folder.
pub fn run(args: &FiguresArgs) -> anyhow::Result<()> {
    let outcome = refresh(Path::new("."), !args.check)?;
    for d in &outcome.differences {
        if args.check {
            eprintln!("{}", shown(d));
        } else {
            println!("re-rendered {}:{} (block \"{}\")", d.page, d.line, d.name);
        }
    }
    for name in &outcome.missing {
        eprintln!("warning: block \"{name}\" stands on no page (README.md, docs/*.md)");
    }
    let changed = outcome.differences.len();
    if args.check && (changed > 0 || !outcome.missing.is_empty()) {
        return Err(CheckFailed(format!(
            "{changed} of {} figure blocks differ from the results and {} stand on no page; \
             `ablate figures` rewrites them",
            outcome.blocks,
            outcome.missing.len()
        ))
        .into());
    }
    println!(
        "{} figure blocks: {}",
        outcome.blocks,
        if changed == 0 {
            "every one as the results give it".to_string()
        } else {
            format!("{changed} re-rendered, the others unchanged")
        }
    );
    Ok(())
}

/// A differing block, its page's text and the rendered text, line by line where they part.
fn shown(d: &Difference) -> String {
    let mut out = format!(
        "{}:{}: block \"{}\" differs from the results",
        d.page, d.line, d.name
    );
    let page: Vec<&str> = d.on_page.lines().collect();
    let rendered: Vec<&str> = d.rendered.lines().collect();
    for i in 0..page.len().max(rendered.len()) {
        let (a, b) = (page.get(i), rendered.get(i));
        if a != b {
            out.push_str(&format!(
                "\n  line {}:\n  - page:    {}\n  + results: {}",
                i + 1,
                a.unwrap_or(&"(none)"),
                b.unwrap_or(&"(none)")
            ));
        }
    }
    out
}
