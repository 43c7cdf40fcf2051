//! The staged main-search picker (hash move, captures, killers, quiet moves: the stages are
//! the rows of `picker_stages::STAGE_TABLE` that the config selects); quiescence's is
//! `quiescence_picker.rs`. Stages generate lazily, so a cutoff on the hash move or a capture
//! never generates quiet moves.

use super::learning::{continuation::Line, OrderingTables, Refutations};
use super::main_captures::generate_tactical;
use super::movegen::{for_each_group, generate, sort_stable, take_best, Gen, MoveList, ScoredMove};
use super::ordering::{capture_score, capture_score_known, gain_known, is_losing_known_gain};
use super::picker_stages::{PickerPlan, Stage};
use crate::chess::{is_tactical, CheckSquares};
use crate::config::search_config::CaptureOrder;
use arrayvec::ArrayVec;
use cozy_chess::{BitBoard, Board, Move, Piece, Square};

/// Bonus that puts recaptures ahead of every other capture.
const RECAPTURE_BONUS: i32 = 1 << 28;

/// Hands out one node's moves, best first, each exactly once.
pub struct MovePicker {
    plan: PickerPlan,
    stage: usize,
    hash_move: Option<Move>,
    refutations: Refutations,
    /// The refutations handed out so far, which the quiet stage leaves out.
    tried: ArrayVec<Move, 8>,
    recapture_to: Option<Square>,
    list: MoveList,
    next: usize,
    filled: bool,
    sorted: bool,
    captures_done: bool,
    /// Losing captures held back: for the quiet stage (`history_scope = "all_remaining"`) or
    /// for the stage after the killers (`captures = "see"`); the two never meet.
    deferred: ArrayVec<(Move, Piece), 128>,
    /// Set by `skip_quiets`: quiet moves that give no check are passed over, and counted.
    skipping: Option<CheckSquares>,
    /// The quiet moves passed over so far.
    skipped: u64,
}

/// A move the picker hands out, and whether it is a capture or promotion.
#[derive(Debug, Clone, Copy)]
pub struct Picked {
    /// The move.
    pub mv: Move,
    /// A capture or a promotion (`chess::is_tactical`).
    pub tactical: bool,
    /// The piece that moves, which the generator or the legality test found already: the
    /// search's later steps read it rather than look it up again.
    pub piece: Piece,
}

impl MovePicker {
    /// A picker for one node reached by `previous` (the opponent's last move).
    pub fn new(
        plan: PickerPlan,
        hash_move: Option<Move>,
        refutations: Refutations,
        previous: Option<Move>,
    ) -> Self {
        MovePicker {
            plan,
            stage: 0,
            hash_move,
            refutations,
            tried: ArrayVec::new(),
            recapture_to: if plan.recapture_first {
                previous.map(|mv| mv.to)
            } else {
                None
            },
            list: MoveList::new(),
            next: 0,
            filled: false,
            sorted: false,
            captures_done: false,
            deferred: ArrayVec::new(),
            skipping: None,
            skipped: 0,
        }
    }

    /// From now on, pass over the quiet moves that give no check, as a pruning step would skip
    /// each of them (Stockfish's `skipQuiets`); `skipped` counts them as they are passed, so
    /// a cutoff leaves uncounted the ones that would never have come up.
    pub fn skip_quiets(&mut self, board: &Board) {
        if self.skipping.is_none() {
            self.skipping = Some(CheckSquares::new(board));
        }
    }

    /// The quiet moves passed over since `skip_quiets`.
    pub fn skipped(&self) -> u64 {
        self.skipped
    }

    /// Whether `skip_quiets` passes over this quiet move.
    #[inline]
    fn skips(&self, board: &Board, mv: Move) -> bool {
        self.skipping
            .as_ref()
            .is_some_and(|checks| !checks.gives_check(board, mv))
    }

    /// `skips` of a list entry, whose piece the generator recorded.
    #[inline]
    fn skips_entry(&self, board: &Board, entry: &ScoredMove) -> bool {
        self.skipping
            .as_ref()
            .is_some_and(|checks| !checks.gives_check_by(board, entry.piece, entry.mv))
    }

    /// The next move to search, or `None` when the node's moves are exhausted.
    #[inline(always)]
    pub fn next(&mut self, board: &Board, tables: &OrderingTables, line: Line) -> Option<Picked> {
        let quiet = |mv, piece| Picked {
            mv,
            tactical: false,
            piece,
        };
        let tactical = |mv, piece| Picked {
            mv,
            tactical: true,
            piece,
        };
        loop {
            match self.plan.stages[self.stage] {
                Stage::HashMove => {
                    self.stage += 1;
                    // The hash move comes from the table and must be proved legal before it is tried.
                    let legal = self.hash_move.filter(|&mv| board.is_legal(mv));
                    if let Some((mv, piece)) =
                        legal.and_then(|mv| board.piece_on(mv.from).map(|piece| (mv, piece)))
                    {
                        return Some(Picked {
                            mv,
                            tactical: is_tactical(board, mv),
                            piece,
                        });
                    }
                    self.hash_move = None;
                }
                Stage::FirstCapture | Stage::Captures => {
                    if self.captures_done {
                        self.stage += 1;
                        continue;
                    }
                    if !self.filled {
                        self.fill_captures(board, tables);
                    }
                    let pause_after_one = self.plan.stages[self.stage] == Stage::FirstCapture;
                    match self.take() {
                        // The list stays filled across the killer stage that follows the first capture.
                        Some(entry) => {
                            if pause_after_one {
                                self.stage += 1;
                            }
                            return Some(tactical(entry.mv, entry.piece));
                        }
                        None => {
                            self.captures_done = true;
                            self.advance();
                        }
                    }
                }
                Stage::Killers => {
                    let slots = self.plan.killers;
                    while let Some(slot) = self.refutations.killers[..slots]
                        .iter()
                        .position(|k| k.is_some())
                    {
                        let mv = self.refutations.killers[slot]
                            .take()
                            .expect("slot was Some");
                        if let Some(piece) = self.worth_trying(board, mv) {
                            self.tried.push(mv);
                            if self.skips(board, mv) {
                                self.skipped += 1;
                                continue;
                            }
                            return Some(quiet(mv, piece));
                        }
                    }
                    self.stage += 1;
                }
                Stage::Countermove => {
                    self.stage += 1;
                    if let Some(mv) = self.refutations.countermove.take() {
                        if let Some(piece) = self.worth_trying(board, mv) {
                            self.tried.push(mv);
                            if self.skips(board, mv) {
                                self.skipped += 1;
                                continue;
                            }
                            return Some(quiet(mv, piece));
                        }
                    }
                }
                Stage::BadCaptures => {
                    if !self.filled {
                        for &(mv, piece) in &self.deferred {
                            let mvv_lva = capture_score(board, mv, CaptureOrder::MvvLva);
                            let score = tables.capture_order(board, mv, piece, mvv_lva);
                            self.list.push(ScoredMove { mv, piece, score });
                        }
                        self.mark_filled(true);
                    }
                    match self.take() {
                        Some(entry) => return Some(tactical(entry.mv, entry.piece)),
                        None => self.advance(),
                    }
                }
                Stage::Quiets | Stage::Everything => {
                    if !self.filled {
                        self.fill_remaining(board, tables, line);
                    }
                    match self.take() {
                        Some(entry) => {
                            let mv = entry.mv;
                            // Only quiet moves without promotions, captures held back or (with
                            // no capture stage) captures of any kind ask the board.
                            let mixed = self.plan.quiet_gen != Gen::Quiet || self.plan.defer_losing;
                            if mixed && is_tactical(board, mv) {
                                return Some(tactical(mv, entry.piece));
                            }
                            if self.skips_entry(board, &entry) {
                                self.skipped += 1;
                                continue;
                            }
                            return Some(quiet(mv, entry.piece));
                        }
                        None => self.advance(),
                    }
                }
                Stage::Done => return None,
            }
        }
    }

    /// A refutation comes from elsewhere in the tree: it may be illegal here, the hash move, or
    /// a capture here (then the capture stage has it). The piece it moves, when it is worth
    /// trying.
    #[inline]
    fn worth_trying(&self, board: &Board, mv: Move) -> Option<Piece> {
        let worth = Some(mv) != self.hash_move
            && !self.tried.contains(&mv)
            && !is_tactical(board, mv)
            && board.is_legal(mv);
        worth.then(|| board.piece_on(mv.from)).flatten()
    }

    fn advance(&mut self) {
        self.stage += 1;
        self.list.clear();
        self.next = 0;
        self.filled = false;
    }

    fn fill_captures(&mut self, board: &Board, tables: &OrderingTables) {
        let (plan, hash_move, recapture_to) = (self.plan, self.hash_move, self.recapture_to);
        let deferred = &mut self.deferred;
        let mut varied = false;
        let promotions = plan.capture_gen == Gen::Tactical;
        generate_tactical(board, promotions, &mut self.list, |attacker, victim, mv| {
            if Some(mv) == hash_move {
                return None;
            }
            let gain = gain_known(victim, mv.promotion);
            if plan.defer_losing && is_losing_known_gain(mv, attacker, gain) {
                deferred.push((mv, attacker));
                return None;
            }
            let mut score = capture_score_known(board, mv, attacker, gain, plan.order);
            if plan.order == CaptureOrder::See && score < 0 {
                deferred.push((mv, attacker));
                return None;
            }
            score = tables.capture_order(board, mv, attacker, score);
            if recapture_to == Some(mv.to) {
                score += RECAPTURE_BONUS;
            }
            varied |= score != 0;
            Some(score)
        });
        self.mark_filled(varied);
    }

    fn fill_remaining(&mut self, board: &Board, tables: &OrderingTables, line: Line) {
        let gen = self.plan.quiet_gen;
        if let Some(skipped) = self.all_quiets_skipped(board) {
            self.skipped += skipped;
            self.mark_filled(false);
            return;
        }
        generate(board, gen, &mut self.list);
        if self.plan.defer_losing {
            for &(mv, piece) in &self.deferred {
                self.list.push(ScoredMove {
                    mv,
                    piece,
                    score: 0,
                });
            }
        }
        let (hash_move, tried) = (self.hash_move, &self.tried);
        self.list
            .retain(|m| Some(m.mv) != hash_move && !tried.contains(&m.mv));
        if self.skipping.is_some() {
            // Every move passed over, none handed out: their order does not matter, so neither
            // does scoring them.
            let mixed = gen != Gen::Quiet || self.plan.defer_losing;
            let all_skipped = self
                .list
                .iter()
                .all(|m| !(mixed && is_tactical(board, m.mv)) && self.skips_entry(board, m));
            if all_skipped {
                self.skipped += self.list.len() as u64;
                self.list.clear();
                self.mark_filled(false);
                return;
            }
        }
        let mut varied = false;
        // With `continuation.enabled`, Ethereal's three histories summed along the line that
        // led here order the quiet moves; otherwise the classic table does.
        let continuation = tables.continuation.as_ref();
        for entry in self.list.iter_mut() {
            let mv = entry.mv;
            let mut score = match continuation {
                _ if !self.plan.history => 0,
                None => tables.history.score(board, mv) as i32,
                Some(table) => table.of_piece(board, entry.piece, mv, line).sum(),
            };
            if self.recapture_to == Some(mv.to) && gen == Gen::All && is_tactical(board, mv) {
                score += RECAPTURE_BONUS;
            }
            varied |= score != 0;
            entry.score = score;
        }
        // Quiet moves are many and mostly all searched: one sort beats a scan per pick.
        if varied {
            sort_stable(&mut self.list);
        }
        self.mark_filled(false);
    }

    /// While skipping, with quiet moves alone to come: how many there are when none of them
    /// will be handed out (none gives check), counted a piece at a time without listing them.
    /// `None`: some would be, or the stage holds more than quiet moves.
    fn all_quiets_skipped(&self, board: &Board) -> Option<u64> {
        let checks = self.skipping.as_ref()?;
        if self.plan.quiet_gen != Gen::Quiet || self.plan.defer_losing {
            return None;
        }
        let ours = board.colors(board.side_to_move());
        let passed = |mv: Move| Some(mv) == self.hash_move || self.tried.contains(&mv);
        let (mut count, mut handed_out) = (0u64, false);
        for_each_group(board, Gen::Quiet, |mut group| {
            count += group.to.len() as u64;
            // Castling (the king onto its own rook) moves two pieces: tested in full.
            let castles = if group.piece == Piece::King {
                group.to & ours
            } else {
                BitBoard::EMPTY
            };
            let checking = group.to & checks.checking_targets(group.piece, group.from);
            group.to = (checking & !castles)
                | castles
                    .into_iter()
                    .map(|to| Move {
                        from: group.from,
                        to,
                        promotion: None,
                    })
                    .filter(|&mv| crate::chess::gives_check(board, mv))
                    .fold(BitBoard::EMPTY, |set, mv| set | mv.to.bitboard());
            handed_out = group.into_iter().any(|mv| !passed(mv));
            handed_out
        });
        if handed_out {
            return None;
        }
        // The hash move and the refutations tried already are not in the stage.
        let quiet_hash = self.hash_move.is_some_and(|mv| !is_tactical(board, mv));
        let passed = self.tried.len() as u64 + u64::from(quiet_hash);
        debug_assert!(count >= passed, "the tried moves are legal quiet moves");
        Some(count.saturating_sub(passed))
    }

    fn mark_filled(&mut self, varied: bool) {
        self.next = 0;
        self.filled = true;
        // All-equal scores keep generator order without a selection scan.
        self.sorted = !varied;
    }

    fn take(&mut self) -> Option<ScoredMove> {
        take_best(&mut self.list, &mut self.next, self.sorted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::search_config::OrderingConfig;

    /// Every move the picker hands out at `fen`, in order, with no hash move and `killers`.
    fn picked(fen: &str, ordering: &OrderingConfig, killers: &[&str]) -> Vec<String> {
        let board = Board::from_fen(fen, false).unwrap();
        let mut refutations = Refutations::default();
        for (slot, k) in refutations.killers.iter_mut().zip(killers) {
            *slot = Some(k.parse().unwrap());
        }
        let cfg = crate::config::SearchConfig {
            ordering: ordering.clone(),
            ..Default::default()
        };
        let tables = OrderingTables::new(&cfg);
        let mut picker = MovePicker::new(PickerPlan::new(ordering), None, refutations, None);
        std::iter::from_fn(|| picker.next(&board, &tables, Line::default()))
            .map(|m| m.mv.to_string())
            .collect()
    }

    #[test]
    fn quiet_promotions_go_with_the_captures_or_with_the_quiets() {
        // White can promote on b8 (quiet) or take on a8 (a capture-promotion), or play king moves.
        let fen = "r6k/1P6/8/8/8/8/8/7K w - - 0 1";
        let mut ordering = OrderingConfig::default();
        let with = picked(fen, &ordering, &["h1g1"]);
        ordering.promotions_with_captures = false;
        let without = picked(fen, &ordering, &["h1g1"]);
        let (mut sorted, mut sorted_without) = (with.clone(), without.clone());
        sorted.sort();
        sorted_without.sort();
        assert_eq!(sorted, sorted_without, "the same moves, each once");
        let at = |list: &[String], mv: &str| list.iter().position(|m| m == mv).unwrap();
        // With the captures: all eight promotions rank by gain (b8=Q above a8=B), then the killer.
        assert!(with[..8].iter().all(|m| m.starts_with("b7")), "{with:?}");
        assert!(at(&with, "b7b8q") < at(&with, "b7a8b"), "{with:?}");
        // With the quiets: the four capture-promotions, the killer, then b8 among the quiets.
        assert!(
            without[..4].iter().all(|m| m.starts_with("b7a8")),
            "{without:?}"
        );
        assert!(at(&with, "b7b8q") < at(&with, "h1g1"), "{with:?}");
        assert!(at(&without, "b7b8q") > at(&without, "h1g1"), "{without:?}");
    }
}
