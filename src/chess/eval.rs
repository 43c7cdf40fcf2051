//! The two evaluations of `eval.md`: `material` and `pst` (Michniewski's tables).

use super::pawn_cache::PawnCache;
use super::pesto;
use super::piece_value;
use super::terms::{self, Terms};
use cozy_chess::{BitBoard, Board, Color, Piece, Square};

crate::choice_enum! {
    /// Which static evaluation the search uses.
    pub enum EvalKind {
        /// Material only.
        Material = "material",
        /// Material plus Michniewski's piece-square tables.
        Pst = "pst",
        /// PeSTO's tables blended by game phase, plus Fruit 2.1's terms (`chess::terms`).
        Tapered = "tapered",
        /// A learned network (`chess::nnue`), the one `eval.net` names.
        Nnue = "nnue",
    }
}

/// The incremental part the search keeps from node to node: for `pst` the material and
/// tables of every piece but the kings (`psq_without_kings`), for `tapered` PeSTO's packed
/// middlegame and endgame sum (`pesto::psq`), for `material` nothing.
pub fn initial_psq(board: &Board, kind: EvalKind) -> i32 {
    match kind {
        EvalKind::Material => 0,
        EvalKind::Pst => psq_without_kings(board),
        EvalKind::Tapered => pesto::psq(board).0,
        // The network's incremental part is its accumulators, which the search keeps per ply.
        EvalKind::Nnue => 0,
    }
}

/// How `mv`, moving `piece`, changes `initial_psq`; read before the move is played.
#[inline(always)]
pub fn psq_change(board: &Board, kind: EvalKind, mv: cozy_chess::Move, piece: Piece) -> i32 {
    match kind {
        EvalKind::Material => 0,
        EvalKind::Pst => psq_delta_known(board, mv, piece),
        EvalKind::Tapered => pesto::delta(board, mv, piece).0,
        EvalKind::Nnue => 0,
    }
}

/// The `tapered` evaluation from the side to move, from its kept PeSTO sum.
#[inline]
pub fn evaluate_tapered(board: &Board, terms: &Terms, psq: i32, pawns: &PawnCache) -> i32 {
    let white = pesto::Packed(psq) + terms::score_with(board, terms, &pawns.lookup(board, terms));
    let tempo = if !terms.tempo {
        pesto::Packed::default()
    } else if board.side_to_move() == Color::White {
        terms::TEMPO
    } else {
        -terms::TEMPO
    };
    let total = white + tempo;
    let value = pesto::taper(total.mg(), total.eg(), pesto::phase(board));
    if board.side_to_move() == Color::White {
        value
    } else {
        -value
    }
}

/// White's material plus piece-square score of every piece but the kings, the part a move updates.
pub fn psq_without_kings(board: &Board) -> i32 {
    let side = |color: Color| -> i32 {
        let mut score = 0;
        for &piece in &[
            Piece::Pawn,
            Piece::Knight,
            Piece::Bishop,
            Piece::Rook,
            Piece::Queen,
        ] {
            for sq in board.colored_pieces(color, piece) {
                score += pst_term(piece, color, sq, false);
            }
        }
        score
    };
    side(Color::White) - side(Color::Black)
}

/// How a move changes `psq_without_kings` (White's view); read before the move is played.
#[inline(always)]
pub fn psq_delta(board: &Board, mv: cozy_chess::Move) -> i32 {
    match board.piece_on(mv.from) {
        Some(piece) => psq_delta_known(board, mv, piece),
        None => 0,
    }
}

/// `psq_delta` with the moving piece known.
#[inline(always)]
pub fn psq_delta_known(board: &Board, mv: cozy_chess::Move, piece: Piece) -> i32 {
    let us = board.side_to_move();
    let sign = if us == Color::White { 1 } else { -1 };
    let mut delta = 0;
    if piece == Piece::King {
        // cozy-chess castles as king-takes-own-rook: only the rook's move counts here.
        if board.colored_pieces(us, Piece::Rook).has(mv.to) {
            let rank = mv.from.rank();
            let rook_to = if mv.to.file() > mv.from.file() {
                cozy_chess::File::F
            } else {
                cozy_chess::File::D
            };
            delta += pst_term(Piece::Rook, us, Square::new(rook_to, rank), false)
                - pst_term(Piece::Rook, us, mv.to, false);
            return sign * delta;
        }
    } else {
        let landed = mv.promotion.unwrap_or(piece);
        delta += pst_term(landed, us, mv.to, false) - pst_term(piece, us, mv.from, false);
    }
    if let Some(victim) = board
        .piece_on(mv.to)
        .filter(|_| board.colors(!us).has(mv.to))
    {
        delta += pst_term(victim, !us, mv.to, false);
    } else if piece == Piece::Pawn && mv.from.file() != mv.to.file() {
        // En passant: the pawn taken stands beside the target square.
        let taken = Square::new(mv.to.file(), mv.from.rank());
        delta += pst_term(Piece::Pawn, !us, taken, false);
    }
    sign * delta
}

/// `psq_delta` for a capture whose pieces are known (never castling).
#[inline(always)]
pub fn psq_delta_capture(board: &Board, mv: cozy_chess::Move, piece: Piece, victim: Piece) -> i32 {
    let us = board.side_to_move();
    let landed = mv.promotion.unwrap_or(piece);
    let mut delta = if piece == Piece::King {
        0
    } else {
        pst_term(landed, us, mv.to, false) - pst_term(piece, us, mv.from, false)
    };
    let victim_sq = if board.occupied().has(mv.to) {
        mv.to
    } else {
        Square::new(mv.to.file(), mv.from.rank())
    };
    delta += pst_term(victim, !us, victim_sq, false);
    if us == Color::White {
        delta
    } else {
        -delta
    }
}

/// The evaluation from an incrementally kept `initial_psq` (for `pst`, adding the kings').
#[inline(always)]
pub fn evaluate_incremental(
    board: &Board,
    kind: EvalKind,
    terms: &Terms,
    psq: i32,
    pawns: &PawnCache,
) -> i32 {
    match kind {
        EvalKind::Material | EvalKind::Nnue => evaluate(board, kind),
        EvalKind::Tapered => evaluate_tapered(board, terms, psq, pawns),
        EvalKind::Pst => {
            let endgame = is_king_endgame(board);
            let white = psq
                + pst_term(Piece::King, Color::White, board.king(Color::White), endgame)
                - pst_term(Piece::King, Color::Black, board.king(Color::Black), endgame);
            if board.side_to_move() == Color::White {
                white
            } else {
                -white
            }
        }
    }
}

/// `evaluate(child)` for the child a capture (or capture-promotion) `mv` of `victim` by `piece`
/// leads to, from the child's side to move, without playing it: `child_psq` is the child's
/// incremental `psq_without_kings`. Quiescence asks it before the make, as most of its
/// children stand pat at once and need no board of their own. `None` for `tapered`, whose
/// terms need the board after the move.
#[inline]
pub fn evaluate_after_capture(
    board: &Board,
    kind: EvalKind,
    mv: cozy_chess::Move,
    piece: Piece,
    victim: Piece,
    child_psq: i32,
) -> Option<i32> {
    let us = board.side_to_move();
    let sign = if us == Color::White { 1 } else { -1 };
    let white = match kind {
        EvalKind::Tapered | EvalKind::Nnue => return None,
        EvalKind::Material => {
            let promotion = mv
                .promotion
                .map_or(0, |p| piece_value(p) - piece_value(Piece::Pawn));
            material(board, Color::White) - material(board, Color::Black)
                + sign * (piece_value(victim) + promotion)
        }
        EvalKind::Pst => {
            let count = |color: Color, p: Piece| {
                let mut n = board.colored_pieces(color, p).len();
                if color != us && p == victim {
                    n -= 1;
                }
                if color == us && mv.promotion.is_some() {
                    n += u32::from(Some(p) == mv.promotion);
                    n -= u32::from(p == Piece::Pawn);
                }
                n
            };
            let endgame = Color::ALL.iter().all(|&color| {
                let queens = count(color, Piece::Queen);
                queens == 0
                    || (queens == 1
                        && count(color, Piece::Rook) == 0
                        && count(color, Piece::Knight) + count(color, Piece::Bishop) <= 1)
            });
            let king = |color: Color| {
                if color == us && piece == Piece::King {
                    mv.to
                } else {
                    board.king(color)
                }
            };
            child_psq + pst_term(Piece::King, Color::White, king(Color::White), endgame)
                - pst_term(Piece::King, Color::Black, king(Color::Black), endgame)
        }
    };
    // The child's side to move is the opponent.
    Some(-sign * white)
}

/// Static evaluation from the side to move's point of view, in centipawns (`tapered` with
/// every term, `nnue` with the embedded default net; `evaluate_incremental` takes the terms a
/// configuration switches on, and the search the net it names).
pub fn evaluate(board: &Board, kind: EvalKind) -> i32 {
    let us = board.side_to_move();
    let white = match kind {
        EvalKind::Tapered => {
            return evaluate_tapered(
                board,
                &Terms::ALL,
                pesto::psq(board).0,
                &PawnCache::default(),
            );
        }
        EvalKind::Nnue => return super::nnue::default_network().evaluate_board(board),
        EvalKind::Material => material(board, Color::White) - material(board, Color::Black),
        EvalKind::Pst => {
            let endgame = is_king_endgame(board);
            side_pst(board, Color::White, endgame) - side_pst(board, Color::Black, endgame)
        }
    };
    if us == Color::White {
        white
    } else {
        -white
    }
}

fn material(board: &Board, color: Color) -> i32 {
    Piece::ALL
        .iter()
        .map(|&p| board.colored_pieces(color, p).len() as i32 * piece_value(p))
        .sum()
}

fn side_pst(board: &Board, color: Color, endgame: bool) -> i32 {
    let mut score = 0;
    for &piece in &Piece::ALL {
        let table = table_for(piece, endgame);
        let value = piece_value(piece);
        for sq in board.colored_pieces(color, piece) {
            score += value + table[table_index(sq, color)] as i32;
        }
    }
    score
}

/// Material plus the piece-square entry of one piece, the unit an incremental update adds or removes.
#[inline]
pub fn pst_term(piece: Piece, color: Color, sq: Square, endgame: bool) -> i32 {
    piece_value(piece) + table_for(piece, endgame)[table_index(sq, color)] as i32
}

/// The tables are printed with rank 8 first, from White's side; Black reads them mirrored.
#[inline]
fn table_index(sq: Square, color: Color) -> usize {
    let rank = sq as usize / 8;
    let file = sq as usize % 8;
    match color {
        Color::White => (7 - rank) * 8 + file,
        Color::Black => rank * 8 + file,
    }
}

#[inline]
fn table_for(piece: Piece, endgame: bool) -> &'static [i8; 64] {
    match piece {
        Piece::Pawn => &PAWN,
        Piece::Knight => &KNIGHT,
        Piece::Bishop => &BISHOP,
        Piece::Rook => &ROOK,
        Piece::Queen => &QUEEN,
        Piece::King if endgame => &KING_END,
        Piece::King => &KING_MIDDLE,
    }
}

/// The end-game king table applies when no side with a queen has more than one minor besides it.
pub fn is_king_endgame(board: &Board) -> bool {
    Color::ALL.iter().all(|&color| {
        let queens = board.colored_pieces(color, Piece::Queen).len();
        if queens == 0 {
            return true;
        }
        let minors: BitBoard =
            board.colored_pieces(color, Piece::Knight) | board.colored_pieces(color, Piece::Bishop);
        queens == 1 && board.colored_pieces(color, Piece::Rook).is_empty() && minors.len() <= 1
    })
}

#[rustfmt::skip]
const PAWN: [i8; 64] = [
      0,  0,  0,  0,  0,  0,  0,  0,
     50, 50, 50, 50, 50, 50, 50, 50,
     10, 10, 20, 30, 30, 20, 10, 10,
      5,  5, 10, 25, 25, 10,  5,  5,
      0,  0,  0, 20, 20,  0,  0,  0,
      5, -5,-10,  0,  0,-10, -5,  5,
      5, 10, 10,-20,-20, 10, 10,  5,
      0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
const KNIGHT: [i8; 64] = [
    -50,-40,-30,-30,-30,-30,-40,-50,
    -40,-20,  0,  0,  0,  0,-20,-40,
    -30,  0, 10, 15, 15, 10,  0,-30,
    -30,  5, 15, 20, 20, 15,  5,-30,
    -30,  0, 15, 20, 20, 15,  0,-30,
    -30,  5, 10, 15, 15, 10,  5,-30,
    -40,-20,  0,  5,  5,  0,-20,-40,
    -50,-40,-30,-30,-30,-30,-40,-50,
];
#[rustfmt::skip]
const BISHOP: [i8; 64] = [
    -20,-10,-10,-10,-10,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5, 10, 10,  5,  0,-10,
    -10,  5,  5, 10, 10,  5,  5,-10,
    -10,  0, 10, 10, 10, 10,  0,-10,
    -10, 10, 10, 10, 10, 10, 10,-10,
    -10,  5,  0,  0,  0,  0,  5,-10,
    -20,-10,-10,-10,-10,-10,-10,-20,
];
#[rustfmt::skip]
const ROOK: [i8; 64] = [
      0,  0,  0,  0,  0,  0,  0,  0,
      5, 10, 10, 10, 10, 10, 10,  5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
      0,  0,  0,  5,  5,  0,  0,  0,
];
#[rustfmt::skip]
const QUEEN: [i8; 64] = [
    -20,-10,-10, -5, -5,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5,  5,  5,  5,  0,-10,
     -5,  0,  5,  5,  5,  5,  0, -5,
      0,  0,  5,  5,  5,  5,  0, -5,
    -10,  5,  5,  5,  5,  5,  0,-10,
    -10,  0,  5,  0,  0,  0,  0,-10,
    -20,-10,-10, -5, -5,-10,-10,-20,
];
#[rustfmt::skip]
const KING_MIDDLE: [i8; 64] = [
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -20,-30,-30,-40,-40,-30,-30,-20,
    -10,-20,-20,-20,-20,-20,-20,-10,
     20, 20,  0,  0,  0,  0, 20, 20,
     20, 30, 10,  0,  0, 10, 30, 20,
];
#[rustfmt::skip]
const KING_END: [i8; 64] = [
    -50,-40,-30,-20,-20,-30,-40,-50,
    -30,-20,-10,  0,  0,-10,-20,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-30,  0,  0,  0,  0,-30,-30,
    -50,-30,-30,-30,-30,-30,-30,-50,
];

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        Board::from_fen(fen, false).unwrap()
    }

    #[test]
    fn initial_position_is_level_for_both_evaluations() {
        let b = Board::default();
        assert_eq!(evaluate(&b, EvalKind::Material), 0);
        assert_eq!(evaluate(&b, EvalKind::Pst), 0);
    }

    #[test]
    fn material_is_from_the_side_to_move() {
        // White is a queen up; Black to move sees -900.
        let b = board("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
        assert_eq!(evaluate(&b, EvalKind::Material), -900);
    }

    #[test]
    fn pst_mirrors_black_vertically() {
        // A black pawn on e7 reads White's e2 entry (-20); a white pawn on e2 the same.
        let w = board("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        let b = board("4k3/4p3/8/8/8/8/8/4K3 b - - 0 1");
        assert_eq!(evaluate(&w, EvalKind::Pst), evaluate(&b, EvalKind::Pst));
        // Kings alone: end-game table, e1 = -30 and e8 = -30 cancel; the pawn is 100 - 20.
        assert_eq!(evaluate(&w, EvalKind::Pst), 80);
    }

    #[test]
    fn incremental_update_matches_a_full_evaluation() {
        // Castling both ways, en passant, promotions with and without capture, captures.
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
        ];
        for fen in fens {
            let board = board(fen);
            let psq = psq_without_kings(&board);
            for mv in crate::chess::legal_moves(&board) {
                let mut child = board.clone();
                child.play_unchecked(mv);
                let incremental = psq + psq_delta(&board, mv);
                assert_eq!(incremental, psq_without_kings(&child), "{fen} {mv}");
                let piece = board.piece_on(mv.from).unwrap();
                let tapered = initial_psq(&board, EvalKind::Tapered).wrapping_add(psq_change(
                    &board,
                    EvalKind::Tapered,
                    mv,
                    piece,
                ));
                assert_eq!(
                    tapered,
                    initial_psq(&child, EvalKind::Tapered),
                    "{fen} {mv}"
                );
                assert_eq!(
                    evaluate_incremental(
                        &child,
                        EvalKind::Tapered,
                        &Terms::ALL,
                        tapered,
                        &PawnCache::new()
                    ),
                    evaluate(&child, EvalKind::Tapered)
                );
                assert_eq!(
                    evaluate_incremental(
                        &child,
                        EvalKind::Pst,
                        &Terms::ALL,
                        incremental,
                        &PawnCache::default()
                    ),
                    evaluate(&child, EvalKind::Pst)
                );
            }
        }
    }

    #[test]
    fn endgame_rule_follows_eval_md() {
        assert!(is_king_endgame(&board("4k3/8/8/8/8/8/8/4K3 w - - 0 1")));
        // Queen plus one minor each: still the end game.
        assert!(is_king_endgame(&board("3qkn2/8/8/8/8/8/8/3QKB2 w - - 0 1")));
        // Queen plus a rook: middle game.
        assert!(!is_king_endgame(&board("3qk3/8/8/8/8/8/8/R2QK3 w - - 0 1")));
        // Queen plus two minors: middle game.
        assert!(!is_king_endgame(&board(
            "3qk3/8/8/8/8/8/8/2BQKB2 w - - 0 1"
        )));
        assert!(!is_king_endgame(&Board::default()));
    }
}
