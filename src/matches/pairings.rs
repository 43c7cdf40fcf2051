//! A match's plan: who plays whom, the openings in the order pairs take them, and the games in
//! canonical order (pair-major, so each pairing's pairs finish in order). Its settings are
//! checked by `MatchSettings::check`, its hash written by `match_key`, and its engines started
//! by `engine_probe`.

use super::engine_probe::start_engines;
use super::match_key::MatchKey;
use crate::config::experiment::{Experiment, ResolvedVariant};
use crate::error::InputError;
use crate::game_record::GameRow;
use crate::search::clock::Limit;
use crate::settings::MatchSettings;
use crate::suite::{EpdPosition, Suite};
use sha2::{Digest, Sha256};

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
    /// The variants that play, by index, in order.
    pub playing: Vec<usize>,
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

/// The match `options` ask of `experiment`, planned (`plan_match`), with each engine that plays
/// started once, so that one that cannot play is refused before any game.
pub fn prepare_match(
    experiment: Experiment,
    options: MatchSettings,
) -> anyhow::Result<PreparedMatch> {
    let prepared = plan_match(experiment, options)?;
    let (variants, playing) = (&prepared.variants, &prepared.playing);
    start_engines(&prepared.experiment, variants, playing, &prepared.limits)?;
    Ok(prepared)
}

/// The match without starting any engine: its settings checked, its variants resolved, who
/// plays whom, each side's limit, the openings in order, and the match hash.
pub fn plan_match(experiment: Experiment, options: MatchSettings) -> anyhow::Result<PreparedMatch> {
    options.check()?;
    let limit = options.limit()?;
    // --set is laid over every variant of ablate's search, so it enters each one's identity,
    // and with it the match hash: games played under another --set are another match's.
    let variants = experiment.resolve(&options.sets)?;
    for note in experiment.lint(&variants) {
        eprintln!("warning: {note}");
    }
    check_names(&experiment, &variants, &options)?;
    let (playing, pairings) = who_plays_whom(&experiment, &variants, &options);
    check_sets(&options.sets, &variants, &playing)?;
    if pairings.is_empty() {
        return Err(InputError::in_file(
            &experiment.file,
            "no pairing: a match needs a variant besides the baseline",
        )
        .into());
    }
    check_node_factors(&experiment, &variants, &playing, limit)?;
    let limits = variants
        .iter()
        .map(|v| side_limit(v, limit))
        .collect::<Result<Vec<Limit>, String>>()
        .map_err(|m| InputError::in_file(&experiment.file, m))?;
    let suite = Suite::load_openings(&options.openings(), options.opening_plies)?;
    let hash = MatchKey {
        experiment: &experiment.name,
        players: playing.iter().map(|&i| &variants[i]).collect(),
        pairings: (pairings.iter())
            .map(|p| {
                (
                    variants[p.variant].name.as_str(),
                    variants[p.opponent].name.as_str(),
                )
            })
            .collect(),
        openings_sha256: &suite.sha256,
        limit,
        options: &options,
    }
    .hash();
    Ok(PreparedMatch {
        openings: in_seed_order(suite.positions, options.seed),
        experiment,
        variants,
        playing,
        pairings,
        hash,
        limits,
        limit,
        options,
    })
}

/// The openings in the order pairs take them: the file's, or shuffled by `seed` in a keyed
/// order (stable across versions and platforms, unlike a PRNG's stream).
fn in_seed_order(mut openings: Vec<EpdPosition>, seed: Option<u64>) -> Vec<EpdPosition> {
    if let Some(seed) = seed {
        openings.sort_by_cached_key(|p| Sha256::digest(format!("{seed}:{}", p.id).as_bytes()));
    }
    openings
}

/// Every name `--variant` and `--opponent` give is a variant of the experiment; one that is not
/// is refused with every name (so that a name far from all of them is not met with a guess).
fn check_names(
    experiment: &Experiment,
    variants: &[ResolvedVariant],
    options: &MatchSettings,
) -> Result<(), InputError> {
    let names: Vec<String> = variants.iter().map(|v| v.name.clone()).collect();
    let given = options.variants.iter().map(|v| ("--variant", v));
    for (flag, wanted) in given.chain(options.opponents.iter().map(|o| ("--opponent", o))) {
        if !names.contains(wanted) {
            let near = crate::config::keys::suggest(wanted, &names)
                .map_or(String::new(), |n| format!("did you mean \"{n}\"? "));
            let message = format!(
                "no variant \"{wanted}\" in {}; {near}its variants are: {}",
                experiment.file,
                names.join(", ")
            );
            return Err(InputError::in_file(flag, message));
        }
    }
    Ok(())
}

/// Each variant's part in a match, by index into the variants.
struct Parts {
    /// A point of the config's design.
    point: Vec<bool>,
    /// Named by `--variant` (or the run's `variants`).
    asked: Vec<bool>,
    /// The opponent the design declares, which its points play.
    design_opponent: Option<usize>,
}

/// The variants that play (by index, in order) and who plays whom: a gauntlet against the
/// opponents named, a round robin, or each variant against the baseline.
fn who_plays_whom(
    experiment: &Experiment,
    variants: &[ResolvedVariant],
    options: &MatchSettings,
) -> (Vec<usize>, Vec<Pairing>) {
    let design = experiment.design.as_ref();
    let index = |name: &String| variants.iter().position(|v| &v.name == name);
    let parts = Parts {
        point: (variants.iter())
            .map(|v| design.is_some_and(|d| d.point_of(&v.name).is_some()))
            .collect(),
        asked: (variants.iter())
            .map(|v| options.variants.contains(&v.name))
            .collect(),
        design_opponent: design.and_then(|d| d.opponent.as_ref()).and_then(index),
    };
    let mut playing: Vec<usize> = (0..variants.len())
        .filter(|&i| i == 0 || options.variants.is_empty() || parts.asked[i])
        .collect();
    // A design's declared opponent plays whenever one of its points does.
    if let Some(o) = parts.design_opponent {
        if !playing.contains(&o) && playing.iter().any(|&i| parts.point[i]) {
            playing.push(o);
            playing.sort_unstable();
        }
    }
    let opponents: Vec<usize> = options.opponents.iter().filter_map(index).collect();
    if !opponents.is_empty() {
        let pairings = gauntlet(&playing, &opponents, &parts);
        playing.extend(&opponents);
        playing.sort_unstable();
        playing.dedup();
        (playing, pairings)
    } else if options.round_robin {
        let pairings = round_robin(&playing);
        (playing, pairings)
    } else {
        let pairings = against_baseline(&playing, &parts);
        (playing, pairings)
    }
}

/// A gauntlet: each variant that plays meets every opponent named. The baseline plays too,
/// unless the run plays a design's points (its corner point plays what the baseline plays).
fn gauntlet(playing: &[usize], opponents: &[usize], parts: &Parts) -> Vec<Pairing> {
    let points_play = playing.iter().any(|&i| parts.point[i]);
    let players =
        (playing.iter().copied()).filter(|i| !opponents.contains(i) && (*i != 0 || !points_play));
    players
        .flat_map(|variant| (opponents.iter()).map(move |&opponent| Pairing { variant, opponent }))
        .collect()
}

/// Every pair of the variants that play, each later one against each earlier.
fn round_robin(playing: &[usize]) -> Vec<Pairing> {
    let mut pairings = Vec::new();
    for (a, &opponent) in playing.iter().enumerate() {
        for &variant in &playing[a + 1..] {
            pairings.push(Pairing { variant, opponent });
        }
    }
    pairings
}

/// Each variant against the baseline, a design's points against its declared opponent when it
/// names one; the opponent plays the points, and the baseline only when asked for by name.
fn against_baseline(playing: &[usize], parts: &Parts) -> Vec<Pairing> {
    let mut pairings = Vec::new();
    for &variant in playing.iter().skip(1) {
        if parts.design_opponent == Some(variant) && !parts.asked[variant] {
            continue;
        }
        let opponent = match (parts.point[variant], parts.design_opponent) {
            (true, Some(o)) => o,
            _ => 0,
        };
        if variant != opponent {
            pairings.push(Pairing { variant, opponent });
        }
    }
    pairings
}

/// A side's own node budget (`game.node_factor`) multiplies the match's: under a depth or a
/// clock it would mean nothing, and the match would play something other than what was asked.
fn check_node_factors(
    experiment: &Experiment,
    variants: &[ResolvedVariant],
    playing: &[usize],
    limit: Limit,
) -> Result<(), InputError> {
    let other_limit = match limit {
        Limit::Nodes(_) => return Ok(()),
        Limit::Depth(d) => format!("a fixed depth (--depth {d})"),
        Limit::Clock(_) => "a clock (--tc)".to_string(),
        Limit::MoveTime(_) => "a time per move (--st)".to_string(),
    };
    for variant in playing.iter().map(|&i| &variants[i]) {
        let factor = variant.config.game.node_factor;
        if variant.engine.is_none() && factor != 1 {
            return Err(InputError::in_file(
                &experiment.file,
                format!(
                    "variant \"{}\": game.node_factor = {factor} multiplies a node budget; expected a match under --nodes, not {other_limit}",
                    variant.name,
                ),
            ));
        }
    }
    Ok(())
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
