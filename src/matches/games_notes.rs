//! Each move's notes (`score/depth nodes`) as a match's PGN keeps them, in the comment after
//! the move, as cutechess and fastchess write them. A games CSV written since issue 68 keeps
//! them there only (`games_csv::NotesKept::InPgn`); this reads them back for its rows.

use super::games_csv::GameRow;
use pgn_reader::{RawComment, RawTag, Reader, SanPlus, Visitor};
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::path::Path;

/// A game as the PGN names it: its round (`pair.game`, from 1), White and Black.
type GameKey = (String, String, String);

/// The key of the game a CSV row records, as its PGN names it (`games_pgn::round_pgn`).
fn key_of(row: &GameRow) -> GameKey {
    let round = format!("{}.{}", row.pair + 1, row.game + 1);
    (round, row.white.clone(), row.black.clone())
}

/// Fills the notes of `rows` from the PGN at `pgn`: each move's first comment. A PGN that is not
/// there leaves them empty (the games are reported without depths); one that cannot be read
/// is the error, named by the file.
pub fn fill_notes(rows: &mut [GameRow], pgn: &Path) -> Result<(), String> {
    let Ok(file) = std::fs::File::open(pgn) else {
        return Ok(());
    };
    let shown = pgn.display();
    let mut reader = Reader::new(std::io::BufReader::new(file));
    let mut comments: HashMap<GameKey, Vec<String>> = HashMap::new();
    let mut game = 0;
    loop {
        game += 1;
        let read = reader
            .read_game(&mut NoteReader)
            .map_err(|e| format!("{shown}: game {game}: cannot read it: {e}"))?;
        let Some((key, notes)) = read else { break };
        comments.insert(key, notes);
    }
    for row in rows.iter_mut() {
        let Some(notes) = comments.get(&key_of(row)) else {
            continue;
        };
        let moves = row.moves.split_whitespace();
        row.notes = moves
            .zip(notes)
            .map(|(uci, note)| format!("{uci} {note}"))
            .collect::<Vec<_>>()
            .join(";");
    }
    Ok(())
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
