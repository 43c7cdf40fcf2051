//! Jobs: one per (variant, position) or (variant, chain of kept-table positions), their canonical order, sharding and parallel execution.

pub mod execute;
pub mod plan;
pub mod shard_merge;

pub use crate::search::tt::TablePool;
pub use crate::uci::pool::EnginePool;
pub use execute::{run_jobs, JobContext, MinimalCache};
pub use plan::{chains, plan_chains, plan_jobs, Job, Shard};
