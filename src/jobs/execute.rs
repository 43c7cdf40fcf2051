//! Runs jobs on a rayon pool; each job is single-threaded and independent, so results never depend
//! on scheduling. Finished jobs are handed to the caller one at a time, in completion order.

use super::plan::Job;
use crate::config::engine::EngineSpec;
use crate::config::experiment::MinimalMode;
use crate::config::experiment::ResolvedVariant;
use crate::config::SearchConfig;
use crate::search::minimal::{chess_minimal_tree, oracle_nodes, plain_definition, MinimalTree};
use crate::search::tt::TablePool;
use crate::search::SearchStats;
use crate::search::{search_depths, search_depths_kept, KeptTables};
use crate::search_record::{round3, Counted, Row};
use crate::suite::EpdPosition;
use crate::uci::client::EngineSearch;
use crate::uci::pool::EnginePool;
use cozy_chess::Board;
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Mutex;

/// What every job needs to know about the experiment.
pub struct JobContext<'a> {
    /// Experiment name for the rows.
    pub experiment: &'a str,
    /// Every variant of the experiment, resolved.
    pub variants: &'a [ResolvedVariant],
    /// The selected positions.
    pub positions: &'a [EpdPosition],
    /// Depths to report, ascending.
    pub depths: &'a [u32],
    /// Experiment hash for the rows.
    pub config_hash: &'a str,
    /// Tables to reuse across jobs.
    pub tables: &'a TablePool,
    /// Which minimal-tree figures the rows get.
    pub minimal: MinimalMode,
    /// Minimal trees already computed, shared by the variants of one definition.
    pub minimal_cache: &'a MinimalCache,
    /// Running external engines to reuse.
    pub engines: &'a EnginePool,
    /// A job's positions are one chain searched with kept tables (`keep_tables`).
    pub keep_tables: bool,
}

/// Exact minimal trees by (position, depth, definition): the same for every pure-ordering
/// variant, so each is computed once per run.
#[derive(Default)]
pub struct MinimalCache {
    trees: Mutex<HashMap<(usize, u32, String), Option<MinimalTree>>>,
}

impl MinimalCache {
    fn get_or_compute(
        &self,
        position: usize,
        depth: u32,
        board: &Board,
        config: &SearchConfig,
    ) -> Option<MinimalTree> {
        let definition = format!("{:?}", plain_definition(config));
        let key = (position, depth, definition);
        if let Some(tree) = self
            .trees
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
        {
            return *tree;
        }
        // Computed outside the lock; two workers may both compute a tree, with equal results.
        let tree = chess_minimal_tree(board, depth, config);
        self.trees
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key, tree);
        tree
    }
}

impl JobContext<'_> {
    /// Runs one job: one search to the deepest depth with iterative deepening, else one per depth.
    /// `Ok(None)` when the stop flag cut it short: an unfinished job leaves no rows. Only an
    /// external engine can fail.
    pub fn execute(&self, job: &Job, stop: &AtomicBool) -> Result<Option<Vec<Row>>, String> {
        let variant = &self.variants[job.variant];
        if let Some(spec) = &variant.engine {
            return self.execute_engine(job, spec, stop);
        }
        Ok(self.execute_search(job, stop))
    }

    /// An external engine's job: one `go depth D` from a new game per depth.
    fn execute_engine(
        &self,
        job: &Job,
        spec: &EngineSpec,
        stop: &AtomicBool,
    ) -> Result<Option<Vec<Row>>, String> {
        let variant = &self.variants[job.variant];
        let mut engine = self.engines.take(&variant.name, spec)?;
        let mut rows = Vec::new();
        // An engine keeps or clears its own tables; each position is a new game to it.
        let searches = job
            .positions()
            .flat_map(|p| self.depths.iter().map(move |&d| (p, d)));
        for (index, depth) in searches {
            let position = &self.positions[index];
            if stop.load(Ordering::Relaxed) {
                self.engines.give_back(&variant.name, engine);
                return Ok(None);
            }
            let search = engine
                .search(&position.board, depth)
                .map_err(|m| format!("position \"{}\", depth {depth}: {m}", position.id))?;
            let missing = match (search.nodes, search.score_cp) {
                (None, _) => Some("nodes"),
                (_, None) => Some("a score"),
                _ => None,
            };
            if let Some(missing) = missing {
                return Err(format!(
                    "position \"{}\", depth {depth}: {}: its info lines gave no {missing} before \
                     bestmove, and a row needs one; {}",
                    position.id,
                    engine.label(),
                    engine.last_lines()
                ));
            }
            rows.push(engine_row(
                self.experiment,
                &variant.name,
                &position.id,
                depth,
                &search,
                position.solved_by(Some(search.best)),
                self.config_hash,
            ));
        }
        self.engines.give_back(&variant.name, engine);
        Ok(Some(rows))
    }

    fn execute_search(&self, job: &Job, stop: &AtomicBool) -> Option<Vec<Row>> {
        let variant = &self.variants[job.variant];
        let config = &variant.config;
        let mut kept = self.keep_tables.then(|| KeptTables::new(config));
        let mut rows = Vec::new();
        for index in job.positions() {
            let position = &self.positions[index];
            let reports = match kept.as_mut() {
                Some(kept) => {
                    search_depths_kept(&position.board, self.depths, config, Some(stop), kept)
                }
                None => {
                    let mut table = self.tables.take(config.tt_mb);
                    let reports = search_depths(
                        &position.board,
                        self.depths,
                        config,
                        Some(stop),
                        Some(&mut table),
                    );
                    self.tables.give_back(table);
                    reports
                }
            };
            let mut position_rows: Vec<Row> = reports
                .ok()?
                .iter()
                .map(|r| {
                    Row::new(
                        self.experiment,
                        &variant.name,
                        &position.id,
                        r,
                        position.solved_by(r.best_move),
                        self.config_hash,
                    )
                })
                .collect();
            // The minimal tree belongs to the position, the depth and the definition: computed
            // once, shared by the variants; the oracle follows the variant's own ordering.
            for row in &mut position_rows {
                if stop.load(Ordering::Relaxed) {
                    return None;
                }
                if self.minimal == MinimalMode::Exact {
                    let tree = self.minimal_cache.get_or_compute(
                        index,
                        row.depth,
                        &position.board,
                        config,
                    );
                    row.minimal_nodes = tree.map(|t| t.nodes);
                    row.fullwidth_leaves = tree.map(|t| t.fullwidth_leaves);
                }
                if self.minimal != MinimalMode::Off {
                    row.oracle_nodes = Some(oracle_nodes(&position.board, row.depth, config));
                }
            }
            rows.extend(position_rows);
        }
        Some(rows)
    }
}

/// Runs `jobs` on `threads` workers and calls `on_done` on this thread as each finishes.
/// Once `stop` is set no new job starts and running ones are abandoned.
pub fn run_jobs(
    context: &JobContext,
    jobs: &[Job],
    threads: usize,
    stop: &AtomicBool,
    mut on_done: impl FnMut(&Job, Vec<Row>) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()?;
    let (sender, receiver) = mpsc::channel::<(Job, anyhow::Result<Vec<Row>>)>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            pool.install(|| {
                // One job per task, in canonical order, so workers pick up the next job as they free up.
                jobs.par_iter()
                    .with_max_len(1)
                    .for_each_with(sender, |sender, job| {
                        if stop.load(Ordering::Relaxed) {
                            return;
                        }
                        match context.execute(job, stop) {
                            Ok(Some(rows)) => {
                                let _ = sender.send((*job, Ok(rows)));
                            }
                            Ok(None) => {}
                            Err(message) => {
                                // No new job starts; the rows already written stay.
                                stop.store(true, Ordering::Relaxed);
                                let name = &context.variants[job.variant].name;
                                let _ = sender.send((
                                    *job,
                                    Err(anyhow::anyhow!("variant \"{name}\", {message}")),
                                ));
                            }
                        }
                    });
            });
        });
        let mut result = Ok(());
        for (job, rows) in receiver {
            if result.is_ok() {
                result = rows.and_then(|rows| on_done(&job, rows));
                if result.is_err() {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
        result
    })
}

/// A row from an external engine's search to `depth`: its nodes are the work column
/// (`nodes_cum`, every node since `go`); counters it does not report stay empty.
fn engine_row(
    experiment: &str,
    variant: &str,
    position: &str,
    depth: u32,
    search: &EngineSearch,
    bm_ok: Option<bool>,
    config_hash: &str,
) -> Row {
    let nodes = search.nodes.unwrap_or(0);
    let stats = SearchStats {
        seldepth: search.seldepth.unwrap_or(0).into(),
        ..SearchStats::default()
    };
    Row {
        experiment: experiment.to_string(),
        variant: variant.to_string(),
        position: position.to_string(),
        depth,
        nodes_cum: nodes,
        time_ms: round3(search.iteration_ms.unwrap_or(search.time_ms)),
        time_ms_cum: round3(search.time_ms),
        nps: if search.time_ms > 0.0 {
            (nodes as f64 / (search.time_ms / 1e3)) as u64
        } else {
            0
        },
        score_cp: search.score_cp.unwrap_or(0),
        mate: search.mate,
        best_move: search.best_move.clone(),
        pv: search.pv.clone(),
        bm_ok,
        config_hash: config_hash.to_string(),
        stats,
        minimal_nodes: None,
        oracle_nodes: None,
        fullwidth_leaves: None,
        nodes_two_plies_back: None,
        counted: if search.seldepth.is_some() {
            Counted::Seldepth
        } else {
            Counted::Nothing
        },
    }
}
