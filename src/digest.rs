//! SHA-256 as the project writes it: a file's or a net's digest in full hex, and the short
//! names that key resumption (a run's `h…`, a match's `m…`, a datagen run's `d…`, a training
//! run's checkpoint). One recipe, so that no two places can come to cut a name differently.

use sha2::{Digest, Sha256};

/// Hex digits in a short name: 64 bits, far beyond any collision among a project's runs, and
/// short enough for a CSV column. Frozen: every committed run is found by a name this long.
const SHORT_NAME_DIGITS: usize = 16;

/// Lower-case hex of a byte string.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The SHA-256 of `bytes` in 64 lower-case hex digits: how a suite, a net or a games file is
/// named in a manifest.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// The first 16 hex digits of the SHA-256 of `text`: the short name a resumption key is given
/// (callers put their letter before it). Changing it would orphan every committed run.
pub fn short_sha256(text: &str) -> String {
    let mut digits = sha256_hex(text.as_bytes());
    digits.truncate(SHORT_NAME_DIGITS);
    digits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_short_name_is_the_digests_first_sixteen_hex_digits() {
        // SHA-256("abc"), FIPS 180-2's first example.
        let abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
        assert_eq!(sha256_hex(b"abc"), abc);
        assert_eq!(short_sha256("abc"), &abc[..16]);
        assert_eq!(hex(&[0x00, 0x0f, 0xa0]), "000fa0");
    }
}
