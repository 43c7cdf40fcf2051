//! `ablate match`: variants play games against each other, in pairs from balanced openings
//! (the same opening twice, colours swapped), in parallel, each game with its own tables. Games
//! stream to a CSV as they finish (resume, shards and merge as for experiments); a PGN and the
//! summary (W/D/L, pentanomial counts, Elo with its interval, LOS, SPRT) are derived from it.

use crate::config::experiment::{Experiment, ResolvedVariant};
use crate::elo::{estimate, EloEstimate, Hypothesis, Pentanomial, Sprt};
use crate::error::InputError;
use crate::play::{play_game, Adjudication, GameRecord, GameResult, Limit};
use crate::records::{escape_text, unescape_text};
use crate::suite::{hex, EpdPosition, Suite};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};

/// Everything a match needs beyond the experiment file.
#[derive(Debug, Clone)]
pub struct MatchOptions {
    /// Games per pairing (even: pairs of games).
    pub games: usize,
    /// The limit of every move.
    pub limit: Limit,
    /// The opening suite.
    pub openings: PathBuf,
    /// Shuffle the openings with this seed (file order without).
    pub seed: Option<u64>,
    /// Stop each pairing when its SPRT decides.
    pub sprt: Option<Sprt>,
    /// Every pair of variants, rather than every variant against the baseline.
    pub round_robin: bool,
    /// Early ends both sides agree on.
    pub adjudication: Adjudication,
    /// `K/N`: one shard of the games.
    pub shard: Option<crate::jobs::Shard>,
    /// Only these variants (and the baseline) play.
    pub variants: Vec<String>,
}

/// Who plays whom: `variant` against `opponent`, indices into the resolved variants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    /// The variant the results are given for.
    pub variant: usize,
    /// Its opponent.
    pub opponent: usize,
}

/// One game of the match, in canonical order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameJob {
    /// Canonical index: pairs in order, each pairing's pair k before any pair k+1.
    pub index: usize,
    /// Which pairing.
    pub pairing: usize,
    /// Which pair of that pairing (its opening).
    pub pair: usize,
    /// False: the variant has white; true: the colours are swapped.
    pub swapped: bool,
}

/// One row of the games CSV.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GameRow {
    /// The experiment's name.
    #[serde(rename = "match")]
    pub match_name: String,
    /// The variant results are given for.
    pub variant: String,
    /// Its opponent.
    pub opponent: String,
    /// The pair (0-based) within the pairing.
    pub pair: usize,
    /// 0: the variant had white; 1: black.
    pub game: usize,
    /// The opening's id.
    pub opening: String,
    /// The opening position's FEN.
    pub fen: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// 1-0, 0-1 or 1/2-1/2.
    pub result: String,
    /// Why it ended.
    pub termination: String,
    /// Half-moves played from the opening.
    pub plies: usize,
    /// Nodes searched by white.
    pub white_nodes: u64,
    /// Nodes searched by black.
    pub black_nodes: u64,
    /// White's thinking time, milliseconds.
    pub white_time_ms: f64,
    /// Black's thinking time, milliseconds.
    pub black_time_ms: f64,
    /// The moves in UCI, space-separated.
    pub moves: String,
    /// Per move `score/depth nodes` from the mover's side, `;`-separated.
    pub notes: String,
    /// Hash of everything that decides the games.
    pub match_hash: String,
}

impl GameRow {
    /// Points the row's variant scored.
    pub fn variant_points(&self) -> f64 {
        let white = GameResult::parse(&self.result).map_or(0.5, |r| r.white_points());
        if self.white == self.variant {
            white
        } else {
            1.0 - white
        }
    }

    /// Nodes, moves and thinking time of `who` in this game.
    fn side_work(&self, who: &str) -> (u64, usize, f64) {
        let white_first = self.fen.split_whitespace().nth(1) != Some("b");
        let (first, second) = (self.plies.div_ceil(2), self.plies / 2);
        let (white_moves, black_moves) = if white_first {
            (first, second)
        } else {
            (second, first)
        };
        if self.white == who {
            (self.white_nodes, white_moves.max(1), self.white_time_ms)
        } else {
            (self.black_nodes, black_moves.max(1), self.black_time_ms)
        }
    }
}

/// A match ready to run: variants, pairings, openings, the hash.
pub struct PreparedMatch {
    /// The experiment.
    pub experiment: Experiment,
    /// Every variant, baseline first.
    pub variants: Vec<ResolvedVariant>,
    /// Who plays whom.
    pub pairings: Vec<Pairing>,
    /// The openings, in the order pairs take them.
    pub openings: Vec<EpdPosition>,
    /// The match hash in every row.
    pub hash: String,
    /// The options.
    pub options: MatchOptions,
}

/// Loads the experiment and the openings and plans the pairings.
pub fn prepare_match(config: &Path, options: MatchOptions) -> anyhow::Result<PreparedMatch> {
    let experiment = Experiment::load(config)?;
    let variants = experiment.resolve(&[])?;
    if let Some(v) = variants.iter().find(|v| v.engine.is_some()) {
        return Err(InputError::in_file(
            &experiment.file,
            format!(
                "variant \"{}\" is an external engine; ablate match plays ablate's own variants in-process (use cutechess-cli or fastchess with ablate uci for engines)",
                v.name
            ),
        )
        .into());
    }
    if options.games == 0 || options.games % 2 != 0 {
        return Err(InputError::in_file(
            "--games",
            format!(
                "{}; expected an even number of games, 2 or more (they are played in pairs)",
                options.games
            ),
        )
        .into());
    }
    let names: Vec<&str> = variants.iter().map(|v| v.name.as_str()).collect();
    for wanted in &options.variants {
        if !names.contains(&wanted.as_str()) {
            let all: Vec<String> = names.iter().map(|s| s.to_string()).collect();
            return Err(InputError::in_file(
                "--variant",
                format!(
                    "no variant \"{wanted}\"; {}",
                    crate::config::keys::hint(wanted, &all)
                ),
            )
            .into());
        }
    }
    let playing: Vec<usize> = (0..variants.len())
        .filter(|&i| {
            i == 0 || options.variants.is_empty() || options.variants.contains(&variants[i].name)
        })
        .collect();
    let mut pairings = Vec::new();
    if options.round_robin {
        for (a, &i) in playing.iter().enumerate() {
            for &j in &playing[a + 1..] {
                pairings.push(Pairing {
                    variant: j,
                    opponent: i,
                });
            }
        }
    } else {
        for &i in playing.iter().skip(1) {
            pairings.push(Pairing {
                variant: i,
                opponent: 0,
            });
        }
    }
    if pairings.is_empty() {
        return Err(InputError::in_file(
            &experiment.file,
            "no pairing: a match needs a variant besides the baseline",
        )
        .into());
    }
    let suite = Suite::load(&options.openings)?;
    let mut openings = suite.positions.clone();
    if let Some(seed) = options.seed {
        // A keyed order: stable across versions and platforms, unlike a PRNG's stream.
        openings.sort_by_cached_key(|p| Sha256::digest(format!("{seed}:{}", p.id).as_bytes()));
    }
    let canonical = serde_json::json!({
        "experiment": experiment.name,
        "variants": variants,
        "pairings": pairings.iter().map(|p| (p.variant, p.opponent)).collect::<Vec<_>>(),
        "openings_sha256": suite.sha256,
        "seed": options.seed,
        "games": options.games,
        "limit": format!("{:?}", options.limit),
        "adjudication": format!("{:?}", options.adjudication),
        "sprt": options.sprt.map(|s| format!("{s:?}")),
    });
    let hash = format!(
        "m{}",
        &hex(&Sha256::digest(canonical.to_string().as_bytes()))[..16]
    );
    Ok(PreparedMatch {
        experiment,
        variants,
        pairings,
        openings,
        hash,
        options,
    })
}

impl PreparedMatch {
    /// Every game of the match (or of its shard), pair-major so that each pairing's pairs
    /// finish in order (which SPRT reads).
    pub fn jobs(&self) -> Vec<GameJob> {
        let mut jobs = Vec::new();
        let mut index = 0;
        for pair in 0..self.options.games / 2 {
            for pairing in 0..self.pairings.len() {
                for swapped in [false, true] {
                    // Both games of a pair go to one shard: a pair is the unit of the statistics.
                    let unit = index / 2;
                    if self.options.shard.is_none_or(|s| unit % s.n == s.k) {
                        jobs.push(GameJob {
                            index,
                            pairing,
                            pair,
                            swapped,
                        });
                    }
                    index += 1;
                }
            }
        }
        jobs
    }

    /// The game's opening: pair k takes the k-th opening (wrapping around).
    fn opening(&self, pair: usize) -> &EpdPosition {
        &self.openings[pair % self.openings.len()]
    }

    /// Plays one game; `None` when stopped.
    pub fn play(&self, job: &GameJob, stop: &AtomicBool) -> Option<GameRow> {
        let pairing = self.pairings[job.pairing];
        let (variant, opponent) = (
            &self.variants[pairing.variant],
            &self.variants[pairing.opponent],
        );
        let (white, black) = if job.swapped {
            (opponent, variant)
        } else {
            (variant, opponent)
        };
        let opening = self.opening(job.pair);
        let record: GameRecord = play_game(
            &white.config,
            &black.config,
            &opening.board,
            self.options.limit,
            &self.options.adjudication,
            stop,
        )?;
        Some(GameRow {
            match_name: self.experiment.name.clone(),
            variant: variant.name.clone(),
            opponent: opponent.name.clone(),
            pair: job.pair,
            game: usize::from(job.swapped),
            opening: opening.id.clone(),
            fen: opening.fen.clone(),
            white: white.name.clone(),
            black: black.name.clone(),
            result: record.result.pgn().to_string(),
            termination: record.termination.name().to_string(),
            plies: record.moves.len(),
            white_nodes: record.nodes[0],
            black_nodes: record.nodes[1],
            white_time_ms: (record.time_ms[0] * 1000.0).round() / 1000.0,
            black_time_ms: (record.time_ms[1] * 1000.0).round() / 1000.0,
            moves: record
                .moves
                .iter()
                .map(|m| m.uci.as_str())
                .collect::<Vec<_>>()
                .join(" "),
            notes: record
                .moves
                .iter()
                .map(|m| m.comment())
                .collect::<Vec<_>>()
                .join(";"),
            match_hash: self.hash.clone(),
        })
    }

    /// The canonical position of a row: (pair, pairing, game).
    pub fn order_key(&self, row: &GameRow) -> (usize, usize, usize) {
        let pairing = self
            .pairings
            .iter()
            .position(|p| {
                self.variants[p.variant].name == row.variant
                    && self.variants[p.opponent].name == row.opponent
            })
            .unwrap_or(usize::MAX);
        (row.pair, pairing, row.game)
    }
}

/// Reads a games CSV; errors name the file and line.
pub fn read_games(path: &Path) -> Result<Vec<GameRow>, InputError> {
    let shown = path.display().to_string();
    let mut reader = csv::Reader::from_path(path)
        .map_err(|e| InputError::in_file(&shown, format!("cannot read: {e}")))?;
    let mut rows = Vec::new();
    for (i, record) in reader.deserialize::<GameRow>().enumerate() {
        let mut row = record
            .map_err(|e| InputError::at_line(&shown, i + 2, format!("not a games row: {e}")))?;
        row.notes = unescape_text(&row.notes);
        rows.push(row);
    }
    Ok(rows)
}

/// Writes games CSV rows (header first when `header`).
pub fn write_games(path: &Path, rows: &[GameRow], append: bool) -> anyhow::Result<()> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(append)
        .write(true)
        .truncate(!append)
        .open(path)
        .map_err(|e| {
            InputError::in_file(path.display().to_string(), format!("cannot write: {e}"))
        })?;
    let empty = file.metadata()?.len() == 0;
    let mut writer = csv::WriterBuilder::new()
        .has_headers(empty)
        .from_writer(file);
    for row in rows {
        let mut row = row.clone();
        row.notes = escape_text(&row.notes);
        writer.serialize(&row)?;
    }
    writer.flush()?;
    Ok(())
}

/// Whether a CSV is a games CSV (by its header).
pub fn is_games_csv(path: &Path) -> bool {
    std::fs::read_to_string(path)
        .ok()
        .and_then(|t| {
            t.lines()
                .next()
                .map(|l| l.starts_with("match,variant,opponent,"))
        })
        .unwrap_or(false)
}

/// What a match run did.
pub struct MatchOutcome {
    /// The games CSV.
    pub csv: PathBuf,
    /// Games played now.
    pub played: usize,
    /// Games found finished and kept.
    pub resumed: usize,
    /// True when a signal stopped it.
    pub interrupted: bool,
}

/// Plays the match into `csv` (resuming what it holds of the same match), `threads` at a time.
pub fn run_match(
    prepared: &PreparedMatch,
    csv: &Path,
    threads: usize,
    force: bool,
    stop: &AtomicBool,
    mut on_game: impl FnMut(&GameRow),
) -> anyhow::Result<MatchOutcome> {
    if let Some(parent) = csv.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    let mut done: Vec<GameRow> = Vec::new();
    if csv.exists() {
        let old = read_games(csv)?;
        match old.first() {
            Some(r) if r.match_hash != prepared.hash && !force => {
                return Err(InputError::in_file(
                    csv.display().to_string(),
                    format!("holds games of match {}, but this match is {}; use --force to replace it or --out to write elsewhere", r.match_hash, prepared.hash),
                )
                .into())
            }
            Some(r) if r.match_hash == prepared.hash => done = old,
            _ => {}
        }
    }
    write_games(csv, &done, false)?;
    let finished: HashSet<(String, String, usize, usize)> = done
        .iter()
        .map(|r| (r.variant.clone(), r.opponent.clone(), r.pair, r.game))
        .collect();
    let pending: Vec<GameJob> = prepared
        .jobs()
        .into_iter()
        .filter(|j| {
            let p = prepared.pairings[j.pairing];
            !finished.contains(&(
                prepared.variants[p.variant].name.clone(),
                prepared.variants[p.opponent].name.clone(),
                j.pair,
                usize::from(j.swapped),
            ))
        })
        .collect();
    let resumed = done.len();
    // Each pairing's SPRT, decided on its first pairs in order; later pairs are not started.
    let decided: Vec<AtomicBool> = prepared
        .pairings
        .iter()
        .map(|_| AtomicBool::new(false))
        .collect();
    let all_rows = Mutex::new(done);
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<GameRow>();
    let mut played = 0;
    let mut result: anyhow::Result<()> = Ok(());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()?;
    std::thread::scope(|scope| {
        let (next, pending, decided) = (&next, &pending, &decided);
        let workers = sender.clone();
        // The pool's workers take games in canonical order from one counter, so that each
        // pairing's early pairs finish first (SPRT reads them in order).
        scope.spawn(move || {
            pool.scope(|pool_scope| {
                for _ in 0..threads.max(1) {
                    let sender = workers.clone();
                    pool_scope.spawn(move |_| loop {
                        if stop.load(Ordering::Relaxed) {
                            return;
                        }
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(job) = pending.get(i) else { return };
                        if decided[job.pairing].load(Ordering::Relaxed) {
                            continue;
                        }
                        if let Some(row) = prepared.play(job, stop) {
                            if sender.send(row).is_err() {
                                return;
                            }
                        }
                    });
                }
            });
            drop(workers);
        });
        drop(sender);
        for row in receiver {
            if result.is_err() {
                continue;
            }
            result = write_games(csv, std::slice::from_ref(&row), true);
            played += 1;
            on_game(&row);
            let mut rows = all_rows.lock().unwrap_or_else(|e| e.into_inner());
            rows.push(row);
            if let Some(sprt) = prepared.options.sprt {
                for (i, _) in prepared.pairings.iter().enumerate() {
                    if sprt_decision(prepared, &rows, i, &sprt).is_some() {
                        decided[i].store(true, Ordering::Relaxed);
                    }
                }
            }
            if result.is_err() {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    result?;
    let mut rows = all_rows.into_inner().unwrap_or_else(|e| e.into_inner());
    // Only a signal (or a failed write) sets `stop`; an SPRT decision skips games without it.
    let interrupted = stop.load(Ordering::Relaxed);
    if !interrupted {
        // Canonical order; with SPRT, only the pairs up to each decision, so that the file is
        // the same for any --jobs.
        if let Some(sprt) = prepared.options.sprt {
            let cut: Vec<Option<usize>> = (0..prepared.pairings.len())
                .map(|i| sprt_decision(prepared, &rows, i, &sprt).map(|(pairs, _, _)| pairs))
                .collect();
            rows.retain(|r| {
                let (pair, pairing, _) = prepared.order_key(r);
                cut.get(pairing).copied().flatten().is_none_or(|n| pair < n)
            });
        }
        rows.sort_by_key(|r| prepared.order_key(r));
        let tmp = csv.with_extension("csv.tmp");
        write_games(&tmp, &rows, false)?;
        std::fs::rename(&tmp, csv)?;
    }
    Ok(MatchOutcome {
        csv: csv.to_path_buf(),
        played,
        resumed,
        interrupted,
    })
}

/// The first prefix of complete pairs (in pair order) at which pairing `i`'s SPRT decides:
/// (pairs, LLR, hypothesis).
pub fn sprt_decision(
    prepared: &PreparedMatch,
    rows: &[GameRow],
    i: usize,
    sprt: &Sprt,
) -> Option<(usize, f64, Hypothesis)> {
    let p = prepared.pairings[i];
    let (v, o) = (
        &prepared.variants[p.variant].name,
        &prepared.variants[p.opponent].name,
    );
    let mut by_pair: BTreeMap<usize, Vec<f64>> = BTreeMap::new();
    for r in rows.iter().filter(|r| &r.variant == v && &r.opponent == o) {
        by_pair.entry(r.pair).or_default().push(r.variant_points());
    }
    let mut ptnml = Pentanomial::default();
    for (expected, (pair, points)) in by_pair.iter().enumerate() {
        if *pair != expected || points.len() < 2 {
            return None;
        }
        ptnml.0[(points.iter().sum::<f64>() * 2.0).round() as usize] += 1;
        let llr = sprt.llr(&ptnml);
        if let Some(h) = sprt.decide(llr) {
            return Some((expected + 1, llr, h));
        }
    }
    None
}

/// One pairing's summary, from the variant's side.
#[derive(Debug, Clone, serde::Serialize)]
pub struct PairingSummary {
    /// The variant.
    pub variant: String,
    /// Its opponent.
    pub opponent: String,
    /// Games played.
    pub games: usize,
    /// Wins.
    pub wins: usize,
    /// Draws.
    pub draws: usize,
    /// Losses.
    pub losses: usize,
    /// Pairs in which the variant scored 0, ½, 1, 1½, 2.
    pub ptnml: [u64; 5],
    /// Mean points per game.
    pub score: Option<f64>,
    /// Logistic Elo (null when every game was won or lost).
    pub elo: Option<f64>,
    /// 95% interval, lower end.
    pub elo_lo: Option<f64>,
    /// 95% interval, upper end.
    pub elo_hi: Option<f64>,
    /// Normalized Elo.
    pub nelo: Option<f64>,
    /// Likelihood of superiority.
    pub los: Option<f64>,
    /// Draws over games.
    pub draw_ratio: f64,
    /// The SPRT's log-likelihood ratio (null without --sprt).
    pub llr: Option<f64>,
    /// The SPRT's (lower, upper) bounds.
    pub llr_bounds: Option<(f64, f64)>,
    /// "H0", "H1", or null while undecided or without --sprt.
    pub sprt: Option<Hypothesis>,
    /// The variant's nodes per move.
    pub nodes_per_move: f64,
    /// The opponent's nodes per move.
    pub opponent_nodes_per_move: f64,
    /// The variant's thinking time per move, milliseconds.
    pub ms_per_move: f64,
    /// The opponent's.
    pub opponent_ms_per_move: f64,
}

/// The summary of every pairing that has games in `rows`.
pub fn summarize(rows: &[GameRow], sprt: Option<&Sprt>) -> Vec<PairingSummary> {
    let mut pairings: Vec<(String, String)> = Vec::new();
    for r in rows {
        let key = (r.variant.clone(), r.opponent.clone());
        if !pairings.contains(&key) {
            pairings.push(key);
        }
    }
    pairings
        .into_iter()
        .map(|(variant, opponent)| {
            let games: Vec<&GameRow> = rows
                .iter()
                .filter(|r| r.variant == variant && r.opponent == opponent)
                .collect();
            let points: Vec<f64> = games.iter().map(|r| r.variant_points()).collect();
            let wins = points.iter().filter(|p| **p == 1.0).count();
            let losses = points.iter().filter(|p| **p == 0.0).count();
            let draws = games.len() - wins - losses;
            let mut by_pair: BTreeMap<usize, Vec<f64>> = BTreeMap::new();
            for (r, p) in games.iter().zip(&points) {
                by_pair.entry(r.pair).or_default().push(*p);
            }
            let mut ptnml = Pentanomial::default();
            for pts in by_pair.values().filter(|p| p.len() == 2) {
                ptnml.0[(pts.iter().sum::<f64>() * 2.0).round() as usize] += 1;
            }
            let e: Option<EloEstimate> = estimate(&ptnml);
            let finite = |x: f64| x.is_finite().then_some(x);
            let (mut vn, mut vm, mut vt, mut on, mut om, mut ot) =
                (0u64, 0usize, 0f64, 0u64, 0usize, 0f64);
            for r in &games {
                let (n, m, t) = r.side_work(&variant);
                vn += n;
                vm += m;
                vt += t;
                let (n, m, t) = r.side_work(&opponent);
                on += n;
                om += m;
                ot += t;
            }
            let llr = sprt.map(|s| s.llr(&ptnml));
            PairingSummary {
                variant,
                opponent,
                games: games.len(),
                wins,
                draws,
                losses,
                ptnml: ptnml.0,
                score: e.map(|e| e.score),
                elo: e.and_then(|e| finite(e.elo)),
                elo_lo: e.and_then(|e| finite(e.elo_lo)),
                elo_hi: e.and_then(|e| finite(e.elo_hi)),
                nelo: e.and_then(|e| finite(e.nelo)),
                los: e.map(|e| e.los),
                draw_ratio: if games.is_empty() {
                    0.0
                } else {
                    draws as f64 / games.len() as f64
                },
                llr,
                llr_bounds: sprt.map(|s| s.bounds()),
                sprt: sprt.zip(llr).and_then(|(s, l)| s.decide(l)),
                nodes_per_move: vn as f64 / vm.max(1) as f64,
                opponent_nodes_per_move: on as f64 / om.max(1) as f64,
                ms_per_move: vt / vm.max(1) as f64,
                opponent_ms_per_move: ot / om.max(1) as f64,
            }
        })
        .collect()
}

/// The summary as a terminal table with a legend.
pub fn render_summary(summaries: &[PairingSummary]) -> String {
    let mut out = String::new();
    let f = |x: Option<f64>, d: usize| x.map_or("-".to_string(), |v| format!("{v:.d$}"));
    for s in summaries {
        out.push_str(&format!(
            "{} vs {}: {} games, +{} ={} -{} (W/D/L), pairs [0, ½, 1, 1½, 2] = {:?}\n",
            s.variant, s.opponent, s.games, s.wins, s.draws, s.losses, s.ptnml
        ));
        out.push_str(&format!(
            "  score {}  Elo {} [{}, {}]  nElo {}  LOS {}  draws {:.1}%\n",
            f(s.score, 3),
            f(s.elo, 1),
            f(s.elo_lo, 1),
            f(s.elo_hi, 1),
            f(s.nelo, 1),
            s.los.map_or("-".into(), |l| format!("{:.1}%", l * 100.0)),
            s.draw_ratio * 100.0
        ));
        if let (Some(llr), Some((lo, hi))) = (s.llr, s.llr_bounds) {
            let verdict = match s.sprt {
                Some(Hypothesis::H0) => "H0 accepted",
                Some(Hypothesis::H1) => "H1 accepted",
                None => "undecided",
            };
            out.push_str(&format!(
                "  SPRT: LLR {llr:.2} ({lo:.2}, {hi:.2}): {verdict}\n"
            ));
        }
        let ratio = |a: f64, b: f64| {
            if b > 0.0 {
                format!("{:.3}", a / b)
            } else {
                "-".into()
            }
        };
        out.push_str(&format!(
            "  cost: {:.0} nodes/move against {:.0} (×{}), {:.1} ms/move against {:.1} (×{})\n",
            s.nodes_per_move,
            s.opponent_nodes_per_move,
            ratio(s.nodes_per_move, s.opponent_nodes_per_move),
            s.ms_per_move,
            s.opponent_ms_per_move,
            ratio(s.ms_per_move, s.opponent_ms_per_move)
        ));
    }
    out.push_str(
        "Elo: logistic, 95% interval from the pentanomial variance of game pairs; nElo: normalized\n\
         Elo; LOS: likelihood of superiority; SPRT: pentanomial GSPRT (fishtest/fastchess model)\n",
    );
    out
}

/// The JSON beside a games CSV: what was played, with which variants and options, and whether
/// the run finished (merge reads it to name incomplete shards).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct MatchManifest {
    /// The experiment.
    pub experiment: String,
    /// The config file.
    pub config_file: String,
    /// The hash in every row.
    pub match_hash: String,
    /// ablate's version.
    pub ablate_version: String,
    /// The git commit, when known.
    pub git_commit: Option<String>,
    /// Every variant, resolved.
    pub variants: Vec<ResolvedVariant>,
    /// (variant, opponent) of each pairing, in order.
    pub pairings: Vec<(String, String)>,
    /// Games per pairing.
    pub games_per_pairing: usize,
    /// The limit, as written on the command line.
    pub limit: String,
    /// The openings file and its SHA-256.
    pub openings: String,
    /// SHA-256 of the openings file.
    pub openings_sha256: String,
    /// The shuffle seed, if any.
    pub seed: Option<u64>,
    /// The SPRT, as given.
    pub sprt: Option<String>,
    /// Adjudication, as given.
    pub adjudication: Vec<String>,
    /// `K/N` for a shard.
    pub shard: Option<String>,
    /// Games this run (or shard) was to play.
    pub games_total: usize,
    /// Games played now.
    pub games_played: usize,
    /// Games kept from an earlier run.
    pub games_resumed: usize,
    /// True until the run ends, and when a signal stopped it.
    pub interrupted: bool,
    /// Worker threads.
    pub threads: usize,
    /// Start, UTC.
    pub started: String,
    /// End, UTC.
    pub finished: String,
    /// Wall time, seconds.
    pub wall_seconds: f64,
    /// For a merge: what is missing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missing: Vec<String>,
}
