//! The play stage's one game: a job of the prepared match played between its two sides, and
//! the row it makes.

use super::game::{play_game, GameRecord};
use super::pairings::{GameJob, PreparedMatch};
use super::side::Player;
use crate::config::experiment::ResolvedVariant;
use crate::game_record::GameRow;
use crate::search::tt::TablePool;
use crate::uci::pool::EnginePool;
use std::sync::atomic::AtomicBool;

/// A finished game and what stderr should say about it.
pub struct PlayedGame {
    /// Its row.
    pub row: GameRow,
    /// Faults and warnings, each naming the game.
    pub messages: Vec<String>,
}

/// Plays one game with engines from `engines` and tables from `tables`; `Ok(None)` when
/// stopped, an error when an engine cannot be (re)started.
pub fn play_job(
    prepared: &PreparedMatch,
    job: &GameJob,
    engines: &EnginePool,
    tables: &TablePool,
    stop: &AtomicBool,
) -> Result<Option<PlayedGame>, String> {
    let pairing = prepared.pairings[job.pairing];
    let (variant, opponent) = (
        &prepared.variants[pairing.variant],
        &prepared.variants[pairing.opponent],
    );
    let (white, black) = if job.swapped {
        (opponent, variant)
    } else {
        (variant, opponent)
    };
    let opening = prepared.opening(job.pair);
    let (mut white_player, mut black_player) = (
        player(white, engines, tables)?,
        player(black, engines, tables)?,
    );
    let record: Option<GameRecord> = play_game(
        [&mut white_player, &mut black_player],
        &opening.board,
        [white, black].map(|side| prepared.limit_of(side)),
        &prepared.options.adjudication(),
        prepared.options.time_margin_ms(),
        stop,
    );
    white_player.release(engines, tables);
    black_player.release(engines, tables);
    let Some(record) = record else {
        return Ok(None);
    };
    let game = format!(
        "{} vs {}, pair {} game {} ({} white)",
        variant.name,
        opponent.name,
        job.pair,
        usize::from(job.swapped),
        white.name
    );
    let messages = record
        .messages
        .iter()
        .map(|m| format!("{game}: {m}"))
        .collect();
    let termination = match &record.detail {
        Some(detail) => format!("{}: {detail}", record.termination.name()),
        None => record.termination.name().to_string(),
    };
    let row = GameRow {
        match_name: prepared.experiment.name.clone(),
        variant: variant.name.clone(),
        opponent: opponent.name.clone(),
        pair: job.pair,
        game: usize::from(job.swapped),
        opening: opening.id.clone(),
        fen: opening.fen.clone(),
        white: white.name.clone(),
        black: black.name.clone(),
        result: record.result.pgn().to_string(),
        termination,
        plies: record.moves.len(),
        white_nodes: record.nodes[0],
        black_nodes: record.nodes[1],
        white_time_ms: (record.time_ms[0] * 1000.0).round() / 1000.0,
        black_time_ms: (record.time_ms[1] * 1000.0).round() / 1000.0,
        moves: record
            .moves
            .iter()
            .map(|m| m.uci.as_str())
            .collect::<Vec<_>>()
            .join(" "),
        notes: record
            .moves
            .iter()
            .map(|m| format!("{} {}", m.uci, m.comment()))
            .collect::<Vec<_>>()
            .join(";"),
        match_hash: prepared.hash.clone(),
    };
    Ok(Some(PlayedGame { row, messages }))
}

/// The side a variant plays as: its engine from the pool, or ablate's search.
fn player<'a>(
    variant: &'a ResolvedVariant,
    engines: &EnginePool,
    tables: &TablePool,
) -> Result<Player<'a>, String> {
    match &variant.engine {
        Some(spec) => Player::engine(&variant.name, spec, engines),
        None => Ok(Player::ablate(&variant.name, &variant.config, tables)),
    }
}
