//! The `info` lines an engine prints while it searches: the fields a row or a move records.

use crate::search::MATE;

/// A score as UCI gives it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Score {
    /// Centipawns from the mover's side.
    Cp(i32),
    /// Signed moves to mate.
    Mate(i32),
}

/// The fields of one `info` line that a row records.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Info {
    /// `depth`.
    pub depth: Option<u32>,
    /// `seldepth`.
    pub seldepth: Option<u32>,
    /// `score cp` or `score mate`.
    pub score: Option<Score>,
    /// The score is a `lowerbound` or an `upperbound`: an aspiration window failing.
    pub bound: bool,
    /// `multipv`.
    pub multipv: Option<u32>,
    /// `nodes`: every node since `go`.
    pub nodes: Option<u64>,
    /// `time` in milliseconds since `go`.
    pub time: Option<u64>,
    /// `pv`, the rest of the line.
    pub pv: String,
}

impl Info {
    /// Reads the fields ablate uses; the others (`string`, `currmove`, `hashfull`…) are skipped.
    pub fn parse(line: &str) -> Result<Info, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let mut info = Info::default();
        let mut i = 1;
        fn number<T: std::str::FromStr>(words: &[&str], i: usize) -> Result<T, String> {
            let word = words.get(i + 1).copied().unwrap_or("");
            word.parse().map_err(|_| {
                format!(
                    "\"{}\" is followed by \"{word}\", expected a number",
                    words[i]
                )
            })
        }
        while i < words.len() {
            match words[i] {
                // The rest of the line is free text.
                "string" => break,
                "depth" => info.depth = Some(number(&words, i)?),
                "seldepth" => info.seldepth = Some(number(&words, i)?),
                "multipv" => info.multipv = Some(number(&words, i)?),
                "nodes" => info.nodes = Some(number(&words, i)?),
                "time" => info.time = Some(number(&words, i)?),
                "score" => {
                    let kind = words.get(i + 1).copied().unwrap_or("");
                    let value: i32 = number(&words, i + 1)?;
                    info.score = Some(match kind {
                        "cp" => Score::Cp(value),
                        "mate" => Score::Mate(value),
                        other => {
                            return Err(format!("score \"{other}\", expected cp or mate"));
                        }
                    });
                    i += 3;
                    while let Some(&w) = words.get(i) {
                        match w {
                            "lowerbound" | "upperbound" => info.bound = true,
                            _ => break,
                        }
                        i += 1;
                    }
                    continue;
                }
                "pv" => {
                    info.pv = words[i + 1..].join(" ");
                    break;
                }
                _ => {}
            }
            i += 1;
        }
        Ok(info)
    }
}

/// ablate's raw score for a mate in `moves` (negative: being mated), as its own search gives it.
pub fn mate_score(moves: i32) -> i32 {
    if moves > 0 {
        MATE - (2 * moves - 1)
    } else {
        -(MATE + 2 * moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::mate_in;

    #[test]
    fn info_lines_are_read_and_bounds_marked() {
        let info = Info::parse(
            "info depth 12 seldepth 17 multipv 1 score cp -35 upperbound nodes 51234 nps 100 hashfull 3 tbhits 0 time 503 pv e2e4 e7e5",
        )
        .unwrap();
        assert_eq!(info.depth, Some(12));
        assert_eq!(info.seldepth, Some(17));
        assert_eq!(info.score, Some(Score::Cp(-35)));
        assert!(info.bound);
        assert_eq!((info.nodes, info.time), (Some(51234), Some(503)));
        assert_eq!(info.pv, "e2e4 e7e5");
        let mate = Info::parse("info depth 3 score mate -2 nodes 10 pv a1a2").unwrap();
        assert_eq!(mate.score, Some(Score::Mate(-2)));
        assert!(!mate.bound);
        assert_eq!(
            Info::parse("info string NNUE evaluation using nn-x.nnue depth x").unwrap(),
            Info::default()
        );
        assert!(Info::parse("info depth ten")
            .unwrap_err()
            .contains("\"ten\""));
        assert!(Info::parse("info score wins 3")
            .unwrap_err()
            .contains("expected cp or mate"));
    }

    #[test]
    fn mate_scores_round_trip_through_ablates_own() {
        for m in [1, 2, 7, -1, -3, -10] {
            assert_eq!(mate_in(mate_score(m)), Some(m), "mate {m}");
        }
    }
}
