//! The countermove heuristic (Uiterwijk 1992; Stockfish's `counterMoves`): the quiet move that
//! last refuted a move, indexed by that move's piece and destination, is tried right after the
//! killers wherever the same move is played again.

use cozy_chess::{Board, Move};

/// One reply per (coloured piece, destination) of the opponent's previous move.
pub struct CountermoveTable {
    replies: Box<[[Option<Move>; 64]; 12]>,
}

impl CountermoveTable {
    /// An empty table.
    pub fn new() -> Self {
        CountermoveTable {
            replies: Box::new([[None; 64]; 12]),
        }
    }

    /// The reply recorded against `previous`, the move that led to `board`.
    #[inline]
    pub fn reply(&self, board: &Board, previous: Option<Move>) -> Option<Move> {
        let index = index(board, previous?)?;
        self.replies[index][previous?.to as usize]
    }

    /// `reply` refuted `previous` in `board`: the next time, it is tried early.
    #[inline]
    pub fn record(&mut self, board: &Board, previous: Option<Move>, reply: Move) {
        if let Some((prev, index)) = previous.and_then(|p| Some((p, index(board, p)?))) {
            self.replies[index][prev.to as usize] = Some(reply);
        }
    }
}

impl Default for CountermoveTable {
    fn default() -> Self {
        Self::new()
    }
}

/// The coloured piece that made `previous`: it stands on its destination now, and it is the
/// side not to move's.
#[inline]
fn index(board: &Board, previous: Move) -> Option<usize> {
    let piece = board.piece_on(previous.to)?;
    Some(piece as usize + 6 * (!board.side_to_move()) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_is_found_against_the_same_piece_and_square_only() {
        let mut table = CountermoveTable::new();
        let mut board = Board::default();
        let e4: Move = "e2e4".parse().unwrap();
        board.play(e4);
        let reply: Move = "g8f6".parse().unwrap();
        assert_eq!(table.reply(&board, Some(e4)), None);
        table.record(&board, Some(e4), reply);
        assert_eq!(table.reply(&board, Some(e4)), Some(reply));
        assert_eq!(
            table.reply(&board, None),
            None,
            "no previous move, no reply"
        );
        // Another white pawn move to another square finds nothing.
        let mut other = Board::default();
        let d4: Move = "d2d4".parse().unwrap();
        other.play(d4);
        assert_eq!(table.reply(&other, Some(d4)), None);
    }
}
