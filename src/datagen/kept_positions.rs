//! Which positions of a self-play game become training lines, and the line itself: the
//! field's text form `FEN | score | result`, score and result from white's side (bullet's
//! `ChessBoard::from_str` and marlinflow's converter read it so).
//!
//! Every position the variant searched is a candidate; three kinds are dropped, each for the
//! reason the field drops it (bullet's `simple` example filters the same three out of its
//! binpacks):
//! - the side to move is in check: the evaluation of a position in check is never read by the
//!   search (quiescence does not stand pat there), and its score is a line of forced replies;
//! - the best move is a capture or a promotion: the score is that of the exchange the search
//!   resolved, not of the position as it stands, which is what a static evaluation must judge;
//! - the score is a mate: it counts moves, not centipawns, and has no place on the sigmoid.

use crate::chess::notation::uci;
use crate::chess::{is_tactical, legal_moves};
use crate::game_record::GameResult;
use crate::matches::game::GameRecord;
use crate::matches::side::MoveNote;
use crate::search::MATE_BOUND;
use cozy_chess::{Board, Color, Move};

/// How many positions of a game were dropped, by reason.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Dropped {
    /// The side to move was in check.
    pub in_check: usize,
    /// The best move was a capture or a promotion.
    pub tactical: usize,
    /// The score was a mate.
    pub mate: usize,
}

impl Dropped {
    /// The sum with `other`.
    pub fn plus(self, other: Dropped) -> Dropped {
        Dropped {
            in_check: self.in_check + other.in_check,
            tactical: self.tactical + other.tactical,
            mate: self.mate + other.mate,
        }
    }
}

/// A game's training lines.
#[derive(Debug, Clone, PartialEq)]
pub struct KeptGame {
    /// `FEN | score | result` lines, each ending in a newline.
    pub lines: String,
    /// How many lines.
    pub kept: usize,
    /// What was dropped.
    pub dropped: Dropped,
}

/// White's result as the text form writes it: `1.0`, `0.5` or `0.0`.
pub fn result_text(result: GameResult) -> &'static str {
    match result {
        GameResult::WhiteWins => "1.0",
        GameResult::Draw => "0.5",
        GameResult::BlackWins => "0.0",
    }
}

/// The lines of `record`, a game played from `start`.
pub fn kept_positions(start: &Board, record: &GameRecord) -> KeptGame {
    kept_positions_where(start, record.result, &record.moves, |_| true)
        .expect("a game's moves are legal in its positions")
}

/// The lines of a game of `moves` from `start` that ended in `result`, among the positions
/// where `candidate` holds (all of them in self-play; a match's games keep only those whose
/// side to move is one of ablate's own searches, whose scores the net learns). The error
/// names the first move that is not legal where it was played.
pub fn kept_positions_where(
    start: &Board,
    result: GameResult,
    moves: &[MoveNote],
    mut candidate: impl FnMut(&Board) -> bool,
) -> Result<KeptGame, String> {
    let result = result_text(result);
    let mut board = start.clone();
    let mut kept = KeptGame {
        lines: String::new(),
        kept: 0,
        dropped: Dropped::default(),
    };
    for (ply, note) in moves.iter().enumerate() {
        let mv = legal_moves(&board)
            .into_iter()
            .find(|m| uci(&board, *m) == note.uci)
            .ok_or_else(|| {
                format!(
                    "ply {}: move \"{}\" is not legal in {board}",
                    ply + 1,
                    note.uci
                )
            })?;
        if candidate(&board) {
            keep_or_drop(&board, mv, note, result, &mut kept);
        }
        board.play_unchecked(mv);
    }
    Ok(kept)
}

/// Writes the line of `board`, where `mv` was played with `note`'s score, or counts why not.
fn keep_or_drop(board: &Board, mv: Move, note: &MoveNote, result: &str, kept: &mut KeptGame) {
    if !board.checkers().is_empty() {
        kept.dropped.in_check += 1;
    } else if is_tactical(board, mv) {
        kept.dropped.tactical += 1;
    } else if note.mate.is_some() || note.score_cp.abs() >= MATE_BOUND {
        kept.dropped.mate += 1;
    } else {
        let white = match board.side_to_move() {
            Color::White => note.score_cp,
            Color::Black => -note.score_cp,
        };
        kept.lines
            .push_str(&format!("{board} | {white} | {result}\n"));
        kept.kept += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::rules::Termination;

    fn note(uci: &str, score_cp: i32, mate: Option<i32>) -> MoveNote {
        MoveNote {
            uci: uci.into(),
            score_cp,
            mate,
            depth: 5,
            nodes: 100,
        }
    }

    #[test]
    fn each_kind_of_position_is_kept_or_dropped_for_its_reason() {
        // 1. e4 (kept, white +30), 1... d5 (kept, black's -20 is white's +20), 2. exd5
        // (a capture: dropped), 2... Qxd5 (dropped), 3. Nc3 (kept), 3... Qe5+ (kept: the
        // mover is not in check), 4. Be2 (in check: dropped), 4... Qg5 (a mate score: dropped).
        let record = GameRecord {
            result: GameResult::BlackWins,
            termination: Termination::AdjudicatedResign,
            detail: None,
            messages: Vec::new(),
            moves: vec![
                note("e2e4", 30, None),
                note("d7d5", -20, None),
                note("e4d5", 40, None),
                note("d8d5", 0, None),
                note("b1c3", 25, None),
                note("d5e5", -10, None),
                note("f1e2", -50, None),
                note("e5g5", 29990, Some(5)),
            ],
            nodes: [400, 400],
            time_ms: [1.0, 1.0],
        };
        let kept = kept_positions(&Board::default(), &record);
        assert_eq!(kept.kept, 4);
        assert_eq!(
            kept.dropped,
            Dropped {
                in_check: 1,
                tactical: 2,
                mate: 1
            }
        );
        let lines: Vec<&str> = kept.lines.lines().collect();
        assert_eq!(
            lines[0],
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 30 | 0.0"
        );
        assert_eq!(
            lines[1],
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 | 20 | 0.0"
        );
        assert!(
            lines[3].ends_with(" b KQkq - 1 3 | 10 | 0.0"),
            "{}",
            lines[3]
        );
    }
}
