//! An external UCI engine driven as a variant: started once per worker, asked `go depth N` per
//! row, read back from its last `info` and its `bestmove`.
//!
//! Every failure (the program missing, dying, hanging past the timeout, or printing what is not
//! UCI) is an error that names the engine and quotes the last lines it printed.

use crate::chess::legal_moves;
use crate::chess::notation::uci;
use crate::config::engine::EngineSpec;
use crate::search::MATE;
use cozy_chess::Board;
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
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
    /// `nodes` of the last info line: every node since `go`.
    pub nodes: Option<u64>,
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
        // main() restores SIGPIPE's default so that `ablate … | head` ends quietly; with an
        // engine, a write to its closed pipe must be an error that names it, not ablate's death.
        #[cfg(unix)]
        // SAFETY: setting a signal's action to "ignore" has no preconditions.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_IGN);
        }
        let label = format!("engine \"{}\"", spec.command);
        let mut child = Command::new(program(&argv[0]))
            .args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| {
                if e.kind() == std::io::ErrorKind::NotFound {
                    format!("{label}: \"{}\" is not on PATH nor in /usr/games; install it or give its full path", argv[0])
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
        loop {
            let line = engine.next_line(deadline, "uciok after uci")?;
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
                    let name = option_name(&line);
                    engine.identity.options.push(name);
                }
                _ => {}
            }
        }
        for (name, value) in &spec.options {
            if !engine
                .identity
                .options
                .iter()
                .any(|o| o.eq_ignore_ascii_case(name))
            {
                return Err(format!(
                    "{}: engine_options.\"{name}\": the engine has no such option; it declares: {}",
                    engine.label,
                    engine.identity.options.join(", ")
                ));
            }
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.ready()?;
        Ok(engine)
    }

    /// Searches `board` to `depth` from a new game: `ucinewgame`, `position fen`, `go depth`.
    pub fn search(&mut self, board: &Board, depth: u32) -> Result<EngineSearch, String> {
        self.send("ucinewgame")?;
        self.ready()?;
        self.send(&format!("position fen {board}"))?;
        let go = match self.limit_nodes {
            Some(n) => format!("go depth {depth} nodes {n}"),
            None => format!("go depth {depth}"),
        };
        self.send(&go)?;
        let started = Instant::now();
        let deadline = self.deadline();
        // The last info line with a score, and the last time reported at each depth.
        let mut last: Option<Info> = None;
        let mut time_at: Vec<(u32, u64)> = Vec::new();
        let best = loop {
            let line = self.next_line(deadline, "bestmove after go")?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("info") => {
                    let info = Info::parse(&line).map_err(|m| self.garbage(&line, &m))?;
                    if let (Some(d), Some(t)) = (info.depth, info.time) {
                        time_at.retain(|(depth, _)| *depth != d);
                        time_at.push((d, t));
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
            return Err(self.garbage(
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
            nodes: last.nodes,
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

    fn deadline(&self) -> Instant {
        Instant::now() + self.timeout
    }

    fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        let deadline = self.deadline();
        while self.next_line(deadline, "readyok after isready")? != "readyok" {}
        Ok(())
    }

    fn send(&mut self, command: &str) -> Result<(), String> {
        writeln!(self.stdin, "{command}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| {
                let status = self.exit_status();
                format!(
                    "{}: cannot send \"{command}\" ({e}); {status}; {}",
                    self.label,
                    self.last_lines()
                )
            })
    }

    /// The next line, or an error when the engine exits or says nothing before `deadline`.
    fn next_line(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, String> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                let line = line.trim_end().to_string();
                if self.last.len() == LINES_KEPT {
                    self.last.pop_front();
                }
                self.last.push_back(line.clone());
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => {
                let _ = self.child.kill();
                Err(format!(
                    "{}: no {waiting_for} within {} s (engine_timeout), so it was stopped; {}",
                    self.label,
                    self.timeout.as_secs(),
                    self.last_lines()
                ))
            }
            Err(RecvTimeoutError::Disconnected) => {
                let status = self.exit_status();
                Err(format!(
                    "{}: {status} while ablate waited for {waiting_for}; {}",
                    self.label,
                    self.last_lines()
                ))
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

    fn garbage(&self, line: &str, problem: &str) -> String {
        format!(
            "{}: printed \"{line}\", which is not UCI: {problem}; {}",
            self.label,
            self.last_lines()
        )
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|_| self.stdin.flush());
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

/// A score as UCI gives it.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Score {
    Cp(i32),
    Mate(i32),
}

/// The fields of one `info` line that a row records.
#[derive(Debug, Clone, Default, PartialEq)]
struct Info {
    depth: Option<u32>,
    seldepth: Option<u32>,
    score: Option<Score>,
    bound: bool,
    multipv: Option<u32>,
    nodes: Option<u64>,
    time: Option<u64>,
    pv: String,
}

impl Info {
    /// Reads the fields ablate uses; the others (`string`, `currmove`, `hashfull`…) are skipped.
    fn parse(line: &str) -> Result<Info, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let mut info = Info::default();
        let mut i = 1;
        fn number<T: std::str::FromStr>(words: &[&str], i: usize) -> Result<T, String> {
            let word = words.get(i + 1).copied().unwrap_or("");
            word.parse().map_err(|_| {
                format!(
                    "\"{}\" is followed by \"{word}\", expected a number",
                    words[i]
                )
            })
        }
        while i < words.len() {
            match words[i] {
                // The rest of the line is free text.
                "string" => break,
                "depth" => info.depth = Some(number(&words, i)?),
                "seldepth" => info.seldepth = Some(number(&words, i)?),
                "multipv" => info.multipv = Some(number(&words, i)?),
                "nodes" => info.nodes = Some(number(&words, i)?),
                "time" => info.time = Some(number(&words, i)?),
                "score" => {
                    let kind = words.get(i + 1).copied().unwrap_or("");
                    let value: i32 = number(&words, i + 1)?;
                    info.score = Some(match kind {
                        "cp" => Score::Cp(value),
                        "mate" => Score::Mate(value),
                        other => {
                            return Err(format!("score \"{other}\", expected cp or mate"));
                        }
                    });
                    i += 3;
                    while let Some(&w) = words.get(i) {
                        match w {
                            "lowerbound" | "upperbound" => info.bound = true,
                            _ => break,
                        }
                        i += 1;
                    }
                    continue;
                }
                "pv" => {
                    info.pv = words[i + 1..].join(" ");
                    break;
                }
                _ => {}
            }
            i += 1;
        }
        Ok(info)
    }
}

/// ablate's raw score for a mate in `moves` (negative: being mated), as its own search gives it.
fn mate_score(moves: i32) -> i32 {
    if moves > 0 {
        MATE - (2 * moves - 1)
    } else {
        -(MATE + 2 * moves)
    }
}

/// Where to run `name` from: as given when it holds a `/` or is on PATH, else Debian's
/// `/usr/games` (where `stockfish` and `gnuchess` install, and which root's PATH lacks).
fn program(name: &str) -> std::path::PathBuf {
    let given = std::path::PathBuf::from(name);
    if name.contains('/') {
        return given;
    }
    let on_path = std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(name).is_file()));
    let games = std::path::Path::new("/usr/games").join(name);
    if !on_path && games.is_file() {
        return games;
    }
    given
}

/// The words of `line` after the first `n`, as written.
fn rest_after(line: &str, n: usize) -> String {
    line.split_whitespace()
        .skip(n)
        .collect::<Vec<_>>()
        .join(" ")
}

/// `option name Hash type spin …` → `Hash`; names may hold spaces (`NullMove Pruning`).
fn option_name(line: &str) -> String {
    let words: Vec<&str> = line.split_whitespace().collect();
    let end = words
        .iter()
        .position(|w| *w == "type")
        .unwrap_or(words.len());
    words[2.min(end)..end].join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::mate_in;

    #[test]
    fn info_lines_are_read_and_bounds_marked() {
        let info = Info::parse(
            "info depth 12 seldepth 17 multipv 1 score cp -35 upperbound nodes 51234 nps 100 hashfull 3 tbhits 0 time 503 pv e2e4 e7e5",
        )
        .unwrap();
        assert_eq!(info.depth, Some(12));
        assert_eq!(info.seldepth, Some(17));
        assert_eq!(info.score, Some(Score::Cp(-35)));
        assert!(info.bound);
        assert_eq!((info.nodes, info.time), (Some(51234), Some(503)));
        assert_eq!(info.pv, "e2e4 e7e5");
        let mate = Info::parse("info depth 3 score mate -2 nodes 10 pv a1a2").unwrap();
        assert_eq!(mate.score, Some(Score::Mate(-2)));
        assert!(!mate.bound);
        assert_eq!(
            Info::parse("info string NNUE evaluation using nn-x.nnue depth x").unwrap(),
            Info::default()
        );
        assert!(Info::parse("info depth ten")
            .unwrap_err()
            .contains("\"ten\""));
        assert!(Info::parse("info score wins 3")
            .unwrap_err()
            .contains("expected cp or mate"));
    }

    #[test]
    fn mate_scores_round_trip_through_ablates_own() {
        for m in [1, 2, 7, -1, -3, -10] {
            assert_eq!(mate_in(mate_score(m)), Some(m), "mate {m}");
        }
    }

    #[test]
    fn option_names_may_hold_spaces() {
        assert_eq!(
            option_name("option name NullMove Pruning type combo default Fail High var Always"),
            "NullMove Pruning"
        );
        assert_eq!(
            option_name("option name Hash type spin default 16 min 1 max 33554432"),
            "Hash"
        );
    }
}
