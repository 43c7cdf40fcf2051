//! Where the files a command names are found: a config (as given, else in `configs/`), a file
//! another config names (beside that config), and a config's suite (from the current
//! directory, else beside the config, else from the repository root above `configs/`), so
//! that `ablate --config /elsewhere/configs/killers.toml` works from any directory.

use std::path::{Path, PathBuf};

/// Finds a config: the path as given, else `configs/<name>` for a bare file name.
pub fn locate(path: &Path) -> PathBuf {
    if !path.exists() && path.components().count() == 1 {
        let in_configs = Path::new("configs").join(path);
        if in_configs.exists() {
            return in_configs;
        }
        let with_ext = in_configs.with_extension("toml");
        if with_ext.exists() {
            return with_ext;
        }
    }
    path.to_path_buf()
}

/// Where `locate` looked for `path`, for an error that says so.
pub fn looked_at(path: &Path) -> String {
    let mut places = vec![path.display().to_string()];
    if path.components().count() == 1 {
        let in_configs = Path::new("configs").join(path);
        places.push(in_configs.display().to_string());
        if in_configs.extension().is_none() {
            places.push(in_configs.with_extension("toml").display().to_string());
        }
    }
    places.join(", ")
}

/// The file `file` names, beside the config `from`, when it is there.
pub fn beside(from: &str, file: &Path) -> Option<PathBuf> {
    if file.is_absolute() {
        return Some(file.to_path_buf());
    }
    Path::new(from)
        .parent()
        .map(|dir| dir.join(file))
        .filter(|p| p.exists())
}

/// A suite the config `from` names: as written when it exists from the current directory (so
/// that runs from the repository root record the path they always did), else beside the
/// config, else from the folder above the config's (the repository root for `configs/x.toml`);
/// as written when none exists, for the error to name.
pub fn suite_path(from: &str, suite: &Path) -> PathBuf {
    if suite.is_absolute() || suite.exists() {
        return suite.to_path_buf();
    }
    let dir = Path::new(from).parent().unwrap_or(Path::new(""));
    [dir.join(suite), dir.join("..").join(suite)]
        .into_iter()
        .find(|p| p.exists())
        .unwrap_or_else(|| suite.to_path_buf())
}
