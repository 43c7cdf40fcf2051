//! One EPD line: four FEN fields, then `opcode operand...;` operations.

use super::fen::board_from_fields;
use crate::chess::notation::{san_position, san_to_move};
use cozy_chess::{Board, Move};
use std::collections::BTreeMap;

/// A position from a suite, with what the suite says about it.
#[derive(Debug, Clone)]
pub struct EpdPosition {
    /// `id`, or `<file stem>:<line>` when the line has none.
    pub id: String,
    /// The board, counters included.
    pub board: Board,
    /// The six-field FEN of `board`.
    pub fen: String,
    /// Best moves (`bm`): any of them is a solve.
    pub best_moves: Vec<Move>,
    /// Moves to avoid (`am`): any other move is a solve.
    pub avoid_moves: Vec<Move>,
    /// Perft counts (`D1`…`Dn`) as (depth, nodes), in depth order.
    pub perft: Vec<(u32, u64)>,
    /// Comments `c0`…`c9`, keyed by opcode.
    pub comments: BTreeMap<String, String>,
    /// The 1-based line in its file (0 when not read from a file or read from a PGN).
    pub line: usize,
    /// The game of a PGN suite this position comes from, 1-based.
    pub game: Option<usize>,
}

impl EpdPosition {
    /// Whether `mv` solves the position: `Some` only when it has `bm` or `am`.
    pub fn solved_by(&self, mv: Option<Move>) -> Option<bool> {
        if self.best_moves.is_empty() && self.avoid_moves.is_empty() {
            return None;
        }
        let Some(mv) = mv else { return Some(false) };
        let best_ok = self.best_moves.is_empty() || self.best_moves.contains(&mv);
        let avoid_ok = !self.avoid_moves.contains(&mv);
        Some(best_ok && avoid_ok)
    }
}

/// EPD opcodes that ablate accepts and does not use; anything else is reported as a typo.
const PASSIVE_OPCODES: &[&str] = &[
    "acn",
    "acs",
    "ce",
    "dm",
    "draw_accept",
    "draw_claim",
    "draw_offer",
    "draw_reject",
    "eco",
    "nic",
    "noop",
    "pm",
    "pv",
    "rc",
    "resign",
    "sm",
    "tcgs",
    "tcri",
    "tcsi",
    "v0",
    "v1",
    "v2",
    "v3",
    "v4",
    "v5",
    "v6",
    "v7",
    "v8",
    "v9",
    "acd",
];

/// Parses one non-blank EPD line; errors say what was found and what was expected.
pub fn parse_epd_line(line: &str, default_id: &str) -> Result<EpdPosition, String> {
    let (fields, rest) = split_fields(line)?;
    let operations = tokenize_operations(rest)?;

    let mut id = None;
    let mut halfmove = "0".to_string();
    let mut fullmove = "1".to_string();
    let mut san_ops: Vec<(&str, Vec<String>)> = Vec::new();
    let mut perft = Vec::new();
    let mut comments = BTreeMap::new();

    for (opcode, operands) in operations {
        match opcode.as_str() {
            "id" => id = Some(single(&opcode, &operands)?),
            "hmvc" => halfmove = number_operand(&opcode, &operands, "a half-move clock, a whole number")?,
            "fmvn" => fullmove = number_operand(&opcode, &operands, "a move number from 1")?,
            "bm" | "am" => {
                if operands.is_empty() {
                    return Err(format!("{opcode} has no moves; expected one or more SAN moves"));
                }
                san_ops.push((if opcode == "bm" { "bm" } else { "am" }, operands));
            }
            op if is_perft_opcode(op) => {
                let depth: u32 = op[1..].parse().map_err(|_| format!("opcode \"{op}\"; expected D1, D2, …"))?;
                let text = single(op, &operands)?;
                let nodes: u64 = text
                    .parse()
                    .map_err(|_| format!("{op} \"{text}\"; expected a whole-number node count"))?;
                perft.push((depth, nodes));
            }
            op if is_comment_opcode(op) => {
                comments.insert(op.to_string(), operands.join(" "));
            }
            op if PASSIVE_OPCODES.contains(&op) => {}
            op => {
                return Err(format!(
                    "unknown opcode \"{op}\"; expected id, bm, am, hmvc, fmvn, D1…Dn, c0…c9 or another EPD opcode"
                ))
            }
        }
    }

    let (board, fen) = board_from_fields(&fields, &halfmove, &fullmove)?;
    let mut best_moves = Vec::new();
    let mut avoid_moves = Vec::new();
    if !san_ops.is_empty() {
        let pos =
            san_position(&fen).map_err(|e| format!("position cannot be read for SAN: {e}"))?;
        for (opcode, operands) in san_ops {
            for san in operands {
                let mv =
                    san_to_move(&pos, &san).map_err(|why| format!("{opcode} \"{san}\": {why}"))?;
                if opcode == "bm" {
                    best_moves.push(mv);
                } else {
                    avoid_moves.push(mv);
                }
            }
        }
    }
    perft.sort_by_key(|&(depth, _)| depth);
    Ok(EpdPosition {
        id: id.unwrap_or_else(|| default_id.to_string()),
        board,
        fen,
        best_moves,
        avoid_moves,
        perft,
        comments,
        line: 0,
        game: None,
    })
}

fn split_fields(line: &str) -> Result<([&str; 4], &str), String> {
    let mut rest = line.trim_start();
    let mut fields = [""; 4];
    for (i, slot) in fields.iter_mut().enumerate() {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        if end == 0 {
            return Err(format!(
                "line has {i} FEN fields; expected 4 (board, side, castling, en passant) before the operations"
            ));
        }
        *slot = &rest[..end];
        rest = rest[end..].trim_start();
        if i == 0 && !slot.contains('/') {
            return Err(format!(
                "\"{slot}\" is not a FEN board; expected 8 ranks separated by /"
            ));
        }
        let is_square = |s: &str| {
            s.len() == 2 && ("a"..="h").contains(&&s[..1]) && ("1"..="8").contains(&&s[1..])
        };
        if i == 3 && *slot != "-" && !is_square(slot) {
            return Err(format!(
                "en-passant field \"{slot}\"; expected - or a square such as e3 \
                 (an EPD line has 4 fields, board, side, castling, en passant, then operations)"
            ));
        }
    }
    Ok((fields, rest))
}

/// Splits `op a b "c d"; op2 x;` into opcodes and operands, honouring double quotes.
fn tokenize_operations(text: &str) -> Result<Vec<(String, Vec<String>)>, String> {
    let mut operations = Vec::new();
    let mut tokens: Vec<String> = Vec::new();
    let mut chars = text.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        match chars.peek() {
            None => break,
            Some(';') => {
                chars.next();
                push_operation(&mut operations, &mut tokens)?;
            }
            Some('"') => {
                chars.next();
                let mut s = String::new();
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some(c) => s.push(c),
                        None => {
                            return Err(format!(
                                "string \"{s} has no closing quote; expected \"…\""
                            ))
                        }
                    }
                }
                tokens.push(s);
            }
            Some(_) => {
                let mut s = String::new();
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() || c == ';' {
                        break;
                    }
                    s.push(c);
                    chars.next();
                }
                tokens.push(s);
            }
        }
    }
    // A missing `;` after the last operation is forgiven: it cannot be misread.
    push_operation(&mut operations, &mut tokens)?;
    Ok(operations)
}

fn push_operation(
    operations: &mut Vec<(String, Vec<String>)>,
    tokens: &mut Vec<String>,
) -> Result<(), String> {
    if tokens.is_empty() {
        return Ok(());
    }
    let mut drained = tokens.drain(..);
    let opcode = drained.next().unwrap_or_default();
    if !opcode
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic())
        || !opcode
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        return Err(format!(
            "\"{opcode}\" is not an opcode; expected a name such as bm, id or D1"
        ));
    }
    operations.push((opcode, drained.collect()));
    Ok(())
}

fn single(opcode: &str, operands: &[String]) -> Result<String, String> {
    match operands {
        [one] => Ok(one.clone()),
        _ => Err(format!(
            "{opcode} has {} operands; expected exactly one",
            operands.len()
        )),
    }
}

fn number_operand(opcode: &str, operands: &[String], expected: &str) -> Result<String, String> {
    let text = single(opcode, operands)?;
    if text.parse::<u32>().is_err() {
        return Err(format!("{opcode} \"{text}\"; expected {expected}"));
    }
    Ok(text)
}

fn is_perft_opcode(op: &str) -> bool {
    op.len() > 1 && op.starts_with('D') && op[1..].chars().all(|c| c.is_ascii_digit())
}

fn is_comment_opcode(op: &str) -> bool {
    op.len() == 2 && op.starts_with('c') && op.as_bytes()[1].is_ascii_digit()
}

#[cfg(test)]
mod tests {
    use super::super::Suite;
    use super::*;

    fn err(line: &str) -> String {
        parse_epd_line(line, "t:1").unwrap_err()
    }

    #[test]
    fn reads_a_full_line() {
        let p = parse_epd_line(
            r#"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01"; c0 "a; b";"#,
            "bk:1",
        );
        // A `;` inside quotes does not end the operation.
        let p = p.unwrap();
        assert_eq!(p.id, "BK.01");
        assert_eq!(p.best_moves.len(), 1);
        assert_eq!(p.best_moves[0].to_string(), "d6d1");
        assert_eq!(p.comments["c0"], "a; b");
    }

    #[test]
    fn several_moves_counters_and_perft() {
        let p = parse_epd_line(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 3; fmvn 7; D1 20; D2 400; bm e4 d4; am a3",
            "x:4",
        )
        .unwrap();
        assert_eq!(p.id, "x:4");
        assert_eq!(
            p.fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 7"
        );
        assert_eq!(p.perft, vec![(1, 20), (2, 400)]);
        assert_eq!(p.best_moves.len(), 2);
        assert_eq!(p.avoid_moves.len(), 1);
        assert_eq!(p.solved_by(Some(p.best_moves[1])), Some(true));
        assert_eq!(p.solved_by(Some(p.avoid_moves[0])), Some(false));
    }

    #[test]
    fn am_only_solves_with_any_other_move() {
        let p = parse_epd_line("4k3/8/8/8/8/8/8/R3K3 w Q - am Ra8+; id \"a\";", "").unwrap();
        let other = crate::chess::legal_moves(&p.board)
            .into_iter()
            .find(|m| !p.avoid_moves.contains(m));
        assert_eq!(p.solved_by(other), Some(true));
        assert_eq!(p.solved_by(None), Some(false));
        let plain = parse_epd_line("4k3/8/8/8/8/8/8/R3K3 w Q -", "").unwrap();
        assert_eq!(plain.solved_by(other), None);
    }

    #[test]
    fn each_kind_of_bad_line_has_its_own_message() {
        assert_eq!(
            err("garbage"),
            "\"garbage\" is not a FEN board; expected 8 ranks separated by /"
        );
        assert_eq!(
            err("8/8/8/8/8/8/8/8 w"),
            "line has 2 FEN fields; expected 4 (board, side, castling, en passant) before the operations"
        );
        assert_eq!(
            err("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qh9;"),
            "bm \"Qh9\": not SAN"
        );
        assert_eq!(
            err("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qa8;"),
            "bm \"Qa8\": not a legal move here"
        );
        assert_eq!(
            err("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 x - -"),
            "side to move \"x\"; expected w or b"
        );
        assert_eq!(
            err("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bn Qd1;"),
            "unknown opcode \"bn\"; expected id, bm, am, hmvc, fmvn, D1…Dn, c0…c9 or another EPD opcode"
        );
        assert_eq!(
            err("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - D2 lots;"),
            "D2 \"lots\"; expected a whole-number node count"
        );
        assert_eq!(
            err("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - id \"open;"),
            "string \"open; has no closing quote; expected \"…\""
        );
        assert_eq!(
            err("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - hmvc -1;"),
            "hmvc \"-1\"; expected a half-move clock, a whole number"
        );
        assert_eq!(
            err("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - hmvc 3;"),
            "en-passant field \"hmvc\"; expected - or a square such as e3 \
             (an EPD line has 4 fields, board, side, castling, en passant, then operations)"
        );
        // Clocks above 100 exist in public EPDs; with no 50-move rule they read as 100.
        let p = parse_epd_line(
            "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - hmvc 150;",
            "x",
        )
        .unwrap();
        assert_eq!(p.board.halfmove_clock(), 100);
        assert!(err("8/8/8/8/8/8/8/8 w - -")
            .starts_with("board \"8/8/8/8/8/8/8/8\" (side w) is not a valid position"));
    }

    #[test]
    fn suite_errors_name_file_and_line_and_duplicate_ids() {
        let text = "4k3/8/8/8/8/8/8/4K3 w - - id \"a\";\nnot an epd line\n";
        let e = Suite::parse("x.epd", "x", text).unwrap_err();
        assert_eq!(
            e.to_string(),
            "x.epd:2: \"not\" is not a FEN board; expected 8 ranks separated by /"
        );
        let dup = "4k3/8/8/8/8/8/8/4K3 w - - id \"a\";\n# comment\n\n4k3/8/8/8/8/8/8/3K4 w - - id \"a\";\n";
        let e = Suite::parse("y.epd", "y", dup).unwrap_err();
        assert_eq!(
            e.to_string(),
            "y.epd:4: id \"a\" is already used on line 1; expected unique ids"
        );
    }

    #[test]
    fn impossible_double_bishop_check_is_accepted() {
        // perftsuite.051: parseable though unreachable; the generator's counts are still well defined.
        let p = parse_epd_line(
            "B6b/8/8/8/2K5/5k2/8/b6B b - - D1 6; id \"perftsuite.051\";",
            "",
        )
        .unwrap();
        assert_eq!(crate::chess::perft_count::perft(&p.board, 1), 6);
    }
}
