//! Iterative deepening and the aspiration window at the root.

use super::node::Node;
use super::repetition::EarlierPositions;
use super::Searcher;
use crate::chess::notation::{uci, uci_line};
use crate::config::search_config::AspirationResearch;
use crate::search::iteration::{Aborted, IterationReport};
use crate::search::score::{mate_in, Score, INF};
use crate::search::window::Window;
use cozy_chess::Board;
use std::time::Instant;

impl Searcher<'_> {
    /// Iterative deepening (`iterative_deepening`, `ordering.history_decay`): one report per
    /// iteration, or one search at `depth` alone.
    pub fn run(&mut self, root: &Board, depth: u32) -> Result<Vec<IterationReport>, Aborted> {
        let (reports, aborted) = self.run_reporting(root, depth, &mut |_| true);
        if aborted {
            Err(Aborted)
        } else {
            Ok(reports)
        }
    }

    /// `run`, handing each completed iteration to `on_iteration` (false: go no deeper); returns
    /// the completed iterations and whether a stop cut the last one short.
    pub fn run_reporting(
        &mut self,
        root: &Board,
        depth: u32,
        on_iteration: &mut dyn FnMut(&IterationReport) -> bool,
    ) -> (Vec<IterationReport>, bool) {
        let first = if self.cfg.iterative_deepening {
            1
        } else {
            depth
        };
        self.earlier = EarlierPositions::new(self.game, root.halfmove_clock());
        let psq = self.fresh_psq(root, 0);
        let mut guess = self.evaluate(root, 0, psq);
        let mut reports = Vec::with_capacity(depth as usize);
        let mut nodes_cum = 0;
        let started = Instant::now();
        for d in first..=depth {
            if d > first {
                self.tables.next_iteration(self.cfg);
            }
            self.stats.seldepth = 0;
            let before = self.stats;
            let iteration_start = Instant::now();
            let score = self.root_search(root, d, guess);
            if self.aborted {
                return (reports, true);
            }
            let stats = self.stats.since(&before);
            nodes_cum += stats.nodes + stats.qnodes;
            let line = self.pv.line(0);
            let nodes_two_plies_back = reports
                .iter()
                .find(|r: &&IterationReport| r.depth + 2 == d)
                .map(|r| r.stats.nodes);
            reports.push(IterationReport {
                depth: d,
                score_cp: score,
                mate: mate_in(score),
                best_move: line.first().copied(),
                best_move_uci: line.first().map(|&mv| uci(root, mv)).unwrap_or_default(),
                pv: uci_line(root, line),
                stats,
                nodes_cum,
                nodes_two_plies_back,
                time_ms: iteration_start.elapsed().as_secs_f64() * 1e3,
                time_ms_cum: started.elapsed().as_secs_f64() * 1e3,
            });
            guess = score;
            if !on_iteration(reports.last().expect("just pushed")) {
                break;
            }
        }
        (reports, false)
    }

    /// The root in an aspiration window (`aspiration.enabled`, `aspiration.window`,
    /// `aspiration.research`), re-searched until the score falls inside.
    fn root_search(&mut self, root: &Board, depth: u32, guess: Score) -> Score {
        self.iteration_depth = depth;
        let asp = &self.cfg.aspiration;
        let psq = self.fresh_psq(root, 0);
        if !asp.enabled {
            return self.negamax_root(root, Node::root(depth, Window::FULL, psq));
        }
        let mut delta = asp.window;
        let mut window = Window::around(guess, delta);
        loop {
            let score = self.negamax_root(root, Node::root(depth, window, psq));
            if self.aborted {
                return score;
            }
            let failed_low = score <= window.alpha && window.alpha > -INF;
            let failed_high = score >= window.beta && window.beta < INF;
            if !failed_low && !failed_high {
                return score;
            }
            self.stats.asp_researches += 1;
            delta = (delta * 2).max(1);
            let open = asp.research == AspirationResearch::Open;
            if failed_low {
                window.alpha = if open {
                    -INF
                } else {
                    (guess - delta).clamp(-INF, INF)
                };
            } else {
                window.beta = if open {
                    INF
                } else {
                    (guess + delta).clamp(-INF, INF)
                };
            }
        }
    }

    /// The root node, with the search compiled for the knobs in force: with every pruning,
    /// reduction and extension knob off, their steps are not in the code at all
    /// (`SELECTIVE = false`), so a search without them pays nothing for them; the same for the
    /// switched steps (`SWITCHED`, `Switches::any`). Within a build each step tests its knob.
    fn negamax_root(&mut self, root: &Board, node: Node) -> Score {
        if self.on.any() {
            // Every switched step is also selective, but a switch whose knob cannot change the
            // tree alone (`lmr.cut_node` without LMR) still needs the pruning build around it.
            self.negamax::<true, true>(root, node)
        } else if self.selective {
            self.negamax::<true, false>(root, node)
        } else {
            self.negamax::<false, false>(root, node)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::knob::{self, Domain};
    use crate::config::search_config::TtMode;
    use crate::config::table_paths::insert;
    use crate::config::SearchConfig;
    use crate::search::searcher::switches::Switches;
    use crate::search::tt::TranspositionTable;
    use toml::Value;

    /// The pruning steps of `strongest_2008`, none of them switched: a base on which a
    /// switched knob's sub-knobs act, and on which a step wrongly left out of `Switches`
    /// would be compiled out.
    const CLASSIC: [&str; 8] = [
        "null_move.enabled",
        "lmr.enabled",
        "futility.enabled",
        "reverse_futility.enabled",
        "razoring.enabled",
        "late_move_pruning.enabled",
        "see_pruning.enabled",
        "extensions.check",
    ];

    /// Kiwipete: captures, checks, castling and quiet moves at every depth.
    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    /// Nodes and scores of depths 1 to 4 searched in turn with a table, in the build
    /// `negamax_root` chooses, or in the build with every step compiled in.
    fn search(cfg: &SearchConfig, board: &Board, every_step: bool) -> (u64, Vec<Score>) {
        let mut table = (cfg.tt != TtMode::Off).then(|| TranspositionTable::new(1));
        let mut searcher = Searcher::new(cfg, None, table.as_mut());
        let psq = searcher.fresh_psq(board, 0);
        let scores = (1..=4)
            .map(|depth| {
                let node = Node::root(depth, Window::FULL, psq);
                if every_step {
                    searcher.negamax::<true, true>(board, node)
                } else {
                    searcher.negamax_root(board, node)
                }
            })
            .collect();
        (searcher.stats.nodes, scores)
    }

    /// The base: `CLASSIC` on, or nothing, with every step's shallowest depth (`*.min_depth`)
    /// at its least, so that a depth-4 search reaches each step.
    fn base(classic: bool) -> toml::Table {
        let mut table = toml::Table::new();
        for knob in knob::all() {
            if let (true, Domain::Int { min, .. }) = (knob.key.ends_with(".min_depth"), knob.domain)
            {
                insert(&mut table, knob.key, Value::Integer(min));
            }
        }
        for key in CLASSIC.iter().filter(|_| classic) {
            insert(&mut table, key, Value::Boolean(true));
        }
        table
    }

    /// A build leaves a step out only where its knobs are off: each value of each knob, alone
    /// on `base(classic)`, searches the same trees in the build its knobs choose as with every
    /// step compiled in. (A switch left out of `Switches::any`, ProbCut's for one, fails here.)
    /// Returns how many settings were checked and how many ran in a leaner build.
    fn every_knob_searches_the_tree_of_every_step(classic: bool) -> (usize, usize) {
        let board: Board = KIWIPETE.parse().expect("Kiwipete parses");
        let (mut checked, mut leaner) = (0, 0);
        for knob in knob::all() {
            for value in knob.sample_values() {
                let mut table = base(classic);
                insert(&mut table, knob.key, value.clone());
                let Ok(cfg) = Value::Table(table).try_into::<SearchConfig>() else {
                    continue;
                };
                if cfg.validate().is_err() {
                    continue;
                }
                checked += 1;
                if Switches::of(&cfg).any() {
                    // The build with every step in, compared with itself.
                    continue;
                }
                leaner += 1;
                assert_eq!(
                    search(&cfg, &board, false),
                    search(&cfg, &board, true),
                    "{} = {value}, classic base {classic}",
                    knob.key
                );
            }
        }
        (checked, leaner)
    }

    // Two tests, one a base, so that the test threads share the work.
    #[test]
    fn the_build_a_search_chooses_searches_the_tree_of_every_step_compiled_in() {
        let (checked, leaner) = every_knob_searches_the_tree_of_every_step(false);
        // Most of them run in a leaner build than the one they are compared with.
        assert!(checked > 250 && leaner > checked / 2, "{checked} {leaner}");
    }

    #[test]
    fn on_the_classic_pruning_steps_too() {
        let (checked, leaner) = every_knob_searches_the_tree_of_every_step(true);
        assert!(checked > 250 && leaner > checked / 2, "{checked} {leaner}");
    }
}
