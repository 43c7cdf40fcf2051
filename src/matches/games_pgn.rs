//! PGN of a match's games, as any chess tool reads it: the seven-tag roster, the opening's
//! FEN/SetUp, the standard's Termination value (the detail in a comment), TimeControl and
//! PlyCount, and per move a `{score/depth nodes}` comment.

use super::side::comment_of;
use crate::chess::notation::san_position;
use crate::game_record::GameRow;
use crate::settings::move_limit::Limit;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::Position;

/// The PGN standard's Termination value (section 9.8.1) for a games-CSV termination.
pub fn standard_termination(detail: &str) -> &'static str {
    match detail {
        d if d.starts_with("adjudication") => "adjudication",
        d if d.starts_with("time forfeit") => "time forfeit",
        d if d.starts_with("rules infraction") => "rules infraction",
        d if d.starts_with("abandoned") => "abandoned",
        _ => "normal",
    }
}

/// The PGN TimeControl tag for a match's limit: the clock's `base+inc` in seconds; a time per
/// move as cutechess writes it (`0.05/move`: PGN has no form for it; cutechess 5e84232,
/// projects/lib/src/timecontrol.cpp:163-164); `-` (no time control) for a depth or node limit;
/// `?` when unknown.
pub fn time_control(limit: Option<&Limit>) -> String {
    match limit {
        Some(Limit::Clock(tc)) => tc.to_string(),
        Some(Limit::MoveTime(st)) => format!("{st}/move"),
        Some(Limit::Depth(_) | Limit::Nodes(_)) => "-".into(),
        None => "?".into(),
    }
}

/// One game in PGN; the error names the move that is not legal.
pub fn game_pgn(
    row: &GameRow,
    round: &str,
    date: &str,
    time_control: &str,
) -> Result<String, String> {
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
        (
            "Termination",
            standard_termination(&row.termination).to_string(),
        ),
        ("TimeControl", time_control.to_string()),
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
        if let Some(note) = notes
            .get(i)
            .map(|n| comment_of(n, uci))
            .filter(|n| !n.is_empty())
        {
            movetext.push(format!("{{{note}}}"));
        }
    }
    if !row.termination.is_empty() {
        movetext.push(format!("{{{}}}", row.termination));
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

/// One game with its round `pair.game`, counted from 1 as PGN counts (the CSV's `pair` and
/// `game` count from 0, as `--shard K/N` does); the error names the game.
fn round_pgn(row: &GameRow, date: &str, time_control: &str) -> Result<String, String> {
    let round = format!("{}.{}", row.pair + 1, row.game + 1);
    game_pgn(row, &round, date, time_control).map_err(|m| {
        format!(
            "game {} vs {} pair {}: {m}",
            row.variant, row.opponent, row.pair
        )
    })
}

/// Every game, in the given order.
pub fn games_pgn(rows: &[GameRow], date: &str, time_control: &str) -> Result<String, String> {
    let mut out = String::new();
    for row in rows {
        out.push_str(&round_pgn(row, date, time_control)?);
    }
    Ok(out)
}

/// The tags every game of a match shares, from its manifest: `Date` (the day the match
/// started) and `TimeControl` (its limit); PGN's unknown values without one.
pub struct PgnTags {
    /// `YYYY.MM.DD`, or `????.??.??`.
    pub date: String,
    /// PGN's `TimeControl` value (`time_control`).
    pub time_control: String,
}

impl PgnTags {
    /// The tags of the match `manifest` describes.
    pub fn of(manifest: Option<&super::games_manifest::MatchManifest>) -> PgnTags {
        let date = manifest
            .and_then(|m| m.provenance.started.get(..10))
            .map(|d| d.replace('-', "."))
            .unwrap_or_else(|| "????.??.??".into());
        PgnTags {
            date,
            time_control: time_control(manifest.map(|m| &m.limit)),
        }
    }
}

/// Writes `rows` (the games of `csv`, in its order) as the PGN at `path`, atomically: the one
/// PGN writer, for a match's end, `ablate report` and `ablate merge`.
pub fn write_pgn(
    path: &std::path::Path,
    rows: &[GameRow],
    tags: &PgnTags,
    csv: &std::path::Path,
) -> anyhow::Result<()> {
    let pgn = games_pgn(rows, &tags.date, &tags.time_control)
        .map_err(|m| crate::error::InputError::in_file(csv.display().to_string(), m))?;
    crate::storage::write_atomically(path, pgn.as_bytes())?;
    Ok(())
}

/// The PGN of a match in progress: the games kept from an earlier run first, then each game
/// appended and flushed as it ends, so that an interrupted match keeps its PGN beside its CSV.
pub struct PgnLog {
    file: std::fs::File,
    date: String,
    time_control: String,
}

impl PgnLog {
    /// Starts `path` afresh with the games already kept.
    pub fn start(
        path: &std::path::Path,
        kept: &[GameRow],
        date: &str,
        time_control: &str,
    ) -> anyhow::Result<PgnLog> {
        let text = games_pgn(kept, date, time_control)
            .map_err(|m| crate::error::InputError::in_file(path.display().to_string(), m))?;
        crate::storage::write_atomically(path, text.as_bytes())?;
        let file = std::fs::OpenOptions::new().append(true).open(path)?;
        Ok(PgnLog {
            file,
            date: date.to_string(),
            time_control: time_control.to_string(),
        })
    }

    /// Appends one finished game.
    pub fn append(&mut self, row: &GameRow) -> anyhow::Result<()> {
        use std::io::Write;
        let text = round_pgn(row, &self.date, &self.time_control)
            .map_err(|m| anyhow::anyhow!("the PGN: {m}"))?;
        self.file.write_all(text.as_bytes())?;
        self.file.flush()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminations_and_time_controls_take_the_standard_s_values() {
        assert_eq!(standard_termination("checkmate"), "normal");
        assert_eq!(standard_termination("threefold repetition"), "normal");
        assert_eq!(standard_termination("adjudication: resign"), "adjudication");
        assert_eq!(standard_termination("time forfeit"), "time forfeit");
        let limit = |text: &str| text.parse::<Limit>().unwrap();
        assert_eq!(time_control(Some(&limit("tc 10+0.1"))), "10+0.1");
        assert_eq!(time_control(Some(&limit("st 0.05"))), "0.05/move");
        assert_eq!(time_control(Some(&limit("nodes 30000"))), "-");
        assert_eq!(time_control(None), "?");
    }
}
