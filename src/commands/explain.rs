//! `ablate config --explain`: every knob with its default, kind, values and meaning.

use crate::cli::ConfigArgs;
use crate::config::knob;
use crate::config::SearchConfig;

/// Prints the knob table.
pub fn run(_args: &ConfigArgs) -> anyhow::Result<()> {
    print!("{}", explain());
    Ok(())
}

/// The knob table as text, from the knobs' declarations.
pub fn explain() -> String {
    let defaults = knob::values(&SearchConfig::default());
    let mut text = String::from(
        "Search knobs: write them under [search] or [variants.NAME], or pass --set KEY=VALUE.\n\
         Each: key = default, its kind, the values it takes, and what it does.\n\n",
    );
    for k in knob::all() {
        let default = defaults
            .iter()
            .find(|(key, _)| key == k.key)
            .map(|(_, v)| v.to_string())
            .unwrap_or_default();
        let head = format!("{} = {default}", k.key);
        text.push_str(&format!(
            "{head:<42} {:<22} {}\n",
            k.kind_label(),
            k.expected()
        ));
        text.push_str(&format!("    {}\n", k.meaning));
    }
    text.push_str(
        "\nKinds: ordering = changes the tree's size, never the root score (tests check this);\n\
         tree when ... = may change the root score when set so, otherwise only the order;\n\
         definition = defines what is searched (eval, quiescence).\n\
         alphabeta = false rejects pvs, aspiration and tt = \"full\": they need alpha-beta windows.\n",
    );
    text
}
