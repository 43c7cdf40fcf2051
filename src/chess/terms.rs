//! The terms of the `tapered` evaluation beside PeSTO's tables, each switched by a knob of its
//! own (`eval.*`). Every term and weight follows Fruit 2.1's `eval.cpp`, `pawn.cpp` and
//! `material.cpp` (Fabien Letouzey), in centipawns as (middlegame, endgame) pairs; the tempo
//! bonus, which Fruit 2.1 lacks, is Toga II's (a Fruit descendant). `docs/eval.md` lists
//! each with its source, and what of Fruit's was left out.

use super::attacks;
use super::pawn_terms::{pawn_terms, PawnSwitches, PawnTerms};
use super::pesto::Packed;
use cozy_chess::{get_bishop_moves, get_rook_moves, BitBoard, Board, Color, Piece};

/// Every term of the `tapered` evaluation, declared once, here beside the code that computes
/// it: the knob's name and its doc line. `Terms` (the switches the evaluation reads),
/// `Terms::ALL`, `Terms::NAMES` and the `eval.*` knobs of `config::search_config::EvalConfig`
/// (so `--set`, `config --explain`, manifests and the term-worth figures) are all made from
/// this list by passing it to a macro: `for_each_eval_term!(some_macro)` expands to
/// `some_macro! { #[doc = "..."] name, ... }`. A new term is one line here and its code below.
/// The order is the knobs' order in manifests and identities: add at the end.
#[macro_export]
macro_rules! for_each_eval_term {
    ($callback:ident) => {
        $callback! {
            /// tapered: mobility, the squares each knight, bishop, rook and queen attacks that are empty or hold an enemy (Fruit)
            mobility,
            /// tapered: doubled and isolated pawns (Fruit)
            pawn_structure,
            /// tapered: passed pawns by rank, and by the kings' distance in the endgame (Fruit)
            passed_pawns,
            /// tapered: king safety: pieces attacking the king's squares, pawn shelter and storm (Fruit)
            king_safety,
            /// tapered: the bishop pair (Fruit)
            bishop_pair,
            /// tapered: rooks on open and half-open files, and half-open files at the enemy king (Fruit)
            rook_files,
            /// tapered: a bonus for the side to move (Toga II)
            tempo,
        }
    };
}

/// `Terms` from the declaration above.
macro_rules! terms_struct {
    ($( #[doc = $doc:literal] $term:ident ),* $(,)?) => {
        /// Which terms the evaluation adds (`eval.mobility` ... `eval.tempo`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct Terms {
            $( #[doc = $doc] pub $term: bool, )*
        }

        impl Terms {
            /// Every term on.
            pub const ALL: Terms = Terms { $( $term: true, )* };
            /// Every term's knob name (without `eval.`), in declaration order.
            pub const NAMES: &'static [&'static str] = &[$( stringify!($term) ),*];
        }

        /// Sets the term named `name` (a `Terms::NAMES` entry); false for an unknown name.
        pub fn switch(terms: &mut Terms, name: &str, on: bool) -> bool {
            match name {
                $( stringify!($term) => { terms.$term = on; true } )*
                _ => false,
            }
        }
    };
}
crate::for_each_eval_term!(terms_struct);

impl Terms {
    /// The switches of the pawn terms, which `chess::pawn_terms` reads.
    #[inline]
    pub fn pawn_switches(&self) -> PawnSwitches {
        PawnSwitches {
            structure: self.pawn_structure,
            passed: self.passed_pawns,
        }
    }
}

/// Mobility units (the squares an average piece attacks) and weights: Fruit's `KnightUnit`...
static MOBILITY: [(i32, i32, i32); 4] = [(4, 4, 4), (6, 5, 5), (7, 2, 4), (13, 1, 2)];
/// King attack: weight per attacking knight, bishop, rook, queen; the opening penalty per unit;
/// the share (of 256) by the number of attackers.
static KING_ATTACK_UNIT: [i32; 4] = [1, 1, 2, 4];
const KING_ATTACK_OPENING: i32 = 20;
static KING_ATTACK_WEIGHT: [i32; 16] = [
    0, 0, 128, 192, 224, 240, 248, 252, 254, 255, 256, 256, 256, 256, 256, 256,
];
const BISHOP_PAIR: Packed = Packed::new(50, 50);
/// A rook's file: the base, and what a half-open and an open file add.
const ROOK_FILE_BASE: Packed = Packed::new(-10, -10);
const ROOK_SEMI_OPEN: Packed = Packed::new(10, 10);
const ROOK_OPEN: Packed = Packed::new(10, 10);
/// A half-open file next to the enemy king's, or on it (opening only).
const ROOK_KING_FILE_NEAR: i32 = 10;
const ROOK_KING_FILE_ON: i32 = 10;
/// The side to move's bonus (Toga II).
pub const TEMPO: Packed = Packed::new(20, 10);

/// White's terms minus Black's (the tempo aside: it belongs to the side to move).
pub fn score(board: &Board, terms: &Terms) -> Packed {
    score_with(board, terms, &pawn_terms(board, terms.pawn_switches()))
}

/// `score`, with the pawn terms already known.
#[inline]
pub fn score_with(board: &Board, terms: &Terms, pawn: &PawnTerms) -> Packed {
    // Whether each king is in danger is read by three terms; it is worked out once, and only
    // when one of them is on.
    let danger = if terms.king_safety || terms.rook_files {
        [
            king_in_danger(board, Color::White),
            king_in_danger(board, Color::Black),
        ]
    } else {
        [false; 2]
    };
    side(board, Color::White, terms, pawn.shelter[0], danger)
        - side(board, Color::Black, terms, pawn.shelter[1], danger)
        + pawn.pawns
}

/// Fruit's condition for king safety to count for `color`: the opponent has a queen and one
/// more piece.
fn king_in_danger(board: &Board, color: Color) -> bool {
    let them = board.colors(!color);
    let queens = (them & board.pieces(Piece::Queen)).len();
    let pieces = (them & !(board.pieces(Piece::Pawn) | board.pieces(Piece::King))).len();
    queens >= 1 && pieces >= 2
}

/// One side's terms but the pawns'; `shelter` is its king's shelter and storm penalty,
/// `danger` whether each king is in danger (`king_in_danger`, White first).
#[inline]
fn side(board: &Board, us: Color, terms: &Terms, shelter: i32, danger: [bool; 2]) -> Packed {
    let mut total = Packed::default();
    let attack_king = terms.king_safety && danger[!us as usize];
    if terms.mobility || attack_king {
        total = total + piece_attacks(board, us, terms.mobility, attack_king);
    }
    if terms.king_safety && danger[us as usize] {
        total = total - Packed::new(shelter, 0);
    }
    if terms.bishop_pair && board.colored_pieces(us, Piece::Bishop).len() >= 2 {
        total = total + BISHOP_PAIR;
    }
    if terms.rook_files {
        total = total + rook_files(board, us, danger[!us as usize]);
    }
    total
}

/// Mobility and king attack, the two terms read from each piece's attacks: one pass over the
/// knights, bishops, rooks and queens, each kind's attacks worked out once for both terms.
#[inline]
fn piece_attacks(board: &Board, us: Color, mobility: bool, attack_king: bool) -> Packed {
    let ours = board.colors(us);
    let occupied = board.occupied();
    let zone = attacks::king(board.king(!us));
    // Per kind: the squares attacked (mobility) and the pieces eyeing the king's zone.
    let (mut squares, mut attackers, mut attack_units) = ([0i32; 4], 0usize, 0);
    let mut count = |i: usize, attacks: BitBoard| {
        squares[i] += (attacks & !ours).len() as i32 - MOBILITY[i].0;
        if attack_king && !(attacks & zone).is_empty() {
            attackers += 1;
            attack_units += KING_ATTACK_UNIT[i];
        }
    };
    for from in board.colored_pieces(us, Piece::Knight) {
        count(0, attacks::knight(from));
    }
    for from in board.colored_pieces(us, Piece::Bishop) {
        count(1, get_bishop_moves(from, occupied));
    }
    for from in board.colored_pieces(us, Piece::Rook) {
        count(2, get_rook_moves(from, occupied));
    }
    for from in board.colored_pieces(us, Piece::Queen) {
        count(
            3,
            get_bishop_moves(from, occupied) | get_rook_moves(from, occupied),
        );
    }
    let mut total = Packed::default();
    if mobility {
        // Fruit's sum of (attacked squares - unit) * weight, piece by piece, taken kind by kind.
        for (i, &(_, mg, eg)) in MOBILITY.iter().enumerate() {
            total = total + Packed::new(squares[i] * mg, squares[i] * eg);
        }
    }
    if attack_king {
        let weight = KING_ATTACK_WEIGHT[attackers.min(15)];
        // The penalty falls on the king's side: here it is a bonus to the attacker.
        total = total + Packed::new(attack_units * KING_ATTACK_OPENING * weight / 256, 0);
    }
    total
}

/// Fruit's rooks on open and half-open files, and half-open files at the enemy king.
/// `near_king`: the enemy king is in danger, so a file at it counts.
fn rook_files(board: &Board, us: Color, near_king: bool) -> Packed {
    let our_pawns = board.colored_pieces(us, Piece::Pawn);
    let their_pawns = board.colored_pieces(!us, Piece::Pawn);
    let their_king_file = board.king(!us).file() as i32;
    let mut total = Packed::default();
    for rook in board.colored_pieces(us, Piece::Rook) {
        let file = rook.file().bitboard();
        total = total + ROOK_FILE_BASE;
        if (our_pawns & file).is_empty() {
            total = total + ROOK_SEMI_OPEN;
            if (their_pawns & file).is_empty() {
                total = total + ROOK_OPEN;
            }
            let delta = (rook.file() as i32 - their_king_file).abs();
            if near_king && delta <= 1 {
                let on = if delta == 0 { ROOK_KING_FILE_ON } else { 0 };
                total = total + Packed::new(ROOK_KING_FILE_NEAR + on, 0);
            }
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        Board::from_fen(fen, false).unwrap()
    }

    /// The position with colours swapped and ranks mirrored.
    fn mirrored(fen: &str) -> Board {
        let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
        let ranks: Vec<String> = fields[0]
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        fields[0] = ranks.join("/");
        fields[1] = if fields[1] == "w" {
            "b".into()
        } else {
            "w".into()
        };
        let castling: String = fields[2]
            .chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect();
        fields[2] = if castling == "-" {
            castling
        } else {
            let mut c: Vec<char> = castling.chars().collect();
            c.sort_by_key(|ch| {
                (
                    ch.is_ascii_lowercase(),
                    "KQkq".find(ch.to_ascii_uppercase()),
                )
            });
            c.into_iter().collect()
        };
        fields[3] = "-".into();
        board(&fields.join(" "))
    }

    #[test]
    fn colour_symmetry() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "2r3k1/pp3ppp/8/3P4/8/8/PP3PPP/2R3K1 w - - 0 1",
        ] {
            let (a, b) = (board(fen), mirrored(fen));
            assert_eq!(score(&a, &Terms::ALL), -score(&b, &Terms::ALL), "{fen}");
        }
    }

    #[test]
    fn each_term_counts_where_it_should() {
        let none = Terms {
            mobility: false,
            pawn_structure: false,
            passed_pawns: false,
            king_safety: false,
            bishop_pair: false,
            rook_files: false,
            tempo: false,
        };
        let only = |f: fn(&mut Terms)| {
            let mut t = none;
            f(&mut t);
            t
        };
        // Two bishops against bishop and knight, nothing else but kings and a pawn each.
        let b = board("4k3/4p3/8/8/8/3n4/4P3/2B1KB2 w - - 0 1");
        assert_eq!(score(&b, &only(|t| t.bishop_pair = true)), BISHOP_PAIR);
        // Doubled and isolated white pawns on the c-file; Black's f-pawn is isolated too.
        let p = board("4k3/5p2/8/8/8/2P5/2P5/4K3 w - - 0 1");
        let s = score(&p, &only(|t| t.pawn_structure = true));
        // White: one doubled (-10,-20), two isolated with no enemy pawn ahead (-20,-20) each.
        // Black: one isolated open (-20,-20).
        assert_eq!((s.mg(), s.eg()), (-10 - 40 + 20, -20 - 40 + 20));
        // A white rook on an open file, a black one on a file closed by its own pawn.
        let r = board("3rk3/3p4/8/8/8/8/8/R3K3 w - - 0 1");
        let s = score(&r, &only(|t| t.rook_files = true));
        assert_eq!((s.mg(), s.eg()), (10 + 10, 10 + 10));
        // A passed pawn on the 7th rank, kings far away: the full opening bonus.
        let pp = board("7k/1P6/8/8/8/8/8/K7 w - - 0 1");
        let s = score(&pp, &only(|t| t.passed_pawns = true));
        assert_eq!(s.mg(), 70);
        // Mobility from the start: knights see 2 squares each (4 units short), bishops none.
        let m = score(&Board::default(), &only(|t| t.mobility = true));
        assert_eq!(m, Packed::default(), "symmetric");
    }
}
