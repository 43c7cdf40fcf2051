//! Games simulated from known Elo, for the statistics tests: a fixed-seed generator, games
//! with draws at a realistic rate, and pairs whose two games share an opening's bias.

/// splitmix64: a small, fixed-seed generator, so that every run simulates the same games.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    }
}

pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// One game's points for the side whose expected score is `e`: draws at up to 35%, as many
/// as the expected score allows, so that the expectation stays exactly `e`.
pub fn game(rng: &mut Rng, e: f64) -> f64 {
    let draw = 0.35f64.min(2.0 * e.min(1.0 - e));
    let u = rng.next();
    if u < e - draw / 2.0 {
        1.0
    } else if u < e + draw / 2.0 {
        0.5
    } else {
        0.0
    }
}

/// A pair's two games at expected score `e`: the opening favours one colour by up to 0.15 of
/// a point, which the colours' swap cancels on average (the pair's expected mean stays `e`).
pub fn pair(rng: &mut Rng, e: f64) -> (f64, f64) {
    let bias = (rng.next() - 0.5) * 0.3;
    let bias = bias.clamp(-e.min(1.0 - e), e.min(1.0 - e));
    (game(rng, e + bias), game(rng, e - bias))
}

/// `pairs` pairs at `elo`, as pentanomial counts (pairs scoring 0, ½, 1, 1½ and 2).
pub fn pentanomial(rng: &mut Rng, elo: f64, pairs: usize) -> [u64; 5] {
    let mut ptnml = [0u64; 5];
    for _ in 0..pairs {
        let (a, b) = pair(rng, score_of(elo));
        ptnml[((a + b) * 2.0).round() as usize] += 1;
    }
    ptnml
}

/// The true effects of the simulated designs, every term but the intercept: (term as a bit set
/// of factors, coefficient in Elo), in the ±1 coding of `design_fit`. Five factors, main
/// effects from 0 to −45 and three two-step interactions.
pub const EFFECTS: &[(u32, f64)] = &[
    (0b00001, -20.0),
    (0b00010, -8.0),
    (0b00100, -45.0),
    (0b01000, 3.0),
    (0b10000, 0.0),
    (0b00011, 6.0),
    (0b01100, -5.0),
    (0b10100, 4.0),
];

/// A term's true coefficient: `intercept` for the intercept (term 0), else its `EFFECTS` entry.
pub fn true_coef(term: u32, intercept: f64) -> f64 {
    if term == 0 {
        return intercept;
    }
    EFFECTS
        .iter()
        .find(|(t, _)| *t == term)
        .map_or(0.0, |(_, b)| *b)
}
