//! What the search knows of each ply of the line it is on, in one place (Stockfish's `Stack`,
//! search.h): a node reads its own entry and its ancestors', and writes its child's before the
//! child is searched. A new step that keeps something per ply adds a field here. The network's
//! accumulators are kept per ply beside the plies (`chess::nnue::accumulator`), in one block
//! that is empty unless the evaluation is the network.

use crate::chess::nnue::accumulator::AccumulatorStack;
use crate::chess::nnue::Network;
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
pub(super) struct Stack {
    plies: [Ply; MAX_PLY + 2],
    /// The network's accumulators of each ply (none without a network).
    pub accumulators: AccumulatorStack,
}

impl Stack {
    /// The plies, and room for `network`'s accumulators at each of them.
    pub fn new(network: Option<&Network>) -> Stack {
        Stack {
            plies: [Ply::default(); MAX_PLY + 2],
            accumulators: network
                .map(|net| AccumulatorStack::new(net, MAX_PLY + 2))
                .unwrap_or_default(),
        }
    }
}

impl Index<usize> for Stack {
    type Output = Ply;
    #[inline(always)]
    fn index(&self, ply: usize) -> &Ply {
        &self.plies[ply]
    }
}

impl IndexMut<usize> for Stack {
    #[inline(always)]
    fn index_mut(&mut self, ply: usize) -> &mut Ply {
        &mut self.plies[ply]
    }
}
