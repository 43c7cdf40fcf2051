//! PGN suites: the position before every main-line move of every game, in game order, so that a
//! suite can replay games (`keep_tables` searches them in order with the tables kept).

use super::fen::parse_fen;
use super::movetext::check_movetext;
use super::EpdPosition;
use crate::chess::notation::san_position;
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Position};
use std::collections::BTreeMap;
use std::ops::ControlFlow;

/// Reads every game of a PGN text; position ids are `g<game>.<move><w|b>` (`g1.12w`: game 1,
/// before White's 12th move). The first bad move or FEN tag is the error, named by game and move.
pub fn parse_pgn(text: &str) -> Result<Vec<EpdPosition>, String> {
    check_movetext(text)?;
    let mut reader = Reader::new(std::io::Cursor::new(text.as_bytes()));
    let mut positions = Vec::new();
    let mut game = 0;
    loop {
        game += 1;
        let mut visitor = GameReader { game };
        let read = reader
            .read_game(&mut visitor)
            .map_err(|e| format!("game {game}: cannot read it: {e}"))?;
        let Some(result) = read else { break };
        let before = result?;
        if before.is_empty() {
            return Err(format!(
                "game {game} has no moves; expected each game to have at least one move"
            ));
        }
        for (fen, id) in before {
            let (board, fen) = parse_fen(&fen).map_err(|e| format!("game {game}: {e}"))?;
            positions.push(EpdPosition {
                id,
                board,
                fen,
                best_moves: Vec::new(),
                avoid_moves: Vec::new(),
                perft: Vec::new(),
                comments: BTreeMap::new(),
                line: 0,
                game: Some(game),
            });
        }
    }
    if positions.is_empty() {
        return Err("no games; expected PGN games with moves".to_string());
    }
    Ok(positions)
}

/// Collects (FEN, id) before each main-line move of one game.
struct GameReader {
    game: usize,
}

/// One game being replayed: its position and what has been collected.
struct Replay {
    pos: Chess,
    before: Vec<(String, String)>,
    error: Option<String>,
}

type GameResult = Result<Vec<(String, String)>, String>;

impl Visitor for GameReader {
    type Tags = Option<String>;
    type Movetext = Replay;
    type Output = GameResult;

    fn begin_tags(&mut self) -> ControlFlow<GameResult, Option<String>> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Option<String>,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<GameResult> {
        if name == b"FEN" {
            *tags = Some(value.decode_utf8_lossy().into_owned());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, fen: Option<String>) -> ControlFlow<GameResult, Replay> {
        let pos = match fen {
            None => Chess::default(),
            Some(fen) => match san_position(&fen) {
                Ok(pos) => pos,
                Err(e) => {
                    return ControlFlow::Break(Err(format!(
                        "game {}: FEN tag \"{fen}\": {e}; expected a legal position",
                        self.game
                    )))
                }
            },
        };
        ControlFlow::Continue(Replay {
            pos,
            before: Vec::new(),
            error: None,
        })
    }

    fn san(&mut self, replay: &mut Replay, san_plus: SanPlus) -> ControlFlow<GameResult> {
        let pos = &replay.pos;
        let side = if pos.turn().is_white() { 'w' } else { 'b' };
        let number = pos.fullmoves();
        match san_plus.san.to_move(pos) {
            Ok(mv) => {
                let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
                let id = format!("g{}.{number}{side}", self.game);
                replay.before.push((fen, id));
                replay.pos.play_unchecked(mv);
                ControlFlow::Continue(())
            }
            Err(e) => {
                replay.error = Some(format!(
                    "game {}, move {number}{}: \"{san_plus}\" is {}; expected a legal move in SAN",
                    self.game,
                    if side == 'w' { "" } else { "..." },
                    match e {
                        shakmaty::san::SanError::AmbiguousSan => "ambiguous",
                        shakmaty::san::SanError::IllegalSan => "not legal here",
                    }
                ));
                ControlFlow::Break(Err(replay.error.clone().unwrap_or_default()))
            }
        }
    }

    fn end_game(&mut self, replay: Replay) -> GameResult {
        match replay.error {
            Some(e) => Err(e),
            None => Ok(replay.before),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_before_each_move_in_order() {
        let text = "[Event \"x\"]\n\n1. e4 {a comment} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 1-0\n\n\
                    [FEN \"7k/8/8/8/8/8/8/K7 b - - 0 40\"]\n\n40... Kg7 41. Kb2 *\n";
        let positions = parse_pgn(text).unwrap();
        let ids: Vec<_> = positions.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(
            ids,
            ["g1.1w", "g1.1b", "g1.2w", "g1.2b", "g2.40b", "g2.41w"]
        );
        assert_eq!(
            positions[1].fen,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        assert_eq!(positions[4].game, Some(2));
    }

    #[test]
    fn nothing_unreadable_is_dropped() {
        // What the PGN reader alone skipped (an outside audit): each is now the error.
        for (text, named) in [
            ("1. e4 e5 2. Nf9 *", "\"Nf9\""),
            ("1. e4 Qq9 e5 *", "\"Qq9\""),
            ("1. e4 e5 2. Nf3 hello world Nc6 *", "\"hello\""),
            (
                "1. e4 e5 (1. d4 d5 2. c4 *",
                "variation \"(\" is not closed",
            ),
            ("1. e4 e5 2. Nf9 Nc6 *", "game 1, move 2: \"Nf9\""),
        ] {
            let err = parse_pgn(text).unwrap_err();
            assert!(err.contains(named), "{text}: {err}");
        }
    }

    #[test]
    fn a_bad_move_is_named_by_game_and_move() {
        let e = parse_pgn("1. e4 e5 2. Ke3 *\n").unwrap_err();
        assert_eq!(
            e,
            "game 1, move 2: \"Ke3\" is not legal here; expected a legal move in SAN"
        );
        assert!(parse_pgn("[Event \"x\"]\n\n*\n")
            .unwrap_err()
            .contains("game 1 has no moves"));
    }
}
