//! The job list: canonical order (variant order, then suite order), filtered by variant and shard.

pub use crate::settings::shard::Shard;

/// One unit of parallel work: every listed depth of one variant on one position, or on a chain
/// of positions searched in order (`keep_tables`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Job {
    /// Position in the canonical order over all variants and chains; sharding uses it.
    pub index: usize,
    /// Index into the experiment's variants (baseline is 0).
    pub variant: usize,
    /// Index into the selected positions: the first of the chain.
    pub position: usize,
    /// How many positions the chain holds (1 unless the tables are kept).
    pub count: usize,
}

impl Job {
    /// The indices of the job's positions, in search order.
    pub fn positions(&self) -> std::ops::Range<usize> {
        self.position..self.position + self.count
    }
}

/// Jobs in canonical order for the chosen variants, restricted to one shard: one per position.
pub fn plan_jobs(
    variants: usize,
    positions: usize,
    chosen: &[usize],
    shard: Option<Shard>,
) -> Vec<Job> {
    let chains: Vec<_> = (0..positions).map(|p| p..p + 1).collect();
    plan_chains(variants, &chains, chosen, shard)
}

/// Jobs in canonical order for the chosen variants, one per chain of positions.
pub fn plan_chains(
    variants: usize,
    chains: &[std::ops::Range<usize>],
    chosen: &[usize],
    shard: Option<Shard>,
) -> Vec<Job> {
    let mut jobs = Vec::new();
    for variant in 0..variants {
        for (c, chain) in chains.iter().enumerate() {
            let index = variant * chains.len() + c;
            let in_shard = shard.is_none_or(|s| index % s.n == s.k);
            if chosen.contains(&variant) && in_shard {
                jobs.push(Job {
                    index,
                    variant,
                    position: chain.start,
                    count: chain.len(),
                });
            }
        }
    }
    jobs
}

/// The chains of a suite: each position alone, or with kept tables each game's positions
/// together (a whole EPD suite is one chain).
pub fn chains(games: &[Option<usize>], keep_tables: bool) -> Vec<std::ops::Range<usize>> {
    let mut out: Vec<std::ops::Range<usize>> = Vec::new();
    for (i, game) in games.iter().enumerate() {
        match out.last_mut() {
            Some(last) if keep_tables && games[last.start] == *game => last.end = i + 1,
            _ => out.push(i..i + 1),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_jobs() {
        let all = plan_jobs(3, 5, &[0, 1, 2], None);
        assert_eq!(all.len(), 15);
        let a = plan_jobs(3, 5, &[0, 1, 2], Some(Shard { k: 0, n: 2 }));
        let b = plan_jobs(3, 5, &[0, 1, 2], Some(Shard { k: 1, n: 2 }));
        assert_eq!(a.len() + b.len(), 15);
        assert!(a.iter().all(|j| !b.contains(j)));
        assert_eq!(
            plan_jobs(3, 5, &[1], None)
                .iter()
                .map(|j| j.index)
                .collect::<Vec<_>>(),
            [5, 6, 7, 8, 9]
        );
    }

    #[test]
    fn kept_tables_chain_each_game() {
        let games = [Some(1), Some(1), Some(2), Some(2), Some(2)];
        assert_eq!(chains(&games, true), [0..2, 2..5]);
        assert_eq!(chains(&games, false).len(), 5);
        assert_eq!(chains(&[None, None, None], true), vec![0..3]);
        let jobs = plan_chains(2, &chains(&games, true), &[0, 1], None);
        assert_eq!(jobs.len(), 4);
        assert_eq!(jobs[3].positions(), 2..5);
        assert_eq!(jobs[3].index, 3);
    }

    #[test]
    fn shard_text() {
        assert_eq!(Shard::parse("1/4").unwrap(), Shard { k: 1, n: 4 });
        assert!(Shard::parse("4/4").is_err());
        assert!(Shard::parse("x")
            .unwrap_err()
            .to_string()
            .contains("expected K/N"));
    }
}
