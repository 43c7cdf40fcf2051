//! Experiment files: a suite, depths, a baseline `[search]`, named variants and an optional grid.

use super::design::Design;
use super::engine::EngineSpec;
use super::extends::{stacks, Base, Chains};
use super::file_tables::{ExperimentFile, Variant};
pub use super::minimal_mode::{MinimalMode, DEFAULT_MINIMAL_MAX_DEPTH};
use super::names::{check_baseline, grid_variants};
pub use super::names::{is_experiment_name, is_variant_name, EXPERIMENT_NAME, VARIANT_NAME};
pub use super::paths::locate;
use super::paths::{beside, looked_at, suite_path};
use super::search_config::SearchLayer;
use super::typed_tables::Source;
use super::{check_depth, SearchConfig};
use crate::error::InputError;
use indexmap::IndexMap as Map;
use std::path::{Path, PathBuf};
use toml::Table;

/// How many files one `extends` chain may pass through (more is taken for a cycle).
const MAX_EXTENDS_FILES: usize = 16;

pub use super::names::BASELINE;

/// An experiment as written in its TOML file (before command-line overrides).
#[derive(Debug, Clone)]
pub struct Experiment {
    /// The file, as the user named it (or as found in configs/).
    pub file: String,
    /// Output stem: results/<name>.csv.
    pub name: String,
    /// Free text.
    pub description: String,
    /// The EPD suite, relative to the current directory; absent in a match-only config.
    pub suite: Option<PathBuf>,
    /// Depths to report, ascending and unique; empty in a match-only config.
    pub depths: Vec<u32>,
    /// Only the first N positions.
    pub limit: Option<usize>,
    /// Which minimal-tree figures to compute beside every row.
    pub minimal: MinimalMode,
    /// The deepest depth `minimal = "exact"` accepts (it costs a full-width search).
    pub minimal_max_depth: u32,
    /// Only these position ids.
    pub ids: Option<Vec<String>>,
    /// Search each game's positions (the whole suite for an EPD file) in order, one search
    /// handing its history and transposition table to the next.
    pub keep_tables: bool,
    /// The name of the `[search]` variant, the one ratios are taken against.
    pub baseline_name: String,
    /// Named variants in file order, grid combinations last; the baseline is not among them.
    pub variants: Vec<String>,
    /// The variants that are external UCI engines, by name.
    pub engines: Vec<(String, EngineSpec)>,
    /// Each of ablate's variants' layers of knobs down its `extends` chain, the baseline's
    /// first, laid in order over the defaults (`config::extends`).
    pub stacks: Vec<(String, Vec<SearchLayer>)>,
    /// The runs its tables come from (`[runs.NAME]`), in file order.
    pub runs: Vec<super::runs::Run>,
    /// A designed experiment (`[design]`): its points are among `variants`, after the rest.
    pub design: Option<Design>,
    /// For a match given on the command line rather than in a file (`cli::engine_args`):
    /// its `--engine` and `--each` words as given, for the manifest.
    pub given_engines: Vec<String>,
}

/// A variant with its fully resolved configuration.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct ResolvedVariant {
    /// The variant's name.
    pub name: String,
    /// The configuration it searches with (for an engine variant, the defaults, unused: not
    /// written to manifests).
    #[serde(default)]
    pub config: SearchConfig,
    /// The external UCI engine that searches instead of ablate, for an engine variant.
    #[serde(default)]
    pub engine: Option<EngineSpec>,
}

impl serde::Serialize for ResolvedVariant {
    /// The name, then what searches: ablate's configuration, or the engine alone.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = serializer.serialize_struct("ResolvedVariant", 2)?;
        out.serialize_field("name", &self.name)?;
        match &self.engine {
            Some(engine) => out.serialize_field("engine", engine)?,
            None => out.serialize_field("config", &self.config)?,
        }
        out.end()
    }
}

impl Experiment {
    /// Reads and checks an experiment file; every error names the file and the key.
    pub fn load(path: &Path) -> Result<Experiment, InputError> {
        let shown = looked_at(path);
        let path = locate(path);
        let file = path.display().to_string();
        let text = std::fs::read_to_string(&path).map_err(|e| {
            InputError::in_file(
                &file,
                format!("cannot read the config: {e} (looked at {shown})"),
            )
        })?;
        Self::parse(&file, &text)
    }

    /// Parses experiment TOML text that came from `file` (another file a variant extends is
    /// read from beside it).
    pub fn parse(file: &str, text: &str) -> Result<Experiment, InputError> {
        Self::parse_at(file, text, 0)
    }

    /// `parse`, `depth` files down an `extends` chain.
    fn parse_at(file: &str, text: &str, depth: usize) -> Result<Experiment, InputError> {
        let err = |m: String| InputError::in_file(file, m);
        let (written, source): (ExperimentFile, Source) = Source::read(file, text, place)?;
        let mut experiment = Self::top_level(file, &written).map_err(err)?;
        let search = written.search;
        let baseline_name = baseline_of(written.baseline, search.name.as_ref()).map_err(err)?;
        let knobs = search
            .knobs
            .map_err(|e| source.error_at_key(&["search"], &e.key, format!("[search]: {e}")))?;
        let mut own = vec![(baseline_name.clone(), knobs, search.base)];
        let (mut variants, mut engines) =
            read_variants(written.variants, &baseline_name, &mut own, &source)?;
        if let Some(grid) = &written.grid {
            add_grid(grid, &mut variants, &mut own).map_err(|m| err(format!("[grid]: {m}")))?;
        }
        let design = written.design;
        if let Some(design) = &design {
            let players = super::design_points::Players {
                variants: &mut variants,
                engines: &mut engines,
                own: &mut own,
            };
            super::design_points::add_points(design, &baseline_name, players).map_err(err)?;
        }
        let engine_names: Vec<String> = engines.iter().map(|(n, _)| n.clone()).collect();
        check_baseline(
            &baseline_name,
            search.name.as_deref(),
            &variants,
            &engine_names,
        )
        .map_err(err)?;
        if let Some((vname, other)) = own.iter().find_map(|(v, _, base)| match base {
            Some(Base::Variant(o)) if engines.iter().any(|(n, _)| n == o) => Some((v, o)),
            _ => None,
        }) {
            return Err(err(format!(
                "variant \"{vname}\": extends = \"{other}\": an engine variant has no knobs to start from"
            )));
        }
        let mut load = |other: &Path, variant: &str| Self::stack_in(file, other, variant, depth);
        let stacks = stacks(&own, &mut load, Chains::Variants).map_err(err)?;
        let playable: Vec<String> = std::iter::once(baseline_name.clone())
            .chain(variants.iter().cloned())
            .chain(engines.iter().map(|(n, _)| n.clone()))
            .collect();
        if let Some(design) = &design {
            design.check_opponent(&playable).map_err(err)?;
        }
        let points = design.as_ref().map(Design::point_names).unwrap_or_default();
        let runs =
            super::runs::parse(&written.runs, &playable, &points).map_err(|e| match e.run {
                Some(run) => source.error(&["runs", &run], e.message),
                None => err(e.message),
            })?;
        experiment.baseline_name = baseline_name;
        (experiment.variants, experiment.engines) = (variants, engines);
        (experiment.stacks, experiment.runs, experiment.design) = (stacks, runs, design);
        experiment.check_design().map_err(err)?;
        Ok(experiment)
    }

    /// The stack of `variant` in the file `other` names (beside `file`), `depth` files down.
    fn stack_in(
        file: &str,
        other: &Path,
        variant: &str,
        depth: usize,
    ) -> Result<Vec<SearchLayer>, String> {
        if depth >= MAX_EXTENDS_FILES {
            return Err(format!(
                "more than {MAX_EXTENDS_FILES} files down one chain; expected files that do not extend each other in a cycle"
            ));
        }
        let path = beside(file, other).unwrap_or_else(|| locate(other));
        let shown = path.display().to_string();
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("cannot read {shown}: {e}"))?;
        let experiment = Self::parse_at(&shown, &text, depth + 1).map_err(|e| e.to_string())?;
        experiment.stack(variant).map_err(|e| e.to_string())
    }

    /// What the top-level keys say, checked: the name, the suite, the depths and the other
    /// settings of a search run. The tables are filled in by `parse_at`.
    fn top_level(file: &str, written: &ExperimentFile) -> Result<Experiment, String> {
        let stem = Path::new(file)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let name = written.name.clone().unwrap_or(stem);
        if !is_experiment_name(&name) {
            return Err(match written.name.is_some() {
                true => format!("name = \"{name}\"; expected {EXPERIMENT_NAME}"),
                false => format!(
                    "the file name \"{name}\" is the experiment's name; expected {EXPERIMENT_NAME}, or a key name = \"...\""
                ),
            });
        }
        let suite = match written.suite.as_deref() {
            Some("") => return Err("suite = \"\"; expected the path of an EPD or PGN file".into()),
            given => given.map(|s| suite_path(file, Path::new(s))),
        };
        let depths = match &written.depths {
            Some(items) => {
                let depths = items
                    .iter()
                    .map(|&d| {
                        check_depth(d).map_err(|_| format!("depths: {d}; {}", depth_expected()))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                normalise_depths(depths).map_err(|m| format!("depths: {m}"))?
            }
            None => Vec::new(),
        };
        let limit = match written.limit {
            Some(n) if n < 1 => {
                return Err(format!(
                    "limit = {n}; expected a whole number of positions, 1 or more"
                ))
            }
            given => given.map(|n| n as usize),
        };
        let minimal_max_depth = match written.minimal_max_depth {
            None => DEFAULT_MINIMAL_MAX_DEPTH,
            Some(d) => check_depth(d).map_err(|m| format!("minimal_max_depth: {m}"))?,
        };
        if written.ids.as_ref().is_some_and(Vec::is_empty) {
            return Err("ids = []; expected a non-empty list of position ids".into());
        }
        Ok(Experiment {
            file: file.to_string(),
            name,
            description: written.description.clone().unwrap_or_default(),
            suite,
            depths,
            limit,
            minimal: written.minimal.unwrap_or(MinimalMode::Off),
            minimal_max_depth,
            ids: written.ids.clone(),
            keep_tables: written.keep_tables,
            baseline_name: String::new(),
            variants: Vec::new(),
            engines: Vec::new(),
            stacks: Vec::new(),
            runs: Vec::new(),
            design: None,
            given_engines: Vec::new(),
        })
    }
}

/// The baseline's name: `baseline`'s, else the one [search] gives itself (`name = "plain"`),
/// else "baseline". `baseline` names the variant the others are measured against: [search]
/// by that name, or an engine variant.
fn baseline_of(baseline: Option<String>, search_name: Option<&String>) -> Result<String, String> {
    if let Some(s) = search_name.filter(|s| !is_variant_name(s)) {
        return Err(format!(
            "[search]: name = \"{s}\"; expected the [search] variant's name: {VARIANT_NAME}"
        ));
    }
    let name = baseline.or_else(|| search_name.cloned());
    let name = name.unwrap_or_else(|| BASELINE.to_string());
    if !is_variant_name(&name) {
        return Err(format!(
            "baseline = \"{name}\"; expected a variant's name: {VARIANT_NAME}"
        ));
    }
    Ok(name)
}

/// The grid's combinations, each a variant after the file's own.
fn add_grid(grid: &Table, variants: &mut Names, own: &mut Vec<Own>) -> Result<(), String> {
    for (vname, overrides) in grid_variants(grid)? {
        let overrides = SearchLayer::read(&overrides)?;
        if variants.contains(&vname) {
            return Err(format!("variant \"{vname}\" is defined twice"));
        }
        own.push((vname.clone(), overrides, None));
        variants.push(vname);
    }
    Ok(())
}

/// A variant's and a run's name, which only its table's key gives, before an error its
/// table's reader said.
fn place(path: &[String]) -> String {
    match path {
        [table, name, ..] if table == "variants" => format!("variant \"{name}\": "),
        [table, name, ..] if table == "runs" => format!("[runs.{name}]: "),
        _ => String::new(),
    }
}

/// One variant's own layer with what it extends (`extends::stacks` takes them).
type Own = (String, SearchLayer, Option<Base>);
/// The variants' names, and the engines among them.
type Names = Vec<String>;
type Engines = Vec<(String, EngineSpec)>;

/// The file's `[variants.NAME]` in file order: ablate's (their overrides, pushed onto `own`
/// with what each extends) and the engines'. An error is placed at the variant's table.
fn read_variants(
    written: Map<String, Variant>,
    baseline_name: &str,
    own: &mut Vec<Own>,
    source: &Source,
) -> Result<(Names, Engines), InputError> {
    let (mut variants, mut engines) = (Vec::new(), Vec::new());
    for (vname, variant) in written {
        let err = |m: String| source.error(&["variants", &vname], m);
        if !is_variant_name(&vname) {
            return Err(err(format!(
                "variant \"{vname}\": expected a name of {VARIANT_NAME}"
            )));
        }
        match variant {
            Variant::Engine(spec) => {
                engines.push((vname.clone(), spec));
                // An engine named as the baseline takes [search]'s place at the front;
                // [search] is then only the layer under ablate's variants.
                if vname != baseline_name {
                    variants.push(vname);
                }
            }
            Variant::Search { .. } if vname == baseline_name => {
                return Err(err(format!(
                    "variant \"{vname}\": the name is reserved for [search]; rename it"
                )))
            }
            Variant::Search { base, knobs } => {
                let knobs = knobs.map_err(|e| {
                    let message = format!("variant \"{vname}\": {e}");
                    source.error_at_key(&["variants", &vname], &e.key, message)
                })?;
                own.push((vname.clone(), *knobs, base));
                variants.push(vname);
            }
        }
    }
    Ok((variants, engines))
}

/// Sorts and de-duplicates depths.
pub fn normalise_depths(mut depths: Vec<u32>) -> Result<Vec<u32>, String> {
    if depths.is_empty() {
        return Err("empty; expected at least one depth".into());
    }
    for &d in &depths {
        check_depth(d.into())?;
    }
    depths.sort_unstable();
    depths.dedup();
    Ok(depths)
}

fn depth_expected() -> String {
    format!("expected whole numbers from 1 to {}", super::MAX_DEPTH)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"
name = "killers"
suite = "positions/startpos.epd"
depths = [8, 7, 7]
[search]
ordering.killers = 0
[variants.killers]
ordering.killers = 2
[variants.alpha]
pvs = false
[grid]
"ordering.history" = [false, true]
"tt" = ["off", "full"]
"#;

    #[test]
    fn an_engine_named_as_the_baseline_comes_first_and_search_is_a_layer() {
        let text = "suite = \"x.epd\"\ndepths = [1]\nbaseline = \"fruit\"\n[search]\npvs = false\n\
                    [variants.fruit]\nengine = \"gnuchess -u\"\n[variants.ablate]\n";
        let e = Experiment::parse("configs/k.toml", text).unwrap();
        assert_eq!(e.variant_names(), ["fruit", "ablate"]);
        let resolved = e.resolve(&[]).unwrap();
        assert_eq!(resolved[0].engine.as_ref().unwrap().command, "gnuchess -u");
        assert!(resolved[1].engine.is_none());
        assert!(
            !resolved[1].config.pvs,
            "[search] is the layer under ablate's variants"
        );
    }

    fn parse_err(text: &str) -> String {
        Experiment::parse("configs/k.toml", text)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn variants_keep_file_order_and_grid_comes_last() {
        let e = Experiment::parse("configs/k.toml", GOOD).unwrap();
        assert_eq!(e.depths, vec![7, 8]);
        assert_eq!(
            e.variant_names(),
            [
                "baseline",
                "killers",
                "alpha",
                "ordering.history=false,tt=off",
                "ordering.history=false,tt=full",
                "ordering.history=true,tt=off",
                "ordering.history=true,tt=full"
            ]
        );
        let resolved = e.resolve(&["eval=material".into()]).unwrap();
        assert_eq!(resolved[0].config.ordering.killers, 0);
        assert_eq!(resolved[1].config.ordering.killers, 2);
        assert!(!resolved[2].config.pvs);
        assert_eq!(
            resolved[3].config.tt,
            crate::config::search_config::TtMode::Off
        );
        assert!(resolved
            .iter()
            .all(|v| v.config.eval.kind == crate::chess::eval::EvalKind::Material));
    }

    #[test]
    fn unknown_keys_name_file_variant_and_suggest() {
        let text = GOOD.replace(
            "[variants.killers]\nordering.killers = 2",
            "[variants.killers]\nordering.killer = 2",
        );
        assert_eq!(
            parse_err(&text),
            "configs/k.toml:8:10: variant \"killers\": unknown key \"ordering.killer\"; did you mean \"ordering.killers\"?"
        );
        let text = GOOD.replace("depths = [8, 7, 7]", "depths = [8, 7, 7]\ndepth = 3");
        assert_eq!(
            parse_err(&text),
            "configs/k.toml:5:1: unknown key \"depth\"; did you mean \"depths\"?"
        );
        // A value of the wrong type is placed at its line and column, with its key.
        let text = GOOD.replace(
            "depths = [8, 7, 7]",
            "depths = [8, 7, 7]\nkeep_tables = \"yes\"",
        );
        assert_eq!(
            parse_err(&text),
            "configs/k.toml:5:15: keep_tables = \"yes\"; expected a boolean"
        );
        assert_eq!(
            parse_err(&GOOD.replace("name = \"killers\"", "name = 5")),
            "configs/k.toml:2:8: name = 5; expected a string"
        );
        let text = GOOD.replace(
            "[search]\nordering.killers = 0",
            "[search]\nordering.kilers = 0",
        );
        assert_eq!(
            parse_err(&text),
            "configs/k.toml:6:10: [search]: unknown key \"ordering.kilers\"; did you mean \"ordering.killers\"?"
        );
        let text = GOOD.replace(
            "\"tt\" = [\"off\", \"full\"]",
            "\"tt\" = [\"off\", \"ful\"]",
        );
        assert!(parse_err(&text)
            .starts_with("configs/k.toml: [grid]: key \"tt\" = \"ful\": expected one of \"off\", \"move\", \"full\"; did you mean \"full\"?"));
    }

    #[test]
    fn an_implicit_table_is_read_as_the_table_toml_means() {
        // `[design.factors]` with no `[design]` above it, and `[variants.k.ordering]` with no
        // `[variants.k]`, are the same tables as written out (TOML's implicit tables).
        let explicit = "suite = \"x.epd\"\ndepths = [1]\n[search]\nnull_move.enabled = true\n\
                        [variants.k]\n[variants.k.ordering]\nkillers = 1\n\
                        [design]\n[design.factors]\nno_null_move = { \"null_move.enabled\" = false }\n\
                        with_lmr = { \"lmr.enabled\" = true }\n";
        let read = |text: &str| format!("{:?}", Experiment::parse("configs/k.toml", text).unwrap());
        let without_variant = explicit.replace("[variants.k]\n", "");
        let without_design = explicit.replace("[design]\n", "");
        assert_eq!(read(&without_variant), read(explicit));
        assert_eq!(read(&without_design), read(explicit));
        let e = Experiment::parse("configs/k.toml", &without_design).unwrap();
        assert_eq!(e.design.as_ref().unwrap().points.len(), 4);
        assert_eq!(e.resolve(&[]).unwrap()[1].config.ordering.killers, 1);
        // An error in an implicit table's key is placed at the key's own line.
        let bad = without_variant.replace("killers = 1", "killer = 1");
        assert_eq!(
            parse_err(&bad),
            "configs/k.toml:6:1: variant \"k\": unknown key \"ordering.killer\"; did you mean \"ordering.killers\"?"
        );
    }

    #[test]
    fn names_a_spreadsheet_would_change_are_refused() {
        for (text, expected) in [
            ("name = \"0012\"\n", "name = \"0012\"; expected a letter"),
            ("name = \"=x\"\n", "name = \"=x\"; expected a letter"),
        ] {
            let e = parse_err(&format!("{text}suite = \"x.epd\"\ndepths = [1]\n"));
            assert!(e.starts_with(&format!("configs/k.toml: {expected}")), "{e}");
        }
        for variant in ["\"1e5\"", "\"=1+1\"", "\"-x\"", "\"a b\""] {
            let e = parse_err(&format!(
                "suite = \"x.epd\"\ndepths = [1]\n[variants.{variant}]\npvs = false\n"
            ));
            assert!(
                e.contains("expected a name of a letter, then letters"),
                "{variant}: {e}"
            );
        }
        assert!(is_variant_name("ordering.history=false,tt=off"));
        assert!(is_variant_name("bonus_depth"));
    }

    #[test]
    fn bad_values_are_rejected() {
        assert_eq!(
            parse_err(&GOOD.replace("depths = [8, 7, 7]", "depths = [0, 5]")),
            "configs/k.toml: depths: 0; expected whole numbers from 1 to 64"
        );
        assert_eq!(
            parse_err(&GOOD.replace("depths = [8, 7, 7]", "depths = []")),
            "configs/k.toml: depths: empty; expected at least one depth"
        );
        let e = Experiment::parse(
            "configs/k.toml",
            &GOOD.replace("ordering.killers = 2", "aspiration.window = -1"),
        )
        .unwrap();
        assert_eq!(
            e.resolve(&[]).unwrap_err().to_string(),
            "configs/k.toml: variant \"killers\": aspiration.window = -1; expected 0 or more centipawns"
        );
        assert_eq!(
            parse_err("suite = \"x.epd\"\ndepths = [1]\n[variants.baseline]\npvs = false\n"),
            "configs/k.toml:3:1: variant \"baseline\": the name is reserved for [search]; rename it"
        );
        assert!(parse_err("suite = \"x.epd\"\ndepths = [1\n")
            .starts_with("configs/k.toml:2: not valid TOML"));
    }

    /// Issue 92, item 4: `eval = "nnue"` beside `eval.net` in one table is refused by TOML
    /// itself; the error says the two forms that are read, and both are.
    #[test]
    fn the_evaluation_as_a_value_and_a_table_says_the_forms_that_work() {
        let table = |body: &str| format!("[search]\npvs = true\n[variants.net]\n{body}\n");
        let err = Experiment::parse("k.toml", &table("eval = \"nnue\"\neval.net = \"\""))
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("k.toml:4: not valid TOML: dotted key `eval`")
                && err.contains("`eval.kind = \"nnue\"` and `eval.net = \"FILE\"`")
                && err.contains("`eval = { kind = \"nnue\", net = \"FILE\" }`"),
            "{err}"
        );
        for form in [
            "eval.kind = \"nnue\"\neval.net = \"\"",
            "eval = { kind = \"nnue\", net = \"\" }",
        ] {
            let e = Experiment::parse("k.toml", &table(form)).unwrap();
            let net = &e.resolve(&[]).unwrap()[1].config.eval;
            assert_eq!(net.kind, crate::chess::eval::EvalKind::Nnue, "{form}");
        }
    }
}
