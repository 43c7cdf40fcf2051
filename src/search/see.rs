//! Static exchange evaluation: the material a capture wins once both sides have recaptured on
//! its square as long as it pays, cheapest attacker first. X-ray attackers join as the pieces
//! in front of them leave; promotions and en passant count; pins are ignored, as is usual.

use crate::chess::{attacks, captured_piece, piece_value};
use cozy_chess::{
    get_bishop_moves, get_rook_moves, BitBoard, Board, Color, Move, Piece, Rank, Square,
};

/// The longest exchange: 32 pieces can stand on one board.
const MAX_SWAPS: usize = 33;

/// What `mv` wins in centipawns (eval.md's values) when both sides go on capturing on its
/// square only while it pays. A quiet move scores what it loses if the piece is taken.
pub fn see(board: &Board, mv: Move) -> i32 {
    let mover = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
    let taken = captured_piece(board, mv).map_or(0, piece_value) + promotion_gain(mv.promotion);
    see_known(board, mv, mover, taken)
}

/// `see` of a move whose piece and gain (`taken`: the victim's value, a pawn's for en passant,
/// plus a promotion's gain) the generator already knows. Never inlined: it would swell the
/// capture scoring that every ordering shares.
#[inline(never)]
pub fn see_known(board: &Board, mv: Move, mover: Piece, taken: i32) -> i32 {
    let occupied = occupied_after(board, mv, mover);
    // Every piece still on the board that attacks the square.
    let attackers = attackers_to(board, mv.to, occupied) & occupied;
    exchange(board, mv, mover, taken, occupied, attackers)
}

/// The board's occupancy once `mv` (by `mover`) has left its square, the pawn taken en passant
/// gone too.
#[inline(always)]
fn occupied_after(board: &Board, mv: Move, mover: Piece) -> BitBoard {
    let mut occupied = board.occupied() ^ mv.from.bitboard();
    if mover == Piece::Pawn && mv.from.file() != mv.to.file() && !board.occupied().has(mv.to) {
        // En passant: the taken pawn stands beside the target square.
        occupied ^= Square::new(mv.to.file(), mv.from.rank()).bitboard();
    }
    occupied
}

/// The exchange on `mv.to` once `mv` has been played: `occupied` the board after it, and
/// `attackers` every piece of either side on it that attacks the square. Never inlined: SEE
/// pruning and the capture orders share one copy.
#[inline(never)]
fn exchange(
    board: &Board,
    mv: Move,
    mover: Piece,
    taken: i32,
    mut occupied: BitBoard,
    mut attackers: BitBoard,
) -> i32 {
    let us = board.side_to_move();
    let to = mv.to;
    if (attackers & board.colors(!us)).is_empty() {
        // Nothing answers: the move keeps what it took (most moves SEE is asked about).
        return taken;
    }
    let mut gain = [0i32; MAX_SWAPS];
    gain[0] = taken;
    // The value of the piece now standing on the square, which the next capture wins.
    let mut on_square = mv.promotion.map_or(piece_value(mover), piece_value);
    if mover == Piece::King {
        on_square = KING_VALUE;
    }
    let mut side = !us;
    let mut depth = 0;
    let diagonal = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    let orthogonal = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    while let Some((piece, from)) = least_valuable(board, attackers & board.colors(side)) {
        let left = occupied ^ from.bitboard();
        // As a piece leaves, only a slider behind it on the same line can join: a pawn or a
        // bishop stands on a diagonal of the square, a rook on its rank or file, a knight on
        // neither; a queen or a king may stand on either.
        let mut remaining = attackers;
        if !matches!(piece, Piece::Knight | Piece::Rook) {
            remaining |= get_bishop_moves(to, left) & diagonal;
        }
        if matches!(piece, Piece::Rook | Piece::Queen | Piece::King) {
            remaining |= get_rook_moves(to, left) & orthogonal;
        }
        remaining &= left;
        // The king may take only if nothing of the other side then attacks the square.
        if piece == Piece::King && !(remaining & board.colors(!side)).is_empty() {
            break;
        }
        depth += 1;
        let promotes = piece == Piece::Pawn && to.rank() == Rank::Eighth.relative_to(side);
        gain[depth] = on_square - gain[depth - 1]
            + if promotes {
                promotion_gain(Some(Piece::Queen))
            } else {
                0
            };
        on_square = match piece {
            Piece::King => KING_VALUE,
            Piece::Pawn if promotes => piece_value(Piece::Queen),
            other => piece_value(other),
        };
        occupied = left;
        attackers = remaining;
        side = !side;
        if depth + 1 >= MAX_SWAPS {
            break;
        }
    }
    // Each side may stop capturing when going on would lose more.
    while depth > 0 {
        gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
        depth -= 1;
    }
    gain[0]
}

/// What a promotion to `p` adds: the new piece less the pawn.
#[inline]
fn promotion_gain(p: Option<Piece>) -> i32 {
    p.map_or(0, |p| piece_value(p) - piece_value(Piece::Pawn))
}

/// True when `see` of a capture by `piece` of `victim` cannot be negative, so it need not run:
/// the exchange may stop after one recapture, which costs at most the capturer, here worth no
/// more than the victim (the king counts 0: a legal king capture cannot be answered), or a
/// promoted piece worth the promotion's gain plus a pawn. A recapture that promotes gains
/// more, so captures on the capturer's first rank, where the opponent promotes, are excluded.
#[inline]
pub fn never_losing(us: Color, piece: Piece, victim: Piece, mv: Move) -> bool {
    mv.promotion.is_some()
        || (piece_value(victim) >= piece_value(piece)
            && mv.to.rank() != Rank::First.relative_to(us))
}

/// `see(board, mv) < -margin` (`margin` ≥ 0) for `mv` moving `mover`, answered without the
/// exchange where a bound decides it. The exchange can cost at most what stands on the square after `mv` (and the
/// promotion of a pawn that takes it on our first rank), so a move whose worst case stays
/// within the margin cannot lose more; and a move whose square nothing of the opponent's
/// attacks loses nothing. SEE pruning asks this of every move it sees, most of them quiet
/// moves to safe squares.
#[inline]
pub fn loses_more_than(board: &Board, mv: Move, mover: Piece, margin: i32) -> bool {
    debug_assert!(margin >= 0);
    let us = board.side_to_move();
    let to = mv.to;
    let taken = captured_piece(board, mv).map_or(0, piece_value) + promotion_gain(mv.promotion);
    let on_square = match mover {
        Piece::King => KING_VALUE,
        _ => mv.promotion.map_or(piece_value(mover), piece_value),
    };
    let promotes_back = if to.rank() == Rank::First.relative_to(us) {
        piece_value(Piece::Queen) - piece_value(Piece::Pawn)
    } else {
        0
    };
    if taken - on_square - promotes_back >= -margin {
        return false;
    }
    let occupied = occupied_after(board, mv, mover);
    let attackers = attackers_to(board, to, occupied) & occupied;
    if (attackers & board.colors(!us)).is_empty() {
        return false;
    }
    // The attackers just found are the exchange's own first ones: not looked up twice.
    exchange(board, mv, mover, taken, occupied, attackers) < -margin
}

/// The king as a capturer: worth more than anything, so taking it back is never "equal".
const KING_VALUE: i32 = 20_000;

/// Every piece of either colour attacking `sq` through `occupied` (sliders see through the
/// pieces already gone, which is how x-rays join in).
#[inline(always)]
fn attackers_to(board: &Board, sq: Square, occupied: BitBoard) -> BitBoard {
    let rooks = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    let bishops = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    (attacks::pawn(sq, Color::White) & board.colored_pieces(Color::Black, Piece::Pawn))
        | (attacks::pawn(sq, Color::Black) & board.colored_pieces(Color::White, Piece::Pawn))
        | (attacks::knight(sq) & board.pieces(Piece::Knight))
        | (attacks::king(sq) & board.pieces(Piece::King))
        | (get_rook_moves(sq, occupied) & rooks)
        | (get_bishop_moves(sq, occupied) & bishops)
}

/// The cheapest of `attackers`, with its square.
fn least_valuable(board: &Board, attackers: BitBoard) -> Option<(Piece, Square)> {
    Piece::ALL.iter().find_map(|&piece| {
        (attackers & board.pieces(piece))
            .into_iter()
            .next()
            .map(|sq| (piece, sq))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions and values worked out by hand from the exchange on the square, with eval.md's
    /// values (P 100, N 320, B 330, R 500, Q 900); the comment is the sequence that decides.
    const CASES: &[(&str, &str, i32, &str)] = &[
        ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100, "exd5, nothing recaptures"),
        ("4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 0, "exd5 cxd5: a pawn each"),
        ("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", -400, "Rxd5 cxd5: 100 - 500"),
        ("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 100, "Rxd5, undefended"),
        ("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100, "Rxd5 Rxd5 Rxd5: the x-ray rook on d1 joins; 100 - 500 + 500"),
        ("3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", -400, "Rxd5 Rxd5 Rxd5 Rxd5: black has the last rook; white should stop after the first recapture"),
        ("3qk3/8/8/3n4/8/8/3R4/3QK3 w - - 0 1", "d2d5", 320, "Rxd5 and black stops: Qxd5 Qxd5 would lose the queen for a rook"),
        ("4k3/8/4p3/3n4/8/8/3R4/3QK3 w - - 0 1", "d2d5", -80, "Rxd5 exd5 Qxd5: 320 - 500 + 100"),
        ("4k3/8/8/3r4/4N3/8/8/4K3 w - - 0 1", "e4d6", -320, "a quiet move onto d6, where the rook takes: Nd6 Rxd6"),
        ("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", 1300, "axb8=Q: the rook plus the promotion, nothing recaptures"),
        ("rn2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", 220, "axb8=Q Rxb8: 320 + 800 - 900"),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100, "exd6 en passant, nothing recaptures"),
        ("4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 0, "exd6 en passant, cxd6"),
        ("4k3/8/8/8/8/8/3p4/3QK3 w - - 0 1", "e1d2", 100, "Kxd2, undefended"),
        ("4k3/8/8/8/8/1n6/3p4/3QK3 w - - 0 1", "d1d2", -480, "Qxd2 Nxd2 Kxd2: 100 - 900 + 320"),
        ("4k3/3p4/8/8/8/8/3R4/4K3 w - - 0 1", "d2d7", -400, "Rxd7 Kxd7: 100 - 500"),
        ("4k3/3p4/8/8/8/8/3R4/3QK3 w - - 0 1", "d2d7", 100, "Rxd7, and the king may not take: the queen x-rays d7"),
        ("4k3/8/8/2b5/8/8/5Q2/4K3 w - - 0 1", "f2c5", 330, "Qxc5 along the diagonal, undefended"),
        ("3k4/8/8/1p6/2b5/8/8/5Q1K w - - 0 1", "f1c4", -570, "Qxc4 bxc4: 330 - 900"),
    ];

    /// The exchange as first written: every attacker looked up again after each capture.
    fn see_by_recomputing(board: &Board, mv: Move) -> i32 {
        let us = board.side_to_move();
        let to = mv.to;
        let mover = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
        let mut occupied = board.occupied() ^ mv.from.bitboard();
        if mover == Piece::Pawn && mv.from.file() != to.file() && !board.occupied().has(to) {
            occupied ^= Square::new(to.file(), mv.from.rank()).bitboard();
        }
        let promotion_gain =
            |p: Option<Piece>| p.map_or(0, |p| piece_value(p) - piece_value(Piece::Pawn));
        let mut gain = [0i32; MAX_SWAPS];
        gain[0] = captured_piece(board, mv).map_or(0, piece_value) + promotion_gain(mv.promotion);
        let mut on_square = mv.promotion.map_or(piece_value(mover), piece_value);
        if mover == Piece::King {
            on_square = KING_VALUE;
        }
        let mut side = !us;
        let mut depth = 0;
        loop {
            let attackers = attackers_to(board, to, occupied) & occupied & board.colors(side);
            let Some((piece, from)) = least_valuable(board, attackers) else {
                break;
            };
            if piece == Piece::King {
                let defenders = attackers_to(board, to, occupied ^ from.bitboard())
                    & (occupied ^ from.bitboard())
                    & board.colors(!side);
                if !defenders.is_empty() {
                    break;
                }
            }
            depth += 1;
            let promotes = piece == Piece::Pawn && to.rank() == Rank::Eighth.relative_to(side);
            gain[depth] = on_square - gain[depth - 1]
                + if promotes {
                    promotion_gain(Some(Piece::Queen))
                } else {
                    0
                };
            on_square = match piece {
                Piece::King => KING_VALUE,
                Piece::Pawn if promotes => piece_value(Piece::Queen),
                other => piece_value(other),
            };
            occupied ^= from.bitboard();
            side = !side;
            if depth + 1 >= MAX_SWAPS {
                break;
            }
        }
        while depth > 0 {
            gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
            depth -= 1;
        }
        gain[0]
    }

    #[test]
    fn the_same_values_as_looking_every_attacker_up_again() {
        let mut moves = 0;
        for board in crate::chess::sample::positions() {
            for mv in crate::chess::legal_moves(&board) {
                assert_eq!(
                    see(&board, mv),
                    see_by_recomputing(&board, mv),
                    "{board} {mv}"
                );
                moves += 1;
            }
        }
        assert!(moves > 500_000, "{moves} moves");
    }

    /// The generators' view of a capture (its piece and victim) gives the value `see` works
    /// out from the board, for the main search's tactical stage and for quiescence's captures.
    #[test]
    fn see_known_from_the_generators_is_see() {
        use crate::search::main_captures::generate_tactical;
        use crate::search::movegen::MoveList;
        use crate::search::ordering::gain_known;
        use crate::search::quiescence_captures::{generate_captures, CaptureList};
        let mut checked = 0;
        for board in crate::chess::sample::positions() {
            generate_tactical(&board, true, &mut MoveList::new(), |piece, victim, mv| {
                let taken = gain_known(victim, mv.promotion);
                assert_eq!(
                    see_known(&board, mv, piece, taken),
                    see(&board, mv),
                    "{board} {mv}"
                );
                checked += 1;
                None
            });
            let mut list = CaptureList::new();
            generate_captures(&board, &mut list, |_, _, _| Some(0));
            for c in list.iter() {
                let taken = gain_known(Some(c.victim), c.mv.promotion);
                assert_eq!(see_known(&board, c.mv, c.piece, taken), see(&board, c.mv));
                checked += 1;
            }
        }
        assert!(checked > 50_000, "{checked} captures");
    }

    #[test]
    fn loses_more_than_is_see_below_the_margin() {
        let mut decided = 0;
        for board in crate::chess::sample::positions() {
            for mv in crate::chess::legal_moves(&board) {
                let value = see(&board, mv);
                for margin in [0, 19, 64, 128, 171, 400, 1000] {
                    assert_eq!(
                        loses_more_than(&board, mv, board.piece_on(mv.from).unwrap(), margin),
                        value < -margin,
                        "{board} {mv} margin {margin}"
                    );
                    decided += usize::from(value < -margin);
                }
            }
        }
        assert!(
            decided > 10_000,
            "{decided} moves that lose more than a margin"
        );
    }

    #[test]
    fn never_losing_captures_never_lose() {
        use crate::search::quiescence_captures::{generate_captures, CaptureList};
        fn walk(board: &Board, depth: u32, seen: &mut usize) {
            let mut list = CaptureList::new();
            generate_captures(board, &mut list, |_, _, _| Some(0));
            for c in &list {
                if never_losing(board.side_to_move(), c.piece, c.victim, c.mv) {
                    assert!(see(board, c.mv) >= 0, "{board} {}", c.mv);
                    *seen += 1;
                }
            }
            if depth > 0 {
                for mv in crate::chess::legal_moves(board) {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    walk(&child, depth - 1, seen);
                }
            }
        }
        let mut seen = 0;
        for (fen, depth) in [
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                3,
            ),
            (
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                3,
            ),
            (
                "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                3,
            ),
            // A black pawn on b2 recaptures on a1 or c1 and promotes.
            ("4k3/8/8/8/8/8/1p6/r1R1K3 w - - 0 1", 2),
        ] {
            walk(&Board::from_fen(fen, false).unwrap(), depth, &mut seen);
        }
        assert!(seen > 100_000, "{seen} captures");
        // Rxa1 bxa1=Q: equal material taken, but the recapture promotes.
        let board = Board::from_fen("4k3/8/8/8/8/8/1p6/r1R1K3 w - - 0 1", false).unwrap();
        let rxa1: Move = "c1a1".parse().unwrap();
        assert!(!never_losing(Color::White, Piece::Rook, Piece::Rook, rxa1));
        assert!(see(&board, rxa1) < 0);
    }

    #[test]
    fn hand_worked_exchanges() {
        let mut failures = Vec::new();
        for &(fen, mv, expected, why) in CASES {
            let board = Board::from_fen(fen, false).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
            let mv: Move = mv.parse().unwrap();
            let got = see(&board, mv);
            if got != expected {
                failures.push(format!(
                    "{fen} {mv}: expected {expected} ({why}), got {got}"
                ));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
