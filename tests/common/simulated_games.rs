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
