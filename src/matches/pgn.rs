//! PGN of a match's games, as any chess tool reads it: the seven-tag roster, the opening's
//! FEN/SetUp, Termination and PlyCount, and per move a `{score/depth nodes}` comment.

use crate::chess::notation::san_position;
use crate::matches::games_csv::GameRow;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::Position;

/// One game in PGN; the error names the move that is not legal.
pub fn game_pgn(row: &GameRow, round: &str, date: &str) -> Result<String, String> {
    let mut pos = san_position(&row.fen)?;
    let mut text = String::new();
    for (tag, value) in [
        ("Event", format!("ablate match {}", row.match_name)),
        ("Site", "ablate".to_string()),
        ("Date", date.to_string()),
        ("Round", round.to_string()),
        ("White", row.white.clone()),
        ("Black", row.black.clone()),
        ("Result", row.result.clone()),
        ("FEN", row.fen.clone()),
        ("SetUp", "1".to_string()),
        ("Termination", row.termination.clone()),
        ("PlyCount", row.plies.to_string()),
        ("Opening", row.opening.clone()),
    ] {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        text.push_str(&format!("[{tag} \"{value}\"]\n"));
    }
    text.push('\n');
    let notes: Vec<&str> = row.notes.split(';').collect();
    let mut movetext: Vec<String> = Vec::new();
    for (i, uci) in row.moves.split_whitespace().enumerate() {
        let number = pos.fullmoves();
        let white = pos.turn().is_white();
        let mv = uci
            .parse::<UciMove>()
            .map_err(|e| format!("move {}: \"{uci}\": {e}", i + 1))?
            .to_move(&pos)
            .map_err(|e| format!("move {}: \"{uci}\": {e}", i + 1))?;
        let san = SanPlus::from_move_and_play_unchecked(&mut pos, mv);
        if white {
            movetext.push(format!("{number}. {san}"));
        } else if i == 0 {
            movetext.push(format!("{number}... {san}"));
        } else {
            movetext.push(san.to_string());
        }
        if let Some(note) = notes.get(i).filter(|n| !n.is_empty()) {
            movetext.push(format!("{{{note}}}"));
        }
    }
    movetext.push(row.result.clone());
    // Lines of at most 80 characters, as the PGN standard asks.
    let mut line = String::new();
    for token in movetext {
        if !line.is_empty() && line.len() + 1 + token.len() > 79 {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    text.push_str(&line);
    text.push_str("\n\n");
    Ok(text)
}

/// Every game, in the given order, with rounds `pair.game` (1-based).
pub fn games_pgn(rows: &[GameRow], date: &str) -> Result<String, String> {
    let mut out = String::new();
    for row in rows {
        let round = format!("{}.{}", row.pair + 1, row.game + 1);
        out.push_str(&game_pgn(row, &round, date).map_err(|m| {
            format!(
                "game {} vs {} pair {}: {m}",
                row.variant, row.opponent, row.pair
            )
        })?);
    }
    Ok(out)
}
