//! `--sprt` and `sprt = "..."`: the sequential test a match stops on, as fishtest and fastchess
//! take it. Its statistics (bounds, the log-likelihood ratio) are `stats::elo`'s.

/// The largest logistic Elo an SPRT bound may name: beyond it the hypotheses mean nothing and
/// the likelihoods underflow.
pub const MAX_SPRT_ELO: f64 = 1000.0;
/// The same for normalized Elo, whose likelihood has no maximum a little beyond it.
pub const MAX_SPRT_NELO: f64 = 200.0;

crate::choice_enum! {
    /// How elo0 and elo1 are read: as logistic Elo, or as normalized Elo.
    pub enum SprtModel {
        /// Logistic Elo (fishtest's classic model, fastchess `model=logistic`).
        Logistic = "logistic",
        /// Normalized Elo (the default of fishtest and fastchess).
        Normalized = "normalized",
    }
}

/// `--sprt elo0=0,elo1=5,alpha=0.05,beta=0.05[,model=normalized]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    /// The Elo of H0.
    pub elo0: f64,
    /// The Elo of H1.
    pub elo1: f64,
    /// False-positive rate.
    pub alpha: f64,
    /// False-negative rate.
    pub beta: f64,
    /// How elo0/elo1 are read.
    pub model: SprtModel,
}

impl Sprt {
    /// Reads `elo0=0,elo1=5,alpha=0.05,beta=0.05`, or fastchess's space-separated form
    /// `elo0=0 elo1=5` (alpha and beta default to 0.05, the model to normalized). Each key at
    /// most once; both bounds finite, within ±`MAX_SPRT_ELO`, elo0 below elo1; alpha and beta
    /// in (0, 0.5).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let mut sprt = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
            model: SprtModel::Normalized,
        };
        let mut seen: Vec<&str> = Vec::new();
        let items = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|i| !i.is_empty());
        for item in items {
            let (key, value) = item.split_once('=').ok_or_else(|| {
                format!("\"{item}\"; expected key=value, e.g. elo0=0,elo1=5,alpha=0.05,beta=0.05")
            })?;
            let key = key.trim();
            if seen.contains(&key) {
                return Err(format!("{key} is given twice; expected each key once"));
            }
            let number = || {
                value
                    .trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(|| format!("{key}={value}; expected a finite number"))
            };
            match key {
                "elo0" => sprt.elo0 = number()?,
                "elo1" => sprt.elo1 = number()?,
                "alpha" => sprt.alpha = number()?,
                "beta" => sprt.beta = number()?,
                "model" => {
                    sprt.model = match value.trim() {
                        "logistic" => SprtModel::Logistic,
                        "normalized" => SprtModel::Normalized,
                        other => {
                            return Err(format!("model={other}; expected logistic or normalized"))
                        }
                    }
                }
                other => {
                    return Err(format!(
                        "unknown key \"{other}\"; expected elo0, elo1, alpha, beta or model"
                    ))
                }
            }
            seen.push(key);
        }
        let (limit, model) = match sprt.model {
            SprtModel::Logistic => (MAX_SPRT_ELO, "logistic"),
            SprtModel::Normalized => (MAX_SPRT_NELO, "normalized"),
        };
        for (name, v) in [("elo0", sprt.elo0), ("elo1", sprt.elo1)] {
            if v.is_nan() {
                return Err(format!(
                    "{name} is missing; expected both elo0 and elo1, e.g. elo0=0,elo1=5"
                ));
            }
            if v.abs() > limit {
                return Err(format!(
                    "{name}={v}; expected a {model} Elo from -{limit} to {limit}"
                ));
            }
        }
        if sprt.elo0 >= sprt.elo1 {
            return Err(format!(
                "elo0 = {} must be below elo1 = {}",
                sprt.elo0, sprt.elo1
            ));
        }
        for (name, v) in [("alpha", sprt.alpha), ("beta", sprt.beta)] {
            if !(v > 0.0 && v < 0.5) {
                return Err(format!(
                    "{name} = {v}; expected an error rate above 0 and below 0.5"
                ));
            }
        }
        Ok(sprt)
    }
}

impl std::str::FromStr for Sprt {
    type Err = String;

    fn from_str(text: &str) -> Result<Sprt, String> {
        Sprt::parse(text)
    }
}
