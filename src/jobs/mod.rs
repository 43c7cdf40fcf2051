//! Jobs: one per (variant, position), their canonical order, sharding and parallel execution.

pub mod execute;
pub mod plan;

pub use execute::{run_jobs, EnginePool, JobContext, MinimalCache, TablePool};
pub use plan::{plan_jobs, Job, Shard};
