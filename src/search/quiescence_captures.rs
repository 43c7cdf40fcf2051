//! Legal captures for quiescence, from cozy-chess's attack tables.
//!
//! `Board::generate_moves` produces every legal move, and quiescence would throw most of them
//! away: the king's quiet moves alone cost a safety test per square, and the profile put 70% of
//! the search there. This generator visits the same pieces in the same order as
//! `generate_moves` (pawns, en passant, knights, bishops, rooks, queens, king; unpinned before
//! pinned; squares ascending), so the capture order, and with it every node count, is the one
//! the full generator gives. The test below holds it to that, move for move.

use super::movegen::{king_captures, Scored};
use arrayvec::ArrayVec;
use cozy_chess::{
    get_bishop_moves, get_bishop_rays, get_knight_moves, get_line_rays, get_pawn_attacks,
    get_rook_moves, get_rook_rays, BitBoard, Board, Color, Piece, PieceMoves, Rank, Square,
};

/// A capture with the pieces involved, known at generation time.
#[derive(Debug, Clone, Copy)]
pub struct Capture {
    /// The move.
    pub mv: cozy_chess::Move,
    /// The capturing piece.
    pub piece: Piece,
    /// The captured piece (a pawn for en passant).
    pub victim: Piece,
    /// Ordering score.
    pub score: i32,
}

impl Scored for Capture {
    #[inline]
    fn score(&self) -> i32 {
        self.score
    }
}

/// A stack list of captures.
pub type CaptureList = ArrayVec<Capture, 256>;

/// Victims from most to least valuable: within one piece's captures, the order they are listed.
const VICTIMS: [Piece; 5] = [
    Piece::Queen,
    Piece::Rook,
    Piece::Bishop,
    Piece::Knight,
    Piece::Pawn,
];

/// Appends every legal capture (en passant and capture-promotions included), victim by victim,
/// so no square lookup is needed afterwards; `score` returns `None` to leave a capture out.
#[inline]
pub fn generate_captures(
    board: &Board,
    list: &mut CaptureList,
    score: impl FnMut(Piece, Piece, Option<Piece>) -> Option<i32>,
) {
    let us = board.side_to_move();
    let them = board.colors(!us);
    let checkers = board.checkers();
    let king = board.king(us);
    let mut sink = Sink { board, list, score };

    // Under double check only the king may move.
    if checkers.len() < 2 {
        let in_check = !checkers.is_empty();
        // In check a capture must take the checker: the squares between it and the king are empty.
        let targets = if in_check { checkers } else { them };
        let pinned = board.pinned();
        let occupied = board.occupied();

        let pawns = board.colored_pieces(us, Piece::Pawn);
        for from in pawns & !pinned {
            sink.group(Piece::Pawn, from, get_pawn_attacks(from, us) & targets);
        }
        if !in_check {
            for from in pawns & pinned {
                let along_pin = get_line_rays(king, from);
                sink.group(
                    Piece::Pawn,
                    from,
                    get_pawn_attacks(from, us) & targets & along_pin,
                );
            }
        }
        if let Some(file) = board.en_passant() {
            en_passant(&mut sink, us, file, pawns, king);
        }
        for from in board.colored_pieces(us, Piece::Knight) & !pinned {
            sink.group(Piece::Knight, from, get_knight_moves(from) & targets);
        }
        let bishop = |from| get_bishop_moves(from, occupied);
        let rook = |from| get_rook_moves(from, occupied);
        let queen = |from| bishop(from) | rook(from);
        sink.slider(Piece::Bishop, targets, pinned, in_check, king, bishop);
        sink.slider(Piece::Rook, targets, pinned, in_check, king, rook);
        sink.slider(Piece::Queen, targets, pinned, in_check, king, queen);
    }
    sink.group(Piece::King, king, king_captures(board, us, king, them));
}

/// Where generated captures go: the list, filtered and scored.
struct Sink<'a, F> {
    board: &'a Board,
    list: &'a mut CaptureList,
    score: F,
}

impl<F: FnMut(Piece, Piece, Option<Piece>) -> Option<i32>> Sink<'_, F> {
    /// One piece's captures onto `to`, most valuable victim first.
    #[inline(always)]
    fn group(&mut self, piece: Piece, from: Square, to: BitBoard) {
        if to.is_empty() {
            return;
        }
        for victim in VICTIMS {
            let on = to & self.board.pieces(victim);
            if !on.is_empty() {
                self.push(piece, victim, from, on);
            }
        }
    }

    /// One slider kind's captures: unpinned pieces, then pinned ones along their pin. A generic
    /// `reach`, not a loop over kinds, so each kind's attack lookup is inlined (7% of the search).
    #[inline(always)]
    fn slider(
        &mut self,
        piece: Piece,
        targets: BitBoard,
        pinned: BitBoard,
        in_check: bool,
        king: Square,
        reach: impl Fn(Square) -> BitBoard,
    ) {
        let ours = self.board.colored_pieces(self.board.side_to_move(), piece);
        for from in ours & !pinned {
            self.group(piece, from, reach(from) & targets);
        }
        // In check a pinned piece can never take the checker.
        if !in_check {
            for from in ours & pinned {
                self.group(
                    piece,
                    from,
                    reach(from) & targets & get_line_rays(king, from),
                );
            }
        }
    }

    /// Captures of one victim kind, in cozy-chess's iteration order (promotions included).
    #[inline(always)]
    fn push(&mut self, piece: Piece, victim: Piece, from: Square, to: BitBoard) {
        for mv in (PieceMoves { piece, from, to }) {
            if let Some(score) = (self.score)(piece, victim, mv.promotion) {
                self.list.push(Capture {
                    mv,
                    piece,
                    victim,
                    score,
                });
            }
        }
    }
}

/// The en passant captures, tested as cozy-chess tests them.
#[inline]
fn en_passant<F: FnMut(Piece, Piece, Option<Piece>) -> Option<i32>>(
    sink: &mut Sink<'_, F>,
    us: Color,
    file: cozy_chess::File,
    pawns: BitBoard,
    king: Square,
) {
    let dest = Square::new(file, Rank::Third.relative_to(!us));
    for from in en_passant_takers(sink.board, us, file, pawns, king) {
        sink.push(Piece::Pawn, Piece::Pawn, from, dest.bitboard());
    }
}

/// Which of `pawns` may take en passant on `file`, tested as cozy-chess tests them: play the
/// capture on the occupancy and look for a slider that now sees the king (pinned pawns
/// included, since the test covers them).
#[inline]
pub fn en_passant_takers(
    board: &Board,
    us: Color,
    file: cozy_chess::File,
    pawns: BitBoard,
    king: Square,
) -> BitBoard {
    let their = board.colors(!us);
    let diagonal = their & (board.pieces(Piece::Bishop) | board.pieces(Piece::Queen));
    let orthogonal = their & (board.pieces(Piece::Rook) | board.pieces(Piece::Queen));
    let dest = Square::new(file, Rank::Third.relative_to(!us));
    let victim = Square::new(file, Rank::Fourth.relative_to(!us));
    let mut takers = BitBoard::EMPTY;
    for from in get_pawn_attacks(dest, !us) & pawns {
        let occupied = board.occupied() ^ victim.bitboard() ^ from.bitboard() | dest.bitboard();
        if !(get_bishop_rays(king) & diagonal).is_empty()
            && !(get_bishop_moves(king, occupied) & diagonal).is_empty()
        {
            continue;
        }
        if !(get_rook_rays(king) & orthogonal).is_empty()
            && !(get_rook_moves(king, occupied) & orthogonal).is_empty()
        {
            continue;
        }
        takers |= from.bitboard();
    }
    takers
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::sample::positions;

    /// The order this generator must reproduce: `generate_moves`' groups, split by victim.
    fn reference(board: &Board) -> Vec<(cozy_chess::Move, Piece, Piece)> {
        let us = board.side_to_move();
        let ep = match board.en_passant() {
            Some(file) => Square::new(file, Rank::Sixth.relative_to(us)).bitboard(),
            None => BitBoard::EMPTY,
        };
        let mut out = Vec::new();
        board.generate_moves(|moves| {
            let extra = if moves.piece == Piece::Pawn {
                ep
            } else {
                BitBoard::EMPTY
            };
            let targets = moves.to & (board.colors(!us) | extra);
            for victim in VICTIMS {
                let mut on = targets & board.pieces(victim);
                if victim == Piece::Pawn {
                    on |= targets & ep;
                }
                let mut subset = moves;
                subset.to = on;
                out.extend(subset.into_iter().map(|mv| (mv, moves.piece, victim)));
            }
            false
        });
        out
    }

    #[test]
    fn same_captures_in_the_same_order_as_the_full_generator() {
        let boards = positions();
        assert!(boards.len() > 20_000, "{} positions", boards.len());
        let (mut in_check, mut double_check, mut with_ep, mut with_pins) = (0, 0, 0, 0);
        for board in &boards {
            let mut list = CaptureList::new();
            generate_captures(board, &mut list, |_, _, _| Some(0));
            let fast: Vec<_> = list.iter().map(|c| (c.mv, c.piece, c.victim)).collect();
            assert_eq!(fast, reference(board), "{board}");
            in_check += usize::from(!board.checkers().is_empty());
            double_check += usize::from(board.checkers().len() > 1);
            with_ep += usize::from(board.en_passant().is_some());
            with_pins += usize::from(!board.pinned().is_empty());
        }
        // The walk must have exercised the special cases, or the comparison proves little.
        assert!(
            in_check > 1000 && double_check > 10 && with_ep > 100 && with_pins > 500,
            "{in_check} {double_check} {with_ep} {with_pins}"
        );
    }

    #[test]
    fn the_filter_leaves_captures_out() {
        let board = Board::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            false,
        )
        .unwrap();
        let mut list = CaptureList::new();
        generate_captures(&board, &mut list, |piece, victim, _| {
            (piece == Piece::Pawn).then_some(victim as i32)
        });
        assert!(!list.is_empty());
        assert!(list
            .iter()
            .all(|c| c.piece == Piece::Pawn && c.score == c.victim as i32));
    }

    #[test]
    fn the_evaluation_after_a_capture_is_the_childs() {
        use crate::chess::eval::{
            evaluate, evaluate_after_capture, psq_delta_capture, psq_without_kings, EvalKind,
        };
        let mut captures = 0;
        for board in positions() {
            let mut list = CaptureList::new();
            generate_captures(&board, &mut list, |_, _, _| Some(0));
            let psq = psq_without_kings(&board);
            for c in &list {
                let mut child = board.clone();
                child.play_unchecked(c.mv);
                let child_psq = psq + psq_delta_capture(&board, c.mv, c.piece, c.victim);
                for kind in [EvalKind::Pst, EvalKind::Material] {
                    let before =
                        evaluate_after_capture(&board, kind, c.mv, c.piece, c.victim, child_psq);
                    assert_eq!(
                        before,
                        Some(evaluate(&child, kind)),
                        "{board} {} {kind:?}",
                        c.mv
                    );
                }
                captures += 1;
            }
        }
        assert!(captures > 20_000, "{captures} captures");
    }
}
