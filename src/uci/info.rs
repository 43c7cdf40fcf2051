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
    /// Reads the fields ablate uses, and never refuses a line: UCI has the GUI ignore what it
    /// does not know, and engines print what it allows and more. Other tokens (`string`'s
    /// text, `currmove`, `hashfull`…) are skipped; a field without its value (a bare
    /// `info depth`, which cost Glaurung 2.2 a game of a design) is left unset, and the word
    /// that stood in for the value is read as the next token.
    pub fn parse(line: &str) -> Info {
        let words: Vec<&str> = line.split_whitespace().collect();
        fn number<T: std::str::FromStr>(words: &[&str], i: usize) -> Option<T> {
            words.get(i)?.parse().ok()
        }
        let mut info = Info::default();
        let mut i = 1;
        while i < words.len() {
            let field = match words[i] {
                // The rest of the line is free text.
                "string" => break,
                "pv" => {
                    info.pv = words[i + 1..].join(" ");
                    break;
                }
                "lowerbound" | "upperbound" => {
                    info.bound = true;
                    None
                }
                "depth" => number(&words, i + 1).map(|n| info.depth = Some(n)),
                "seldepth" => number(&words, i + 1).map(|n| info.seldepth = Some(n)),
                "multipv" => number(&words, i + 1).map(|n| info.multipv = Some(n)),
                "nodes" => number(&words, i + 1).map(|n| info.nodes = Some(n)),
                "time" => number(&words, i + 1).map(|n| info.time = Some(n)),
                "score" => {
                    let score = match words.get(i + 1).copied() {
                        Some("cp") => number(&words, i + 2).map(Score::Cp),
                        Some("mate") => number(&words, i + 2).map(Score::Mate),
                        _ => None,
                    };
                    // Past the kind as well: its number is the value read.
                    score.map(|s| {
                        info.score = Some(s);
                        i += 1;
                    })
                }
                _ => None,
            };
            // Past the value read, if any, and the token.
            i += if field.is_some() { 2 } else { 1 };
        }
        info
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
        );
        assert_eq!(info.depth, Some(12));
        assert_eq!(info.seldepth, Some(17));
        assert_eq!(info.score, Some(Score::Cp(-35)));
        assert!(info.bound);
        assert_eq!((info.nodes, info.time), (Some(51234), Some(503)));
        assert_eq!(info.pv, "e2e4 e7e5");
        let mate = Info::parse("info depth 3 score mate -2 nodes 10 pv a1a2");
        assert_eq!(mate.score, Some(Score::Mate(-2)));
        assert!(!mate.bound);
        assert_eq!(
            Info::parse("info string NNUE evaluation using nn-x.nnue depth x"),
            Info::default()
        );
    }

    #[test]
    fn every_info_line_uci_allows_is_read_and_none_refused() {
        // Glaurung 2.2 prints `info depth N` alone as each iteration starts (search.cpp:590).
        let bare = |depth| Info {
            depth,
            ..Info::default()
        };
        assert_eq!(Info::parse("info depth 5"), bare(Some(5)));
        assert_eq!(Info::parse("info depth"), bare(None));
        assert_eq!(Info::parse("info"), bare(None));
        assert_eq!(
            Info::parse("info currmove e2e4 currmovenumber 1"),
            bare(None)
        );
        assert_eq!(Info::parse("info string depth 5 is near"), bare(None));
        // A value missing mid-line (say two lines run together): the word read as the next
        // token, the rest still read.
        let run_together = Info::parse("info depth info nodes 60000 nps 3 time 20");
        assert_eq!(run_together.depth, None);
        assert_eq!(
            (run_together.nodes, run_together.time),
            (Some(60000), Some(20))
        );
        let info = Info::parse("info depth ten score cp x seldepth 4 score mate 3 pv e2e4");
        assert_eq!((info.depth, info.seldepth), (None, Some(4)));
        assert_eq!(
            (info.score, info.pv.as_str()),
            (Some(Score::Mate(3)), "e2e4")
        );
        assert_eq!(Info::parse("info score wins 3 hashfull 10").score, None);
        assert_eq!(Info::parse("info score cp").score, None);
        assert!(Info::parse("info score cp 20 lowerbound").bound);
    }

    #[test]
    fn mate_scores_round_trip_through_ablates_own() {
        for m in [1, 2, 7, -1, -3, -10] {
            assert_eq!(mate_in(mate_score(m)), Some(m), "mate {m}");
        }
    }
}
