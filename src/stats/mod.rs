//! Statistics of games: Elo, pentanomials and the SPRT (`elo`), each pairing's summary
//! (`pairing_summary`), the running score a match
//! decides on (`running_score`), the design fit and its effects (`design_fit`,
//! `design_effects`), whether its misfit is systematic (`design_misfit`), the gauntlet's fit against several opponents (`gauntlet_fit`), one
//! design's effects over another's (`design_ratio`), trends across node budgets (`trend_fit`, `budget_ladder`,
//! `design_ladder`), precision stops (`precision`), slow games (`slow_games`), games lost by an engine's fault and
//! the pairs a design's fit leaves out for them (`faults`) and how deep each
//! player searched (`depth_profile`). One module takes node counts rather than games: a
//! heuristic's node ratio under two evaluations, paired by position (`paired_ratio`). The
//! distributions they lean on (normal, t, χ²) come from statrs through `distributions`, and the
//! fits' linear algebra from nalgebra through `linear`.
//!
//! `matches` plays and records the games; this module says what they show; `reports` formats it.
//! It takes games (`game_record::GameRow`) and returns figures: it reads no file and writes no
//! text, and imports nothing from `matches`, which stands above it.

pub mod across_engines;
pub mod budget_ladder;
pub mod depth_profile;
pub mod design_effects;
pub mod design_fit;
pub mod design_ladder;
pub mod design_misfit;
pub mod design_ratio;
pub mod distributions;
pub mod elo;
pub mod faults;
pub mod gauntlet_fit;
pub mod linear;
pub mod paired_ratio;
pub mod pairing_summary;
pub mod precision;
pub mod running_score;
pub mod slow_games;
pub mod trend_fit;
