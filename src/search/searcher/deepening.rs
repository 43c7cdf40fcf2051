//! Iterative deepening and the aspiration window at the root.

use super::node::Node;
use super::repetition::EarlierPositions;
use super::Searcher;
use crate::chess::eval::initial_psq;
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
        let mut guess = self.evaluate(root, initial_psq(root, self.eval));
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
        let psq = initial_psq(root, self.eval);
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
    /// (`SELECTIVE = false`), so a search without them pays nothing for them. Within the
    /// selective build each step tests its own switch (`Switches`).
    fn negamax_root(&mut self, root: &Board, node: Node) -> Score {
        if self.selective {
            self.negamax::<true>(root, node)
        } else {
            self.negamax::<false>(root, node)
        }
    }
}
