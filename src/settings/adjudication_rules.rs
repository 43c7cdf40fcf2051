//! `--adjudicate` and `adjudicate = [...]`: when a game may end early because both sides agree
//! on its result, as cutechess-cli's `-draw` and `-resign` say it. The rule is applied by
//! `matches::adjudication`.

/// `--adjudicate`: end a game early when both sides agree on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Adjudication {
    /// `draw=MOVE,SCORE,COUNT`: from move MOVE on, both sides scored within ±SCORE cp for their
    /// last COUNT moves each.
    pub draw: Option<(u32, i32, usize)>,
    /// `resign=SCORE,COUNT`: one side scored −SCORE or worse for its last COUNT moves and the
    /// other +SCORE or better for its last COUNT.
    pub resign: Option<(i32, usize)>,
}

impl Adjudication {
    /// Reads `draw=40,10,8` and `resign=1000,4` (either, both, or `none`).
    pub fn parse(items: &[String]) -> Result<Adjudication, String> {
        let mut rule = Adjudication::default();
        for item in items.iter().flat_map(|i| i.split_whitespace()) {
            let numbers = |text: &str, n: usize| -> Option<Vec<i64>> {
                let v: Vec<i64> = text
                    .split(',')
                    .map(|x| x.trim().parse().ok())
                    .collect::<Option<_>>()?;
                (v.len() == n && v.iter().all(|x| *x >= 0)).then_some(v)
            };
            match item.split_once('=') {
                Some(("draw", v)) => {
                    let n = numbers(v, 3).ok_or_else(|| {
                        format!("\"{item}\"; expected draw=MOVE,SCORE,COUNT such as draw=40,10,8")
                    })?;
                    rule.draw = Some((n[0] as u32, n[1] as i32, n[2].max(1) as usize));
                }
                Some(("resign", v)) => {
                    let n = numbers(v, 2).ok_or_else(|| {
                        format!("\"{item}\"; expected resign=SCORE,COUNT such as resign=1000,4")
                    })?;
                    rule.resign = Some((n[0] as i32, n[1].max(1) as usize));
                }
                None if item == "none" => {}
                _ => {
                    return Err(format!(
                        "\"{item}\"; expected draw=MOVE,SCORE,COUNT and/or resign=SCORE,COUNT"
                    ))
                }
            }
        }
        Ok(rule)
    }
}

impl Adjudication {
    /// Rules given one after another (`--adjudicate draw=.. resign=..`): a later rule of a kind
    /// replaces an earlier one.
    pub fn joined<'a>(rules: impl IntoIterator<Item = &'a Adjudication>) -> Adjudication {
        rules
            .into_iter()
            .fold(Adjudication::default(), |a, b| Adjudication {
                draw: b.draw.or(a.draw),
                resign: b.resign.or(a.resign),
            })
    }
}

impl std::str::FromStr for Adjudication {
    type Err = String;

    fn from_str(text: &str) -> Result<Adjudication, String> {
        Adjudication::parse(&[text.to_string()])
    }
}
