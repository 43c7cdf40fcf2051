//! One game between two search configurations, each side with its own table, from an opening
//! to a result by the rules or by adjudication.

use super::rules::{game_over, GameResult, Termination};
use crate::chess::notation::uci;
use crate::chess::{legal_moves, repetition_key};
use crate::config::{SearchConfig, MAX_DEPTH};
use crate::search::clock::{budget, Limit};
use crate::search::tt::TranspositionTable;
use crate::search::{search_game, GameLimits, IterationReport, MATE_BOUND};
use cozy_chess::{Board, Color};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// `--adjudicate`: end a game early when both sides agree on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Adjudication {
    /// `draw=MOVE,SCORE,COUNT`: from move MOVE on, both sides scored within ±SCORE cp for their
    /// last COUNT moves each.
    pub draw: Option<(u32, i32, usize)>,
    /// `resign=SCORE,COUNT`: one side scored −SCORE or worse for its last COUNT moves and the
    /// other +SCORE or better for its last COUNT.
    pub resign: Option<(i32, usize)>,
}

impl Adjudication {
    /// Reads `draw=40,10,8` and `resign=1000,4` (either, both, or `none`).
    pub fn parse(items: &[String]) -> Result<Adjudication, String> {
        let mut rule = Adjudication::default();
        for item in items.iter().flat_map(|i| i.split_whitespace()) {
            let numbers = |text: &str, n: usize| -> Option<Vec<i64>> {
                let v: Vec<i64> = text
                    .split(',')
                    .map(|x| x.trim().parse().ok())
                    .collect::<Option<_>>()?;
                (v.len() == n && v.iter().all(|x| *x >= 0)).then_some(v)
            };
            match item.split_once('=') {
                Some(("draw", v)) => {
                    let n = numbers(v, 3).ok_or_else(|| {
                        format!("\"{item}\"; expected draw=MOVE,SCORE,COUNT such as draw=40,10,8")
                    })?;
                    rule.draw = Some((n[0] as u32, n[1] as i32, n[2].max(1) as usize));
                }
                Some(("resign", v)) => {
                    let n = numbers(v, 2).ok_or_else(|| {
                        format!("\"{item}\"; expected resign=SCORE,COUNT such as resign=1000,4")
                    })?;
                    rule.resign = Some((n[0] as i32, n[1].max(1) as usize));
                }
                None if item == "none" => {}
                _ => {
                    return Err(format!(
                        "\"{item}\"; expected draw=MOVE,SCORE,COUNT and/or resign=SCORE,COUNT"
                    ))
                }
            }
        }
        Ok(rule)
    }
}

/// One move as the PGN comment and the games CSV give it.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveNote {
    /// The move in UCI.
    pub uci: String,
    /// The mover's score in centipawns (mate scores raw).
    pub score_cp: i32,
    /// Signed moves to mate, when the score is a mate.
    pub mate: Option<i32>,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Nodes of the completed iterations.
    pub nodes: u64,
}

impl MoveNote {
    /// `+0.25/5 1234` (score in pawns from the mover's side, depth, nodes), or `+M3/7 99`.
    pub fn comment(&self) -> String {
        let score = match self.mate {
            Some(m) if m > 0 => format!("+M{m}"),
            Some(m) => format!("-M{}", -m),
            None => format!("{:+.2}", f64::from(self.score_cp) / 100.0),
        };
        format!("{score}/{} {}", self.depth, self.nodes)
    }
}

/// A finished game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    /// The result.
    pub result: GameResult,
    /// Why it ended.
    pub termination: Termination,
    /// Every move from the opening position.
    pub moves: Vec<MoveNote>,
    /// Nodes searched by white and by black.
    pub nodes: [u64; 2],
    /// Thinking time of white and of black, milliseconds.
    pub time_ms: [f64; 2],
}

/// Plays one game from `opening`; `None` when `stop` was set before it ended.
pub fn play_game(
    white: &SearchConfig,
    black: &SearchConfig,
    opening: &Board,
    limit: Limit,
    adjudication: &Adjudication,
    stop: &AtomicBool,
) -> Option<GameRecord> {
    let configs = [white, black];
    let mut tables = configs.map(|c| TranspositionTable::new(c.tt_mb));
    let mut board = opening.clone();
    let mut history: Vec<u64> = Vec::new();
    let mut moves: Vec<MoveNote> = Vec::new();
    let mut scores: [Vec<i32>; 2] = [Vec::new(), Vec::new()];
    let mut nodes = [0u64; 2];
    let mut time_ms = [0f64; 2];
    let mut clock = match limit {
        Limit::Clock(tc) => [tc.base_ms as f64; 2],
        _ => [0.0; 2],
    };
    if let Some(end) = game_over(&board, &history) {
        return Some(GameRecord {
            result: end.0,
            termination: end.1,
            moves,
            nodes,
            time_ms,
        });
    }
    loop {
        let side = usize::from(board.side_to_move() == Color::Black);
        let config = configs[side];
        let started = Instant::now();
        let reports = think(
            &board,
            config,
            &history,
            limit,
            clock[side],
            &mut tables[side],
            stop,
        );
        let spent = started.elapsed().as_secs_f64() * 1e3;
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let last = reports.last();
        let mv = last
            .and_then(|r| r.best_move)
            .unwrap_or_else(|| legal_moves(&board)[0]);
        moves.push(MoveNote {
            uci: uci(&board, mv),
            score_cp: last.map_or(0, |r| r.score_cp),
            mate: last.and_then(|r| r.mate),
            depth: last.map_or(0, |r| r.depth),
            nodes: last.map_or(0, |r| r.nodes_cum),
        });
        scores[side].push(last.map_or(0, |r| r.score_cp));
        nodes[side] += last.map_or(0, |r| r.nodes_cum);
        time_ms[side] += spent;
        let mover_loses = match side {
            0 => GameResult::BlackWins,
            _ => GameResult::WhiteWins,
        };
        if let Limit::Clock(tc) = limit {
            clock[side] -= spent;
            if clock[side] < 0.0 {
                return Some(GameRecord {
                    result: mover_loses,
                    termination: Termination::TimeForfeit,
                    moves,
                    nodes,
                    time_ms,
                });
            }
            clock[side] += tc.inc_ms as f64;
        }
        history.push(repetition_key(&board));
        board.play_unchecked(mv);
        let end = game_over(&board, &history)
            .or_else(|| adjudicate(adjudication, &scores, board.fullmove_number() as u32));
        if let Some((result, termination)) = end {
            return Some(GameRecord {
                result,
                termination,
                moves,
                nodes,
                time_ms,
            });
        }
    }
}

/// One move's search under the match's limit.
fn think(
    board: &Board,
    config: &SearchConfig,
    history: &[u64],
    limit: Limit,
    clock_ms: f64,
    table: &mut TranspositionTable,
    stop: &AtomicBool,
) -> Vec<IterationReport> {
    match limit {
        Limit::Depth(depth) => search_game(
            board,
            GameLimits { depth, nodes: None },
            config,
            history,
            Some(stop),
            Some(table),
            &mut |_| true,
        ),
        Limit::Nodes(n) => search_game(
            board,
            GameLimits {
                depth: MAX_DEPTH,
                nodes: Some(n),
            },
            config,
            history,
            Some(stop),
            Some(table),
            &mut |_| true,
        ),
        Limit::Clock(tc) => {
            let (soft, hard) = budget(clock_ms.max(0.0) as u64, tc.inc_ms, None);
            let started = Instant::now();
            let move_stop = AtomicBool::new(false);
            std::thread::scope(|scope| {
                // The hard limit, or the match being stopped, ends this move's search.
                let timer = scope.spawn(|| {
                    while started.elapsed() < hard
                        && !move_stop.load(Ordering::Relaxed)
                        && !stop.load(Ordering::Relaxed)
                    {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    move_stop.store(true, Ordering::Relaxed);
                });
                let reports = search_game(
                    board,
                    GameLimits {
                        depth: MAX_DEPTH,
                        nodes: None,
                    },
                    config,
                    history,
                    Some(&move_stop),
                    Some(table),
                    &mut |_| started.elapsed() < soft,
                );
                move_stop.store(true, Ordering::Relaxed);
                let _ = timer.join();
                reports
            })
        }
    }
}

/// A draw or a resignation both sides agree on, when `--adjudicate` asks for it.
fn adjudicate(
    rule: &Adjudication,
    scores: &[Vec<i32>; 2],
    move_number: u32,
) -> Option<(GameResult, Termination)> {
    let last = |side: usize, n: usize| -> Option<&[i32]> {
        let s = &scores[side];
        (s.len() >= n).then(|| &s[s.len() - n..])
    };
    if let Some((score, count)) = rule.resign {
        for (loser, result) in [(0, GameResult::BlackWins), (1, GameResult::WhiteWins)] {
            let (mine, theirs) = (last(loser, count), last(1 - loser, count));
            if let (Some(mine), Some(theirs)) = (mine, theirs) {
                if mine.iter().all(|s| *s <= -score) && theirs.iter().all(|s| *s >= score) {
                    return Some((result, Termination::AdjudicatedResign));
                }
            }
        }
    }
    if let Some((from_move, score, count)) = rule.draw {
        if move_number >= from_move {
            let small = |side: usize| {
                last(side, count)
                    .is_some_and(|s| s.iter().all(|v| v.abs() <= score && v.abs() < MATE_BOUND))
            };
            if small(0) && small(1) {
                return Some((GameResult::Draw, Termination::AdjudicatedDraw));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjudication_is_read_and_needs_both_sides() {
        let rule = Adjudication::parse(&["draw=40,10,8 resign=1000,4".to_string()]).unwrap();
        assert_eq!(rule.draw, Some((40, 10, 8)));
        assert_eq!(rule.resign, Some((1000, 4)));
        assert!(Adjudication::parse(&["draw=40,10".to_string()])
            .unwrap_err()
            .contains("expected draw=MOVE,SCORE,COUNT"));
        let lost = [
            vec![0, -1000, -1200, -1500, -2000],
            vec![900, 1000, 1100, 1200],
        ];
        assert_eq!(
            adjudicate(&rule, &lost, 20),
            None,
            "black said 900 four moves ago"
        );
        let lost = [
            vec![0, -1000, -1200, -1500, -2000],
            vec![1000, 1000, 1100, 1200],
        ];
        assert_eq!(
            adjudicate(&rule, &lost, 20),
            Some((GameResult::BlackWins, Termination::AdjudicatedResign))
        );
        let quiet = [vec![5; 8], vec![-3; 8]];
        assert_eq!(adjudicate(&rule, &quiet, 39), None);
        assert_eq!(
            adjudicate(&rule, &quiet, 40),
            Some((GameResult::Draw, Termination::AdjudicatedDraw))
        );
    }

    #[test]
    fn a_game_ends_by_the_rules_with_legal_moves() {
        let config = SearchConfig::default();
        // K+Q against K: white mates quickly at depth 3.
        let board = Board::from_fen("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", false).unwrap();
        let stop = AtomicBool::new(false);
        let game = play_game(
            &config,
            &config,
            &board,
            Limit::Depth(3),
            &Adjudication::default(),
            &stop,
        )
        .unwrap();
        assert_eq!(game.result, GameResult::WhiteWins);
        assert_eq!(game.termination, Termination::Checkmate);
        let mut b = board.clone();
        for m in &game.moves {
            let mv = legal_moves(&b)
                .into_iter()
                .find(|x| uci(&b, *x) == m.uci)
                .expect("legal");
            b.play_unchecked(mv);
        }
        assert!(game.nodes[0] > 0);
    }
}
