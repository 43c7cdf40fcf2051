//! One finished game as the statistics read it: its row of the games CSV (`GameRow`, which
//! `matches::games_csv` reads and writes), its result, and each move's depth from its notes.
//! Below `stats` and `matches` both, so that what the games show is computed without the
//! code that plays them.

/// A game's result, as PGN writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    /// 1-0.
    WhiteWins,
    /// 0-1.
    BlackWins,
    /// 1/2-1/2.
    Draw,
}

impl GameResult {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// The result a PGN token names.
    pub fn parse(text: &str) -> Option<GameResult> {
        match text {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            _ => None,
        }
    }

    /// White's points: 1, ½ or 0.
    pub fn white_points(self) -> f64 {
        match self {
            GameResult::WhiteWins => 1.0,
            GameResult::BlackWins => 0.0,
            GameResult::Draw => 0.5,
        }
    }
}

/// One row of the games CSV.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GameRow {
    /// The experiment's name.
    #[serde(rename = "match")]
    pub match_name: String,
    /// The variant results are given for.
    pub variant: String,
    /// Its opponent.
    pub opponent: String,
    /// The pair (0-based) within the pairing.
    pub pair: usize,
    /// 0: the variant had white; 1: black.
    pub game: usize,
    /// The opening's id.
    pub opening: String,
    /// The opening position's FEN.
    pub fen: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// 1-0, 0-1 or 1/2-1/2.
    pub result: String,
    /// Why it ended.
    pub termination: String,
    /// Half-moves played from the opening.
    pub plies: usize,
    /// Nodes searched by white.
    pub white_nodes: u64,
    /// Nodes searched by black.
    pub black_nodes: u64,
    /// White's thinking time, milliseconds.
    pub white_time_ms: f64,
    /// Black's thinking time, milliseconds.
    pub black_time_ms: f64,
    /// The moves in UCI, space-separated.
    pub moves: String,
    /// Per move, `;`-separated: the move in UCI, then `score/depth nodes` from the mover's side
    /// (`e2e4 +0.25/5 1234`). In memory for every game; written only to a CSV of the old form
    /// (`NotesKept::InCsv`), where the cell starts with a move, so that no spreadsheet takes
    /// it for a formula.
    #[serde(default, skip_serializing)]
    pub notes: String,
    /// Hash of everything that decides the games.
    pub match_hash: String,
}

/// How an engine lost a game by a fault rather than by play, as the games CSV's termination
/// names it (`matches::rules::Termination`, written `kind: detail`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FaultKind {
    /// `time forfeit`: no move within its time (or its clock) plus the margin.
    Forfeit,
    /// `abandoned`: its engine exited, crashed or closed its pipes.
    Crash,
    /// `rules infraction`: an illegal move, or no move in a position that has one.
    Other,
}

impl GameRow {
    /// The fault the game ended by, if it ended by one: the side to move at the end lost it,
    /// whatever the position was worth.
    pub fn fault(&self) -> Option<FaultKind> {
        let kind = self.termination.split(':').next().unwrap_or("");
        match kind {
            "time forfeit" => Some(FaultKind::Forfeit),
            "abandoned" => Some(FaultKind::Crash),
            "rules infraction" => Some(FaultKind::Other),
            _ => None,
        }
    }

    /// The player (a variant's name) that lost the game: for a fault, the one at fault.
    pub fn loser(&self) -> Option<&str> {
        match GameResult::parse(&self.result)? {
            GameResult::WhiteWins => Some(&self.black),
            GameResult::BlackWins => Some(&self.white),
            GameResult::Draw => None,
        }
    }

    /// Whether a side's engine died in this game (it exited, or was killed by a signal, while
    /// ablate waited for its move): the game was not finished at the board, and cutechess and
    /// fastchess score it as that side's loss.
    pub fn crashed(&self) -> bool {
        self.termination.starts_with("abandoned") && self.termination.contains("exited")
    }

    /// Points the row's variant scored.
    pub fn variant_points(&self) -> f64 {
        let white = GameResult::parse(&self.result).map_or(0.5, |r| r.white_points());
        if self.white == self.variant {
            white
        } else {
            1.0 - white
        }
    }

    /// Nodes, moves and thinking time of `who` in this game.
    pub fn side_work(&self, who: &str) -> (u64, usize, f64) {
        let white_first = self.fen.split_whitespace().nth(1) != Some("b");
        let (first, second) = (self.plies.div_ceil(2), self.plies / 2);
        let (white_moves, black_moves) = if white_first {
            (first, second)
        } else {
            (second, first)
        };
        if self.white == who {
            (self.white_nodes, white_moves.max(1), self.white_time_ms)
        } else {
            (self.black_nodes, black_moves.max(1), self.black_time_ms)
        }
    }

    /// Each move of `who` with a depth in its note, and the move number it was played at.
    pub fn side_move_depths(&self, who: &str) -> Vec<MoveDepth> {
        let mut fields = self.fen.split_whitespace();
        let white_first = fields.nth(1) != Some("b");
        let first_number: u32 = fields.nth(3).and_then(|n| n.parse().ok()).unwrap_or(1);
        let mover_is_white = |i: usize| (i % 2 == 0) == white_first;
        let is_white = self.white == who;
        let mut out = Vec::new();
        for (i, note) in self.notes.split(';').enumerate() {
            if mover_is_white(i) != is_white {
                continue;
            }
            let depth = note
                .split_whitespace()
                .nth(1)
                .and_then(|eval| eval.rsplit_once('/'))
                .and_then(|(_, d)| d.parse::<u32>().ok());
            // Black's first move shares white's number when black moves first.
            let half_moves = i as u32 + u32::from(!white_first);
            if let Some(depth) = depth {
                out.push(MoveDepth {
                    move_number: first_number + half_moves / 2,
                    depth,
                });
            }
        }
        out
    }

    /// The nodes `who` searched at each of its moves whose note gives them (`move score/depth
    /// nodes`, movers alternating from the opening's side to move).
    pub fn side_move_nodes(&self, who: &str) -> Vec<u64> {
        let white_first = self.fen.split_whitespace().nth(1) != Some("b");
        let is_white = self.white == who;
        self.notes
            .split(';')
            .enumerate()
            .filter(|(i, _)| ((i % 2 == 0) == white_first) == is_white)
            .filter_map(|(_, note)| note.split_whitespace().nth(2)?.parse().ok())
            .collect()
    }

    /// The depths `who` reached, summed, and the moves whose notes give one: each note is
    /// `move score/depth nodes`, movers alternating from the opening's side to move.
    pub fn side_depths(&self, who: &str) -> (u64, usize) {
        let depths = self.side_move_depths(who);
        let sum = depths.iter().map(|m| u64::from(m.depth)).sum();
        (sum, depths.len())
    }
}

/// One move's depth and the game's move number it was played at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveDepth {
    /// The full-move number, as the PGN numbers it.
    pub move_number: u32,
    /// The depth the move was searched to.
    pub depth: u32,
}

#[cfg(test)]
impl GameRow {
    /// A game of variant "a" against "b" for unit tests: its pair, who had white, the result.
    pub fn a_against_b(pair: usize, white: &str, result: &str) -> GameRow {
        GameRow {
            variant: "a".into(),
            opponent: "b".into(),
            pair,
            white: white.into(),
            black: if white == "a" { "b" } else { "a" }.into(),
            result: result.into(),
            ..GameRow::default()
        }
    }
}
