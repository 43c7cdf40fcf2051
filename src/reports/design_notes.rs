//! What a design report says beside its fit, so that its figures are read for what they are:
//! games played at a fixed depth (where a step's cost in nodes is never charged, with each
//! factor's nodes a move), and games set apart (flagged slow) with whether the fit without them
//! moves any figure past its interval. Games lost by an engine's fault are `fault_notes`'s.

use crate::config::design::Design;
use crate::game_record::GameRow;
use crate::matches::games_manifest::MatchManifest;
use crate::matches::limit_notes::UNCHARGED;
use crate::output::number_format::{signed, Minus};
use crate::settings::move_limit::Limit;
use crate::stats::design_effects::DesignAnalysis;
use crate::stats::slow_games::{slow_games, SLOW_FRACTION};

/// Each factor's nodes a move: the points that apply it over the points that do not, from the
/// points' own moves (not their opponent's). `None` for a factor one side of which has no move.
pub fn node_ratios(design: &Design, rows: &[GameRow]) -> Vec<(String, Option<f64>)> {
    let mut work = vec![[(0u64, 0usize); 2]; design.factors.len()];
    for r in rows {
        let Some(point) = design.point_of(&r.variant) else {
            continue;
        };
        let (nodes, moves, _) = r.side_work(&r.variant);
        for (i, sides) in work.iter_mut().enumerate() {
            let side = &mut sides[usize::from(point & (1 << i) != 0)];
            side.0 += nodes;
            side.1 += moves;
        }
    }
    let per_move = |(nodes, moves): (u64, usize)| (moves > 0).then(|| nodes as f64 / moves as f64);
    design
        .factors
        .iter()
        .zip(work)
        .map(|(f, [off, on])| {
            let ratio = per_move(on)
                .zip(per_move(off))
                .filter(|(_, off)| *off > 0.0)
                .map(|(on, off)| on / off);
            (f.name.clone(), ratio)
        })
        .collect()
}

/// For games played at a fixed depth: that a step's cost in nodes is not charged there, with
/// each factor's nodes a move; `None` under a node budget or a clock, where it is.
pub fn fixed_depth_note(design: &Design, rows: &[GameRow], limit: &Limit) -> Option<String> {
    let depth = limit.depth()?;
    let ratios: Vec<String> = node_ratios(design, rows)
        .into_iter()
        .map(|(name, ratio)| match ratio {
            Some(r) => format!("{name} ×{r:.2}"),
            None => format!("{name} -"),
        })
        .collect();
    Some(format!(
        "played at a fixed depth ({depth} plies a move): {UNCHARGED}; these figures are not the steps' worth at equal cost (docs/pruning-and-games.md: the sign flips between depth 5 and 30,000 nodes). Nodes a move, the points applying each factor over those that do not: {}. For the worth at equal cost, play at a node budget (--nodes) or a clock (--tc)",
        ratios.join(", ")
    ))
}

/// `head` (how many games were set apart, and why), then whether the fit without them moves
/// any figure by more than its 95% half-width: the largest change against that figure's.
pub fn moved_line(
    head: &str,
    with: &DesignAnalysis,
    without: &Result<DesignAnalysis, String>,
) -> String {
    let Ok(without) = without else {
        return format!("{head}; the model cannot be fitted without them");
    };
    let largest = with
        .named_figures()
        .into_iter()
        .zip(without.named_figures())
        .map(|((name, with), (_, without))| (name, without.value - with.value, with.half_width()))
        .max_by(|a, b| (a.1.abs() / a.2).total_cmp(&(b.1.abs() / b.2)));
    match largest {
        Some((name, moved, half)) if moved.abs() > half => format!(
            "{head}; without them {name} moves by {} Elo, more than its 95% half-width ±{half:.1}: read it with care",
            signed(moved, 1, Minus::Ascii)
        ),
        Some((name, moved, half)) => format!(
            "{head}; without them no figure moves by more than its 95% half-width (the most, {name}: {} against ±{half:.1})",
            signed(moved, 1, Minus::Ascii)
        ),
        None => head.to_string(),
    }
}

/// How many games a side played far under its usual speed (`slow_games`), and whether the
/// fit without them moves any figure. Under a node or depth limit a game's moves are the same
/// at any speed, so none is called slow there: "31 of 128 slow" read as 31 games to distrust.
pub fn slow_games_line(
    analysis: &DesignAnalysis,
    refit: impl Fn(&[GameRow]) -> Result<DesignAnalysis, String>,
    rows: &[GameRow],
    manifest: &MatchManifest,
) -> String {
    if let Some(fixed) = fixed_work(manifest) {
        return format!(
            "slow games: none looked for (at {fixed}, a game's moves are the same however fast the machine ran)"
        );
    }
    let flagged = slow_games(rows);
    let count = flagged.iter().filter(|f| **f).count();
    let rule = format!(
        "a side under {:.0}% of its median nodes a second in the run",
        100.0 * SLOW_FRACTION
    );
    if count == 0 {
        return format!("slow games: none ({rule})");
    }
    let kept: Vec<GameRow> = rows
        .iter()
        .zip(&flagged)
        .filter(|(_, f)| !**f)
        .map(|(r, _)| r.clone())
        .collect();
    let head = format!("slow games: {count} of {} ({rule})", rows.len());
    moved_line(&head, analysis, &refit(&kept))
}

/// The match's limit in words when it fixes each move's work whatever the machine's speed (a
/// depth or a node count, and no side on a clock of its own); `None` under a clock.
fn fixed_work(manifest: &MatchManifest) -> Option<String> {
    use crate::config::engine::SideLimit;
    let own_clock = manifest.variants.iter().any(|v| {
        let limit = v.engine.as_ref().and_then(|e| e.limit.as_ref());
        matches!(limit, Some(SideLimit::Tc(_) | SideLimit::St(_)))
    });
    match manifest.limit {
        _ if own_clock => None,
        Limit::Nodes(n) => Some(format!("{n} nodes a move")),
        depth @ Limit::Depth(_) => Some(depth.to_string()),
        Limit::Clock(_) | Limit::MoveTime(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::move_limit::{MoveTime, TimeControl};

    fn design() -> Design {
        let table: toml::Table = toml::from_str(
            "fraction = \"full\"\n[factors]\nno_a = { \"null_move.enabled\" = false }\n\
             no_b = { \"lmr.enabled\" = false }\n",
        )
        .unwrap();
        crate::config::design::parse(table).unwrap()
    }

    fn game(variant: &str, nodes: u64) -> GameRow {
        GameRow {
            variant: variant.into(),
            opponent: "base".into(),
            white: variant.into(),
            black: "base".into(),
            plies: 20,
            white_nodes: nodes,
            black_nodes: 1,
            fen: "8/8/8/8/8/8/8/K6k w - - 0 1".into(),
            ..GameRow::default()
        }
    }

    #[test]
    fn each_factor_s_nodes_a_move_are_its_points_over_the_others() {
        let d = design();
        // no_a doubles the nodes, no_b leaves them as they are.
        let rows = [
            game("none", 1000),
            game("no_a", 2000),
            game("no_b", 1000),
            game("no_a,no_b", 2000),
        ];
        let ratios = node_ratios(&d, &rows);
        assert_eq!(ratios[0], ("no_a".to_string(), Some(2.0)));
        assert_eq!(ratios[1], ("no_b".to_string(), Some(1.0)));
        let note = fixed_depth_note(&d, &rows, &Limit::Depth(6)).unwrap();
        assert!(
            note.contains("fixed depth (6 plies a move)")
                && note.contains("for free")
                && note.contains("no_a ×2.00, no_b ×1.00"),
            "{note}"
        );
        assert_eq!(fixed_depth_note(&d, &rows, &Limit::Nodes(20000)), None);
        let clock = Limit::Clock(TimeControl {
            base_ms: 1000,
            inc_ms: 10,
        });
        assert_eq!(fixed_depth_note(&d, &rows, &clock), None);
        let move_time = Limit::MoveTime(MoveTime { ms: 50 });
        assert_eq!(fixed_depth_note(&d, &rows, &move_time), None);
    }
}
