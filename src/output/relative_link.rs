//! A link from one written file to another, as the Markdown reports write them.

/// `target` as a link from the file `from`: its name when both sit in one folder, else the
/// path up from `from`'s folder to it.
pub fn relative_to(target: &std::path::Path, from: &std::path::Path) -> String {
    use std::path::Component;
    let absolute = |p: &std::path::Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let (target, base) = (absolute(target), absolute(from));
    let base = base.parent().unwrap_or(std::path::Path::new(""));
    let t: Vec<Component> = target.components().collect();
    let b: Vec<Component> = base.components().collect();
    let common = t.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut parts: Vec<String> = vec!["..".to_string(); b.len() - common];
    parts.extend(
        t[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    parts.join("/")
}
