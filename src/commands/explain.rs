//! `ablate config --explain`: every knob with its default, kind and meaning.

use crate::cli::ConfigArgs;
use crate::config::keys::flatten;
use crate::config::search_config::{KnobKind, KNOBS};
use crate::config::SearchConfig;
use crate::output::table::Table;

/// Prints the knob table.
pub fn run(_args: &ConfigArgs) -> anyhow::Result<()> {
    print!("{}", explain());
    Ok(())
}

/// The knob table as text.
pub fn explain() -> String {
    let defaults = match toml::Value::try_from(SearchConfig::default()) {
        Ok(toml::Value::Table(t)) => flatten(&t),
        _ => Vec::new(),
    };
    let mut t = Table::new(&["key", "default", "kind", "meaning"]);
    for (key, kind, meaning) in KNOBS {
        let default = defaults
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.to_string())
            .unwrap_or_default();
        let kind = match kind {
            KnobKind::PureOrdering => "ordering",
            KnobKind::TreeChanging => "tree",
            KnobKind::Definition => "definition",
        };
        t.row(vec![
            key.to_string(),
            default,
            kind.to_string(),
            meaning.to_string(),
        ]);
    }
    let mut text = String::from(
        "Search knobs: write them under [search] or [variants.NAME], or pass --set KEY=VALUE.\n\n",
    );
    // Left-align every column: the default table right-aligns all but the first.
    for line in t.render().lines() {
        text.push_str(line);
        text.push('\n');
    }
    text.push_str(
        "\nKinds: ordering = changes the tree's size, never the root score (tests check this);\n\
         tree = may change the root score; definition = defines what is searched (eval, quiescence).\n\
         alphabeta = false rejects pvs, aspiration and tt = \"full\": they need alpha-beta windows.\n",
    );
    text
}
