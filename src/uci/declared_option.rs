//! An engine's `option` lines as it declares them during `uci`: name, type, default, range and
//! a combo's values, so that a design's factors are checked against them before any game.

/// An `option` line as the engine declared it during `uci`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DeclaredOption {
    pub name: String,
    /// `check`, `spin`, `combo`, `button` or `string`.
    pub kind: String,
    pub default: Option<String>,
    pub min: Option<i64>,
    pub max: Option<i64>,
    /// A combo's values.
    pub vars: Vec<String>,
}

impl DeclaredOption {
    /// Reads `option name N type T [default D] [min A] [max B] [var V]...`; a field's words
    /// run to the next keyword, since names, defaults and values may hold spaces.
    pub fn parse(line: &str) -> DeclaredOption {
        let mut option = DeclaredOption {
            name: option_name(line),
            ..DeclaredOption::default()
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(start) = words.iter().position(|w| *w == "type") else {
            return option;
        };
        let mut field: Option<&str> = None;
        let mut value: Vec<&str> = Vec::new();
        let close = |field: Option<&str>, value: &mut Vec<&str>, o: &mut DeclaredOption| {
            let text = value.join(" ");
            match field {
                Some("type") => o.kind = text,
                Some("default") => o.default = Some(text),
                Some("min") => o.min = text.parse().ok(),
                Some("max") => o.max = text.parse().ok(),
                Some("var") => o.vars.push(text),
                _ => {}
            }
            value.clear();
        };
        for word in &words[start..] {
            if ["type", "default", "min", "max", "var"].contains(word) {
                close(field, &mut value, &mut option);
                field = Some(word);
            } else {
                value.push(word);
            }
        }
        close(field, &mut value, &mut option);
        option
    }

    /// Whether `value` is one the option takes: a whole number within a spin's range, true or
    /// false for a check, one of a combo's values.
    pub fn accepts(&self, value: &str) -> Result<(), String> {
        match self.kind.as_str() {
            "spin" => {
                let n: i64 = value
                    .parse()
                    .map_err(|_| format!("\"{value}\"; expected a whole number (type spin)"))?;
                let (lo, hi) = (self.min.unwrap_or(i64::MIN), self.max.unwrap_or(i64::MAX));
                if n < lo || n > hi {
                    return Err(format!("{n} is outside its range; expected {lo} to {hi}"));
                }
                Ok(())
            }
            "check" if value != "true" && value != "false" => {
                Err(format!("\"{value}\"; expected true or false (type check)"))
            }
            "combo" if !self.vars.iter().any(|v| v.eq_ignore_ascii_case(value)) => Err(format!(
                "\"{value}\" is not among its values; expected one of {}",
                self.vars
                    .iter()
                    .map(|v| format!("\"{v}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            "button" => Err("a button takes no value; expected an option with one".into()),
            _ => Ok(()),
        }
    }
}

/// `option name Hash type spin …` → `Hash`; names may hold spaces (`NullMove Pruning`).
pub fn option_name(line: &str) -> String {
    let words: Vec<&str> = line.split_whitespace().collect();
    let end = words
        .iter()
        .position(|w| *w == "type")
        .unwrap_or(words.len());
    words[2.min(end)..end].join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_declared_option_gives_its_type_default_range_and_values() {
        let combo = DeclaredOption::parse(
            "option name NullMove Pruning type combo default Fail High var Always var Fail High var Never",
        );
        assert_eq!(combo.name, "NullMove Pruning");
        assert_eq!(combo.kind, "combo");
        assert_eq!(combo.default.as_deref(), Some("Fail High"));
        assert_eq!(combo.vars, ["Always", "Fail High", "Never"]);
        let spin = DeclaredOption::parse("option name Hash type spin default 16 min 1 max 1024");
        assert_eq!((spin.min, spin.max), (Some(1), Some(1024)));
        assert_eq!(spin.default.as_deref(), Some("16"));
    }

    #[test]
    fn option_names_may_hold_spaces() {
        assert_eq!(
            option_name("option name NullMove Pruning type combo default Fail High var Always"),
            "NullMove Pruning"
        );
        assert_eq!(
            option_name("option name Hash type spin default 16 min 1 max 33554432"),
            "Hash"
        );
    }
}
