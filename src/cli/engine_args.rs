//! Engines given on the command line, as cutechess-cli and fastchess users give them
//! (`--engine cmd=stockfish name=sf option.Hash=16`): the words of each as clap collects them,
//! and the experiment they make, where each becomes an engine variant, read by the same parser
//! as a config file, so that it is checked against the engine's `uci` as a config's engine is,
//! and the same command names the same match (and resumes it).

use crate::config::experiment::Experiment;
use crate::config::keys::hint;
use crate::config::names::{is_variant_name, VARIANT_NAME};
use crate::error::InputError;
use toml::{Table, Value};

/// `--engine KEY=VALUE...`, once per engine, as cutechess-cli's and fastchess's `-engine`: the
/// words of each occurrence kept together (clap's derive keeps only a flat list), read by
/// `engines_experiment`.
#[derive(Debug, Clone, Default)]
pub struct EngineWords(pub Vec<Vec<String>>);

impl clap::FromArgMatches for EngineWords {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let groups = matches.get_occurrences::<String>("engine").map(|groups| {
            groups
                .map(|words| words.cloned().collect::<Vec<String>>())
                .collect()
        });
        Ok(EngineWords(groups.unwrap_or_default()))
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Args for EngineWords {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.arg(
            clap::Arg::new("engine")
                .long("engine")
                .value_name("KEY=VALUE")
                .num_args(1..)
                .action(clap::ArgAction::Append)
                .conflicts_with_all(["config", "run"])
                .help("An engine that plays, without a config, as cutechess-cli and fastchess take one: cmd=COMMAND [name=NAME] [option.NAME=VALUE]... [arg=ARG] [depth=N | nodes=N | tc=B+I | st=SECONDS, its own limit] [timeout=S]. Once per engine; the last plays every other"),
        )
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

/// Where an error about the command line's engines is said to be.
pub const PLACE: &str = "--engine";

/// The keys an `--engine` (or `--each`) takes, besides `option.NAME`.
const KEYS: [&str; 10] = [
    "cmd", "name", "arg", "args", "proto", "depth", "nodes", "tc", "st", "timeout",
];

/// Keys cutechess or fastchess take that ablate does not, with what to do instead.
const NOT_TAKEN: [(&str, &str); 6] = [
    (
        "dir",
        "ablate starts every engine in the current folder; give cmd the program's full path",
    ),
    (
        "restart",
        "ablate keeps each engine from game to game and restarts one only after a fault",
    ),
    ("initstr", "give the engine's options as option.NAME=VALUE"),
    ("stderr", "an engine's stderr is not kept"),
    ("ponder", "engines do not ponder in ablate's matches"),
    (
        "whitepov",
        "ablate speaks UCI only, whose scores are the mover's",
    ),
];

/// One `--engine`'s settings read into an engine variant's table, with its name.
fn engine_table(words: &[String], each: &[String]) -> Result<(String, Table), String> {
    let given = words.join(" ");
    let at = |m: String| format!("{PLACE} {given}: {m}");
    let mut table = Table::new();
    let mut options = Table::new();
    let (mut name, mut command, mut args) = (None, None, Vec::new());
    let mut limit = Table::new();
    // `--each` first, so that an engine's own value wins over it.
    for word in each.iter().chain(words) {
        let Some((key, value)) = word.split_once('=') else {
            return Err(at(format!(
                "\"{word}\"; expected KEY=VALUE, e.g. cmd=stockfish or option.Hash=16"
            )));
        };
        if let Some(option) = key.strip_prefix("option.") {
            if option.is_empty() {
                return Err(at(format!(
                    "\"{word}\"; expected option.NAME=VALUE, the name as the engine declares it"
                )));
            }
            options.insert(option.to_string(), Value::String(value.to_string()));
            continue;
        }
        let whole = |what: &str| -> Result<i64, String> {
            match value.parse::<i64>() {
                Ok(n) if n >= 1 => Ok(n),
                _ => Err(at(format!("{key}={value}; expected {what}, 1 or more"))),
            }
        };
        match key {
            "cmd" => command = Some(value.to_string()),
            "name" => name = Some(value.to_string()),
            "arg" => args.push(value.to_string()),
            "args" => {
                args.extend(shell_words::split(value).map_err(|e| at(format!("{word}: {e}")))?)
            }
            "proto" if value == "uci" => {}
            "proto" => {
                return Err(at(format!(
                    "proto={value}; ablate speaks UCI only, expected proto=uci"
                )))
            }
            "depth" | "nodes" | "tc" | "st" => {
                let value = match key {
                    "tc" => Value::String(value.to_string()),
                    "st" => match value.parse::<f64>() {
                        Ok(s) if s > 0.0 && s.is_finite() => Value::Float(s),
                        _ => {
                            return Err(at(format!(
                                "st={value}; expected seconds a move, e.g. st=0.05"
                            )))
                        }
                    },
                    "depth" => Value::Integer(whole("a depth in plies")?),
                    _ => Value::Integer(whole("a whole number of nodes")?),
                };
                limit.clear();
                limit.insert(key.to_string(), value);
            }
            "timeout" => {
                table.insert(
                    "engine_timeout".into(),
                    Value::Integer(whole("whole seconds")?),
                );
            }
            other => {
                let why = match NOT_TAKEN.iter().find(|(k, _)| *k == other) {
                    Some((_, why)) => format!("not taken: {why}"),
                    None => {
                        let known: Vec<String> = KEYS.iter().map(|k| k.to_string()).collect();
                        format!("unknown key; {}, or option.NAME", hint(other, &known))
                    }
                };
                return Err(at(format!("{other}={value}: {why}")));
            }
        }
    }
    let Some(command) = command.filter(|c| !c.trim().is_empty()) else {
        return Err(at(
            "no cmd=COMMAND; expected the engine's program, e.g. cmd=stockfish".to_string(),
        ));
    };
    let program = shell_words::split(&command)
        .map_err(|e| at(format!("cmd={command}: {e}")))?
        .first()
        .cloned()
        .unwrap_or_default();
    let mut line = command;
    for arg in &args {
        line.push(' ');
        line.push_str(&shell_words::quote(arg));
    }
    // Unnamed, an engine goes by its program's file name, as fastchess's results say it.
    let name = name.unwrap_or_else(|| program.rsplit('/').next().unwrap_or_default().to_string());
    if !is_variant_name(&name) {
        return Err(at(format!(
            "name \"{name}\"; expected {VARIANT_NAME} (name=NAME gives one)"
        )));
    }
    table.insert("engine".into(), Value::String(line));
    if !options.is_empty() {
        table.insert("engine_options".into(), Value::Table(options));
    }
    if !limit.is_empty() {
        table.insert("limit".into(), Value::Table(limit));
    }
    Ok((name, table))
}

/// Words as a shell user types them: quoted only where the shell needs it (`option.Skill
/// Level=3` in quotes, `cmd=stockfish` bare), so that the manifest's words can be typed again.
fn typed(words: &[String]) -> String {
    let bare = |w: &String| {
        !w.is_empty()
            && w.chars()
                .all(|c| c.is_ascii_alphanumeric() || "=./:,+-_@%".contains(c))
    };
    let quoted: Vec<String> = words
        .iter()
        .map(|w| match bare(w) {
            true => w.clone(),
            false => shell_words::quote(w).into_owned(),
        })
        .collect();
    quoted.join(" ")
}

/// The experiment the command line's engines make: each `--engine` an engine variant, the last
/// the baseline every other plays (`Score of first vs last`, as cutechess-cli and fastchess
/// print a two-engine match), `each` laid under every one (cutechess's `-each`). Named
/// `<first>-vs-<…>-vs-<last>`, its games go to `results/runs/<name>.games.csv`.
pub fn engines_experiment(
    engines: &[Vec<String>],
    each: &[String],
) -> Result<Experiment, InputError> {
    let err = |m: String| InputError::in_file(PLACE, m);
    if engines.len() < 2 {
        return Err(err(format!(
            "{} engine given; expected two or more, each --engine cmd=COMMAND [name=NAME] [option.NAME=VALUE]...",
            engines.len()
        )));
    }
    let mut variants = Table::new();
    let mut names = Vec::new();
    for words in engines {
        let (name, table) = engine_table(words, each).map_err(err)?;
        if names.contains(&name) {
            return Err(err(format!(
                "two engines named \"{name}\"; expected a name=NAME of its own for each"
            )));
        }
        names.push(name.clone());
        variants.insert(name, Value::Table(table));
    }
    let baseline = names.last().cloned().unwrap_or_default();
    let mut file = Table::new();
    file.insert("name".into(), Value::String(names.join("-vs-")));
    file.insert("baseline".into(), Value::String(baseline));
    file.insert("variants".into(), Value::Table(variants));
    let text = toml::to_string(&file).map_err(|e| err(e.to_string()))?;
    let mut experiment = Experiment::parse(PLACE, &text)?;
    let each = (!each.is_empty()).then(|| format!("--each {}", typed(each)));
    experiment.given_engines = engines
        .iter()
        .map(|words| format!("{PLACE} {}", typed(words)))
        .chain(each)
        .collect();
    Ok(experiment)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        shell_words::split(text).unwrap()
    }

    fn experiment(engines: &[&str], each: &str) -> Result<Experiment, String> {
        let engines: Vec<Vec<String>> = engines.iter().map(|e| words(e)).collect();
        engines_experiment(&engines, &words(each)).map_err(|e| e.to_string())
    }

    #[test]
    fn engines_are_read_as_cutechess_and_fastchess_take_them() {
        let e = experiment(
            &[
                "cmd=stockfish name=sf option.Hash=16 'option.Skill Level=3'",
                "cmd=gnuchess arg=-u nodes=5000",
            ],
            "option.Threads=1 proto=uci",
        )
        .unwrap();
        assert_eq!(e.name, "sf-vs-gnuchess");
        assert_eq!(e.baseline_name, "gnuchess");
        let sf = &e.engines.iter().find(|(n, _)| n == "sf").unwrap().1;
        assert_eq!(sf.command, "stockfish");
        assert_eq!(sf.options["Hash"], "16");
        assert_eq!(sf.options["Skill Level"], "3");
        assert_eq!(sf.options["Threads"], "1");
        let fruit = &e.engines.iter().find(|(n, _)| n == "gnuchess").unwrap().1;
        assert_eq!(fruit.command, "gnuchess -u");
        assert_eq!(
            fruit.limit,
            Some(crate::config::engine::SideLimit::Nodes(5000))
        );
        assert_eq!(
            e.given_engines,
            [
                "--engine cmd=stockfish name=sf option.Hash=16 'option.Skill Level=3'",
                "--engine cmd=gnuchess arg=-u nodes=5000",
                "--each option.Threads=1 proto=uci"
            ]
        );
        // A fixed time per move, cutechess's st, is an engine's own limit too.
        let e = experiment(&["cmd=stockfish st=0.05", "cmd=glaurung"], "").unwrap();
        let sf = &e.engines.iter().find(|(n, _)| n == "stockfish").unwrap().1;
        assert_eq!(sf.limit, Some(crate::config::engine::SideLimit::St(0.05)));
    }

    #[test]
    fn a_bad_engine_is_refused_with_the_word_and_what_was_expected() {
        for (engines, said) in [
            (
                &["cmd=sf nme=x", "cmd=b"][..],
                "nme=x: unknown key; did you mean \"name\"?",
            ),
            (
                &["cmd=sf dir=/tmp", "cmd=b"][..],
                "dir=/tmp: not taken: ablate starts every engine in the current folder",
            ),
            (
                &["cmd=sf st=0", "cmd=b"][..],
                "st=0; expected seconds a move",
            ),
            (&["cmd=sf proto=xboard", "cmd=b"][..], "expected proto=uci"),
            (&["name=x", "cmd=b"][..], "no cmd=COMMAND"),
            (
                &["cmd=sf Hash", "cmd=b"][..],
                "\"Hash\"; expected KEY=VALUE",
            ),
            (&["cmd=sf", "cmd=sf"][..], "two engines named \"sf\""),
            (
                &["cmd=sf depth=0", "cmd=b"][..],
                "depth=0; expected a depth in plies, 1 or more",
            ),
            (&["cmd=sf"][..], "1 engine given; expected two or more"),
            (&["cmd=sf name=9x", "cmd=b"][..], "name \"9x\"; expected"),
        ] {
            let e = experiment(engines, "").unwrap_err();
            assert!(
                e.starts_with("--engine") && e.contains(said),
                "{engines:?}: {e}"
            );
        }
    }
}
