//! The limit, the adjudication rule and the SPRT as they are written into a resumption key (a
//! match's hash, `matches::match_key`; a datagen run's, `datagen::datagen_plan`).
//!
//! FROZEN. These texts are what the keys of every committed run were computed from: a match
//! resumes only if its key comes out the same, byte for byte. They are the texts Rust's derived
//! `Debug` wrote for these types when the keys were made, written out here so that renaming a
//! field, adding one or deriving `Debug` otherwise moves no key. A new field enters the key only
//! when it is set away from the value the old games were played under, as the match key does
//! for its time margin. `tests/integration/match_keys.rs` recomputes every committed games
//! file's key from its config.

use super::adjudication_rules::Adjudication;
use super::move_limit::Limit;
use super::sprt::{Sprt, SprtModel};

impl Limit {
    /// `Depth(4)`, `Nodes(20000)`, `Clock(TimeControl { base_ms: 10000, inc_ms: 100 })`,
    /// `MoveTime(MoveTime { ms: 50 })`.
    pub fn key_text(&self) -> String {
        match self {
            Limit::Depth(depth) => format!("Depth({depth})"),
            Limit::Nodes(nodes) => format!("Nodes({nodes})"),
            Limit::Clock(tc) => format!(
                "Clock(TimeControl {{ base_ms: {}, inc_ms: {} }})",
                tc.base_ms, tc.inc_ms
            ),
            Limit::MoveTime(st) => format!("MoveTime(MoveTime {{ ms: {} }})", st.ms),
        }
    }
}

impl Adjudication {
    /// `Adjudication { draw: Some((40, 10, 8)), resign: None }`.
    pub fn key_text(&self) -> String {
        let draw = match self.draw {
            Some((from_move, score, count)) => format!("Some(({from_move}, {score}, {count}))"),
            None => "None".to_string(),
        };
        let resign = match self.resign {
            Some((score, count)) => format!("Some(({score}, {count}))"),
            None => "None".to_string(),
        };
        format!("Adjudication {{ draw: {draw}, resign: {resign} }}")
    }
}

impl Sprt {
    /// `Sprt { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05, model: Normalized }`.
    pub fn key_text(&self) -> String {
        let model = match self.model {
            SprtModel::Logistic => "Logistic",
            SprtModel::Normalized => "Normalized",
        };
        format!(
            "Sprt {{ elo0: {}, elo1: {}, alpha: {}, beta: {}, model: {model} }}",
            key_number(self.elo0),
            key_number(self.elo1),
            key_number(self.alpha),
            key_number(self.beta)
        )
    }
}

/// A number as the keys were made with it: its shortest digits that read back to it, with a
/// decimal point always (`5.0`), and as `1e-5` below 10⁻⁴ or from 10¹⁶ on.
fn key_number(x: f64) -> String {
    let size = x.abs();
    if !x.is_finite() {
        return x.to_string();
    }
    if size != 0.0 && !(1e-4..1e16).contains(&size) {
        return format!("{x:e}");
    }
    let digits = x.to_string();
    match digits.contains('.') {
        true => digits,
        false => format!("{digits}.0"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::move_limit::{MoveTime, TimeControl};

    /// The texts are those `Debug` wrote when the keys were frozen; `Debug` is the oracle here
    /// only, never the key. Should a derive change, this test fails and the texts above stay.
    #[test]
    fn the_key_texts_are_those_the_committed_keys_were_made_from() {
        let limits = [
            Limit::Depth(4),
            Limit::Nodes(25_000),
            Limit::Clock(TimeControl {
                base_ms: 4000,
                inc_ms: 50,
            }),
            Limit::MoveTime(MoveTime { ms: 40 }),
        ];
        for limit in limits {
            assert_eq!(limit.key_text(), format!("{limit:?}"));
        }
        let rules = [
            Adjudication::default(),
            Adjudication {
                draw: Some((40, 10, 8)),
                resign: Some((1000, 4)),
            },
            Adjudication {
                draw: None,
                resign: Some((-5, 0)),
            },
        ];
        for rule in rules {
            assert_eq!(rule.key_text(), format!("{rule:?}"));
        }
        for text in [
            "elo0=0,elo1=5",
            "elo0=-1.5,elo1=0.25,alpha=0.00001,beta=0.1,model=logistic",
            "elo0=-200,elo1=200,alpha=0.49999",
        ] {
            let sprt = Sprt::parse(text).unwrap();
            assert_eq!(sprt.key_text(), format!("{sprt:?}"), "{text}");
        }
        for x in [
            0.0,
            -0.0,
            5.0,
            0.05,
            1e-4,
            9.9e-5,
            1e15,
            1e16,
            -1234.5678,
            1.0 / 3.0,
        ] {
            assert_eq!(key_number(x), format!("{x:?}"), "{x}");
        }
    }
}
