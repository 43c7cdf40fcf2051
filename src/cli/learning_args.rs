//! The options of the commands that make a learned evaluation: `ablate datagen` (self-play
//! data) and `ablate train` (a net from it). Apart from the rest of the command line only to
//! keep each file short; `cli` re-exports them.

// Every number with a parser of its own and negatives let through to it: `--nodes -5` is then
// said as a bad value of --nodes, not as an unknown flag `-5`.
use crate::settings::values::{
    parse_count, parse_game_count, parse_nodes, parse_seed, parse_threads,
};
use clap::Args;
use std::path::PathBuf;

pub const DATAGEN_EXAMPLES: &str = "\
Examples:
  ablate datagen --games 4 --nodes 2000 --out results/runs/sample.txt     # a few seconds
  ablate datagen --games 20000 --jobs 2                                     # about 1.3 M positions
  ablate datagen --games 20000 --shard 0/2 --jobs 1     # results/runs/datagen-strongest-5000.shard-0-of-2.txt
  ablate datagen --games 20000 --shard 1/2 --jobs 1
  ablate merge results/runs/datagen-strongest-5000.shard-0-of-2.txt results/runs/datagen-strongest-5000.shard-1-of-2.txt -o results/runs/merged.txt
  ablate datagen --from-games results/budget-ladder-today/doubling-10000.games.csv --out results/runs/doubling-10000.txt   # games already played

The variant (strength.toml's strongest unless --config/--variant say otherwise) plays itself
at --nodes a move from the openings, each game after --random-plies random moves. Each position
it searched is written with its search score and the game's result, both from white's side,
except those in check, those whose best move is a capture or a promotion, and mate scores.
Game i depends on the seed and i alone: the file is the same for any --jobs, and the shards
merged are the file one run writes. The index of finished games (.games.csv) and the manifest
(.json) go beside the data; an interrupted run resumes where it stopped, and a larger --games
extends a finished one.

With --from-games nothing is played: the games of matches already played give the lines, each
position where one of ablate's own searches with the variant's evaluation was to move (an
engine's scores are on its own scale, a search without a term scores by another) with the
score of its search, kept or dropped as above, and a position an earlier game of the run
already gave dropped as a duplicate.";

/// Options of `ablate datagen`.
#[derive(Debug, Args)]
pub struct DatagenArgs {
    /// The experiment TOML the variant comes from (a bare name is looked up in configs/).
    #[arg(
        long,
        short = 'c',
        value_name = "FILE",
        default_value = "strength.toml"
    )]
    pub config: PathBuf,
    /// The variant that plays itself.
    #[arg(long, value_name = "NAME", default_value = "strongest")]
    pub variant: String,
    /// Set a knob after the variant's, e.g. tt_mb=8 (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
    /// Games in the whole run (every shard's together).
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = parse_game_count, allow_negative_numbers = true)]
    pub games: usize,
    /// Nodes a move (the search checks its count every 4,096 nodes; every 256 below 4,096).
    #[arg(long, value_name = "N", default_value_t = 5000, value_parser = parse_nodes, allow_negative_numbers = true)]
    pub nodes: u64,
    /// The seed of the openings' order and of the random plies.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// Plies played at random after the book.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = parse_count::<u32>("plies"), allow_negative_numbers = true)]
    pub random_plies: u32,
    /// The book: an EPD of openings, taken in an order shuffled by the seed.
    #[arg(long, value_name = "EPD", default_value = "positions/openings.epd")]
    pub openings: PathBuf,
    /// End a game early when the search agrees on its result (`none` for never).
    #[arg(long, value_name = "RULE", num_args = 1.., default_values = ["draw=40,10,8", "resign=1000,4"])]
    pub adjudicate: Vec<String>,
    /// The data file [default: results/runs/datagen-<variant>-<nodes>.txt]; its index (.games.csv) and manifest (.json) go beside it.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Worker threads, each playing one game at a time [default: all cores].
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_threads, allow_negative_numbers = true)]
    pub jobs: Option<usize>,
    /// Play only the games whose number mod N is K, e.g. 0/4; `ablate merge` joins the shards.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<crate::settings::shard::Shard>,
    /// No progress line.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Replace the files of another run instead of refusing.
    #[arg(long)]
    pub force: bool,
    /// Check everything, print the data file's path, play nothing.
    #[arg(long)]
    pub print_outputs: bool,
    /// Play nothing: take the lines from these games CSVs of `ablate match` (each with its
    /// manifest and PGN beside it), every position where one of ablate's own searches with the
    /// variant's evaluation was to move.
    #[arg(long, value_name = "CSV", num_args = 1.., requires = "out", conflicts_with_all = ["games", "nodes", "seed", "random_plies", "openings", "adjudicate", "jobs", "shard", "print_outputs"])]
    pub from_games: Vec<PathBuf>,
}

pub const TRAIN_EXAMPLES: &str = "\
Examples:
  ablate train results/runs/sample.txt --epochs 2 --out results/runs/sample.nnue   # seconds
  ablate train results/runs/merged.txt --hidden 64 --epochs 12 --jobs 2 --out results/runs/strongest-64.nnue
  ablate eval --set eval=nnue --set eval.net=results/runs/strongest-64.nnue startpos

The net is (768→H)×2→1 with SCReLU, read through a sigmoid against
wdl·result + (1 − wdl)·sigmoid(score / 400), trained by AdamW as bullet applies it, and written
in the quantised layout of bullet's `simple` example (QA 255, QB 64, scale 400) with its
manifest (.json) beside it. After each epoch the net, the manifest and a checkpoint
(.checkpoint) are written; the same command resumes an interrupted run. The net is the same
for any --jobs.";

/// Options of `ablate train`.
#[derive(Debug, Args)]
pub struct TrainArgs {
    /// Data files of `FEN | score | result` lines (ablate datagen's, or any in the field's text form).
    #[arg(required = true, value_name = "DATA")]
    pub data: Vec<PathBuf>,
    /// The net to write; its manifest (.json) and checkpoint (.checkpoint) go beside it.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub out: PathBuf,
    /// The hidden layer's size, H.
    #[arg(long, value_name = "H", default_value_t = 64, value_parser = parse_count::<usize>("hidden neurons"), allow_negative_numbers = true)]
    pub hidden: usize,
    /// Passes over the training positions.
    #[arg(long, value_name = "N", default_value_t = 12, value_parser = parse_count::<u32>("epochs"), allow_negative_numbers = true)]
    pub epochs: u32,
    /// Positions a step.
    #[arg(long, value_name = "N", default_value_t = 16384, value_parser = parse_count::<usize>("positions a step"), allow_negative_numbers = true)]
    pub batch: usize,
    /// The learning rate at the start.
    #[arg(
        long,
        value_name = "RATE",
        default_value_t = 0.001,
        allow_negative_numbers = true
    )]
    pub lr: f32,
    /// Multiply the rate by this every --lr-step epochs.
    #[arg(
        long,
        value_name = "FACTOR",
        default_value_t = 0.1,
        allow_negative_numbers = true
    )]
    pub lr_gamma: f32,
    /// Epochs between two drops of the rate.
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = parse_count::<u32>("epochs"), allow_negative_numbers = true)]
    pub lr_step: u32,
    /// The target's weight on the game's result; the search score takes the rest.
    #[arg(
        long,
        value_name = "SHARE",
        default_value_t = 0.75,
        allow_negative_numbers = true
    )]
    pub wdl: f32,
    /// The share of positions held out for the validation loss.
    #[arg(
        long,
        value_name = "SHARE",
        default_value_t = 0.01,
        allow_negative_numbers = true
    )]
    pub validation: f64,
    /// The seed of the initial weights, the held-out positions and the shuffles.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// Read at most this many positions in all.
    #[arg(long, value_name = "N", value_parser = parse_count::<usize>("positions"), allow_negative_numbers = true)]
    pub limit: Option<usize>,
    /// Worker threads [default: all cores].
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_threads, allow_negative_numbers = true)]
    pub jobs: Option<usize>,
    /// A note for the manifest (what the net is for).
    #[arg(long, value_name = "TEXT")]
    pub note: Option<String>,
    /// No progress line.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}
