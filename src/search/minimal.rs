//! The minimal tree: the fewest main-search nodes any alpha-beta move ordering could visit to
//! prove a root's exact value (Knuth and Moore), and an oracle-ordering estimate for depths
//! where the exact count is out of reach.
//!
//! The exact count needs every node's true value, so it costs a full-width search. A node that
//! must be proven exact proves one best child exact and refutes every other child; a node that
//! must be shown ≥ a bound takes its cheapest child that proves it; a node that must be shown
//! ≤ a bound shows every child. Only the root value v and −v occur as bounds.

use super::score::{Score, DRAW, INF, MATE, MAX_PLY};
use super::searcher::{Oracle, Searcher};
use crate::chess::{legal_moves, repetition_key};
use crate::config::search_config::{
    AspirationConfig, QuiescenceConfig, QuiescenceOrdering, TtMode,
};
use crate::config::SearchConfig;
use cozy_chess::Board;
use std::collections::HashMap;

/// A game tree the minimal-tree computation can walk: chess positions, or a synthetic tree.
pub trait GameTree {
    /// A position.
    type Node;
    /// The node's children at `depth` remaining and `ply` from the root, or its value when it is
    /// a leaf (no depth left, no move, or a draw by the rules). Called depth-first, so a tree
    /// may keep path state (for repetitions) indexed by `ply`.
    fn expand(&mut self, node: &Self::Node, depth: u32, ply: usize) -> Expansion<Self::Node>;
    /// A key under which the node's whole subtree may be remembered, where that is sound.
    fn memo_key(&self, node: &Self::Node, depth: u32) -> Option<u64>;
}

/// What a node is: a leaf with its value, or an interior node with its children.
pub enum Expansion<N> {
    /// A leaf and its value from the side to move's view.
    Leaf(Score),
    /// The children, in any order.
    Children(Vec<N>),
}

/// The minimal tree of one root.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MinimalTree {
    /// The root's value.
    pub value: Score,
    /// Nodes of the minimal tree, the root and its leaves included.
    pub nodes: u64,
    /// Leaves of the minimal tree.
    pub leaves: u64,
    /// Leaves of the full-width tree.
    pub fullwidth_leaves: u64,
}

const IMPOSSIBLE: u64 = u64::MAX;

/// The proof costs of one node, in (nodes, leaves): exact, and for the bounds v and −v.
#[derive(Debug, Clone, Copy)]
struct Proof {
    value: Score,
    exact: [u64; 2],
    at_least: [[u64; 2]; 2],
    at_most: [[u64; 2]; 2],
    fullwidth_leaves: u64,
}

/// Computes the minimal tree of `root` to `depth`, given its value `v` (from any exact search);
/// `None` if the walk finds another value, which would mean the tree and the search disagree.
pub fn minimal_tree<T: GameTree>(
    tree: &mut T,
    root: &T::Node,
    depth: u32,
    v: Score,
) -> Option<MinimalTree> {
    let mut solver = Solver {
        tree,
        v,
        memo: HashMap::new(),
    };
    let proof = solver.solve(root, depth, 0);
    (proof.value == v).then_some(MinimalTree {
        value: v,
        nodes: proof.exact[0],
        leaves: proof.exact[1],
        fullwidth_leaves: proof.fullwidth_leaves,
    })
}

struct Solver<'t, T: GameTree> {
    tree: &'t mut T,
    v: Score,
    memo: HashMap<(u64, u32), Proof>,
}

fn add(a: u64, b: u64) -> u64 {
    if a == IMPOSSIBLE || b == IMPOSSIBLE {
        IMPOSSIBLE
    } else {
        a + b
    }
}

impl<T: GameTree> Solver<'_, T> {
    /// 0 for the bound v, 1 for −v (the same when v is 0).
    fn slot(&self, bound: Score) -> Option<usize> {
        if bound == self.v {
            Some(0)
        } else if bound == -self.v {
            Some(1)
        } else {
            None
        }
    }

    fn solve(&mut self, node: &T::Node, depth: u32, ply: usize) -> Proof {
        let key = self.tree.memo_key(node, depth);
        if let Some(proof) = key.and_then(|k| self.memo.get(&(k, depth))) {
            return *proof;
        }
        let proof = match self.tree.expand(node, depth, ply) {
            Expansion::Leaf(value) => self.leaf(value),
            Expansion::Children(children) => {
                let proofs: Vec<Proof> = children
                    .iter()
                    .map(|c| self.solve(c, depth - 1, ply + 1))
                    .collect();
                self.interior(&proofs)
            }
        };
        if let Some(k) = key {
            self.memo.insert((k, depth), proof);
        }
        proof
    }

    fn leaf(&self, value: Score) -> Proof {
        let one = [1, 1];
        let bounds = [self.v, -self.v];
        let mut proof = Proof {
            value,
            exact: one,
            at_least: [[IMPOSSIBLE; 2]; 2],
            at_most: [[IMPOSSIBLE; 2]; 2],
            fullwidth_leaves: 1,
        };
        for (k, &b) in bounds.iter().enumerate() {
            if value >= b {
                proof.at_least[k] = one;
            }
            if value <= b {
                proof.at_most[k] = one;
            }
        }
        proof
    }

    fn interior(&self, children: &[Proof]) -> Proof {
        let value = children.iter().map(|c| -c.value).max().unwrap_or(-INF);
        let bounds = [self.v, -self.v];
        let mut proof = Proof {
            value,
            exact: [IMPOSSIBLE; 2],
            at_least: [[IMPOSSIBLE; 2]; 2],
            at_most: [[IMPOSSIBLE; 2]; 2],
            fullwidth_leaves: children.iter().map(|c| c.fullwidth_leaves).sum(),
        };
        // Counted as (nodes, leaves): this node adds one node and no leaf.
        for unit in 0..2 {
            let own = if unit == 0 { 1 } else { 0 };
            // Exact: only on the principal variation, where the value is ±v.
            if let Some(refute) = self.slot(-value) {
                let refutations: Vec<u64> =
                    children.iter().map(|c| c.at_least[refute][unit]).collect();
                let all: u64 = refutations.iter().fold(0, |s, &r| add(s, r));
                for (i, c) in children.iter().enumerate() {
                    if -c.value == value && all != IMPOSSIBLE {
                        let cost = add(own, add(c.exact[unit], all - refutations[i]));
                        proof.exact[unit] = proof.exact[unit].min(cost);
                    }
                }
            }
            for (k, &b) in bounds.iter().enumerate() {
                let Some(child_bound) = self.slot(-b) else {
                    continue;
                };
                // ≥ b: the cheapest child that is ≥ b from here, shown ≤ −b from there.
                let cheapest = children
                    .iter()
                    .filter(|c| -c.value >= b)
                    .map(|c| c.at_most[child_bound][unit])
                    .min()
                    .unwrap_or(IMPOSSIBLE);
                proof.at_least[k][unit] = add(own, cheapest);
                // ≤ b: every child shown ≥ −b from there.
                let every = children
                    .iter()
                    .fold(0, |s, c| add(s, c.at_least[child_bound][unit]));
                proof.at_most[k][unit] = add(own, every);
            }
        }
        proof
    }
}

/// Chess under one search definition: the searched variant's evaluation, quiescence and
/// repetition rule, with no pruning (the minimal tree is of the full-width alpha-beta tree).
pub struct ChessTree<'a> {
    searcher: Searcher<'a>,
    path: Vec<u64>,
}

impl<'a> ChessTree<'a> {
    /// A tree that values its leaves as `config` does.
    pub fn new(config: &'a SearchConfig) -> Self {
        ChessTree {
            searcher: Searcher::new(config, None, None),
            path: vec![0; MAX_PLY + 1],
        }
    }
}

impl GameTree for ChessTree<'_> {
    type Node = Board;

    fn expand(&mut self, board: &Board, depth: u32, ply: usize) -> Expansion<Board> {
        self.path[ply] = repetition_key(board);
        // The search's repetition rule: the same position earlier on the path, same side to
        // move, no irreversible move since, is a draw and ends the line.
        let reach = ply.min(board.halfmove_clock() as usize);
        if (2..=reach)
            .step_by(2)
            .any(|back| self.path[ply - back] == self.path[ply])
        {
            return Expansion::Leaf(DRAW);
        }
        if depth == 0 {
            return Expansion::Leaf(self.searcher.leaf_value(board, ply));
        }
        let moves = legal_moves(board);
        if moves.is_empty() {
            return Expansion::Leaf(if board.checkers().is_empty() {
                DRAW
            } else {
                -(MATE - ply as Score)
            });
        }
        Expansion::Children(
            moves
                .into_iter()
                .map(|mv| {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    child
                })
                .collect(),
        )
    }

    /// Sound only where no line below can repeat a position above: right after a capture or a
    /// pawn move (half-move clock 0). Elsewhere the subtree is walked again.
    fn memo_key(&self, board: &Board, _depth: u32) -> Option<u64> {
        (board.halfmove_clock() == 0).then(|| board.hash())
    }
}

/// The search definition of `config` with nothing but plain alpha-beta: its root score is the
/// exact value the minimal tree proves.
pub fn plain_definition(config: &SearchConfig) -> SearchConfig {
    SearchConfig {
        alphabeta: true,
        pvs: false,
        iterative_deepening: false,
        eval: config.eval.clone(),
        tt: TtMode::Off,
        // The capture order inside quiescence is pure ordering: MVV/LVA reaches the same
        // exact leaf value fastest, and lets variants that differ only there share a tree.
        quiescence: QuiescenceConfig {
            ordering: QuiescenceOrdering::MvvLva,
            ..config.quiescence.clone()
        },
        aspiration: AspirationConfig {
            enabled: false,
            ..Default::default()
        },
        ..SearchConfig::default()
    }
}

/// The exact minimal tree of `board` to `depth` under `config`'s definition.
pub fn chess_minimal_tree(board: &Board, depth: u32, config: &SearchConfig) -> Option<MinimalTree> {
    let plain = plain_definition(config);
    let v = super::search(board, depth, &plain, None)
        .ok()?
        .last()?
        .score_cp;
    minimal_tree(&mut ChessTree::new(&plain), board, depth, v)
}

/// Plaat et al.'s oracle estimate: main-search nodes of a depth-`depth` search (no table, no
/// iterative deepening, no aspiration) whose every node tries first the best or refuting move a
/// first complete search of the same depth found there. An upper bound on the minimal tree for
/// this program's refutation choices.
pub fn oracle_nodes(board: &Board, depth: u32, config: &SearchConfig) -> u64 {
    let cfg = SearchConfig {
        tt: TtMode::Off,
        iterative_deepening: false,
        aspiration: AspirationConfig {
            enabled: false,
            ..config.aspiration.clone()
        },
        ..config.clone()
    };
    let mut oracle = Oracle::default();
    let _ = Searcher::with_oracle(&cfg, &mut oracle).run(board, depth);
    oracle.replay = true;
    Searcher::with_oracle(&cfg, &mut oracle)
        .run(board, depth)
        .ok()
        .and_then(|r| r.last().map(|r| r.stats.nodes))
        .unwrap_or(0)
}

/// Knuth and Moore's minimal leaf count for a uniform tree: b^⌈d/2⌉ + b^⌊d/2⌋ − 1.
pub fn knuth_moore_leaves(branching: f64, depth: u32) -> f64 {
    branching.powi(depth.div_ceil(2) as i32) + branching.powi((depth / 2) as i32) - 1.0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A uniform tree: `branching` children everywhere, distinct pseudo-random leaf values.
    struct Uniform {
        branching: u64,
    }

    impl GameTree for Uniform {
        type Node = u64;
        fn expand(&mut self, node: &u64, depth: u32, _ply: usize) -> Expansion<u64> {
            if depth == 0 {
                // Multiplying by an odd number permutes the residues mod 2^14, so the leaves (a
                // run of at most 2^14 consecutive ids) get distinct values, in no pattern.
                let x = node.wrapping_mul(0x9E37_79B9_7F4A_7C15) & 0x3FFF;
                Expansion::Leaf(x as Score - 8192)
            } else {
                Expansion::Children(
                    (0..self.branching)
                        .map(|i| node * self.branching + i)
                        .collect(),
                )
            }
        }
        fn memo_key(&self, _: &u64, _: u32) -> Option<u64> {
            None
        }
    }

    /// Plain fail-soft alpha-beta over a tree, children best first by their true value;
    /// returns (value, leaves visited).
    fn best_first(
        tree: &mut Uniform,
        node: u64,
        depth: u32,
        mut alpha: Score,
        beta: Score,
    ) -> (Score, u64) {
        match tree.expand(&node, depth, 0) {
            Expansion::Leaf(v) => (v, 1),
            Expansion::Children(mut children) => {
                children.sort_by_key(|&c| negamax(tree, c, depth - 1));
                let (mut best, mut leaves) = (-INF, 0);
                for c in children {
                    let (v, l) = best_first(tree, c, depth - 1, -beta, -alpha);
                    leaves += l;
                    best = best.max(-v);
                    alpha = alpha.max(-v);
                    if alpha >= beta {
                        break;
                    }
                }
                (best, leaves)
            }
        }
    }

    fn negamax(tree: &mut Uniform, node: u64, depth: u32) -> Score {
        match tree.expand(&node, depth, 0) {
            Expansion::Leaf(v) => v,
            Expansion::Children(children) => children
                .iter()
                .map(|&c| -negamax(tree, c, depth - 1))
                .max()
                .unwrap(),
        }
    }

    #[test]
    fn uniform_trees_have_the_knuth_moore_count() {
        for (branching, deepest) in [(2u64, 6u32), (3, 6), (5, 5), (8, 4)] {
            for depth in 1..=deepest {
                let mut tree = Uniform { branching };
                let root = 1;
                let v = negamax(&mut tree, root, depth);
                let m = minimal_tree(&mut tree, &root, depth, v).unwrap();
                let knuth_moore = branching.pow(depth.div_ceil(2)) + branching.pow(depth / 2) - 1;
                assert_eq!(m.leaves, knuth_moore, "b={branching} d={depth}");
                assert_eq!(m.fullwidth_leaves, branching.pow(depth));
                let (value, visited) = best_first(&mut tree, root, depth, -INF, INF);
                assert_eq!(value, v);
                assert_eq!(
                    visited, knuth_moore,
                    "best-first alpha-beta, b={branching} d={depth}"
                );
            }
        }
    }
}
