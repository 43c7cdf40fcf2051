//! One side of a game: ablate's own search in-process, or an external engine over UCI. Both
//! answer the same question, "your move under this limit", so a game does not care which.

use super::rules::Termination;
use crate::chess::legal_moves;
use crate::chess::notation::uci;
use crate::config::engine::EngineSpec;
use crate::config::{SearchConfig, MAX_DEPTH};
use crate::output::number_format::{signed, Minus};
use crate::search::clock::{budget, Limit};
use crate::search::game_tables::{search_game, GameTables};
use crate::search::tt::TablePool;
use crate::search::{GameLimits, IterationReport};
use crate::uci::client::{Deadline, EngineFault, EngineProcess};
use crate::uci::pool::EnginePool;
use cozy_chess::{Board, Move};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// One move as the PGN comment and the games CSV give it.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveNote {
    /// The move in UCI.
    pub uci: String,
    /// The mover's score in centipawns (mate scores raw).
    pub score_cp: i32,
    /// Signed moves to mate, when the score is a mate.
    pub mate: Option<i32>,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Nodes of the completed iterations.
    pub nodes: u64,
}

impl MoveNote {
    /// `+0.25/5 1234` (score in pawns from the mover's side, depth, nodes), or `+M3/7 99`.
    pub fn comment(&self) -> String {
        let score = match self.mate {
            Some(m) if m > 0 => format!("+M{m}"),
            Some(m) => format!("-M{}", -m),
            None => signed(f64::from(self.score_cp) / 100.0, 2, Minus::Ascii),
        };
        format!("{score}/{} {}", self.depth, self.nodes)
    }

    /// The note of `uci` as a games CSV keeps it (`e2e4 +0.25/5 1234`, or the comment alone
    /// in a CSV written before the move led each note, with a leading `'` that kept
    /// spreadsheets from reading it as a formula), read back; `None` for a note not of that
    /// form. A mate's `score_cp` is 0: the comment gives its moves, not the raw score.
    pub fn read(uci: &str, note: &str) -> Option<MoveNote> {
        let comment = comment_of(note, uci);
        let mut fields = comment.trim_start_matches('\'').split_whitespace();
        let (eval, nodes) = (fields.next()?, fields.next()?);
        let (score, depth) = eval.rsplit_once('/')?;
        let mate = match score.strip_prefix("+M") {
            Some(m) => Some(m.parse::<i32>().ok()?),
            None => match score.strip_prefix("-M") {
                Some(m) => Some(-m.parse::<i32>().ok()?),
                None => None,
            },
        };
        let score_cp = match mate {
            Some(_) => 0,
            // Two decimals of a pawn: the centipawns exactly.
            None => (score.parse::<f64>().ok()? * 100.0).round() as i32,
        };
        Some(MoveNote {
            uci: uci.to_string(),
            score_cp,
            mate,
            depth: depth.parse().ok()?,
            nodes: nodes.parse().ok()?,
        })
    }
}

/// A note's comment: the note without its leading move (games CSVs before the move led each
/// note hold the comment alone).
pub fn comment_of<'a>(note: &'a str, uci: &str) -> &'a str {
    note.strip_prefix(uci)
        .and_then(|rest| rest.strip_prefix(' '))
        .unwrap_or(note)
}

/// What a side needs to know to move.
pub struct Turn<'a> {
    /// The position to move in.
    pub board: &'a Board,
    /// The game's first position (what `position fen` sends).
    pub opening: &'a Board,
    /// The moves since the opening (their UCI is what `position ... moves` sends).
    pub moves: &'a [MoveNote],
    /// Repetition keys of every earlier position of the game.
    pub history: &'a [u64],
    /// The mover's limit: the match's, or its own.
    pub limit: Limit,
    /// Both clocks in milliseconds, white's first (under `--tc`).
    pub clocks: [f64; 2],
    /// The mover: 0 white, 1 black.
    pub side: usize,
    /// How far past its clock a side may answer before it forfeits (`--timemargin`).
    pub margin_ms: u64,
    /// Set when the match is stopped.
    pub stop: &'a AtomicBool,
}

/// A side's move and what it said about it.
pub struct Thought {
    /// The move, legal on the turn's board.
    pub mv: Move,
    /// Its note for the PGN and the games CSV.
    pub note: MoveNote,
    /// Wall time from the question to the answer, milliseconds.
    pub spent_ms: f64,
    /// An engine under `go nodes N` searched more than twice N (or gave no node count).
    pub ignored_node_limit: bool,
}

/// A side that lost the game by what it did, not by the position.
#[derive(Debug, Clone)]
pub struct Fault {
    /// `time forfeit`, `rules infraction` or `abandoned`.
    pub termination: Termination,
    /// One line for the games CSV and the PGN comment.
    pub detail: String,
    /// The whole story for stderr: the engine and its last lines.
    pub message: String,
}

/// Why a side did not move.
pub enum NoMove {
    /// The match was stopped: the game is not finished.
    Stopped,
    /// The side loses the game.
    Fault(Fault),
}

/// One side of a game.
pub enum Player<'a> {
    /// ablate's search with a table of its own (each search sees it empty).
    Ablate {
        /// The variant's name.
        name: &'a str,
        /// The configuration it searches with.
        config: &'a SearchConfig,
        /// Its tables for this game.
        tables: GameTables,
    },
    /// An external engine, kept running across games.
    Engine {
        /// The variant's name (for messages and the pool).
        name: &'a str,
        /// `fruit (engine "gnuchess -u")`, for messages.
        label: String,
        /// The running process; `None` once it failed (it is not given back).
        process: Option<EngineProcess>,
    },
}

impl<'a> Player<'a> {
    /// ablate's search with `config`, as variant `name`, with a table from `tables`.
    pub fn ablate(name: &'a str, config: &'a SearchConfig, tables: &TablePool) -> Player<'a> {
        Player::Ablate {
            name,
            config,
            tables: GameTables::new(Some(tables.take(config.tt_mb))),
        }
    }

    /// The variant's engine from `pool` (started if none is free), told a new game begins.
    /// A process that died since its last game is replaced once; a failure to start is the
    /// match's error, not a game's.
    pub fn engine(
        name: &'a str,
        spec: &EngineSpec,
        pool: &EnginePool,
    ) -> Result<Player<'a>, String> {
        let mut process = pool.take(name, spec)?;
        if process.new_game().is_err() {
            process = EngineProcess::start(spec)?;
            process.new_game()?;
        }
        Ok(Player::Engine {
            name,
            label: format!("{name} ({})", process.label()),
            process: Some(process),
        })
    }

    /// The variant's name, and its engine's command for an engine.
    pub fn label(&self) -> &str {
        match self {
            Player::Ablate { name, .. } => name,
            Player::Engine { label, .. } => label,
        }
    }

    /// Gives a healthy engine back to `pool` for the next game (a failed one is dropped), and
    /// ablate's table to `tables`.
    pub fn release(self, pool: &EnginePool, tables: &TablePool) {
        match self {
            Player::Engine {
                name,
                process: Some(process),
                ..
            } => pool.give_back(name, process),
            Player::Ablate { tables: own, .. } => {
                if let Some(table) = own.into_table() {
                    tables.give_back(table);
                }
            }
            Player::Engine { process: None, .. } => {}
        }
    }

    /// The side's move on `turn`.
    pub fn think(&mut self, turn: &Turn) -> Result<Thought, NoMove> {
        match self {
            Player::Ablate { config, tables, .. } => {
                let started = Instant::now();
                let reports = think_in_process(turn, config, tables);
                let spent_ms = started.elapsed().as_secs_f64() * 1e3;
                if turn.stop.load(Ordering::Relaxed) {
                    return Err(NoMove::Stopped);
                }
                let last = reports.last();
                let mv = last
                    .and_then(|r| r.best_move)
                    .unwrap_or_else(|| legal_moves(turn.board)[0]);
                Ok(Thought {
                    mv,
                    note: MoveNote {
                        uci: uci(turn.board, mv),
                        score_cp: last.map_or(0, |r| r.score_cp),
                        mate: last.and_then(|r| r.mate),
                        depth: last.map_or(0, |r| r.depth),
                        nodes: last.map_or(0, |r| r.nodes_cum),
                    },
                    spent_ms,
                    ignored_node_limit: false,
                })
            }
            Player::Engine { name, process, .. } => {
                let Some(engine) = process.as_mut() else {
                    return Err(NoMove::Stopped);
                };
                let result = engine_move(engine, turn);
                if result.is_err() {
                    // A process that failed or was stopped mid-search is not trusted again.
                    *process = None;
                }
                // Both sides may run the same program: the variant's name says which failed.
                result.map_err(|no_move| match no_move {
                    NoMove::Fault(mut fault) => {
                        fault.detail = format!("{name}: {}", fault.detail);
                        fault.message = format!("{name}: {}", fault.message);
                        NoMove::Fault(fault)
                    }
                    stopped => stopped,
                })
            }
        }
    }
}

/// One move of an external engine: `position fen … moves …` and `go` with the limit.
fn engine_move(engine: &mut EngineProcess, turn: &Turn) -> Result<Thought, NoMove> {
    let mut position = format!("position fen {}", turn.opening);
    if !turn.moves.is_empty() {
        position.push_str(" moves");
        for note in turn.moves {
            position.push(' ');
            position.push_str(&note.uci);
        }
    }
    let (go, deadline, node_cap) = match turn.limit {
        Limit::Depth(d) => (format!("go depth {d}"), engine.deadline(), None),
        Limit::Nodes(n) => (format!("go nodes {n}"), engine.deadline(), Some(n)),
        Limit::Clock(tc) => {
            // A side on a clock against one without shows its own clock for both.
            let own = turn.clocks[turn.side];
            let clocks = turn.clocks.map(|c| if c > 0.0 { c } else { own });
            let [w, b] = clocks.map(|c| c.max(0.0) as u64);
            let inc = tc.inc_ms;
            let left = turn.clocks[turn.side].max(0.0) as u64 + turn.margin_ms;
            let deadline = Deadline {
                within: Duration::from_millis(left),
                what: format!(
                    "its clock plus the {} ms margin ({:.3} s)",
                    turn.margin_ms,
                    left as f64 / 1e3
                ),
            };
            (
                format!("go wtime {w} btime {b} winc {inc} binc {inc}"),
                deadline,
                None,
            )
        }
        Limit::MoveTime(st) => {
            let left = st.ms + turn.margin_ms;
            let deadline = Deadline {
                within: Duration::from_millis(left),
                what: format!(
                    "its time per move plus the {} ms margin ({:.3} s)",
                    turn.margin_ms,
                    left as f64 / 1e3
                ),
            };
            (format!("go movetime {}", st.ms), deadline, None)
        }
    };
    let mut ask = |deadline: &Deadline| {
        engine.go(
            &position,
            turn.board,
            &go,
            deadline,
            Some(turn.stop),
            node_cap,
        )
    };
    // The move's time runs from `go` (the client starts it when it writes `go`, after the
    // `isready` before it). An engine that gives up at once with no move in a position that
    // has one is asked once more, as a GUI would, its time still running: Glaurung 2.2 does
    // so in about one game of 30 under `go nodes`, and plays its move when asked again.
    let first_asked = Instant::now();
    let (search, spent_before) = match ask(&deadline) {
        Err(e) if e.fault == EngineFault::GaveNoMove => {
            let spent = first_asked.elapsed();
            let left = Deadline {
                within: deadline.within.saturating_sub(spent),
                what: deadline.what.clone(),
            };
            (ask(&left), spent)
        }
        first => (first, Duration::ZERO),
    };
    let search = search.map_err(|e| {
        let termination = match e.fault {
            EngineFault::Stopped => return NoMove::Stopped,
            EngineFault::Stalled => Termination::TimeForfeit,
            EngineFault::Exited => Termination::Abandoned,
            EngineFault::IllegalMove | EngineFault::GaveNoMove => Termination::RulesInfraction,
        };
        let detail = e
            .message
            .lines()
            .next()
            .unwrap_or("")
            .trim_end_matches("; its last lines:");
        NoMove::Fault(Fault {
            termination,
            detail: detail.to_string(),
            message: e.message.clone(),
        })
    })?;
    let ignored_node_limit = node_cap.is_some_and(|n| search.most_nodes.is_none_or(|m| m > 2 * n));
    Ok(Thought {
        mv: search.best,
        note: MoveNote {
            uci: search.best_move.clone(),
            score_cp: search.score_cp.unwrap_or(0),
            mate: search.mate,
            depth: search.depth.unwrap_or(0),
            nodes: search.nodes.unwrap_or(0),
        },
        spent_ms: spent_before.as_secs_f64() * 1e3 + search.time_ms,
        ignored_node_limit,
    })
}

/// One move of ablate's own search under the match's limit.
fn think_in_process(
    turn: &Turn,
    config: &SearchConfig,
    tables: &mut GameTables,
) -> Vec<IterationReport> {
    let (board, history, stop) = (turn.board, turn.history, turn.stop);
    match turn.limit {
        Limit::Depth(depth) => search_game(
            board,
            GameLimits { depth, nodes: None },
            config,
            history,
            Some(stop),
            tables,
            &mut |_| true,
        ),
        Limit::Nodes(n) => search_game(
            board,
            GameLimits {
                depth: MAX_DEPTH,
                nodes: Some(n * u64::from(config.game.node_factor)),
            },
            config,
            history,
            Some(stop),
            tables,
            &mut |_| true,
        ),
        Limit::Clock(tc) => {
            let clock_ms = turn.clocks[turn.side];
            let (soft, hard) = budget(clock_ms.max(0.0) as u64, tc.inc_ms, None);
            timed_search(turn, config, tables, soft, hard)
        }
        // Every iteration that starts inside the time is searched until the time is up.
        Limit::MoveTime(st) => {
            let time = Duration::from_millis(st.ms);
            timed_search(turn, config, tables, time, time)
        }
    }
}

/// A search under a time: no iteration starts after `soft`, and `hard` (or the match being
/// stopped) ends the one under way.
fn timed_search(
    turn: &Turn,
    config: &SearchConfig,
    tables: &mut GameTables,
    soft: Duration,
    hard: Duration,
) -> Vec<IterationReport> {
    let (board, history, stop) = (turn.board, turn.history, turn.stop);
    let started = Instant::now();
    let move_stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        // The hard limit, or the match being stopped, ends this move's search.
        let timer = scope.spawn(|| {
            while started.elapsed() < hard
                && !move_stop.load(Ordering::Relaxed)
                && !stop.load(Ordering::Relaxed)
            {
                std::thread::sleep(Duration::from_millis(1));
            }
            move_stop.store(true, Ordering::Relaxed);
        });
        let reports = search_game(
            board,
            GameLimits {
                depth: MAX_DEPTH,
                nodes: None,
            },
            config,
            history,
            Some(&move_stop),
            tables,
            &mut |_| started.elapsed() < soft,
        );
        move_stop.store(true, Ordering::Relaxed);
        let _ = timer.join();
        reports
    })
}
