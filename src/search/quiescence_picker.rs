//! The quiescence picker: a node's captures, best first by `quiescence.ordering`, losing ones
//! left out when `quiescence.prune` says so.

use super::movegen::take_best;
use super::movegen::{generate, Gen, MoveList};
use super::ordering::{gain_known, is_losing_known, mvv_lva_known};
use super::quiescence_captures::{generate_captures, Capture, CaptureList};
use super::see::{never_losing, see_known};
use crate::chess::captured_piece;
use crate::config::search_config::{QuiescenceOrdering, QuiescencePrune};
use cozy_chess::Board;

/// Hands out a quiescence node's captures (`quiescence.ordering`), leaving out losing ones
/// when `quiescence.prune_losing` is on.
pub struct CapturePicker {
    list: CaptureList,
    next: usize,
    sorted: bool,
    /// `quiescence.prune = "see"`: a capture is left out when it loses by SEE, worked out only
    /// when it comes up (a cutoff leaves the rest unexamined) and only when it could lose.
    see_losing: bool,
}

impl CapturePicker {
    /// An empty picker. It is filled where it stands: the list is 4 KiB, and moving a filled
    /// picker would copy it at every quiescence node.
    #[inline]
    pub fn new() -> Self {
        CapturePicker {
            list: CaptureList::new(),
            next: 0,
            sorted: false,
            see_losing: false,
        }
    }

    /// Generates the node's captures at once: quiescence searches most of them.
    #[inline]
    pub fn fill(&mut self, board: &Board, ordering: QuiescenceOrdering, prune: QuiescencePrune) {
        let prune_losing = prune == QuiescencePrune::LosingMvv;
        let keep = |attacker, victim, promotion| {
            !(prune_losing && is_losing_known(attacker, victim, promotion))
        };
        match ordering {
            // Hot path: victims and attackers come from generation, so nothing is looked up.
            QuiescenceOrdering::MvvLva => {
                generate_captures(board, &mut self.list, |attacker, victim, promotion| {
                    keep(attacker, victim, promotion)
                        .then(|| mvv_lva_known(attacker, victim, promotion))
                });
            }
            // The plain generator's order is the definition of "none".
            QuiescenceOrdering::None => {
                let mut moves = MoveList::new();
                generate(board, Gen::Captures, &mut moves);
                for m in moves {
                    let piece = board.piece_on(m.mv.from).expect("a move starts on a piece");
                    let victim = captured_piece(board, m.mv).expect("a capture has a victim");
                    if keep(piece, victim, m.mv.promotion) {
                        self.list.push(Capture {
                            mv: m.mv,
                            piece,
                            victim,
                            score: 0,
                        });
                    }
                }
            }
        }
        self.see_losing = prune == QuiescencePrune::See;
        self.sorted = ordering == QuiescenceOrdering::None;
    }

    /// The next capture to search. Leaving a losing capture out when it comes up gives the
    /// order that filtering the list first would: selection keeps the others' order.
    #[inline]
    pub fn next(&mut self, board: &Board) -> Option<Capture> {
        loop {
            let c = take_best(&mut self.list, &mut self.next, self.sorted)?;
            if !self.see_losing || !loses_by_see(board, &c) {
                return Some(c);
            }
        }
    }

    /// Hands out the captures SEE pruning would leave out, too, and says whether it would
    /// have: the caller then drops them itself (`loses_by_see`), after what must see them
    /// first. Stockfish's quiescence futility counts and judges a capture before SEE pruning
    /// drops it (`moveCount++` comes first in its loop).
    pub fn hand_out_losing(&mut self) -> bool {
        std::mem::replace(&mut self.see_losing, false)
    }
}

/// Whether `quiescence.prune = "see"` leaves the capture out: it could lose, and by SEE does.
#[inline(always)]
pub fn loses_by_see(board: &Board, c: &Capture) -> bool {
    !never_losing(board.side_to_move(), c.piece, c.victim, c.mv)
        && see_known(
            board,
            c.mv,
            c.piece,
            gain_known(Some(c.victim), c.mv.promotion),
        ) < 0
}

impl Default for CapturePicker {
    fn default() -> Self {
        Self::new()
    }
}
