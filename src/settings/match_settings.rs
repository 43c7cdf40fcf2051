//! A match's settings, declared once: `ablate match` reads them from the command line (clap,
//! flattened into `MatchArgs`) and a config from each `[runs.NAME]` (serde), and the command
//! line is laid over the run in one place (`over`). The stages take the struct whole; every
//! value in it was read at the start (a limit, an SPRT, an adjudication rule), and keeps the
//! text it was read from for the manifest.

use super::adjudication_rules::Adjudication;
use super::given::Given;
use super::move_limit::{Limit, MoveTime, TimeControl};
use super::shard::Shard;
use super::sprt::Sprt;
use super::values::{
    check_depth, number, parse_depth, parse_games, parse_millis, parse_nodes, parse_plies,
    parse_precision, parse_seed, parse_threads, words,
};
use crate::error::InputError;
use serde::de::{Deserializer, Error};
use std::path::PathBuf;

/// Games per pairing when neither the command line nor a run says.
pub const DEFAULT_GAMES: usize = 100;
/// The openings when neither the command line nor a run says.
pub const DEFAULT_OPENINGS: &str = "positions/openings.epd";
/// fastchess's default `--timemargin`: a side may answer this late past its clock.
pub const DEFAULT_TIME_MARGIN_MS: u64 = 100;
/// The depth per move when no limit is given.
pub const DEFAULT_DEPTH: u32 = 4;
/// The most games a pairing may ask for: far beyond any match that finishes, and far below
/// the counts whose index arithmetic would overflow.
pub const MAX_GAMES_PER_PAIRING: usize = 10_000_000;

/// A games file named for one node budget: `{nodes}` in it replaced by the budget (by nothing
/// without one), as a ladder's `out` names each rung's file.
pub fn out_at_budget(out: &std::path::Path, nodes: Option<u64>) -> PathBuf {
    let budget = nodes.map_or(String::new(), |n| n.to_string());
    PathBuf::from(out.to_string_lossy().replace("{nodes}", &budget))
}

/// What a match plays and how: `--games 40` on the command line, `games = 40` in a run.
#[derive(Debug, Clone, Default, PartialEq, clap::Args, serde::Deserialize)]
// A key a run leaves out is the default's: none, empty or false.
#[serde(default, deny_unknown_fields)]
pub struct MatchSettings {
    /// Games per pairing, an even number (N/2 opening pairs) [default: 100, or the run's].
    #[arg(long, short = 'g', value_parser = parse_games, allow_negative_numbers = true)]
    #[serde(deserialize_with = "games")]
    pub games: Option<usize>,
    /// A fixed depth per move [default: 4 when neither --nodes, --tc nor --st is given].
    #[arg(long, short = 'd', conflicts_with_all = ["nodes", "tc", "st"], value_parser = parse_depth, allow_negative_numbers = true)]
    #[serde(deserialize_with = "depth")]
    pub depth: Option<u32>,
    /// About N nodes per move (deterministic, like --depth); N,N,.. plays one match per budget.
    #[arg(long, value_name = "N", conflicts_with_all = ["tc", "st"], value_delimiter = ',', value_parser = parse_nodes, allow_negative_numbers = true)]
    #[serde(deserialize_with = "nodes")]
    pub nodes: Vec<u64>,
    /// A clock per side, BASE+INC in seconds, e.g. 10+0.1 (not deterministic).
    #[arg(long, value_name = "BASE+INC", conflicts_with = "st")]
    pub tc: Option<Given<TimeControl>>,
    /// A fixed time per move in seconds, e.g. 0.05 (`go movetime 50`, cutechess's st; not deterministic).
    #[arg(long, value_name = "SECONDS")]
    #[serde(deserialize_with = "st")]
    pub st: Option<Given<MoveTime>>,
    /// The openings: an EPD file, or a PGN book (each game's line played out, as cutechess does) [default: positions/openings.epd, or the run's].
    #[arg(long, value_name = "EPD|PGN")]
    pub openings: Option<PathBuf>,
    /// A PGN book's first N plies of each line, not the whole line (cutechess's plies=N).
    #[arg(long, value_name = "N", value_parser = parse_plies, allow_negative_numbers = true)]
    #[serde(deserialize_with = "plies")]
    pub opening_plies: Option<usize>,
    /// Shuffle the openings with this seed [default: file order].
    #[arg(long, value_name = "N", value_parser = parse_seed, allow_negative_numbers = true)]
    #[serde(deserialize_with = "seed")]
    pub seed: Option<u64>,
    /// Stop a pairing when its SPRT decides: elo0=0,elo1=5[,alpha=0.05,beta=0.05,model=normalized|logistic].
    #[arg(long, value_name = "SPEC")]
    pub sprt: Option<Given<Sprt>>,
    /// Every pair of variants plays, not only each variant against the baseline.
    #[arg(long)]
    pub round_robin: bool,
    /// Stop once every figure's 95% half-width is at most X Elo: each effect of a [design], else each pairing's Elo [default: the run's].
    #[arg(long, value_name = "X", value_parser = parse_precision, allow_negative_numbers = true)]
    #[serde(deserialize_with = "precision")]
    pub precision: Option<f64>,
    /// With --precision, check the target on one fit of this design's games and another run's at the same limit against another opponent (its games CSV; repeatable): the fit `ablate report OUT --with CSV` makes.
    #[arg(long = "fit-with", value_name = "CSV")]
    #[serde(deserialize_with = "games_files")]
    pub fit_with: Vec<PathBuf>,
    /// End games both sides agree on: draw=MOVE,SCORE,COUNT and/or resign=SCORE,COUNT.
    #[arg(long, value_name = "RULE", num_args = 1..)]
    #[serde(deserialize_with = "rules")]
    pub adjudicate: Vec<Given<Adjudication>>,
    /// Only these variants (and the baseline) play.
    #[arg(long = "variant", value_name = "NAME")]
    #[serde(deserialize_with = "words")]
    pub variants: Vec<String>,
    /// A gauntlet: every variant (or design point) plays each opponent named, not the baseline.
    #[arg(long = "opponent", value_name = "NAME")]
    #[serde(deserialize_with = "words")]
    pub opponents: Vec<String>,
    /// The design's points play too (a run's `design = true`).
    #[arg(skip)]
    pub design: bool,
    /// Games played at once [default: all cores].
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_threads, allow_negative_numbers = true)]
    #[serde(deserialize_with = "jobs")]
    pub jobs: Option<usize>,
    /// The games CSV [default: the run's `out`, else results/runs/<name>.games.csv, or <name>.<run>.games.csv for a run].
    #[arg(long, short = 'o', value_name = "CSV")]
    pub out: Option<PathBuf>,
    /// Play only the game pairs whose index mod N is K, e.g. 0/4; `ablate merge` joins them.
    #[arg(long, value_name = "K/N")]
    #[serde(skip)]
    pub shard: Option<Shard>,
    /// Under --tc or --st, how many ms past its clock a move may come before its side forfeits [default: 100].
    #[arg(long, value_name = "MS", value_parser = parse_millis, allow_negative_numbers = true)]
    #[serde(deserialize_with = "timemargin")]
    pub timemargin: Option<u64>,
    /// Set a knob of ablate's search on every variant that is ablate's (the baseline and design points too), after the config's own tables, e.g. eval.net=FILE (repeatable, applied in order); an engine variant (`engine = ...`) plays as its table says, and a match whose every variant is an engine refuses it.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    // A run sets its knobs in the config's variants, not here.
    #[serde(skip)]
    pub sets: Vec<String>,
}

fn games<'de, D: Deserializer<'de>>(d: D) -> Result<Option<usize>, D::Error> {
    number(d, parse_games).map(Some)
}

fn depth<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    number(d, |t| check_depth(parse_depth(t)?.into())).map(Some)
}

fn plies<'de, D: Deserializer<'de>>(d: D) -> Result<Option<usize>, D::Error> {
    number(d, parse_plies).map(Some)
}

fn seed<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    number(d, parse_seed).map(Some)
}

fn precision<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    number(d, parse_precision).map(Some)
}

/// `fit_with`: a games CSV, or a list of them.
fn games_files<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<PathBuf>, D::Error> {
    let files = words(d)?;
    match files.iter().find(|f| !f.ends_with(".games.csv")) {
        Some(f) => Err(D::Error::custom(format!(
            "\"{f}\"; expected another run's games file (\"results/F.games.csv\")"
        ))),
        None => Ok(files.into_iter().map(PathBuf::from).collect()),
    }
}

fn jobs<'de, D: Deserializer<'de>>(d: D) -> Result<Option<usize>, D::Error> {
    number(d, parse_threads).map(Some)
}

fn timemargin<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    number(d, parse_millis).map(Some)
}

/// Seconds per move, a TOML number (`st = 0.05`), kept with its text for the manifest.
fn st<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Given<MoveTime>>, D::Error> {
    let value = number(d, |t| MoveTime::parse(t).map(|m| (t.to_string(), m)))?;
    Ok(Some(Given {
        text: value.0,
        value: value.1,
    }))
}

/// One budget, or a list of them (a ladder: one match per budget).
fn nodes<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u64>, D::Error> {
    let positive = |t: &str| match parse_nodes(t)? {
        0 => Err("0; expected 1 or more nodes per move".to_string()),
        n => Ok(n),
    };
    match serde::Deserialize::deserialize(d)? {
        toml::Value::Array(items) if items.is_empty() => {
            Err(D::Error::custom("expected one budget or more"))
        }
        toml::Value::Array(items) => items
            .into_iter()
            .map(|v| number(v, positive).map_err(D::Error::custom))
            .collect(),
        single => number(single, positive)
            .map(|n| vec![n])
            .map_err(D::Error::custom),
    }
}

/// Adjudication rules: strings, or one string of rules split on whitespace.
fn rules<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Given<Adjudication>>, D::Error> {
    words(d)?
        .iter()
        .map(|w| w.parse().map_err(D::Error::custom))
        .collect()
}

impl MatchSettings {
    /// These settings once per node budget (a ladder: one match each), or once.
    pub fn per_budget(&self) -> Vec<MatchSettings> {
        match &self.nodes[..] {
            [_, _, ..] => (self.nodes.iter())
                .map(|&n| MatchSettings {
                    nodes: vec![n],
                    ..self.clone()
                })
                .collect(),
            _ => vec![self.clone()],
        }
    }

    /// The command line (`self`) over a run's settings: a value it gives wins, and a limit per
    /// move it gives replaces the run's limit rather than joining it.
    pub fn over(&self, run: &MatchSettings) -> MatchSettings {
        let limit = if self.limits_given().is_empty() {
            run
        } else {
            self
        };
        let either = |a: &Vec<String>, b: &Vec<String>| if a.is_empty() { b } else { a }.clone();
        MatchSettings {
            games: self.games.or(run.games),
            depth: limit.depth,
            nodes: limit.nodes.clone(),
            tc: limit.tc.clone(),
            st: limit.st.clone(),
            openings: self.openings.clone().or_else(|| run.openings.clone()),
            opening_plies: self.opening_plies.or(run.opening_plies),
            seed: self.seed.or(run.seed),
            sprt: self.sprt.clone().or_else(|| run.sprt.clone()),
            round_robin: self.round_robin || run.round_robin,
            precision: self.precision.or(run.precision),
            fit_with: match self.fit_with.is_empty() {
                true => run.fit_with.clone(),
                false => self.fit_with.clone(),
            },
            adjudicate: match self.adjudicate.is_empty() {
                true => run.adjudicate.clone(),
                false => self.adjudicate.clone(),
            },
            variants: either(&self.variants, &run.variants),
            opponents: either(&self.opponents, &run.opponents),
            design: self.design || run.design,
            jobs: self.jobs.or(run.jobs),
            out: self.out.clone().or_else(|| run.out.clone()),
            shard: self.shard.or(run.shard),
            timemargin: self.timemargin.or(run.timemargin),
            sets: either(&self.sets, &run.sets),
        }
    }

    /// The limits per move these settings give, by key (`depth`, `nodes`, `tc`, `st`): one at
    /// most for a match to play.
    pub fn limits_given(&self) -> Vec<&'static str> {
        let given = [
            ("depth", self.depth.is_some()),
            ("nodes", !self.nodes.is_empty()),
            ("tc", self.tc.is_some()),
            ("st", self.st.is_some()),
        ];
        given
            .into_iter()
            .filter(|(_, g)| *g)
            .map(|(k, _)| k)
            .collect()
    }

    /// Only what decides which games are played (and so enters the match hash): a command line
    /// whose part is the default's plays a declared run as declared.
    pub fn games_part(&self) -> MatchSettings {
        MatchSettings {
            jobs: None,
            out: None,
            shard: None,
            precision: None,
            fit_with: Vec::new(),
            ..self.clone()
        }
    }

    /// What no one value can say wrong, checked before a match is planned: the games per
    /// pairing (played in pairs, each opening from both sides), and the options that exclude
    /// each other.
    pub fn check(&self) -> Result<(), InputError> {
        let games = self.games();
        if games > MAX_GAMES_PER_PAIRING {
            let message =
                format!("{games}; expected at most {MAX_GAMES_PER_PAIRING} games per pairing");
            return Err(InputError::in_file("--games", message));
        }
        if games == 0 || games % 2 != 0 {
            let message = format!(
                "{games}; expected an even number of games, 2 or more (they are played in pairs)"
            );
            return Err(InputError::in_file("--games", message));
        }
        if !self.opponents.is_empty() && self.round_robin {
            return Err(InputError::in_file(
                "--opponent",
                "a gauntlet plays each variant against the opponents named; expected no --round-robin beside it",
            ));
        }
        if self.precision.is_some() && (self.sprt.is_some() || self.shard.is_some()) {
            return Err(InputError::in_file(
                "--precision",
                "stops on whole rounds of every pairing; expected neither --sprt nor --shard beside it (play the shards to --games, merge them, and `ablate report` gives the half-widths)",
            ));
        }
        if !self.fit_with.is_empty() && self.precision.is_none() {
            return Err(InputError::in_file(
                "--fit-with",
                "names games to fit beside this run's when its precision target is checked; expected --precision (a run's precision = X) beside it",
            ));
        }
        Ok(())
    }

    /// Games per pairing.
    pub fn games(&self) -> usize {
        self.games.unwrap_or(DEFAULT_GAMES)
    }

    /// The opening suite.
    pub fn openings(&self) -> PathBuf {
        self.openings
            .clone()
            .unwrap_or_else(|| DEFAULT_OPENINGS.into())
    }

    /// How late past its clock a move may come before its side forfeits, milliseconds.
    pub fn time_margin_ms(&self) -> u64 {
        self.timemargin.unwrap_or(DEFAULT_TIME_MARGIN_MS)
    }

    /// The early ends both sides may agree on.
    pub fn adjudication(&self) -> Adjudication {
        Adjudication::joined(self.adjudicate.iter().map(|r| &r.value))
    }

    /// The SPRT each pairing stops on.
    pub fn sprt(&self) -> Option<Sprt> {
        self.sprt.as_ref().map(|s| s.value)
    }

    /// The limit per move of one match (a ladder is first split into its budgets): nodes, else
    /// a clock, else a time per move, else a depth, else depth 4. Errors name the option.
    pub fn limit(&self) -> Result<Limit, InputError> {
        if let ([], None, Some(st)) = (&self.nodes[..], &self.tc, &self.st) {
            return Ok(Limit::MoveTime(st.value));
        }
        Ok(match (&self.nodes[..], &self.tc, self.depth) {
            ([0], _, _) => {
                return Err(InputError::in_file(
                    "--nodes",
                    "0; expected 1 or more nodes per move",
                ))
            }
            ([n], _, _) => Limit::Nodes(*n),
            ([], Some(tc), _) => Limit::Clock(tc.value),
            ([], None, Some(d)) => {
                Limit::Depth(check_depth(d.into()).map_err(|m| InputError::in_file("--depth", m))?)
            }
            ([], None, None) => Limit::Depth(DEFAULT_DEPTH),
            (budgets, _, _) => {
                return Err(InputError::in_file(
                    "--nodes",
                    format!("{} budgets; expected one per match", budgets.len()),
                ))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use serde::Deserialize;

    #[derive(Parser)]
    struct Flags {
        #[command(flatten)]
        settings: MatchSettings,
    }

    fn flags(args: &[&str]) -> Result<MatchSettings, String> {
        let argv = std::iter::once("ablate").chain(args.iter().copied());
        Flags::try_parse_from(argv)
            .map(|f| f.settings)
            .map_err(|e| e.to_string())
    }

    fn keys(text: &str) -> Result<MatchSettings, String> {
        let table: toml::Table = text.parse().unwrap();
        MatchSettings::deserialize(table).map_err(|e| e.message().to_string())
    }

    #[test]
    fn flags_and_keys_fill_the_same_settings() {
        let by_flags = flags(&[
            "--games",
            "40",
            "--nodes",
            "100,200",
            "--sprt",
            "elo0=0 elo1=5",
            "--adjudicate",
            "draw=40,10,8",
            "resign=1000,4",
            "--variant",
            "a",
            "--variant",
            "b",
            "--timemargin",
            "50",
        ])
        .unwrap();
        let by_keys = keys(
            "games = 40\nnodes = [100, 200]\nsprt = \"elo0=0 elo1=5\"\n\
             adjudicate = \"draw=40,10,8 resign=1000,4\"\nvariants = [\"a\", \"b\"]\ntimemargin = 50\n",
        )
        .unwrap();
        assert_eq!(by_flags, by_keys);
        assert_eq!(by_keys.sprt().unwrap().elo1, 5.0);
        assert_eq!(by_keys.adjudication().resign, Some((1000, 4)));
        // The text given is what the manifest records.
        assert_eq!(by_keys.sprt.as_ref().unwrap().text, "elo0=0 elo1=5");
    }

    #[test]
    fn a_bad_value_is_said_alike_by_flag_and_key() {
        let flag = flags(&["--games", "many"]).unwrap_err();
        let key = keys("games = \"many\"").unwrap_err();
        let expected = "expected an even whole number of games per pairing, 2 or more";
        assert!(
            flag.contains(expected) && key.contains(expected),
            "{flag}\n{key}"
        );
        let flag = flags(&["--sprt", "elo0=5,elo1=0"]).unwrap_err();
        let key = keys("sprt = \"elo0=5,elo1=0\"").unwrap_err();
        assert!(flag.contains("must be below elo1") && key.contains("must be below elo1"));
        assert!(keys("nodes = []")
            .unwrap_err()
            .contains("one budget or more"));
        assert!(keys("nodes = 0").unwrap_err().contains("1 or more nodes"));
        assert!(keys("depth = 0").unwrap_err().contains("from 1 to 64"));
        assert!(keys("shard = \"0/2\"")
            .unwrap_err()
            .contains("unknown field"));
    }

    #[test]
    fn the_command_line_over_a_run_wins_and_its_limit_replaces_the_runs() {
        let run = keys("games = 10\nnodes = [100, 200]\nadjudicate = [\"draw=40,10,8\"]").unwrap();
        let line = flags(&["--depth", "3", "--seed", "7"]).unwrap();
        let both = line.over(&run);
        assert_eq!((both.depth, both.nodes.clone()), (Some(3), vec![]));
        assert_eq!((both.games, both.seed), (Some(10), Some(7)));
        assert_eq!(both.adjudicate, run.adjudicate);
        assert_eq!(MatchSettings::default().over(&run), run);
        // Threads, files, shards and a precision target leave the games as they are.
        let quiet = flags(&[
            "--jobs",
            "2",
            "--out",
            "x.csv",
            "--shard",
            "0/2",
            "--precision",
            "9",
        ])
        .unwrap();
        assert_eq!(quiet.games_part(), MatchSettings::default());
        assert_ne!(line.games_part(), MatchSettings::default());
        assert_eq!(both.limit().unwrap(), Limit::Depth(3));
        assert!(
            run.limit().is_err(),
            "a ladder is split before it is played"
        );
    }
}
