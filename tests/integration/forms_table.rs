//! The forms table of docs/test-bed.md names knobs and values: every one must exist, as
//! `ablate config --explain` lists it, and every value must be one the knob takes. A key
//! without a group (`min_depth = 5` after `probcut.enabled = true`) belongs to the group of
//! the dotted key before it in the same cell; a bare value (`"endgame"` after
//! `null_move.verify = "always"`) to the key before it.

use ablate::config::knob;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The knob values cell of each row of the forms table, with its line number.
fn cells() -> Vec<(usize, String)> {
    let page = std::fs::read_to_string(format!("{ROOT}/docs/test-bed.md")).unwrap();
    let mut rows = Vec::new();
    let mut inside = false;
    for (i, line) in page.lines().enumerate() {
        if line.starts_with("| step | knob values | the form |") {
            inside = true;
            continue;
        }
        if inside && !line.starts_with('|') {
            break;
        }
        if inside && !line.starts_with("|---") {
            let cell = line.split(" | ").nth(1).unwrap_or_default().to_string();
            rows.push((i + 1, cell));
        }
    }
    rows
}

/// The backticked tokens of a cell.
fn tokens(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

fn is_key(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '.')
        && !matches!(text, "true" | "false")
}

#[test]
fn every_knob_the_forms_table_names_exists_with_its_value() {
    let rows = cells();
    assert!(rows.len() >= 30, "the forms table has {} rows", rows.len());
    let mut problems = Vec::new();
    let mut checked = 0;
    for (line, cell) in rows {
        let (mut group, mut key) = (String::new(), None::<String>);
        for token in tokens(&cell) {
            let (name, value) = match token.split_once(" = ") {
                Some((k, v)) => (Some(k.trim().to_string()), Some(v.trim().to_string())),
                None if is_key(&token) => (Some(token.clone()), None),
                None => (None, Some(token.clone())),
            };
            if let Some(name) = name {
                let full = match name.split_once('.') {
                    Some((g, _)) => {
                        group = g.to_string();
                        name.clone()
                    }
                    None if !group.is_empty()
                        && knob::find(&format!("{group}.{name}")).is_some() =>
                    {
                        format!("{group}.{name}")
                    }
                    None => name.clone(),
                };
                if knob::find(&full).is_none() {
                    problems.push(format!("line {line}: `{token}`: no knob {full}"));
                }
                key = Some(full);
            }
            if let (Some(value), Some(full)) = (value, key.as_ref()) {
                let Some(knob) = knob::find(full) else {
                    continue;
                };
                let parsed: Result<toml::Table, _> = toml::from_str(&format!("v = {value}"));
                match parsed.map(|t| t["v"].clone()) {
                    Ok(v) => {
                        if let Err(e) = knob.check(&v) {
                            problems.push(format!("line {line}: {full} = {value}: {e}"));
                        }
                        checked += 1;
                    }
                    Err(e) => problems.push(format!("line {line}: `{value}`: not a value: {e}")),
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked >= 40, "{checked} values checked");
}
