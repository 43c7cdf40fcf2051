//! `ablate config --explain`: every knob with its default, kind, values and meaning.

use crate::cli::ConfigArgs;
use crate::config::knob;
use crate::config::SearchConfig;

/// Prints the knob table.
pub fn run(_args: &ConfigArgs) -> anyhow::Result<()> {
    print!("{}", explain());
    Ok(())
}

/// Where a knob acts, in words: `step 10`, `steps 4 and 30`, `quiescence step 2`.
fn step_words(step: &str) -> String {
    let steps: Vec<String> = step
        .split(", ")
        .map(|s| match s.strip_prefix('q') {
            Some(n) => format!("quiescence step {n}"),
            None => s.to_string(),
        })
        .collect();
    match steps.as_slice() {
        [one] if one == "all" => "every step".into(),
        [one] if one == "root" => "at the root".into(),
        [one] if one.starts_with("quiescence") => one.clone(),
        [one] => format!("step {one}"),
        many => format!("steps {}", many.join(" and ")),
    }
}

/// The knob table as text, from the knobs' declarations.
pub fn explain() -> String {
    let defaults = knob::values(&SearchConfig::default());
    let mut text = String::from(
        "Search knobs: write them under [search] or [variants.NAME], or pass --set KEY=VALUE.\n\
         Each: key = default, its kind and the step of the search where it acts, the values it\n\
         takes, and what it does.\n\n",
    );
    let rows: Vec<(String, String, String, &str)> = knob::all()
        .into_iter()
        .map(|k| {
            let default = defaults
                .iter()
                .find(|(key, _)| key == k.key)
                .map(|(_, v)| v.to_string())
                .unwrap_or_default();
            (
                format!("{} = {default}", k.key),
                format!("{}; {}", k.kind_label(), step_words(k.step)),
                k.expected(),
                k.meaning,
            )
        })
        .collect();
    // Columns as wide as their longest entry, so that long keys stay aligned.
    let head_width = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
    let kind_width = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
    for (head, kind, expected, meaning) in &rows {
        text.push_str(&format!(
            "{head:<head_width$}  {kind:<kind_width$}  {expected}\n"
        ));
        text.push_str(&format!("    {meaning}\n"));
    }
    text.push_str(
        "\nKinds: ordering = changes the tree's size, never the root score (tests check this);\n\
         tree when ... = may change the root score when set so, otherwise only the order;\n\
         definition = defines what is searched (eval, quiescence).\n\
         Steps: negamax's Steps 1-30 (src/search/searcher/negamax.rs, move_loop.rs) and\n\
         quiescence's Steps 1-5 (quiescence.rs); at the root: between iterations or moves.\n\
         alphabeta = false rejects pvs, aspiration and tt = \"full\": they need alpha-beta windows.\n",
    );
    text
}
