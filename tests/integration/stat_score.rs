//! Stockfish 88f17a814's statScore in LMR (`lmr.stat_score`): it moves reductions, and so the
//! tree, once the histories it reads have grown, and counts what it did.

use crate::common::config;

use ablate::config::SearchConfig;
use ablate::suite::Suite;
use std::path::Path;

/// Stockfish's statScore in LMR (`lmr.stat_score`) acts where the histories have grown: on
/// Ethereal's tables, one search's histories seldom reach the ±14,721 that move a reduction a
/// ply, so each position is searched again and again as a game's moves search one family of
/// positions, each search from the tables the last one left (`keep_tables`).
#[test]
fn stat_score_acts_once_the_histories_have_grown() {
    let base = [
        "null_move.enabled=true",
        "lmr.enabled=true",
        "lmr.reduction=log",
        "continuation.enabled=true",
    ];
    let kept_run = |cfg: &SearchConfig| -> (u64, u64) {
        let suite =
            Suite::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/bk.epd")).unwrap();
        let mut kept = ablate::search::KeptTables::new(cfg);
        let depths: Vec<u32> = (1..=9).collect();
        let (mut work, mut adjusted) = (0, 0);
        for position in suite.positions.iter().take(4).flat_map(|p| [p; 4]) {
            let reports =
                ablate::search::search_depths_kept(&position.board, &depths, cfg, None, &mut kept)
                    .unwrap();
            work += reports.last().unwrap().nodes_cum;
            adjusted += reports
                .iter()
                .map(|r| r.stats.stat_score_adjustments)
                .sum::<u64>();
        }
        (work, adjusted)
    };
    let (plain, none) = kept_run(&config(&base));
    let mut with = base.to_vec();
    with.push("lmr.stat_score=true");
    let (work, adjusted) = kept_run(&config(&with));
    assert_eq!(none, 0, "counted with the knob off");
    assert!(
        adjusted > 0 && work != plain,
        "lmr.stat_score: {adjusted} reductions moved, {work} nodes against {plain}"
    );
}
