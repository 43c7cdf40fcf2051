//! Where an engine's program is run from: as named when it holds a `/` or is on PATH, else
//! Debian's `/usr/games`; and, when it is found nowhere, the nearest name that is, for the
//! message.

/// Where to run `name` from: as given when it holds a `/` or is on PATH, else Debian's
/// `/usr/games` (where `stockfish` and `gnuchess` install, and which root's PATH lacks).
pub fn program(name: &str) -> std::path::PathBuf {
    let given = std::path::PathBuf::from(name);
    if name.contains('/') {
        return given;
    }
    let on_path = std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(name).is_file()));
    let games = std::path::Path::new("/usr/games").join(name);
    if !on_path && games.is_file() {
        return games;
    }
    given
}

/// The program on PATH or in /usr/games whose name is nearest to `name`, when one is near
/// enough to be a typo (`glaurungg` → `glaurung`); none for a path.
pub fn nearest_program(name: &str) -> Option<String> {
    if name.contains('/') {
        return None;
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs = std::env::split_paths(&path).chain([std::path::PathBuf::from("/usr/games")]);
    let names: Vec<String> = dirs
        .filter_map(|dir| std::fs::read_dir(dir).ok())
        .flatten()
        .filter_map(|entry| entry.ok())
        .filter(|entry| entry.path().is_file())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    // Stricter than a key's suggestion: a folder of programs holds thousands of names, and a
    // program wholly missing must not be told of an unrelated one.
    let distance = |candidate: &String| crate::config::keys::damerau_distance(name, candidate);
    names
        .into_iter()
        .map(|candidate| (distance(&candidate), candidate))
        .filter(|(d, _)| *d <= 2 && 3 * *d <= name.chars().count())
        .min()
        .map(|(_, candidate)| candidate)
}
