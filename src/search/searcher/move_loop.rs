//! A node's moves (negamax's Step 14): each move from the staged picker gets one decision from
//! the steps (Steps 15-22: skip it, end the node, or search it at this depth with this
//! reduction), is searched (Step 23) and compared with the best so far (Step 24). Each step is
//! a call into its module; the steps of knobs that are off are compiled out
//! (`SELECTIVE = false`, `SWITCHED = false`) or test their knob.

use super::lmr_adjust::LmrState;
use super::node::{Node, NodeFacts, Singular};
use super::pruning::SkipRule;
use super::Searcher;
use crate::config::search_config::SingularForm;
use crate::search::learning::continuation::{Histories, Line};
use crate::search::learning::Refutations;
use crate::search::picker::{MovePicker, Picked};
use crate::search::score::{Score, INF};
use crate::search::window::Window;
use arrayvec::ArrayVec;
use cozy_chess::{Board, Move};

/// What the move loop found.
pub(super) struct MoveLoop {
    pub best: Score,
    pub best_move: Option<Move>,
    pub searched: usize,
    /// The node ends with this score, unstored (multi-cut, `singular.*`).
    pub cut: Option<Score>,
}

/// What the loop carries from one move to the next.
struct LoopState {
    picker: MovePicker,
    window: Window,
    found: MoveLoop,
    refutations: Refutations,
    /// The moves that led here, as the continuation tables read them.
    line: Line,
    /// The quiet moves searched so far (the tables learn from them at a cutoff).
    quiets: ArrayVec<Move, 256>,
    /// The quiet moves handed out so far, pruned or searched (Ethereal's `quietsSeen`).
    quiets_seen: usize,
    /// The captures and promotions searched that did not raise alpha, while a table learns
    /// from them: at most 32, as Stockfish's `capturesSearched`.
    tactical: ArrayVec<Move, 32>,
    /// What Stockfish's LMR adjustments learn from the moves searched (`lmr_adjust.rs`).
    lmr: LmrState,
    move_count: u8,
    /// The move Stockfish's singular test leaves out here: the stack's, copied once a node.
    /// Read from the stack at each move instead, today's `strongest` measured 0.2% more
    /// instructions a node (callgrind, docs/performance.md's games command).
    excluded: Option<Move>,
    /// The rule that skipped a quiet move: it skips every later one too (`prune_move`).
    skipping: Option<SkipRule>,
    /// The position after the move being searched, made in place: the loop's one copy of
    /// the board a move.
    child: Option<Board>,
}

/// The steps' one decision on a move.
enum Decision {
    /// Pass over it.
    Skip,
    /// The node ends before it: with this score (multi-cut), or `None` after a stop.
    End(Option<Score>),
    /// Search it.
    Search(Child),
}

/// A move made (its position is `LoopState::child`), with the depth the steps gave it.
struct Child {
    /// The move gives check.
    gives_check: bool,
    psq: Score,
    /// The child's depth, extensions included.
    depth: u32,
    /// Plies the first search is reduced by (0: none).
    reduction: u32,
    /// The singular test's extension, where it ran and extended.
    singular: Option<i32>,
}

/// What the steps know of the move they decide on.
#[derive(Clone, Copy)]
struct Tried {
    picked: Picked,
    /// Quiet, in the selective build (the plain build has no step that asks).
    quiet: bool,
    /// Its continuation histories (empty unless `continuation.enabled` and quiet).
    histories: Histories,
}

impl Searcher<'_> {
    /// The moves from the staged picker. The first is searched with the full window;
    /// the rest with a null window and re-searched when they beat alpha (`pvs`); minimax
    /// (`alphabeta = false`) searches every move fully. `None`: a stop cut the search short.
    #[inline(always)]
    pub(super) fn search_moves<const SELECTIVE: bool, const SWITCHED: bool>(
        &mut self,
        board: &Board,
        node: &Node,
        facts: &mut NodeFacts,
    ) -> Option<MoveLoop> {
        // Step 14. The moves, best first (`ordering.*`, `continuation.*`), each given one
        // decision by Steps 15-22.
        let mut lp = self.start_loop::<SELECTIVE, SWITCHED>(board, node, facts);
        while let Some(picked) = lp.picker.next(board, &self.tables, lp.line) {
            let child =
                match self.decide::<SELECTIVE, SWITCHED>(board, node, facts, &mut lp, picked) {
                    Decision::Search(child) => child,
                    Decision::Skip => continue,
                    Decision::End(None) => return None,
                    Decision::End(cut) => {
                        lp.found.cut = cut;
                        return Some(lp.found);
                    }
                };
            let score = self
                .search_child::<SELECTIVE, SWITCHED>(board, node, facts, &mut lp, picked, child);
            lp.found.searched += 1;
            if self.aborted {
                return None;
            }
            let alpha = lp.window.alpha;
            if self.better_move::<SELECTIVE, SWITCHED>(board, node, &mut lp, picked, score) {
                break;
            }
            // Stockfish's `move != bestMove`: its best move is the last to raise alpha.
            if picked.tactical && self.tables.learns_tactical() && score <= alpha {
                let _ = lp.tactical.try_push(picked.mv);
            }
        }
        if let Some(rule) = lp.skipping {
            self.count_skipped(rule, lp.picker.skipped());
        }
        Some(lp.found)
    }

    /// The loop's state before its first move.
    #[inline(always)]
    fn start_loop<const SELECTIVE: bool, const SWITCHED: bool>(
        &mut self,
        board: &Board,
        node: &Node,
        facts: &NodeFacts,
    ) -> LoopState {
        let refutations = self.tables.refutations(board, node.place());
        let adjusts = SWITCHED && self.on.lmr_adjust;
        LoopState {
            picker: MovePicker::new(self.plan, facts.hash_move, refutations, node.previous),
            window: node.window,
            found: MoveLoop {
                best: -INF,
                best_move: None,
                searched: 0,
                cut: None,
            },
            refutations,
            line: if SWITCHED {
                self.line(node.ply)
            } else {
                Line::default()
            },
            quiets: ArrayVec::new(),
            quiets_seen: 0,
            tactical: ArrayVec::new(),
            lmr: self.lmr_state(board, node, facts.table.as_ref(), adjusts),
            move_count: 0,
            excluded: if SWITCHED {
                self.stack[node.ply].excluded
            } else {
                None
            },
            skipping: None,
            child: None,
        }
    }

    /// Each move's one decision, from Steps 15-22.
    #[inline(always)]
    fn decide<const SELECTIVE: bool, const SWITCHED: bool>(
        &mut self,
        board: &Board,
        node: &Node,
        facts: &mut NodeFacts,
        lp: &mut LoopState,
        picked: Picked,
    ) -> Decision {
        // Step 15. Stockfish's singular test searches the node without the move it tests;
        // the moves are counted (`Switches::move_count`).
        if SWITCHED && facts.excluding && Some(picked.mv) == lp.excluded {
            return Decision::Skip;
        }
        if SWITCHED && self.on.move_count {
            lp.move_count = lp.move_count.saturating_add(1);
            self.stack[node.ply].move_count = lp.move_count;
        }
        let quiet = SELECTIVE && !picked.tactical;
        let histories = if SWITCHED && self.on.line && quiet {
            self.tables.histories(board, picked.mv, lp.line)
        } else {
            Histories::default()
        };
        let tried = Tried {
            picked,
            quiet,
            histories,
        };
        let pruned = SELECTIVE && self.prunes::<SWITCHED>(board, node, facts, lp, tried);
        if SWITCHED {
            lp.quiets_seen += usize::from(quiet);
        }
        if pruned {
            return Decision::Skip;
        }
        let mut singular = None;
        if SWITCHED && self.on.singular {
            match self.singular_step::<SELECTIVE, SWITCHED>(board, node, facts, lp, tried) {
                Singular::Extend(plies) => singular = Some(plies),
                Singular::Cut(score) => return Decision::End(Some(score)),
                Singular::No => {}
            }
            if self.aborted {
                return Decision::End(None);
            }
        }
        let mut child = self.make_move::<SELECTIVE, SWITCHED>(board, node, lp, picked, singular);
        if SELECTIVE {
            self.child_depth::<SWITCHED>(board, node, facts, lp, tried, &mut child);
        }
        Decision::Search(child)
    }

    /// Whether a pruning step skips the move.
    #[inline(always)]
    fn prunes<const SWITCHED: bool>(
        &mut self,
        board: &Board,
        node: &Node,
        facts: &mut NodeFacts,
        lp: &mut LoopState,
        tried: Tried,
    ) -> bool {
        let (mv, quiet, best) = (tried.picked.mv, tried.quiet, lp.found.best);
        // Step 16. Futility and late-move pruning (`futility.*`, `late_move_pruning.*`): quiet moves that do not give check, never
        // the first. Whether a move gives check is read from the board, so that a skipped move
        // is never played.
        if quiet && lp.found.searched > 0 && facts.prunable {
            let checks = || crate::chess::gives_check(board, mv);
            let counted = if SWITCHED && self.on.quiets_seen {
                lp.quiets_seen
            } else {
                lp.quiets.len()
            };
            if let Some(skip) = self.prune_move(board, node, facts, counted, best, checks) {
                lp.found.best = best.max(skip.bound);
                lp.skipping = Some(skip.rule);
                lp.picker.skip_quiets(board);
                return true;
            }
        }
        // Step 17. Counter-move and follow-up pruning (`continuation.pruning`).
        if SWITCHED
            && self.on.line
            && quiet
            && facts.prunable
            && self.continuation_prunes(node, facts, best, tried.histories)
        {
            return true;
        }
        // Step 18. Stockfish's futility pruning of captures (`futility.captures`).
        if SWITCHED
            && tried.picked.tactical
            && facts.prunable
            && self.on.capture_futility
            && self.capture_futile(board, node, facts, mv, (lp.found.searched, best))
        {
            return true;
        }
        // Step 19. SEE pruning (`see_pruning.*`).
        self.cfg.alphabeta && self.see_prunes(board, node, &tried.picked, quiet, best)
    }

    /// The singular test, where the move is the table's and a candidate.
    #[inline(always)]
    fn singular_step<const SELECTIVE: bool, const SWITCHED: bool>(
        &mut self,
        board: &Board,
        node: &Node,
        facts: &NodeFacts,
        lp: &LoopState,
        tried: Tried,
    ) -> Singular {
        // Step 20. Singular extension (`singular.*`): the hash move tested against the others.
        let mv = tried.picked.mv;
        let Some(entry) = facts.table.filter(|e| e.mv == Some(mv)) else {
            return Singular::No;
        };
        let history_extends =
            self.on.line && tried.quiet && self.history_extends(lp.quiets.len(), tried.histories);
        if !self.singular_candidate(node, Some(&entry), facts.in_check, history_extends) {
            return Singular::No;
        }
        self.singular::<SELECTIVE, SWITCHED>(board, node, mv, entry)
    }

    /// The move made, with the child's depth before extensions and reductions.
    #[inline(always)]
    fn make_move<const SELECTIVE: bool, const SWITCHED: bool>(
        &mut self,
        board: &Board,
        node: &Node,
        lp: &mut LoopState,
        picked: Picked,
        singular: Option<i32>,
    ) -> Child {
        // Step 21. Make the move.
        let psq = self.child_psq(board, picked.mv, picked.piece, node.psq, node.ply);
        let child = lp.child.insert(board.clone());
        child.play_unchecked(picked.mv);
        let gives_check = SELECTIVE && !child.checkers().is_empty();
        // Only a child with depth left probes the table (a check may extend depth 1).
        let child_probes = node.depth > 1 || gives_check;
        if let Some(tt) = self.tt.as_ref().filter(|_| child_probes) {
            tt.prefetch(child.hash());
        }
        if SELECTIVE {
            self.descend::<SWITCHED>(board, node.ply, picked.mv, picked.piece);
        }
        Child {
            gives_check,
            psq,
            depth: node.depth - 1,
            reduction: 0,
            singular,
        }
    }

    /// The child's depth: the check, history and singular extensions, then late-move
    /// reduction (`lmr.*`).
    #[inline(always)]
    fn child_depth<const SWITCHED: bool>(
        &mut self,
        board: &Board,
        node: &Node,
        facts: &NodeFacts,
        lp: &mut LoopState,
        tried: Tried,
        child: &mut Child,
    ) {
        // Step 22. Extensions and late-move reduction (`extensions.*`, `lmr.*`, and
        // `continuation.lmr` and `continuation.extension` from the continuation histories).
        let (mv, quiet, histories) = (tried.picked.mv, tried.quiet, tried.histories);
        let gives_check = child.gives_check;
        // Ethereal's history extension (`continuation.extension`) and the quiet hash move's
        // (`extensions.quiet_tt_move`): one ply each.
        let history = if SWITCHED && self.on.line {
            let is_tt_move = Some(mv) == facts.table.and_then(|e| e.mv);
            let quiet_tt = is_tt_move && quiet && lp.refutations.killers[0] == Some(mv);
            self.history_extension(lp.quiets.len(), histories)
                .max(self.quiet_tt_extension(node, quiet_tt, histories))
        } else {
            0
        };
        child.depth = match child.singular {
            // Stockfish's test decides alone where it ran (its check extension is an
            // `else if`), and may take two plies off.
            Some(plies) if self.cfg.singular.form == SingularForm::Stockfish => {
                child.depth.saturating_add_signed(plies)
            }
            // Ethereal extends once for a singular move, a check or the history.
            plies => {
                let usual = self
                    .check_extension(node, gives_check, facts.in_check)
                    .max(history);
                child.depth + usual.max(plies.unwrap_or(0) as u32)
            }
        };
        // Late quiet moves, never the hash move, a killer, a check, or any move at a node in
        // check.
        let late_quiet = lp.found.searched > 0 && quiet && !gives_check;
        if self.cfg.alphabeta
            && late_quiet
            && !facts.in_check
            && Some(mv) != facts.hash_move
            && !lp.refutations.killers.contains(&Some(mv))
        {
            if let Some(mut r) = self.lmr_reduction(board, mv, node.depth, lp.found.searched) {
                if SWITCHED && self.on.lmr_adjust {
                    let killer = lp.refutations.killers[0];
                    r = self.stockfish_lmr(r, node, &lp.lmr, mv, killer);
                }
                child.reduction = if SWITCHED && self.on.line {
                    self.history_adjusted(r, node.depth, histories)
                } else {
                    r
                };
            }
        }
        if quiet {
            lp.quiets.push(mv);
        }
    }

    /// The child searched: reduced first, or as `search_move` does.
    #[inline(always)]
    fn search_child<const SELECTIVE: bool, const SWITCHED: bool>(
        &mut self,
        board: &Board,
        node: &Node,
        facts: &mut NodeFacts,
        lp: &mut LoopState,
        picked: Picked,
        child: Child,
    ) -> Score {
        // Step 23. Search the child (`pvs`: with a null window after the first move).
        let mut child_node = node.child(child.depth, lp.window, Some(picked.mv), child.psq);
        // Stockfish searches every move of its step 16 block with `cutNode = true`, reduced
        // or not; a reduced search sets it itself (`reduced_search`).
        // Only a step that reads the flag pays for it (`strongest` has none).
        if SWITCHED && child.reduction == 0 && self.on.cut_flag {
            let parent_count = self.stack[node.ply.saturating_sub(1)].move_count;
            let tt_pv = self.on.tt_pv && self.stack[node.ply].tt_pv;
            child_node.cut |= self.in_stockfish_lmr_block(
                node,
                lp.found.searched,
                picked.tactical && tt_pv,
                parent_count,
            );
        }
        if SWITCHED && self.on.double_extensions {
            let double = u8::from(child.singular == Some(2));
            self.stack[node.ply + 1].double_extensions =
                self.stack[node.ply].double_extensions + double;
        }
        let made = lp.child.as_ref().expect("Step 21 made the move");
        if SELECTIVE && child.reduction > 0 {
            let (score, reduced) =
                self.reduced_search::<SELECTIVE, SWITCHED>(made, child_node, child.reduction);
            if SWITCHED && self.on.lmr_adjust {
                self.note_range(board, node, facts, &mut lp.lmr, reduced);
            }
            score
        } else {
            let late = lp.found.searched > 0;
            self.search_move::<SELECTIVE, SWITCHED>(made, child_node, late)
        }
    }

    /// A better move raises alpha; one that reaches beta ends the node (true) and teaches the
    /// ordering tables (`ordering.killers`, `ordering.history*`).
    #[inline(always)]
    fn better_move<const SELECTIVE: bool, const SWITCHED: bool>(
        &mut self,
        board: &Board,
        node: &Node,
        lp: &mut LoopState,
        picked: Picked,
        score: Score,
    ) -> bool {
        // Step 24. A better move.
        let (mv, found) = (picked.mv, &mut lp.found);
        if score <= found.best {
            return false;
        }
        found.best = score;
        found.best_move = Some(mv);
        if !self.cfg.alphabeta {
            self.pv.update(node.ply, mv);
            return false;
        }
        if score <= lp.window.alpha {
            return false;
        }
        lp.window.alpha = score;
        self.pv.update(node.ply, mv);
        if SWITCHED && self.on.lmr_adjust {
            lp.lmr.raised += u32::from(score < lp.window.beta);
        }
        if score < lp.window.beta {
            return false;
        }
        self.stats.beta_cutoffs += 1;
        self.stats.first_move_cutoffs += u64::from(found.searched == 1);
        self.tables.learn(self.cfg, board, mv, node.place(), 1);
        self.tables
            .learn_tactical(board, mv, &lp.tactical, node.depth, &mut self.stats);
        if SELECTIVE {
            self.tables.count_success(self.cfg, board, mv, &lp.quiets);
            if SWITCHED && self.on.line && !picked.tactical {
                self.tables
                    .learn_line(board, &lp.quiets, lp.line, node.depth);
            }
        }
        true
    }
}
