//! PGN suites: the position before every main-line move of every game, in game order, so that a
//! suite can replay games (`keep_tables` searches them in order with the tables kept); and PGN
//! opening books: the position each game's line ends in, or its first N plies.

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
    let mut positions = Vec::new();
    for (game, line) in read_lines(text, None)?.into_iter().enumerate() {
        let game = game + 1;
        if line.before.is_empty() {
            return Err(format!(
                "game {game} has no moves; expected each game to have at least one move"
            ));
        }
        for (fen, id) in line.before {
            positions.push(position(&fen, id, game)?);
        }
    }
    if positions.is_empty() {
        return Err("no games; expected PGN games with moves".to_string());
    }
    Ok(positions)
}

/// Reads a PGN opening book: one opening a game, the position its main line ends in, or the one
/// after its first `plies` plies (all of a shorter line), as cutechess-cli and fastchess read a
/// PGN book; ids are `<stem>:g<game>`. Every move of every game is checked, the first bad one
/// the error, named by game and move; so is a line that ends the game.
pub fn parse_book(
    text: &str,
    stem: &str,
    plies: Option<usize>,
) -> Result<Vec<EpdPosition>, String> {
    let mut openings = Vec::new();
    for (game, line) in read_lines(text, plies)?.into_iter().enumerate() {
        let game = game + 1;
        let opening = position(&line.end, format!("{stem}:g{game}"), game)?;
        if crate::chess::legal_moves(&opening.board).is_empty() {
            return Err(format!(
                "game {game}: its line ends the game (no legal move in {}); expected an opening to play from",
                opening.fen
            ));
        }
        openings.push(opening);
    }
    if openings.is_empty() {
        return Err("no games; expected one PGN game a line of the book".to_string());
    }
    Ok(openings)
}

/// A position of game `game` read from its FEN.
fn position(fen: &str, id: String, game: usize) -> Result<EpdPosition, String> {
    let (board, fen) = parse_fen(fen).map_err(|e| format!("game {game}: {e}"))?;
    Ok(EpdPosition {
        id,
        board,
        fen,
        best_moves: Vec::new(),
        avoid_moves: Vec::new(),
        perft: Vec::new(),
        comments: BTreeMap::new(),
        line: 0,
        game: Some(game),
    })
}

/// Every game of a PGN text replayed, each move checked; `cap` plies at most count toward a
/// line's end (the moves after it are still checked).
fn read_lines(text: &str, cap: Option<usize>) -> Result<Vec<GameLine>, String> {
    check_movetext(text)?;
    let mut reader = Reader::new(std::io::Cursor::new(text.as_bytes()));
    let mut lines = Vec::new();
    loop {
        let game = lines.len() + 1;
        let mut visitor = GameReader { game, cap };
        let read = reader
            .read_game(&mut visitor)
            .map_err(|e| format!("game {game}: cannot read it: {e}"))?;
        let Some(result) = read else { break };
        lines.push(result?);
    }
    Ok(lines)
}

/// One game read through: the position before each main-line move (FEN, id), and the FEN of
/// where its line ends (after its last move, or after `cap` plies).
struct GameLine {
    before: Vec<(String, String)>,
    end: String,
}

/// Collects (FEN, id) before each main-line move of one game, and where its line ends.
struct GameReader {
    game: usize,
    cap: Option<usize>,
}

/// One game being replayed: its position and what has been collected.
struct Replay {
    pos: Chess,
    before: Vec<(String, String)>,
    end: String,
    error: Option<String>,
}

type GameResult = Result<GameLine, String>;

fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

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
            end: fen_of(&pos),
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
                let id = format!("g{}.{number}{side}", self.game);
                replay.before.push((fen_of(pos), id));
                replay.pos.play_unchecked(mv);
                if self.cap.is_none_or(|cap| replay.before.len() <= cap) {
                    replay.end = fen_of(&replay.pos);
                }
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
            None => Ok(GameLine {
                before: replay.before,
                end: replay.end,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_book_opens_where_each_line_ends_or_after_its_first_plies() {
        let book = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n\
                    [FEN \"7k/8/8/8/8/8/8/K7 b - - 0 40\"]\n\n40... Kg7 41. Kb2 *\n\n1. d4 *\n";
        let all = parse_book(book, "book", None).unwrap();
        let ids: Vec<_> = all.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids, ["book:g1", "book:g2", "book:g3"]);
        assert_eq!(
            all[0].fen,
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
        );
        assert_eq!(all[1].fen, "8/6k1/8/8/8/8/1K6/8 b - - 2 41");
        // Two plies: game 1 after 1. e4 e5, game 3 (one ply long) after 1. d4.
        let two = parse_book(book, "book", Some(2)).unwrap();
        assert_eq!(
            two[0].fen,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
        );
        assert_eq!(two[2].fen, all[2].fen);
        // A bad move is named by game and move, past the plies asked for too.
        let bad = parse_book("1. e4 e5 *\n\n1. d4 d5 2. Nf9 *\n", "book", Some(2)).unwrap_err();
        assert!(bad.starts_with("game 2, move 2: \"Nf9\""), "{bad}");
        let mate = parse_book("1. f3 e5 2. g4 Qh4# 0-1\n", "book", None).unwrap_err();
        assert!(mate.contains("game 1: its line ends the game"), "{mate}");
    }

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
