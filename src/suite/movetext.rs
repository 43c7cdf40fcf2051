//! A PGN file's movetext, token by token, before it is replayed: every token must be a move
//! number, a move in SAN, a result, a comment, a NAG or a variation, and variations must close.
//! The PGN reader skips what it cannot read; a suite must not silently lose positions.

use shakmaty::san::SanPlus;

/// Where the reader stands: which game, which move, whose turn.
struct Place {
    game: usize,
    number: u32,
    black: bool,
    depth: usize,
    /// The game's movetext has begun (a blank line or tags after it end the game).
    in_movetext: bool,
    /// The main line's result was read: only comments may follow in this game.
    finished: bool,
}

impl Place {
    fn at(&self) -> String {
        let dots = if self.black { "..." } else { "" };
        format!("game {}, move {}{dots}", self.game, self.number)
    }

    fn next_game(&mut self) {
        if self.in_movetext || self.finished {
            self.game += 1;
        }
        self.number = 1;
        self.black = false;
        self.in_movetext = false;
        self.finished = false;
    }
}

/// Checks every movetext token of a PGN text; the first bad token is the error, named by game,
/// move number and the token itself.
pub fn check_movetext(text: &str) -> Result<(), String> {
    let text = without_comments(text);
    let mut place = Place {
        game: 1,
        number: 1,
        black: false,
        depth: 0,
        in_movetext: false,
        finished: false,
    };
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('[') {
            if place.in_movetext {
                close_game(&mut place)?;
            }
            continue;
        }
        if trimmed.starts_with('%') {
            continue;
        }
        place.in_movetext = true;
        let code = trimmed.split(';').next().unwrap_or("");
        let spaced = code.replace('(', " ( ").replace(')', " ) ");
        for piece in spaced.split_whitespace() {
            match piece {
                "(" => place.depth += 1,
                ")" if place.depth == 0 => {
                    return Err(format!(
                        "{}: \")\" closes no variation; expected a \"(\" before it",
                        place.at()
                    ))
                }
                ")" => place.depth -= 1,
                _ if piece.starts_with('{') => {
                    return Err(format!("{}: a comment {{ is not closed", place.at()))
                }
                _ => token(&mut place, piece)?,
            }
        }
    }
    if place.in_movetext {
        close_game(&mut place)?;
    }
    Ok(())
}

/// The text with every `{comment}` (which may span lines) replaced by a space; tag lines are
/// kept as they are, and an unclosed comment is left for the tokens to name.
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        let line_end = rest.find('\n').map_or(rest.len(), |i| i + 1);
        let line = &rest[..line_end];
        if line.trim_start().starts_with('[') {
            out.push_str(line);
            rest = &rest[line_end..];
            continue;
        }
        match line.find('{') {
            Some(open) => match rest[open..].find('}') {
                Some(close) => {
                    out.push_str(&rest[..open]);
                    out.push(' ');
                    rest = &rest[open + close + 1..];
                }
                None => {
                    out.push_str(rest);
                    rest = "";
                }
            },
            None => {
                out.push_str(line);
                rest = &rest[line_end..];
            }
        }
    }
    out
}

/// The end of a game's movetext: every variation closed.
fn close_game(place: &mut Place) -> Result<(), String> {
    if place.depth > 0 {
        return Err(format!(
            "{}: a variation \"(\" is not closed; expected \")\" before the game ends",
            place.at()
        ));
    }
    place.next_game();
    Ok(())
}

/// One token that is not a comment or a parenthesis.
fn token(place: &mut Place, token: &str) -> Result<(), String> {
    if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*" | "½-½") {
        if place.depth == 0 {
            place.finished = true;
        }
        return Ok(());
    }
    if let Some(nag) = token.strip_prefix('$') {
        if !nag.is_empty() && nag.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(());
        }
    }
    if matches!(token, "!" | "?" | "!!" | "??" | "!?" | "?!") {
        return Ok(());
    }
    // A move number, perhaps with the move glued on (`12.Nf3`, `12...Nf6`).
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 {
        let dots = token[digits..].bytes().take_while(|&b| b == b'.').count();
        let glued = &token[digits + dots..];
        if dots > 0 || glued.is_empty() {
            if place.depth == 0 {
                place.number = token[..digits].parse().unwrap_or(place.number);
                place.black = dots >= 3;
            }
            return if glued.is_empty() {
                Ok(())
            } else {
                self::token(place, glued)
            };
        }
    }
    if place.finished {
        return Err(format!(
            "{}: \"{token}\" comes after the game's result; expected the result to end the game",
            place.at()
        ));
    }
    let san = token
        .trim_end_matches(['!', '?'])
        .replace("0-0-0", "O-O-O")
        .replace("0-0", "O-O");
    if san.parse::<SanPlus>().is_ok() {
        if place.depth == 0 {
            if place.black {
                place.number += 1;
            }
            place.black = !place.black;
        }
        return Ok(());
    }
    Err(format!(
        "{}: \"{token}\" is not a move in SAN, a move number, a result, a comment, a NAG or a \
         variation",
        place.at()
    ))
}

#[cfg(test)]
mod tests {
    use super::check_movetext;

    #[test]
    fn every_kind_of_token_passes() {
        let text =
            "[Event \"x\"]\n\n1. e4 {a comment\nover two lines} e5 (1... c5 2. Nf3 (2. d4)) \
                    2. Nf3 $1 Nc6!? 3.Bb5 a6 4. O-O ; to the end\n0-0 0-0-0+ 1-0\n\n\
                    [FEN \"7k/8/8/8/8/8/8/K7 b - - 0 40\"]\n\n40... Kg7 41. Kb2 *\n";
        check_movetext(text).unwrap();
    }

    #[test]
    fn what_the_reader_would_skip_is_named() {
        let cases = [
            (
                "1. e4 e5 2. Nf9 *",
                "game 1, move 2: \"Nf9\" is not a move in SAN",
            ),
            (
                "1. e4 Qq9 e5 *",
                "game 1, move 1...: \"Qq9\" is not a move in SAN",
            ),
            (
                "1. e4 e5 2. Nf3 hello world Nc6 *",
                "game 1, move 2...: \"hello\"",
            ),
            (
                "1. e4 (1. d4 d5 2. c4 *",
                "game 1, move 1...: a variation \"(\" is not closed",
            ),
            (
                "1. e4 ) e5 *",
                "game 1, move 1...: \")\" closes no variation",
            ),
            ("1. e4 e5 *\n\n1. d4 d5 2. Zz4 *", "game 2, move 2: \"Zz4\""),
            (
                "1. e4 e5 1-0 Nf3",
                "game 1, move 2: \"Nf3\" comes after the game's result",
            ),
            ("1. e4 {open comment", "a comment { is not closed"),
        ];
        for (text, expected) in cases {
            let err = check_movetext(text).unwrap_err();
            assert!(err.contains(expected), "{text}: {err}");
        }
    }
}
