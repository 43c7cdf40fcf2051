//! Exporters: the streamed results CSV, the JSON manifest, and report formats behind one trait.

pub mod csv_file;
pub mod manifest;
pub mod markdown;
pub mod svg;

use crate::summary::Summary;
use std::path::Path;

/// A report format: turns a summary into a file.
pub trait Exporter {
    /// Writes the report for `summary` to `path`.
    fn export(&self, summary: &Summary, path: &Path) -> anyhow::Result<()>;
}

/// Writes `bytes` to `path` through a temporary file and a rename, so readers never see half a file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = temp_path(path);
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
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
