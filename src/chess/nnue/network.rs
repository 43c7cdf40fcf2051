//! The network: (768→H)×2→1 with SCReLU, in the quantised layout of bullet's `simple` example
//! (jw1912/bullet at cebc78a, examples/simple.rs and crates/trainer/src/model/weights.rs), so
//! that a net trained there loads here and one trained here loads there.
//!
//! The file, little-endian i16 throughout: the feature weights, 768 columns of H (column-major
//! `H×768`, one feature's H weights together) at QA = 255; the feature bias, H at QA; the
//! output weights, 2H (the side to move's H first) at QB = 64; the output bias, one at QA·QB;
//! then bullet's padding to a multiple of 64 bytes (the bytes `bullet` repeated). H is read
//! from the file's size.
//!
//! Inputs are Chess768 (bullet's crates/bullet_lib/src/game/inputs/chess768.rs with
//! bulletformat 1.8.0's `ChessBoard`): from a perspective, a piece's feature is
//! `384·(not the perspective's colour) + 64·piece + square`, pieces pawn to king as 0..5, the
//! square a1 = 0..h8 = 63, flipped vertically (`^ 56`) for black's perspective.

use crate::error::InputError;
use cozy_chess::{Board, Color, Piece, Square};

/// Inputs of one perspective.
pub const INPUTS: usize = 768;
/// The feature weights' and bias' quantisation.
pub const QA: i32 = 255;
/// The output weights' quantisation.
pub const QB: i32 = 64;
/// Centipawns per unit of the network's output (bullet's `eval_scale`).
pub const SCALE: i32 = 400;
/// The largest output, either way: one below the search's mate band (`search::MATE_BOUND`,
/// 29,872, which this layer cannot name; `search/score.rs` checks the two agree), as bullet-style
/// engines clamp theirs (h1me01/Astra's `evaluate`: ±(VALUE_MATE − MAX_PLY − 1); Stockfish 15.1
/// one below its tablebase band). A net's i32 sum has no bound: a wrong file would otherwise
/// score a quiet position as a mate, or past the search's infinity.
pub const MAX_OUTPUT: i32 = 29_871;
/// The largest hidden layer a file may declare.
pub const MAX_HIDDEN: usize = 4096;
/// bullet's padding bytes.
const PADDING: &[u8] = b"bullet";

/// A quantised network.
#[derive(Debug, Clone, PartialEq)]
pub struct Network {
    hidden: usize,
    /// `INPUTS` rows of `hidden`: feature `f`'s weights at `f * hidden..`.
    feature_weights: Vec<i16>,
    feature_bias: Vec<i16>,
    /// The side to move's `hidden`, then the other side's.
    output_weights: Vec<i16>,
    output_bias: i16,
}

/// SCReLU on the quantised accumulator: clamp to [0, QA], squared (QA² is 1.0).
#[inline(always)]
fn screlu(x: i16) -> i32 {
    let y = i32::from(x).clamp(0, QA);
    y * y
}

/// The feature of `piece` of `color` on `square`, seen from `perspective`.
#[inline(always)]
pub fn feature(perspective: Color, color: Color, piece: Piece, square: Square) -> usize {
    let theirs = usize::from(color != perspective);
    let square = match perspective {
        Color::White => square as usize,
        Color::Black => square as usize ^ 56,
    };
    384 * theirs + 64 * piece as usize + square
}

/// The file size of a network of `hidden` neurons, before padding.
pub fn unpadded_size(hidden: usize) -> usize {
    2 * (INPUTS * hidden + hidden + 2 * hidden + 1)
}

impl Network {
    /// A network from its quantised parameters (`feature_weights` feature-major).
    pub fn from_parts(
        feature_weights: Vec<i16>,
        feature_bias: Vec<i16>,
        output_weights: Vec<i16>,
        output_bias: i16,
    ) -> Network {
        let hidden = feature_bias.len();
        assert_eq!(feature_weights.len(), INPUTS * hidden, "768 rows of H");
        assert_eq!(output_weights.len(), 2 * hidden, "2H output weights");
        Network {
            hidden,
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
        }
    }

    /// The hidden layer's size, H.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Reads a network file's bytes; `shown` names it in errors.
    pub fn from_bytes(bytes: &[u8], shown: &str) -> Result<Network, InputError> {
        let hidden = (bytes.len() / 2).saturating_sub(1) / (INPUTS + 3);
        let size = unpadded_size(hidden);
        let padded = size.div_ceil(64) * 64;
        let fits =
            (1..=MAX_HIDDEN).contains(&hidden) && (bytes.len() == size || bytes.len() == padded);
        if !fits {
            let message = format!(
                "{} bytes; expected a (768→H)×2→1 network in bullet's layout: 2·(771·H + 1) bytes, padded to a multiple of 64 (98,752 for H = 64, 394,816 for H = 256)",
                bytes.len()
            );
            return Err(InputError::in_file(shown, message));
        }
        let padding = &bytes[size..];
        if padding
            .iter()
            .zip(PADDING.iter().cycle())
            .any(|(a, b)| a != b)
        {
            let message = format!(
                "its last {} bytes are not bullet's padding (\"bullet\" repeated); expected a (768→H)×2→1 network in bullet's layout, H = {hidden} by its size",
                padding.len()
            );
            return Err(InputError::in_file(shown, message));
        }
        let words: Vec<i16> = bytes[..size]
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect();
        let (weights, rest) = words.split_at(INPUTS * hidden);
        let (bias, rest) = rest.split_at(hidden);
        let (output, rest) = rest.split_at(2 * hidden);
        Ok(Network::from_parts(
            weights.to_vec(),
            bias.to_vec(),
            output.to_vec(),
            rest[0],
        ))
    }

    /// Reads a network file.
    pub fn load(path: &std::path::Path) -> Result<Network, InputError> {
        let shown = path.display().to_string();
        let bytes = std::fs::read(path)
            .map_err(|e| InputError::in_file(&shown, format!("cannot read the network: {e}")))?;
        Network::from_bytes(&bytes, &shown)
    }

    /// The file's bytes, padded as bullet pads them.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(unpadded_size(self.hidden) + 64);
        let words = self
            .feature_weights
            .iter()
            .chain(&self.feature_bias)
            .chain(&self.output_weights)
            .chain(std::iter::once(&self.output_bias));
        for w in words {
            bytes.extend_from_slice(&w.to_le_bytes());
        }
        let pad = (64 - bytes.len() % 64) % 64;
        bytes.extend(PADDING.iter().cycle().take(pad));
        bytes
    }

    /// Feature `f`'s H weights.
    #[inline(always)]
    pub fn feature_row(&self, f: usize) -> &[i16] {
        &self.feature_weights[f * self.hidden..(f + 1) * self.hidden]
    }

    /// The feature bias: an empty board's accumulator.
    pub fn bias(&self) -> &[i16] {
        &self.feature_bias
    }

    /// The accumulator of `perspective` for `board`, from scratch, into `out` (H values).
    pub fn refresh(&self, board: &Board, perspective: Color, out: &mut [i16]) {
        out.copy_from_slice(&self.feature_bias);
        for color in Color::ALL {
            for piece in Piece::ALL {
                for square in board.colored_pieces(color, piece) {
                    let row = self.feature_row(feature(perspective, color, piece, square));
                    for (o, w) in out.iter_mut().zip(row) {
                        *o = o.wrapping_add(*w);
                    }
                }
            }
        }
    }

    /// The output from the side to move's accumulator `us` and the other's `them`, in
    /// centipawns, as bullet's `simple` example computes it, in i32: Σ SCReLU(us)·w_us +
    /// Σ SCReLU(them)·w_them (QA²·QB), divided by QA (truncating toward zero), plus the bias
    /// (QA·QB), times SCALE, divided by QA·QB (truncating toward zero); then kept within
    /// ±MAX_OUTPUT, the one place the net's output becomes an evaluation.
    #[inline]
    pub fn evaluate(&self, us: &[i16], them: &[i16]) -> i32 {
        let (w_us, w_them) = self.output_weights.split_at(self.hidden);
        let mut output: i32 = 0;
        for (&x, &w) in us.iter().zip(w_us) {
            output = output.wrapping_add(screlu(x).wrapping_mul(i32::from(w)));
        }
        for (&x, &w) in them.iter().zip(w_them) {
            output = output.wrapping_add(screlu(x).wrapping_mul(i32::from(w)));
        }
        output /= QA;
        output = output.wrapping_add(i32::from(self.output_bias));
        output = output.wrapping_mul(SCALE);
        (output / (QA * QB)).clamp(-MAX_OUTPUT, MAX_OUTPUT)
    }

    /// The largest output, either way, that any accumulators can give before the clamp: each
    /// output weight of one sign at SCReLU's 1.0 (QA²), the others at 0. Below MAX_OUTPUT, the
    /// clamp cannot change a single output of this net.
    pub fn output_bound(&self) -> i32 {
        let full = i64::from(QA * QA);
        let (up, down) = self
            .output_weights
            .iter()
            .fold((0i64, 0i64), |(up, down), &w| {
                let w = i64::from(w) * full;
                (up + w.max(0), down + w.min(0))
            });
        let cp = |sum: i64| {
            (sum / i64::from(QA) + i64::from(self.output_bias)) * i64::from(SCALE)
                / i64::from(QA * QB)
        };
        cp(up).max(-cp(down)) as i32
    }

    /// The evaluation of `board` from its side to move, both accumulators made from scratch.
    pub fn evaluate_board(&self, board: &Board) -> i32 {
        let mut white = vec![0; self.hidden];
        let mut black = vec![0; self.hidden];
        self.refresh(board, Color::White, &mut white);
        self.refresh(board, Color::Black, &mut black);
        match board.side_to_move() {
            Color::White => self.evaluate(&white, &black),
            Color::Black => self.evaluate(&black, &white),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// H = 2: every weight zero but a few, so that the output can be worked out by hand.
    fn hand_made() -> Network {
        let mut weights = vec![0i16; INPUTS * 2];
        // White's king on e1 from white's view: feature 64·5 + 4 = 324.
        weights[324 * 2] = 100;
        weights[324 * 2 + 1] = 300;
        // Black's king on e8 from white's view: 384 + 320 + 60 = 764; from black's: 324.
        weights[764 * 2] = 50;
        Network::from_parts(weights, vec![10, -20], vec![64, 32, -64, 16], 1000)
    }

    #[test]
    fn a_hand_made_net_evaluates_as_worked_out_by_hand() {
        let net = hand_made();
        let board = Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", false).unwrap();
        // White's accumulator: bias + e1 king (own) + e8 king (theirs, 764) = [10 + 100 + 50,
        // -20 + 300 + 0] = [160, 280]; black's: bias + its own king (324) + white's (764) =
        // the same. SCReLU: 160² = 25600, 280 clamps to 255 → 65025.
        // White to move: 25600·64 + 65025·32 + 25600·(-64) + 65025·16 = 3121200;
        // / 255 = 12240 (12240.0); + 1000 = 13240; · 400 = 5296000; / 16320 = 324 (324.5 cut).
        assert_eq!(net.evaluate_board(&board), 324);
        // Black to move: the same accumulators, so the same sum.
        let black = Board::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1", false).unwrap();
        assert_eq!(net.evaluate_board(&black), 324);
        // A negative sum truncates toward zero, as i32 division does in bullet's code.
        let negative = Network::from_parts(vec![0; INPUTS], vec![100], vec![-7, 0], -1);
        // 100² · −7 = −70000; / 255 = −274 (−274.5 cut toward zero); − 1 = −275;
        // · 400 = −110000; / 16320 = −6 (−6.74 cut toward zero).
        assert_eq!(negative.evaluate_board(&board), -6);
    }

    #[test]
    fn the_output_never_reaches_the_mate_band() {
        let board = Board::default();
        // Every feature weight 255 (each neuron's SCReLU 65025 with 32 pieces) and every
        // output weight ±100: 128 · 65025 · 100 / 255 · 400 / 16320 = 80,000 cp unclamped,
        // with no step of the i32 sum wrapping.
        let huge = |sign: i16| {
            let weights = vec![255; INPUTS * 64];
            let output = vec![sign * 100; 128];
            Network::from_parts(weights, vec![0; 64], output, 0)
        };
        assert_eq!(huge(1).evaluate_board(&board), MAX_OUTPUT);
        assert_eq!(huge(-1).evaluate_board(&board), -MAX_OUTPUT);
        assert_eq!(huge(1).output_bound(), 80_000);
        // The embedded net cannot reach the clamp on any position: its numbers are unchanged.
        let embedded = crate::chess::nnue::default_network().output_bound();
        assert_eq!(embedded, 7_775, "docs/nnue.md quotes it");
        assert!(embedded < MAX_OUTPUT);
    }

    #[test]
    fn a_net_reads_back_as_written_and_a_wrong_size_is_refused_with_its_name() {
        let net = hand_made();
        let bytes = net.to_bytes();
        assert_eq!(bytes.len() % 64, 0);
        assert_eq!(&bytes[unpadded_size(2)..unpadded_size(2) + 6], b"bullet");
        assert_eq!(Network::from_bytes(&bytes, "x").unwrap(), net);
        // Unpadded, as some trainers write it, reads too.
        assert_eq!(
            Network::from_bytes(&bytes[..unpadded_size(2)], "x").unwrap(),
            net
        );
        let short = Network::from_bytes(&bytes[..1000], "nets/short.nnue").unwrap_err();
        assert_eq!(short.file, "nets/short.nnue");
        assert!(
            short.message.contains("1000 bytes; expected"),
            "{}",
            short.message
        );
        let mut bad = bytes.clone();
        *bad.last_mut().unwrap() = b'x';
        let padding = Network::from_bytes(&bad, "n").unwrap_err();
        assert!(padding.message.contains("padding"), "{}", padding.message);
    }

    #[test]
    fn the_embedded_net_reads() {
        let net = crate::chess::nnue::default_network();
        assert!(net.hidden() >= 1);
        assert_eq!(net.to_bytes(), crate::chess::nnue::DEFAULT_NET);
    }
}
