//! Error kinds that decide the process exit code.

use std::fmt;

/// Exit code when everything ran and every check passed.
pub const EXIT_OK: i32 = 0;
/// Exit code when a check (perft, reference comparison) found a mismatch.
pub const EXIT_CHECK_FAILED: i32 = 1;
/// Exit code for bad usage or bad input (config, EPD, FEN, SAN, output path).
pub const EXIT_INPUT: i32 = 2;
/// Exit code after Ctrl-C: the shell convention 128 + SIGINT.
pub const EXIT_INTERRUPTED: i32 = 130;
/// Exit code after SIGTERM (scancel, a time limit, preemption): 128 + SIGTERM.
pub const EXIT_TERMINATED: i32 = 143;

/// A located input error: `file:line: what is wrong`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// The file the input came from (as the user named it).
    pub file: String,
    /// The 1-based line, when the input is line-oriented.
    pub line: Option<usize>,
    /// The 1-based column, when a parser's span gives it.
    pub column: Option<usize>,
    /// What was found and what was expected.
    pub message: String,
}

impl InputError {
    /// An error tied to one line of a file.
    pub fn at_line(file: impl Into<String>, line: usize, message: impl Into<String>) -> Self {
        InputError {
            file: file.into(),
            line: Some(line),
            column: None,
            message: message.into(),
        }
    }

    /// An error at a line and column of a file, as a parser's span places it.
    pub fn at_column(
        file: impl Into<String>,
        line: usize,
        column: usize,
        message: impl Into<String>,
    ) -> Self {
        InputError {
            column: Some(column),
            ..Self::at_line(file, line, message)
        }
    }

    /// An error about a whole file or a key inside it.
    pub fn in_file(file: impl Into<String>, message: impl Into<String>) -> Self {
        InputError {
            file: file.into(),
            line: None,
            column: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => {
                write!(f, "{}:{line}:{column}: {}", self.file, self.message)
            }
            (Some(line), None) => write!(f, "{}:{line}: {}", self.file, self.message),
            _ => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for InputError {}

/// A check ran to completion and found differences (exit code 1, not 2).
#[derive(Debug)]
pub struct CheckFailed(pub String);

impl fmt::Display for CheckFailed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CheckFailed {}

/// The run was stopped by a signal after saving what had finished: Ctrl-C (exit code 130) or
/// SIGTERM (exit code 143).
#[derive(Debug)]
pub struct Interrupted {
    /// What was kept, and how to resume.
    pub message: String,
    /// True for SIGTERM, false for Ctrl-C.
    pub terminated: bool,
}

impl fmt::Display for Interrupted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Interrupted {}

/// Maps any error to the documented exit code.
pub fn exit_code_for(err: &anyhow::Error) -> i32 {
    if err.downcast_ref::<CheckFailed>().is_some() {
        EXIT_CHECK_FAILED
    } else if let Some(stop) = err.downcast_ref::<Interrupted>() {
        if stop.terminated {
            EXIT_TERMINATED
        } else {
            EXIT_INTERRUPTED
        }
    } else {
        EXIT_INPUT
    }
}
