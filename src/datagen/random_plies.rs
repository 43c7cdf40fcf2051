//! The plies played at random after the book, so that games from one opening differ: each
//! drawn from the seed, the game and the ply alone (SHA-256, as a match's keyed opening order
//! is), so a game's start is the same for any `--jobs`, shard or sitting, on every platform.

use crate::chess::legal_moves;
use crate::matches::rules::game_over;
use cozy_chess::{Board, Move};
use sha2::{Digest, Sha256};

/// Attempts at a start whose random plies do not end the game before one is played with fewer.
const ATTEMPTS: u32 = 64;

/// A number drawn from (seed, game, attempt, ply).
fn draw(seed: u64, game: usize, attempt: u32, ply: u32) -> u64 {
    let digest = Sha256::digest(format!("{seed}:{game}:{attempt}:{ply}").as_bytes());
    u64::from_le_bytes(
        digest[..8]
            .try_into()
            .expect("a SHA-256 digest has 32 bytes"),
    )
}

/// The position after `plies` moves drawn uniformly from the legal ones, from `opening`, and
/// those moves. A draw whose plies end the game by the rules is drawn again (the next
/// attempt); after `ATTEMPTS` such draws the game starts with one ply fewer.
pub fn random_start(opening: &Board, seed: u64, game: usize, plies: u32) -> (Board, Vec<Move>) {
    for attempt in 0..ATTEMPTS {
        let mut board = opening.clone();
        let mut history = Vec::new();
        let mut moves = Vec::new();
        for ply in 0..plies {
            let legal = legal_moves(&board);
            if legal.is_empty() {
                break;
            }
            let mv = legal[(draw(seed, game, attempt, ply) % legal.len() as u64) as usize];
            history.push(crate::chess::repetition_key(&board));
            board.play_unchecked(mv);
            moves.push(mv);
        }
        if moves.len() == plies as usize && game_over(&board, &history).is_none() {
            return (board, moves);
        }
    }
    match plies {
        0 => (opening.clone(), Vec::new()),
        _ => random_start(opening, seed, game, plies - 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_is_decided_by_seed_and_game_alone() {
        let opening = Board::default();
        let (a, moves) = random_start(&opening, 7, 3, 4);
        assert_eq!(moves.len(), 4);
        assert_eq!(random_start(&opening, 7, 3, 4).0, a);
        let others: Vec<Board> = (0..8).map(|g| random_start(&opening, 7, g, 4).0).collect();
        assert!(
            others.iter().filter(|b| **b != a).count() >= 6,
            "games differ"
        );
        assert_ne!(random_start(&opening, 8, 3, 4).0, a, "seeds differ");
        assert_eq!(random_start(&opening, 7, 3, 0).0, opening);
    }

    #[test]
    fn random_plies_never_end_the_game() {
        // Black to move with one legal move that stalemates nothing, but random plies from a
        // mating net would often mate: every start found still has a move to play.
        let board = Board::from_fen("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", false).unwrap();
        for game in 0..20 {
            let (start, _) = random_start(&board, 1, game, 3);
            assert!(game_over(&start, &[]).is_none(), "game {game}: {start}");
        }
    }
}
