//! How a game ends by the rules: checkmate, stalemate, threefold repetition over the game's
//! history, the fifty-move rule, insufficient material.

use crate::chess::repetition_key;
use crate::game_record::GameResult;
use cozy_chess::{BitBoard, Board, Piece};

crate::choice_enum! {
    /// Why a game ended.
    pub enum Termination {
        /// The side to move is mated.
        Checkmate = "checkmate",
        /// The side to move has no legal move and is not in check.
        Stalemate = "stalemate",
        /// The same position (side, castling, a usable en-passant square) a third time.
        Repetition = "threefold repetition",
        /// 100 plies without a capture or a pawn move.
        FiftyMoves = "fifty-move rule",
        /// Neither side can mate by any sequence of legal moves.
        InsufficientMaterial = "insufficient material",
        /// Both sides scored the position near 0 long enough (`--adjudicate draw=...`).
        AdjudicatedDraw = "adjudication: draw",
        /// Both sides agreed one side was lost (`--adjudicate resign=...`).
        AdjudicatedResign = "adjudication: resign",
        /// A side's clock ran out (`--tc`).
        TimeForfeit = "time forfeit",
        /// A side sent an illegal move or no move (an `info` line is never refused).
        RulesInfraction = "rules infraction",
        /// A side's engine exited or crashed.
        Abandoned = "abandoned",
    }
}

impl Termination {
    /// Its text.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

/// How the game stands after the last move: `None` while it goes on. `history` holds the
/// repetition keys of every earlier position of the game, oldest first.
pub fn game_over(board: &Board, history: &[u64]) -> Option<(GameResult, Termination)> {
    // Mate and stalemate first: a mate on the hundredth ply still wins.
    if !board.generate_moves(|_| true) {
        if board.checkers().is_empty() {
            return Some((GameResult::Draw, Termination::Stalemate));
        }
        let result = match board.side_to_move() {
            cozy_chess::Color::White => GameResult::BlackWins,
            cozy_chess::Color::Black => GameResult::WhiteWins,
        };
        return Some((result, Termination::Checkmate));
    }
    let key = repetition_key(board);
    if history.iter().filter(|k| **k == key).count() >= 2 {
        return Some((GameResult::Draw, Termination::Repetition));
    }
    if board.halfmove_clock() >= 100 {
        return Some((GameResult::Draw, Termination::FiftyMoves));
    }
    if insufficient_material(board) {
        return Some((GameResult::Draw, Termination::InsufficientMaterial));
    }
    None
}

/// No pawn, rook or queen, and at most one minor piece, or only bishops all on one colour.
pub fn insufficient_material(board: &Board) -> bool {
    let heavy = board.pieces(Piece::Pawn) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    if !heavy.is_empty() {
        return false;
    }
    let knights = board.pieces(Piece::Knight);
    let bishops = board.pieces(Piece::Bishop);
    if knights.len() + bishops.len() <= 1 {
        return true;
    }
    let dark = bishops & BitBoard::DARK_SQUARES;
    knights.is_empty() && (dark == bishops || dark.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        Board::from_fen(fen, false).unwrap()
    }

    /// The statistics read a fault back from the termination's text (`GameRow::fault`): every
    /// fault's name must read as one, with a detail after it as the CSV writes it, and no
    /// ending at the board may.
    #[test]
    fn every_fault_and_no_other_ending_reads_back_as_a_fault() {
        use crate::game_record::{FaultKind, GameRow};
        for name in Termination::NAMES {
            let row = GameRow {
                termination: format!("{name}: fruit: engine \"gnuchess -u\": detail"),
                ..GameRow::default()
            };
            let expected = match *name {
                "time forfeit" => Some(FaultKind::Forfeit),
                "abandoned" => Some(FaultKind::Crash),
                "rules infraction" => Some(FaultKind::Other),
                _ => None,
            };
            assert_eq!(row.fault(), expected, "{name}");
            let bare = GameRow {
                termination: name.to_string(),
                ..GameRow::default()
            };
            assert_eq!(bare.fault(), expected, "{name}");
        }
    }

    #[test]
    fn each_rule_ends_the_game() {
        let mated = board("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
        assert_eq!(
            game_over(&mated, &[]),
            Some((GameResult::WhiteWins, Termination::Checkmate))
        );
        let stalemate = board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assert_eq!(
            game_over(&stalemate, &[]),
            Some((GameResult::Draw, Termination::Stalemate))
        );
        let quiet = board("4k3/8/8/8/8/8/4P3/4K3 w - - 99 80");
        assert_eq!(game_over(&quiet, &[]), None);
        let fifty = board("4k3/8/8/8/8/8/4P3/4K3 w - - 100 80");
        assert_eq!(
            game_over(&fifty, &[]),
            Some((GameResult::Draw, Termination::FiftyMoves))
        );
        let key = repetition_key(&quiet);
        assert_eq!(game_over(&quiet, &[key]), None);
        assert_eq!(
            game_over(&quiet, &[key, 1, key]),
            Some((GameResult::Draw, Termination::Repetition))
        );
    }

    #[test]
    fn insufficient_material_as_the_rules_have_it() {
        for (fen, dead) in [
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true),
            ("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", true),
            ("4k3/8/8/8/8/8/8/3BK3 w - - 0 1", true),
            // d1 is light, f8 dark: a mate can be helped into being.
            ("4kb2/8/8/8/8/8/8/3BK3 w - - 0 1", false),
            ("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", false),
            // c8 and d1 are both light.
            ("2b1k3/8/8/8/8/8/8/3BK3 w - - 0 1", true),
            ("4k3/8/8/8/8/8/8/2NNK3 w - - 0 1", false),
            ("4k1n1/8/8/8/8/8/8/3NK3 w - - 0 1", false),
            ("4k3/8/8/8/8/8/8/3RK3 w - - 0 1", false),
        ] {
            assert_eq!(insufficient_material(&board(fen)), dead, "{fen}");
        }
    }
}
