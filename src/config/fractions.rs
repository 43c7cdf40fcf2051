//! Regular two-level fractions 2^(k−p): the generators of the published table, the defining
//! relation they span, its resolution, and which effects it aliases.
//!
//! The generators are those of the NIST/SEMATECH e-Handbook of Statistical Methods, section
//! 5.3.3.4.7, "Summary tables of useful fractional factorial designs"
//! (<https://www.itl.nist.gov/div898/handbook/pri/section3/pri3347.htm>), which reproduces
//! Box, Hunter & Hunter, *Statistics for Experimenters* (2nd ed., 2005), table 6.22; Montgomery,
//! *Design and Analysis of Experiments*, table 8.14, lists the same. Factors are letters in
//! order, the first k−p the full factorial's, each later one the product of the letters its
//! generator names. The resolution is not copied from the table: it is worked out here from
//! the defining relation, and a test holds it to the table's.
//!
//! Factors and effects are bit sets: bit i is the i-th factor; an effect is the set of factors
//! it multiplies (a main effect one bit, a two-factor interaction two).

/// One row of the table: k factors and the generators of the p added ones (letters of the
/// first k−p factors).
pub struct Fraction {
    /// Factors.
    pub k: usize,
    /// Each added factor's generator, as the table writes it (`"abcg"`).
    pub generators: &'static [&'static str],
}

/// The table's rows up to 11 factors, every fraction it lists (the full factorials aside).
pub const TABLE: &[Fraction] = &[
    row(3, &["ab"]),
    row(4, &["abc"]),
    row(5, &["abcd"]),
    row(5, &["ab", "ac"]),
    row(6, &["abcde"]),
    row(6, &["abc", "bcd"]),
    row(6, &["ab", "ac", "bc"]),
    row(7, &["abcdef"]),
    row(7, &["abcd", "abde"]),
    row(7, &["abc", "bcd", "acd"]),
    row(7, &["ab", "ac", "bc", "abc"]),
    row(8, &["abcdefg"]),
    row(8, &["abcd", "abef"]),
    row(8, &["abc", "abd", "bcde"]),
    row(8, &["bcd", "acd", "abc", "abd"]),
    row(9, &["abcdefgh"]),
    row(9, &["acdfg", "bcefg"]),
    row(9, &["abcd", "acef", "cdef"]),
    row(9, &["bcde", "acde", "abde", "abce"]),
    row(9, &["abc", "bcd", "acd", "abd", "abcd"]),
    row(10, &["abcdefghi"]),
    row(10, &["abcde", "defgh"]),
    row(10, &["abcg", "bcde", "acdf"]),
    row(10, &["bcdf", "acdf", "abde", "abce"]),
    row(10, &["abcd", "abce", "abde", "acde", "bcde"]),
    row(10, &["abc", "bcd", "acd", "abd", "abcd", "ab"]),
    row(11, &["abcdefghij"]),
    row(11, &["abcdef", "defghi"]),
    row(11, &["abcde", "bcdgh", "acefg"]),
    row(11, &["abcg", "bcde", "acdf", "abcdefg"]),
    row(11, &["cde", "abcd", "abf", "bdef", "adef"]),
    row(11, &["abc", "bcd", "cde", "acd", "ade", "bde"]),
    row(11, &["abc", "bcd", "acd", "abd", "abcd", "ab", "ac"]),
];

const fn row(k: usize, generators: &'static [&'static str]) -> Fraction {
    Fraction { k, generators }
}

/// The most factors the table covers; beyond it only the full factorial is offered.
pub const MAX_TABLE_FACTORS: usize = 11;

impl Fraction {
    /// p: the number of added factors.
    pub fn p(&self) -> usize {
        self.generators.len()
    }

    /// Design points: 2^(k−p).
    pub fn points(&self) -> usize {
        1 << (self.k - self.p())
    }

    /// Each added factor's generator as a bit set of the base factors it multiplies.
    pub fn generator_sets(&self) -> Vec<u32> {
        self.generators
            .iter()
            .map(|g| g.bytes().fold(0u32, |set, c| set | 1 << (c - b'a')))
            .collect()
    }

    /// The defining words: each generator with its own factor (`H = ABCG` gives ABCGH).
    pub fn words(&self) -> Vec<u32> {
        let base = self.k - self.p();
        self.generator_sets()
            .into_iter()
            .enumerate()
            .map(|(j, set)| set | 1 << (base + j))
            .collect()
    }
}

/// The defining relation: every product of the defining words (the identity left out).
pub fn defining_relation(words: &[u32]) -> Vec<u32> {
    let mut group = Vec::new();
    for mask in 1u32..(1 << words.len()) {
        let word = (0..words.len())
            .filter(|j| mask & (1 << j) != 0)
            .fold(0u32, |w, j| w ^ words[j]);
        group.push(word);
    }
    group
}

/// The resolution: the length of the shortest word of the relation; `None` for a full
/// factorial (no word).
pub fn resolution(relation: &[u32]) -> Option<u32> {
    relation.iter().map(|w| w.count_ones()).min()
}

/// Whether two effects are aliased (the same column of the design, up to sign): their product
/// is a word of the relation. The intercept is the empty set.
pub fn aliased(a: u32, b: u32, relation: &[u32]) -> bool {
    a != b && relation.contains(&(a ^ b))
}

/// The points of a design as bit sets of the factors set high: the base factors run through
/// every combination, each added factor is the parity of its generator's factors. So the point
/// with no factor high is always in the fraction (in the ± notation the generator carries the
/// sign −(−1)^w for a word of w letters: `H = −ABCG`, `L = +ABCDEFG`).
pub fn points(k: usize, generators: &[u32]) -> Vec<u32> {
    let base = k - generators.len();
    (0u32..1 << base)
        .map(|b| {
            generators.iter().enumerate().fold(b, |point, (j, g)| {
                point | ((b & g).count_ones() & 1) << (base + j)
            })
        })
        .collect()
}

/// The sign a generator carries in the ± notation for `points`' fraction.
pub fn generator_sign(generator: u32) -> char {
    if generator.count_ones() % 2 == 0 {
        '-'
    } else {
        '+'
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_resolutions_the_table_states() {
        // (k, p, resolution) as the handbook's table gives them, for the rows ablate's configs
        // and tests use.
        for (k, p, stated) in [
            (4, 1, 4),
            (5, 1, 5),
            (5, 2, 3),
            (6, 1, 6),
            (7, 4, 3),
            (8, 2, 5),
            (9, 2, 6),
            (10, 3, 5),
            (11, 4, 5),
        ] {
            let f = TABLE.iter().find(|f| f.k == k && f.p() == p).unwrap();
            assert_eq!(
                resolution(&defining_relation(&f.words())),
                Some(stated),
                "2^({k}-{p})"
            );
        }
    }

    #[test]
    fn points_are_a_balanced_orthogonal_fraction_holding_the_all_low_point() {
        for f in TABLE {
            let pts = points(f.k, &f.generator_sets());
            assert_eq!(pts.len(), f.points());
            assert!(pts.contains(&0), "{:?}", f.generators);
            let sign = |p: u32, effect: u32| {
                if (p & effect).count_ones() % 2 == 0 {
                    1i32
                } else {
                    -1
                }
            };
            // Every main effect balanced; every word of the relation constant over the points.
            for i in 0..f.k {
                let s: i32 = pts.iter().map(|&p| sign(p, 1 << i)).sum();
                assert_eq!(s, 0);
            }
            for w in defining_relation(&f.words()) {
                let first = sign(pts[0], w);
                assert!(pts.iter().all(|&p| sign(p, w) == first));
            }
            let mut unique = pts.clone();
            unique.sort_unstable();
            unique.dedup();
            assert_eq!(unique.len(), pts.len());
        }
    }

    #[test]
    fn a_resolution_three_fraction_aliases_a_main_effect_with_an_interaction() {
        let f = TABLE.iter().find(|f| f.generators == ["ab", "ac"]).unwrap();
        let relation = defining_relation(&f.words());
        // D = AB: the main effect of D is the AB interaction.
        assert!(aliased(0b01000, 0b00011, &relation));
        assert!(!aliased(0b00001, 0b00010, &relation));
    }
}
