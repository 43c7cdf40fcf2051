//! What the search knows of each ply of the line it is on, in one place (Stockfish's `Stack`,
//! search.h): a node reads its own entry and its ancestors', and writes its child's before the
//! child is searched. A new step that keeps something per ply adds a field here.

use crate::search::learning::continuation::Moved;
use crate::search::score::{Score, MAX_PLY};
use cozy_chess::Move;
use std::ops::{Index, IndexMut};

/// One ply of the current line. Fields a step keeps only while its knob is on say so; the
/// others are written at every node.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Ply {
    /// The position's repetition key (`repetition.rs`).
    pub key: u64,
    /// The earliest ply a repetition may reach back to: the ply after the last null move.
    pub null_floor: usize,
    /// The node here is a null-move verification: it may not try a null move itself.
    pub verifying: bool,
    /// The evaluation function's score of the node (kept while a knob reads `improving`,
    /// `node_eval.rs`).
    pub eval: Score,
    /// The node was in check (kept with `history_updates.eval_difference`).
    pub in_check: bool,
    /// The move made from the node, as the continuation tables index it (`None`: a null move),
    /// and whether it captured (kept with `continuation.enabled`).
    pub moved: Option<Moved>,
    pub captured: bool,
    /// The number of the move the node is searching (kept with Stockfish's LMR adjustments
    /// and `history_updates.prior_penalty`).
    pub move_count: u8,
    /// The move Stockfish's singular test leaves out here (`None` outside a test).
    pub excluded: Option<Move>,
    /// The two-ply singular extensions on the line to here (`doubleExtensions`, kept with
    /// `singular.form = "stockfish"`).
    pub double_extensions: u8,
    /// Stockfish's `ttPv` (kept with `lmr.tt_pv`, `transposition.rs`).
    pub tt_pv: bool,
}

/// The plies of the line, from the root; one more than the deepest node, which writes its
/// child's entry.
pub(super) struct Stack([Ply; MAX_PLY + 2]);

impl Stack {
    pub fn new() -> Stack {
        Stack([Ply::default(); MAX_PLY + 2])
    }
}

impl Index<usize> for Stack {
    type Output = Ply;
    #[inline(always)]
    fn index(&self, ply: usize) -> &Ply {
        &self.0[ply]
    }
}

impl IndexMut<usize> for Stack {
    #[inline(always)]
    fn index_mut(&mut self, ply: usize) -> &mut Ply {
        &mut self.0[ply]
    }
}
