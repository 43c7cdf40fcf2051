//! Which outside programs the tests drive are missing here: the build script (`build.rs`) sets a
//! `missing_<program>` cfg for each, so that a test needing one is marked ignored, with its
//! reason, in `cargo test`'s own lines. Under `CI=true` nothing is marked: CI installs every
//! program, and a test whose program is missing must fail there, not be ignored.
//! `tests/integration/ignored_tests.rs` includes this file to test it.

/// An outside program the tests drive: the cfg set when it is missing, and how it is found.
pub struct Program {
    /// `missing_<name>` is the cfg.
    pub name: &'static str,
    /// What has to answer for the program to count as present.
    pub check: Check,
}

/// How a program is found.
pub enum Check {
    /// Any of these commands on PATH (or in /usr/games, /usr/sbin).
    AnyCommand(&'static [&'static str]),
    /// All of these commands, and the process is root (the daemons it starts need it).
    RootWith(&'static [&'static str]),
    /// `python3 -c <import>` exits 0.
    Python(&'static str),
    /// A program the project builds itself, at this path from the repository root.
    ProjectFile(&'static str),
}

/// Every program some test needs. A test needing one carries
/// `#[cfg_attr(missing_<name>, ignore = "...")]` (`tests/integration/ignored_tests.rs` checks it
/// does).
pub const PROGRAMS: &[Program] = &[
    Program {
        name: "libreoffice",
        check: Check::AnyCommand(&["libreoffice", "soffice"]),
    },
    Program {
        name: "python_chess",
        check: Check::Python("import chess.engine, chess.pgn"),
    },
    Program {
        name: "stockfish",
        check: Check::AnyCommand(&["stockfish"]),
    },
    Program {
        name: "gnuchess",
        check: Check::AnyCommand(&["gnuchess"]),
    },
    Program {
        name: "glaurung",
        check: Check::AnyCommand(&["glaurung"]),
    },
    Program {
        // Stockfish 15.1 with a switch per step: engines/stockfish/build-stockfish.sh builds it
        // from the sf_15.1 tree (.ci/run does, from shared/'s tarball).
        name: "stockfish_switches",
        check: Check::ProjectFile(STOCKFISH_SWITCHES),
    },
    Program {
        name: "slurm",
        check: Check::RootWith(&["slurmctld", "slurmd", "munged", "sbatch"]),
    },
];

/// Where engines/stockfish/build-stockfish.sh writes the patched Stockfish.
pub const STOCKFISH_SWITCHES: &str = "engines/stockfish/stockfish-switches";

/// Folders searched beside PATH: Debian's engines live in /usr/games, its daemons in /usr/sbin.
pub const EXTRA_DIRS: &[&str] = &["/usr/games", "/usr/sbin", "/usr/local/sbin"];

/// The cfgs to set: one per missing program, none under CI. `present` answers for a program.
pub fn missing_cfgs(ci: bool, present: impl Fn(&Program) -> bool) -> Vec<String> {
    if ci {
        return Vec::new();
    }
    PROGRAMS
        .iter()
        .filter(|p| !present(p))
        .map(|p| format!("missing_{}", p.name))
        .collect()
}
