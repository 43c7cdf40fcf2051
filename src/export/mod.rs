//! Exporters: the streamed results CSV, the JSON manifest, and report formats behind one trait.

pub mod csv_file;
pub mod manifest;
pub mod markdown;
pub mod pgn;
pub mod svg;

use crate::summary::Summary;
use std::path::Path;

/// A report format: turns a summary into a file.
pub trait Exporter {
    /// Writes the report for `summary` to `path`.
    fn export(&self, summary: &Summary, path: &Path) -> anyhow::Result<()>;
}

/// Writes `bytes` to `path` through a temporary file and a rename, so readers never see half a file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), crate::error::InputError> {
    let fail = |e: std::io::Error| {
        crate::error::InputError::in_file(path.display().to_string(), format!("cannot write: {e}"))
    };
    if path.is_dir() {
        return Err(crate::error::InputError::in_file(
            path.display().to_string(),
            "is a folder; expected the path of a file to write",
        ));
    }
    let tmp = temp_path(path);
    std::fs::write(&tmp, bytes).map_err(fail)?;
    std::fs::rename(&tmp, path).map_err(fail)
}

/// The temporary sibling used by atomic writes.
pub fn temp_path(path: &Path) -> std::path::PathBuf {
    let mut name = path
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_default();
    name.push(".tmp");
    path.with_file_name(name)
}
