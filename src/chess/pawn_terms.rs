//! The `tapered` evaluation's pawn terms, the part `chess::pawn_cache` keeps: Fruit 2.1's pawn
//! structure and passed pawns (`pawn.cpp`, `eval.cpp`) and its king shelter and storm
//! (`eval.cpp`'s `shelter_square`), in centipawns as (middlegame, endgame) pairs.
//!
//! Fruit reads each pawn in turn; here the board's pawns are read as sets (a file's pawns, the
//! squares ahead of them), so a doubled, isolated or passed pawn is found for all pawns at
//! once, and a file's nearest pawn is its lowest or highest bit. The values are Fruit's, pawn
//! for pawn: the tests hold them to a reading of each pawn in turn.

use super::pesto::Packed;
use cozy_chess::{BitBoard, Board, Color, File, Piece, Rank, Square};

/// Doubled pawn, isolated pawn, isolated pawn on an open file (no enemy pawn ahead).
const DOUBLED: Packed = Packed::new(-10, -20);
const ISOLATED: Packed = Packed::new(-10, -20);
const ISOLATED_OPEN: Packed = Packed::new(-20, -20);
/// Fruit's `Bonus[]`: a passed pawn's share of its full bonus by rank (of 256), rank 1 first.
static PASSED_BONUS: [i32; 8] = [0, 0, 0, 26, 77, 154, 256, 0];
const PASSED_OPENING: (i32, i32) = (10, 70);
const PASSED_ENDGAME: (i32, i32) = (20, 140);
const ATTACKER_DISTANCE: i32 = 5;
const DEFENDER_DISTANCE: i32 = 20;
/// Pawn storm: an enemy pawn on its 4th, 5th or 6th rank near the king.
static STORM: [i32; 8] = [0, 0, 0, 10, 30, 60, 0, 0];

/// The terms that depend only on the pawns, the kings' squares and the castling rights.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PawnTerms {
    /// White's pawn structure and passed pawns minus Black's.
    pub pawns: Packed,
    /// Each side's shelter and storm penalty (White, Black), counted where its king is in danger.
    pub shelter: [i32; 2],
}

/// Which of the pawn terms count: `eval.pawn_structure` and `eval.passed_pawns`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PawnSwitches {
    /// Doubled and isolated pawns.
    pub structure: bool,
    /// Passed pawns.
    pub passed: bool,
}

/// Works out the pawn terms of `board`.
pub fn pawn_terms(board: &Board, on: PawnSwitches) -> PawnTerms {
    let pawns = if on.structure || on.passed {
        pawns(board, Color::White, on) - pawns(board, Color::Black, on)
    } else {
        Packed::default()
    };
    PawnTerms {
        pawns,
        shelter: [shelter(board, Color::White), shelter(board, Color::Black)],
    }
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Every square of `set` and those toward `color`'s last rank from it.
#[inline]
fn fill_forward(set: u64, color: Color) -> u64 {
    let mut s = set;
    match color {
        Color::White => {
            s |= s << 8;
            s |= s << 16;
            s | s << 32
        }
        Color::Black => {
            s |= s >> 8;
            s |= s >> 16;
            s | s >> 32
        }
    }
}

/// The squares strictly ahead of `set`'s, on their files, from `color`'s side.
#[inline]
fn front_span(set: u64, color: Color) -> u64 {
    match color {
        Color::White => fill_forward(set, color) << 8,
        Color::Black => fill_forward(set, color) >> 8,
    }
}

/// Every square of the files `set` touches.
#[inline]
fn file_fill(set: u64) -> u64 {
    fill_forward(set, Color::White) | fill_forward(set, Color::Black)
}

/// The squares beside `set`'s on the neighbouring files.
#[inline]
fn beside(set: u64) -> u64 {
    (set << 1 & !FILE_A) | (set >> 1 & !FILE_H)
}

/// `set` and the squares beside it.
#[inline]
fn with_neighbours(set: u64) -> u64 {
    set | beside(set)
}

/// `pack` counted `n` times.
#[inline]
fn times(pack: Packed, n: u32) -> Packed {
    Packed(pack.0.wrapping_mul(n as i32))
}

/// Rank of `sq` from `color`'s side: 0 on its first rank.
#[inline]
fn relative_rank(sq: Square, color: Color) -> i32 {
    let r = sq.rank() as i32;
    match color {
        Color::White => r,
        Color::Black => 7 - r,
    }
}

fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

/// Fruit's pawn terms: doubled and isolated pawns, and each file's most advanced passed pawn.
fn pawns(board: &Board, us: Color, on: PawnSwitches) -> Packed {
    let ours = board.colored_pieces(us, Piece::Pawn).0;
    let theirs = board.colored_pieces(!us, Piece::Pawn).0;
    // The squares behind an enemy pawn (from our side), and behind one of ours.
    let behind_theirs = front_span(theirs, !us);
    let behind_ours = front_span(ours, !us);
    let mut total = Packed::default();
    if on.structure {
        // Doubled: another of ours behind it on the file, so it stands ahead of that one.
        let doubled = ours & front_span(ours, us);
        // Isolated: no pawn of ours on a neighbouring file.
        let isolated = ours & !beside(file_fill(ours));
        // Open: no enemy pawn ahead on its file.
        let open = isolated & !behind_theirs;
        total = total
            + times(DOUBLED, doubled.count_ones())
            + times(ISOLATED_OPEN, open.count_ones())
            + times(ISOLATED, (isolated & !open).count_ones());
    }
    if on.passed {
        // Passed: no enemy pawn ahead on its file or a neighbouring one, none of ours ahead.
        let passed = ours & !with_neighbours(behind_theirs) & !behind_ours;
        let (our_king, their_king) = (board.king(us), board.king(!us));
        for sq in BitBoard(passed) {
            total = total + passer(sq, us, our_king, their_king);
        }
    }
    total
}

/// One passed pawn's bonus: by rank, and in the endgame by the kings' distances to the square
/// in front of it.
#[inline]
fn passer(sq: Square, us: Color, our_king: Square, their_king: Square) -> Packed {
    let rank = relative_rank(sq, us) as usize;
    let quad = |(min, max): (i32, i32)| min + ((max - min) * PASSED_BONUS[rank] + 128) / 256;
    let stop =
        Square::index((sq as usize as i32 + if us == Color::White { 8 } else { -8 }) as usize);
    let mut delta = PASSED_ENDGAME.1 - PASSED_ENDGAME.0;
    delta -= distance(our_king, stop) * ATTACKER_DISTANCE;
    delta += distance(their_king, stop) * DEFENDER_DISTANCE;
    let endgame = PASSED_ENDGAME.0 + if delta > 0 { quad((0, delta)) } else { 0 };
    Packed::new(quad(PASSED_OPENING), endgame)
}

/// Fruit's `eval_king` shelter: the king's square, or the better of it and a castling square
/// still allowed, averaged.
fn shelter(board: &Board, us: Color) -> i32 {
    let king = board.king(us);
    let here = shelter_square(board, king, us);
    let first = Rank::First.relative_to(us);
    let rights = board.castle_rights(us);
    let mut best = here;
    if rights.short.is_some() {
        best = best.min(shelter_square(board, Square::new(File::G, first), us));
    }
    if rights.long.is_some() {
        best = best.min(shelter_square(board, Square::new(File::B, first), us));
    }
    (here + best) / 2
}

/// Fruit's `shelter_square`: the pawns in front of a king on `sq` (twice on its own file),
/// and the enemy pawns storming the three files.
fn shelter_square(board: &Board, sq: Square, us: Color) -> i32 {
    let ours = board.colored_pieces(us, Piece::Pawn).0;
    let theirs = board.colored_pieces(!us, Piece::Pawn).0;
    let file = sq.file() as usize;
    let rank = relative_rank(sq, us);
    // Our pawns at or ahead of the king's rank.
    let ahead = ours
        & match us {
            Color::White => u64::MAX << (8 * rank),
            Color::Black => u64::MAX >> (8 * rank),
        };
    let files = file.saturating_sub(1)..=(file + 1).min(7);
    let mut penalty = 0;
    for f in files.clone() {
        let weight = if f == file { 2 } else { 1 };
        penalty += weight * shelter_file(ahead & (FILE_A << f), us);
    }
    if penalty == 0 {
        // A weak back rank.
        penalty = 11;
    }
    for f in files {
        penalty += storm_file(theirs & (FILE_A << f), us);
    }
    penalty
}

/// 36 minus the square of the distance from the 8th rank of the nearest of `pawns` (ours, on
/// one file, at or ahead of the king's rank): 0 when it stands right in front of a king on its
/// first rank, 36 when there is none.
#[inline]
fn shelter_file(pawns: u64, us: Color) -> i32 {
    let nearest = match (pawns, us) {
        (0, _) => 7,
        (p, Color::White) => (p.trailing_zeros() / 8) as i32,
        (p, Color::Black) => 7 - (63 - p.leading_zeros()) as i32 / 8,
    };
    let dist = 7 - nearest;
    36 - dist * dist
}

/// The most advanced of `pawns` (the enemy's, on one file), by how far it has come.
#[inline]
fn storm_file(pawns: u64, us: Color) -> i32 {
    let advanced = match (pawns, us) {
        (0, _) => return 0,
        // White's storming pawns are Black's: the lowest has come furthest.
        (p, Color::White) => 7 - (p.trailing_zeros() / 8) as usize,
        (p, Color::Black) => (63 - p.leading_zeros()) as usize / 8,
    };
    STORM[advanced]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fruit's pawn terms read one pawn at a time, as `pawn.cpp` does.
    fn pawns_one_by_one(board: &Board, us: Color, on: PawnSwitches) -> Packed {
        let ours = board.colored_pieces(us, Piece::Pawn);
        let theirs = board.colored_pieces(!us, Piece::Pawn);
        let mut total = Packed::default();
        for sq in ours {
            let file = sq.file().bitboard();
            let ahead = BitBoard(match (us, sq.rank() as u32) {
                (Color::White, r) if r < 7 => u64::MAX << (8 * (r + 1)),
                (Color::Black, r) if r > 0 => u64::MAX >> (8 * (8 - r)),
                _ => 0,
            });
            // The neighbouring files, found by index (not by the shifts the fast form uses).
            let f = sq.file() as usize;
            let beside = [f.checked_sub(1), (f < 7).then_some(f + 1)]
                .into_iter()
                .flatten()
                .fold(BitBoard::EMPTY, |set, f| set | File::index(f).bitboard());
            if on.structure {
                if !(file & !ahead & !sq.bitboard() & ours).is_empty() {
                    total = total + DOUBLED;
                }
                if (ours & beside).is_empty() {
                    let open = (theirs & file & ahead).is_empty();
                    total = total + if open { ISOLATED_OPEN } else { ISOLATED };
                }
            }
            let passed =
                (theirs & (file | beside) & ahead).is_empty() && (ours & file & ahead).is_empty();
            if on.passed && passed {
                total = total + passer(sq, us, board.king(us), board.king(!us));
            }
        }
        total
    }

    /// Fruit's shelter of a king on `sq`, each file's pawns read one at a time.
    fn shelter_one_by_one(board: &Board, sq: Square, us: Color) -> i32 {
        let file = sq.file() as i32;
        let rank = relative_rank(sq, us);
        let on = |color: Color, f: i32| {
            (board.colored_pieces(color, Piece::Pawn) & File::index(f as usize).bitboard())
                .into_iter()
                .map(move |p| relative_rank(p, color))
        };
        let files = (file - 1).max(0)..=(file + 1).min(7);
        let mut penalty = 0;
        for f in files.clone() {
            let nearest = on(us, f).filter(|&r| r >= rank).min().unwrap_or(7);
            let weight = if f == file { 2 } else { 1 };
            penalty += weight * (36 - (7 - nearest) * (7 - nearest));
        }
        if penalty == 0 {
            penalty = 11;
        }
        for f in files {
            penalty += on(!us, f).max().map_or(0, |r| STORM[r as usize]);
        }
        penalty
    }

    #[test]
    fn the_same_terms_as_reading_each_pawn_in_turn() {
        let (mut boards, mut passers) = (0, 0);
        let switches = [(true, true), (true, false), (false, true)]
            .map(|(structure, passed)| PawnSwitches { structure, passed });
        for board in crate::chess::sample::positions() {
            for us in Color::ALL {
                for on in switches {
                    assert_eq!(
                        pawns(&board, us, on),
                        pawns_one_by_one(&board, us, on),
                        "{board} {on:?}"
                    );
                }
                for sq in Square::ALL {
                    assert_eq!(
                        shelter_square(&board, sq, us),
                        shelter_one_by_one(&board, sq, us),
                        "{board} {sq}"
                    );
                }
                let theirs = board.colored_pieces(!us, Piece::Pawn).0;
                passers += (board.colored_pieces(us, Piece::Pawn).0
                    & !with_neighbours(front_span(theirs, !us)))
                .count_ones();
            }
            boards += 1;
        }
        assert!(
            boards > 10_000 && passers > 10_000,
            "{boards} boards, {passers} passers"
        );
    }
}
