//! Each move's notes (`score/depth nodes`) as a match's PGN keeps them, in the comment after
//! the move, as cutechess and fastchess write them. A games CSV written since issue 68 keeps
//! them there only (`games_csv::NotesKept::InPgn`); this reads them back, game by game.

use pgn_reader::{RawComment, RawTag, Reader, SanPlus, Visitor};
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::path::Path;

/// A game as the PGN names it: its round (`pair.game`, from 1), White and Black.
pub type GameKey = (String, String, String);

/// The first comment after each move of every game of the PGN at `pgn`, by game; none when
/// the PGN is not there (its games are then read without their notes). A PGN that cannot be
/// read is the error, named by the file and the game.
pub fn notes_by_game(pgn: &Path) -> Result<HashMap<GameKey, Vec<String>>, String> {
    let mut comments = HashMap::new();
    let Ok(file) = std::fs::File::open(pgn) else {
        return Ok(comments);
    };
    let shown = pgn.display();
    let mut reader = Reader::new(std::io::BufReader::new(file));
    let mut game = 0;
    loop {
        game += 1;
        let read = reader
            .read_game(&mut NoteReader)
            .map_err(|e| format!("{shown}: game {game}: cannot read it: {e}"))?;
        let Some((key, notes)) = read else { break };
        comments.insert(key, notes);
    }
    Ok(comments)
}

/// Reads one game's key and the first comment after each of its moves.
struct NoteReader;

/// A game's movetext as it is read: each move's comment so far, and whether the last move has
/// had its comment (a second one after the last move is the game's termination).
struct Movetext {
    key: GameKey,
    notes: Vec<String>,
    commented: bool,
}

impl Visitor for NoteReader {
    type Tags = GameKey;
    type Movetext = Movetext;
    type Output = (GameKey, Vec<String>);

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, GameKey> {
        ControlFlow::Continue(GameKey::default())
    }

    fn tag(
        &mut self,
        key: &mut GameKey,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        let value = || value.decode_utf8_lossy().into_owned();
        match name {
            b"Round" => key.0 = value(),
            b"White" => key.1 = value(),
            b"Black" => key.2 = value(),
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, key: GameKey) -> ControlFlow<Self::Output, Movetext> {
        ControlFlow::Continue(Movetext {
            key,
            notes: Vec::new(),
            commented: true,
        })
    }

    fn san(&mut self, movetext: &mut Movetext, _san: SanPlus) -> ControlFlow<Self::Output> {
        movetext.notes.push(String::new());
        movetext.commented = false;
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        movetext: &mut Movetext,
        comment: RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        if !movetext.commented {
            let text = String::from_utf8_lossy(comment.as_bytes())
                .trim()
                .to_string();
            if let Some(last) = movetext.notes.last_mut() {
                *last = text;
            }
            movetext.commented = true;
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, movetext: Movetext) -> Self::Output {
        (movetext.key, movetext.notes)
    }
}
