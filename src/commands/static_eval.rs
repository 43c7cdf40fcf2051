//! `ablate eval`: each position's static evaluation as a configuration's search reads it, from
//! the side to move, one line a position.

use crate::cli::EvalArgs;
use crate::error::InputError;
use crate::search::static_evaluation;
use crate::suite::fen::parse_fen;
use std::io::{BufRead, Write};

/// Runs `ablate eval`.
pub fn run(args: &EvalArgs) -> anyhow::Result<()> {
    let (_, config, _) = super::variant_config(&args.variant)?;
    config
        .validate()
        .map_err(|m| InputError::in_file("--set", m))?;
    let mut out = std::io::stdout().lock();
    let mut show = |fen: &str, place: InputError| -> anyhow::Result<()> {
        let (board, _) = read_position(fen).map_err(|m| InputError {
            message: m,
            ..place
        })?;
        writeln!(out, "{board}\t{}", static_evaluation(&board, &config))?;
        Ok(())
    };
    if !args.fens.is_empty() {
        for (i, fen) in args.fens.iter().enumerate() {
            show(fen, InputError::in_file(format!("FEN {}", i + 1), ""))?;
        }
        return Ok(());
    }
    for (i, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| InputError::at_line("<stdin>", i + 1, e.to_string()))?;
        if !line.trim().is_empty() {
            show(&line, InputError::at_line("<stdin>", i + 1, ""))?;
        }
    }
    Ok(())
}

/// A FEN, `startpos`, or an EPD line (its first four fields).
fn read_position(text: &str) -> Result<(cozy_chess::Board, String), String> {
    parse_fen(text).or_else(|first| {
        let fields: Vec<&str> = text.split_whitespace().take(4).collect();
        parse_fen(&fields.join(" ")).map_err(|_| first)
    })
}
