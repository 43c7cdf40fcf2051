//! Every example a user can copy, from the README's shell blocks and from every `--help`, runs
//! as written (with depths made small, so the whole set takes seconds) and exits 0.

mod common;

use clap::CommandFactory;
use common::ROOT;
use std::path::Path;
use std::process::Command;

/// Lines that are not ablate commands, or that are the test command itself.
fn is_ablate(line: &str) -> bool {
    line.starts_with("ablate ")
        || line.starts_with("./target/release/ablate ")
        || line.starts_with("cargo run --release -- ")
}

/// The README's commands: shell blocks, comments removed.
fn readme_examples() -> Vec<String> {
    let text = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    let mut out = Vec::new();
    let mut in_sh = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_sh = line.trim() == "```sh";
            continue;
        }
        let command = strip_comment(line);
        if in_sh && is_ablate(&command) {
            out.push(command);
        }
    }
    out
}

/// Every `Examples:` line of every `--help`, ablate's own and each command's.
fn help_examples() -> Vec<String> {
    let mut cli = ablate::cli::Cli::command();
    let mut texts = vec![cli.render_long_help().to_string()];
    for sub in cli.get_subcommands_mut() {
        texts.push(sub.render_long_help().to_string());
    }
    let mut out = Vec::new();
    for text in texts {
        let mut in_examples = false;
        for line in text.lines() {
            if line.starts_with("Example") {
                in_examples = true;
                continue;
            }
            if in_examples && !line.starts_with("  ") {
                in_examples = false;
            }
            let command = strip_comment(line.trim());
            if in_examples && is_ablate(&command) {
                out.push(command);
            }
        }
    }
    out
}

/// Drops a trailing `# comment` (outside quotes).
fn strip_comment(line: &str) -> String {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted && line[..i].ends_with(' ') => return line[..i].trim().to_string(),
            _ => {}
        }
    }
    line.trim().to_string()
}

/// The example with its depths made small: the point is that it runs, not how long.
fn shrink(example: &str) -> String {
    let mut words: Vec<String> = example.split(' ').map(str::to_string).collect();
    let mut has_depths = false;
    for i in 1..words.len() {
        match words[i - 1].as_str() {
            "--depth" | "-d" => {
                let n: u32 = words[i].parse().unwrap_or(3);
                words[i] = n.min(3).to_string();
            }
            "--speedup-depth" => words[i] = "1".into(),
            // Matches: one pair of short games.
            "--games" | "-g" => words[i] = "2".into(),
            "--nodes" => words[i] = "300".into(),
            "--tc" => words[i] = "0.5+0.01".into(),
            "--depths" => {
                words[i] = "2,3".into();
                has_depths = true;
            }
            _ => {}
        }
    }
    let mut text = words.join(" ");
    let main_job = text.starts_with("ablate --config") || text.starts_with("ablate -c");
    if main_job && !has_depths {
        text.push_str(" --depths 2,3");
    }
    if text.starts_with("ablate bench") && !text.contains("--depth ") {
        text.push_str(" --depth 2 --speedup-depth 1");
    }
    text
}

fn normalise(example: &str) -> String {
    example
        .replacen("./target/release/ablate ", "ablate ", 1)
        .replacen("cargo run --release -- ", "ablate ", 1)
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let path = entry.path();
        if path.is_file() {
            std::fs::copy(&path, to.join(entry.file_name())).unwrap();
        }
    }
}

#[test]
fn every_readme_and_help_example_runs() {
    let dir = tempfile::tempdir().unwrap();
    for sub in ["configs", "positions", "results"] {
        copy_dir(&Path::new(ROOT).join(sub), &dir.path().join(sub));
    }
    let bin = dir.path().join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_ablate"), bin.join("ablate")).unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let run = |command: &str| {
        Command::new("bash")
            .args(["-c", command])
            .current_dir(dir.path())
            .env("PATH", &path)
            .env("CI", "true")
            .output()
            .expect("bash runs")
    };
    // The merge example needs its shards.
    for shard in ["0/2", "1/2"] {
        let setup = format!("ablate --config ci.toml --depths 2 --quiet --shard {shard}");
        assert!(run(&setup).status.success(), "{setup}");
    }

    let readme = readme_examples();
    let help = help_examples();
    assert!(readme.len() >= 12, "README examples found: {readme:?}");
    assert!(help.len() >= 15, "--help examples found: {help:?}");
    let mut failures = Vec::new();
    for example in readme.iter().chain(&help) {
        let command = shrink(&normalise(example));
        let out = run(&command);
        if !out.status.success() {
            failures.push(format!(
                "{example}\n  ran: {command}\n  exit {:?}: {}",
                out.status.code(),
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "examples that fail:\n{}",
        failures.join("\n")
    );
}

#[test]
fn examples_are_found_and_shrunk() {
    assert_eq!(
        shrink("ablate --config killers.toml --jobs 2"),
        "ablate --config killers.toml --jobs 2 --depths 2,3"
    );
    assert_eq!(
        shrink("ablate search --fen startpos --depth 7 --format csv"),
        "ablate search --fen startpos --depth 3 --format csv"
    );
    assert_eq!(
        strip_comment("ablate config --explain   # every knob"),
        "ablate config --explain"
    );
    assert_eq!(
        strip_comment("ablate search --fen \"8/8 w - -\" --depth 5"),
        "ablate search --fen \"8/8 w - -\" --depth 5"
    );
}
