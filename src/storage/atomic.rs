//! Atomic writes: a temporary sibling and a rename, so readers never see half a file.

use crate::error::InputError;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` through a temporary file and a rename, so readers never see half a file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), InputError> {
    let fail = |e: std::io::Error| {
        InputError::in_file(path.display().to_string(), format!("cannot write: {e}"))
    };
    if path.is_dir() {
        return Err(InputError::in_file(
            path.display().to_string(),
            "is a folder; expected the path of a file to write",
        ));
    }
    let tmp = temp_path(path);
    std::fs::write(&tmp, bytes).map_err(fail)?;
    std::fs::rename(&tmp, path).map_err(fail)
}

/// The temporary sibling used by atomic writes.
pub fn temp_path(path: &Path) -> PathBuf {
    let mut name = path
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_default();
    name.push(".tmp");
    path.with_file_name(name)
}
