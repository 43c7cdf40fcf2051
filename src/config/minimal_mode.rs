//! Which minimal-tree figures an experiment computes.

/// The deepest exact minimal tree an experiment computes unless it says otherwise: depth 4
/// takes about 4 s per Bratko-Kopec position on one core, depth 5 about 37 s.
pub const DEFAULT_MINIMAL_MAX_DEPTH: u32 = 4;

crate::choice_enum! {
    /// Which minimal-tree figures an experiment computes (`minimal = ...`, `--minimal`).
    pub enum MinimalMode {
        /// None.
        Off = "off",
        /// The exact minimal tree (a full-width search) and the oracle estimate.
        Exact = "exact",
        /// The oracle estimate only (two searches), for any depth.
        Oracle = "oracle",
    }
}
