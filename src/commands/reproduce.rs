//! `ablate reproduce`: print or run the plan that re-makes every committed result
//! (`runner::reproduce_plan`), each step as its own `ablate` process, exactly as a user would type it.

use crate::cli::ReproduceArgs;
use crate::runner::reproduce_plan::{plan, Which};
use std::path::Path;

/// Lists or runs the plan, from the repository root (the folder holding `configs/`).
pub fn run(args: &ReproduceArgs) -> anyhow::Result<()> {
    let root = Path::new(".");
    if !root.join("configs").is_dir() || !root.join("results").is_dir() {
        return Err(crate::error::InputError::in_file(
            "reproduce",
            "no configs/ and results/ here; run it from the repository root",
        )
        .into());
    }
    let which = match (args.fixed_only, args.runs_only) {
        (true, _) => Which::Fixed,
        (_, true) => Which::Runs,
        _ => Which::All,
    };
    let steps = plan(root, which)?;
    let jobs = args.jobs.map(|j| ["--jobs".to_string(), j.to_string()]);
    let total: f64 = steps
        .iter()
        .filter(|s| !s.is_report)
        .filter_map(|s| s.seconds)
        .sum();
    let unplayed = steps
        .iter()
        .filter(|s| !s.is_report && s.seconds.is_none())
        .count();
    println!(
        "# {} steps; their files record {:.0} minutes{}",
        steps.len(),
        total / 60.0,
        match unplayed {
            0 => String::new(),
            n => format!(", and {n} never played (last)"),
        }
    );
    let binary = std::env::current_exe()?;
    for (i, step) in steps.iter().enumerate() {
        let mut line = step.args.clone();
        if step.args[0] != "report" {
            line.extend(jobs.iter().flatten().cloned());
        }
        let time = match (step.is_report, step.seconds) {
            (true, _) => "moments".to_string(),
            (false, Some(s)) => format!("{s:.0} s"),
            (false, None) => "never played".to_string(),
        };
        println!("ablate {}   # {time}: {}", line.join(" "), step.note);
        if args.list {
            continue;
        }
        eprintln!("== step {} of {}", i + 1, steps.len());
        let status = std::process::Command::new(&binary).args(&line).status()?;
        if !status.success() {
            return Err(crate::error::InputError::in_file(
                "reproduce",
                format!(
                    "step {} (ablate {}) failed with {status}; the steps before it are done",
                    i + 1,
                    line.join(" ")
                ),
            )
            .into());
        }
    }
    Ok(())
}
