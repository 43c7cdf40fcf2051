//! Plaat et al.'s oracle: the best and refuting moves of a first search, ordered first at every
//! node of a second one, for the minimal-tree estimate (`search::minimal::oracle_nodes`).

use cozy_chess::Move;
use std::collections::HashMap;

/// Best and refuting moves by (position, remaining depth), first found kept: the record pass
/// fills it, the replay pass tries its move first at every node.
#[derive(Debug, Default)]
pub struct Oracle {
    moves: HashMap<(u64, u32), Move>,
    /// False while recording, true while replaying.
    pub replay: bool,
}

impl Oracle {
    /// The move to try first at (`key`, `depth`), while replaying.
    #[inline]
    pub fn move_at(&self, key: u64, depth: u32) -> Option<Move> {
        if self.replay {
            self.moves.get(&(key, depth)).copied()
        } else {
            None
        }
    }

    /// Records a node's best move, while recording; the first one found stays.
    pub fn record(&mut self, key: u64, depth: u32, mv: Move) {
        if !self.replay {
            self.moves.entry((key, depth)).or_insert(mv);
        }
    }
}
