//! The horizon: quiescence (captures, and quiet checks at its top plies when asked) or the
//! static evaluation.

use super::pruning::piece_material;
use super::Searcher;
use crate::chess::eval::evaluate_after_capture;
use crate::chess::eval::EvalKind;
use crate::chess::{gives_check, piece_value};
use crate::search::learning::continuation::Line;
use crate::search::movegen::{generate, Gen, MoveList};
use crate::search::quiescence_captures::Capture;
use crate::search::quiescence_picker::{loses_by_see, CapturePicker};
use crate::search::score::{from_stockfish, Score, DRAW, INF, MATE_BOUND, MAX_PLY};
use crate::search::see::see_known;
use crate::search::window::Window;
use cozy_chess::{Board, Color, Move, Piece};

/// Stockfish's `futilityBase = bestValue + 155` (its units, 208 a pawn).
const FUTILITY_MARGIN: Score = from_stockfish(155);

/// Stockfish's `PieceValue[EG]` at 88f17a814 (`types.h`: 208, 854, 915, 1380, 2682), in
/// centipawns: quiescence futility's `futilityBase + PieceValue[EG][pos.piece_on(to_sq(move))]`.
fn stockfish_eg_value(piece: Piece) -> Score {
    match piece {
        Piece::Pawn => from_stockfish(208),
        Piece::Knight => from_stockfish(854),
        Piece::Bishop => from_stockfish(915),
        Piece::Rook => from_stockfish(1380),
        Piece::Queen => from_stockfish(2682),
        Piece::King => 0,
    }
}

impl Searcher<'_> {
    /// The value the search gives a horizon node: quiescence with a full window (its exact
    /// value), or the static evaluation.
    pub fn leaf_value(&mut self, board: &Board, ply: usize) -> Score {
        let psq = self.fresh_psq(board, ply);
        // Quiet checks and delta pruning live in the selective search; the leaf must see them too.
        if self.selective {
            self.horizon::<true>(board, ply, Window::FULL, psq)
        } else {
            self.horizon::<false>(board, ply, Window::FULL, psq)
        }
    }

    /// The horizon's value: quiescence, or the static evaluation without it.
    #[inline]
    pub(super) fn horizon<const SELECTIVE: bool>(
        &mut self,
        board: &Board,
        ply: usize,
        window: Window,
        psq: Score,
    ) -> Score {
        if self.cfg.quiescence.enabled {
            if SELECTIVE {
                self.horizon_ply = ply;
            }
            self.quiescence::<SELECTIVE>(board, ply, window, (psq, None))
        } else {
            self.evaluate(board, ply, psq)
        }
    }

    /// Captures only, beyond the horizon (and quiet checks at its top plies when asked); with
    /// `quiescence.tt`, through the transposition table (`quiescence_table.rs`).
    ///
    /// Always alpha-beta, even under `alphabeta = false`: there the horizon node opens it with a
    /// full window, so its value is exact, while a full-width capture tree would grow beyond reach.
    #[inline]
    pub(super) fn quiescence<const SELECTIVE: bool>(
        &mut self,
        board: &Board,
        ply: usize,
        window: Window,
        child: (Score, Option<Score>),
    ) -> Score {
        if SELECTIVE && self.cfg.quiescence.tt {
            return self.quiescence_with_table::<SELECTIVE>(board, ply, window, child);
        }
        self.quiescence_moves::<SELECTIVE>(board, ply, window, child)
    }

    /// Quiescence's stand pat and moves; `known` is the node's evaluation when the caller
    /// has it.
    pub(super) fn quiescence_moves<const SELECTIVE: bool>(
        &mut self,
        board: &Board,
        ply: usize,
        mut window: Window,
        (psq, known): (Score, Option<Score>),
    ) -> Score {
        self.stats.seldepth = self.stats.seldepth.max(ply as u64);
        #[cfg(test)]
        self.check_accumulators(board, ply);
        let q = &self.cfg.quiescence;

        // Step 1. Stand pat (`quiescence.stand_pat`): the side to move may take the static
        // evaluation instead of capturing (`known` when the parent worked it out).
        let stand = known.unwrap_or_else(|| self.evaluate(board, ply, psq));
        let mut best = if q.stand_pat { stand } else { -INF };
        if q.stand_pat {
            if best >= window.beta {
                return best;
            }
            window.alpha = window.alpha.max(best);
        }
        if ply >= MAX_PLY {
            return stand;
        }

        // Step 2. Captures from the quiescence picker (`quiescence.ordering`,
        // `quiescence.prune`), until one reaches beta.
        let mut picker = CapturePicker::new();
        picker.fill(board, q.ordering, q.pruning());
        let delta_base = if SELECTIVE && q.delta {
            self.delta_base(board, stand)
        } else {
            None
        };
        // Stockfish's futility base (`quiescence.futility`): stand-pat + 75 cp, not in check.
        let futility_base = (SELECTIVE && q.futility && q.stand_pat && board.checkers().is_empty())
            .then(|| stand + FUTILITY_MARGIN);
        // Stockfish's futility counts and judges every capture, those SEE pruning then drops
        // included: the picker hands them out, and the loop drops them after futility.
        let drop_losing = futility_base.is_some() && picker.hand_out_losing();
        let mut move_count = 0;
        while let Some(capture) = picker.next(board) {
            // Step 3. Stockfish's futility and move-count pruning (`quiescence.futility`).
            if let Some(base) = futility_base {
                move_count += 1;
                if let Some(floor) = self.qsearch_futile(board, &capture, base, move_count, window)
                {
                    best = best.max(floor);
                    continue;
                }
                if drop_losing && loses_by_see(board, &capture) {
                    continue;
                }
            }
            // Step 4. Delta pruning (`quiescence.delta`, `quiescence.delta_margin`).
            if let Some(base) = delta_base {
                let gain = piece_value(capture.victim)
                    + capture
                        .mv
                        .promotion
                        .map_or(0, |p| piece_value(p) - piece_value(Piece::Pawn));
                if base + gain <= window.alpha {
                    self.stats.delta_prunes += 1;
                    continue;
                }
            }
            let child_psq = self.capture_psq(board, &capture, psq, ply);
            // The child's stand pat, worked out before the make: most children stand pat at
            // once (a cutoff), and those need no board of their own.
            // Not with `quiescence.tt`: there every child reads the table first.
            let child_stand = if q.stand_pat && !(SELECTIVE && q.tt) {
                self.stand_after_capture(board, &capture, (psq, child_psq), stand, ply)
            } else {
                None
            };
            if let Some(stand) = child_stand.filter(|&stand| stand >= -window.alpha) {
                self.stats.qnodes += 1;
                self.poll_stop();
                self.stats.seldepth = self.stats.seldepth.max(ply as u64 + 1);
                if let Some(score) = self.child_score(-stand, &mut window, &mut best) {
                    return score;
                }
                continue;
            }
            if let Some(score) = self.quiescence_child::<SELECTIVE>(
                board,
                capture.mv,
                ply,
                &mut window,
                &mut best,
                (child_psq, child_stand),
            ) {
                return score;
            }
        }

        // Step 5. Quiet moves that give check at the top plies of quiescence
        // (`quiescence.checks`); the checked side still answers with captures or stands pat.
        if SELECTIVE && q.checks > 0 && usize::from(q.checks) > ply - self.horizon_ply {
            if let Some(score) =
                self.quiet_checks::<SELECTIVE>(board, ply, &mut window, &mut best, psq)
            {
                return score;
            }
        }
        if self.aborted {
            return DRAW;
        }
        if best == -INF {
            stand
        } else {
            best
        }
    }

    /// The static evaluation after `capture`, from the child's side: `stand` is this node's
    /// and (`psq`, `child_psq`) the incremental part before and after. A capture that takes a
    /// pawn (or anything from a side with no queen), promotes nothing and moves no king leaves
    /// the kings' table as it was, so the child's evaluation is this one's with the capture's
    /// change, negated.
    #[inline(always)]
    fn stand_after_capture(
        &self,
        board: &Board,
        capture: &Capture,
        (psq, child_psq): (Score, Score),
        stand: Score,
        ply: usize,
    ) -> Option<Score> {
        let white = board.side_to_move() == Color::White;
        match self.eval {
            EvalKind::Material => {
                let promotion = capture
                    .mv
                    .promotion
                    .map_or(0, |p| piece_value(p) - piece_value(Piece::Pawn));
                Some(-stand - piece_value(capture.victim) - promotion)
            }
            // The kings' tables change with the endgame rule (eval.md), which only the victim's
            // side can cross, and only while it has a queen: taking a pawn, or anything from a
            // side with no queen, leaves the rule where it was.
            EvalKind::Pst
                if capture.mv.promotion.is_none()
                    && capture.piece != Piece::King
                    && (capture.victim == Piece::Pawn
                        || board
                            .colored_pieces(!board.side_to_move(), Piece::Queen)
                            .is_empty()) =>
            {
                let change = child_psq - psq;
                Some(-stand - if white { change } else { -change })
            }
            // The child's accumulators are made (`capture_psq`): its evaluation needs no board.
            EvalKind::Nnue => Some(self.evaluate_network(!board.side_to_move(), ply + 1)),
            kind => evaluate_after_capture(
                board,
                kind,
                capture.mv,
                capture.piece,
                capture.victim,
                child_psq,
            ),
        }
    }

    /// Quiescence's Step 3, Stockfish's "futility pruning and moveCount pruning (~5 Elo)" in `qsearch` at
    /// 88f17a814: a capture that gives no check and promotes nothing is skipped when two moves
    /// came before it (`moveCount > 2`, every capture counted, those SEE pruning drops too),
    /// when the futility base (stand-pat + 75 cp) and its victim at Stockfish's endgame value
    /// stay at or below alpha, or when the base does and its exchange does not win (by
    /// ablate's SEE and piece values, where Stockfish's `see_ge` uses its middlegame values).
    /// `Some(floor)`: skipped, and the node is worth at least `floor`.
    #[inline(never)]
    fn qsearch_futile(
        &mut self,
        board: &Board,
        capture: &Capture,
        base: Score,
        move_count: u32,
        window: Window,
    ) -> Option<Score> {
        if capture.mv.promotion.is_some() || gives_check(board, capture.mv) {
            return None;
        }
        let floor = if move_count > 2 {
            -INF
        } else if base + stockfish_eg_value(capture.victim) <= window.alpha {
            base + stockfish_eg_value(capture.victim)
        } else if base <= window.alpha
            && see_known(
                board,
                capture.mv,
                capture.piece,
                piece_value(capture.victim),
            ) < 1
        {
            base
        } else {
            return None;
        };
        self.stats.qsearch_futility_prunes += 1;
        Some(floor)
    }

    /// Delta pruning's floor, stand-pat + margin, where it applies: not in check, and not with
    /// 1300 cp or less of pieces (pawns and kings aside) on the board, where one capture may
    /// decide the game.
    #[cold]
    fn delta_base(&self, board: &Board, stand: Score) -> Option<Score> {
        (board.checkers().is_empty() && piece_material(board) > 1300)
            .then(|| stand + self.cfg.quiescence.delta_margin)
    }

    /// Quiescence's quiet checking moves; `Some(score)` when one ends the node.
    #[cold]
    #[inline(never)]
    fn quiet_checks<const SELECTIVE: bool>(
        &mut self,
        board: &Board,
        ply: usize,
        window: &mut Window,
        best: &mut Score,
        psq: Score,
    ) -> Option<Score> {
        let mut quiet = MoveList::new();
        generate(board, Gen::Quiet, &mut quiet);
        // The continuation tables know the line only where the main search recorded it: at
        // the horizon node, as Stockfish's quiet checks are only at its first quiescence ply.
        let line = (self.cfg.quiescence.continuation_pruning && ply == self.horizon_ply)
            .then(|| self.line(ply));
        for m in quiet {
            let mut child = board.clone();
            child.play_unchecked(m.mv);
            if child.checkers().is_empty() {
                continue;
            }
            if let Some(line) = line {
                if self.continuation_poor(board, m.mv, line, *best) {
                    continue;
                }
            }
            let child_psq = self.child_psq(board, m.mv, m.piece, psq, ply);
            if let Some(score) = self.quiescence_child::<SELECTIVE>(
                board,
                m.mv,
                ply,
                window,
                best,
                (child_psq, None),
            ) {
                return Some(score);
            }
        }
        None
    }

    /// Stockfish 88f17a814's "continuation history based pruning (~2 Elo)" in `qsearch`
    /// (`quiescence.continuation_pruning`): once a move has scored above a mated score
    /// (`bestValue > VALUE_TB_LOSS_IN_MAX_PLY`; the stand pat counts), a quiet move whose
    /// counter-move and follow-up histories are both below `CounterMovePruneThreshold` (0) is
    /// skipped. Read from Ethereal's tables, which ablate keeps.
    #[cold]
    fn continuation_poor(&mut self, board: &Board, mv: Move, line: Line, best: Score) -> bool {
        let Some(tables) = &self.tables.continuation else {
            return false;
        };
        if best <= -MATE_BOUND {
            return false;
        }
        let histories = tables.of(board, mv, line);
        let poor = histories.counter < 0 && histories.follow_up < 0;
        self.stats.qsearch_continuation_prunes += u64::from(poor);
        poor
    }

    /// One quiescence move; `Some(score)` when the node is done (a beta cutoff, or a stop).
    #[inline(always)]
    fn quiescence_child<const SELECTIVE: bool>(
        &mut self,
        board: &Board,
        mv: Move,
        ply: usize,
        window: &mut Window,
        best: &mut Score,
        child: (Score, Option<Score>),
    ) -> Option<Score> {
        let mut board = board.clone();
        board.play_unchecked(mv);
        self.stats.qnodes += 1;
        self.poll_stop();
        let score = -self.quiescence::<SELECTIVE>(&board, ply + 1, window.negated(), child);
        self.child_score(score, window, best)
    }

    /// A child's score taken into the node: `Some(score)` when the node is done (a beta
    /// cutoff, or a stop).
    #[inline(always)]
    fn child_score(
        &mut self,
        score: Score,
        window: &mut Window,
        best: &mut Score,
    ) -> Option<Score> {
        if self.aborted {
            return Some(DRAW);
        }
        if score > *best {
            *best = score;
            if score > window.alpha {
                window.alpha = score;
                if score >= window.beta {
                    return Some(score);
                }
            }
        }
        None
    }
}
