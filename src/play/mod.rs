//! Games between two search configurations: the rules that end a game, the clock, and one game
//! played move by move with each side's own search.

pub mod clock;
pub mod game;
pub mod rules;

pub use clock::{Limit, TimeControl};
pub use game::{play_game, Adjudication, GameRecord, MoveNote};
pub use rules::{GameResult, Termination};
