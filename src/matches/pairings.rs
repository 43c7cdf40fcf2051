//! A match's plan: its options, who plays whom, the openings in the order pairs take them,
//! and the games in canonical order (pair-major, so each pairing's pairs finish in order).

use crate::config::experiment::{Experiment, ResolvedVariant};
use crate::digest::short_sha256;
use crate::error::InputError;
use crate::game_record::GameRow;
use crate::search::clock::Limit;
pub use crate::settings::match_settings::DEFAULT_TIME_MARGIN_MS;
use crate::settings::MatchSettings;
use crate::suite::{EpdPosition, Suite};
use crate::uci::client::EngineProcess;
use sha2::{Digest, Sha256};

/// The most games a pairing may ask for: far beyond any match that finishes, and far below
/// the counts whose index arithmetic would overflow.
pub const MAX_GAMES_PER_PAIRING: usize = 10_000_000;

/// The most nodes an engine may search for `go nodes n` and still honour it: twice the limit,
/// or the limit and 100,000 for a small one (an engine that checks its count every few
/// thousand nodes passes a small limit by that much). Glaurung 2.2 on its default two threads
/// searched 20,000 to 35,000 for 20,000.
fn node_limit_ceiling(n: u64) -> u64 {
    n.saturating_mul(2).max(n.saturating_add(100_000))
}

/// Whether an engine's probe search (`EngineProcess::probe_nodes`) honours a limit of `n`
/// nodes: not past the ceiling (Fruit 2.1 and Toga II search on to millions), not a tenth of
/// it or less (Debian's Ethereal 12 stops after depth 1 for any `go nodes`), and counted.
pub fn honours_node_limit(n: u64, searched: Option<u64>) -> Result<(), String> {
    let refuse = |what: String| {
        Err(format!(
            "{what}: it cannot honour a node budget; expected a match at a fixed time a move for it \
             (--st, e.g. --st 0.04: it charges each step for its nodes, as a budget does), or a \
             clock (--tc); --depth plays too, but a fixed depth gives a pruning step its nodes free"
        ))
    };
    match searched {
        None => refuse(format!(
            "asked for go nodes {n} from the initial position, it reported no node count"
        )),
        Some(m) if m > node_limit_ceiling(n) => refuse(format!(
            "asked for go nodes {n} from the initial position, it searched {m} nodes before it was told to stop"
        )),
        Some(m) if m.saturating_mul(10) <= n => refuse(format!(
            "asked for go nodes {n} from the initial position, it stopped after {m} nodes"
        )),
        Some(_) => Ok(()),
    }
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
    /// Each variant's limit per move: the match's, or an engine's own (`limit = {...}`).
    pub limits: Vec<Limit>,
    /// The limit per move of the match (a variant may have its own: `limits`).
    pub limit: Limit,
    /// What the match plays, as the command line and the run gave it.
    pub options: MatchSettings,
}

/// Resolves the experiment's variants, loads the openings and plans the pairings.
pub fn prepare_match(
    experiment: Experiment,
    options: MatchSettings,
) -> anyhow::Result<PreparedMatch> {
    let limit = options.limit()?;
    // --set is laid over every variant of ablate's search, so it enters each one's identity,
    // and with it the match hash: games played under another --set are another match's.
    let variants = experiment.resolve(&options.sets)?;
    for note in experiment.lint(&variants) {
        eprintln!("warning: {note}");
    }
    if options.games() > MAX_GAMES_PER_PAIRING {
        return Err(InputError::in_file(
            "--games",
            format!(
                "{}; expected at most {MAX_GAMES_PER_PAIRING} games per pairing",
                options.games()
            ),
        )
        .into());
    }
    if options.games() == 0 || options.games() % 2 != 0 {
        return Err(InputError::in_file(
            "--games",
            format!(
                "{}; expected an even number of games, 2 or more (they are played in pairs)",
                options.games()
            ),
        )
        .into());
    }
    let names: Vec<&str> = variants.iter().map(|v| v.name.as_str()).collect();
    let given = options.variants.iter().map(|v| ("--variant", v));
    for (flag, wanted) in given.chain(options.opponents.iter().map(|o| ("--opponent", o))) {
        if !names.contains(&wanted.as_str()) {
            // The names always, so that a name far from every one is not met with a guess.
            let all: Vec<String> = names.iter().map(|s| s.to_string()).collect();
            let near = crate::config::keys::suggest(wanted, &all)
                .map_or(String::new(), |n| format!("did you mean \"{n}\"? "));
            let message = format!(
                "no variant \"{wanted}\" in {}; {near}its variants are: {}",
                experiment.file,
                all.join(", ")
            );
            return Err(InputError::in_file(flag, message).into());
        }
    }
    let design = experiment.design.as_ref();
    let design_opponent = design
        .and_then(|d| d.opponent.as_ref())
        .and_then(|o| variants.iter().position(|v| &v.name == o));
    let mut playing: Vec<usize> = (0..variants.len())
        .filter(|&i| {
            i == 0 || options.variants.is_empty() || options.variants.contains(&variants[i].name)
        })
        .collect();
    // A design's declared opponent plays whenever one of its points does.
    let is_point = |i: usize| design.is_some_and(|d| d.point_of(&variants[i].name).is_some());
    if let Some(o) = design_opponent {
        if !playing.contains(&o) && playing.iter().any(|&i| is_point(i)) {
            playing.push(o);
            playing.sort_unstable();
        }
    }
    let mut pairings = Vec::new();
    let opponents: Vec<usize> = options
        .opponents
        .iter()
        .filter_map(|o| names.iter().position(|n| n == o))
        .collect();
    if !opponents.is_empty() && options.round_robin {
        return Err(InputError::in_file(
            "--opponent",
            "a gauntlet plays each variant against the opponents named; expected no --round-robin beside it",
        )
        .into());
    }
    if !opponents.is_empty() {
        // The gauntlet: the baseline plays too, unless the run plays a design's points (its
        // corner point plays what the baseline plays).
        let points_play = playing.iter().any(|&i| is_point(i));
        let players: Vec<usize> = playing
            .iter()
            .copied()
            .filter(|i| !opponents.contains(i) && (*i != 0 || !points_play))
            .collect();
        for &variant in &players {
            for &opponent in &opponents {
                pairings.push(Pairing { variant, opponent });
            }
        }
        playing.extend(&opponents);
        playing.sort_unstable();
        playing.dedup();
    } else if options.round_robin {
        for (a, &i) in playing.iter().enumerate() {
            for &j in &playing[a + 1..] {
                pairings.push(Pairing {
                    variant: j,
                    opponent: i,
                });
            }
        }
    } else {
        // A design's points play its declared opponent, when it names one; the opponent plays the points; against the baseline only when asked for by name.
        let asked = |i: usize| options.variants.contains(&variants[i].name);
        for &i in playing.iter().skip(1) {
            if design_opponent == Some(i) && !asked(i) {
                continue;
            }
            let opponent = match (is_point(i), design_opponent) {
                (true, Some(o)) => o,
                _ => 0,
            };
            if i != opponent {
                pairings.push(Pairing {
                    variant: i,
                    opponent,
                });
            }
        }
    }
    check_sets(&options.sets, &variants, &playing)?;
    if options.precision.is_some() && (options.sprt.is_some() || options.shard.is_some()) {
        return Err(InputError::in_file(
            "--precision",
            "stops on whole rounds of every pairing; expected neither --sprt nor --shard beside it (play the shards to --games, merge them, and `ablate report` gives the half-widths)",
        )
        .into());
    }
    if pairings.is_empty() {
        return Err(InputError::in_file(
            &experiment.file,
            "no pairing: a match needs a variant besides the baseline",
        )
        .into());
    }
    // A side's own node budget multiplies the match's: under a depth or a clock it would mean
    // nothing, and the match would play something other than what was asked.
    let other_limit = match limit {
        Limit::Nodes(_) => None,
        Limit::Depth(d) => Some(format!("a fixed depth (--depth {d})")),
        Limit::Clock(_) => Some("a clock (--tc)".to_string()),
        Limit::MoveTime(_) => Some("a time per move (--st)".to_string()),
    };
    if let Some(other_limit) = other_limit {
        for &i in &playing {
            let factor = variants[i].config.game.node_factor;
            if variants[i].engine.is_none() && factor != 1 {
                return Err(InputError::in_file(
                    &experiment.file,
                    format!(
                        "variant \"{}\": game.node_factor = {factor} multiplies a node budget; expected a match under --nodes, not {other_limit}",
                        variants[i].name,
                    ),
                )
                .into());
            }
        }
    }
    let limits = variants
        .iter()
        .map(|v| side_limit(v, limit))
        .collect::<Result<Vec<Limit>, String>>()
        .map_err(|m| InputError::in_file(&experiment.file, m))?;
    // Engines are started once here, so that a missing program or a wrong option is an error
    // before any game, not a forfeit in every game; under a node budget each is probed for
    // how it reads `go nodes`, so that one that cannot honour it is refused before play.
    for i in &playing {
        if let Some(spec) = &variants[*i].engine {
            let located = |m: String| {
                InputError::in_file(
                    &experiment.file,
                    format!("variant \"{}\": {m}", variants[*i].name),
                )
            };
            let mut process = EngineProcess::start(spec).map_err(located)?;
            if let (Some(design), 0) = (&experiment.design, *i) {
                // The baseline engine is the one an engine design's points are built on.
                super::engine_factors::check_engine_factors(
                    design,
                    spec,
                    &process.identity.declared,
                )
                .map_err(|m| InputError::in_file(&experiment.file, m))?;
            }
            if let Limit::Nodes(n) = limits[*i] {
                let searched = process
                    .probe_nodes(n, node_limit_ceiling(n))
                    .map_err(located)?;
                honours_node_limit(n, searched).map_err(located)?;
            }
        }
    }
    let suite = Suite::load_openings(&options.openings(), options.opening_plies)?;
    let mut openings = suite.positions.clone();
    if let Some(seed) = options.seed {
        // A keyed order: stable across versions and platforms, unlike a PRNG's stream.
        openings.sort_by_cached_key(|p| Sha256::digest(format!("{seed}:{}", p.id).as_bytes()));
    }
    // Only the variants that play, and the pairings by name: a variant added to the config, or
    // one moved within it, is not this match's business (matches hashed before 2026-11-26 took
    // every variant, and keep that first hash: `session::adopt_first_hash`).
    let identities: Vec<serde_json::Value> =
        playing.iter().map(|&i| variants[i].identity()).collect();
    let name = |i: usize| variants[i].name.as_str();
    let mut canonical = serde_json::json!({
        "experiment": experiment.name,
        "variants": identities,
        "pairings": pairings.iter().map(|p| (name(p.variant), name(p.opponent))).collect::<Vec<_>>(),
        "openings_sha256": suite.sha256,
        "seed": options.seed,
        "games": options.games(),
        "limit": format!("{:?}", limit),
        "adjudication": format!("{:?}", options.adjudication()),
        "sprt": options.sprt().map(|s| format!("{s:?}")),
    });
    // Only a margin other than the default enters the hash, so matches hashed before the
    // option existed keep their hash.
    if options.time_margin_ms() != DEFAULT_TIME_MARGIN_MS {
        canonical["time_margin_ms"] = options.time_margin_ms().into();
    }
    // Likewise a book's plies: the same file cut elsewhere is other openings.
    if let Some(plies) = options.opening_plies {
        canonical["opening_plies"] = plies.into();
    }
    let hash = format!("m{}", short_sha256(&canonical.to_string()));
    Ok(PreparedMatch {
        experiment,
        variants,
        pairings,
        openings,
        hash,
        limits,
        limit,
        options,
    })
}

/// `--set` reaches ablate's own search only: refused when every variant that plays is an
/// external engine (it would change nothing, and the user meant something), said once when
/// some are (they play as their tables say).
fn check_sets(
    sets: &[String],
    variants: &[ResolvedVariant],
    playing: &[usize],
) -> Result<(), InputError> {
    if sets.is_empty() {
        return Ok(());
    }
    let engines: Vec<&str> = playing
        .iter()
        .filter(|&&i| variants[i].engine.is_some())
        .map(|&i| variants[i].name.as_str())
        .collect();
    let given = sets.join(" ");
    if engines.len() == playing.len() {
        return Err(InputError::in_file(
            "--set",
            format!(
                "{given}: every variant that plays is an external engine ({}), and --set sets a knob of ablate's own search; expected an engine's option in its table (engine_options = {{ NAME = VALUE }}), or a variant of ablate's search among those that play",
                engines.join(", ")
            ),
        ));
    }
    if !engines.is_empty() {
        eprintln!(
            "note: --set {given} sets ablate's own variants only; the external engines {} play as their tables say",
            engines.join(", ")
        );
    }
    Ok(())
}

/// A variant's limit per move: an engine's own (`limit = {...}` in its table), else the match's.
fn side_limit(variant: &ResolvedVariant, limit: Limit) -> Result<Limit, String> {
    use crate::config::engine::SideLimit;
    use crate::search::clock::{MoveTime, TimeControl};
    let Some(own) = variant.engine.as_ref().and_then(|e| e.limit.as_ref()) else {
        return Ok(limit);
    };
    Ok(match own {
        SideLimit::Depth(d) => Limit::Depth(*d),
        SideLimit::Nodes(n) => Limit::Nodes(*n),
        SideLimit::Tc(tc) => Limit::Clock(TimeControl::parse(tc).map_err(|m| {
            format!(
                "variant \"{}\": limit = {{ tc = \"{tc}\" }}: {m}",
                variant.name
            )
        })?),
        SideLimit::St(s) => {
            Limit::MoveTime(MoveTime::parse(&s.to_string()).map_err(|m| {
                format!("variant \"{}\": limit = {{ st = {s} }}: {m}", variant.name)
            })?)
        }
    })
}

impl PreparedMatch {
    /// How many games this match (or shard) plays.
    pub fn job_count(&self) -> usize {
        let units = self.options.games() / 2 * self.pairings.len();
        let (k, n) = self.options.shard.map_or((0, 1), |s| (s.k, s.n));
        2 * if k < units {
            (units - k).div_ceil(n)
        } else {
            0
        }
    }

    /// The `i`-th game of this match (or shard) in canonical order: pair-major, so that each
    /// pairing's pairs finish in order (which SPRT reads). Games are computed from their index,
    /// so a match of millions of games never holds its list. Both games of a pair go to one
    /// shard: a pair is the unit of the statistics.
    pub fn job(&self, i: usize) -> Option<GameJob> {
        let (k, n) = self.options.shard.map_or((0, 1), |s| (s.k, s.n));
        let unit = k + (i / 2) * n;
        if i >= self.job_count() {
            return None;
        }
        let pairings = self.pairings.len();
        Some(GameJob {
            index: unit * 2 + i % 2,
            pairing: unit % pairings,
            pair: unit / pairings,
            swapped: i % 2 == 1,
        })
    }

    /// A variant's limit per move (`limits`), by the variant.
    pub fn limit_of(&self, variant: &ResolvedVariant) -> Limit {
        let i = self.variants.iter().position(|v| v.name == variant.name);
        i.map_or(self.limit, |i| self.limits[i])
    }

    /// The game's opening: pair k takes the k-th opening (wrapping around).
    pub fn opening(&self, pair: usize) -> &EpdPosition {
        &self.openings[pair % self.openings.len()]
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

#[cfg(test)]
mod node_limit_tests {
    use super::honours_node_limit;

    #[test]
    fn an_engine_far_past_or_far_short_of_go_nodes_is_refused_with_the_figure() {
        assert!(
            honours_node_limit(20_000, Some(27_000)).is_ok(),
            "Glaurung's overshoot"
        );
        assert!(
            honours_node_limit(300, Some(4_096)).is_ok(),
            "a count checked every 4,096"
        );
        let fruit = honours_node_limit(20_000, Some(130_000)).unwrap_err();
        assert!(
            fruit.contains("it searched 130000 nodes before it was told to stop"),
            "{fruit}"
        );
        let ethereal = honours_node_limit(20_000, Some(6)).unwrap_err();
        assert!(ethereal.contains("it stopped after 6 nodes"), "{ethereal}");
        let silent = honours_node_limit(20_000, None).unwrap_err();
        assert!(silent.contains("no node count"), "{silent}");
    }
}
