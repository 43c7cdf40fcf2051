//! `ablate match`: variants play games against each other, in pairs from balanced openings
//! (the same opening twice, colours swapped), in parallel, each game with its own tables. Games
//! stream to a CSV as they finish (resume, shards and merge as for experiments); a PGN and the
//! summary (W/D/L, pentanomial counts, Elo with its interval, LOS, SPRT) are derived from it.
//!
//! A sitting of a match is a pipeline (`session`): prepare (`pairings`, `match_key`, `engine_probe`, `match_files`) → play
//! (`game_pool`, `played_game`, `game` under `rules` and `adjudication`) → record (`record`) →
//! decide (`decide`, with `stats::precision`, and `joined_runs` for games fitted beside) → report (`summary`, with `stats::elo`). A player is ablate's search
//! in-process or an engine over UCI.

pub mod adjudication;
pub mod decide;
pub mod engine_factors;
pub mod engine_probe;
pub mod game;
pub mod game_pool;
pub mod games_csv;
pub mod games_manifest;
pub mod games_merge;
pub mod games_notes;
pub mod games_pgn;
pub mod joined_runs;
pub mod limit_notes;
pub mod match_files;
pub mod match_key;
pub mod pairings;
pub mod played_game;
pub mod record;
pub mod rules;
pub mod score_line;
pub mod session;
pub mod side;
pub mod summary;
