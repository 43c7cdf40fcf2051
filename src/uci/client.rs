//! An external UCI engine driven as a variant: started once per worker, asked `go depth N` per
//! row, read back from its last `info` and its `bestmove`.
//!
//! Every failure (the program missing, dying, hanging past the timeout, or printing what is not
//! UCI) is an error that names the engine and quotes the last lines it printed.

use super::declared_option::DeclaredOption;
use super::info::{mate_score, Info, Score};
use super::program::{nearest_program, program};
use crate::chess::legal_moves;
use crate::chess::notation::uci;
use crate::config::engine::EngineSpec;
use crate::signals::without_sigpipe;
use cozy_chess::Board;
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How many of the engine's last lines an error quotes.
const LINES_KEPT: usize = 8;

/// What the engine said about itself during `uci`.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct EngineIdentity {
    /// `id name`.
    pub name: Option<String>,
    /// `id author`.
    pub author: Option<String>,
    /// The names of the `option`s it declared.
    pub options: Vec<String>,
    /// Each option as declared (type, default, range, values), for checking a design's
    /// factors against it; the manifest keeps the names only.
    #[serde(skip)]
    pub declared: Vec<DeclaredOption>,
}

/// One search's result, from the engine's last `info` lines and its `bestmove`.
#[derive(Debug, Clone, PartialEq)]
pub struct EngineSearch {
    /// The depth of the last info line with a score.
    pub depth: Option<u32>,
    /// `seldepth`, when reported.
    pub seldepth: Option<u32>,
    /// The score in centipawns; a mate in M is given ablate's raw mate score.
    pub score_cp: Option<i32>,
    /// Signed moves to mate.
    pub mate: Option<i32>,
    /// The last `nodes` any info line gave before `bestmove`: every node since `go`. An engine
    /// may print its total after its last score (Glaurung 2.2 does: `info nodes 4204 …` after
    /// `info depth 5 … nodes 3846 … pv …`), and that total is what it searched.
    pub nodes: Option<u64>,
    /// The most `nodes` any info line gave: what a node limit is checked against.
    pub most_nodes: Option<u64>,
    /// Wall time from `go` to `bestmove`, as ablate measured it.
    pub time_ms: f64,
    /// The last iteration's share: the wall time less the engine's last `time` at the
    /// previous depth, when it gave one.
    pub iteration_ms: Option<f64>,
    /// The principal variation, in UCI.
    pub pv: String,
    /// The best move, checked legal, in UCI.
    pub best_move: String,
    /// The same move on the board.
    pub best: cozy_chess::Move,
}

/// What went wrong with an engine, as a game's result reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineFault {
    /// It said nothing before its deadline (and was killed).
    Stalled,
    /// It exited, crashed or closed its pipes.
    Exited,
    /// Its `bestmove` is missing, `(none)` or not a legal move.
    IllegalMove,
    /// Its `bestmove` is `(none)` or `0000` in a position with legal moves: it gave up the
    /// search at once (Glaurung 2.2 under `go nodes`, now and then), and may be asked again.
    GaveNoMove,
    /// ablate was told to stop while it waited.
    Stopped,
}

/// A fault and the message that names the engine and quotes its last lines.
#[derive(Debug, Clone, PartialEq)]
pub struct EngineError {
    /// What went wrong.
    pub fault: EngineFault,
    /// The whole story, for stderr.
    pub message: String,
}

impl From<EngineError> for String {
    fn from(error: EngineError) -> String {
        error.message
    }
}

/// How long an answer may take, counted from the command it answers, and how to say so in a
/// message. Counted from the command, not from when the caller made it: a move's time starts
/// when `go` is written, as cutechess starts it, so that the `isready` sent before is never
/// charged to the engine's move (nor a slow pipe to its clock).
#[derive(Debug, Clone)]
pub struct Deadline {
    /// The time allowed.
    pub within: Duration,
    /// What it is, for a message: `600 s (engine_timeout)`.
    pub what: String,
}

/// A deadline from the moment its command was written.
struct Due<'a> {
    at: Instant,
    what: &'a str,
}

impl Deadline {
    /// Due `within` from `since`.
    fn from(&self, since: Instant) -> Due<'_> {
        Due {
            at: since + self.within,
            what: &self.what,
        }
    }
}

/// A running engine process.
pub struct EngineProcess {
    label: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    last: VecDeque<String>,
    timeout: Duration,
    limit_nodes: Option<u64>,
    /// What it said about itself.
    pub identity: EngineIdentity,
}

impl EngineProcess {
    /// Starts the engine, sends `uci` and the options, and waits until it is ready.
    pub fn start(spec: &EngineSpec) -> Result<EngineProcess, String> {
        let argv = spec.argv()?;
        let label = format!("engine \"{}\"", spec.command);
        let mut child = Command::new(program(&argv[0]))
            .args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| {
                if e.kind() == std::io::ErrorKind::NotFound {
                    format!(
                        "{label}: \"{}\" is not on PATH nor in /usr/games; {}",
                        argv[0],
                        nearest_program(&argv[0]).map_or(
                            "install it or give its full path".to_string(),
                            |near| format!(
                                "did you mean \"{near}\"? (else install it or give its full path)"
                            )
                        )
                    )
                } else {
                    format!("{label}: cannot start \"{}\": {e}", argv[0])
                }
            })?;
        let stdin = child.stdin.take().expect("stdin was piped");
        let stdout = child.stdout.take().expect("stdout was piped");
        let (sender, lines) = mpsc::channel();
        // A reader thread, so that a silent engine can be timed out instead of blocking a worker.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = EngineProcess {
            label,
            child,
            stdin,
            lines,
            last: VecDeque::new(),
            timeout: Duration::from_secs(spec.timeout_s),
            limit_nodes: spec.limit_nodes,
            identity: EngineIdentity::default(),
        };
        engine.send("uci")?;
        let deadline = engine.deadline();
        let due = deadline.from(Instant::now());
        loop {
            let line = engine.next_line(&due, "uciok after uci")?;
            let mut words = line.split_whitespace();
            match (words.next(), words.next()) {
                (Some("uciok"), _) => break,
                (Some("id"), Some("name")) => {
                    engine.identity.name = Some(rest_after(&line, 2));
                }
                (Some("id"), Some("author")) => {
                    engine.identity.author = Some(rest_after(&line, 2));
                }
                (Some("option"), Some("name")) => {
                    let declared = DeclaredOption::parse(&line);
                    engine.identity.options.push(declared.name.clone());
                    engine.identity.declared.push(declared);
                }
                _ => {}
            }
        }
        // Each option is checked against what the engine declared, as a design's factors are:
        // a name it does not declare (with the nearest it does), a value it does not take.
        for (name, value) in &spec.options {
            let at = |m: String| format!("{}: engine_options.\"{name}\": {m}", engine.label);
            let declared = engine.identity.declared.iter();
            let Some(option) = declared.clone().find(|o| o.name.eq_ignore_ascii_case(name)) else {
                let names = &engine.identity.options;
                return Err(at(match crate::config::keys::suggest(name, names) {
                    Some(near) => format!(
                        "the engine has no such option; did you mean \"{near}\"? It declares: {}",
                        names.join(", ")
                    ),
                    None => format!(
                        "the engine has no such option; it declares: {}",
                        names.join(", ")
                    ),
                }));
            };
            option.accepts(value).map_err(at)?;
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.ready()?;
        Ok(engine)
    }

    /// Searches `board` to `depth` from a new game: `ucinewgame`, `position fen`, `go depth`.
    pub fn search(&mut self, board: &Board, depth: u32) -> Result<EngineSearch, String> {
        self.new_game()?;
        let go = match self.limit_nodes {
            Some(n) => format!("go depth {depth} nodes {n}"),
            None => format!("go depth {depth}"),
        };
        let deadline = self.deadline();
        Ok(self.go(
            &format!("position fen {board}"),
            board,
            &go,
            &deadline,
            None,
            None,
        )?)
    }

    /// How the engine reads a node limit, measured: the most nodes its `info` lines report for
    /// `go nodes <nodes>` from the initial position, the search told to stop once past
    /// `stop_past` (an engine that ignores the limit would search on for seconds).
    pub fn probe_nodes(&mut self, nodes: u64, stop_past: u64) -> Result<Option<u64>, String> {
        self.new_game()?;
        let deadline = self.deadline();
        let found = self.go(
            "position startpos",
            &Board::default(),
            &format!("go nodes {nodes}"),
            &deadline,
            None,
            Some(stop_past / 2),
        )?;
        Ok(found.most_nodes)
    }

    /// Tells the engine a new game begins (`ucinewgame`) and waits until it is ready.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.send("ucinewgame")?;
        self.ready()
    }

    /// Sends `position` and `go`, reads `info` lines until `bestmove`, and checks the move is
    /// legal on `board` (the position `position` sets up). `deadline` bounds the wait from
    /// the moment `go` is written (a stall is a fault); `stop` ends the wait at once. With `node_cap`, an engine whose info
    /// lines pass twice the cap is told `stop`: it ignores `go nodes`.
    pub fn go(
        &mut self,
        position: &str,
        board: &Board,
        go: &str,
        deadline: &Deadline,
        stop: Option<&AtomicBool>,
        node_cap: Option<u64>,
    ) -> Result<EngineSearch, EngineError> {
        // Whatever the engine printed after its last bestmove answers no command: Glaurung 2.2
        // under `go nodes` now and then prints a second `bestmove (none)` after its move, which
        // would otherwise be read as this search's answer. `isready` drains it first.
        self.ready()?;
        self.send(position)?;
        self.send(go)?;
        let started = Instant::now();
        let due = deadline.from(started);
        // The last info line with a score, and the last time reported at each depth.
        let mut last: Option<Info> = None;
        let mut time_at: Vec<(u32, u64)> = Vec::new();
        let mut told_to_stop = false;
        let mut most_nodes = None;
        let mut last_nodes = None;
        let best = loop {
            let line = self.next_line_or_stop(&due, "bestmove after go", stop)?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("info") => {
                    let info = Info::parse(&line);
                    if let (Some(d), Some(t)) = (info.depth, info.time) {
                        time_at.retain(|(depth, _)| *depth != d);
                        time_at.push((d, t));
                    }
                    most_nodes = most_nodes.max(info.nodes);
                    last_nodes = info.nodes.or(last_nodes);
                    if let (Some(cap), Some(n)) = (node_cap, info.nodes) {
                        if n > cap.saturating_mul(2) && !told_to_stop {
                            self.send("stop")?;
                            told_to_stop = true;
                        }
                    }
                    // Bound lines (lowerbound/upperbound) are an aspiration window failing,
                    // not a result; the exact line follows.
                    if info.score.is_some() && !info.bound && info.multipv.is_none_or(|m| m == 1) {
                        last = Some(info);
                    }
                }
                Some("bestmove") => break words.next().unwrap_or("").to_string(),
                _ => {}
            }
        };
        let wall_ms = started.elapsed().as_secs_f64() * 1e3;
        let Some(mv) = legal_moves(board)
            .into_iter()
            .find(|m| uci(board, *m) == best)
        else {
            let none = best == "(none)" || best == "0000";
            let fault = match none {
                true => EngineFault::GaveNoMove,
                false => EngineFault::IllegalMove,
            };
            return Err(self.refused(
                fault,
                &format!("bestmove {best}"),
                &format!("\"{best}\" is not a legal move in {board}"),
            ));
        };
        let last = last.unwrap_or_default();
        let (score_cp, mate) = match last.score {
            Some(Score::Mate(m)) => (Some(mate_score(m)), Some(m)),
            Some(Score::Cp(cp)) => (Some(cp), None),
            None => (None, None),
        };
        let iteration_ms = last.depth.and_then(|d| {
            let before = time_at.iter().find(|(depth, _)| *depth + 1 == d)?.1;
            Some((wall_ms - before as f64).max(0.0))
        });
        Ok(EngineSearch {
            depth: last.depth,
            seldepth: last.seldepth,
            score_cp,
            mate,
            nodes: last_nodes,
            most_nodes,
            time_ms: wall_ms,
            iteration_ms,
            pv: last.pv,
            best_move: uci(board, mv),
            best: mv,
        })
    }

    /// What the engine is called in messages: `engine "stockfish"`.
    pub fn label(&self) -> &str {
        &self.label
    }

    /// The engine's last lines, for an error message.
    pub fn last_lines(&self) -> String {
        if self.last.is_empty() {
            return "it printed nothing".into();
        }
        let lines: Vec<String> = self.last.iter().map(|l| format!("  | {l}")).collect();
        format!("its last lines:\n{}", lines.join("\n"))
    }

    /// `engine_timeout`: how long any answer may take outside a timed game.
    pub fn deadline(&self) -> Deadline {
        Deadline {
            within: self.timeout,
            what: format!("{} s (engine_timeout)", self.timeout.as_secs()),
        }
    }

    fn ready(&mut self) -> Result<(), EngineError> {
        self.send("isready")?;
        let deadline = self.deadline();
        let due = deadline.from(Instant::now());
        while self.next_line(&due, "readyok after isready")? != "readyok" {}
        Ok(())
    }

    fn send(&mut self, command: &str) -> Result<(), EngineError> {
        // A write to an engine that has died must be an error that names it, not ablate's death.
        without_sigpipe(|| {
            writeln!(self.stdin, "{command}")?;
            self.stdin.flush()
        })
        .map_err(|e| {
            let status = self.exit_status();
            EngineError {
                fault: EngineFault::Exited,
                message: format!(
                    "{}: cannot send \"{command}\" ({e}); {status}; {}",
                    self.label,
                    self.last_lines()
                ),
            }
        })
    }

    /// The next line, or an error when the engine exits or says nothing before it is `due`.
    fn next_line(&mut self, due: &Due, waiting_for: &str) -> Result<String, EngineError> {
        self.next_line_or_stop(due, waiting_for, None)
    }

    /// As `next_line`, and an error as soon as `stop` is set.
    fn next_line_or_stop(
        &mut self,
        due: &Due,
        waiting_for: &str,
        stop: Option<&AtomicBool>,
    ) -> Result<String, EngineError> {
        loop {
            let mut wait = due.at.saturating_duration_since(Instant::now());
            if stop.is_some() {
                // Short waits, so that a stopped match does not wait for the engine's move.
                wait = wait.min(Duration::from_millis(20));
            }
            match self.lines.recv_timeout(wait) {
                Ok(line) => {
                    let line = line.trim_end().to_string();
                    if self.last.len() == LINES_KEPT {
                        self.last.pop_front();
                    }
                    self.last.push_back(line.clone());
                    return Ok(line);
                }
                Err(RecvTimeoutError::Timeout) if Instant::now() < due.at => {
                    if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                        return Err(EngineError {
                            fault: EngineFault::Stopped,
                            message: format!("{}: stopped while it searched", self.label),
                        });
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    let _ = self.child.kill();
                    return Err(EngineError {
                        fault: EngineFault::Stalled,
                        message: format!(
                            "{}: no {waiting_for} within {}, so it was stopped; {}",
                            self.label,
                            due.what,
                            self.last_lines()
                        ),
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let status = self.exit_status();
                    return Err(EngineError {
                        fault: EngineFault::Exited,
                        message: format!(
                            "{}: {status} while ablate waited for {waiting_for}; {}",
                            self.label,
                            self.last_lines()
                        ),
                    });
                }
            }
        }
    }

    fn exit_status(&mut self) -> String {
        // Its output closed: give it a moment to be reaped, so the status is known.
        for _ in 0..20 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return format!("it exited ({status})");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        "it closed its output".into()
    }

    /// A `bestmove` refused. No `info` line ever is: `Info::parse` reads what it can.
    fn refused(&self, fault: EngineFault, line: &str, problem: &str) -> EngineError {
        EngineError {
            fault,
            message: format!(
                "{}: printed \"{line}\", which is not UCI: {problem}; {}",
                self.label,
                self.last_lines()
            ),
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = without_sigpipe(|| {
            writeln!(self.stdin, "quit")?;
            self.stdin.flush()
        });
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The words of `line` after the first `n`, as written.
fn rest_after(line: &str, n: usize) -> String {
    line.split_whitespace()
        .skip(n)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A UCI engine as a shell script: it answers `isready` after `ready` seconds and `go`
    /// with 1. e4 after `go` seconds.
    fn scripted(dir: &std::path::Path, ready: &str, go: &str) -> EngineSpec {
        let script = dir.join("engine.sh");
        std::fs::write(
            &script,
            "#!/bin/sh\nwhile read -r l; do case \"$l\" in uci) echo uciok;; \
             isready) sleep \"$1\"; echo readyok;; \
             go*) sleep \"$2\"; echo 'info depth 1 score cp 0 nodes 1 pv e2e4'; echo 'bestmove e2e4';; \
             quit) exit 0;; esac; done\n",
        )
        .unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        EngineSpec {
            command: format!("{} {ready} {go}", script.to_string_lossy()),
            options: Default::default(),
            timeout_s: 10,
            limit_nodes: None,
            limit: None,
        }
    }

    /// A move's time starts when `go` is written, as cutechess starts it (issue 91): an engine
    /// slow to answer the `isready` before it (0.3 s, past the move's 0.1 s and its 0.1 s
    /// margin) is not charged for it, and its time is `go` to `bestmove`; one slow to answer
    /// `go` itself still stalls.
    #[test]
    fn a_move_s_time_starts_at_go_not_at_the_isready_before_it() {
        let dir = tempfile::tempdir().unwrap();
        let move_time = Deadline {
            within: Duration::from_millis(200),
            what: "its time per move plus the margin".into(),
        };
        let board = Board::default();
        let mut slow_ready = EngineProcess::start(&scripted(dir.path(), "0.3", "0")).unwrap();
        let asked = Instant::now();
        let go = "go movetime 100";
        let found = slow_ready.go("position startpos", &board, go, &move_time, None, None);
        let found = found.unwrap();
        assert!(asked.elapsed() >= Duration::from_millis(300));
        assert!(found.time_ms < 200.0, "{} ms", found.time_ms);
        assert_eq!(found.best_move, "e2e4");
        let mut slow_go = EngineProcess::start(&scripted(dir.path(), "0", "0.5")).unwrap();
        let stalled = slow_go.go("position startpos", &board, go, &move_time, None, None);
        assert_eq!(stalled.unwrap_err().fault, EngineFault::Stalled);
    }
}
