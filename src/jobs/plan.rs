//! The job list: canonical order (variant order, then suite order), filtered by variant and shard.

use crate::error::InputError;

/// One unit of parallel work: every listed depth of one variant on one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Job {
    /// Position in the canonical order over all variants and positions; sharding uses it.
    pub index: usize,
    /// Index into the experiment's variants (baseline is 0).
    pub variant: usize,
    /// Index into the selected positions.
    pub position: usize,
}

/// `--shard K/N`: the jobs whose index mod N is K.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// This shard, 0-based.
    pub k: usize,
    /// The number of shards.
    pub n: usize,
}

impl Shard {
    /// Reads `K/N` with 0 ≤ K < N.
    pub fn parse(text: &str) -> Result<Shard, InputError> {
        let bad = || {
            InputError::in_file(
                "--shard",
                format!("\"{text}\"; expected K/N with 0 <= K < N, e.g. 0/4"),
            )
        };
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let k: usize = k.trim().parse().map_err(|_| bad())?;
        let n: usize = n.trim().parse().map_err(|_| bad())?;
        if n == 0 || k >= n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }
}

/// Jobs in canonical order for the chosen variants, restricted to one shard.
pub fn plan_jobs(
    variants: usize,
    positions: usize,
    chosen: &[usize],
    shard: Option<Shard>,
) -> Vec<Job> {
    let mut jobs = Vec::new();
    for variant in 0..variants {
        for position in 0..positions {
            let index = variant * positions + position;
            let in_shard = shard.is_none_or(|s| index % s.n == s.k);
            if chosen.contains(&variant) && in_shard {
                jobs.push(Job {
                    index,
                    variant,
                    position,
                });
            }
        }
    }
    jobs
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
    fn shard_text() {
        assert_eq!(Shard::parse("1/4").unwrap(), Shard { k: 1, n: 4 });
        assert!(Shard::parse("4/4").is_err());
        assert!(Shard::parse("x")
            .unwrap_err()
            .to_string()
            .contains("expected K/N"));
    }
}
