//! Transposition table: a flat power-of-two array of two-word entries, always-replace.

use super::score::{Score, MATE, MATE_BOUND};
use cozy_chess::{Move, Piece, Square};
use std::sync::Mutex;

/// Asks Linux to back the table with 2 MiB pages. Probes land anywhere in the table, so with 4 KiB
/// pages nearly every probe misses the TLB, and a fresh table costs a page fault per 4 KiB. A
/// freshly mapped table is still untouched (the kernel zeroes pages on first write), so the advice
/// applies from the first write; memory reused from the heap is only advised for later.
fn advise_huge_pages(words: &[u64]) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let start = words.as_ptr() as usize;
        let end = start + std::mem::size_of_val(words);
        let end = end - end % PAGE;
        let aligned = start.next_multiple_of(PAGE);
        if end > aligned {
            // SAFETY: the range lies inside this live allocation; madvise only changes how the
            // kernel backs it, never its contents, and a refusal is harmless, so it is ignored.
            unsafe {
                libc::madvise(
                    aligned as *mut libc::c_void,
                    end - aligned,
                    libc::MADV_HUGEPAGE,
                );
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = words;
}

/// What a stored score says about the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true value is at least the score (the node failed high).
    Lower,
    /// The true value is at most the score (the node failed low).
    Upper,
}

/// A decoded table entry.
#[derive(Debug, Clone, Copy)]
pub struct TtEntry {
    /// The best or refuting move found, if any.
    pub mv: Option<Move>,
    /// Score, mate distances relative to this node.
    pub score: Score,
    /// Remaining depth of the search that stored it.
    pub depth: u8,
    /// How the score bounds the value.
    pub bound: Bound,
    /// Stockfish's `is_pv()`: the node was on, or near, the principal variation when stored
    /// (written only while `lmr.tt_pv` reads it; false otherwise).
    pub pv: bool,
}

/// The data word's bit for Stockfish's PV flag.
const PV_BIT: u32 = 42;
/// Bits of the data word that hold the search generation.
const GENERATION_SHIFT: u32 = 43;
const GENERATION_MAX: u64 = (1 << (64 - GENERATION_SHIFT)) - 1;

/// The table. Each entry carries the generation of the search that stored it, and a search sees
/// only its own generation, so a reused table behaves exactly as a freshly zeroed one.
///
/// Beside it, one bit per slot says whether this search has stored there. The table is far
/// larger than the caches, and a search mostly probes positions it has not stored yet: the
/// bit, in a bitmap 128 times smaller, answers those probes without waiting on memory.
pub struct TranspositionTable {
    words: Vec<u64>,
    mask: usize,
    generation: u64,
    /// Slots stored in since the last `new_search`, one bit each.
    stored: Vec<u64>,
}

impl TranspositionTable {
    /// The MiB a table for `tt_mb` really takes (a power-of-two entry count).
    pub fn new_size_mb(mb: u32) -> usize {
        (Self::entries_for(mb) * 16) >> 20
    }

    fn entries_for(mb: u32) -> usize {
        let wanted = (((mb as usize) << 20) / 16).max(1);
        1usize << (usize::BITS - 1 - wanted.leading_zeros())
    }

    /// A fresh table of `mb` MiB, rounded down to a power-of-two number of 16-byte entries.
    pub fn new(mb: u32) -> Self {
        let entries = Self::entries_for(mb);
        let words = vec![0; entries * 2];
        advise_huge_pages(&words);
        TranspositionTable {
            words,
            mask: entries - 1,
            generation: 1,
            stored: vec![0; entries.div_ceil(64)],
        }
    }

    /// The size in MiB this table was made for.
    pub fn megabytes(&self) -> usize {
        (self.words.len() * 8) >> 20
    }

    /// Starts a new search: every stored entry becomes invisible, as in a new table.
    pub fn new_search(&mut self) {
        self.stored.fill(0);
        self.generation += 1;
        if self.generation > GENERATION_MAX {
            self.words.fill(0);
            self.generation = 1;
        }
    }

    /// Asks the CPU to fetch `key`'s slot ahead of its probe: the table is far larger than the
    /// caches, and the child's probe would otherwise wait on memory.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot = key as usize & self.mask;
            if self.stored[slot / 64] & (1 << (slot % 64)) == 0 {
                // The probe will not look: nothing was stored there in this search.
                return;
            }
            let i = slot * 2;
            // SAFETY: `i` is inside `words` (masked index); a prefetch reads nothing and has
            // no effect but on the cache.
            unsafe {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch::<_MM_HINT_T0>(self.words.as_ptr().add(i) as *const i8);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks up a position; the full 64-bit key is compared.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtEntry> {
        let slot = key as usize & self.mask;
        if self.stored[slot / 64] & (1 << (slot % 64)) == 0 {
            return None;
        }
        let i = slot * 2;
        let data = self.words[i + 1];
        if self.words[i] != key || data >> GENERATION_SHIFT != self.generation {
            return None;
        }
        let bound = match (data >> 40) & 0b11 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(TtEntry {
            mv: unpack_move(data as u16),
            score: score_from_tt((data >> 16) as u16 as i16 as Score, ply),
            depth: (data >> 32) as u8,
            bound,
            pv: (data >> PV_BIT) & 1 == 1,
        })
    }

    /// Stores `entry` (its score relative to the node at `ply`), replacing whatever was in the
    /// slot.
    #[inline]
    pub fn store(&mut self, key: u64, ply: usize, entry: TtEntry) {
        let TtEntry {
            mv,
            score,
            depth,
            bound,
            pv,
        } = entry;
        let slot = key as usize & self.mask;
        self.stored[slot / 64] |= 1 << (slot % 64);
        let i = slot * 2;
        let bound_bits: u64 = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let stored = score_to_tt(score, ply) as i16 as u16 as u64;
        let data = pack_move(mv) as u64
            | (stored << 16)
            | ((depth as u64) << 32)
            | (bound_bits << 40)
            | (u64::from(pv) << PV_BIT)
            | (self.generation << GENERATION_SHIFT);
        self.words[i] = key;
        self.words[i + 1] = data;
    }
}

/// Tables lent to searches: one per worker at a time, so memory does not grow with the
/// suite or the match and no search pays for a fresh allocation (a new table's pages are
/// zeroed on first touch). Owned by one run or match, never global.
#[derive(Default)]
pub struct TablePool {
    free: Mutex<Vec<TranspositionTable>>,
}

impl TablePool {
    /// A table of `megabytes` (as `TranspositionTable::new` rounds it), reused when one is free.
    /// Its entries are those of an earlier search; `new_search` hides them.
    pub fn take(&self, megabytes: u32) -> TranspositionTable {
        let size = TranspositionTable::new_size_mb(megabytes);
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        match free.iter().position(|t| t.megabytes() == size) {
            Some(i) => free.swap_remove(i),
            None => TranspositionTable::new(megabytes),
        }
    }

    /// Gives a table back for the next search.
    pub fn give_back(&self, table: TranspositionTable) {
        self.free
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(table);
    }
}

/// Mate scores are stored relative to the node so that they stay right at another ply.
fn score_to_tt(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score + ply as Score
    } else if score <= -MATE_BOUND {
        score - ply as Score
    } else {
        score
    }
}

fn score_from_tt(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        (score - ply as Score).min(MATE)
    } else if score <= -MATE_BOUND {
        (score + ply as Score).max(-MATE)
    } else {
        score
    }
}

fn pack_move(mv: Option<Move>) -> u16 {
    match mv {
        None => 0,
        Some(m) => {
            let promo = m.promotion.map_or(0, |p| p as u16 + 1);
            m.from as u16 | (m.to as u16) << 6 | promo << 12
        }
    }
}

fn unpack_move(bits: u16) -> Option<Move> {
    if bits == 0 {
        return None;
    }
    let promotion = match bits >> 12 {
        0 => None,
        p => Some(Piece::index((p - 1) as usize)),
    };
    Some(Move {
        from: Square::index((bits & 63) as usize),
        to: Square::index(((bits >> 6) & 63) as usize),
        promotion,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_with_mate_adjustment() {
        let mut tt = TranspositionTable::new(1);
        let mv: Move = "e7e8n".parse().unwrap();
        tt.store(
            0xdead_beef,
            3,
            TtEntry {
                mv: Some(mv),
                score: MATE - 5,
                depth: 7,
                bound: Bound::Lower,
                pv: false,
            },
        );
        let e = tt.probe(0xdead_beef, 3).unwrap();
        assert_eq!(e.mv, Some(mv));
        assert_eq!(e.score, MATE - 5);
        assert_eq!((e.depth, e.bound, e.pv), (7, Bound::Lower, false));
        // The same mate seen from two plies nearer the root is two plies longer.
        assert_eq!(tt.probe(0xdead_beef, 1).unwrap().score, MATE - 3);
        assert!(tt.probe(0xdead_beee, 3).is_none());
        tt.store(
            42,
            0,
            TtEntry {
                mv: None,
                score: -17,
                depth: 1,
                bound: Bound::Upper,
                pv: true,
            },
        );
        let e = tt.probe(42, 0).unwrap();
        assert_eq!(
            (e.mv, e.score, e.bound, e.pv),
            (None, -17, Bound::Upper, true)
        );
    }

    /// An entry the generation tests store: what it holds does not matter.
    const EXACT_FIVE: TtEntry = TtEntry {
        mv: None,
        score: 5,
        depth: 3,
        bound: Bound::Exact,
        pv: false,
    };

    #[test]
    fn a_new_search_sees_an_empty_table() {
        let mut tt = TranspositionTable::new(1);
        tt.store(7, 0, EXACT_FIVE);
        assert!(tt.probe(7, 0).is_some());
        tt.new_search();
        assert!(tt.probe(7, 0).is_none());
        tt.generation = GENERATION_MAX;
        tt.store(9, 0, EXACT_FIVE);
        tt.new_search();
        assert_eq!(tt.generation, 1);
        assert!(
            tt.words.iter().all(|&w| w == 0),
            "wrap-around clears the table"
        );
    }

    #[test]
    fn size_is_a_power_of_two() {
        assert_eq!(TranspositionTable::new(16).words.len(), 2 << 20);
        assert_eq!(TranspositionTable::new(3).words.len(), 2 * (1 << 17));
    }
}
