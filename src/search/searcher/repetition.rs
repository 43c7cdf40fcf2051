//! The repetition test: a node whose position was met before, on the search's path or in the
//! game before the root, with the same side to move and no irreversible move since, is a draw.

use super::Searcher;

/// Bits of the filter that answers most lookups of the game's positions.
const FILTER_BITS: usize = 1024;

/// The game's positions before the root that a node can repeat, by the parity of their distance
/// back from the root, behind a bit filter. A node with no irreversible move on its path has the
/// clock of the root plus its ply (below the clock's cap), so it reaches back into the game as
/// far as the root's clock: the same positions for every such node. Most nodes repeat none of
/// them; without the filter a node of a game in a long reversible run compared its key with
/// every second one.
#[derive(Debug, Default)]
pub(super) struct EarlierPositions {
    /// The root's halfmove clock, how far back into the game the positions reach; `None` until
    /// built for the running search (by `run_reporting`, which knows the root).
    clock: Option<usize>,
    /// One bit per parity and top key bits: clear means no position there has such a key.
    filter: [[u64; FILTER_BITS / 64]; 2],
    keys: [Vec<u64>; 2],
}

impl EarlierPositions {
    /// The positions of `game` (oldest first) within reach of a root whose clock is `clock`:
    /// `game[len - j]` for `j` from 1 to `clock`, each under the parity of `j`.
    pub(super) fn new(game: &[u64], clock: u8) -> Self {
        let mut earlier = EarlierPositions {
            clock: Some(clock as usize),
            ..Default::default()
        };
        for j in 1..=(clock as usize).min(game.len()) {
            let key = game[game.len() - j];
            let bit = filter_bit(key);
            earlier.filter[j % 2][bit / 64] |= 1 << (bit % 64);
            earlier.keys[j % 2].push(key);
        }
        earlier
    }

    /// Whether a position `j` back from the root with `j % 2 == parity` has `key`.
    #[inline]
    fn contains(&self, parity: usize, key: u64) -> bool {
        let bit = filter_bit(key);
        self.filter[parity][bit / 64] & (1 << (bit % 64)) != 0 && self.keys[parity].contains(&key)
    }
}

#[inline]
fn filter_bit(key: u64) -> usize {
    (key >> (64 - FILTER_BITS.trailing_zeros())) as usize
}

impl Searcher<'_> {
    /// Same position earlier on the path, same side to move, no irreversible move (and no null
    /// move) since. The nearest candidate is 4 plies back: 2 plies back, each side has moved a
    /// piece of its own since, and the mover cannot be back where it stood.
    #[inline(always)]
    pub(super) fn repeats(&self, ply: usize, halfmove_clock: u8, selective: bool) -> bool {
        let floor = if selective {
            self.stack[ply].null_floor
        } else {
            0
        };
        let key = self.stack[ply].key;
        let clock = halfmove_clock as usize;
        if selective && floor == 0 && !self.game.is_empty() {
            // No irreversible move on the path and the clock not held at its cap (cozy-chess
            // stops it at 100): it is the root's plus the ply. And deep enough that every
            // position `j` back from the root is 4 or more plies back. Then the path, and the
            // game's positions this side to move within the root's clock.
            if ply >= 3 && self.earlier.clock.is_some_and(|root| clock == root + ply) {
                return self.path_repeats(ply, key, ply) || self.earlier.contains(ply % 2, key);
            }
            // Back past the root into the game, as far as the clock allows.
            let game = self.game;
            let mut back = 4;
            while back <= clock {
                let repeated = if back <= ply {
                    self.stack[ply - back].key == key
                } else {
                    game.len() >= back - ply && game[game.len() - (back - ply)] == key
                };
                if repeated {
                    return true;
                }
                back += 2;
            }
            return false;
        }
        self.path_repeats(ply, key, (ply - floor).min(clock))
    }

    /// `key` on the path 4, 6, … up to `reach` plies back from `ply`. A plain loop: `step_by`
    /// cost about 30 instructions a node here.
    #[inline(always)]
    fn path_repeats(&self, ply: usize, key: u64, reach: usize) -> bool {
        let mut back = 4;
        while back <= reach {
            if self.stack[ply - back].key == key {
                return true;
            }
            back += 2;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::SearchConfig;

    /// The test as first written: every candidate looked up, back to the clock.
    fn reference(searcher: &Searcher, ply: usize, clock: usize) -> bool {
        let key = searcher.stack[ply].key;
        let game = searcher.game;
        (4..=clock).step_by(2).any(|back| {
            if back <= ply {
                searcher.stack[ply - back].key == key
            } else {
                game.len() >= back - ply && game[game.len() - (back - ply)] == key
            }
        })
    }

    /// Paths and games drawn from a few keys, so that repetitions are common, at every clock
    /// from 0 to cozy-chess's cap of 100 (which a long reversible run reaches before the root's
    /// clock plus the ply would): the filtered test answers as the reference does.
    #[test]
    fn the_filtered_test_agrees_with_looking_every_candidate_up() {
        let cfg = SearchConfig::default();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let (mut checked, mut repeated) = (0, 0);
        for _ in 0..300 {
            let game: Vec<u64> = (0..next(120)).map(|_| 1 + next(6)).collect();
            let root_clock = next(101) as usize;
            let mut searcher = Searcher::new(&cfg, None, None);
            searcher.game = &game;
            searcher.earlier = EarlierPositions::new(&game, root_clock as u8);
            for ply in 1..40 {
                searcher.stack[ply].key = 1 + next(6);
                // The root's clock plus the ply, held at 100; or reset by a move on the path.
                let clock = match next(4) {
                    0 => next(ply as u64 + 1) as usize,
                    _ => (root_clock + ply).min(100),
                };
                let expected = reference(&searcher, ply, clock);
                assert_eq!(
                    searcher.repeats(ply, clock as u8, true),
                    expected,
                    "ply {ply} clock {clock} root clock {root_clock}"
                );
                checked += 1;
                repeated += usize::from(expected);
            }
        }
        assert!(checked > 10_000 && repeated > 1_000, "{checked} {repeated}");
    }

    #[test]
    fn the_filter_finds_each_position_under_its_parity_and_within_the_clock() {
        let game: Vec<u64> = (1..=40u64)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect();
        let earlier = EarlierPositions::new(&game, 10);
        for j in 1..=40 {
            let key = game[game.len() - j];
            for parity in 0..2 {
                let expected = j <= 10 && j % 2 == parity;
                assert_eq!(
                    earlier.contains(parity, key),
                    expected,
                    "j {j} parity {parity}"
                );
            }
        }
        assert!(!earlier.contains(0, 12345) && !earlier.contains(1, 12345));
        // A clock longer than the game reaches its first position, and no further.
        let all = EarlierPositions::new(&game, 100);
        assert!(all.contains(0, game[0]) && !all.contains(1, game[0]));
    }
}
