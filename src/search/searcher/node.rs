//! What a main-search node is and what its steps tell each other: its place in the tree
//! (`Node`), what the steps before the moves learned (`NodeFacts`), and the answers of the
//! null move and the singular test. The node's steps are in `negamax.rs` and `move_loop.rs`.

use crate::search::learning::Place;
use crate::search::score::Score;
use crate::search::tt::TtEntry;
use crate::search::window::Window;
use cozy_chess::Move;

/// A node's place in the tree: everything negamax needs beside the board.
#[derive(Debug, Clone, Copy)]
pub(super) struct Node {
    /// Remaining depth.
    pub depth: u32,
    /// Distance from the root.
    pub ply: usize,
    /// The alpha-beta window.
    pub window: Window,
    /// The opponent's move that led here (None at the root and after a null move).
    pub previous: Option<Move>,
    /// The incrementally kept non-king PST score (White's view).
    pub psq: Score,
    /// A null-move fail-high here must be verified (`null_move.verify = "subtree"`): true
    /// from the root down until a verification hands its subtree plain null moves.
    pub verify: bool,
    /// Expected to fail high (Stockfish's `cutNode`): a reduced search's child, and every other
    /// null-window ply below it; PV nodes never. Read by `lmr.cut_node` and `iir.cut_nodes`.
    pub cut: bool,
}

impl Node {
    /// The root at `depth`.
    pub fn root(depth: u32, window: Window, psq: Score) -> Node {
        Node {
            depth,
            ply: 0,
            window,
            previous: None,
            psq,
            verify: true,
            cut: false,
        }
    }

    /// A child one ply down, reached by `previous` (None: a null move).
    #[inline]
    pub fn child(&self, depth: u32, window: Window, previous: Option<Move>, psq: Score) -> Node {
        Node {
            depth,
            ply: self.ply + 1,
            window,
            previous,
            psq,
            verify: self.verify,
            cut: !self.cut,
        }
    }

    /// Where the ordering tables file this node's moves.
    #[inline]
    pub fn place(&self) -> Place {
        Place {
            depth: self.depth,
            ply: self.ply,
            previous: self.previous,
        }
    }

    /// A null window (a scout search): the pruning steps act only there.
    #[inline]
    pub fn is_scout(&self) -> bool {
        self.window.beta - self.window.alpha == 1
    }
}

/// What the steps before the moves know of a node, for the steps after them.
pub(super) struct NodeFacts {
    /// The position's key (the table's and the oracle's).
    pub key: u64,
    /// The position repeats one on the line or in the game: the node scores a draw (the repetition step).
    pub repeated: bool,
    /// Inside Stockfish's singular test: a move is left out, and nothing is read or stored.
    pub excluding: bool,
    /// A null move failed high and is being verified (`null_move.verify = "subtree"`): if no
    /// move fails high either, the node is searched again (the zugzwang step).
    pub zugzwang_watch: bool,
    /// The side to move is in check (only worked out when `SELECTIVE`).
    pub in_check: bool,
    /// Pruning may act here: `SELECTIVE`, alpha-beta, a scout window, not in check.
    pub prunable: bool,
    /// The move tried first: the table's (or the oracle's).
    pub hash_move: Option<Move>,
    /// The table's entry for this node, when it holds one.
    pub table: Option<TtEntry>,
    /// The static evaluation is higher than two plies before (`node_eval.rs`; false unless a
    /// knob reads it).
    pub improving: bool,
    /// The evaluation, worked out the first time a step asks for it (`Searcher::static_eval`):
    /// the evaluation function's, and the one the pruning steps read (`tt_value_as_eval`).
    pub(super) evaluated: Option<Score>,
    pub(super) pruning_eval: Option<Score>,
}

/// What the null-move step concluded.
pub(super) enum NullMove {
    /// The node ends with this score.
    Cut(Score),
    /// A fail-high to verify (`null_move.verify = "subtree"`): search the node one ply
    /// shallower with plain null moves below, and again at full depth if no move fails high.
    Verify,
    /// Passing did not fail high (or its verification failed): search the moves.
    NoCut,
}

/// What the singular test (`singular.rs`) found.
pub(super) enum Singular {
    /// Search the hash move this many plies deeper (Stockfish's form: 2, 1, 0 or −2).
    Extend(i32),
    /// The node ends with this score (multi-cut).
    Cut(Score),
    /// Search the hash move as usual.
    No,
}
