//! A design's report before its model can be fitted: why the fit waits, what the games hold
//! (each point's pairs as the fit counts them, the points still at 0% or 100%, the faults),
//! and how deep and how far each side searched. A long design (docs/stockfish.md's) spends
//! days there, and its report says what its games show so far rather than nothing; the same
//! command gives the fit once the games allow it.

use super::depth_profile_table::{shallow_warning, write_depths, PlayerDepths};
use super::design_report::search_sections;
use super::nodes_a_move::{off_limit_warning, PlayerNodes};
use crate::game_record::GameRow;
use crate::matches::games_manifest::MatchManifest;
use crate::matches::games_pgn::{write_pgn, PgnTags};
use crate::output::export::{Exporter, Markdown};
use crate::output::number_format::thousands;
use crate::output::table::{Cell, Table};
use crate::stats::faults::without_faulted_pairs;
use crate::stats::precision::pentanomials;
use crate::storage::write_atomically;
use std::path::Path;

/// One point's games as the fit counts them: its complete pairs, none of them ended by an
/// engine's fault.
#[derive(Debug, Clone, PartialEq)]
pub struct PointScore {
    pub point: String,
    /// Whom it played: the design's opponent, or one engine of a gauntlet.
    pub opponent: String,
    pub pairs: u64,
    /// Its share of the points of those pairs' games; NaN before its first complete pair.
    pub score: f64,
}

impl PointScore {
    /// Lost or won every game: such a point has no finite Elo of its own.
    pub fn at_edge(&self) -> bool {
        self.pairs > 0 && (self.score == 0.0 || self.score == 1.0)
    }
}

/// Each pairing's point (its variant), in the design's order, with the pairs the fit counts.
pub fn point_scores(pairings: &[(String, String)], rows: &[GameRow]) -> Vec<PointScore> {
    let kept = without_faulted_pairs(rows);
    pentanomials(pairings, &kept, usize::MAX)
        .iter()
        .zip(pairings)
        .map(|(counts, (point, opponent))| {
            let pairs = counts.pairs();
            let points: f64 = (0..5).map(|k| k as f64 * 0.5 * counts.0[k] as f64).sum();
            PointScore {
                point: point.clone(),
                opponent: opponent.clone(),
                pairs,
                score: points / (2 * pairs) as f64,
            }
        })
        .collect()
}

/// The points still at 0% or 100%, each with its pairs and score (and whom it played, when
/// the points play more than one opponent: a gauntlet).
fn edge_table(points: &[PointScore]) -> Table {
    let gauntlet = points.iter().any(|p| p.opponent != points[0].opponent);
    let titles: &[&str] = match gauntlet {
        true => &["point", "against", "game pairs", "score"],
        false => &["point", "game pairs", "score"],
    };
    let mut t = Table::new(titles);
    for p in points.iter().filter(|p| p.at_edge()) {
        let mut row = vec![Cell::text(p.point.clone())];
        if gauntlet {
            row.push(Cell::text(p.opponent.clone()));
        }
        row.push(Cell::number(Some(p.pairs as f64)).shown_as(p.pairs.to_string()));
        row.push(Cell::number(Some(100.0 * p.score)).shown_as(format!("{:.0}%", 100.0 * p.score)));
        t.row(row);
    }
    t
}

/// What the games hold, a line each: pairs and points, the fewest pairs at a point, the points
/// at the edge.
fn progress_lines(points: &[PointScore], games: usize) -> Vec<String> {
    let played = points.iter().filter(|p| p.pairs > 0).count();
    let pairs: u64 = points.iter().map(|p| p.pairs).sum();
    let fewest = points.iter().map(|p| p.pairs).min().unwrap_or(0);
    let edge = points.iter().filter(|p| p.at_edge()).count();
    // Points that play several opponents (a gauntlet, or a joined fit's corner and anchor) are
    // counted a pairing at a time: a point against one opponent.
    let (unit, units, one) = match points.iter().any(|p| p.opponent != points[0].opponent) {
        true => (
            "pairing",
            "pairings (a point against one opponent)",
            "pairing",
        ),
        false => ("point", "points", "point"),
    };
    vec![
        format!(
            "{} games; {} complete game pair{} without a fault, the fit's, over {played} of {} {units} (the fewest at a {one}: {fewest})",
            thousands(games as u64),
            thousands(pairs),
            if pairs == 1 { "" } else { "s" },
            points.len()
        ),
        match edge {
            1 => format!("1 {unit} still at 0% or 100% of its games"),
            n => format!("{n} {unit}s still at 0% or 100% of their games"),
        },
    ]
}

/// The report's Markdown: why the fit waits, the lines above and `more` (the faults), the
/// points at the edge, and the search sections.
fn progress_markdown(
    title: &str,
    why: &str,
    points: &[PointScore],
    games: usize,
    (depths, nodes): (&[PlayerDepths], &[PlayerNodes]),
    more: &[String],
) -> String {
    let mut out = format!("# {title}: not fitted yet\n\n");
    for warning in [shallow_warning(depths), off_limit_warning(nodes)]
        .into_iter()
        .flatten()
    {
        out += &format!("{warning}\n\n");
    }
    out += &format!(
        "The design's model cannot be fitted from these games yet: {why}. Until it can, this \
         report gives what the games hold; `ablate report` on the same file gives the fit, each \
         step's worth and the interactions once they allow it.\n\n"
    );
    for line in progress_lines(points, games).iter().chain(more) {
        out += &format!("- {line}\n");
    }
    if points.iter().any(PointScore::at_edge) {
        out += "\n## Points at 0% or 100%\n\n";
        out += &Markdown.render(&edge_table(points));
    }
    out += &search_sections(depths, nodes);
    out
}

/// A design's (or gauntlet's) report before its model can be fitted: writes beside the games
/// the Markdown (at `markdown`, else the CSV's `.md`), the depth files and the PGN, and returns
/// what the terminal shows, the files written included. `faults` is the head line on the
/// faults; `why`, the fit's refusal.
pub fn write_progress(
    csv: &Path,
    markdown: Option<&Path>,
    (rows, manifest): (&[GameRow], &MatchManifest),
    (why, faults): (&str, &str),
    (depths, nodes): (&[PlayerDepths], &[PlayerNodes]),
) -> anyhow::Result<String> {
    let markdown = markdown.map_or_else(|| csv.with_extension("md"), Path::to_path_buf);
    let points = point_scores(&manifest.pairings, rows);
    let mut terminal = format!("not fitted yet: {why}\n");
    for line in progress_lines(&points, rows.len()) {
        terminal += &format!("{line}\n");
    }
    terminal += &format!("{faults}\n\n");
    if let Some(dir) = markdown.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let more = [faults.to_string()];
    let text = progress_markdown(
        &manifest.experiment,
        why,
        &points,
        rows.len(),
        (depths, nodes),
        &more,
    );
    write_atomically(&markdown, text.as_bytes())?;
    let mut written = vec![markdown];
    if !depths.is_empty() {
        written.extend(write_depths(csv, depths)?);
    }
    // A joined fit's name is no games file of its own: its games are in its runs' own PGNs.
    if csv.exists() {
        let pgn = csv.with_extension("pgn");
        write_pgn(&pgn, rows, &PgnTags::of(Some(manifest)), csv)?;
        written.push(pgn);
    }
    for file in &written {
        terminal += &format!("wrote {}\n", file.display());
    }
    Ok(terminal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_points_score_counts_complete_pairs_without_a_fault() {
        let pairings = vec![("p".to_string(), "b".to_string())];
        let game = |pair, white: &str, result: &str| {
            let mut row = GameRow::a_against_b(pair, white, result);
            row.variant = "p".into();
            if row.white == "a" {
                row.white = "p".into();
            } else {
                row.black = "p".into();
            }
            row
        };
        let mut rows = vec![
            game(0, "p", "0-1"),
            game(0, "b", "1-0"),
            game(1, "p", "1/2-1/2"),
            game(1, "b", "1-0"),
            // Half a pair: not the fit's yet.
            game(2, "p", "1-0"),
        ];
        let scores = point_scores(&pairings, &rows);
        assert_eq!(scores[0].pairs, 2);
        assert!((scores[0].score - 0.5 / 4.0).abs() < 1e-12);
        assert!(!scores[0].at_edge());
        // The draw's pair ended by a fault instead: left out, the point is at 0%.
        rows[2].termination = "time forfeit: p: no bestmove".into();
        rows[2].result = "0-1".into();
        let scores = point_scores(&pairings, &rows);
        assert_eq!((scores[0].pairs, scores[0].score), (1, 0.0));
        assert!(scores[0].at_edge());
        let text = progress_markdown("t", "why", &scores, rows.len(), (&[], &[]), &[]);
        assert!(text.starts_with("# t: not fitted yet\n\nThe design's model cannot be fitted from these games yet: why."), "{text}");
        assert!(text.contains("- 5 games; 1 complete game pair without a fault, the fit's, over 1 of 1 points (the fewest at a point: 1)\n- 1 point still at 0% or 100% of its games\n"), "{text}");
        assert!(text.contains("| p | 1 | 0% |"), "{text}");
    }
}
