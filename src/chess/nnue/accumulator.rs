//! The accumulators of a line of play, one pair (white's perspective, black's) per ply: the
//! root's made from scratch, each child's from its parent's and the move's few features, the
//! way every NNUE engine keeps them. The search copies boards (copy-make), so a child's pair
//! is written at its own ply and the parent's is left as it was: unmaking a move is going
//! back to the parent's ply, with nothing to undo.

use super::network::{feature, Network};
use arrayvec::ArrayVec;
use cozy_chess::{Board, Color, File, Move, Piece, Square};

/// A piece on a square, as a feature sees it.
type Placed = (Color, Piece, Square);

/// The features a move takes away and puts on the board: at most two of each (castling moves
/// two pieces; a capture takes one away besides the mover).
pub struct MoveFeatures {
    sub: ArrayVec<Placed, 2>,
    add: ArrayVec<Placed, 2>,
}

/// What `mv`, moving `piece`, changes on `board` (before it is played). cozy-chess castles as
/// king-takes-own-rook.
#[inline]
pub fn move_features(board: &Board, mv: Move, piece: Piece) -> MoveFeatures {
    let us = board.side_to_move();
    let mut sub = ArrayVec::new();
    let mut add = ArrayVec::new();
    if piece == Piece::King && board.colored_pieces(us, Piece::Rook).has(mv.to) {
        let kingside = mv.to.file() > mv.from.file();
        let rank = mv.from.rank();
        let (king_to, rook_to) = match kingside {
            true => (File::G, File::F),
            false => (File::C, File::D),
        };
        sub.push((us, Piece::King, mv.from));
        sub.push((us, Piece::Rook, mv.to));
        add.push((us, Piece::King, Square::new(king_to, rank)));
        add.push((us, Piece::Rook, Square::new(rook_to, rank)));
        return MoveFeatures { sub, add };
    }
    sub.push((us, piece, mv.from));
    add.push((us, mv.promotion.unwrap_or(piece), mv.to));
    if board.colors(!us).has(mv.to) {
        let victim = board.piece_on(mv.to).expect("an occupied square");
        sub.push((!us, victim, mv.to));
    } else if piece == Piece::Pawn && mv.from.file() != mv.to.file() {
        sub.push((!us, Piece::Pawn, Square::new(mv.to.file(), mv.from.rank())));
    }
    MoveFeatures { sub, add }
}

/// One accumulator pair per ply, in one block: ply `p`'s white perspective at `2·p·H`, its
/// black one at `(2·p + 1)·H`.
#[derive(Default)]
pub struct AccumulatorStack {
    hidden: usize,
    values: Vec<i16>,
}

impl AccumulatorStack {
    /// Room for `plies` plies of `network`'s accumulators.
    pub fn new(network: &Network, plies: usize) -> Self {
        let hidden = network.hidden();
        AccumulatorStack {
            hidden,
            values: vec![0; 2 * hidden * plies],
        }
    }

    /// Ply `ply`'s accumulator of `perspective`.
    #[inline(always)]
    pub fn of(&self, ply: usize, perspective: Color) -> &[i16] {
        let start = (2 * ply + perspective as usize) * self.hidden;
        &self.values[start..start + self.hidden]
    }

    /// Ply `ply`'s pair from scratch.
    pub fn refresh(&mut self, ply: usize, board: &Board, network: &Network) {
        for perspective in Color::ALL {
            let start = (2 * ply + perspective as usize) * self.hidden;
            let out = &mut self.values[start..start + self.hidden];
            network.refresh(board, perspective, out);
        }
    }

    /// Ply `ply + 1`'s pair after `mv` (moving `piece`) from ply `ply`'s, on `board` before it.
    #[inline]
    pub fn make(&mut self, ply: usize, board: &Board, mv: Move, piece: Piece, network: &Network) {
        let features = move_features(board, mv, piece);
        let h = self.hidden;
        for perspective in Color::ALL {
            let from = (2 * ply + perspective as usize) * h;
            let to = from + 2 * h;
            let (parent, child) = self.values.split_at_mut(to);
            let (parent, child) = (&parent[from..from + h], &mut child[..h]);
            let row = |p: &Placed| network.feature_row(feature(perspective, p.0, p.1, p.2));
            let (sub, add) = (&features.sub, &features.add);
            match (sub.len(), add.len()) {
                (1, 1) => update::<1, 1>(parent, child, [row(&sub[0])], [row(&add[0])]),
                (2, 1) => {
                    update::<2, 1>(parent, child, [row(&sub[0]), row(&sub[1])], [row(&add[0])])
                }
                _ => update::<2, 2>(
                    parent,
                    child,
                    [row(&sub[0]), row(&sub[1])],
                    [row(&add[0]), row(&add[1])],
                ),
            }
        }
    }

    /// Ply `ply + 1`'s pair the same as ply `ply`'s: a null move changes no piece.
    #[inline]
    pub fn pass(&mut self, ply: usize) {
        let from = 2 * ply * self.hidden;
        let len = 2 * self.hidden;
        self.values.copy_within(from..from + len, from + len);
    }

    /// The network's output at ply `ply`, from `side_to_move`'s view.
    #[inline]
    pub fn evaluate(&self, ply: usize, side_to_move: Color, network: &Network) -> i32 {
        network.evaluate(self.of(ply, side_to_move), self.of(ply, !side_to_move))
    }
}

/// `child = parent − Σ sub + Σ add`, element by element, in i16 as the accumulator is kept.
#[inline(always)]
fn update<const S: usize, const A: usize>(
    parent: &[i16],
    child: &mut [i16],
    sub: [&[i16]; S],
    add: [&[i16]; A],
) {
    for (i, c) in child.iter_mut().enumerate() {
        let mut v = parent[i];
        for s in &sub {
            v = v.wrapping_sub(s[i]);
        }
        for a in &add {
            v = v.wrapping_add(a[i]);
        }
        *c = v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::legal_moves;

    /// A network of small made-up weights, every feature its own.
    fn network(hidden: usize) -> Network {
        let weights = (0..768 * hidden)
            .map(|i| ((i * 7919) % 61) as i16 - 30)
            .collect();
        let bias = (0..hidden).map(|i| i as i16).collect();
        let output = (0..2 * hidden).map(|i| (i % 13) as i16 - 6).collect();
        Network::from_parts(weights, bias, output, 17)
    }

    #[test]
    fn every_move_updates_the_accumulators_to_what_a_refresh_makes() {
        let net = network(8);
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
        ];
        for fen in fens {
            let board = Board::from_fen(fen, false).unwrap();
            let mut stack = AccumulatorStack::new(&net, 2);
            stack.refresh(0, &board, &net);
            for mv in legal_moves(&board) {
                let piece = board.piece_on(mv.from).unwrap();
                stack.make(0, &board, mv, piece, &net);
                let mut child = board.clone();
                child.play_unchecked(mv);
                let mut fresh = AccumulatorStack::new(&net, 1);
                fresh.refresh(0, &child, &net);
                for c in Color::ALL {
                    assert_eq!(stack.of(1, c), fresh.of(0, c), "{fen} {mv}");
                }
                let stm = child.side_to_move();
                assert_eq!(stack.evaluate(1, stm, &net), net.evaluate_board(&child));
            }
            stack.pass(0);
            assert_eq!(stack.of(1, Color::White), stack.of(0, Color::White));
        }
    }
}
