//! The UCI engine: any configuration of the one search, spoken to by GUIs and match runners.
//! Every knob is a UCI option named by its TOML key; searches run on a thread of their own so
//! that `stop` and `isready` are answered at once; nothing but UCI goes to the output.

use crate::chess::notation::uci;
use crate::chess::{legal_moves, repetition_key};
use crate::config::knob::{self, Domain};
use crate::config::layer;
use crate::config::search_config::SearchLayer;
use crate::config::{SearchConfig, MAX_DEPTH};
use crate::search::game_tables::{search_game, GameTables};
use crate::search::{GameLimits, IterationReport};
use crate::suite::fen::parse_fen;
use cozy_chess::Board;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use toml::Value;

/// Where the engine writes: shared by the protocol loop and the search thread.
type Output = Arc<Mutex<Box<dyn Write + Send>>>;

/// An engine: its base configuration (file variant and `--set`), the options set since, and
/// the game it is in.
pub struct UciServer {
    name: String,
    base: Vec<SearchLayer>,
    options: SearchLayer,
    config: SearchConfig,
    board: Board,
    game: Vec<u64>,
    out: Output,
    stop: Arc<AtomicBool>,
    search: Option<JoinHandle<()>>,
    /// The game's tables, kept from `go` to `go` when the config says so (`game.*`).
    tables: Arc<Mutex<GameTables>>,
}

/// How long and how deep one `go` may search.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Plan {
    depth: u32,
    nodes: Option<u64>,
    /// Start no new iteration after this.
    soft: Option<Duration>,
    /// Stop the search at this.
    hard: Option<Duration>,
}

impl UciServer {
    /// An engine for `config`, whose override layers are `base` (kept under every setoption).
    pub fn new(
        name: String,
        base: Vec<SearchLayer>,
        config: SearchConfig,
        out: Box<dyn Write + Send>,
    ) -> UciServer {
        UciServer {
            name,
            base,
            options: SearchLayer::default(),
            config,
            board: Board::default(),
            game: Vec::new(),
            out: Arc::new(Mutex::new(out)),
            stop: Arc::new(AtomicBool::new(false)),
            search: None,
            tables: Arc::new(Mutex::new(GameTables::new(None))),
        }
    }

    /// Reads commands until `quit` or the end of the input. A line that is not UTF-8 is
    /// skipped with an `info string` naming it: one bad line must not end the engine.
    pub fn run(&mut self, input: impl BufRead) -> anyhow::Result<()> {
        for line in input.split(b'\n') {
            let line = line?;
            let Ok(text) = std::str::from_utf8(&line) else {
                self.say(&format!(
                    "info string skipped a line that is not UTF-8: {}",
                    String::from_utf8_lossy(&line).trim()
                ));
                continue;
            };
            if !self.command(text.trim()) {
                break;
            }
        }
        self.finish_search();
        Ok(())
    }

    fn say(&self, text: &str) {
        say(&self.out, text);
    }

    /// One command; false after `quit`.
    fn command(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("uci") => self.identify(),
            Some("isready") => self.say("readyok"),
            Some("ucinewgame") => {
                self.finish_search();
                self.board = Board::default();
                self.game.clear();
                lock(&self.tables).new_game();
            }
            Some("setoption") => self.set_option(line),
            Some("position") => self.position(&words.collect::<Vec<_>>()),
            Some("go") => self.go(&words.collect::<Vec<_>>()),
            Some("stop") => self.finish_search(),
            Some("quit") => return false,
            // debug, ponderhit, register and anything unknown: ignored, as UCI asks.
            _ => {}
        }
        true
    }

    fn identify(&self) {
        self.say(&format!("id name {}", self.name));
        self.say("id author the ablate authors");
        let defaults = knob::values(&self.config);
        for k in knob::all() {
            let default = defaults
                .iter()
                .find(|(key, _)| key == k.key)
                .map(|(_, v)| v.clone())
                .unwrap_or(Value::Boolean(false));
            let shown = match &default {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            let line = match k.domain {
                Domain::Bool => format!("option name {} type check default {shown}", k.key),
                Domain::Int { min, max, .. } => format!(
                    "option name {} type spin default {shown} min {min} max {}",
                    k.key,
                    max.unwrap_or(1_000_000)
                ),
                Domain::Choice(names) => format!(
                    "option name {} type combo default {shown} {}",
                    k.key,
                    names
                        .iter()
                        .map(|n| format!("var {n}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
                Domain::Float { .. } | Domain::IntList { .. } | Domain::Text => {
                    format!("option name {} type string default {shown}", k.key)
                }
            };
            self.say(&line);
        }
        self.say(&format!(
            "option name Hash type spin default {} min 1 max 4096",
            self.config.tt_mb
        ));
        self.say("option name Threads type spin default 1 min 1 max 1");
        self.say("uciok");
    }

    fn set_option(&mut self, line: &str) {
        let rest = line.trim_start_matches("setoption").trim();
        let Some(rest) = rest.strip_prefix("name ") else {
            return self.say("info string error: setoption needs: name <option> value <value>");
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        let key = match name {
            "Hash" => "tt_mb",
            "Threads" => {
                if value != "1" {
                    self.say(&format!("info string error: Threads = {value}; expected 1 (each search is one thread)"));
                }
                return;
            }
            other => other,
        };
        let mut options = self.options.clone();
        match SearchLayer::from_set(&format!("{key}={value}")) {
            Ok(option) => options.merge(&option),
            Err(m) => return self.say(&format!("info string error: option {name}: {m}")),
        }
        let mut layers: Vec<&SearchLayer> = self.base.iter().collect();
        layers.push(&options);
        match layer::resolve(&layers) {
            Ok(config) => {
                self.options = options;
                self.config = config;
            }
            Err(m) => self.say(&format!("info string error: option {name}: {m}")),
        }
    }

    fn position(&mut self, words: &[&str]) {
        let moves_at = words
            .iter()
            .position(|w| *w == "moves")
            .unwrap_or(words.len());
        let start = match words.first() {
            Some(&"startpos") => parse_fen("startpos"),
            Some(&"fen") => parse_fen(&words[1..moves_at].join(" ")),
            _ => Err("expected position startpos|fen <FEN> [moves ...]".to_string()),
        };
        let mut board = match start {
            Ok((board, _)) => board,
            Err(m) => return self.say(&format!("info string error: position: {m}")),
        };
        let mut game = Vec::new();
        for text in words.iter().skip(moves_at + 1) {
            let Some(mv) = legal_moves(&board)
                .into_iter()
                .find(|&m| uci(&board, m) == *text)
            else {
                return self.say(&format!(
                    "info string error: position: move {text} is not legal in {board}; position unchanged"
                ));
            };
            game.push(repetition_key(&board));
            board.play_unchecked(mv);
        }
        self.board = board;
        self.game = game;
    }

    fn go(&mut self, words: &[&str]) {
        self.finish_search();
        let plan = match plan(words, self.board.side_to_move() == cozy_chess::Color::White) {
            Ok(plan) => plan,
            Err(m) => {
                self.say(&format!("info string error: go: {m}; searching depth 1"));
                Plan {
                    depth: 1,
                    nodes: None,
                    soft: None,
                    hard: None,
                }
            }
        };
        self.stop.store(false, Ordering::SeqCst);
        let (board, game, config) = (self.board.clone(), self.game.clone(), self.config.clone());
        let (out, stop) = (Arc::clone(&self.out), Arc::clone(&self.stop));
        let tables = Arc::clone(&self.tables);
        self.search = Some(std::thread::spawn(move || {
            think(
                &board,
                &game,
                &config,
                plan,
                &out,
                &stop,
                &mut lock(&tables),
            );
        }));
    }

    /// Stops a running search and waits for its `bestmove`.
    fn finish_search(&mut self) {
        if let Some(search) = self.search.take() {
            self.stop.store(true, Ordering::SeqCst);
            let _ = search.join();
        }
    }
}

/// The game's tables; a search that panicked left them as they were, which is still a table.
fn lock(tables: &Mutex<GameTables>) -> std::sync::MutexGuard<'_, GameTables> {
    tables.lock().unwrap_or_else(|e| e.into_inner())
}

fn say(out: &Output, text: &str) {
    let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
    // A closed pipe means the GUI has gone: nothing left to tell it.
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

/// The search of one `go`, its `info` lines and its `bestmove`.
fn think(
    board: &Board,
    game: &[u64],
    config: &SearchConfig,
    plan: Plan,
    out: &Output,
    stop: &Arc<AtomicBool>,
    tables: &mut GameTables,
) {
    let started = Instant::now();
    let timer = plan.hard.map(|hard| {
        let stop = Arc::clone(stop);
        std::thread::spawn(move || {
            let deadline = Instant::now() + hard;
            while Instant::now() < deadline && !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            stop.store(true, Ordering::Relaxed);
        })
    });
    let mut on_iteration = |r: &IterationReport| {
        say(out, &info_line(r));
        plan.soft.is_none_or(|soft| started.elapsed() < soft)
    };
    let reports = search_game(
        board,
        GameLimits {
            depth: plan.depth,
            nodes: plan.nodes,
        },
        config,
        game,
        Some(stop),
        tables,
        &mut on_iteration,
    );
    stop.store(true, Ordering::Relaxed);
    if let Some(timer) = timer {
        let _ = timer.join();
    }
    // The last completed iteration's move; stopped during depth 1, the first legal move.
    let best = reports
        .last()
        .and_then(|r| r.best_move)
        .or_else(|| legal_moves(board).first().copied());
    let text = best.map_or("0000".to_string(), |mv| uci(board, mv));
    say(out, &format!("bestmove {text}"));
}

/// `info depth … pv …` for one iteration; nodes and time count from the start of the search.
fn info_line(r: &IterationReport) -> String {
    let score = match r.mate {
        Some(m) => format!("mate {m}"),
        None => format!("cp {}", r.score_cp),
    };
    let ms = r.time_ms_cum.round() as u64;
    let nps = if r.time_ms_cum > 0.0 {
        (r.nodes_cum as f64 / (r.time_ms_cum / 1e3)) as u64
    } else {
        0
    };
    let mut line = format!(
        "info depth {} seldepth {} score {score} nodes {} nps {nps} time {ms}",
        r.depth, r.stats.seldepth, r.nodes_cum
    );
    if !r.pv.is_empty() {
        line.push_str(&format!(" pv {}", r.pv));
    }
    line
}

/// Reads `go`'s limits; a clock gives a budget as `play::clock::budget` computes it.
fn plan(words: &[&str], white: bool) -> Result<Plan, String> {
    let mut plan = Plan {
        depth: MAX_DEPTH,
        nodes: None,
        soft: None,
        hard: None,
    };
    let (mut time, mut inc, mut to_go) = (None::<u64>, 0u64, None::<u64>);
    let mut i = 0;
    let number = |i: usize, what: &str| -> Result<u64, String> {
        words
            .get(i + 1)
            .and_then(|w| w.parse::<u64>().ok())
            .ok_or_else(|| {
                format!(
                    "{what} {}; expected a whole number",
                    words.get(i + 1).unwrap_or(&"(nothing)")
                )
            })
    };
    while i < words.len() {
        match words[i] {
            "depth" => {
                let d = number(i, "depth")?;
                plan.depth = crate::config::check_depth(d as i64)?;
                i += 1;
            }
            "nodes" => {
                plan.nodes = Some(number(i, "nodes")?.max(1));
                i += 1;
            }
            "movetime" => {
                let ms = number(i, "movetime")?;
                let hard = Duration::from_millis(ms.saturating_sub(20).max(1));
                plan.hard = Some(hard);
                plan.soft = Some(hard);
                i += 1;
            }
            "wtime" | "btime" => {
                let ms = number(i, words[i])?;
                if (words[i] == "wtime") == white {
                    time = Some(ms);
                }
                i += 1;
            }
            "winc" | "binc" => {
                let ms = number(i, words[i])?;
                if (words[i] == "winc") == white {
                    inc = ms;
                }
                i += 1;
            }
            "movestogo" => {
                to_go = Some(number(i, "movestogo")?.max(1));
                i += 1;
            }
            // infinite, ponder, searchmoves and mate: searched until stop or the depth cap.
            _ => {}
        }
        i += 1;
    }
    if let Some(left) = time {
        let (soft, hard) = crate::search::clock::budget(left, inc, to_go);
        plan.hard = Some(hard);
        plan.soft = Some(soft);
    }
    Ok(plan)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_limits() {
        let p = plan(&["depth", "5"], true).unwrap();
        assert_eq!((p.depth, p.hard), (5, None));
        assert!(plan(&["depth", "-1"], true)
            .unwrap_err()
            .contains("expected a whole number"));
        assert!(plan(&["depth", "0"], true).is_err());
        let p = plan(
            &["wtime", "10000", "btime", "500", "winc", "100", "binc", "0"],
            true,
        )
        .unwrap();
        // 10000/30 + 75 = 408, less 15.
        assert_eq!(p.hard, Some(Duration::from_millis(393)));
        let p = plan(
            &["wtime", "10000", "btime", "600", "winc", "100", "binc", "0"],
            false,
        )
        .unwrap();
        // Black: 600/30 = 20, at most 200, less 15.
        assert_eq!(p.hard, Some(Duration::from_millis(5)));
        let p = plan(&["movetime", "1000"], true).unwrap();
        assert_eq!(p.hard, Some(Duration::from_millis(980)));
    }
}
