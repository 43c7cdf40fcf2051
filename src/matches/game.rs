//! One game between two players (ablate's search or an engine), from an opening to a result by
//! the rules, by adjudication or by a side's fault.

use super::adjudication::{adjudicate, Adjudication};
use super::rules::{game_over, Termination};
use super::side::{MoveNote, NoMove, Player, Turn};
use crate::chess::repetition_key;
use crate::game_record::GameResult;
use crate::search::clock::Limit;
use cozy_chess::{Board, Color};
use std::sync::atomic::AtomicBool;

/// A finished game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    /// The result.
    pub result: GameResult,
    /// Why it ended.
    pub termination: Termination,
    /// What a side did wrong, when it lost by a fault (one line).
    pub detail: Option<String>,
    /// What stderr should say about the game: a fault's full story, an ignored node limit.
    pub messages: Vec<String>,
    /// Every move from the opening position.
    pub moves: Vec<MoveNote>,
    /// Nodes searched by white and by black.
    pub nodes: [u64; 2],
    /// Thinking time of white and of black, milliseconds.
    pub time_ms: [f64; 2],
}

/// Plays one game from `opening`, each side under its own limit (white's first); `None` when
/// `stop` was set before it ended. A side on a clock whose answer comes more than `margin_ms`
/// after its clock ran out forfeits.
pub fn play_game(
    players: [&mut Player; 2],
    opening: &Board,
    limits: [Limit; 2],
    adjudication: &Adjudication,
    margin_ms: u64,
    stop: &AtomicBool,
) -> Option<GameRecord> {
    let mut board = opening.clone();
    let mut history: Vec<u64> = Vec::new();
    let mut moves: Vec<MoveNote> = Vec::new();
    let mut scores: [Vec<i32>; 2] = [Vec::new(), Vec::new()];
    let (mut nodes, mut time_ms) = ([0u64; 2], [0f64; 2]);
    let (mut detail, mut messages) = (None, Vec::new());
    let mut clocks = limits.map(|limit| match limit {
        Limit::Clock(tc) => tc.base_ms as f64,
        _ => 0.0,
    });
    // Moves of each side that went past twice `go nodes N`.
    let (mut overruns, mut made) = ([0usize; 2], [0usize; 2]);
    let mut end = game_over(&board, &history);
    while end.is_none() {
        let side = usize::from(board.side_to_move() == Color::Black);
        let mover_loses = match side {
            0 => GameResult::BlackWins,
            _ => GameResult::WhiteWins,
        };
        let turn = Turn {
            board: &board,
            opening,
            moves: &moves,
            history: &history,
            limit: limits[side],
            clocks,
            side,
            margin_ms,
            stop,
        };
        let thought = match players[side].think(&turn) {
            Ok(thought) => thought,
            Err(NoMove::Stopped) => return None,
            Err(NoMove::Fault(fault)) => {
                detail = Some(fault.detail);
                messages.push(fault.message);
                end = Some((mover_loses, fault.termination));
                break;
            }
        };
        nodes[side] += thought.note.nodes;
        time_ms[side] += thought.spent_ms;
        if let Limit::MoveTime(st) = limits[side] {
            // A move is due within its time plus the margin, as cutechess holds `st`.
            let late = thought.spent_ms - st.ms as f64;
            if late > margin_ms as f64 {
                detail = Some(format!(
                    "{} answered {late:.0} ms after its time per move ran out",
                    players[side].label()
                ));
                end = Some((mover_loses, Termination::TimeForfeit));
                break;
            }
        }
        if let Limit::Clock(tc) = limits[side] {
            clocks[side] -= thought.spent_ms;
            if clocks[side] < -(margin_ms as f64) {
                // The late move is not played: as with every fault, the side to move in the
                // final position is the side that lost.
                detail = Some(format!(
                    "{} answered {:.0} ms after its clock ran out",
                    players[side].label(),
                    -clocks[side]
                ));
                end = Some((mover_loses, Termination::TimeForfeit));
                break;
            }
            clocks[side] = clocks[side].max(0.0) + tc.inc_ms as f64;
        }
        scores[side].push(thought.note.score_cp);
        overruns[side] += usize::from(thought.ignored_node_limit);
        made[side] += 1;
        moves.push(thought.note);
        history.push(repetition_key(&board));
        board.play_unchecked(thought.mv);
        end = game_over(&board, &history)
            .or_else(|| adjudicate(adjudication, &scores, board.fullmove_number() as u32));
    }
    for (side, count) in overruns.iter().enumerate().filter(|(_, c)| **c > 0) {
        messages.push(format!(
            "{} ignored the node limit: {count} of its {} moves searched more than twice the nodes asked (or gave no count) and were told to stop",
            players[side].label(),
            made[side]
        ));
    }
    let (result, termination) = end?;
    Some(GameRecord {
        result,
        termination,
        detail,
        messages,
        moves,
        nodes,
        time_ms,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::legal_moves;
    use crate::chess::notation::uci;
    use crate::config::SearchConfig;

    #[test]
    fn a_game_ends_by_the_rules_with_legal_moves() {
        let config = SearchConfig::default();
        // K+Q against K: white mates quickly at depth 3.
        let board = Board::from_fen("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", false).unwrap();
        let stop = AtomicBool::new(false);
        let tables = crate::search::tt::TablePool::default();
        let (mut white, mut black) = (
            Player::ablate("white", &config, &tables),
            Player::ablate("black", &config, &tables),
        );
        let game = play_game(
            [&mut white, &mut black],
            &board,
            [Limit::Depth(3); 2],
            &Adjudication::default(),
            100,
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
