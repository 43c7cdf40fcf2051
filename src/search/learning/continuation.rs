//! Ethereal's history at e755a81 (`src/history.c`): a butterfly table by side, origin and
//! destination, and two continuation tables by the piece and destination of the move one ply
//! up (counter-move history) and two plies up (follow-up history) and the piece and
//! destination of the move itself. Each entry moves by "gravity" towards ±16,384: on a quiet
//! move's fail-high, the cut move gains and every quiet move tried before it loses
//! `32·bonus − entry·bonus/512`, with `bonus = min(depth², 400)`. Signed, unlike the classic
//! history (`history.rs`), so a move that keeps failing ranks below one never tried.

use cozy_chess::{Board, Move, Piece, Square};

/// Ethereal's `HistoryMax`: the largest bonus.
const BONUS_MAX: i32 = 400;
/// Ethereal's `HistoryMultiplier` and `HistoryDivisor`.
const MULTIPLIER: i32 = 32;
const DIVISOR: i32 = 512;
/// One continuation table: [piece][to] of the earlier move, [piece][to] of this one.
const CONTINUATION_SIZE: usize = 6 * 64 * 6 * 64;

/// A move as the continuation tables index it: the piece that moved and where it went.
pub type Moved = (Piece, Square);

/// The two moves before a node, as its continuation tables read them; `None` at the root, after
/// a null move, or with nothing played before.
#[derive(Debug, Clone, Copy, Default)]
pub struct Line {
    /// The opponent's move that led here (counter-move history).
    pub counter: Option<Moved>,
    /// This side's move before that (follow-up history).
    pub follow_up: Option<Moved>,
}

/// The three histories of one quiet move (Ethereal's `hist`, `cmhist`, `fmhist`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Histories {
    pub butterfly: i32,
    pub counter: i32,
    pub follow_up: i32,
}

impl Histories {
    /// What Ethereal orders quiet moves by, and adjusts reductions by.
    #[inline]
    pub fn sum(&self) -> i32 {
        self.butterfly + self.counter + self.follow_up
    }
}

/// The butterfly table and the two continuation tables.
pub struct ContinuationHistory {
    butterfly: Box<[i16]>,
    continuation: [Box<[i16]>; 2],
}

impl ContinuationHistory {
    /// Zeroed tables (about 600 KB: two of 147,456 `i16` and the butterfly table). 16 bits, as
    /// Ethereal's `int16_t` tables: gravity keeps every entry within ±16,384, and half the
    /// memory keeps more of the tables in cache, read as they are at every quiet move.
    pub fn new() -> Self {
        ContinuationHistory {
            butterfly: vec![0; 2 * 64 * 64].into_boxed_slice(),
            continuation: [
                vec![0; CONTINUATION_SIZE].into_boxed_slice(),
                vec![0; CONTINUATION_SIZE].into_boxed_slice(),
            ],
        }
    }

    /// The histories of quiet move `mv` in `board`, reached by `line` (Ethereal's `getHistory`).
    #[inline]
    pub fn of(&self, board: &Board, mv: Move, line: Line) -> Histories {
        let Some(piece) = board.piece_on(mv.from) else {
            return Histories::default();
        };
        self.of_piece(board, piece, mv, line)
    }

    /// `of` for a move whose piece the generator already found.
    #[inline]
    pub fn of_piece(&self, board: &Board, piece: Piece, mv: Move, line: Line) -> Histories {
        let own = piece as usize * 64 + mv.to as usize;
        let at = |table: usize, earlier: Option<Moved>| {
            earlier.map_or(0, |e| i32::from(self.continuation[table][index(e, own)]))
        };
        Histories {
            butterfly: i32::from(self.butterfly[butterfly_index(board, mv)]),
            counter: at(0, line.counter),
            follow_up: at(1, line.follow_up),
        }
    }

    /// A quiet move failed high at remaining `depth`: `quiets` are the quiet moves tried, the
    /// cut move last (Ethereal's `updateHistoryHeuristics`).
    pub fn update(&mut self, board: &Board, quiets: &[Move], line: Line, depth: u32) {
        let Some(&best) = quiets.last() else {
            return;
        };
        let bonus = bonus(depth);
        for &mv in quiets {
            let delta = if mv == best { bonus } else { -bonus };
            let Some(piece) = board.piece_on(mv.from) else {
                continue;
            };
            let own = piece as usize * 64 + mv.to as usize;
            gravity(&mut self.butterfly[butterfly_index(board, mv)], delta);
            for (table, earlier) in [line.counter, line.follow_up].into_iter().enumerate() {
                if let Some(earlier) = earlier {
                    gravity(&mut self.continuation[table][index(earlier, own)], delta);
                }
            }
        }
    }
}

impl ContinuationHistory {
    /// Quiet move `mv` (by the side to move in `board`) loses its butterfly, counter-move and
    /// follow-up entries along `line`, as a tried move does at a fail-high at remaining `depth`
    /// (Stockfish's penalty for a quiet table move that fails low, on Ethereal's tables).
    pub fn penalize(&mut self, board: &Board, mv: Move, line: Line, depth: u32) {
        let Some(piece) = board.piece_on(mv.from) else {
            return;
        };
        let delta = -bonus(depth);
        let own = piece as usize * 64 + mv.to as usize;
        gravity(&mut self.butterfly[butterfly_index(board, mv)], delta);
        for (table, earlier) in [line.counter, line.follow_up].into_iter().enumerate() {
            if let Some(earlier) = earlier {
                gravity(&mut self.continuation[table][index(earlier, own)], delta);
            }
        }
    }

    /// The move `moved` that led to a node loses its counter-move and follow-up entries after
    /// `before` (the line that led to the node it was played from), as at remaining `depth`
    /// (Stockfish's "extra penalty for early quiet moves of the previous ply").
    pub fn penalize_previous(&mut self, moved: Moved, before: Line, depth: u32) {
        let delta = -bonus(depth);
        let own = moved.0 as usize * 64 + moved.1 as usize;
        for (table, earlier) in [before.counter, before.follow_up].into_iter().enumerate() {
            if let Some(earlier) = earlier {
                gravity(&mut self.continuation[table][index(earlier, own)], delta);
            }
        }
    }

    /// Stockfish's `mainHistory[~us][from_to(prev)] << bonus` for the move `mv` that `side`
    /// played, `bonus` within ±2,000: `entry += bonus − entry·|bonus| / 16,384`, Ethereal's
    /// gravity with its bonus written out (Stockfish's bound is 14,365).
    pub fn nudge_butterfly(&mut self, side: cozy_chess::Color, mv: Move, bonus: i32) {
        let entry =
            &mut self.butterfly[(side as usize * 64 + mv.from as usize) * 64 + mv.to as usize];
        let old = i32::from(*entry);
        *entry = (old + bonus - old * bonus.abs() / (MULTIPLIER * DIVISOR)) as i16;
    }
}

/// Ethereal's bonus at remaining `depth`: `min(depth², 400)`.
#[inline]
fn bonus(depth: u32) -> i32 {
    (depth as i32).saturating_mul(depth as i32).min(BONUS_MAX)
}

impl Default for ContinuationHistory {
    fn default() -> Self {
        Self::new()
    }
}

/// `entry += 32·delta − entry·|delta|/512`, truncating as C does (and Rust's `/`).
#[inline]
fn gravity(entry: &mut i16, delta: i32) {
    let old = i32::from(*entry);
    *entry = (old + MULTIPLIER * delta - old * delta.abs() / DIVISOR) as i16;
}

#[inline]
fn butterfly_index(board: &Board, mv: Move) -> usize {
    (board.side_to_move() as usize * 64 + mv.from as usize) * 64 + mv.to as usize
}

#[inline]
fn index(earlier: Moved, own: usize) -> usize {
    (earlier.0 as usize * 64 + earlier.1 as usize) * 384 + own
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cut_move_gains_the_others_lose_by_gravity() {
        let board = Board::default();
        let (a, b): (Move, Move) = ("g1f3".parse().unwrap(), "e2e4".parse().unwrap());
        let line = Line {
            counter: Some((Piece::Pawn, Square::E5)),
            follow_up: None,
        };
        let mut table = ContinuationHistory::new();
        table.update(&board, &[a, b], line, 3);
        let (ha, hb) = (table.of(&board, a, line), table.of(&board, b, line));
        // 32·9 from zero; the follow-up table is not touched without a follow-up move.
        assert_eq!(
            hb,
            Histories {
                butterfly: 288,
                counter: 288,
                follow_up: 0
            }
        );
        assert_eq!(
            ha,
            Histories {
                butterfly: -288,
                counter: -288,
                follow_up: 0
            }
        );
        // Again at depth 30: the bonus is capped at 400, and gravity pulls the entry back.
        table.update(&board, &[b], line, 30);
        assert_eq!(
            table.of(&board, b, line).butterfly,
            288 + 32 * 400 - 288 * 400 / 512
        );
        // Another counter move reads another entry; the butterfly entry is shared.
        let other = Line {
            counter: Some((Piece::Knight, Square::E5)),
            follow_up: None,
        };
        assert_eq!(table.of(&board, b, other).counter, 0);
        assert_eq!(
            table.of(&board, b, other).butterfly,
            table.of(&board, b, line).butterfly
        );
        // Entries stay within ±16,384 however often a move cuts.
        for _ in 0..1000 {
            table.update(&board, &[b], line, 20);
        }
        assert!((16_000..=16_384).contains(&table.of(&board, b, line).butterfly));
    }
}
