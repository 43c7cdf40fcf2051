//! Variants that build on one another: `extends = "guarded"` starts a variant from another of
//! the same file, `extends = { file = "strength.toml", variant = "strongest" }` from one of
//! another file, as a Cargo profile names the profile it inherits from. A variant's
//! configuration is then the stack of layers down its chain, laid in order: the
//! chain's first variant over `[search]` (or over the other file's variant), each later one
//! over the one before. `[search]` itself may start from another file's variant.
//!
//! Declared runs (`[runs.NAME]`) build on one another by the same rule (`Chains::Runs`): a run's
//! stack is `[runs]`'s defaults, then each run down its chain.

use super::keys::hint;
use super::typed_tables::{read_table, Refused};
use std::path::{Path, PathBuf};
use toml::{Table, Value};

/// Where a variant starts from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Base {
    /// Another variant of the same file (the baseline's name is `[search]`).
    Variant(String),
    /// A variant of another experiment file, resolved with that file's `[search]` under it.
    File {
        /// The file, relative to the directory of the file that names it.
        file: PathBuf,
        /// The variant's name there.
        variant: String,
    },
}

/// `extends = { file = "...", variant = "..." }` as written.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct FileBase {
    file: PathBuf,
    variant: String,
}

/// Removes `extends` from a variant's (or `[search]`'s) table and reads it; `None` when absent.
pub fn take_extends(table: &mut Table) -> Result<Option<Base>, String> {
    let Some(value) = table.remove("extends") else {
        return Ok(None);
    };
    let expected = "expected a variant's name, or { file = \"other.toml\", variant = \"NAME\" }";
    match value {
        Value::String(name) if !name.is_empty() => Ok(Some(Base::Variant(name))),
        Value::Table(t) => {
            let base: FileBase = read_table(t.clone()).map_err(|refused| match refused {
                Refused::Key { .. } => format!("extends: {}", refused.said()),
                Refused::Value { .. } => format!("extends = {t}; {expected}"),
            })?;
            Ok(Some(Base::File {
                file: base.file,
                variant: base.variant,
            }))
        }
        other => Err(format!("extends = {other}; {expected}")),
    }
}

/// Which tables a chain links: the variants of a file (the baseline, `[search]`, at the bottom),
/// or its declared runs (`[runs]`'s defaults at the bottom). Only the names in messages differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chains {
    /// Variants, `[search]` first.
    Variants,
    /// Declared runs, `[runs]`'s defaults first.
    Runs,
}

impl Chains {
    /// A member as messages name it: `variant "x"`, `[runs.x]`.
    fn member(self, name: &str) -> String {
        match self {
            Chains::Variants => format!("variant \"{name}\""),
            Chains::Runs => format!("[runs.{name}]"),
        }
    }

    /// What a member is: `variant`, `run`.
    fn noun(self) -> &'static str {
        match self {
            Chains::Variants => "variant",
            Chains::Runs => "run",
        }
    }
}

/// Reads another file's variant and returns its stack of layers.
pub type LoadVariant<'a, L> = dyn FnMut(&Path, &str) -> Result<Vec<L>, String> + 'a;

/// Each variant's stack of layers (`SearchLayer`s; a run's settings), `[search]`'s chain
/// first. `own` holds every variant's own layer and its base, the baseline (with `[search]`'s table) first; `load`
/// resolves another file's variant to its stack. A cycle or an unknown name is an error naming
/// the variant and its chain.
pub fn stacks<L: Clone>(
    own: &[(String, L, Option<Base>)],
    load: &mut LoadVariant<L>,
    chains: Chains,
) -> Result<Vec<(String, Vec<L>)>, String> {
    let names: Vec<String> = own.iter().map(|(n, _, _)| n.clone()).collect();
    let mut done: Vec<Option<Vec<L>>> = vec![None; own.len()];
    for start in 0..own.len() {
        // Walk down the chain until a resolved variant, the baseline or another file.
        let mut chain = vec![start];
        let mut below: Vec<L> = loop {
            let i = *chain.last().expect("the chain starts with one variant");
            if let Some(stack) = &done[i] {
                chain.pop();
                break stack.clone();
            }
            let (name, _, base) = &own[i];
            match base {
                None if i == 0 => break Vec::new(),
                None => chain.push(0),
                Some(Base::File { file, variant }) => {
                    break load(file, variant).map_err(|m| {
                        format!(
                            "{}: extends {variant} in {}: {m}",
                            chains.member(name),
                            file.display()
                        )
                    })?;
                }
                Some(Base::Variant(next)) => {
                    if i == 0 {
                        return Err(format!(
                            "[search]: extends = \"{next}\"; [search] is the bottom of this file's chains, so it may extend only another file's variant: {{ file = \"other.toml\", variant = \"{next}\" }}"
                        ));
                    }
                    // The bottom of a file's runs is no run to name.
                    let named = match chains {
                        Chains::Variants => &names[..],
                        Chains::Runs => &names[1..],
                    };
                    let Some(j) = names
                        .iter()
                        .position(|n| n == next)
                        .filter(|&j| j > 0 || chains == Chains::Variants)
                    else {
                        return Err(format!(
                            "{}: extends = \"{next}\": no such {}; {}",
                            chains.member(name),
                            chains.noun(),
                            hint(next, named)
                        ));
                    };
                    if chain.contains(&j) {
                        let mut path: Vec<&str> =
                            chain.iter().map(|&k| names[k].as_str()).collect();
                        path.push(&names[j]);
                        return Err(format!(
                            "{}: extends forms a cycle: {}; expected {}s that end in one that extends none",
                            chains.member(&names[j]),
                            path.join(" -> "),
                            chains.noun()
                        ));
                    }
                    chain.push(j);
                }
            }
        };
        // Back up the chain, each variant's table over the one below.
        while let Some(i) = chain.pop() {
            below.push(own[i].1.clone());
            done[i] = Some(below.clone());
        }
    }
    Ok(names
        .into_iter()
        .zip(done)
        .map(|(n, s)| (n, s.expect("every variant resolved")))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(text: &str) -> Table {
        text.parse().unwrap()
    }

    fn no_files(_: &Path, _: &str) -> Result<Vec<Table>, String> {
        Err("no files here".into())
    }

    #[test]
    fn chains_stack_in_order_and_errors_name_the_chain() {
        let own = vec![
            ("base".to_string(), t("a = 1"), None),
            ("one".to_string(), t("b = 2"), None),
            (
                "two".to_string(),
                t("c = 3"),
                Some(Base::Variant("one".into())),
            ),
            (
                "three".to_string(),
                t("d = 4"),
                Some(Base::Variant("two".into())),
            ),
        ];
        let s = stacks(&own, &mut no_files, Chains::Variants).unwrap();
        assert_eq!(s[0].1, vec![t("a = 1")]);
        assert_eq!(s[1].1, vec![t("a = 1"), t("b = 2")]);
        assert_eq!(s[3].1, vec![t("a = 1"), t("b = 2"), t("c = 3"), t("d = 4")]);

        let mut cyclic = own.clone();
        cyclic[1].2 = Some(Base::Variant("three".into()));
        let e = stacks(&cyclic, &mut no_files, Chains::Variants).unwrap_err();
        assert!(
            e.contains("cycle") && e.contains("one -> three -> two -> one"),
            "{e}"
        );

        let mut typo = own.clone();
        typo[3].2 = Some(Base::Variant("tow".into()));
        let e = stacks(&typo, &mut no_files, Chains::Variants).unwrap_err();
        assert!(
            e.contains("variant \"three\": extends = \"tow\"")
                && e.contains("did you mean \"two\""),
            "{e}"
        );

        let mut other = own.clone();
        other[1].2 = Some(Base::File {
            file: "x.toml".into(),
            variant: "v".into(),
        });
        let mut load = |f: &Path, v: &str| -> Result<Vec<Table>, String> {
            assert_eq!((f, v), (Path::new("x.toml"), "v"));
            Ok(vec![t("z = 0")])
        };
        let s = stacks(&other, &mut load, Chains::Variants).unwrap();
        assert_eq!(s[3].1, vec![t("z = 0"), t("b = 2"), t("c = 3"), t("d = 4")]);
    }

    #[test]
    fn extends_reads_a_name_or_a_file_and_variant() {
        let mut a = t("extends = \"guarded\"\nx = 1");
        assert_eq!(
            take_extends(&mut a).unwrap(),
            Some(Base::Variant("guarded".into()))
        );
        assert_eq!(a, t("x = 1"));
        let mut b = t("extends = { file = \"strength.toml\", variant = \"strongest\" }");
        assert_eq!(
            take_extends(&mut b).unwrap(),
            Some(Base::File {
                file: "strength.toml".into(),
                variant: "strongest".into()
            })
        );
        assert!(take_extends(&mut t("extends = 3"))
            .unwrap_err()
            .contains("expected a variant's name"));
        assert!(take_extends(&mut t("extends = { file = \"a.toml\" }")).is_err());
        assert!(
            take_extends(&mut t("extends = { fil = \"a\", variant = \"b\" }"))
                .unwrap_err()
                .contains("unknown key \"fil\"; did you mean \"file\"?")
        );
    }
}
