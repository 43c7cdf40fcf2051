//! The alpha-beta window: the scores between which a node's exact value matters.

use super::score::{Score, INF};

/// (alpha, beta): a node's value is wanted exactly only when it falls strictly inside.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// The score the side to move already has elsewhere.
    pub alpha: Score,
    /// The score the opponent already has elsewhere, negated.
    pub beta: Score,
}

impl Window {
    /// Every score is inside: minimax, and a search with no guess.
    pub const FULL: Window = Window {
        alpha: -INF,
        beta: INF,
    };

    /// The window `[guess − delta, guess + delta]`, clamped to the score range.
    pub fn around(guess: Score, delta: Score) -> Window {
        Window {
            alpha: (guess - delta).max(-INF),
            beta: (guess + delta).min(INF),
        }
    }

    /// The child's window, from the child's side.
    #[inline]
    pub fn negated(self) -> Window {
        Window {
            alpha: -self.beta,
            beta: -self.alpha,
        }
    }

    /// The child's null window that asks only "does this move beat alpha?" (PVS).
    #[inline]
    pub fn null_child(self) -> Window {
        Window {
            alpha: -self.alpha - 1,
            beta: -self.alpha,
        }
    }

    /// True when `score` lies strictly between alpha and beta.
    #[inline]
    pub fn contains(self, score: Score) -> bool {
        score > self.alpha && score < self.beta
    }
}
