//! The command line: clap definitions, and the engines given on it read into an experiment
//! (`engine_args`); the work lives in `commands/`.

use crate::config::experiment::MinimalMode;
use crate::settings::values::{parse_depth, parse_positions, parse_threads};
use crate::settings::MatchSettings;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

pub mod engine_args;
mod learning_args;
pub use engine_args::EngineWords;
pub use learning_args::{DatagenArgs, TrainArgs};
use learning_args::{DATAGEN_EXAMPLES, TRAIN_EXAMPLES};

const MAIN_EXAMPLES: &str = "\
Examples:
  ablate --config killers.toml        # configs/killers.toml into results/runs/killers.csv
  ablate --config killers.toml --depths 7 --jobs 2
  ablate --config history.toml --variant baseline --variant bonus_depth
  ablate --config ci.toml --set eval=material --out results/runs/ci-material.csv
  ablate search --fen startpos --depth 6 --set ordering.killers=0
  ablate perft positions/perft.epd --depth 4
  ablate check --config ci.toml --reference results/ci/reference.csv
  ablate report results/killers/killers.csv --markdown results/runs/killers.md --svg results/runs/killers.svg
  ablate config --explain
  ablate --config ci.toml --shard 2/4 --print-outputs   # results/runs/ci.shard-2-of-4.csv

Exit codes: 0 ok, 1 a check failed, 2 bad usage or input, 130 interrupted by Ctrl-C and
143 by SIGTERM (finished rows and the manifest kept; the same command resumes).";

/// ablate: measure what each chess-search heuristic is worth: in exact node counts and in games.
#[derive(Debug, Parser)]
#[command(
    name = "ablate",
    version,
    about,
    after_help = MAIN_EXAMPLES,
    args_conflicts_with_subcommands = true,
    disable_help_subcommand = true,
    // Source formatting: wrapped examples would not copy-paste.
    term_width = 0
)]
pub struct Cli {
    /// A subcommand; without one, `--config FILE` runs an experiment.
    #[command(subcommand)]
    pub command: Option<Command>,

    /// The experiment's options (used when no subcommand is given).
    #[command(flatten)]
    pub run: RunArgs,
}

/// Subcommands beside the main job.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check move generation against the perft counts (D1…Dn) of an EPD file.
    #[command(
        after_help = "Examples:\n  ablate perft positions/perft.epd --depth 4\n  ablate perft positions/startpos.epd --depth 5   # no recorded counts: counts only"
    )]
    Perft(PerftArgs),
    /// Search one position and print one row per completed depth.
    #[command(after_help = SEARCH_EXAMPLES)]
    Search(SearchArgs),
    /// Run an experiment and compare its node counts with a committed reference CSV.
    #[command(after_help = CHECK_EXAMPLES)]
    Check(CheckArgs),
    /// Turn a results CSV into a Markdown table and SVG charts.
    #[command(after_help = REPORT_EXAMPLES)]
    Report(ReportArgs),
    /// Merge shard CSVs of one experiment into one canonical CSV.
    #[command(
        after_help = "Example:\n  ablate merge results/runs/ci.shard-0-of-2.csv results/runs/ci.shard-1-of-2.csv -o results/runs/ci.csv"
    )]
    Merge(MergeArgs),
    /// Measure move-generation and search speed, parallel speedup and peak memory.
    #[command(
        after_help = "Examples:\n  ablate bench\n  ablate bench --depth 6 --json\n  ablate bench --depth 5 --speedup-depth 4   # a slower machine"
    )]
    Bench(BenchArgs),
    /// Explain the search configuration: every knob, its default and meaning.
    #[command(after_help = "Example:\n  ablate config --explain")]
    Config(ConfigArgs),
    /// Speak UCI on standard input and output: any variant as an engine for GUIs and match runners.
    #[command(after_help = UCI_EXAMPLES)]
    Uci(UciArgs),
    /// Play variants against each other in game pairs: Elo, SPRT and nodes per move.
    #[command(after_help = MATCH_EXAMPLES)]
    Match(Box<MatchArgs>),
    /// Re-make every committed result: each fixed-depth CSV with the command that made it, each declared run, and their reports, cheapest first.
    #[command(after_help = REPRODUCE_EXAMPLES)]
    Reproduce(ReproduceArgs),
    /// Re-render the figure blocks of README.md and docs/ from the committed results in results/.
    #[command(after_help = FIGURES_EXAMPLES)]
    Figures(FiguresArgs),
    /// Self-play training data for a network: one `FEN | score | result` a line.
    #[command(after_help = DATAGEN_EXAMPLES)]
    Datagen(DatagenArgs),
    /// Train a network on datagen's lines, written in bullet's layout.
    #[command(after_help = TRAIN_EXAMPLES)]
    Train(TrainArgs),
    /// Print each position's static evaluation from the side to move, in centipawns.
    #[command(after_help = EVAL_EXAMPLES)]
    Eval(EvalArgs),
    /// Print the help of ablate or of one of its commands.
    #[command(after_help = "Examples:\n  ablate help\n  ablate help search")]
    Help(HelpArgs),
}

const REPORT_EXAMPLES: &str = "\
Examples:
  ablate report results/killers/killers.csv                 # results/killers/killers.md, .svg, -ratio.svg
  ablate report results/pruning-wac/pruning-wac.csv             # a suite with best moves: -quality.svg too
  ablate report results/killers/killers.csv --markdown results/runs/k.md --svg results/runs/k.svg
  ablate report results/pruning/pruning.games.csv           # a match: summary, .md, Elo forest plot, Elo-vs-nodes chart, PGN
  ablate report results/budget-ladder/nodes-*.games.csv results/elo-worth-engine/elo-worth-engine-nodes.games.csv   # the budget ladder: ladder.md, .csv, .json, .svg
  ablate report results/budget-ladder-today/factorial-*.games.csv --interaction null_move,probcut --markdown results/runs/ladder.md --svg results/runs/ladder.svg   # a ladder of factorials, that pair's interaction on its chart: .md, .csv, .json, .svg
  ablate report results/budget-ladder-today/factorial-20000.games.csv --reference results/budget-ladder-today/factorial-10000.games.csv --markdown results/runs/ratio.md   # one design's effects over another's: each step's ratio, the slope over the steps; .md, .csv, .json, .svg
  ablate report results/engines/compared.toml   # the same steps in several engines' designs: beside it .md, .csv, .json, -forest.svg";

const REPRODUCE_EXAMPLES: &str = "\
Examples:
  ablate reproduce --list                 # the plan: one command a line, with the time each took
  ablate reproduce --fixed-only --list    # only the fixed-depth results
Without --list it runs the plan from the repository root, stopping at the first step that fails;
the fixed-depth results take about 75 minutes on 2 cores, the declared runs many hours.";

const FIGURES_EXAMPLES: &str = "\
Examples:
  ablate figures            # rewrite every block whose results changed; says which
  ablate figures --check    # change nothing; exit 1 and show each block that differs
Run it from the repository root, after a run or match whose results a page quotes.";

const MATCH_EXAMPLES: &str = "\
Examples:
  ablate match --config pruning.toml --variant null_move --games 40 --nodes 5000   # about 20 seconds
  ablate match --config pruning.toml --variant null_move --games 200 --nodes 20000 --sprt elo0=0,elo1=10
  ablate match --config killers.toml --games 20 --tc 10+0.1 --jobs 2
  ablate match --config quiescence.toml --games 40 --depth 3 --json --quiet
  ablate match --config pruning.toml --round-robin --games 20 --depth 3 --adjudicate draw=40,10,8 resign=1000,4
  ablate match --config fruit-elo-worth.toml --variant fruit-futility --games 20 --st 0.1 --jobs 1
  ablate match --config pruning.toml --variant null_move --games 2 --nodes 2000,4000   # one match per budget, a file each
  ablate match --config budget-ladder.toml --print-outputs                      # the files of the runs it declares
  ablate match --config budget-ladder.toml --run doubling-10k --games 2 --nodes 2000   # a quick form of a declared run
  ablate match --engine cmd=stockfish name=sf option.Hash=16 --engine cmd=glaurung option.OwnBook=false --each option.Threads=1 --games 4 --nodes 20000
  ablate match --config pruning.toml --variant null_move --games 4 --nodes 5000 --openings positions/book.pgn --opening-plies 6
  ablate match --config pruning.toml --variant null_move --games 40 --nodes 5000 --set eval=nnue   # ablate's variants on the embedded net

Games are played in pairs (one opening, colours swapped), openings from positions/openings.epd
in file order (or shuffled with --seed), or from a PGN book (each game's line played out).
Under --depth or --nodes the whole match is deterministic: the same games for any --jobs and on
every re-run. A fixed depth charges no step for its nodes: measure a pruning step's worth at
--nodes, --st or --tc. Every match prints its limit on stderr before it plays, and warns at a
fixed depth when its sides differ in a pruning, reduction or extension step. Without --run, a
config's declared matches that have games resume; one without games starts only by name
(--run NAME).

--set KEY=VALUE (repeatable, in order) sets a knob of ablate's search on every variant of the
match that is ablate's (the baseline and a design's points too), after the config's tables, as
`ablate --config F --set` and `ablate search --set` do. It is part of the match's identity: a
match under another --set never resumes these games, and beside --run it plays a quick form.
An unknown key or a bad value is refused naming the key. Engine variants play as their tables say (stderr says so), and a
match whose every variant is an engine refuses --set.

A variant with `engine = \"...\"` is a UCI engine (one process per side per worker, reused with
ucinewgame; the baseline may be one). It is sent `go depth N`, `go nodes N`, `go movetime MS` (--st) or its clocks. An
engine that crashes, stalls past its limit (its clock plus --timemargin, or engine_timeout), or
sends an illegal move loses that game (PGN Termination \"abandoned\", \"time forfeit\" or
\"rules infraction\"), is restarted, and the match goes on; stderr names it and its last lines.";

/// Options of `ablate match`: the match's settings (`MatchSettings`, which a config's runs
/// declare too) and how this command plays them.
#[derive(Debug, Clone, Args)]
pub struct MatchArgs {
    /// The experiment TOML whose variants play (a bare name is looked up in configs/); or the engines, each with --engine.
    #[arg(
        long,
        short = 'c',
        value_name = "FILE",
        required_unless_present = "engine"
    )]
    pub config: Option<PathBuf>,
    /// The engines given on the command line (`--engine`), each occurrence's words together.
    #[command(flatten)]
    pub engines: EngineWords,
    /// What every --engine takes, under its own (cutechess's -each), e.g. option.Hash=16 option.Threads=1.
    #[arg(long, value_name = "KEY=VALUE", num_args = 1.., requires = "engine")]
    pub each: Vec<String>,
    /// Play this run the config declares ([runs.NAME]); flags given beside it override its values.
    #[arg(long, value_name = "NAME")]
    pub run: Option<String>,
    /// What is played, and how.
    #[command(flatten)]
    pub settings: MatchSettings,
    /// The PGN [default: beside the games CSV, .pgn].
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,
    /// Print the summary as a JSON array on stdout, one object per pairing.
    #[arg(long)]
    pub json: bool,
    /// No progress line.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Replace a games CSV of another match.
    #[arg(long)]
    pub force: bool,
    /// Check the config and options, start the engines once, print the games CSV's path, play nothing.
    #[arg(long)]
    pub print_outputs: bool,
}

const EVAL_EXAMPLES: &str = "\
Examples:
  ablate eval startpos \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\"
  ablate eval --config strength.toml --variant strongest startpos
  ablate eval --set eval=nnue startpos              # the embedded default net
  ablate eval --set eval=nnue < positions/bk.epd        # one position a line

One line per position: its FEN, a tab, and its static evaluation in centipawns from the side to
move's view, as the search reads it (the evaluation alone: no search, no draw or mate rule). For
eval = \"nnue\" it is the network's output exactly as bullet's layout computes it. Without a FEN
the positions are read from standard input, one a line (an EPD's operations after the fourth
field are ignored).";

/// Options of `ablate eval`.
#[derive(Debug, Args)]
pub struct EvalArgs {
    /// Positions: FENs (4 to 6 fields) or `startpos` [default: one a line on standard input].
    #[arg(value_name = "FEN")]
    pub fens: Vec<String>,
    /// The evaluation's configuration.
    #[command(flatten)]
    pub variant: VariantArgs,
}

/// Options of `ablate help`.
#[derive(Debug, Args)]
pub struct HelpArgs {
    /// The command whose help to print [default: ablate's own].
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
}

const SEARCH_EXAMPLES: &str = "\
Examples:
  ablate search --fen startpos --depth 6
  ablate search --fen \"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -\" --depth 5 --format csv
  ablate search --fen startpos --depth 4 --config quiescence.toml --variant quiescence
  ablate search --fen startpos --depth 5 --set null_move.enabled=true --all-counters   # zero counters too
  ablate search --fen startpos --depth 7 --config killers.toml --variant plain";

const UCI_EXAMPLES: &str = "\
Examples:
  ablate uci                                   # the default search as an engine
  ablate uci --config killers.toml --variant killers --set tt_mb=64
  ablate uci bench                             # OpenBench's bench: Nodes searched, Nodes/second
  (echo \"go depth 5\"; sleep 2; echo quit) | ablate uci   # end of input is quit, as in other engines";

const CHECK_EXAMPLES: &str = "\
Examples:
  ablate check --config ci.toml --reference results/ci/reference.csv
  ablate check --config ci.toml --reference results/runs/my-reference.csv --bless   # a reference of your own
  # after a change that moves counts on purpose: --reference results/ci/reference.csv --bless";

/// Options of the main job, `ablate --config FILE`.
#[derive(Debug, Args, Default, Clone)]
pub struct RunArgs {
    /// The experiment TOML; a bare name is also looked up in configs/.
    #[arg(long, short = 'c', value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Worker threads [default: all cores].
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_threads, allow_negative_numbers = true)]
    pub jobs: Option<usize>,
    /// Output CSV [default: results/runs/<name>.csv]; the manifest goes beside it as .json.
    #[arg(long, short = 'o', value_name = "CSV")]
    pub out: Option<PathBuf>,
    /// Override the config's depths, e.g. 5,6.
    #[arg(long, value_name = "D,D,..", value_delimiter = ',', value_parser = parse_depth, allow_negative_numbers = true)]
    pub depths: Option<Vec<u32>>,
    /// Override the config's suite (an EPD file, or a PGN file whose games' positions are searched).
    #[arg(long, value_name = "EPD")]
    pub suite: Option<PathBuf>,
    /// Only the first N positions of the suite.
    #[arg(long, value_name = "N", value_parser = parse_positions, allow_negative_numbers = true)]
    pub limit: Option<usize>,
    /// Set a search knob for the baseline and every variant, e.g. eval=material (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
    /// Run only this variant (repeatable; name the baseline too to compare against it, as a match always does) [default: all].
    #[arg(long = "variant", value_name = "NAME")]
    pub variants: Vec<String>,
    /// No progress bar and no summary table.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Overwrite an output CSV made by a different configuration.
    #[arg(long)]
    pub force: bool,
    /// Run only jobs whose index mod N is K, e.g. 0/4.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Minimal-tree figures beside every row: off, exact (full-width, small depths) or oracle.
    #[arg(long, value_name = "MODE", value_parser = str::parse::<MinimalMode>)]
    pub minimal: Option<MinimalMode>,
    /// Check the config and suite, print the CSV this run would write (its manifest is the
    /// .json beside it), and exit without searching; scripts use it instead of parsing TOML.
    #[arg(long)]
    pub print_outputs: bool,
}

/// Options of `ablate perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// EPD file with D1…Dn counts.
    pub epd: PathBuf,
    /// The deepest Dk to check [default: all recorded depths].
    #[arg(long, short = 'd', value_parser = parse_depth, allow_negative_numbers = true)]
    pub depth: Option<u32>,
}

/// Output format of `ablate search`.
#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum SearchFormat {
    /// Aligned columns for reading.
    Table,
    /// CSV with a header.
    Csv,
    /// One JSON array of rows.
    Json,
}

/// Options of `ablate search`.
#[derive(Debug, Args)]
pub struct SearchArgs {
    /// A FEN (4 to 6 fields) or `startpos`.
    #[arg(long)]
    pub fen: String,
    /// Search depth in plies (at least 1).
    #[arg(long, short = 'd', value_parser = parse_depth, allow_negative_numbers = true)]
    pub depth: u32,
    /// The search configuration.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = SearchFormat::Table)]
    pub format: SearchFormat,
    /// In the table, also the counters that are zero at every depth (csv and json always
    /// hold every column).
    #[arg(long)]
    pub all_counters: bool,
}

/// One search configuration: an experiment file's variant, then `--set` overrides.
#[derive(Debug, Args)]
pub struct VariantArgs {
    /// Take the search settings from an experiment file.
    #[arg(long, short = 'c', value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// With --config: this variant's settings [default: the baseline, or the first variant of ablate's own search when the baseline is an engine].
    #[arg(long, value_name = "NAME", requires = "config")]
    pub variant: Option<String>,
    /// Set a knob after the config, e.g. ordering.killers=0 (repeatable, applied in order).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
}

/// Options of `ablate uci`.
#[derive(Debug, Args)]
pub struct UciArgs {
    /// `bench`: run the benchmark and exit, as OpenBench calls engines.
    #[arg(value_name = "bench")]
    pub action: Option<String>,
    /// The engine's search configuration (UCI options apply over it).
    #[command(flatten)]
    pub variant: VariantArgs,
}

/// Options of `ablate check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The experiment TOML (a bare name is looked up in configs/).
    #[arg(long, short = 'c', value_name = "FILE")]
    pub config: PathBuf,
    /// The reference CSV to compare with.
    #[arg(long, short = 'r', value_name = "CSV")]
    pub reference: PathBuf,
    /// Rewrite the reference with this run's rows.
    #[arg(long)]
    pub bless: bool,
    /// Worker threads [default: all cores].
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_threads, allow_negative_numbers = true)]
    pub jobs: Option<usize>,
}

/// Options of `ablate report`.
#[derive(Debug, Clone, Args)]
pub struct ReportArgs {
    /// A results CSV written by `ablate --config`, a games CSV written by `ablate match`, or a
    /// comparison of designs over several engines (a .toml, e.g. results/engines/compared.toml).
    pub csv: PathBuf,
    /// More games CSVs: with them, the budget ladder's report over matches at node budgets.
    pub more: Vec<PathBuf>,
    /// The ladder: the field's published removal figures.
    #[arg(long, value_name = "CSV", default_value = "docs/published-elo.csv")]
    pub published: PathBuf,
    /// The ladder: the field's node budgets (clock, speed, game length).
    #[arg(long, value_name = "CSV", default_value = "docs/field-budgets.csv")]
    pub field_budgets: PathBuf,
    /// Write the Markdown tables here [default: beside the CSV, .md].
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,
    /// Write the work chart here [default: beside the CSV, .svg]; the ratio chart gets -ratio, the quality chart (suites with best moves) -quality.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// A gauntlet's games: the same design in self-play (its games CSV), for each step's ratio.
    #[arg(long, value_name = "CSV")]
    pub self_play: Option<PathBuf>,
    /// A designed match's games: the same factors' effects in another designed match (its
    /// games CSV), each step's ratio to them and the ratio over the steps.
    #[arg(long, value_name = "CSV", conflicts_with = "self_play")]
    pub reference: Option<PathBuf>,
    /// A designed match's games: the same design at the same limit against another opponent (a
    /// point of the design, an anchor, or the full engine), fitted with these in one model;
    /// the report is written beside the first CSV, named after both (repeat for more).
    #[arg(long = "with", value_name = "CSV", conflicts_with_all = ["self_play", "reference"])]
    pub with: Vec<PathBuf>,
    /// A ladder of factorials: also chart this pair's interaction (repeat for more).
    #[arg(long, value_name = "STEP,STEP", value_parser = parse_pair)]
    pub interaction: Vec<(String, String)>,
    /// A ladder: the chart's title [default: what it shows].
    #[arg(long, value_name = "TEXT")]
    pub chart_title: Option<String>,
}

/// `null_move,probcut`: two step names.
fn parse_pair(text: &str) -> Result<(String, String), String> {
    match text.split_once(',') {
        Some((a, b)) if !a.trim().is_empty() && !b.trim().is_empty() && !b.contains(',') => {
            Ok((a.trim().to_string(), b.trim().to_string()))
        }
        _ => Err(format!(
            "\"{text}\"; expected two of the design's steps, e.g. null_move,probcut"
        )),
    }
}

/// Options of `ablate reproduce`.
#[derive(Debug, Args)]
pub struct ReproduceArgs {
    /// Print the plan (one `ablate` command a line, with the time its files record) and run nothing.
    #[arg(long)]
    pub list: bool,
    /// Only the fixed-depth results, not the declared match runs.
    #[arg(long, conflicts_with = "runs_only")]
    pub fixed_only: bool,
    /// Only the runs the configs declare (`[runs.NAME]`).
    #[arg(long)]
    pub runs_only: bool,
    /// Worker threads for every step [default: all cores].
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_threads, allow_negative_numbers = true)]
    pub jobs: Option<usize>,
}

/// Options of `ablate figures`.
#[derive(Debug, Args)]
pub struct FiguresArgs {
    /// Write nothing: exit 1 when a block on a page differs from what the results give.
    #[arg(long)]
    pub check: bool,
}

/// Options of `ablate merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Shard CSVs of one experiment.
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
    /// The merged CSV.
    #[arg(long, short = 'o', value_name = "CSV")]
    pub out: PathBuf,
    /// Merge even when shards are missing or incomplete; the merged manifest lists what is missing.
    #[arg(long)]
    pub allow_partial: bool,
    /// Replace an existing -o file that is not an earlier merge of these shards.
    #[arg(long)]
    pub force: bool,
}

/// The depth of bench.epd's plain search: `ablate bench`'s default, and `ablate uci bench`'s,
/// whose node count is the signature OpenBench reads.
pub const BENCH_DEPTH: u32 = 6;

/// Options of `ablate bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Search depth for bench.epd.
    #[arg(long, short = 'd', default_value_t = BENCH_DEPTH, value_parser = parse_depth, allow_negative_numbers = true)]
    pub depth: u32,
    /// Search depth for the speedup run over wac300.epd (lower it on a slow machine).
    #[arg(long, default_value_t = 5, value_name = "DEPTH", value_parser = parse_depth, allow_negative_numbers = true)]
    pub speedup_depth: u32,
    /// Search depth for bench.epd with the pruning search (elo-worth.toml's full).
    #[arg(long, default_value_t = 8, value_name = "DEPTH", value_parser = parse_depth, allow_negative_numbers = true)]
    pub full_depth: u32,
    /// Search depth for bench.epd with the engine games play (elo-worth-engine.toml's strongest).
    #[arg(long, default_value_t = 7, value_name = "DEPTH", value_parser = parse_depth, allow_negative_numbers = true)]
    pub strongest_depth: u32,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Options of `ablate config`.
#[derive(Debug, Args)]
pub struct ConfigArgs {
    /// Print every search knob with its default and meaning.
    #[arg(long)]
    pub explain: bool,
}
